pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

pack other {  // expect: E212
  game vanguard
  title "Another"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }
