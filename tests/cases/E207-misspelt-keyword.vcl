// only the marked diagnostics: a misspelt keyword that reads as an effect verb is one
// error, named at the word with the keyword; the planet whose `lander` it was is not
// also without a lander sector.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  txet "The hatch opens."  // expect: E207@3
  retrun  // expect: E207@3
}

planet p "P" {
  sector 1 { lnader; poi P101 printed }  // expect: E207@14
}

poi P101 "Shard" { final }
