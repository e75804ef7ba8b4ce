pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }
log 2 "Entered" { return }
log 3 "Elsewhere" { return }

planet p "P" {
  sector 1 { lander }
  sector 2 {
    -> log 2 / -> log 3  // expect: E242@16
  }
  sector 3 {
    -> log 2
    -> log 3  // expect: E242@5
  }
  sector 4 { -> log 3 }
  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
  path 3 <-> 4 [travel]
}
