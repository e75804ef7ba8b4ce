"""What a writer is told about a syntax error: the code, where, and a hint that guesses
the mistake (a block left open, a line of the other game, a misplaced word), and no
follow-on diagnostics that the mistake alone causes."""
from conftest import VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.compile import compile_pack

_LINES = VANGUARD_HEADER.count("\n")
assert VANTAGE_HEADER.count("\n") == _LINES


def _found(write_pack, header: str, body: str, files: dict[str, str] | None = None):
    result = compile_pack(write_pack({"pack.vcl": header + body, **(files or {})}))
    return [(d.code.id, d.span.line - _LINES, d.span.column, d.message, d.hint) for d in result.diagnostics]


def test_a_card_action_left_open_is_named_and_the_next_card_still_defined(write_pack):
    # The card's `}` closes the action: the next `poi` is read inside the card.
    found = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  -> log 2
}
log 2 "Two" {
  place poi P202 in sector 1
  return
}
planet cinder "Cinder" {
  sector 1 "Beach" { lander }
}
poi P201 "Vent Field" {
  biomes volcanic
  action "Descend" danger 1 {
    outcome green: physical => gain success 1
}

poi P202 "Glass Chimney" {
  final
}
''')
    [(code, line, column, message, hint)] = found
    assert (code, line, column) == ("E100", 13, 29)
    assert message == 'the block `action "Descend" danger 1 {` of poi P201 opens here and is not closed'
    assert hint == f"the `}}` on line {15 + _LINES} closes it, not poi P201: add the `}}` this block lacks"


def test_a_sector_left_open_is_named_where_it_opens_not_at_the_next_sector(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  return
}
planet cinder "Cinder" {
  sector 1 "Black Beach" {
    lander

  sector 2 "Vent Field" { biomes volcanic }
  path 1 <-> 2 [travel]
}
''')
    [(code, line, column, message, hint)] = found
    assert (code, line, column) == ("E100", 5, 26)
    assert message == 'the block `sector 1 "Black Beach" {` of planet cinder opens here and is not closed'
    assert hint == f"add `}}` where this block ends, before line {8 + _LINES}"


def test_an_action_of_a_location_left_open_is_named_before_the_exit_that_follows(write_pack):
    found = _found(write_pack, VANTAGE_HEADER, '''location 1 "Cliff" {
  help "Climb" cost 1 {
    result {
      gain coin 1
    }
  north 2 walk
}
location 2 "Beach" {
  south 1 walk
}
''')
    [(code, line, column, message, hint)] = found
    assert (code, line, column) == ("E100", 2, 23)
    assert message == 'the block `help "Climb" cost 1 {` of location 1 opens here and is not closed'
    assert hint == f"add `}}` where this block ends, before line {6 + _LINES}"


def test_a_writer_who_indents_nothing_is_told_of_the_word_not_of_a_block(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
return
}
poi P201 "Vent Field" {
biomes volcanic
action "Descend" {
outcome green: physical => gain success 1
outcome green physical => gain success 1
}
''')
    assert [(code, line, column) for code, line, column, _, _ in found] == [("E100", 8, 15)]


_TWO_LOCATIONS = '''location 1 "Cliff" {
  %s
  north 2 walk
}
location 2 "Beach" {
  south 1 walk
}
'''


def test_a_logbook_check_in_a_location_body_is_the_other_games(write_pack):
    [(code, line, column, message, hint)] = _found(write_pack, VANTAGE_HEADER, _TWO_LOCATIONS % "check")
    assert (code, line, column) == ("E209", 2, 3)
    assert message == "`check` belongs to the vanguard game, not to this vantage pack"
    assert hint.startswith("a storybook has no check boxes: gain a card to remember what happened")


def test_a_logbook_condition_in_a_location_body_is_the_other_games(write_pack):
    found = _found(write_pack, VANTAGE_HEADER, _TWO_LOCATIONS % "if checked log 5 -> location 2")
    [(code, line, column, message, hint)] = found
    assert (code, line, column) == ("E209", 2, 6)
    assert message == "`if checked log N` belongs to the vanguard game, not to this vantage pack"
    assert hint.startswith("conditions are `has card N`")


def test_a_goto_to_a_log_in_a_location_body_is_the_other_games(write_pack):
    [(code, line, column, message, _)] = _found(write_pack, VANTAGE_HEADER, _TWO_LOCATIONS % "-> log 5")
    assert (code, line, column, message) == ("E209", 2, 3, "`-> log` belongs to the vanguard game, not to this "
                                                           "vantage pack")


def test_a_result_line_in_a_location_body_is_told_where_it_goes(write_pack):
    [(code, line, column, message, hint)] = _found(write_pack, VANTAGE_HEADER,
                                                   _TWO_LOCATIONS % "if has coin 1 -> location 2")
    assert (code, line, column) == ("E100", 2, 3)
    assert message == "`if` stands in an action's result, not in a location's body"
    assert hint.startswith("put it in the `result { … }` of an action")
