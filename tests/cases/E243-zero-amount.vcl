pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  gain success 0  // expect: E243@16
  gain lead 0 on mineral  // expect: E243@13
  gain success 1
  refresh dice 0  // expect: E243@16
  return
}
