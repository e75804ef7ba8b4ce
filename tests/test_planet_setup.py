"""A planet as the rulebook sets it up and plays it: the Global Condition in full (its
time track, Special Effect, Dice Combinations and Supplies), what the table lays out
before the first turn, sectors of one planet named from another's logs, and the
vocabularies a pack declares."""
from conftest import VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle
from vcompiler.emit.validate import schema_errors
from vcompiler.play.machine import Game
from vcompiler.render.board import board_of
from vcompiler.render.cards import faces_of
from vcompiler.render.ir import plain
from vcompiler.render.voice import condition as worded
from vcompiler.render.voice import effects_sentence

PRINTED = '''planet p "P" {
  condition printed "Hull Tremors" {
    text "The hull shakes."
    travel spend die
    supplies 6
    special accident => progress time
    combination scouting + biology => gain lead 1
    time 4 => roll danger T; reset time
  }
  sector 1 { lander; poi slot }
}
condition G01 "Storm" {
  travel spend die
  supplies unlimited
}
'''


def _compiled(write_pack, body: str, start: str = 'log 1 "Start" { return }\n'):
    return compile_pack(write_pack({"pack.vcl": VANGUARD_HEADER + start + body}))


def test_a_printed_condition_keeps_its_rows_and_a_condition_card_its_supplies(write_pack):
    result = _compiled(write_pack, PRINTED, 'log 1 "Start" { set condition G01; return }\n')
    assert [d.code.id for d in result.diagnostics if d.code.id.startswith("E")] == []
    bundle = to_bundle(result.pack)
    assert schema_errors(bundle, "bundle.schema.json") == []
    printed = bundle["planets"][0]["printed_conditions"][0]
    assert [(r["kind"], r["number"]) for r in printed["rows"]] == [("special", None), ("combination", None),
                                                                 ("time", 4)]
    assert printed["rows"][1]["requirement"] == [[{"count": 1, "icon": "scouting"}, {"count": 1, "icon": "biology"}]]
    assert printed["supplies"] == 6 and printed["text"] == [[[{"text": "The hull shakes."}]]]
    assert {c["id"]: c["supplies"] for c in bundle["cards"]} == {"G01": "unlimited"}
    # The board prints every row; the time track as one box a space.
    said = [plain(p) for p in board_of(result.pack, result.pack.planets[0], "a4").condition[4]]
    assert said[0] == "The hull shakes." and said[-1].startswith(" ☐☐☐☐: Roll a")
    assert any("Combination" in line for line in said)
    card = next(f for f in faces_of(result.pack) if f.key == "condition G01")
    assert "Supplies: unlimited" in [plain(b.tokens) for b in card.blocks if getattr(b, "style", "") == "supplies"]


def test_an_accident_in_a_dice_combination_is_e348_at_the_word(write_pack):
    body = PRINTED.replace("combination scouting + biology", "combination scouting + accident")
    result = _compiled(write_pack, body)
    assert [(d.code.id, d.span.line, d.span.column) for d in result.diagnostics if d.severity.value == "error"] == [
        ("E348", 14, 28)]


SETUP = '''planet p "P" {
  mission M01
  setup {
    pois P101, P000
    injuries "Just a Scratch!"
    events E01
    decks mineral, "Live Specimen"
    start sector 2, 1
    text "Give the Start token to the youngest player."
  }
  sector 1 { lander; poi slot }
  sector 2 { poi slot }
  path 1 <-> 2 [spend die]
}
mission M01 "Go" { text "Go." }
poi P101 "Rock" external { final }
poi P000 "Nothing" copies 3 external { final }
injury "Just a Scratch!" { damage => spend die }
event E01 "Voices" { biomes tutorial; secondary nothing; main spend die }
event E02 "Left Out" { biomes tutorial; secondary nothing; main spend die }
'''
DECKS = 'pack test {\n  game vanguard\n  title "Test"\n  version "0.0.1"\n  start log 1\n  decks "Live Specimen"\n}\n'


def test_a_planet_setup_reaches_the_bundle_a_card_of_its_own_and_play(write_pack):
    start = 'log 1 "Start" { gain lead 1 on "Live Specimen"; return }\n'
    result = compile_pack(write_pack({"pack.vcl": DECKS + start + SETUP}))
    assert [d.code.id for d in result.diagnostics if d.code.id.startswith("E")] == []
    bundle = to_bundle(result.pack)
    assert schema_errors(bundle, "bundle.schema.json") == []
    setup = bundle["planets"][0]["setup"]
    assert {k: setup[k] for k in ("pois", "injuries", "events", "decks", "start")} == {
        "pois": ["P101", "P000"], "injuries": ["Just a Scratch!"], "events": ["E01"],
        "decks": ["mineral", "Live Specimen"], "start": [2, 1]}
    face = next(f for f in faces_of(result.pack) if f.kind == "setup")
    steps = [plain(s) for s in face.blocks[0].items]
    assert steps[:2] == ["Place Mission M01 face up in the Mission space; do not read it yet.",
                         "Place the 4 POI cards P101 and 3 × P000 face down next to the board."]
    assert steps[-2:] == ["Place the Away Team's minis in Sectors 2 and 1, at least one in each.",
                          "Give the Start token to the youngest player."]
    game = Game(result.pack)
    state = game.start()
    scene = game.advance(state)
    assert state.sector == 2                      # the first starting Sector, not the lander's
    assert "1. Place Mission M01 face up in the Mission space; do not read it yet." in scene.lines
    game._draw_event(state)
    assert (state.deck, state.discard) == ([], ["E01"])     # E02 is not among the setup's Event cards


