// only the marked diagnostics: a card declared with a letter for a digit of its id
// (`PI01` for P101), placed by a sector in lower case (`p101`), and a log declared
// with a capital (`Log 3`) are each one syntax error, with nothing that follows from
// them: not the card's undefined P101, not its never-placed warning, not the logs
// only it leads to as unreachable, not an undefined log 3.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

planet moon "The Moon" {
  lift_off -> log 3
  evac -> log 3
  sector 1 "Plain" { lander; biomes frigid }
  sector 2 "Dome" { poi p101 printed }  // expect: E100@25
  path 1 <-> 2 [travel]
}

poi PI01 "Cracked Dome" {  // expect: E100@5
  biomes frigid
  action "Search" {
    outcome green: 1 mental => -> log 7
  }
}

log 1 "Start" {
  text "You land."
  return
}

log 7 "Inside the Dome" {
  text "Cold light."
  return
}

Log 3 "Lift-Off" {  // expect: E100@1
  end exploration
}
