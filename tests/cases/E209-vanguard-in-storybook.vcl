pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north 2 walk
  choice "Sail away" -> log 7  // expect: E209
  look "Look down" cost 1 {
    result {
      check  // expect: E209
      if checked log 5 -> location 2  // expect: E209
      choice "Go" -> log 4  // expect: E209
      if mission M01 active -> location 2  // expect: E209
      -> log 3  // expect: E209
      gain morale 1
      -> location 2
    }
  }
}

location 2 "Cliff" {
  south 1 walk
}
