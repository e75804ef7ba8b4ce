pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
  numbering 100..100
}

log 1 "Start" {
  text "The lift is in {log 100}."  // expect: W416@24
  if checked log 100 -> log 2  // expect: W416@18
  choice "Climb" -> log 100  // expect: W416@25
  choice "Wait" -> log @climb
}

log 2 "Wait" {
  -> log @climb
}

log @climb "Climbing Out" {
  check
  return
}
