// The pack: one per folder. `game` says which rules apply; `start` is the first
// log the players read; `numbering` is where `log @label` entries take their numbers.
pack {{name}} {
  game vanguard
  title "{{title}}"
  version "0.1.0"
  start log 1
  numbering 100..999 seed {{seed}}
}
