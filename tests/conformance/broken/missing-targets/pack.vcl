// A reference to something never defined is an error, in an effect and in a text.
pack missing_targets {
  game vanguard
  title "Missing targets"
  version "1.0.0"
  start log 90
}

log 90 "Signal" {
  text "When the signal fades, read {log 404}."  // expect: E200@37
  -> log 91
}

log 91 "Relay" {
  gain unique 9  // expect: E201@15
  replace poi with P990  // expect: E201@20
  -> log 92  // expect: E200@3
}
