// only the marked diagnostics: an effect and a goto with no `;` between them.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  gain success 1 -> log 3  // expect: E100@18
}

log 3 "In" { gain success 1; return }

planet p "P" {
  sector 1 { lander; poi P101 printed }
}

poi P101 "Shard" {
  action "Free Yourself" {
    outcome green: physical => gain success 1 -> log 3  // expect: E100@47
    outcome red => roll danger T
  }
}
