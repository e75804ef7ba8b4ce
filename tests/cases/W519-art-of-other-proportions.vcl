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
  art "square.png"  // expect: W519@7
  text "A square image on a band three times as wide as high."
}

poi P102 "Crater" {
  art "band.png"
  text "An image of the band's proportions."
}

poi P103 "Vent" {
  text "No art."
}
