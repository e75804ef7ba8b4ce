pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place poi P1 in sector 1 of inner_hul  // expect: E239@31
  place poi P1 in sector 1 of inner_hull
  move crew to sector 2 of outer  // expect: E239@28
  return
}

planet inner_hull "The Inner Hull" {
  sector 1 { lander; poi slot }
}

poi P1 "Rock" { final }
