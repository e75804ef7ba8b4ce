"""What a writer is told about a syntax error: the code, where, and a hint that guesses
the mistake (a block left open, a line of the other game, a misplaced word), and no
follow-on diagnostics that the mistake alone causes."""
import re

from conftest import ROOT, VANGUARD_HEADER, VANTAGE_HEADER
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


_VENT = '''log 1 "Start" {
  return
}
poi P201 "Vent" {
  biomes volcanic
  action "Descend" {
    ROW
    outcome red => gain injury "Scalded"
  }
}
'''


def test_a_requirement_without_its_colon_is_shown_with_it(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, _VENT.replace("ROW", "outcome green physical => gain success 1"))
    assert found == [("E100", 7, 19, "unexpected word `physical`; expected `:`, `=>` or a number",
                      "a requirement follows a `:`: `outcome green: physical …`")]


def test_a_plus_that_joins_nothing_is_named(write_pack):
    found = _found(write_pack, VANGUARD_HEADER,
                   _VENT.replace("ROW", "outcome green: physical +  / 2 construction => gain success 1"))
    [(code, line, column, _, hint)] = found
    assert (code, line, column) == ("E100", 7, 32)
    assert hint == "`+` joins two parts of a requirement: write the part after it, or remove the `+`"


def test_a_block_comment_is_told_the_comment_vcl_has(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, 'log 1 "Start" {\n  /* landing text */\n  return\n}\n')
    [(code, line, column, _, hint)] = found
    assert (code, line, column) == ("E100", 2, 3)
    assert hint == "a comment starts with `//` and runs to the end of its line; VCL has no `/* … */`"


def test_a_way_of_travel_after_a_starred_point_is_told_the_depart_entry(write_pack):
    found = _found(write_pack, VANTAGE_HEADER, '''location 1 "Flats" {
  north 2 walk
  south * walk
}
location 2 "Dunes" { south 1 walk }
''')
    [(code, line, column, _, hint)] = found
    assert (code, line, column) == ("E100", 3, 11)
    assert hint == ('`south *` stands alone: the reader looks up the depart entry (`depart 1 south "…" cost N '
                    '{ … }`), whose result says how they go; `south N walk` leads to a neighbour')


_PAID = '''location 1 "Flats" {
  north 2 walk
  help "Trade" cost 1 {
    result {
      PAID
    }
  }
}
location 2 "Dunes" { south 1 walk }
'''


def test_a_payment_after_what_it_buys_is_turned_round(write_pack):
    [(code, line, column, _, hint)] = _found(write_pack, VANTAGE_HEADER,
                                             _PAID.replace("PAID", "gain morale 2 => pay coin 2"))
    assert (code, line, column) == ("E100", 5, 21)
    assert hint == "the payment comes first: `pay coin 2 => gain morale 2`"


def test_a_payment_with_an_arrow_is_given_the_fat_arrow_not_both(write_pack):
    [(code, line, column, _, hint)] = _found(write_pack, VANTAGE_HEADER,
                                             _PAID.replace("PAID", "pay coin 2 -> gain morale 2"))
    assert (code, line, column) == ("E100", 5, 18)
    assert hint == "effects follow `=>`, not `->` (a goto): `pay coin 2 => gain morale 2`"


def test_a_goto_to_a_card_is_offered_only_what_the_packs_game_goes_to(write_pack):
    [(code, line, column, message, hint)] = _found(write_pack, VANGUARD_HEADER,
                                                   'log 1 "Start" {\n  choice "Out" -> poi P202\n  return\n}\n')
    assert (code, line, column) == ("E100", 2, 19)
    assert message == "unexpected `poi`; expected `log`"
    assert hint == "`->` leads to a log: `-> log N`"
    [(code, line, column, message, hint)] = _found(write_pack, VANTAGE_HEADER, '''location 1 "Flats" {
  north 2 walk
  look "Scan" cost 1 { result { -> poi 3 } }
}
location 2 "Dunes" { south 1 walk }
''')
    assert (code, line, column) == ("E100", 3, 36)
    assert message == "unexpected `poi`; expected `location`"
    assert hint == "`->` leads to a location: `-> location N`"


