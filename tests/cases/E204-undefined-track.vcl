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

poi P1 "Tracks" {
  action "Haul" {
    special physical => progress green
    special accident => progress red  // expect: E204
    track green 3 => gain success 1
  }
}

poi P2 "Rows" {
  action "Talk" {
    outcome green: xenology => gain success 1
    outcome red => then yellow  // expect: E204
  }
}

poi P3 "Fine" {
  action "Climb" {
    special missing scouting => immediate red
    outcome yellow: 2 physical => gain success 1; then green
    outcome green: physical => gain success 1
    outcome red => nothing
  }
}
