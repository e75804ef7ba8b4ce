pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  return
}

planet p "P" {
  sector 1 { poi P1 printed }
  sector 2 { poi P2 printed }
  sector 3 { poi P3 printed }
  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
}

poi P1 "One" {
  action "Dig" {
    outcome green: gathering => gain success 1
    outcome yellow: 2 gathering => gain success 2  // expect: E301
    outcome red => nothing
  }
}

poi P2 "Two" {
  action "Dig" {
    outcome red => nothing
    outcome green: gathering => gain success 1  // expect: E301
  }
}

poi P3 "Three" {
  action "Dig" {
    outcome yellow: 2 gathering => gain success 2
    outcome green: gathering => gain success 1
    outcome red => nothing
  }
}
