"""What a writer is told when they write what the language does not take: a construct
of the other game, a misspelt condition, and logs named as the writer named them."""
from conftest import VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.compile import compile_pack
from vcompiler.registry.constructs import CONSTRUCTS
from vcompiler.registry.kinds import kind_named


def _found(write_pack, header: str, body: str):
    result = compile_pack(write_pack({"pack.vcl": header + body}))
    offset = header.count("\n")
    return [(d.code.id, d.span.line - offset, d.span.column, d.message, d.hint) for d in result.diagnostics]


def test_a_vantage_payment_in_a_log_is_named_with_the_vanguard_way(write_pack):
    [(code, line, column, message, hint)] = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  pay coin 2 => gain morale 1
  return
}
''')
    assert (code, line, column) == ("E100", 2, 14)
    assert message.startswith("unexpected `=>`")
    construct = CONSTRUCTS["pay"]
    assert hint == f"`pay` opens {construct.what}, which belongs to the vantage game; a vanguard pack writes " \
                   + construct.instead


def test_a_vantage_action_in_a_log_is_named_by_its_cost(write_pack):
    # `move` is a vanguard effect too: the word that tells the games apart is `cost`.
    [(code, line, column, _, hint)] = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  move "Climb" cost 2 { result { gain morale 1 } }
  return
}
''')
    assert (code, line, column) == ("E100", 2, 23)
    assert hint.startswith("`cost` opens a cost in challenge dice, which belongs to the vantage game; "
                           "a vanguard pack writes a Special Action")


def test_a_vantage_step_is_not_an_unknown_verb_but_the_other_games(write_pack):
    [(code, line, column, message, hint)] = _found(write_pack, VANGUARD_HEADER,
                                                   'log 1 "Start" {\n  step "Roll a die"\n  return\n}\n')
    assert (code, line, column, message) == ("E207", 2, 3, "unknown effect verb `step`")
    assert "belongs to the vantage game" in hint and "`log start" in hint


def test_a_vanguard_outcome_in_a_storybook_result_names_the_vantage_way(write_pack):
    [(code, line, column, _, hint)] = _found(write_pack, VANTAGE_HEADER, '''location 1 "Cliff" {
  help "Climb" cost 1 {
    result {
      outcome green: physical => gain morale 1
    }
  }
}
''')
    assert (code, line, column) == ("E100", 4, 20)
    assert hint.startswith("`outcome` opens a dice check's outcome, which belongs to the vanguard game; "
                           "a vantage pack writes an action's result")


def test_a_declaration_of_the_other_game_says_how_this_one_writes_it(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, 'log 1 "Start" { return }\nlocation 2 "Cliff" { }\n')
    [(code, line, column, message, hint)] = found
    assert (code, line, column) == ("E209", 2, 1)
    assert message == "a location belongs to the vantage game, not to this vanguard pack"
    assert hint == "move it to a vantage pack; a vanguard pack writes " + kind_named("location").instead


def test_a_mistake_inside_a_declaration_of_the_other_game_names_the_declarations_game(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" { return }
location 2 "Cliff" {
  north 3 walk
  blah blah
}
''')
    [(code, line, column, message, hint)] = found
    assert (code, line, column) == ("E100", 4, 3)
    assert message.startswith("unexpected word `blah`")
    line = 2 + VANGUARD_HEADER.count("\n")
    assert hint == f"`location` on line {line} opens a location, which belongs to the vantage game; " \
                   "a vanguard pack writes " + kind_named("location").instead


def test_a_misspelt_keyword_inside_a_declaration_of_the_other_game_is_told_the_game(write_pack):
    [(code, line, column, _, hint)] = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" { return }
location 2 "Cliff" {
  lok "Peer" cost 1 { result { text "Far." } }
}
''')
    assert (code, line, column) == ("E100", 3, 3)
    assert "belongs to the vantage game" in hint


def test_a_mistake_inside_a_declaration_of_this_game_gets_no_other_game_hint(write_pack):
    [(code, line, column, _, hint)] = _found(write_pack, VANTAGE_HEADER, 'location 1 "Cliff" {\n  blah blah\n}\n')
    assert (code, line, column) == ("E100", 2, 3)
    assert hint is None or "game" not in hint


