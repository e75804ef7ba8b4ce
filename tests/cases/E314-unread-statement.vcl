pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  -> log 2
  text "Nobody reads this."  // expect: E314
  gain success 1
}

log 2 "Returned" {
  check
  return
  check
  choice "Too late" -> log 3  // expect: E314
  choice "Still too late" -> log 3
}

log 3 "Otherwise" {
  if checked log 2 -> log 4
  else -> log 5
  text "After the else."  // expect: E314
}

log 4 "A choice that stays" {
  gain success 1 / -> log 5
  text "Read when the players took the success."
  return
}

log 5 "Fine" { end exploration }
