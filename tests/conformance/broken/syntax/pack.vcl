// A syntax error points at the token that breaks the rule and says what would fit.
pack syntax {
  game vanguard
  title "Syntax"
  version "1.0.0"
  start log 70
}

log 70 "Launch" {
  -> log "seventy-one"  // expect: E100@10
}
