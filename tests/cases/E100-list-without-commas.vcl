// only the marked diagnostics: a list's words written without the `,` between them
// (`biomes frigid ruins`), and a line that ends before the number it names
// (`lift_off -> log`), each with the code that mends it.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

planet moon "The Moon" {
  lift_off -> log 1
  sector 1 "Plain" {
    lander
    biomes frigid ruins  // expect: E100@19
  }
}

log 1 "Start" {
  text "You land."
  -> log  // expect: E100@9
}
