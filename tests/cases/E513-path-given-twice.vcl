pack twice {
  game vanguard
  title "Twice"
  version "0.1.0"
  start log 1
}

log 1 "Start" {
  return
}

planet p "P" {
  lift_off -> log 1
  evac -> log 1
  condition printed "Calm" {
    travel spend die
  }
  sector 1 { lander }
  sector 2 { poi slot }
  sector 3 { poi slot }
  sector 4 { poi slot }
  path 1 <-> 2 [travel]
  path 2 <-> 1 [spend die]  // expect: E513
  path 1 -> 2 [spend die]  // expect: E513
  // Opposite ways: two arrows, each with its cost.
  path 2 -> 3 [travel]
  path 3 -> 2 [spend die]
  path 3 -> 4 [travel]
  path 3 -> 4 [spend die]  // expect: E513
  path 4 -> 1 [travel]
}
