pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  check
  then green  // expect: E310
  gain success 1 / immediate red  // expect: E310
  progress green  // expect: E310
  threat move  // expect: E310
  threat attack 2  // expect: E310
  travel  // expect: E310
  reduce red  // expect: E310
  progress time
  reset time
  roll danger T
  if checked log 1 -> log 2
  return
}

log 2 "Fine" { return }

// The Time Track that `progress time` and `reset time` move from a log.
condition G01 "Flickering Lights" external { time 4 => -> log 2 }