def test_a_misspelt_condition_gets_the_nearest_with_the_writers_own_words(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  if chekced log 2 -> log 2
  if has discovry mineral -> log 2
  if threat T01 in sectr 3 -> log 2
  if sunny day -> log 2
  return
}
log 2 "Box" { check; return }
threat T01 "Stalker" external { }
''')
    errors = {line: (code, column, message, hint) for code, line, column, message, hint in found if code == "E229"}
    assert errors[2][:3] == ("E229", 6, "unknown condition `chekced log 2`")
    assert errors[2][3].startswith("did you mean `checked log 2`? conditions are ")
    assert errors[3][3].startswith("did you mean `has discovery mineral`?")
    assert errors[4][3].startswith("did you mean `threat T01 in sector 3`?")
    assert errors[5][3].startswith("conditions are ")


def test_messages_name_a_labelled_log_as_written_with_its_number(write_pack):
    result = compile_pack(write_pack({"pack.vcl": VANGUARD_HEADER + '''log 1 "Start" {
  if checked log @box -> log @loop
  -> log @stuck
}
log @box "Box" { return }
log @stuck "Stuck" { text "Nothing." }
log @loop "Loop" { -> log @loop2 }
log @loop2 "Loop" { check; -> log @loop }
'''}))
    labels = result.pack.labels
    said = {d.code.id: (d.message, d.hint) for d in result.diagnostics}
    assert said["E210"] == (f"log @box ({labels['box']}) has no check mark to test", "add `check` to log @box")
    assert said["E401"][0] == f"log @stuck ({labels['stuck']}) has no way out"
    loop = ", ".join(f"@{name} ({number})" for number, name in sorted((labels[n], n) for n in ("loop", "loop2")))
    assert said["W404"][0] == f"logs {loop} form a loop with no way out"
    assert said["W406"] == (f"nothing tests the check mark of log @loop2 ({labels['loop2']})",
                            "test it with `if checked log @loop2 -> log N`, or remove `check`")


def test_a_line_below_a_labelled_goto_names_the_goto_as_written(write_pack):
    [(code, line, _, message, _)] = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  -> log @box
  text "Nobody reads this."
}
log @box "Box" { return }
''')
    assert (code, line, message) == ("E314", 3, "this line of log 1 is never read: `-> log @box` comes before it")


def test_a_misspelt_statement_word_is_named_with_the_keywords_that_start_a_statement_there(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  choise "Go in" -> log 2
  choice "Stay" -> log 2
}
log 2 "In" { return }
poi P101 "Shard" external {
  action "Free Yourself" {
    outcom green: physical => gain success 1
    outcome red => nothing
  }
}
''')
    assert found == [
        ("E100", 2, 3, "unknown statement `choise`: did you mean `choice`?",
         "a statement here starts with `check`, `choice`, `else`, `if`, `text` or an effect's verb"),
        ("E100", 8, 5, "unknown statement `outcom`: did you mean `outcome`?",
         "a statement here starts with `outcome`, `special`, `text`, `track` or an effect's verb")]


def test_a_misspelt_keyword_read_as_an_effect_verb_is_told_the_keyword(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  txet "The hatch opens."
  gian success 1
  return
}
planet p "P" {
  sector 1 { lnader; poi P101 printed }
}
poi P101 "Shard" { final }
''')
    assert found == [
        ("E207", 2, 3, "unknown statement `txet`: did you mean `text`?",
         "a statement here starts with `check`, `choice`, `else`, `if`, `text` or an effect's verb"),
        # Nearer to a verb than to any keyword: the verb.
        ("E207", 3, 3, "unknown effect verb `gian`", "did you mean `gain`? (gain success N; gain supplies N; "
                                                       "gain lead N)"),
        ("E207", 7, 14, "unknown statement `lnader`: did you mean `lander`?",
         "a statement here starts with `action`, `at`, `biomes`, `lander`, `poi` or an effect's verb")]


def test_a_word_near_no_statement_keyword_keeps_the_parsers_message(write_pack):
    # A keyword, a verb, a word like no keyword: the mistake is what follows the word.
    for statement, column in (('choice "Go in" -> 2', 21), ("gain success 1 -> log 2", 18),
                              ('zzz "Go in" -> log 2', 15)):
        found = _found(write_pack, VANGUARD_HEADER, f'log 1 "Start" {{\n  {statement}\n}}\nlog 2 "In" {{ return }}\n')
        assert [(code, line, column) for code, line, column, _, _ in found] == [("E100", 2, column)], statement
        assert not found[0][3].startswith("unknown statement")


