pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" { choice "Begin" -> location 1 }

location 1 "Beach" {
  north 2 walk
  look "Look around" cost 1 { result { gain card 1201 } }
}

location 2 "Cliff" { south 1 walk }

card 1201 item "Lamp" {
  vertical
  slot time / blank
  slot impact any
  slot helth  // expect: E338
}
