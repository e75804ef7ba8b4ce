pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet p "P" {
  mission M01
  setup {
    pois P101, M01  // expect: E237@16
    pois P000
    start sector 1
  }
  sector 1 { lander; poi slot }
}

mission M01 "Go" { text "Go." }
poi P101 "Rock" external { final }
poi P000 "Nothing" external { final }
