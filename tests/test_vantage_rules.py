"""The rest of the Vantage rulebook as a writer writes it: location 000's setup
(VR 17-18), costs that name skills and boost or are 0 (VR 25, 47, 57, 107), payments
and losses (VR 57, 62, 86, 94), the game's state (VR 69-71, 88, 96), contradictory
actions (VR 39) and cards in full (VR 60-64, 90-93). Each reaches the model, the
bundle (valid against its schema), the printed words and `play`."""
from conftest import VANTAGE_HEADER
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle
from vcompiler.emit.validate import schema_errors
from vcompiler.play.machine import Game
from vcompiler.registry import CARD_SIZES
from vcompiler.render import voice
from vcompiler.render.books import storybooks
from vcompiler.render.cards import location_faces, vantage_faces
from vcompiler.render.ir import Boxes, Choices, Options, Paragraph, Row, Rule, Steps

PACK = VANTAGE_HEADER.replace("start location 1", "start location 0") + '''
location 000 "Landfall" {
  step "Seed the challenge dice pool."
  step "Each player rolls a skill die."
  character 1101 "You rolled 1, 2 or 3"
  level daring time 5 morale 4 health 3 recommended
  level reckless time 2 morale 2 health 2
  choice "Begin" -> location 1
}
location 1 "Market" {
  north 2 walk
  take "Haggle" cost 2 skill bargaining / charm {
    result {
      pay coin 2 + skill => gain card 1201; gain morale 1
      lose boost 1
      may continue
    }
  }
  help "Free the bird" cost 0 excludes overpower {
    result { complete mission 1601; place card 1705 in center; move player with you }
  }
  overpower "Trap the bird" cost 1 excludes help {
    result { lose health 9 }
  }
}
location 2 "Harbour" { south 1 walk }
card 1101 character "The Diver" external {
  vertical
  boost 2
  slot time / blank
  slot impact any
  power boost 1 "Reroll one die."
  when placed gain coin 3
  action look "Dive" cost 1 boost 2 { result { gain skill swimming } }
}
card 1201 item "Lantern" { vertical }
card 1601 mission "Open the Market" external {
  ending "The market closes" { text "The stalls fold up."; end game }
}
card 1705 destiny "Keeper of the Scales" {
  action take "Weigh the last coin" cost 2 { result { complete destiny 1705 } }
}
'''


def _compile(tmp_path, text=PACK):
    (tmp_path / "a.vcl").write_text(text, encoding="utf-8")
    return compile_pack(tmp_path)


def words(tokens) -> str:
    return voice.plain(tokens, icon="[{}]")


def test_everything_compiles_clean_and_the_bundle_is_valid(tmp_path):
    result = _compile(tmp_path)
    assert [f"{d.code.id} {d.message}" for d in result.diagnostics] == []
    bundle = to_bundle(result.pack)
    assert schema_errors(bundle, "bundle.schema.json") == []
    setup = bundle["locations"][0]
    assert setup["number"] == 0 and setup["setup"]["characters"] == [
        {"card": 1101, "label": [[{"text": "You rolled 1, 2 or 3"}]]}]
    assert setup["setup"]["levels"][0] == {"name": "daring", "time": 5, "morale": 4, "health": 3,
                                           "recommended": True}
    haggle, free, trap = bundle["locations"][1]["actions"]
    assert (haggle["cost"], haggle["skills"], haggle["boost"]) == (2, ["bargaining", "charm"], None)
    assert haggle["result"][0] == {"kind": "paid", "pay": [{"op": "pay_coin", "amount": 2}, {"op": "pay_skill"}],
                                   "effects": [[{"op": "gain_card", "card": 1201}],
                                               [{"op": "gain_morale", "amount": 1}]]}
    assert (free["cost"], free["excludes"], trap["excludes"]) == (0, ["overpower"], ["help"])
    assert [e[0]["op"] for e in (s["effect"] for s in free["result"])] == [
        "complete_mission_card", "place_in_center", "move_player_along"]
    diver = bundle["vantage_cards"][0]
    assert diver["external"] and diver["slots"] == 2
    assert diver["slot_accepts"] == [{"faces": ["time", "blank"], "impact": False},
                                     {"faces": ["any"], "impact": True}]
    assert diver["powers"] == [{"boost": 1, "text": [[{"text": "Reroll one die."}]]}]
    assert diver["when_placed"] == [[{"op": "gain_coin", "amount": 3}]]
    assert diver["actions"][0]["boost"] == 2
    assert bundle["vantage_cards"][2]["ending"]["name"] == [[{"text": "The market closes"}]]


