pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }
log 2 "Up" { return }
log 3 "Out" { return }

planet p "P" {
  lift_off -> log 2
  lift_off -> log 3  // expect: E218@3
  evac -> log 3
  evac -> log 2  // expect: E218@3
  condition printed "Ash" {
    supplies 6
    supplies 3  // expect: E218@5
  }
  sector 1 { lander; at 0, 0; at 1, 0 }  // expect: E218@31
  sector 2 {
    poi printed "Ruins" { text "Stones." }
    poi printed "Camp" { text "Ashes." }  // expect: E328@5
  }
  path 1 <-> 2 [travel]
}

threat T1 "Worm" {
  standees 2
  standees 3  // expect: E218@3
  attack => spend die for all crew
}
