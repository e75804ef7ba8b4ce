// The story graph: a log nothing reaches, a log that stops with no way on, a loop with
// no way out, a card nothing uses.
pack story_graph {
  game vanguard
  title "Story graph"
  version "1.0.0"
  start log 50
}

log 50 "Fork in the Ice" {
  choice "Take the crevasse" -> log 51
  choice "Take the ridge" -> log 52
}

log 51 "Crevasse" {  // expect: E401@1
  text "The walls close in and the story stops here."
}

log 52 "Ridge Walk" {  // expect: W404@1
  -> log 53
}

log 53 "Ridge Walk, Again" {
  -> log 52
}

log 54 "Unvisited Cave" {  // expect: W400@1
  return
}

poi P510 "Lost Beacon" {  // expect: W402@1
  final
}
