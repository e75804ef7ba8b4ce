pack test {  // expect: E213
  game vanguard
  title "Test"
  start log 1
  numbering 9..1  // expect: E213
  game vantage  // expect: E213
}

log 1 "Start" {
  return
}
