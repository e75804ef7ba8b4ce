pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

danger T "Tutorial"
danger B "Blizzard" { text "Lose 1 supplies." }  // expect: W409
danger C "Cave-in" { text "Spend a die." }  // allow W409

log 1 "Start" {
  roll danger T
  return
}
