// A word wider than a line of the books (84 mm at 9.5 pt): in a log's text, a choice and
// a title. A word that a line holds, one with hyphens where it may break, and one in a
// comment are not.
pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  text "Before Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa after."  // expect: W514@16
  text "Pneumonoultramicroscopicsilicovolcanoconiosis, said the doctor."
  text "A-very-long-compound-word-with-hyphens-where-a-line-may-break-as-it-must."
  // Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
  choice "Climb the Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" -> log 2  // expect: W514@21
  choice "Stay" -> log 2
}

log 2 "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" {  // expect: W514@8
  text "*Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa* in italics."  // expect: W514@10
  end exploration
}
