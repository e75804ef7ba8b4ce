pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" { choice "Begin" -> location 1 }

location 1 "Beach" {
  north 2 walk
  look "Look around" cost 2 skill scouting { result { gain morale 1 } }
  take "Pick up a shell" cost 0 skill gathering {  // expect: W413
    result { gain coin 1 }
  }
}

location 2 "Cliff" { south 1 walk }
