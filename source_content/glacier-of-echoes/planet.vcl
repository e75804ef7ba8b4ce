// The planet board. The global condition is a card, put on the board at landing.
planet glacier "The Glacier of Echoes" {
  text "Sound carries here: whenever a Crewmember rolls a Danger die, progress Threat T11's Time Track."
  mission M11
  rank_up "Voices in the Ice"     // dealt to the board's Rank-Up space at setup
  unique 40 else gain success 1
  condition G11
  lift_off -> log @lift_off
  evac -> log @evac
  landing 14 {                    // its Landing card, revealed by the Planetary Scanner
    text "A moon of blue ice that answers every sound."
    scan 1 "Atmosphere: thin and bitter. Bring filters."
    scan 2 "Surface: a glacier over a frozen lake; {icon frigid} Sectors everywhere."
    scan 3 "Something below the ice moves when the Lander's engines roar."
  }
  system_map 7 "Tau Ceti" cost 2  // object 7 on the Tau Ceti page of the System Maps

  sector 1 "Landing Shelf" {
    lander
    biomes frigid
    action "Ping the Orbiter" {
      text "The Lander's dish can still reach the ship, at a price."
      lose supplies 1
      gain lead 1 on technological
    }
  }
  sector 2 "Singing Crevasse" { poi P201 printed }
  sector 3 "Frozen Lake" { poi slot }
  sector 4 "Ice Caves" {
    biomes frigid, caves
    -> log @ice_caves
  }
  sector 5 "Buried Mast" {
    poi printed "Buried Mast" {  // printed on the board itself: no card, no id
      biomes frigid
      important
      action "Dig Out the Base" {
        outcome green: 2 gathering / construction => reveal mission M12
        outcome red => spend die
      }
    }
  }

  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
  path 2 -> 4 [spend die, roll danger B]
  path 4 -> 1 [travel]
  path 3 <-> 5 [travel, lose supplies 1]
}
