pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place poi P1 in sector 1
  return
}

planet p "P" {
  sector 1 { lander; poi slot }
}

poi P1 "Rock" {
  action "Climb" {
    outcome yellow: 0 physical => gain success 1  // expect: E344@21
    outcome green: 1 physical => gain success 1
    outcome red => nothing
  }
}
