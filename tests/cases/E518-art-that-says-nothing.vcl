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
  art brief "A cave mouth"
  text "A brief that says what to draw."
}

poi P102 "Crater" {
  art brief "  "  // expect: E518@3
  text "A brief of blanks."
}

poi P103 "Vent" {
  art ""  // expect: E518@7
  text "An empty path."
}

poi P104 "Beacon" external {
  art brief "A beacon on a ridge"
  text "External cards print too: their art is fine."
}
