// only the marked diagnostics: what a payment buys follows `=>`.
pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Flats" {
  north 2 walk
  help "Light the fire" cost 3 {
    result {
      pay coin 2; gain morale 2  // expect: E100@17
    }
  }
}

location 2 "Marsh" {
  south 1 walk
  look "Pay the ferryman" cost 1 {
    result {
      pay coin 2 -> location 1  // expect: E100@18
    }
  }
}
