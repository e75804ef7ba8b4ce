pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
  decks "Live Specimen"
}

log 1 "Start" {
  gain discovery "Live Specimens"  // expect: E238@18
  gain lead 1 on "Live Specimen"
  gain discovery "Live Specimen"
  return
}

planet p "P" {
  setup {
    decks mineral, "Live Specimen", "Alien Artefact"  // expect: E238@37
    decks anomaly
  }
  sector 1 { lander }
}
