log 10 "Airlock" {
  text "The outer door cycles."
  if checked log 11 -> log 12  // expect: E210@6
  -> log 11
}

log 11 "Corridor" {
  return
}

log 12 "Hangar" {
  check  // expect: W406@3
  return
}
