pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  text "See {log 2}, not {log 99}."  // expect: E200
  if checked log 98 -> log 2  // expect: E200
  choice "On" -> log @nowhere  // expect: E200
  choice "Back" -> log 2
}

log 2 "Two" {
  check
  if checked log 2 -> log 1
  return
}
