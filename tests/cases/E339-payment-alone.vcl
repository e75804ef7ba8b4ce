pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" { choice "Begin" -> location 1 }

location 1 "Market" {
  north 2 walk
  arrival pay coin 1  // expect: E339
  take "Buy a lamp" cost 1 {
    result {
      pay coin 2 => gain card 1201
      pay coin 1 + skill => gain morale 1; gain time 1
      gain morale 1; pay boost 1  // expect: E339
      pay coin 3  // expect: E339
    }
  }
}

location 2 "Cliff" { south 1 walk }

card 1201 item "Lamp" { vertical }
