log 1 "Start" {  // expect: E212
  return
}
