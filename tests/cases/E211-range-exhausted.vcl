pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
  numbering 10..12 seed 3
}

log 1 "Start" {
  choice "a" -> log @a
  choice "b" -> log @b
}

log 11 "Fixed" {
  return
}

log @a "A" {
  choice "c" -> log @c
  choice "back" -> log 11
}

log @b "B" {
  return
}

log @c "C" {  // expect: E211
  return
}
