pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

poi P101 "Ridge" external {
  action "Climb" {
    outcome green: physical => gain success 1
    outcome red => progress poi P102
  }
}

poi P102 "Spire" external {
  time 3 => remove poi from game
  action "Listen" {
    outcome green: xenology => gain success 1
    outcome red => nothing
  }
}

threat T01 "Crawler" external {
  biomes tutorial
  attack => spend die
  space 1 => threat attack 1
}

threat T02 "Swarm" external {
  biomes tutorial
  attack => spend die
  action "Scatter" {
    outcome green: physical => remove threat T02
    outcome red => nothing
  }
}

log 1 "Start" {
  progress poi P101  // expect: E353@3
  reset poi P102
  reduce threat T01
  progress threat T02  // expect: E353@3
  return
}
