// Only a log that carries a check mark can be tested for one; a mark that nothing
// ever tests is worth a warning.
pack check_marks {
  game vanguard
  title "Check marks"
  version "1.0.0"
  start log 10
}
