// A depart entry: what happens when the players leave a location by a `*` exit.
depart 101 east "Wade into the surf" cost 2 {
  text "The water is colder than it looks."
  result {
    suffer cold 1
    -> location 102
  }
}
