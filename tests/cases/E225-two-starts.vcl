pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1  // expect: E225
}

log start "The Starting Log" { -> log 1 }
log 1 "Start" { return }
