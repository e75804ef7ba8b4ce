pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
  guide look "Look actions: read the cost, roll, place your dice, then the result."
  guide take "Take actions: what you pick up stays in your grid."
  guide look "Once a turn."  // expect: E246@3
}

location 1 "Beach" { look "Look" cost 1 { result { gain coin 1 } } }
