// only the marked diagnostics
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
}

log start "Setup" {
  text "The lander is ready."
  choice "Launch"    // expect: E100@18
  choice "Wait" -> log 2
}

log 1 "Launch" {
  return
}

log 2 "Wait" {
  return
}
