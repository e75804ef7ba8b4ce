pack test {  // expect: E309
  game vanguard
  title "Test"
  version "0.0.1"
}

log 1 "Start" {
  return
}