def test_an_exit_to_its_own_location_names_the_neighbour_that_leads_there(write_pack):
    found = _found(write_pack, VANTAGE_HEADER, '''location 1 "Beach" {
  north 1 walk
}
location 2 "Cliff" {
  south 1 walk
}
''')
    assert found == [("E332", 2, 9, "north of location 1 leads to location 1 itself",
                      "south of location 2 leads here: did you mean 2?")]


def test_a_sector_with_no_way_back_to_the_lander_is_told_which_path_to_turn(write_pack):
    # The first tutorial's board as it once was: sector 3 entered one way, left no way.
    found = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" { return }
planet frost_moon "The Frost Moon" {
  sector 1 "Ice Plain" { lander }
  sector 2 "Cracked Dome" { poi slot }
  sector 3 { poi slot }
  path 1 <-> 2 [spend die]
  path 2 -> 3 [spend die]
}
''')
    assert found == [("W408", 5, 3, "no way leads back from sector 3 of planet frost_moon to a lander sector",
                      "a crewmember who goes there is left behind at Lift-Off; make `path 2 -> 3` two-way (`<->`)")]


def test_a_block_left_open_keeps_its_hint_on_a_line_of_the_other_games_word(write_pack):
    found = _found(write_pack, VANGUARD_HEADER,
                   'log 1 "Start" { return }\nlocation 3 "Cliff" {\n\nlog 2 "X" { return }\n')
    [(code, line, column, _, hint)] = [f for f in found if f[0] == "E100"]
    assert (code, line, column, hint) == ("E100", 2, 20, "add `}` where location 3 ends")


def test_a_keyword_with_letters_after_it_is_one_word_not_two(write_pack):
    # Where only `walk` or `swim` may stand, the lexer took `walk` out of `walks`.
    region = '''location 1 "Flats" {
  north 2 WALK
  east 3 SWIM
}
location 2 "Marsh" { south 1 walk }
location 3 "Pools" { west 1 swim }
'''
    found = _found(write_pack, VANTAGE_HEADER, region.replace("WALK", "walks").replace("SWIM", "swim2"))
    assert found == [("E100", 2, 11, "unexpected word `walks`", "did you mean `walk`?")]
    found = _found(write_pack, VANTAGE_HEADER, region.replace("WALK", "walk").replace("SWIM", "swim2"))
    assert found == [("E100", 3, 10, "unexpected word `swim2`", "did you mean `swim`?")]


def test_a_compass_exit_in_a_log_names_the_vantage_game_not_a_verb_spelt_like_it(write_pack):
    [(code, line, column, _, hint)] = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  north 2 walk
  return
}
''')
    assert (code, line, column) == ("E207", 2, 3)
    assert hint == ("`north` opens a compass exit of a location, which belongs to the vantage game; "
                    "a vanguard pack writes a path between sectors of a planet: `path 1 <-> 2 [travel]`")


def test_a_syntax_error_writers_make_says_how_to_mend_it(write_pack):
    cases = [
        ('log 1 "Start"\n{\n  return\n}\n', (1, 14), "a block opens on the line of its header: put `{` at the end "
                                                     "of this line"),
        ('log @the-end "End" { return }\n', (1, 9), "a label is letters, digits and `_`: `@the_end`"),
        ('log 1 "Start" {\n  gain success -2\n  return\n}\n', (2, 16),
         "a number has no sign: `lose`, `spend` or `reduce` takes away"),
        ('poi P1 "Site" {\n  action "Go" {\n    special missing physical -> immediate red\n'
         '    outcome green: physical => gain success 1\n  }\n}\n', (3, 30),
         "effects follow `=>`, not `->` (a goto): `special missing physical => immediate red`"),
        ('planet p "P" {\n  sector 1 { lander }\n  sector 2 { }\n  path 1 -- 2 [travel]\n}\n', (4, 10),
         "`->` leads one way, `<->` both ways"),
        ('log 1 "Start" {\n  gain success 1;; return\n}\n', (2, 18), "`;` joins two effects: remove the one too many"),
        ('log 1 "Start" {\n  return\n}\n}\n', (4, 1),
         "this `}` closes no block: remove it, or the `}` above it that closed the block too early"),
        ('log 1 "Start" {\n  choice "Wait"\n  return\n}\n', (2, 16),
         "say where it leads: `-> log N`"),
    ]
    for body, at, wanted in cases:
        [(code, line, column, _, hint)] = [f for f in _found(write_pack, VANGUARD_HEADER, body) if f[0] == "E100"]
        assert (code, (line, column), hint) == ("E100", at, wanted), body


