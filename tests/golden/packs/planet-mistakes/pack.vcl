// A small planet with one mistake of each kind a writer makes most.
pack planet_mistakes {
  game vanguard
  title "Planet Mistakes"
  version "0.0.1"
  start log 1
}

log 1 "Landing" {
  text "The lander settles on glassy sand. See {log 3} if it cracks."
  choice "Walk to the ridge" -> log 2
  choice "Stay by the lander" -> log @camp
}

log 2 "The Ridge" {
  check
  text "From the ridge, the valley opens: a *spire*, and something \"moving\"."
}

log @camp "Camp" {
  gian supplies 1
  return
}

log 3 "Cracks" {
  -> log 4
}

log 4 "More Cracks" {
  -> log 3
}

poi P10 "The Spire" {
  biomes ruins
  action "Climb" {
    outcome green: physical => gain success 1
    outcome red: scouting => spend die
  }
}

planet glass "Glass Plain" {
  sector 1 { poi P10 printed }
  sector 2 { poi slot }
  path 1 <-> 2 [travel]
}
