// only the marked diagnostics: a keyword written with a capital is reported at the
// word, as a keyword in lower case, not at the `->` the parser stumbles on after it.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  Choice "Go in" -> log 3  // expect: E100@3
  choice "Stay" -> log 3
}

log 3 "In" {
  text "Inside."
  Check  // expect: E207@3
  return
}
