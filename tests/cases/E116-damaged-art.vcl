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
  art "cut.png"  // expect: E116@7
  text "A PNG cut short."
}

poi P102 "Crater" {
  art "notes.png"  // expect: E116@7
  text "Not a PNG at all."
}

poi P103 "Vent" {
  text "No art."
}
