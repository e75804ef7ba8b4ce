pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north 2 walk
  look "Look around" cost 1 { result { gain card 1201 } }
}
location 2 "Cliff" { south 1 walk }

card 1201 item "Rope" { vertical }
card 1202 item "Lamp" { vertical }  // expect: W402
card 1705 destiny "Keeper of the Beacon" external {
  action take "Light the beacon" cost 4 { result { complete destiny 1705 } }
}
