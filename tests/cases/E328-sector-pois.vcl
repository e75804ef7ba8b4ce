pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet p "P" {
  sector 1 { lander; poi P1 printed }
  sector 2 { poi P2 printed; poi P3 printed }  // expect: E328
  sector 3 {
    poi P4 printed  // expect: E328
    poi slot
  }
  sector 4 { poi slot }
  sector 5 {
    poi P5 printed
    poi printed "Ruins" {  // expect: E328
      text "Nothing left to find."
    }
  }
  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
  path 3 <-> 4 [travel]
  path 4 <-> 5 [travel]
}

poi P1 "One" { final }
poi P2 "Two" { final }
poi P3 "Three" { final }
poi P4 "Four" { final }
poi P5 "Five" { final }
