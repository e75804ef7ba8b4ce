pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  gain unique 4  // expect: E201
  gain unique 1
  replace poi with M01  // expect: E201
  replace poi with P101
  gain injury "Broken Arm"  // expect: E201
  gain injury "Just a Scratch"
  text "The card {card P102} is not here."  // expect: E201
  reveal mission M01
  return
}

unique 1 "Shard" { text "A shard." }
mission M01 "Go" { text "Go." }
poi P101 "Rock" { final }
injury "Just a Scratch" { damage => spend die }
