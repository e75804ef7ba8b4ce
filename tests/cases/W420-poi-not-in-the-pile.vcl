pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place poi P102 in sector 1  // expect: W420@13
  place poi P101 in sector 1
  replace poi in sector 1 with P103  // expect: W420@32
  return
}

planet p "P" {
  setup { pois P101 }
  sector 1 { lander; poi slot }
}

poi P101 "Rock" { final }
poi P102 "Ridge" { final }
poi P103 "Cave" {
  action "Dig" { replace poi with P101 }
}
