// An error in a planet that is not its lander (a sector declared twice) does not
// explain a planet without a lander sector: both are reported.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

planet p "P" {  // expect: W407
  sector 1 { poi slot }
  sector 1 { poi slot }  // expect: E205
}