def test_a_name_with_a_dash_or_a_letter_of_another_script_is_given_the_name_vcl_takes(write_pack):
    header = VANGUARD_HEADER.replace("pack test {", "pack cinder-reach {")
    [(code, line, column, message, hint)] = _found(write_pack, header, 'log 1 "Start" { return }\n')
    assert (code, line, column, message) == ("E100", 1 - _LINES, 12, "unexpected character `-`; expected `{`")
    assert hint == "a name is ASCII letters, digits and `_`: `cinder_reach`"
    found = _found(write_pack, VANGUARD_HEADER, 'log 1 "Start" { return }\nlog @café "Café" { return }\n')
    [(code, line, column, _, hint)] = [f for f in found if f[0] == "E100"]
    assert (code, line, column) == ("E100", 2, 9)
    assert hint == "a name is ASCII letters, digits and `_`: `@cafe`"


def test_a_reference_that_names_nothing_is_told_what_it_needs_not_its_own_text_back(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, 'log 1 "Start" {\n  text "See {log} and {card 1 2}."\n  return\n}\n')
    assert found == [
        ("E102", 2, 13, "{log} needs a number or an @label",
         "write it as {log N} or {log @label}, with the log it names"),
        ("E102", 2, 23, "{card 1 2} needs a card id such as P101 or a number",
         "write it as {card P101} or {card 1201}, with the card it names"),
    ]


def test_a_digit_typed_twice_is_told_the_number_not_a_labels_hidden_one(write_pack):
    header = VANGUARD_HEADER.replace("start log 1", "start log 1\n  numbering 100..299 seed 1")
    folder = write_pack({"pack.vcl": header + '''log 1 "Start" {
  choice "Lift off" -> log 22
  choice "Wait" -> log 3
}
log 2 "Lift-Off" { -> log @home }
log 3 "Wait" { -> log @empty }
log @empty "Empty" { return }
log @home "Home" { end exploration }
'''})
    (folder / "numbers.lock").write_text('{"home": 250, "empty": 220}\n')
    # Log 2 and @home, which only the mistyped goto leads to, are not also unreachable.
    [(code, line, column, hint)] = [(d.code.id, d.span.line - header.count("\n"), d.span.column, d.hint)
                                    for d in compile_pack(folder).diagnostics]
    assert (code, line, column) == ("E200", 2, 21)
    assert hint == "did you mean 2? (defined logs near 22: 3)"


def _lock_problem(write_pack, lock: str):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "Start" { -> log @end }\nlog @end "End" { return }\n'})
    (folder / "numbers.lock").write_text(lock, encoding="utf-8")
    result = compile_pack(folder)
    [d] = result.diagnostics
    assert d.span.file.endswith("/numbers.lock") and d.span.file in result.sources   # its line is shown
    return d.code.id, d.span.line, d.span.column, d.message, d.hint


def test_a_lock_that_is_not_json_is_told_where_and_what_in_words(write_pack):
    code, line, column, message, hint = _lock_problem(write_pack, "garbage {\n")
    assert (code, line, column) == ("E109", 1, 1)
    assert message == "numbers.lock cannot be read: a value (`{`, a number or a string) is expected here"
    assert hint.startswith('`build` writes it as `{"label": 123, …}`, one label a line')
    code, line, column, message, _ = _lock_problem(write_pack, '{\n  "a": 101\n  "end": 102\n}\n')
    assert (code, line, column, message) == ("E109", 3, 3, "numbers.lock cannot be read: a `,` is missing before this")


def test_a_lock_with_a_comma_after_its_last_label_is_told_to_remove_it(write_pack):
    assert _lock_problem(write_pack, '{\n  "end": 102,\n}\n') == \
        ("E109", 2, 13, "numbers.lock cannot be read: a `,` follows its last label", "remove this `,`")


