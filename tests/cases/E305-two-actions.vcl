pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north 2 walk
  look "Look down" cost 1 {
    result { gain morale 1 }
  }
  look "Look up" cost 1 {  // expect: E305
    result { gain morale 1 }
  }
  take "Take a shell" cost 1 {
    result { gain coin 1 }
  }
}

location 2 "Cliff" {
  south 1 walk
  look "Look down" cost 1 {
    result { gain morale 1 }
  }
}
