pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north *  // expect: E306
  east *
}

depart 1 east "Swim out" cost 2 {
  result { -> location 1 }
}
