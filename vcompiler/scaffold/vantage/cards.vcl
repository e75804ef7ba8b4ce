// A numbered card with its own storybook actions, filed under the card's number.
card 1201 item "Driftwood" {
  vertical                                      // how the card is held
  boost 1                                       // boost it can hold
  slot time / blank                             // a slot, and the die faces it takes
  action help "Lend it" cost 0 always {         // `always`: available every turn
    text "Another player may borrow it."
    result {
      gain boost 1
    }
  }
}
