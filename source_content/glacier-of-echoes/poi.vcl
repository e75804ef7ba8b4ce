// Points of interest cards. P201 is printed on the board; P202 is placed by a log.
poi P201 "Singing Crevasse" {
  biomes frigid, caves
  text "While this POI is in play, Crewmembers in this Sector cannot Rest."
  time 4 => roll danger B; reset time
  action "Listen to the Song" {
    special missing scouting => immediate red
    outcome yellow: xenology + scouting => gain lead 2 on xenological; then green
    outcome green: scouting / 2 die => progress time; -> log @crevasse
    outcome red => roll danger B
  }
}

poi P202 "Thin Ice" {
  biomes frigid
  no_travel
  text "No one may travel out of this Sector until the ice is crossed."
  action "Cross Carefully" danger 1 B {
    outcome green: physical + gathering => gain supplies 2; replace poi with P204
    outcome red => gain injury "Frostbite"; move crew to sector 2
  }
}

poi P204 "Crossed Lake" {
  biomes frigid
  final
}
