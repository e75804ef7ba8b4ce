// The compass of a vantage location: a starred exit needs a depart entry and a depart
// entry a starred exit; neighbours point back; one action of each kind.
pack compass_points {
  game vantage
  title "Compass points"
  version "1.0.0"
  start location 20
}

location 20 "Tide Pool" {
  north 21 walk
  west *  // expect: E306@3
  east 22 swim  // expect: W403@3
}

location 21 "Dune Ridge" {
  south 20 walk
  look "Scan the horizon" cost 1 {
    result {
      gain morale 1
    }
  }
  look "Count the gulls" cost 1 {  // expect: E305@3
    result {
      gain morale 1
    }
  }
}

location 22 "Kelp Forest" {
  north 21 swim  // expect: W403@3
}

depart 21 east "Slide down the dune" cost 2 {  // expect: E307@1
  result {
    lose health 1
    -> location 20
  }
}
