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
  art "art/cave.png"  // expect: E115@7
  text "No such file."
}

poi P102 "Crater" {
  art brief "A crater under two moons"
  text "A brief, no file: a placeholder."
}

poi P103 "Vent" {
  art "Art"  // expect: E115@7
  text "Not a file but a folder? No: nothing at all."
}
