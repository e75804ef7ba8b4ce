pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  if chekced log 2 -> log 2  // expect: E229@6
  if checked log 2 -> log 2
  if sunny day -> log 2  // expect: E229
  return
}

log 2 "Box" {
  check
  return
}
