pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet p "P" {
  sector 1 {
    lander
    action "Look Around" {
      text "Take in the view."
      gain lead 1
    }
  }
  sector 2 { poi P1 printed }
  path 1 <-> 2 [travel]
}

poi P1 "Mixed" {
  action "Both" {
    outcome green: physical => gain success 1
    outcome red => nothing
    gain lead 1  // expect: E317
  }
  action "Empty" { }  // expect: E317
  action "Words Only" {
    text "Read the plaque aloud."
  }
}
