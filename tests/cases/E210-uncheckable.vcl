pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  if checked log 2 -> log 3  // expect: E210
  if checked log 3 -> log 2
  choice "Two" -> log 2
  choice "Three" -> log 3
}

log 2 "Two" {
  return
}

log 3 "Three" {
  check
  return
}
