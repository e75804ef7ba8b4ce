pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place threat T1 in sector 1
  place standee T1 in sector 2  // expect: E320
  place threat T2 in sector 1
  place standee T2 in sector 2
  return
}

planet p "P" {
  sector 1 { lander }
  sector 2 { poi slot }
  path 1 <-> 2 [travel]
}

threat T1 "Lone Crawler" {
  attack => spend die for all crew
  space 1 => threat attack 1
}

threat T2 "Swarm" {
  standees 3
  attack => gain injury "Bite" for random crew
  alone => threat move
  space 1 => threat attack 1
}

injury "Bite" { damage => spend die }
