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
  art "small.png"  // expect: W518@7
  text "200 x 69 pixels for a band of 69 x 23.8 mm."
}

poi P102 "Crater" {
  art "sharp.png"
  text "815 x 281 pixels: 300 dpi."
}

poi P103 "Vent" {
  text "No art."
}
