// only the marked diagnostics: a location whose compass point is misspelt is one syntax
// error; the neighbours its exits name are not also unreachable.
pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north 2 walk
  eats *  // expect: E100@3
}

location 2 "Cliff" {
  south 1 walk
}

location 3 "Reef" {  // expect: W400
  north 1 walk
}

depart 1 east "Swim out" cost 2 {
  result { -> location 2 }
}
