pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north 204 walk
  look "Look around" cost 1 {
    result { gain card 205; gain card 206 }
  }
}

location 204 "Cliff" {
  south 1 walk
  take "Take a stone" cost 1 {
    result { gain coin 1 }
  }
  look "Look down" cost 1 {
    result { gain morale 1 }
  }
}

card 204 item "Rope" {
  action take "Coil it" cost 1 {  // expect: E330
    result { gain boost 1 }
  }
  action help "Lend it" cost 1 {
    result { gain morale 1 }
  }
}

card 205 item "Lamp" {
  action look "Light it" cost 1 {
    result { gain boost 1 }
  }
  action look "Shade it" cost 1 {  // expect: E330
    result { gain morale 1 }
  }
}

card 206 item "Flag" {
  action look "Wave it" cost 1 {
    result { gain morale 1 }
  }
}
