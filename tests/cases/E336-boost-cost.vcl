pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" { choice "Begin" -> location 1 }

location 1 "Beach" {
  north 2 walk
  east *
  look "Look around" cost 1 boost 1 {  // expect: E336
    result { gain card 1201; gain card 1202 }
  }
}

location 2 "Cliff" { south 1 walk }

depart 1 east "Swim out" cost 2 boost 1 {  // expect: E336
  result { -> location 2 }
}

card 1201 item "Lamp" {
  vertical
  boost 2
  power boost 3 "Light up the whole cave."  // expect: E336
  power boost 2 "Light up the passage."
  action look "Light it" cost 1 boost 2 {
    result { gain morale 1 }
  }
  action help "Flash it" cost 1 boost 3 {  // expect: E336
    result { gain morale 1 }
  }
}

card 1202 item "Flag" {
  action look "Wave it" cost 1 boost 1 {  // expect: E336
    result { gain morale 1 }
  }
}
