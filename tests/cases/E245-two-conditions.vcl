pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" { return }

condition G01 "Flickering Lights" external { text "The lights flicker." }
condition G02 "Dark" external { text "Dark." }

planet p "P" {
  condition printed "Hull Tremors" { travel spend die }
  condition G01  // expect: E245@13
  sector 1 { lander }
}

planet q "Q" {
  condition G01
  condition G02  // expect: E245@13
  sector 1 { lander }
}

planet r "R" {
  condition G02
  sector 1 { lander }
}
