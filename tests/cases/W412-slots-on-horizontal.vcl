pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" {
  arrival gain card 1201
  arrival gain card 1202
  choice "Begin" -> location 1
}

location 1 "Beach" { north 2 walk }
location 2 "Cliff" { south 1 walk }

card 1201 item "Lamp" {
  vertical
  slots 2
}

card 1202 vehicle "Raft" {  // expect: W412
  horizontal
  slot any
}
