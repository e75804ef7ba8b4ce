// The global condition, the missions, the threat, events and injuries.
condition G11 "Endless Snowfall" {
  text "Crewmembers cannot gain Supplies while this condition is in play."
  travel spend die / roll danger B
  special missing defense => roll danger B
  combination scouting + biology => gain lead 1 on biological
  time 6 => progress time all; reset time
}

mission M11 "Echoes Beneath" {
  text "Something under the ice answers every sound you make. Find where it answers from."
  action "Triangulate the Echo" {
    outcome green: 2 science / science + technology => complete mission M11; reveal mission M12
    outcome red => progress threat T11
  }
}

mission M12 "Raise the Mast" {
  text "Stand the buried mast upright in Sector 5 so the orbiter can hear you."
  action "Haul on the Cables" danger 1 B {
    outcome green: 2 physical + construction => complete mission M12; -> log @mast_raised
    outcome red => gain injury "Frostbite"
  }
}

// A mission the players complete themselves, once its requirement is met.
mission M13 "Keep the Lamps Lit" {
  text "The caves eat light. Bring enough back out to see by."
  goal "A Crewmember ends a turn in Sector 1 with 4 or more {icon supplies}." => gain success 1; gain lead 1 on mineral
}

// A Rank-Up card: a goal for the whole exploration, dealt to the board at setup.
rank_up "Voices in the Ice" {
  text "Flip this card to its Completed side as soon as its goal is met."
  goal "Hold the Echo Stone and have 2 {icon success}."
}

threat T11 "Ice Stalker" {
  biomes frigid
  standees 2
  text "It never enters Sector 1."
  attack => spend die for all crew
  alone => threat move
  space 1 => nothing
  space 2 => threat move
  space 3 => threat attack 1; reset threat T11
  action "Drive It Into the Dark" danger 1 B {
    special accident => progress red
    special defense => progress green
    track green 3 => remove threat T11
    track red 3 => gain injury "Frostbite"
  }
}

event E11 "Whiteout" {
  biomes frigid
  text "The world shrinks to the length of a rope."
  secondary progress time all
  main spend die
}

event "Groaning Ice" {  // events are shuffled: this one has no id
  biomes caves
  secondary progress threat T11
  main roll danger B
}

// The planet's own table of the Danger die Reference card.
danger B "Blizzard" {
  text "Lose 1 {icon supplies}. If you have none, gain a \"Frostbite\" Injury instead."
}

injury "Frostbite" {
  damage => spend die
  heavy => sacrifice die
  mental => lose supplies 1
  special => refresh dice 1 / roll danger B
}

unique 40 "Echo Stone" {
  text "A pebble that repeats, very softly, the last thing said near it."
}