def test_an_icon_cut_short_in_a_requirement_gets_the_icon(write_pack):
    [(code, line, column, _, hint)] = [f for f in _found(write_pack, VANGUARD_HEADER, '''poi P1 "Site" {
  final
  action "Go" {
    outcome green: physical + tech => gain success 1
    outcome red => nothing
  }
}
''') if f[0] == "E230"]
    assert (code, line, column) == ("E230", 4, 31)
    assert hint.startswith("did you mean `technology`?")


def test_a_location_action_without_its_cost_says_how_to_write_one(write_pack):
    [(code, line, column, _, hint)] = _found(write_pack, VANTAGE_HEADER, '''location 1 "Flats" {
  north 2 walk
  look "Dig" { result { gain coin 1 } }
}
location 2 "Marsh" { south 1 walk }
''')
    assert (code, line, column) == ("E100", 3, 14)
    assert hint == 'an action says what it costs in challenge dice: `look "Name" cost 2 { … }`'


def test_a_card_whose_id_lacks_its_letter_is_one_error_not_also_undefined(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  place poi P101 in sector 1
  return
}
planet p "P" {
  lift_off -> log 1
  evac -> log 1
  sector 1 { lander; poi slot }
}
poi 101 "Site" { final }
''')
    assert [(code, line, column) for code, line, column, _, _ in found] == [("E100", 10, 5)]


def test_a_path_in_error_is_not_also_a_sector_left_unreached_or_a_trap(write_pack):
    board = '''log 1 "Start" { return }
planet moon "Moon" {
  sector 1 { lander }
  sector 2 { poi slot }
  sector 3 { poi slot }
  path 1 <-> 2 [spend die]
  path 2 -> 3 [spend die]
  path 3 -> 1 [spend die]
}
'''
    assert _found(write_pack, VANGUARD_HEADER, board) == []
    # `3 -> 3` meant `3 -> 1`: without it sector 3 would be a trap (W408).
    [self_path] = _found(write_pack, VANGUARD_HEADER, board.replace("path 3 -> 1", "path 3 -> 3"))
    assert self_path[:3] == ("E311", 8, 3)
    # `2 -> 4` meant `2 -> 3`: without it no path would lead into sector 3.
    [undefined] = _found(write_pack, VANGUARD_HEADER, board.replace("path 2 -> 3", "path 2 -> 4"))
    assert undefined[:3] == ("E203", 7, 13)


def test_a_sector_numbered_twice_is_told_the_number_its_paths_lead_to(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" { return }
planet p1 "P1" {
  lift_off -> log 1
  sector 1 { lander }
  sector 1 { }
  path 1 <-> 2 [spend die]
  path 2 <-> 4 [spend die]
}
''')
    [(code, line, column, message, hint)] = found
    assert (code, line, column, message) == ("E205", 5, 3, "sector 1 of planet p1 is defined twice")
    assert hint.startswith("its paths lead to sector 2 or 4, which planet p1 does not have: was this one meant")


def test_text_pasted_with_curly_quotes_is_told_to_use_straight_ones(write_pack):
    [(code, line, column, _, hint)] = _found(write_pack, VANGUARD_HEADER,
                                             'log 1 "Start" {\n  text \u201cYou scratch an arrow.\u201d\n  return\n}\n')
    assert (code, line, column) == ("E100", 2, 8)
    assert hint.startswith('write straight quotes: "…"')


def test_a_string_closed_by_a_curly_quote_is_told_the_quote_to_straighten(write_pack):
    [(code, line, column, _, hint)] = _found(write_pack, VANGUARD_HEADER,
                                             'log 1 "Start" {\n  text "You scratch an arrow.\u201d\n  return\n}\n')
    assert (code, line, column) == ("E101", 2, 8)
    assert hint == 'it ends with a curly `\u201d`: close it with a straight `"`'


