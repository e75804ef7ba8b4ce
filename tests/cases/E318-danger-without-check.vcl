pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet p "P" {
  sector 1 { lander; poi P1 printed }
}

poi P1 "Ledge" {
  action "Jump" danger 1 {  // expect: E318
    text "Leap across."
    move crew to sector 1
  }
  action "Climb" danger 1 {
    outcome green: physical => gain success 1
    outcome red => nothing
  }
  action "Walk" {
    roll danger T; gain lead 1
  }
}
