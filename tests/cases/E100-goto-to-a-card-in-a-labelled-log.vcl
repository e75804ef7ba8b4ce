// only the marked diagnostics
// Log @vent does not parse: what its broken choice led to may be any log, so @climb,
// which nothing else leads to, is not called unreachable (W400); nor is @sample, which
// it names. Log 3, whose `-> log P201` names no log, may lead anywhere too.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Landfall" {
  choice "Go down" -> log @vent
  choice "Stay" -> log 2
}

log 4 "Lift-Off" external {
  -> log 3
}

log 2 "Stay" {
  return
}

log @vent "Inside the Vent" {
  choice "Take a sample" -> log @sample
  choice "Climb back out" -> poi P202    // expect: E100@30
}

log @sample "The Sample" {
  return
}

log @climb "Climbing Out" {
  return
}

log 3 "Lift-Off" {
  choice "Again" -> log P201    // expect: E100@25
  choice "Home" -> log 2
}
