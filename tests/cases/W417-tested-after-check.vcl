pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Hatch" {
  if checked log 1 -> log 3
  check
  if checked log 3 -> log 2
  if checked log 1 -> log 2  // expect: W417@6
  else -> log 3
}

log @vault "Vault" external {
  check
  if checked log @vault -> log 2  // expect: W417@6
  return
}

log 2 "Again" { return }
log 3 "First" { check; -> log 1 }
