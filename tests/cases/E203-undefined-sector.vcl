pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place poi P101 in sector 9  // expect: E203
  place poi P101 in sector 2
  return
}

planet p "P" {
  sector 1 { poi slot }
  sector 2 { poi P101 printed }
  path 1 <-> 2 [travel]
  path 2 -> 3 [travel]  // expect: E203
}

poi P101 "Rock" { final }
