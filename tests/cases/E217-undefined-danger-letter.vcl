pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

// The pack declares its Danger die letters: one of the box's card, one of its own.
danger T "Tutorial"
danger B "Blizzard" {
  text "Lose 1 supplies, or gain the injury \"Frostbite\"."
}

log 1 "Start" {
  roll danger T
  roll danger B
  roll danger Q  // expect: E217
  return
}

planet p "P" {
  sector 1 { lander }
  sector 2 { poi slot }
  path 1 <-> 2 [roll danger X]  // expect: E217
}

// The letter beside an action's Danger dice is looked up as a roll's is.
poi P101 "Ledge" {
  action "Leap" danger 1 Q {  // expect: E217@26
    outcome green: physical => gain success 1
    outcome red => nothing
  }
  action "Climb" danger 1 B {
    outcome green: physical => gain success 1
    outcome red => nothing
  }
}
