// An effect verb nobody knows and an argument of the wrong kind are errors with a hint;
// markup inside a text of several lines is checked on its own line.
pack effects_and_markup {
  game vanguard
  title "Effects and markup"
  version "1.0.0"
  start log 40
}

log 40 "Drill Site" {
  gane success 2  // expect: E207@3
  gain success many  // expect: E208@16
  text """
  The drill hums.
  The core sample is logged in {lgo 41}.  // expect: E102@32
  """
  return
}
