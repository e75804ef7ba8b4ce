pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}

location 000 "Setup" {
  level daring time 5 morale 5 health 5 recommended
  level reckless time 3 morale 0 health 3  // expect: E335
  level daring time 4 morale 4 health 4  // expect: E335
  level gentle time 6 morale 6 health 6 recommended  // expect: E335
  level brutal time 7 morale 1 health 1  // expect: E335
  choice "Begin" -> location 1
}

location 1 "Beach" { north 2 walk }
location 2 "Cliff" { south 1 walk }
