// A Point of Interest card: a dice check with outcome rows (yellow, green, red).
poi P101 "Wreckage" {
  biomes tutorial
  action "Search the Wreckage" danger 1 T {
    outcome green: scouting + physical => gain success 1
    outcome red => gain injury "Bruised"
  }
}

// A mission card: what the players are asked to do.
mission M01 "First Steps" {
  text "Reach Sector 3 and find out what is sending the signal."
}

// An injury card: what each kind of injury costs.
injury "Bruised" {
  damage => spend die
  heavy => sacrifice die
  mental => lose supplies 1
  special => spend die
}
