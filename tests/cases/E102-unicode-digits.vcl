pack limits {
  game vanguard
  title "Limits"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  text "Superscripts are not numbers: {log ²}."   // expect: E102
  text "Nor are Arabic-Indic digits: {log ١٢}."   // expect: E102
  text "ASCII digits are: {log 2}."
  -> log 2
}

log 2 "Two" {
  end exploration
}
