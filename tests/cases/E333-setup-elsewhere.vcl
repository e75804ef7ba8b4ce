pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" {
  step "Seed the challenge dice pool."
  character 1101 "You rolled 1, 2 or 3"
  level daring time 5 morale 5 health 5 recommended
  choice "Begin" -> location 1
}

location 1 "Beach" {
  step "Place the board."  // expect: E333
  level reckless time 3 morale 3 health 3  // expect: E333
  character 1101  // expect: E333
  north 2 walk
  choice "Dive" -> location 2  // expect: E333@3
  look "Look down" cost 1 {
    result { choice "Climb" -> location 2; choice "Stay" -> location 1 }
  }
}

location 2 "Cliff" { south 1 walk }

card 1101 character "The Diver" { vertical }
