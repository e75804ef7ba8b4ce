pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}

log 1 "Start" {
  place poi P101 in sector 1
  place poi P102 in sector 1
  place poi P103 in sector 1
  return
}

planet p "P" {
  sector 1 { lander }
}

poi P101 "Cave" {
  art "../outside.png"  // expect: E114@7
  text "A path that climbs out of the pack."
}

poi P102 "Crater" {
  art "/etc/hostname"  // expect: E114@7
  text "An absolute path."
}

poi P103 "Vent" {
  art "art/../E114-art-outside-the-pack.vcl"  // expect: E116@7
  text "A path that stays inside, though it names a file that is no image."
}
