pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  text "This line never closes  // expect: E101
  text "This one does."
  return
}

log 2 "Two" {
  text "Fine."
  return
}
