// Build-time case: `build` draws a POI printed on the board in its sector's card space.
pack cut {
  game vanguard
  title "Cut"
  version "0.1.0"
  start log 1
}

log 1 "Start" {
  text "Land."
  end exploration
}

planet p "P" {
  lift_off -> log 1
  evac -> log 1
  sector 1 "Long Wreck" {  // expect: W516
    lander
    poi printed "Long Wreck" {
      text "The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather."
      action "Climb Out" {
        outcome green: physical => gain success 1
        outcome red => nothing
      }
    }
  }
  sector 2 "Short Wreck" {
    poi printed "Short Wreck" {
      text "It fits."
    }
  }
  path 1 <-> 2 [spend die]
}