def test_a_lock_a_merge_left_markers_in_is_told_how_to_join_both_sides(write_pack):
    code, line, column, _, hint = _lock_problem(write_pack, '{\n<<<<<<< HEAD\n  "end": 102\n=======\n'
                                                             '  "other": 103\n>>>>>>> branch\n}\n')
    assert (code, line, column) == ("E109", 2, 1)
    assert hint.startswith("a merge left its conflict markers in it: keep the lines of both sides")


def test_lines_with_more_or_less_than_their_statement_takes_are_told_what(write_pack):
    cases = [
        (VANGUARD_HEADER, 'log 1 "Start" {\n  outcome green => gain success 1\n  return\n}\n', (2, 17),
         '`outcome` opens a row of an action\'s dice check (`action "Name" { outcome green: physical => … }` on a '
         'card or a sector), not a line of a log'),
        (VANGUARD_HEADER, 'log 1 "Start" {\n  if checked log 2 log 3\n  return\n}\nlog 2 "T" { check; return }\n'
         'log 3 "U" { return }\n', (2, 25), "`->` stands before where an `if` leads: `if checked log 2 -> log 3`"),
        (VANGUARD_HEADER, 'log 1 "Start" {\n  choice "Go" log 2\n  return\n}\nlog 2 "T" { return }\n', (2, 15),
         '`->` stands before where it leads: `choice "Go" -> log 2`'),
        (VANGUARD_HEADER, 'log 1 "Start" {\n  text "a" "b"\n  return\n}\n', (2, 12),
         "a line takes one string: join the two, or give the second a line of its own"),
        (VANGUARD_HEADER, 'log 1 "Start" { return }\nplanet p "P" {\n  sector 1 { lander }\n  sector 2 { }\n'
         '  path 1 2 [travel]\n}\n', (5, 10), "`->` leads one way, `<->` both ways: `path 1 <-> 2 [travel]`"),
        (VANGUARD_HEADER, 'log 1 "Start" {\n  choice "Go" -> log 2 -> log 3\n  return\n}\n', (2, 24),
         "a line leads to one place: give the second `->` a line of its own, or remove it"),
        (VANTAGE_HEADER, 'location 1 "Flats" {\n  north 2 fly\n}\nlocation 2 "Dunes" { south 1 walk }\n', (2, 11),
         "here stands `north 2 swim` or `north 2 walk`"),
        (VANGUARD_HEADER, 'log 1 "Start" {\n  text "a" gain\n  return\n}\n', (2, 12),
         "the line is whole before word `gain`: remove it, or give it a line of its own"),
    ]
    for header, body, at, wanted in cases:
        [(code, line, column, _, hint)] = [f for f in _found(write_pack, header, body) if f[0] == "E100"]
        assert (code, (line, column), hint) == ("E100", at, wanted), body


def test_a_location_body_is_not_offered_the_statements_it_only_takes_to_refuse(write_pack):
    [(code, line, column, message, hint)] = _found(write_pack, VANTAGE_HEADER,
                                                   _TWO_LOCATIONS.replace("%s", "chek 2 walk"))
    assert (code, line, column) == ("E100", 2, 3)
    assert message.startswith("unexpected word `chek`; expected `arrival`, `art`, `character`, `choice`, `east`")
    assert "`check`" not in message and "`->`" not in message and hint != "did you mean `check`?"


def test_every_hint_function_says_which_mistake_it_guesses_and_stands_once():
    from vcompiler.parse import hints
    for table in (hints.TOKEN_HINTS, hints.CHARACTER_HINTS):
        assert len({f.__name__ for f in table}) == len(table)
        for function in table:
            assert function.__doc__ and function.__doc__.strip(), function.__name__


