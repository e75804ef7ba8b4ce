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
  action "Argue" {  // expect: E303
    outcome yellow: 2 xenology => gain success 1; then green
    outcome green: xenology => then yellow
    outcome red => nothing
  }
}

poi P2 "Two" {
  action "Argue" {
    outcome yellow: 2 xenology => gain success 1; then green
    outcome green: xenology => gain success 1
    outcome red => nothing
  }
}

poi P3 "Three" {
  action "Shout" {  // expect: E303
    outcome green: xenology => gain success 1
    outcome red => then red
  }
}
