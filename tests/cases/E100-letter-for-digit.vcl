// only the marked diagnostics: a letter O for a zero is reported as the word it is
// in, and the logs the goto was to lead to are not also unreachable (W400).
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 20 "Hub" {
  choice "a" -> log 3
  choice "b" -> log 4
}
log 3 "x" { lose success 1O; return }  // expect: E100@26
log 4 "x" { return }

log 1 "Start" {
  text "The hatch."
  -> log 2O  // expect: E100@10
}
