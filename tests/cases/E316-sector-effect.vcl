pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }
log 2 "Entered" { return }

planet p "P" {
  sector 1 { lander; gain success 1 }  // expect: E316
  sector 2 { -> log 2 }
  sector 3 {
    -> location 4  // expect: E316, E202
  }
  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
}
