pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet p "P" {
  sector 1 { lander }
  sector 2 { poi slot }
  path 1 <-> 2 [travel]
  path 2 -> 2 [travel]  // expect: E311
  path 1 <-> 1 [spend die]  // expect: E311
}
