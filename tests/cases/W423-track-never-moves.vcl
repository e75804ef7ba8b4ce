pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

poi P101 "Ridge" external {
  action "Climb" {
    special physical => progress green
    track green 3 => gain success 1
    track red 3 => nothing  // expect: W423@5
  }
}

condition G01 "Storm" external {
  special accident => progress yellow
}

poi P102 "Spire" external {
  action "Listen" {
    special xenology => progress green
    track yellow 2 => gain lead 1
    track green 2 => gain success 1
  }
}
