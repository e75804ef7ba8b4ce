// only the marked diagnostics
pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Landfall" {
  text "Your pod splits open on wet sand."
  choice "Walk up the beach"    // expect: E100@29
}

location 101 "The Beach" {
  text "Sand."
  north 102 walk
}

location 102 "Cliff Top" {
  text "The coast."
  south 101 walk
}
