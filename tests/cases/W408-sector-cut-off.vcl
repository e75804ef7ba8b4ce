pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }
log 2 "Read on entering" { return }

planet a "A" {
  sector 1 { lander }
  sector 2 { poi slot }
  sector 3 { -> log 2 }  // expect: W408
  sector 4 { poi slot }  // expect: W408
  sector 5 { poi slot }
  sector 6 { poi slot }
  path 1 <-> 2 [travel]
  path 3 -> 2 [travel]
  path 3 <-> 4 [travel]
  path 5 <-> 6 [travel]
  path 6 -> 1 [travel]
}

log 3 "Moved" { move crew to sector 5; return }
