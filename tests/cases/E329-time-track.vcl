pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place threat T1 in sector 1
  place threat T2 in sector 1
  place threat T3 in sector 1
  place threat T4 in sector 1
  set condition G1
  set condition G2
  return
}

planet p "P" {
  sector 1 { lander }
}

threat T1 "In Order" {
  space 1 => nothing
  space 2 => threat move
  space 3 => threat attack 1; reset time
}

threat T2 "Skipped" {
  space 1 => nothing
  space 3 => threat move  // expect: E329
  space 4 => threat attack 1
}

threat T3 "Twice" {
  space 1 => nothing
  space 1 => threat move  // expect: E329
}

threat T4 "From Nought" {
  space 0 => nothing  // expect: E329
}

condition G1 "Long" {
  time 10 => nothing
}

condition G2 "Too Long" {
  time 11 => nothing  // expect: E329
  time 2 => nothing  // expect: E329
}
