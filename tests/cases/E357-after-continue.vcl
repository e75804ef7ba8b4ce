pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" { choice "Begin" -> location 1 }

location 1 "Beach" {
  north 2 walk
  look "Look around" cost 1 {
    result {
      gain morale 1
      continue
      gain coin 1  // expect: E357@7
      text "Never read."
    }
  }
  take "Pocket a shell" cost 1 {
    result {
      -> location 2
      text "Too late."  // expect: E357@7
    }
  }
  help "Wave" cost 1 {
    result {
      gain morale 1
      may continue
      continue
    }
  }
}

location 2 "Cliff" {
  south 1 walk
  move "Climb down" cost 1 {
    result { gain coin 1; -> location 1 }
  }
}
