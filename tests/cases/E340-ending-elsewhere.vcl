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
  look "Look around" cost 1 { result { gain card 1201 } }
}

location 2 "Cliff" { south 1 walk }

card 1601 mission "Find the Beacon" {
  ending "The tide comes in" { text "The water takes the shore."; end game }
}

card 1201 item "Lamp" {
  ending "Dark" { end game }  // expect: E340
}
