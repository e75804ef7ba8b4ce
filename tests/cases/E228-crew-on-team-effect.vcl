pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  gain success 1 for all crew  // expect: E228@18
  spend die for chosen crew
  return
}
