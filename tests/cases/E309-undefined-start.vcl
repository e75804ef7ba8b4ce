pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 2  // expect: E309
}

log 1 "Start" {
  return
}
