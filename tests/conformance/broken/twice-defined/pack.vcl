// A number or an id given twice is an error at its second definition, in whichever
// file that is.
pack twice_defined {
  game vanguard
  title "Twice defined"
  version "1.0.0"
  start log 30
}

log 30 "Landing" {
  -> log 31
}

log 31 "Ridge" {
  return
}

mission M05 "Hold the Ridge" {
  text "Hold the ridge until dawn."
}

planet ridge "Ridge" {
  mission M05
  sector 1 {
    lander
    poi P210 printed
  }
  sector 1 {  // expect: E205@3
    -> log 30
  }
}