def test_single_quotes_and_a_hash_comment_are_told_the_vcl_way(write_pack):
    [(code, line, column, _, hint)] = _found(write_pack, VANGUARD_HEADER,
                                             "log 1 \"Start\" {\n  text 'You scratch an arrow.'\n  return\n}\n")
    assert (code, line, column, hint) == ("E100", 2, 8, 'text goes in double quotes: "…"')
    [(code, line, column, _, hint)] = _found(write_pack, VANGUARD_HEADER,
                                             "# the way in\nlog 1 \"Start\" {\n  return\n}\n")
    assert (code, line, column, hint) == ("E100", 1, 1, "a comment starts with `//`")


def test_a_second_effect_on_a_one_effect_line_is_told_to_repeat_the_line(write_pack):
    [(code, line, column, _, hint)] = _found(write_pack, VANTAGE_HEADER,
                                             'location 1 "Cliff" {\n  arrival suffer cold 1; gain coin 1\n}\n')
    assert (code, line, column) == ("E100", 2, 26)
    assert hint == ("`arrival` takes one effect (or a `/` choice of effects): repeat the line for a "
                    "second effect: `arrival gain coin 1`")
    [(code, line, column, _, hint)] = _found(write_pack, VANGUARD_HEADER, '''event E01 "Tremor" {
  biomes volcanic
  secondary progress time; spend die
}
log 1 "Start" {
  return
}
''')
    assert (code, line, column) == ("E100", 3, 28)
    assert hint.endswith("second effect: `secondary spend die`")


def _syntax(write_pack, header: str, body: str):
    """The syntax errors of a pack, without what a pack of only the mistake lacks."""
    return [found for found in _found(write_pack, header, body) if found[0] in ("E100", "E101")]


def test_a_second_fat_arrow_is_told_to_join_the_effects(write_pack):
    [(code, line, column, _, hint)] = _syntax(write_pack, VANGUARD_HEADER, '''injury "Scorched" {
  damage => spend die => lose supplies 1
}
''')
    assert (code, line, column) == ("E100", 2, 23)
    assert hint == "a line has at most one `=>`; join its effects with `;`: `=> spend die; lose supplies 1`"


def test_effects_without_a_fat_arrow_are_shown_where_it_goes(write_pack):
    found = _syntax(write_pack, VANGUARD_HEADER, '''poi P201 "Lava Tubes" {
  action "Crawl Inside" danger 1 {
    outcome green: 2 science gain success 1
    outcome red gain injury "Scorched"
  }
}
''')
    assert [(code, line, column, hint) for code, line, column, _, hint in found] == [
        ("E100", 3, 43, "effects follow `=>`: `outcome green: 2 science => gain success 1`"),
    ]
    [(code, line, column, _, hint)] = _syntax(write_pack, VANGUARD_HEADER, '''poi P201 "Lava Tubes" {
  action "Crawl Inside" danger 1 {
    outcome red gain injury "Scorched"
  }
}
''')
    # A red row has no requirement: the hint does not offer a `:`.
    assert (code, line, column) == ("E100", 3, 17)
    assert hint == 'effects follow `=>`: `outcome red => gain injury "Scorched"`'


def test_a_mistyped_log_number_is_told_the_written_number_before_a_labels(write_pack):
    header = VANGUARD_HEADER.replace("start log 1", "start log 1\n  numbering 200..299 seed 1")
    folder = write_pack({"pack.vcl": header + '''log 1 "Start" {
  choice "Run" -> log 21
  choice "Mark" -> log @mark
  choice "Lift off" -> log 22
}
log 20 "Lift-Off" { -> log @home }
log 21 "Run" { return }
log @mark "Marked" { return }
log @home "Home" { end exploration }
'''})
    (folder / "numbers.lock").write_text('{"home": 250, "mark": 220}\n')
    # 20 and 21 are one digit off, as is @mark's 220, which the writer never wrote and is
    # not named; 20 is what nothing else leads to.
    # Log 20 and @home, which only the mistyped goto leads to, are not also unreachable.
    [(code, line, column, hint)] = [(d.code.id, d.span.line - header.count("\n"), d.span.column, d.hint)
                                    for d in compile_pack(folder).diagnostics]
    assert (code, line, column) == ("E200", 4, 21)
    assert hint == "did you mean 20 or 21? (defined logs near 22: 21)"


def test_a_log_leading_only_to_itself_is_not_told_as_logs(write_pack):
    [(code, line, column, message, hint)] = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" { -> log 2 }
