pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

threat T01 "Hull Crawler" external {
  biomes tutorial
  space 1 => nothing
  space 2 => threat attack 1  // expect: W425@14
}

threat T02 "Ice Swarm" external {
  biomes tutorial
  attack => spend die for all crew
  space 1 => threat attack 2
}