def test_the_storybooks_word_costs_payments_and_the_game_end_entry(tmp_path):
    pack = _compile(tmp_path).pack
    books = {b.file_name: b for b in storybooks(pack)}
    haggle = books["storybook-take.pdf"].entries[0]
    assert [words(n) for n in haggle.cost_notes] == ["Each [skill] bargaining or charm token paid lowers it by 1."]
    assert isinstance(haggle.result[0], Paragraph) and isinstance(haggle.result[1], Paragraph)
    assert words(haggle.result[0].tokens) == ("If you can pay 2 [coin] and discard a [skill] skill token, do so: "
                                          "gain card 1201, then gain 1 [morale].")
    assert words(haggle.result[1].tokens) == "Lose 1 boost."
    # The mission's ending is keyed by its number in the take storybook, between 1 and 1705.
    take = books["storybook-take.pdf"].entries
    assert [e.key for e in take] == ["1", "1601", "1705"]
    ending = take[1]
    assert ending.cost is None and ending.result is None
    first, *_, last = ending.action
    assert isinstance(first, Paragraph) and isinstance(last, Paragraph)
    assert words(first.tokens).startswith("Read this entry when any player's [time] time")
    assert words(last.tokens) == "The game ends."
    dive = books["storybook-look.pdf"].entries[0]
    assert [words(n) for n in dive.cost_notes] == ["Also pay 2 boost from this card."]
    help_said = [words(b.tokens) for b in books["storybook-help.pdf"].entries[0].result or ()
                 if isinstance(b, Paragraph)]
    assert help_said == ["You have completed mission 1601: end the game now, or go on to pursue a destiny.",
                         "Place card 1705 in the center.",
                         "Another player at your location may come with you without paying the cost."]


def test_location_000_and_cards_print_what_the_rules_give(tmp_path):
    pack = _compile(tmp_path).pack
    setup, market, _ = location_faces(pack, CARD_SIZES)
    assert setup.number == "000" and setup.label == "Setup"
    shown = [b if isinstance(b, Rule) else (type(b), [words(x) for x in b.items]) for b in setup.blocks
             if isinstance(b, (Rule, Steps, Choices))]
    assert shown[:6] == [Rule("Setup"), (Steps, ["Seed the challenge dice pool.", "Each player rolls a skill die."]),
                         Rule("Your character"), (Choices, ["You rolled 1, 2 or 3: gain character card 1101."]),
                         Rule("Starting level"),
                         (Choices, ["Daring (recommended for a first game): 5 [time] 4 [morale] 3 [health]",
                                    "Reckless: 2 [time] 2 [morale] 2 [health]"])]
    assert len(shown) == len(setup.blocks)
    # Its choices send each player to their crash site [VR 7, 17], under their own heading.
    assert shown[6:] == [Rule("Your crash site"), (Choices, ["Begin: go to Location 1."])]
    options = next(b for b in market.blocks if isinstance(b, Options)).items
    assert [(o.category, o.excludes) for o in options] == [("take", ""), ("help", "not after Overpower"),
                                                           ("overpower", "not after Help")]
    diver = vantage_faces(pack, CARD_SIZES)[0]
    said = [words(b.lead) + " | " + words(b.tokens) if isinstance(b, Row) else b.word for b in diver.blocks
            if isinstance(b, (Row, Boxes))]
    assert said == ["When placed | Gain 3 [coin].", "Slots", "Boost",
                    "1 boost | Reroll one die. (Until the end of the turn.)"]
    slots = next(b for b in diver.blocks if isinstance(b, Choices)).items
    assert [words(s) for s in slots] == ["Slot: [time] time or blank", "Impact slot: any"]


def _option(scene, text):
    return next(o for o in scene.options if text in o.label)


