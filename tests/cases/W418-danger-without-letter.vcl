pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

danger B "Blizzard" { text "Lose 1 supplies." }

log 1 "Start" {
  place poi P101 in sector 1
  return
}

planet p "P" {
  sector 1 {
    lander
    poi slot
    // A sector's action needs the letter as a card's does.
    action "Climb Out" danger 2 {  // expect: W418@24
      outcome green: physical => gain success 1
      outcome red => nothing
    }
  }
}

poi P101 "Crevasse" {
  action "Jump" danger 1 {  // expect: W418@17
    outcome green: physical => gain success 1
    outcome red => nothing
  }
  // The box's letter and the pack's own: no warning.
  action "Squeeze Through" danger 1 T {
    outcome green: physical => gain success 1
    outcome red => nothing
  }
  action "Cross the Ice" danger 1 B {
    outcome green: physical => gain success 1
    outcome red => nothing
  }
}
