pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north 2 walk
  east 3 walk
  west 4 walk
  south 5 walk
}

location 2 "Pit" {  // expect: W410
  text "The walls are too steep."
  look "Look up" cost 1 {
    result { gain morale 1 }
  }
}

location 3 "Ledge" {
  take "Grab the rope" cost 1 {
    result { -> location 1 }
  }
}

location 4 "Cave" {
  arrival -> location 1
}

location 5 "Summit" {
  engage "Jump" cost 1 {
    result { end game }
  }
}
