pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  if d10 1 to 4 -> log 2  // expect: E319
  else -> log 3
}

log 2 "Rolled" {
  roll d10
  if d10 1 to 4 -> log 3
  if d10 5 to 10 -> log 3
  return
}

log 3 "Done" {
  if d10 9 to 2 -> log 2  // expect: E343
  return
}
