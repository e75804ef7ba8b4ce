pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  roll d10
  if d10 9 to 2 -> log 2  // expect: E343@6
  if d10 0 to 4 -> log 2  // expect: E343
  if d10 5 to 11 -> log 2  // expect: E343
  if d10 1 to 4 -> log 2
  if d10 5 to 10 -> log 2
  return
}

log 2 "Rolled" {
  return
}
