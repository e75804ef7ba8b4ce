// only the marked diagnostics: a misspelt statement word is reported at the word.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  choise "Go in" -> log 3  // expect: E100@3
  choice "Stay" -> log 3
}

log 3 "In" { gain success 1; return }

planet p "P" {
  sector 1 { lander; poi P101 printed }
}

poi P101 "Shard" {
  action "Free Yourself" {
    outcom green: physical => gain success 1  // expect: E100@5
    outcome red => roll danger T
  }
}
