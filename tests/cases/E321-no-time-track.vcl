pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  progress time  // expect: E321@3
  progress time all
  return
}

planet p "P" {
  sector 1 {
    lander
    action "Wait" {
      text "The light dims."
      reset time  // expect: E321@7
    }
  }
  sector 2 {
    poi printed "Old Mast" {
      action "Climb" {
        outcome green: physical => gain lead 1
        outcome red => reduce time  // expect: E321@24
      }
    }
  }
  path 1 <-> 2 [progress time]  // expect: E321@17
}

poi P107 "Humming Spire" external {
  biomes tutorial
  action "Listen to the Hum" {
    outcome green: xenology => gain lead 1
    outcome red => progress time  // expect: E321@20
  }
}

event E01 "Eerie Voices" {
  biomes tutorial
  secondary progress time all
  main spend die
}
