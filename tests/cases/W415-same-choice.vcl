pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  choice "Go on" -> log 2
  choice "Go on" -> log 2  // expect: W415@3
  choice "Go on" -> log 3
  choice "Go back" -> log 2
}

log 2 "Twice over" {
  if checked log 3 -> log 3
  choice "Wait" -> log @later
  check
  choice "Wait" -> log @later  // expect: W415@3
}

log 3 "Checked" {
  check
  return
}

log @later "Later" {
  return
}
