pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  look "Look" cost 1 {
    result {
      gain card 5
      gain card 6
    }
  }
}

card 5 weapon "Sword" {  // expect: E233@8
  text "Sharp."
}

card 6 item "Rope" {
  text "Long."
}
