pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place threat P12 in sector 1
  place threat T12 in sector 1
  return
}

threat P12 "Stalker" external { }  // expect: E231@8
threat T12 "Prowler" external { }

planet p "P" {
  sector 1 { lander }
}
