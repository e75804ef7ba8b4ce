pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place poi P101 in sector 1
  place poi P102 in sector 1
  return
}

poi P101 "Shard" copies 0 { final }  // expect: E512@18
poi P102 "Stone" copies 1 { final }

planet p "P" {
  sector 1 { lander }
}
