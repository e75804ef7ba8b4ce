pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet p "P" {
  sector 1 { poi P1 printed; lander; biomes rocky, lava }  // expect: E215
  sector 2 { poi P2 printed }
  path 1 <-> 2 [travel]
}

poi P1 "Known" { biomes volcanic, caves }
poi P2 "Misspelt" {
  biomes tutorial, cavez  // expect: E215
}
event E01 "Storm" {
  biomes desrt  // expect: E215
  secondary nothing
  main nothing
}
