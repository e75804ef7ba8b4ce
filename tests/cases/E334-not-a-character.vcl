pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" {
  character 1101 "You rolled 1, 2 or 3"
  character 1201 "You rolled 4, 5 or 6"  // expect: E334
  choice "Begin" -> location 1
}

location 1 "Beach" { north 2 walk }
location 2 "Cliff" { south 1 walk }

card 1101 character "The Diver" { vertical }
card 1201 item "Rope" { vertical }
