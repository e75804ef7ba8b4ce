pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place poi P2 in sector 2  // expect: E216
  place poi P2 in sector 3
  place poi P2 in sector 2 of b
  place threat T1 in sector 2 of a
  return
}

planet a "A" {
  sector 1 { poi P1 printed; lander }
  sector 2 { poi slot }
  sector 3 { poi slot }
  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
}

planet b "B" {
  sector 1 { lander }
  sector 2 { poi slot }
  path 1 -> 2 [travel]
  path 2 -> 1 [travel]
}

poi P1 "Printed" { final }
poi P2 "Placed" { final }
threat T1 "Crawler" { space 1 => nothing }
