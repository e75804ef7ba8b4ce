pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Crevasse" {
  roll d10
  if d10 1 to 4 -> log 2
  if d10 4 to 7 -> log 3  // expect: W414@6
  if d10 2 to 3 -> log 3  // expect: W414@6
  if d10 8 to 10 -> log 4
  else -> log 3
}

log 2 "Fall" {
  roll d10
  if d10 1 to 5 -> log 3
  roll d10
  if d10 3 to 10 -> log 4
  return
}

log 3 "Across" { return }
log 4 "Bridge" { return }
