// Tracks: an action has outcome rows or tracks, not both; a track has 1 to 10 spaces;
// progress names a track of its own action.
pack progress_tracks {
  game vanguard
  title "Progress tracks"
  version "1.0.0"
  start log 80
}

log 80 "Workshop" {
  return
}

planet forge "Forge" {
  sector 1 {
    lander
    poi P810 printed
  }
  sector 2 {
    poi P811 printed
  }
  path 1 <-> 2 [spend die]
}

poi P810 "Broken Winch" {
  action "Mend the winch" {  // expect: E302@3
    special construction => progress yellow
    track yellow 4 => gain success 1
    outcome red => spend die
  }
}

poi P811 "Long Tunnel" {
  action "Dig through" {
    special gathering => progress green
    special accident => progress red  // expect: E204@25
    track green 11 => gain success 1  // expect: E304@17
  }
}
