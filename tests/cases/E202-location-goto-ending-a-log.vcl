// only the marked diagnostics
// The goto was meant as the log's way out: no E401 beside the E202.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Landfall" {
  text "The lander settles."
  -> location 2    // expect: E202@3
}
