pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}

location 1 "Cliff" {
  north 2 walk
  help "Light the signal fire" cost 3 skill fier {  // expect: E227
    result {
      if has skill swiming -> location 2  // expect: E227
      if has skill swimming -> location 2
      gain skill lore
      gain skill
      lose skill climing  // expect: E227
      pay coin 1 + skill bargianing => gain morale 1  // expect: E227
    }
  }
  move "Climb" cost 2 skill climbing / strenght {  // expect: E227
    result { gain morale 1 }
  }
}
location 2 "Top" { south 1 walk }
