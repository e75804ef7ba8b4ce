pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  return
}

planet p "P" {
  sector 1 { poi P1 printed }
  sector 2 { poi P2 printed }
  sector 3 { poi P3 printed }
  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
}

poi P1 "One" {
  action "Repair" {  // expect: E302
    special construction => progress green
    track green 3 => gain success 1
    outcome red => spend die
  }
}

poi P2 "Two" {
  action "Repair" {
    special construction => progress green
    track green 3 => gain success 1
    track red 3 => spend die
  }
}

poi P3 "Three" { final }
