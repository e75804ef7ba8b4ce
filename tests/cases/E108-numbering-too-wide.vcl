pack limits {
  game vanguard
  title "Limits"
  version "0.0.1"
  start log 1
  numbering 1..50000000 seed 7   // expect: E108@16
}

log 1 "Start" {
  -> log @next
}

log @next "Next" {
  end exploration
}
