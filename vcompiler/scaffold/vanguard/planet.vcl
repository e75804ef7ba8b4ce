// The planet board: its mission, sectors and the paths between them.
planet {{name}} "{{title}}" {
  mission M01                      // a mission card dealt with this planet
  lift_off -> log 2                // read when the lander leaves
  evac -> log 3                    // read when the team is evacuated
  condition printed "Calm Skies" { // the Global Condition printed on the board:
    travel spend die               // what a Travel icon on a path costs
  }

  // A sector of the board; its number is printed on it.
  sector 1 "Landing Zone" {
    poi P101 printed               // a POI card printed on the board
    lander                         // the lander starts here
  }
  sector 2 { poi slot }            // a POI card is drawn here
  sector 3 {
    -> log @signal                 // entering this sector sends the players to a log
  }

  path 1 <-> 2 [travel]            // both ways, at the cost in brackets
  path 2 -> 3 [spend die]          // one way only
  path 3 -> 1 [travel]             // and a way back: Lift-Off leaves behind who cannot reach the lander
}
