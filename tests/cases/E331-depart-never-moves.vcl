pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Beach" {
  north 2 walk
  east *
  west *
}

location 2 "Cliff" {
  south 1 walk
  east *
}

depart 1 east "Wade into the surf" cost 1 {  // expect: E331
  text "The water is colder than it looks."
  result { lose health 1 }
}

depart 1 west "Climb the dune" cost 2 {
  result { gain morale 1; -> location 2 }
}

depart 2 east "Jump" cost 0 {
  result { end game }
}
