pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

event E01 "Eerie Voices" external {  // expect: E244@1
  biomes tutorial
  secondary progress time all
}

event E02 "Dust" external {  // expect: E244@1
  biomes tutorial
  main spend die
}

event E03 "Rain" external {
  biomes tutorial
  secondary nothing
  main spend die
}
