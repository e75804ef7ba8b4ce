pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north 2 walk
  south 3 walk  // expect: W403
  east 4 swim
  west 5 walk  // expect: W403
}

location 2 "Cliff" {
  south 1 walk
}

location 3 "Cave" {
  west 2 walk  // expect: W403
}

location 4 "Reef" {
  west *
}

location 5 "Dunes" {  // allow W403
  north 3 walk
}

depart 4 west "Swim back" cost 1 {
  result { -> location 1 }
}
