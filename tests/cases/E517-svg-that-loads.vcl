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
  art "loads.svg"  // expect: E517@7
  text "An SVG that loads a file."
}

poi P102 "Crater" {
  art "entity.svg"  // expect: E517@7
  text "An SVG that declares an entity."
}

poi P103 "Vent" {
  art "own.svg"
  text "An SVG that uses only its own parts."
}
