// Errors, the warnings they explain (not reported: log 12 is what `log 122` may mean,
// log 13 and P202 are named where errors are, P101 is spelt like `P1O1`, `-> log 99`
// may be the way out of logs 60 and 61, `retrun` the way out of log 70, `@dom` the test
// of log @doom's box), and the warnings nothing explains, reported beside the errors.
pack defects {
  game vanguard
  title "Defects"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  choice "Typo" -> log 122  // expect: E200
  choice "Broken" -> log 5
  choice "Loops" -> log 3
  choice "More loops" -> log 60
  choice "Cards" -> log 70
  choice "Checks" -> log @checks
}

log 3 "Hub" {
  choice "One" -> log 40
  choice "Two" -> log 50
}

log 5 "Does not parse" {
  text "Read {log 13} later."
  choice "x" -> 13  // expect: E100
}

log 12 "Meant by the typo" { return }
log 13 "Mentioned where the parse failed" { return }
log 30 "Lost" { return }  // expect: W400
log 31 "Lost too" { -> log 30 }  // expect: W400

log 40 "Loop A" { -> log 41 }  // expect: W404
log 41 "Loop A back" { -> log 40 }
log 50 "Loop B" { -> log 51 }  // expect: W404
log 51 "Loop B back" { -> log 50 }
log 60 "Loop with a dangling way" { -> log 61 }
log 61 "Dangling" {
  choice "Back" -> log 60
  choice "Out" -> log 99  // expect: E200
}

log 70 "Cards" {
  place poi P1O1 in sector 1  // expect: E208
  plaec poi P202 in sector 1  // expect: E207
  gain success 1
  retrun  // expect: E207
}

log @checks "Checks" {
  if checked log @dom -> log 81  // expect: E200
  choice "On" -> log @doom
  choice "Off" -> log 82
  choice "Tick" -> log 80
}
log @doom "Doom" { check; return }
log 80 "Ticked" { check; return }  // expect: W406
log 81 "Also ticked" { return }
log 82 "Dead end" { gain success 1 }  // expect: E401

mission M01 "Unrevealed" { text "Nobody reveals this." }  // expect: W402

planet p "P" {
  sector 1 {
    lander
    poi P300 printed
  }
}

poi P101 "Meant by a typo" { final }
poi P202 "Gained on an error line" { final }
poi P300 "Printed" { final }
poi P900 "Unused" { final }  // expect: W402