def test_a_setup_naming_what_the_pack_does_not_define_is_reported_where_it_is_named(write_pack):
    body = SETUP.replace("pois P101, P000", "pois P101, P404, M01").replace("start sector 2, 1", "start sector 2, 9")
    body = body.replace('injuries "Just a Scratch!"', 'injuries "Just a Scrath!"')
    result = compile_pack(write_pack({"pack.vcl": DECKS + 'log 1 "Start" { return }\n' + body}))
    errors = sorted((d.code.id, d.span.line) for d in result.diagnostics if d.code.id.startswith("E"))
    assert errors == [("E201", 12), ("E201", 13), ("E203", 16), ("E237", 12)]


CUTTING = '''location 1 "Thicket" {{
  south 2 walk
  move "Cut Through" cost 2 skill cutting {{
    result {{
      gain skill cutting
      -> location 2
    }}
  }}
}}
location 2 "Clearing" {{ north 1 walk }}
'''


def test_a_pack_declares_its_own_skills_biomes_and_decks_beside_the_games(write_pack):
    vantage = 'pack test {\n  game vantage\n  title "T"\n  version "1"\n  start location 1\n%s}\n'
    declared = compile_pack(write_pack({"pack.vcl": vantage % "  skills cutting\n" + CUTTING.format()}, "a"))
    assert [d.code.id for d in declared.diagnostics if d.code.id.startswith("E")] == []
    assert to_bundle(declared.pack)["pack"]["vocabulary"] == {"skills": ["cutting"], "biomes": [], "decks": []}
    undeclared = compile_pack(write_pack({"pack.vcl": vantage % "" + CUTTING.format()}, "b"))
    assert sorted((d.code.id, d.span.line) for d in undeclared.diagnostics) == [("E227", 9), ("E227", 11)]
    biome = 'poi P101 "Rock" external { biomes hull, tutorial; final }\n'
    header = VANGUARD_HEADER.replace("  start log 1\n", "  start log 1\n  biomes hull\n")
    kept = compile_pack(write_pack({"pack.vcl": header + 'log 1 "S" { return }\n' + biome}, "c"))
    assert [d.code.id for d in kept.diagnostics if d.code.id.startswith("E")] == []
    unknown = compile_pack(write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "S" { return }\n' + biome}, "d"))
    assert [d.code.id for d in unknown.diagnostics if d.code.id.startswith("E")] == ["E215"]


TWO_PLANETS = '''planet eye "The Eye of the Void" {
  sector 1 { lander; poi slot }
  sector 2 { poi slot }
  path 1 <-> 2 [spend die]
}
planet inner_hull "The Inner Hull" {
  sector 1 { lander }
  sector 2 { poi slot }
  path 1 <-> 2 [spend die]
}
poi P105 "Sealed Airlock" { final }
'''


def test_a_sector_of_a_named_planet_is_one_sector_printed_with_its_board_and_played_there(write_pack):
    start = 'log 1 "Start" { place poi P105 in sector 2 of inner_hull; return }\n'
    result = _compiled(write_pack, TWO_PLANETS, start)
    assert [d.code.id for d in result.diagnostics if d.code.id.startswith("E")] == []
    bundle = to_bundle(result.pack)
    assert schema_errors(bundle, "bundle.schema.json") == []
    effect = bundle["logs"][0]["statements"][0]["effect"][0]
    assert effect == {"op": "place_poi", "card": "P105", "sector": 2, "planet": "inner_hull",
                      "board": "The Inner Hull"}
    statement = result.pack.logs[0].statements[0]
    said = plain(effects_sentence((statement.effect,)))
    assert said == "Place P105 in Sector 2 of The Inner Hull."
    game = Game(result.pack)
    state = game.start()
    game.advance(state)
    assert state.pois == {"inner_hull:2": "P105"} and state.planet == "eye"
    # Unqualified, the same effect names a sector of two boards: E216, whose hint writes both.
    ambiguous = _compiled(write_pack, TWO_PLANETS, start.replace(" of inner_hull", ""))
    e216 = [d for d in ambiguous.diagnostics if d.code.id == "E216"]
    assert len(e216) == 1 and "`sector 2 of eye` or `sector 2 of inner_hull`" in e216[0].hint
    missing = _compiled(write_pack, TWO_PLANETS, start.replace("sector 2 of", "sector 7 of"))
    assert [(d.code.id, d.span.line) for d in missing.diagnostics if d.code.id.startswith("E")] == [("E203", 7)]


def test_a_rank_up_card_prints_its_completed_side_on_its_back_and_a_log_names_what_it_removes(write_pack):
    body = '''rank_up "Steady Hands" {
  goal "Have 3 {icon success}."
  completed "Each Crewmember may gain 1 Rank."
}
planet p "P" {
  rank_up "Steady Hands"
  sector 1 { lander; poi slot }
}
poi P101 "Rock" external { final }
condition G01 "Storm" external { travel spend die }
'''
    start = ('log 1 "Start" { remove poi P101 from game; remove card G01 from game; remove card G02 from game; '
             'return }\n')
    result = _compiled(write_pack, body, start)
    assert [(d.code.id, d.span.column) for d in result.diagnostics if d.code.id.startswith("E")] == [("E201", 83)]
    mended = _compiled(write_pack, body, start.replace(" remove card G02 from game;", ""))
    assert [d.code.id for d in mended.diagnostics if d.code.id.startswith("E")] == []
    bundle = to_bundle(mended.pack)
    assert schema_errors(bundle, "bundle.schema.json") == []
    card = next(c for c in bundle["cards"] if c["kind"] == "rank_up")
    assert card["completed"] == [[[{"text": "Each Crewmember may gain 1 Rank."}]]]
    assert [e[0]["op"] for s in bundle["logs"][0]["statements"][:2] for e in [s["effect"]]] == [
        "remove_named_poi_from_game", "remove_named_card_from_game"]
    face = next(f for f in faces_of(mended.pack) if f.kind == "rank_up")
    assert "Incomplete" in face.badges and face.back.side == "Completed"
    assert [plain(b.tokens) for b in face.back.blocks] == ["Each Crewmember may gain 1 Rank."]


def test_a_log_tests_where_a_threat_stands_on_a_named_planets_board(write_pack):
    start = ('log 1 "Start" {\n  if threat T01 in sector 2 of inner_hull -> log 2\n'
             '  if threat T01 in sector 2 of outer -> log 2\n  return\n}\nlog 2 "Seen" { return }\n'
             'threat T01 "Crawler" external { space 1 => nothing }\n')
    result = _compiled(write_pack, TWO_PLANETS, start)
    assert [(d.code.id, d.span.line) for d in result.diagnostics if d.code.id.startswith("E")] == [("E239", 9)]
    mended = _compiled(write_pack, TWO_PLANETS, start.replace(" of outer", " of eye"))
    assert [d.code.id for d in mended.diagnostics if d.code.id.startswith("E")] == []
    condition = to_bundle(mended.pack)["logs"][0]["statements"][0]["condition"]
    assert condition == {"test": "threat_in_planet_sector", "subject": "T01", "more": [2, "inner_hull"]}
    assert plain(worded(mended.pack.logs[0].statements[0].condition)) == \
        "if Threat T01 is in Sector 2 of inner_hull"


def test_an_injury_with_copies_prints_that_many_and_the_setup_counts_them(write_pack):
    """RB 449: the Tutorial's Injury pile is 4 “Just a Scratch!” cards."""
    start = 'log 1 "Start" { gain lead 1 on "Live Specimen"; return }\n'
    body = SETUP.replace('injury "Just a Scratch!" {', 'injury "Just a Scratch!" copies 4 {')
    result = compile_pack(write_pack({"pack.vcl": DECKS + start + body}))
    assert [d.code.id for d in result.diagnostics if d.code.id.startswith("E")] == []
    faces = faces_of(result.pack)
    assert next(f for f in faces if f.kind == "injury").copies == 4
    steps = [plain(s) for s in next(f for f in faces if f.kind == "setup").blocks[0].items]
    assert "Place the 4 Injury cards 4 × “Just a Scratch!” face up next to the board." in steps
    single = compile_pack(write_pack({"pack.vcl": DECKS + start + SETUP})).pack
    steps = [plain(s) for s in next(f for f in faces_of(single) if f.kind == "setup").blocks[0].items]
    assert "Place the Injury card “Just a Scratch!” face up next to the board." in steps


def test_a_log_asks_whether_the_away_team_is_apart(write_pack):
    """RB 451, 734: a log read by the first Crewmember to reach a meeting point tests
    whether the others are there yet."""
    logs = ('log 1 "Start" { gain lead 1 on "Live Specimen"; -> log 2 }\n'
            'log 2 "Meet" {\n  if crew apart -> log 3\n  check\n  complete mission M01\n  return\n}\n'
            'log 3 "Wait" { text "Wait for the others."; return }\n')
    result = compile_pack(write_pack({"pack.vcl": DECKS + logs + SETUP}))
    assert [d.code.id for d in result.diagnostics if d.code.id.startswith("E")] == []
    bundle = to_bundle(result.pack)
    assert schema_errors(bundle, "bundle.schema.json") == []
    meet = next(log for log in bundle["logs"] if log["number"] == 2)
    assert meet["statements"][0]["condition"]["test"] == "crew_apart"
    game = Game(result.pack)
    state = game.start(2)
    scene = game.advance(state)
    # play follows one Crewmember, and the Away Team with it
    assert "If any Crewmember of the Away Team is not in your Sector, go to Log 3. (no)" in scene.lines
    assert state.missions.get("M01") == "complete"
