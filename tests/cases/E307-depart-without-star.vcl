pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  east *
  north 2 walk
}

location 2 "Dune" {
  south 1 walk
}

depart 1 east "Swim out" cost 2 {
  result { -> location 2 }
}

depart 2 west "Jump" cost 3 {  // expect: E307
  result { -> location 1 }
}
