// only the marked diagnostics: a Danger die named by more than its letter is one
// error; the die is not also unrolled, nor its letter undefined where it is rolled.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

danger Tx "Tutorial"  // expect: E232@8
danger B "Blizzard"

log 1 "Start" {
  roll danger T
  roll danger B
  roll danger Q  // expect: E217
  return
}
