pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  choice "Left" -> log 2
  choice "Right" -> log 3
}

log 2 "Left" {
  choice "On" -> log @on
  choice "Back" -> log 1
}

log 3 "Right" {
  return
}

log @on "On" {
  return
}

log 4 "Nobody reads this" {
  choice "Lost" ->      // expect: E100
  choice "Way" -> log 5
}

log 5 "Led to by what did not parse" {
  return
}

log 6 "Nor this one" {  // expect: W400
  return
}
