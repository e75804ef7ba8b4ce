// Outcome rows run yellow, green, red from the top; the red row asks for nothing; an
// action with rows has a red one; connected outcomes never go round in a loop.
pack outcome_rows {
  game vanguard
  title "Outcome rows"
  version "1.0.0"
  start log 60
}

log 60 "Base Camp" {
  return
}

planet moor "Moor" {
  sector 1 {
    lander
    poi P610 printed
  }
  sector 2 {
    poi P611 printed
  }
  sector 3 {
    poi P612 printed
  }
  sector 4 {
    poi P613 printed
  }
  path 1 <-> 2 [spend die]
  path 2 <-> 3 [spend die]
  path 3 <-> 4 [spend die]
}

poi P610 "Boulder Field" {
  action "Scramble" {
    outcome green: physical => gain success 1
    outcome red: gathering => spend die  // expect: E300@5
  }
}

poi P611 "Peat Bog" {
  action "Cut peat" {
    outcome green: gathering => gain success 1
    outcome yellow: 2 gathering => gain success 2  // expect: E301@5
    outcome red => nothing
  }
}

poi P612 "Standing Stone" {
  action "Read the carvings" {  // expect: E308@3
    outcome green: xenology => gain success 1
  }
}

poi P613 "Echoing Tarn" {
  action "Shout" {  // expect: E303@3
    outcome yellow: 2 scouting => gain success 1; then green
    outcome green: scouting => gain success 1; then yellow
    outcome red => nothing
  }
}
