// only the marked diagnostics: a pack declared without the word `pack` is one syntax
// error, with the keyword to add, and not also a folder with no pack declaration.
frost_moon {  // expect: E100@1
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  end exploration
}
