pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  gain unique top  // expect: E356@3
  gain unique 1
  return
}

unique 1 "Resonant Shard" { text "It hums." }

planet p "P" {
  sector 1 { lander }
}
