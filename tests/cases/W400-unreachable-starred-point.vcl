pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" { north 2 walk }
location 2 "Cliff" { south 1 walk }

location 3 "Hidden Cove" {  // expect: W400
  east *
  west 1 walk
}

depart 3 east "Swim round the point" cost 2 {  // expect: W400
  result { -> location 1 }
}

location 4 "Sent from another region" external {
  north 1 walk
}