log 2 "Marked" {
  text "You scratch an arrow."
  -> log 2
}
''')
    assert (code, line, column) == ("W404", 2, 1)
    assert message == "log 2 leads only back to itself, a loop with no way out"
    assert hint == "give it `return`, `end exploration`, or a way to a log that has one"


def test_a_mistyped_exit_is_not_also_a_neighbour_that_does_not_lead_back(write_pack):
    found = _found(write_pack, VANTAGE_HEADER, '''location 1 "Shore" {
  east 4 swim
  take "Gather" cost 0 { result { gain health 1 } }
}
location 3 "Reef" {
  west 1 swim
  south 5 walk
}
location 5 "Cove" {
  north 3 walk
  south 1 walk
}
''')
    # Location 1's way north, back to 5, is not the one mistyped.
    assert [(code, line, column) for code, line, column, _, _ in found] == [("E202", 2, 8), ("W403", 11, 3)]


def test_a_misspelt_check_is_one_error_not_also_an_untickable_test_elsewhere(write_pack):
    found = _found(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  if checked log 2 -> log 3
  -> log 2
}
log 2 "Vent" {
  checked
  -> log 3
}
log 3 "End" { return }
''')
    assert [(code, line, column) for code, line, column, _, _ in found] == [("E207", 6, 3)]


def _fixes(write_pack, header: str, body: str):
    result = compile_pack(write_pack({"pack.vcl": header + body}))
    offset = header.count("\n")
    return {(d.code.id, d.span.line - offset): (d.fixes, d.applicability.value) for d in result.diagnostics}


def test_a_did_you_mean_hint_offers_its_words_as_fixes_the_editor_applies(write_pack):
    found = _fixes(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  gian success 1
  if chekced log 2 -> log 2
  text "Or {icon scince}."
  text "Read {lgo 2}."
  -> log 21
}
log 2 "Box" {
  check
  -> log @endd
}
log @end "End" { return }
threat T01 "Stalker" external { biomes volcanc }
poi P1 "Site" {
  final
  action "Go" {
    outcome green: physical + tech => gain success 1
    outcome red => nothing
  }
}
''')
    assert found[("E207", 2)] == (("gain",), "fix")
    assert found[("E229", 3)] == (("checked log 2",), "fix")
    assert found[("E102", 4)] == (("{icon science}",), "fix")
    assert found[("E102", 5)] == (("{log 2}",), "fix")
    assert found[("E200", 6)] == (("2", "1"), "fix")
    assert found[("E200", 10)] == (("@end",), "fix")
    assert found[("E215", 13)] == (("volcanic",), "fix")
    assert found[("E230", 17)] == (("technology",), "fix")


def test_a_hint_that_names_no_fix_offers_none(write_pack):
    found = _fixes(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  if sunny day -> log 1
  gain success lots
  return
}
''')
    assert found[("E229", 2)] == ((), "advice")
    assert found[("E208", 3)] == ((), "advice")


def test_a_syntax_errors_last_resort_hint_is_marked_a_guess(write_pack):
    found = _fixes(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  -> log 2 3
}
log 2 "End" { return }
''')
    assert found[("E100", 2)] == ((), "guess")


def test_a_misspelt_keyword_is_a_fix_however_the_hint_words_it(write_pack):
    found = _fixes(write_pack, VANGUARD_HEADER, '''log 1 "Start" {
  choise "Go" -> log 1
  choice "Stay" -> log 1
}
''')
    assert found[("E100", 2)] == (("choice",), "fix")


def test_close_numbers_are_found_as_a_search_of_every_number_finds_them():
    """The one-edit numbers are made rather than searched for, and difflib reads only the
    numbers whose digits could make them close: the same suggestions, for a large pack."""
    import difflib
    import random

    from vcompiler.checks.references import _may_be_close, _one_edit, _one_edits

    class Context:
        def lasting(self, key, make):
            return make()

    rng = random.Random(5)
    numbers = sorted(rng.sample(range(1, 40_000), 12_000))
    shown = [str(n) for n in numbers]
    defined = set(shown)
    for typed in ["2066", "99999", "22", "305", "10001", "7777", "12345", "100", "5", "39999", "1010"]:
        assert sorted(int(n) for n in _one_edits(typed) if n in defined) == \
            [n for n in numbers if _one_edit(typed, str(n))], typed
        assert difflib.get_close_matches(typed, _may_be_close(Context(), "log", typed, shown), n=2, cutoff=0.7) == \
            difflib.get_close_matches(typed, shown, n=2, cutoff=0.7), typed
