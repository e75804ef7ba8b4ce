// only the marked diagnostics: a `"` inside text ends the string early; it is
// written `\"`.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  text "He said "hi" to me."  // expect: E100@18
  text "She said \"bye\" to him."
  return
}
