pack tiny {
  game vanguard
  title "A Tiny Pack"
  version "1.0.0"
  start log 1
}

log 1 "The Door" {
  text "A door, *half open*. Behind it, {log @hall}."
  choice "Go in" -> log @hall
}

log @hall "The Hall" {
  text "Dust. Nothing else. Back to {log 1}."
  return
}
