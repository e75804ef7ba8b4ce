// The pack: one per folder. `game` says which rules apply; `start` is the
// location the players begin at.
pack {{name}} {
  game vantage
  title "{{title}}"
  version "0.1.0"
  start location 0
}
