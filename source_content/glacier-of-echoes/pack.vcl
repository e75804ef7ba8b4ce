// The Glacier of Echoes: a campaign planet for the vanguard game, written as a
// rulebook planet is: rules text on its cards, a global condition with a dice
// combination, a threat, time tracks and missions completed by their own actions.
pack glacier_of_echoes {
  game vanguard
  title "The Glacier of Echoes"
  version "0.1.0"
  start log 1000
  numbering 1000..1199 seed 11
}
