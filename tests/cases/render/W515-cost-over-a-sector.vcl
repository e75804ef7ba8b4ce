// Build-time case: `build` places each path's cost on the board, clear of the sectors.
pack costs {
  game vanguard
  title "Costs"
  version "0.1.0"
  start log 1
}

log 1 "Start" {
  text "Land."
  end exploration
}

condition G01 "Storm Front" {
  time 4 => gain supplies 1
}

planet p "P" {
  condition G01
  lift_off -> log 1
  evac -> log 1
  sector 1 {
    lander
    at 0, 0
  }
  sector 2 {
    poi slot
    at 1, 0
  }
  sector 3 {
    poi slot
    at 0, 1
  }
  path 1 <-> 2 [progress time, sacrifice die]  // expect: W515
  path 1 <-> 3 [lose supplies 1, sacrifice die]
  path 2 -> 3 [spend die]
}