def test_the_first_hint_that_answers_wins():
    from lark import Token

    from vcompiler.parse.hints import TOKEN_HINTS, TokenError, token_hint
    # `->` after a goto where `=>` would also do: a second goto (shape) and a goto
    # among effects (fallback) both answer; the shape, earlier in the list, wins.
    text = 'log 1 "S" {\n  choice "Go" -> log 2 -> log 3\n}'
    at = text.index("-> log 3")
    error = TokenError.at(text, Token("ARROW", "->", start_pos=at, line=2, column=at - 12 + 1),
                          {"_FATARROW", "_NL", "_SEMI"})
    answering = [f.__name__ for f in TOKEN_HINTS if f(error) is not None]
    assert answering[:2] == ["second_goto", "goto_among_effects"]
    hint, by = token_hint(error)
    assert hint == "a line leads to one place: give the second `->` a line of its own, or remove it"
    assert by is not None and by.__name__ == "second_goto"


def test_what_a_new_writer_trips_on_is_told_at_the_mistake_with_a_fix(write_pack):
    cases = [
        (VANGUARD_HEADER, 'log 1 "Start" {\n  Choice "Go in" -> log 2\n}\nlog 2 "In" { return }\n', (2, 3),
         "unknown statement `Choice`: did you mean `choice`?",
         'keywords are written in lower case: `choice "Go in" -> log 2`'),
        (VANGUARD_HEADER, 'log 1 "Start" {\n  gain success 1 -> log 2  // on\n}\nlog 2 "In" { return }\n', (2, 18),
         None, "join two effects with `;`: `gain success 1; -> log 2`"),
        (VANGUARD_HEADER, 'log 1 "Start" {\n  lose success 2O\n  return\n}\n', (2, 16),
         "`2O` is not a number; expected `+`, `,`, `/`, `;`, `=>`, `]`, `}` or one of 6 more",
         "`2O` has a letter for a digit: write `20`"),
        (VANGUARD_HEADER, 'log 1 "Start" {\n  "The hatch hisses."\n  return\n}\n', (2, 3),
         None, 'prose is a `text` statement: `text "The hatch hisses."`'),
        (VANGUARD_HEADER, 'log 1 "Start" {\n  text "He said "hi" to me"\n  return\n}\n', (2, 18),
         None, 'a `"` inside text is written `\\"`: `text "He said \\"hi\\" to me"`'),
        (VANTAGE_HEADER, 'location 1 "Flats" {\n  look "Dig" cost 1 { result { pay coin 2; gain morale 2 } }\n}\n',
         (2, 42), None, "a payment buys the effects after `=>`: `pay coin 2 => gain morale 2`"),
    ]
    for header, body, at, message, hint in cases:
        [found] = [f for f in _found(write_pack, header, body) if f[0] == "E100"]
        assert (found[1], found[2]) == at, body
        assert message is None or found[3] == message
        assert found[4] == hint, body


def test_a_number_with_a_letter_for_a_digit_leaves_no_warning_it_explains(write_pack):
    # `-> log 2O` was the only way to log 20 and the logs after it: none is unreachable.
    found = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  -> log 2O
}
log 20 "Hub" {
  choice "a" -> log 3
  choice "b" -> log 4
}
log 3 "x" { return }
log 4 "x" { return }
''')
    assert [(code, line, column) for code, line, column, _, _ in found] == [("E100", 2, 10)]


def test_the_vantage_tutorials_mistakes_give_the_codes_it_names(tmp_path):
    text = (ROOT / "docs" / "tutorial-vantage.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```vcl[^\n]*\n(.*?)```", text, re.DOTALL)
    pack = blocks[0][:blocks[0].index("\nlocation 0")]
    setup = next(block for block in blocks if "location 000" in block)
    written, code = re.search(r"write `(character \d+)`.*? it says (E\d+)", text, re.DOTALL).groups()
    folder = tmp_path / "my-coast"
    folder.mkdir()
    (folder / "coast.vcl").write_text(pack + setup, encoding="utf-8")
    assert [d.code.id for d in compile_pack(folder).diagnostics] == []
    (folder / "coast.vcl").write_text(pack + re.sub(r"character \d+", written, setup, count=1), encoding="utf-8")
    assert [d.code.id for d in compile_pack(folder).diagnostics if d.severity.name == "ERROR"] == [code]
