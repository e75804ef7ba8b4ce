pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
  guide look "Look actions."  // expect: E246@3
}

log 1 "Start" { return }
