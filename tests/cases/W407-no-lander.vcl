pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet a "A" {  // expect: W407
  sector 1 { poi slot }
  sector 2 { poi slot }
  path 1 <-> 2 [travel]
}

planet b "B" {
  sector 1 { poi slot }
  sector 2 { lander }
  path 1 <-> 2 [travel]
}
