pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  -> log 2
  choice "broken" -> 5  // expect: E100
}

log 2 "Two" {
  -> log 3
}

log 3 "Three" {
  outcome green => nothing  // expect: E100
}