def test_play_starts_at_the_recommended_level_and_takes_the_character(tmp_path):
    game = Game(_compile(tmp_path).pack)
    state = game.start()
    assert {k: state.counters[k] for k in ("time", "morale", "health")} == {"time": 5, "morale": 4, "health": 3}
    scene = game.advance(state)
    game.choose(state, _option(scene, "gain character card 1101"))
    assert 1101 in state.cards and state.counters["coin"] == 3          # when placed: gain 3 coins
    scene = game.advance(state)
    assert not any("character" in o.label for o in scene.options)
    assert not any("Dive" in o.label for o in scene.options)            # no boost on the card yet


def test_play_pays_only_what_the_player_has(tmp_path):
    game = Game(_compile(tmp_path).pack)
    for coins, skills, bought in ((3, 1, True), (1, 1, False), (3, 0, False)):
        state = game.start(entry=1)
        game.advance(state)
        state.counters.update(coin=coins, skills=skills)
        scene = game.advance(state)
        game.choose(state, _option(scene, "Haggle"))
        scene = game.advance(state)
        assert (1201 in state.cards) is bought
        assert state.counters["coin"] == (coins - 2 if bought else coins)
        assert any(line.endswith("(paid)" if bought else "(you cannot: nothing happens)") for line in scene.lines)


def test_play_closes_a_contradictory_action_and_offers_to_end_on_completion(tmp_path):
    game = Game(_compile(tmp_path).pack)
    state = game.start(entry=1)
    scene = game.advance(state)
    game.choose(state, _option(scene, "Free the bird (no cost)"))
    scene = game.advance(state)
    assert [o.label for o in scene.options] == ["End the game", "Go on playing"]
    game.choose(state, scene.options[1])
    scene = game.advance(state)
    assert not any("Trap the bird" in o.label for o in scene.options)
    assert 1705 in state.cards                                          # placed in the center
    assert any("Weigh the last coin" in o.label for o in scene.options)
    ended = game.start(entry=1)
    scene = game.advance(ended)
    game.choose(ended, _option(scene, "Free the bird"))
    scene = game.advance(ended)
    game.choose(ended, scene.options[0])
    assert game.advance(ended).ended == "Card 1601 complete: a mission victory."


def test_play_reads_the_missions_ending_when_a_stat_runs_out(tmp_path):
    game = Game(_compile(tmp_path).pack)
    state = game.start(entry=1)
    scene = game.advance(state)
    game.choose(state, _option(scene, "Trap the bird"))
    scene = game.advance(state)
    assert "Your health has run out. ── Take 1601 · The market closes" in scene.lines
    assert "The stalls fold up." in scene.lines
    assert scene.ended == "The game ends."


def test_play_offers_to_end_when_arriving_completes_the_mission(tmp_path):
    pack = _compile(tmp_path, PACK.replace('location 2 "Harbour" { south 1 walk }',
                                           'location 2 "Harbour" {\n  arrival complete mission 1601\n'
                                           '  arrival gain coin 1\n  south 1 walk\n}')).pack
    game = Game(pack)
    state = game.start(entry=2)
    scene = game.advance(state)
    assert [o.label for o in scene.options] == ["End the game", "Go on playing"]
    game.choose(state, scene.options[1])
    scene = game.advance(state)
    assert state.counters["coin"] == 1 and any("Walk south" in o.label for o in scene.options)


def test_the_hint_for_a_location_with_no_way_out_never_names_the_location_itself(tmp_path):
    # The tutorial's mistake: location 2's only exit removed. The hint leads back to
    # location 1, which leads here, and never to 2 (that would be E332).
    (tmp_path / "a.vcl").write_text(VANTAGE_HEADER + '''
location 1 "Salt Flats" { east 2 walk }
location 2 "Tide Pools" { }
location 3 "Reef" { }
''', encoding="utf-8")
    found = {d.span.line - VANTAGE_HEADER.count("\n"): d.hint for d in compile_pack(tmp_path).diagnostics
             if d.code.id == "W410"}
    assert found[3].startswith("add a compass exit such as `west 1 walk`")
    assert found[4].startswith("add a compass exit such as `north 1 walk`")


