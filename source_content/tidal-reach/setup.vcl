// Location 000, printed on the back of the Book of Vantages: the table reads it first.
location 000 "Landfall" {
  text """
  **Read this aloud.** Your pod splits open on wet sand. Somewhere along this coast
  a lighthouse stands dark, and the ships out in the fog are running blind.
  """
  step "Place the mission card in the center, as this location says."
  step "Seed the challenge dice pool: 8 dice, and 2 more for each player."
  step "Each player rolls a skill die: it gives their character, then their crash site."
  character 1101 "You rolled 1, 2 or 3"
  character 1102 "You rolled 4, 5 or 6"
  level easygoing time 5 morale 5 health 5
  level daring time 4 morale 4 health 4 recommended
  level perilous time 3 morale 3 health 3
  arrival place card 1601 in center
  choice "You rolled 1, 2 or 3" -> location 101
  choice "You rolled 4, 5 or 6" -> location 104
}
