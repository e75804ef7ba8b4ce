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
}

poi P1 "Rock" {
  action "Climb" {
    special missing scouting => immediate red
    special 2 same => then green
    outcome yellow: 0 physical => gain success 1  // expect: E344
    outcome green: red + green + blue / 2 science + die => gain success 1
    outcome red => nothing
  }
  action "Dig" {
    special missing shovel => immediate red  // expect: E230
    outcome green: missing physical => gain success 1  // expect: E230
    outcome red => nothing
  }
}