def test_w403_hints_the_way_back_by_its_own_mode_or_the_number_that_takes_its_place(write_pack):
    folder = write_pack({"pack.vcl": VANTAGE_HEADER + '''
location 1 "Shore" { north 2 swim; east 3 walk }
location 2 "Reef" { east 3 walk }
location 3 "Dunes" { west 2 walk; north 2 walk }
'''})
    hints = {(d.span.line, d.hint) for d in compile_pack(folder).diagnostics if d.code.id == "W403"}
    line = len(VANTAGE_HEADER.splitlines()) + 2
    assert (line, "add `south 1 swim` to location 2, or fix the number") in hints
    assert (line, "west of location 3 leads to location 2: fix one of the two numbers") in hints


def test_a_vanguard_effect_in_a_vantage_pack_points_at_the_vantage_effects(write_pack):
    folder = write_pack({"pack.vcl": VANTAGE_HEADER + '''
location 1 "Shore" {
  look "Dig" cost 1 { result { gain success 1; end game } }
}
'''})
    [found] = [d for d in compile_pack(folder).diagnostics if d.code.id == "E209"]
    assert found.hint == 'vantage effects are listed in docs/language.md, section "Storybooks and cards"'
    assert (found.span.line, found.span.column) == (len(VANTAGE_HEADER.splitlines()) + 3, 32)


def test_two_actions_of_one_category_are_e305_without_exclusions_that_follow_from_it(write_pack):
    folder = write_pack({"pack.vcl": VANTAGE_HEADER + '''
location 1 "Lake" {
  help "Call" cost 2 excludes overpower { result { gain morale 1 } }
  help "Wade" cost 3 excludes help { result { end game } }
}
'''})
    found = [(d.code.id, d.span.line) for d in compile_pack(folder).diagnostics if d.code.id.startswith("E3")]
    assert found == [("E305", len(VANTAGE_HEADER.splitlines()) + 4)]


def test_a_misspelt_skill_is_named_with_the_nearest_skill_of_the_game(tmp_path):
    (tmp_path / "a.vcl").write_text(VANTAGE_HEADER + '''
location 1 "Cliff" {
  help "Light the signal fire" cost 3 skill fier { result { end game } }
}
''', encoding="utf-8")
    [found] = [d for d in compile_pack(tmp_path).diagnostics if d.severity.value == "error"]
    assert found.code.id == "E227"
    assert (found.span.line - VANTAGE_HEADER.count("\n"), found.span.column, found.span.end_column) == (3, 45, 49)
    assert found.message == "`fier` is not a skill"
    assert found.hint.startswith("did you mean `fire`?")


def test_a_setup_line_elsewhere_is_pointed_at_from_its_keyword(tmp_path):
    (tmp_path / "a.vcl").write_text(VANTAGE_HEADER + '''
location 1 "Beach" {
  step "Place the board."
  north 2 walk
}
location 2 "Cliff" { south 1 walk }
''', encoding="utf-8")
    [found] = compile_pack(tmp_path).diagnostics
    assert found.code.id == "E333" and found.message == "`step` belongs to the setup location 000, not to location 1"
    assert (found.span.line - VANTAGE_HEADER.count("\n"), found.span.column, found.span.end_column) == (3, 3, 26)


def test_a_choice_on_a_location_other_than_000_is_a_free_move_and_an_error(tmp_path):
    # Leaving a location is an action with a cost (VR 23, 50-54); only the setup's
    # choices, where each player crashes, cost nothing.
    (tmp_path / "a.vcl").write_text(VANTAGE_HEADER + '''
location 1 "Beach" {
  north 2 walk
  choice "Dive" -> location 2
}
location 2 "Cliff" { south 1 walk }
''', encoding="utf-8")
    [found] = compile_pack(tmp_path).diagnostics
    assert (found.code.id, found.message) == ("E333", "`choice` belongs to the setup location 000, not to location 1")
    assert (found.span.line - VANTAGE_HEADER.count("\n"), found.span.column, found.span.end_column) == (4, 3, 30)
    assert "`north 2 walk`" in found.hint and "`-> location 2` in an action's result" in found.hint


