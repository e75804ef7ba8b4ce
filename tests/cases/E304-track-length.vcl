pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  return
}

planet p "P" {
  sector 1 { poi P1 printed }
  sector 2 { poi P2 printed }
  sector 3 { poi P3 printed }
  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
}

poi P1 "One" {
  action "Drag" {
    special physical => progress green
    track green 12 => gain success 1  // expect: E304
  }
}

poi P2 "Two" {
  action "Drag" {
    special physical => progress green
    track green 10 => gain success 1
  }
}

poi P3 "Three" {
  action "Drag" {
    special physical => progress green
    track green 0 => gain success 1  // expect: E304
  }
}
