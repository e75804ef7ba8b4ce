pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  text "Remember {log 4}."
  choice "On" -> log 2
  choice "Off" -> log 3
}

log 2 "Two" { return }
log 3 "Three" { return }
log 4 "Mentioned" { return }

log 5 "Lost" {  // expect: W400
  -> log 2
}

log 6 "Sent from the rulebook" external {
  return
}

log 7 "Lost on purpose" {  // allow W400
  return
}

log 8 "From the planet" {
  return
}

planet p "P" {
  lift_off -> log 8
  sector 1 { poi slot }
}
