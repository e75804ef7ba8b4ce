// The Logbook: numbered entries the players read when a card or the board says so.
log 1 "Landing" {
  text """
  The lander settles on grey rock. Strings can span lines; markup such as
  {log 2}, {card P101} or *emphasis* works inside them.
  """
  choice "Step outside" -> log @signal     // choices the players pick from
  choice "Wait for the dust to settle" -> log 2
}

log 2 "Lift-Off" {
  if checked log 2 -> log 3                 // a condition, then where it sends them
  check                                     // a box the players tick when they read it
  text "The engines cough, then catch."
  -> log @signal                            // where they go otherwise
}

log 3 "Evacuation" {
  text "The recall signal sounds. Everyone runs for the lander."
  end exploration                           // an effect: the exploration is over
}

// A log named with @ gets a free number from the pack's `numbering` range;
// `vcompiler build` records it in numbers.lock so that it never changes.
log @signal "The Signal" {
  text "A steady pulse comes from under the rock."
  gain success 1                            // effects: a verb and its arguments
  return                                    // back to where the players came from
}
