pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  text "Far off you see {location 3}."  // expect: E202
  north 2 walk
  east 5 swim  // expect: E202
}

location 2 "Cliff" {
  south 1 walk
  look "Look" cost 1 {
    result {
      -> location 7  // expect: E202
    }
  }
}
