// only the marked diagnostics: an exit to its own location is the neighbour's number
// mistyped; the location is not also without a way out, nor is its neighbour
// unreachable or left without a way back.
pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north 1 walk  // expect: E332@9
}

location 2 "Cliff" {
  south 1 walk
}
