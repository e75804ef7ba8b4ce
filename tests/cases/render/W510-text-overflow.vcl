// Build-time cases: `build` lays the cards out and measures their text.
pack overflow {
  game vanguard
  title "Overflow"
  version "0.1.0"
  start log 1
}

log 1 "Start" {
  text "Land."
  gain unique 1
  gain unique 2
  end exploration
}

unique 1 "A Long Story" {
  text "The hull groans and shifts beneath your boots as the crawlers gather. The hull groans and shifts beneath your boots as the crawlers gather. Something answers from below. The hull groans and shifts beneath your boots as the crawlers gather. Something answers from below. The hull groans and shifts beneath your boots as the crawlers gather. Something answers from below. The hull groans and shifts beneath your boots as the crawlers gather. Something answers from below. The hull groans and shifts beneath your boots as the crawlers gather. Something answers from below. The hull groans and shifts beneath your boots as the crawlers gather. Something answers from below. The hull groans and shifts beneath your boots as the crawlers gather. Something answers from below. The hull groans and shifts beneath your boots as the crawlers gather. Something answers from below. The hull groans and shifts beneath your boots as the crawlers gather. Something answers from below. The hull groans and shifts beneath your boots as the crawlers gather. Something answers from below. The hull groans and shifts beneath your boots as the crawlers gather. Something answers from below."  // expect: W510
}

unique 2 "A Short Story" {
  text "It fits."
}
