pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place threat T01 in sector 1
  text "Look at {card M02}."
  return
}

planet p "P" {
  mission M01
  sector 1 { poi P1 printed }
}

poi P1 "Printed" { final }
poi P2 "Forgotten" { final }  // expect: W402
mission M01 "Start" { text "Go." }
mission M02 "Mentioned" { text "Go." }
mission M03 "Never" { text "Go." }  // expect: W402
threat T01 "Placed" { space 1 => nothing }
event E01 "Drawn from the deck" { secondary progress time; main nothing }
injury "Drawn from the deck" { damage => spend die }
poi P3 "Brought in by the Rulebook" external { final }
mission M04 "Dealt by a rule" external { text "Go." }
