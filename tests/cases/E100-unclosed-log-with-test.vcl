// only the marked diagnostics: a log left open is one syntax error; the boxes its
// tests name are not also untested, a box nothing names is.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {  // expect: E100@15
  if checked log 5 -> log 6
  choice "Box" -> log 5
  choice "Other" -> log @other

log @other "Other" {  // expect: E100@20
  if checked log @shelf -> log 6
  choice "Shelf" -> log @shelf
  choice "Drawer" -> log 7

log 5 "Box" { check; return }
log @shelf "Shelf" { check; return }
log 6 "Ticked" { return }
log 7 "Drawer" { check; return }  // expect: W406
