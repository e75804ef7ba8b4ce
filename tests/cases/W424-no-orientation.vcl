pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" { choice "Begin" -> location 1 }

location 1 "Beach" { look "Look" cost 1 { result { gain card 1201; gain card 1202 } } }

card 1201 item "Driftwood" {  // expect: W424@1
  text "Light, hard and pale."
}

card 1601 mission "Find the Lighthouse" external { text "Light it." }

card 1202 item "Shell" {
  horizontal
  text "Pearly."
}
