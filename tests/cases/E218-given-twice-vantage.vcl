pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" {
  arrival gain card 1601
  choice "Begin" -> location 1
}

location 1 "Beach" {
  north 2 walk
  north 3 walk  // expect: E218@3
  east 3 walk
  west *
  west *  // expect: E218@3
  look "Look around" cost 1 {
    text "Sand."
    result { gain card 1201 }
    result { gain coin 1 }  // expect: E218@5
  }
}

location 2 "Cliff" { south 1 walk }
location 3 "Dunes" { west 1 walk }

depart 1 west "Wade out" cost 1 {
  result { -> location 2 }
  result { -> location 3 }  // expect: E218@3
}

card 1601 mission "Find the Beacon" {
  ending "The tide comes in" { end game }
  ending "The tide again" { end game }  // expect: E218@3
}

card 1201 item "Lamp" {
  vertical
  horizontal  // expect: E218@3
  boost 1; boost 3  // expect: E218@12
  slots 1
  slots 2  // expect: E218@3
  slot time
  slot morale
  action look "Shine" cost 0 {
    result { gain morale 1 }
    result { gain health 1 }  // expect: E218@5
  }
}
