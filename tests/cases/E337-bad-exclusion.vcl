pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" { choice "Begin" -> location 1 }

location 1 "Nest" {
  north 2 walk
  help "Free the bird" cost 1 excludes overpower {
    result { gain morale 1 }
  }
  overpower "Trap the bird" cost 2 excludes help, take {  // expect: E337
    result { gain coin 1 }
  }
  look "Watch the bird" cost 1 excludes look {  // expect: E337
    result { gain skill }
  }
}

location 2 "Cliff" { south 1 walk }
