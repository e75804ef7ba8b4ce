pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place poi P101 in sector 1
  place poi P102 in sector 1
  place poi P103 in sector 1
  return
}

planet p "P" {
  sector 1 { lander }
}

poi P101 "Cave" {
  art "huge.png"  // expect: E516@7
  text "A PNG that claims 30,000 pixels a side."
}

poi P102 "Crater" {
  text "No art."
}

poi P103 "Vent" {
  text "No art."
}
