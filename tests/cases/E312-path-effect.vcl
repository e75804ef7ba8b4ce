pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet p "P" {
  sector 1 { lander }
  sector 2 { poi slot }
  sector 3 { poi slot }
  sector 4 { poi slot }
  path 1 <-> 2 [travel, spend die, sacrifice die red, roll danger T, lose supplies 1, progress time]
  path 2 <-> 3 [-> log 1]  // expect: E312
  path 3 <-> 4 [travel, gain success 1]  // expect: E312
}

// The Time Track that the first path's `progress time` moves.
condition G01 "Flickering Lights" external { time 4 => -> log 1 }
