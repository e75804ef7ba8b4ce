// only the marked diagnostics: a depart entry whose direction is misspelt is one
// syntax error, and its starred point is not also without an entry.
pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north 2 walk
  east *
  west *  // expect: E306@3
}

location 2 "Cliff" {
  south 1 walk
}

depart 1 eats "Swim out" cost 2 {  // expect: E100@10
  result { -> location 2 }
}
