pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}
pack test {  // expect: E205
  game vanguard
  title "Test Again"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  -> log @next
}

log @next "Next" {
  return
}

log @next "Next again" {  // expect: E205
  return
}

injury "Cut" { damage => spend die }
injury "Cut" { damage => spend die }  // expect: E205
