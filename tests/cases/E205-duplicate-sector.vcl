// only the marked diagnostics
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place threat T01 in sector 3
  return
}

threat T01 "Beast" {
  space 1 => nothing
}

planet p1 "P1" {
  lift_off -> log 1
  condition printed "Calm" {
    travel spend die
  }
  sector 1 { lander }
  sector 2 { }
  sector 2 { }  // expect: E205@3
  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
  path 3 -> 1 [travel]
}
