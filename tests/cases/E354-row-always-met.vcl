pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

poi P101 "Ridge" external {
  action "Climb" {
    outcome green => gain success 1  // expect: E354@5
    outcome red => nothing
  }
  action "Listen" {
    outcome yellow => gain lead 1  // expect: E354@5
    outcome green: xenology => gain success 1
    outcome red => nothing
  }
  action "Search" {
    outcome yellow: 2 physical => gain lead 1
    outcome green: physical => gain success 1
    outcome red => nothing
  }
}
