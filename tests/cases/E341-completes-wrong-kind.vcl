pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north 2 walk
  arrival place card 1601 in center
  look "Look around" cost 1 {
    result {
      gain card 1201
      complete mission 1601
      complete destiny 1201  // expect: E341
    }
  }
  help "Wave" cost 1 {
    result { pay coin 1 => complete mission 1201 }  // expect: E341
  }
}
location 2 "Cliff" { south 1 walk }

card 1201 item "Rope" { vertical }
card 1601 mission "Find the Rope" {
  ending "Lost" { end game }
}
