pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place threat T01 in sector 1
  place threat T02 in sector 1
  return
}

planet p "P" {
  sector 1 { lander }
}

threat T01 "Stalker" {
  space 1 => progress red
  space 2 => progress green  // expect: E204
  space 3 => reduce yellow  // expect: E204
  action "Drive It Off" {
    special physical => progress red
    special accident => reduce red
    track red 3 => remove threat T01
  }
}

threat T02 "No Tracks" {
  space 1 => threat move
  space 2 => progress red  // expect: E204
}
