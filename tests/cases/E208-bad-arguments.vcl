pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  gain success lots  // expect: E208
  gain success 2
  spend die purple  // expect: E208
  spend die red
  spend die
  roll danger  // expect: E208
  roll danger T
  gain discovery shiny  // expect: E208
  gain discovery mineral
  if raining -> log 1  // expect: E229
  return
}
