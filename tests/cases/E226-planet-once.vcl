pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet a "A" {
  landing 14 { text "Ice." }
  landing 15 { text "More ice." }  // expect: E226
  system_map 7 "Tau Ceti" cost 2
  system_map 8 "Tau Ceti" cost 3  // expect: E226
  sector 1 { lander }
}

planet b "B" {
  landing 16 { text "Rock." }
  system_map 9 "Tau Ceti" cost 1
  sector 1 { lander }
}
