pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  choice "A" -> log 2
  choice "B" -> log 3
}

log 2 "Text only" {  // expect: E401
  text "And then nothing."
}

log 3 "One choice" {  // expect: E401
  choice "Only" -> log 4
}

log 4 "Else" {
  if has unique 1 -> log 5
  else -> log 6
}

log 5 "Goto" {
  gain success 1
  -> log 6
}

log 6 "Done" {
  end exploration
}

log 7 "Either" external {  // expect: E401
  gain success 1 / -> log 6
}

log 8 "Every face" external {
  roll d10
  if d10 1 to 3 -> log 5
  if has unique 1 -> log 6
  if d10 4 to 10 -> log 6
}

log 9 "Face 10 goes nowhere" external {  // expect: E401
  roll d10
  if d10 1 to 9 -> log 5
}

unique 1 "Shard" { text "A shard." }
