pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" {
  text "Start."
  choice "Walk" -> location 101
  choice "Walk" -> location 101  // expect: W415@3
}

location 101 "Beach" {
  text "Sand."
  south 000 walk
  look "Search" cost 0 {
    result {
      choice "Dig" -> location 000
      choice "Dig" -> location 000  // expect: W415@7
      choice "Dig" -> location 101
    }
  }
}
