pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  choice "Loop" -> log 2
  choice "Spiral" -> log 5
}

log 2 "Round" {  // expect: W404
  -> log 3
}

log 3 "And round" {
  choice "Again" -> log 2
  choice "Deeper" -> log 4
}

log 4 "Deeper" {
  -> log 3
}

log 5 "Spiral" {
  choice "Again" -> log 6
  choice "Leave" -> log 7
}

log 6 "Spiral on" {
  -> log 5
}

log 7 "Out" {
  return
}

log 8 "Mirror" external {  // expect: W404
  -> log 8
}
