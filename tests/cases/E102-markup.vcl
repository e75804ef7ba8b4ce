pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  text "A {log 2} reference, an {icon success} icon, *emphasis* and **strong**."
  text "A {lgo 2} typo."  // expect: E102
  text """
  First line, fine.
  Second line with *emphasis that never ends.  // expect: E102
  """
  text "A lone * star and 2 * 3 are text."
  -> log 2
}

log 2 "Two" {
  return
}
