pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" {
  arrival gain card 1601
  arrival gain card 1602
  choice "Begin" -> location 1
}

location 1 "Beach" { north 2 walk }
location 2 "Cliff" { south 1 walk }

card 1601 mission "Find the Beacon" {
  ending "The tide comes in" { end game }
}

card 1602 mission "Map the Coast" {  // expect: W411
  text "Walk every beach."
}
