// A stretch of coast with compass mistakes.
pack coast_mistakes {
  game vantage
  title "Coast Mistakes"
  version "0.0.1"
  start location 1
}

location 1 "Harbour" {
  north 2 walk
  east *
  south 9 walk
}

location 2 "Lighthouse" {
  east 1 walk
  take "Light, the lamp" cost 1 {
    result { gain morale 1 }
  }
  take "Take the lamp" cost 2 {
    result { gain card 300 }
  }
}

depart 2 north "Climb down" cost 1 {
  result { -> location 1 }
}