def test_a_starting_level_out_of_range_is_pointed_at_its_value(write_pack):
    text = VANTAGE_HEADER.replace("location 1", "location 0") + (
        'location 000 "Setup" {\n  level daring time 5 morale 9 health 5 recommended\n'
        '  choice "Go" -> location 1\n}\nlocation 1 "Beach" { north 2 walk }\nlocation 2 "Cliff" { south 1 walk }\n')
    [found] = compile_pack(write_pack({"pack.vcl": text})).diagnostics
    assert (found.code.id, found.span.line, found.span.column, found.span.end_column) == ("E335", 8, 30, 31)
    assert found.message == "level daring starts morale at 9; a stat runs from 1 to 6"


def test_a_depart_entry_for_the_wrong_point_is_one_error_at_the_entry(write_pack):
    region = VANTAGE_HEADER + ('location 1 "Flats" {\n  north 2 walk\n  south *\n}\n'
                               'location 2 "Marsh" { south 1 walk }\n'
                               'depart 1 DIRECTION "Wade" cost 1 {\n  result { -> location 2 }\n}\n')
    [found] = compile_pack(write_pack({"pack.vcl": region.replace("DIRECTION", "north")})).diagnostics
    assert (found.code.id, found.span.line) == ("E307", 12)
    assert found.hint == "location 1 stars south, which no entry is for: did you mean `depart 1 south`?"


def test_an_action_with_no_result_or_an_empty_one_is_E342_at_its_category(write_pack):
    header = VANTAGE_HEADER
    folder = write_pack({"pack.vcl": header + '''location 1 "Shore" {
  north 2 walk
  look "Search the tideline" cost 1 {
    text "Bottles, rope, a boot."
  }
  take "Gather coconuts" cost 0 always {
    result { }
  }
}
location 2 "Rock" {
  south 1 walk
  help "Climb" cost 1 { result { gain morale 1 } }
}
'''})
    found = [(d.code.id, d.span.line - header.count("\n"), d.span.column, d.span.end_column, d.message, d.hint)
             for d in compile_pack(folder).diagnostics]
    assert found == [
        ("E342", 3, 3, 7, "action “Search the tideline” has no result",
         "the storybook sends the player to its result to read what acting does: "
         "add `result { … }` after the action's text"),
        ("E342", 6, 3, 7, "action “Gather coconuts” has an empty result",
         "the storybook sends the player to its result to read what acting does: write it inside `result { … }`"),
    ]


def test_a_result_says_once_whether_the_turn_goes_on(tmp_path):
    # VR 113: "continue" is another action, "you may continue" the offer of one. A
    # result that says both printed "You may continue." then "Continue.".
    text = PACK.replace("      lose boost 1\n      may continue\n",
                        "      may continue\n      lose boost 1\n      continue\n")
    pack = _compile(tmp_path, text).pack
    haggle = pack.locations[1].actions[0]
    said = [words(b.tokens) for b in voice.blocks(haggle.result) if isinstance(b, Paragraph)]
    assert said[1:] == ["Lose 1 boost.", "Continue."]
    once = PACK.replace("      lose boost 1\n      may continue\n", "      may continue\n      lose boost 1\n")
    said = [words(b.tokens) for b in voice.blocks(_compile(tmp_path, once).pack.locations[1].actions[0].result)
            if isinstance(b, Paragraph)]
    assert said[1:] == ["You may continue.", "Lose 1 boost."]


def test_a_boost_power_is_reminded_it_lasts_the_turn_in_a_sentence_of_its_own(tmp_path):
    # VR 63: the reminder follows the writer's full stop as a sentence, capitalised and
    # closed, on the card and in the reader; a power written without a stop gets one.
    from vcompiler.reader import reader_html
    text = PACK.replace('power boost 1 "Reroll one die."',
                        'power boost 1 "Reroll one die."\n  power boost 2 "Ignore one wound"')
    pack = _compile(tmp_path, text).pack
    diver = vantage_faces(pack, CARD_SIZES)[0]
    powers = [words(b.tokens) for b in diver.blocks if isinstance(b, Row) and words(b.lead).endswith("boost")]
    assert powers == ["Reroll one die. (Until the end of the turn.)",
                      "Ignore one wound. (Until the end of the turn.)"]
    html = reader_html(pack).decode()
    assert "Reroll one die. (Until the end of the turn.)</p>" in html
    assert "Ignore one wound. (Until the end of the turn.)</p>" in html
    assert "(until the end of the turn)" not in html
