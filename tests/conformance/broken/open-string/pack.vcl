// A string that is never closed is reported where it opens.
pack open_string {
  game vanguard
  title "Open string"
  version "1.0.0"
  start log 95
}

log 95 "Transmission" {
  text """  // expect: E101@8
  The message goes on and on, and nothing ever ends it.
  return
}
