// only the marked diagnostics: a declaration whose keyword is misspelt is one syntax
// error, and the references to what it declares are not also undefined.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  choice "Home" -> log @home
  choice "Away" -> log 12
  choice "Lost" -> log 13  // expect: E200
}

lgo @home "Home" {  // expect: E100@1
  text "Back to {log @home}."
  return
}

lgo 12 "Away" { return }  // expect: E100@1
