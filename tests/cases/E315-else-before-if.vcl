pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  check
  else -> log 3  // expect: E315
  if checked log 1 -> log 2
}

log 2 "Alone" {
  text "No condition."
  else -> log 3  // expect: E315
}

log 3 "Right" {
  check
  if checked log 3 -> log 2
  if checked log 1 -> log 1
  check
  else -> log 4
}

log 4 "End" { return }
