pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet p "P" {
  sector 1 { lander; at 0, 0 }
  sector 2 { poi slot; at 0, 0 }  // expect: E511
  sector 3 {
    poi slot
    at 16, 2  // expect: E511
  }
  sector 4 { poi slot; at 15, 15 }
  sector 5 { poi slot; at 1, 0 }
  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
  path 3 <-> 4 [travel]
  path 4 <-> 5 [travel]
}
