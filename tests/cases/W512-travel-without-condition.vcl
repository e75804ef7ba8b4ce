// A Travel icon costs what the Global Condition says: a planet with neither a printed
// condition nor a condition card prints icons that nothing defines. Paths that print
// their own cost need none; the warning stands once, at the first Travel icon.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet p "P" {
  lift_off -> log 1
  evac -> log 1
  sector 1 { lander }
  sector 2 { poi slot }
  sector 3 { poi slot }
  path 1 -> 2 [spend die]
  path 2 -> 3 [roll danger T, travel]  // expect: W512
  path 3 -> 1 [travel]
}

planet q "Q" {
  lift_off -> log 1
  evac -> log 1
  condition printed "Calm" {
    travel spend die
  }
  sector 1 { lander }
  sector 2 { poi slot }
  path 1 <-> 2 [travel]
}
