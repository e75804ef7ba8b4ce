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
  art "band.jpg"  // expect: W520@7
  text "A PNG named as a JPEG."
}

poi P102 "Crater" {
  art "band.png"
  text "A PNG named as one."
}

poi P103 "Vent" {
  text "No art."
}
