pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  gian success 1  // expect: E207
  frobnicate  // expect: E207
  gain success 1
  return
}
