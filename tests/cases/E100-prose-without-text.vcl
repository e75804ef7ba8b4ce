// only the marked diagnostics: prose written without `text` before it.
pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Flats" {
  north 2 walk
  "The salt glitters."  // expect: E100@3
}

location 2 "Marsh" {
  south 1 walk
  look "Search the reeds" cost 1 {
    result {
      "You find a coin."  // expect: E100@7
      gain coin 1
    }
  }
}

location 3 "Cove" {
  north 1 walk "The tide is out."  // expect: E100@16
}
