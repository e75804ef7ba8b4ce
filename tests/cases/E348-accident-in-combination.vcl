pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  set condition G01
  return
}

planet p "P" {
  sector 1 { lander; poi slot }
  condition printed "Calm" {
    travel spend die
    combination 2 accident => gain lead 1  // expect: E348@19
    combination scouting + biology => gain lead 1
  }
}

condition G01 "Storm" {
  travel spend die
  combination physical / accident => gain lead 1  // expect: E348@26
  special accident => progress time
  time 3 => return
}
