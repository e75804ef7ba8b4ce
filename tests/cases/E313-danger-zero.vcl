pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet p "P" {
  sector 1 { poi P1 printed; lander }
  sector 2 { poi P2 printed }
  path 1 <-> 2 [travel]
}

poi P1 "Zero" {
  action "Careless" danger 0 {  // expect: E313
    outcome green: physical => gain success 1
    outcome red => nothing
  }
}

poi P2 "One" {
  action "Careful" danger 1 {
    outcome green: physical => gain success 1
    outcome red => nothing
  }
}
