pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet a "A" {
  sector 1 { lander }
  sector 2 { poi slot }
  sector 3 { poi slot }  // expect: W408
  sector 4 { poi slot }  // expect: W408
  sector 5 { poi slot }
  sector 6 { poi slot }
  path 1 <-> 2 [travel]
  path 2 -> 3 [spend die]
  path 3 <-> 4 [travel]
  path 2 -> 5 [travel]
  path 5 -> 6 [travel]
  path 6 -> 1 [travel]
}
