// A location: its text, compass exits and storybook actions. North is forward.
location 000 "Landfall" {
  text "Your pod splits open on wet sand. Markup such as {location 101} works here."
  step "Seed the challenge dice pool: 8 dice, and 2 more for each player."   // setup steps, in order
  level daring time 4 morale 4 health 4 recommended      // a starting level
  choice "Walk up the beach" -> location 101    // a choice the players make
}

location 101 "The Beach" {
  text "Sand, wind and a line of cliffs."
  arrival suffer cold 1                         // what happens on arrival
  north 102 walk                                // a 1-cost move to location 102
  east *                                        // look it up in the depart storybook
  look "Search the sand" cost 2 skill scouting { // its cost; scouting tokens lower it
    text "You sift the sand with your fingers."
    result {                                    // printed apart, in the Results part
      text "Something hard: {card 1201}."
      gain card 1201
      pay coin 1 => gain morale 1               // only if the player can pay
    }
  }
}

location 102 "Cliff Top" {
  text "The whole coast lies below you."
  south 101 walk
}
