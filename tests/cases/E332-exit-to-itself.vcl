pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north 2 walk
  east 1 swim  // expect: E332
}

location 2 "Cliff" {
  south 1 walk
}
