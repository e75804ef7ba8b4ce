pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  gain morale 1  // expect: E209
  gain success 1
  return
}

location 2 "A Beach" {  // expect: E209
  north 3 walk
}
