"""Constructs of the vanguard rulebook that reach the model, the story graph and the
bundle: cards brought into play from outside the pack, and the like."""
from conftest import VANGUARD_HEADER
from vcompiler.checks.graph import build_graph, roots
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle
from vcompiler.render.books import logbook, number_order
from vcompiler.render.cards import faces_of
from vcompiler.render.ir import Paragraph, Row, Rule, Words, plain
from vcompiler.tools.diff import printed_entries


def _compiled(write_pack, body: str):
    result = compile_pack(write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "Start" { return }\n' + body}))
    assert result.pack is not None
    return result


def test_an_external_card_is_a_root_counted_as_used_and_said_so_in_the_bundle(write_pack):
    result = _compiled(write_pack, 'poi P120 "Cache" copies 2 external { final }\n'
                                   'mission M09 "Ridge" external { text "Go." }\n'
                                   'poi P121 "Forgotten" { final }\n')
    assert [(d.code.id, d.span.line) for d in result.diagnostics] == [("W402", 10)]
    assert {("poi", "P120"), ("mission", "M09")} <= set(roots(build_graph(result.pack)))
    cards = {c["id"]: c for c in to_bundle(result.pack)["cards"]}
    assert (cards["P120"]["external"], cards["P120"]["copies"], cards["P121"]["external"]) == (True, 2, False)


GOALS = '''mission M05 "Beacon" {
  text "Find the orbiter."
  goal "Every crewmember stands in {icon rocky} terrain." => gain success 2; -> log 2
}
log 2 "Found" { return }
rank_up "Steady Hands" {
  goal "Have 3 {icon success}."
}
'''


def test_goals_reach_the_bundle_the_graph_and_the_cards(write_pack):
    result = _compiled(write_pack, 'log 3 "Reveal" external { reveal mission M05; return }\n' + GOALS)
    assert result.diagnostics == ()
    cards = {c["id"]: c for c in to_bundle(result.pack)["cards"]}
    goal = cards["M05"]["rows"][0]
    assert (goal["kind"], goal["text"][0][1], goal["effects"][1]) == (
        "goal", {"icon": "rocky"}, [{"op": "goto_log", "log": 2}])
    assert cards["Steady Hands"]["kind"] == "rank_up" and cards["Steady Hands"]["rows"][0]["effects"] == []
    graph = build_graph(result.pack)
    assert graph.edges[("mission", "M05"), ("log", 2)]["via"] == "goto"
    assert ("rank_up", "Steady Hands") in roots(graph)        # drawn from a deck
    faces = {f.key: f for f in faces_of(result.pack)}
    mission = faces["mission M05"].blocks
    assert Rule("Completion") in mission and isinstance(mission[-1], Row) and mission[-1].style == "goal"
    rank_up = faces["rank_up Steady Hands"]
    assert (rank_up.label, rank_up.number, rank_up.back.number) == ("Rank-Up", "", "")
    assert Rule("Goal") in rank_up.blocks


def test_a_goal_belongs_to_missions_and_rank_up_cards_only(write_pack):
    result = compile_pack(write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "S" { return }\n'
                                       'poi P101 "X" {\n  goal "Win." => gain success 1\n}\n'}))
    assert [(d.code.id, d.span.line, d.span.column) for d in result.diagnostics] == [("E100", 9, 3)]


def test_an_event_without_an_id_is_keyed_and_printed_by_its_name(write_pack):
    result = _compiled(write_pack, 'event "Falling Ash" {\n  secondary progress time all\n  main spend die\n}\n'
                                   'event E02 "Numbered" { secondary nothing; main spend die }\n'
                                   'event "Falling Ash" { main spend die }\n')
    assert [(d.code.id, d.span.line) for d in result.diagnostics] == [("E205", 13)]
    assert [c["id"] for c in to_bundle(result.pack)["cards"]] == ["E02", "Falling Ash"]
    faces = {f.key: f for f in faces_of(result.pack)}
    assert (faces["event Falling Ash"].number, faces["event E02"].number) == ("", "E02")
    assert ("event", "Falling Ash") in roots(build_graph(result.pack))


BOARD_POI = '''planet eye "Eye" {
  sector 1 "Twisted Wreckage" {
    lander
    poi printed "Twisted Wreckage" {
      text "Pinned under the hull."
      action "Free Yourself" {
        outcome green: physical => replace poi with P101
        outcome red => -> log 2
      }
    }
  }
}
poi P101 "Outer Surface" { final }
log 2 "Hurt" { return }
'''


def test_a_poi_printed_on_the_board_has_no_id_but_its_planet_and_sector(write_pack):
    result = _compiled(write_pack, BOARD_POI)
    assert result.diagnostics == ()
    bundle = to_bundle(result.pack)
    cards = {c["id"]: c for c in bundle["cards"]}
    assert (cards["eye.1"]["board"], cards["eye.1"]["name"], cards["P101"]["board"]) == (True, "Twisted Wreckage",
                                                                                     False)
    assert bundle["planets"][0]["sectors"][0]["poi"] == "eye.1"
    graph = build_graph(result.pack)
    assert graph.edges[("planet", "eye"), ("poi", "eye.1")]["via"] == "board"
    assert graph.edges[("poi", "eye.1"), ("log", 2)]["via"] == "goto"
    face = {f.key: f for f in faces_of(result.pack)}["poi eye.1"]
    assert (face.number, face.back.number, face.badges) == ("", "", ("Board, Sector 1",))


def test_the_starting_log_is_read_and_printed_first_without_a_number(write_pack):
    folder = write_pack({"pack.vcl": 'pack c {\n  game vanguard\n  title "C"\n  version "1"\n'
                                     '  numbering 0..5 seed 3\n}\n'
                                     'log @later "Later" { return }\n'
                                     'log start "Wake-Up Call" { -> log @later }\n'})
    result = compile_pack(folder)
    assert result.diagnostics == ()
    pack = result.pack
    assert pack.start.params == (("log", 0),) and pack.labels["later"] != 0    # 0 is the Starting Log's
    bundle = to_bundle(pack)
    assert [(log["number"], log["starting"]) for log in bundle["logs"]][0] == (0, True)
    assert bundle["pack"]["start"] == {"log": 0}
    book = logbook(pack)
    assert [e.key for e in sorted(book.entries, key=number_order)][0] == "Starting Log"
    assert book.entries[0].key == "Starting Log"


def test_a_start_beside_the_starting_log_is_e225_and_reading_starts_at_the_starting_log(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "S" { return }\nlog start "First" { return }\n'})
    result = compile_pack(folder)
    assert [(d.code.id, d.span.line) for d in result.diagnostics] == [("E225", 5), ("W400", 7)]
    assert result.diagnostics[1].message == "log 1 is unreachable"
    folder = write_pack({"pack.vcl": VANGUARD_HEADER.replace("  start log 1\n", "")
                         + 'log start "Dead End" { text "x" }\n'}, name="dead")
    assert [d.message for d in compile_pack(folder).diagnostics] == ["log start has no way out"]


LANDING = '''planet glacier "Glacier" {
  landing 14 {
    text "A moon of ice; see {log 2}."
    scan 1 "Thin air."
    scan 2 "Cold: {icon frigid}."
  }
  system_map 7 "Tau Ceti" cost 2
  sector 1 { lander }
}
log 2 "Read from the Landing card" { return }
'''


def test_a_planets_landing_card_and_system_maps_entry(write_pack):
    result = _compiled(write_pack, LANDING)
    assert result.diagnostics == ()
    planet = to_bundle(result.pack)["planets"][0]
    assert planet["landing"]["number"] == 14
    assert [(s["energy"], s["text"][0][-1]) for s in planet["landing"]["scans"]] == [
        (1, {"text": "Thin air."}), (2, {"text": "."})]
    assert planet["system_map"] == {"number": 7, "system": "Tau Ceti", "cost": 2}
    assert build_graph(result.pack).edges[("planet", "glacier"), ("log", 2)]["via"] == "text"
    face = {f.key: f for f in faces_of(result.pack)}["landing 14"]
    assert (face.label, face.number, face.title, face.back.number) == ("Landing Card", "14", [Words("Glacier")], "14")
    assert [(type(b), getattr(b, "style", "")) for b in face.blocks[1:]] == [(Row, "scan"), (Row, "scan")]
    assert isinstance(face.foot[0], Paragraph) and "Tau Ceti, 7" in plain(face.foot[0].tokens)


def test_a_planet_deals_a_rank_up_card_to_its_board(write_pack):
    from vcompiler.render.board import board_of
    result = _compiled(write_pack, GOALS.replace("mission M05", "mission M04") + 'planet p "P" {\n'
                       '  rank_up "Steady Hands"\n  rank_up "Missing"\n  sector 1 { lander }\n}\n')
    # Nothing reveals mission M04, the only way to log 2: an undefined rank-up card does
    # not explain that.
    assert [(d.code.id, d.span.line, d.span.column) for d in result.diagnostics] == [
        ("W402", 8, 1), ("W400", 12, 1), ("E201", 18, 11)]
    planet = result.pack.planets[0]
    assert to_bundle(result.pack)["planets"][0]["rank_ups"] == ["Steady Hands", "Missing"]
    assert build_graph(result.pack).edges[("planet", "p"), ("rank_up", "Steady Hands")]["via"] == "board"
    assert board_of(result.pack, planet, "a4").rank_ups == ("Steady Hands", "Missing")


def test_discoveries_print_as_the_rulebook_names_them(write_pack):
    # RB 729, 1513, 1523: "gain Unique Discovery 1", "gain a Discovery", "take the top
    # Unique Discovery from the Unique Discoveries slot on the Planet board".
    result = _compiled(write_pack, '''log 2 "Finds" external {
  gain unique 1
  gain unique top
  gain discovery xenological
  gain lead 2 on mineral
  if has unique 1 -> log 1
  return
}
unique 1 "Resonant Shard" { text "It hums." }
''')
    [log] = [entry for entry in printed_entries(result.pack) if entry.name == "Log 2 “Finds”"]
    assert log.paragraphs == ("Gain Unique Discovery 1.",
                              "Take the top Unique Discovery from the Planet board.",
                              "Gain a xenological Discovery.",
                              "Gain 2 [lead] on the mineral Discovery deck.",
                              "If you have Unique Discovery 1, go to Log 1.",
                              "Return to the planet.")


EVENTS_PLANET = '''log 2 "Voice" external {
  reveal mission M02
  if mission M02 revealed -> log 3
  return
}
log 3 "Heard" { return }
mission M01 "Regroup" { text "Regroup." }
mission M02 "The Voice" { text "Find it." }
event E01 "Ash" {
  secondary progress time all
  main spend die
}
planet p "P" {
  mission M01
  events if mission M02 revealed
  sector 1 { lander }
}
'''


def test_a_planet_draws_events_only_while_its_condition_holds(write_pack):
    """RB 747: during the Tutorial no Event card is drawn until Mission M02 is revealed."""
    from vcompiler.reader import reader_html
    from vcompiler.render.board import board_of
    result = _compiled(write_pack, EVENTS_PLANET)
    assert result.diagnostics == ()
    planet = result.pack.planets[0]
    assert (planet.events.kind, planet.events.key) == ("mission_revealed", "M02")
    assert to_bundle(result.pack)["planets"][0]["events"] == {"test": "mission_revealed", "subject": "M02"}
    assert "".join(x.text for x in board_of(result.pack, planet, "a4").rules[-1] if isinstance(x, Words)) == \
        "Draw an Event card at the end of your turn only if Mission M02 has been revealed."
    assert ('<p>Draw an Event card at the end of your turn only if <a href="#mission-M02">Mission M02</a> '
            'has been revealed.</p>') in reader_html(result.pack).decode()
    # a log tests it too, and the Logbook says it
    [log] = [entry for entry in printed_entries(result.pack) if entry.name == "Log 2 “Voice”"]
    assert log.paragraphs[1] == "If Mission M02 has been revealed, go to Log 3."


def test_an_events_line_is_checked_like_a_logs_condition(write_pack):
    body = EVENTS_PLANET.replace("  events if mission M02 revealed\n",
                                 "  events if mission M09 revealed\n  events if mission M02 revealed\n"
                                 "  events if mission M02 seen\n")
    result = _compiled(write_pack, body)
    # the first line is the one the planet keeps: its mission is checked, the others are E226
    assert [(d.code.id, d.span.line, d.span.column) for d in result.diagnostics] == [
        ("E201", 22, 21), ("E226", 23, 3), ("E226", 24, 3)]
    assert result.diagnostics[1].message == "planet p has an `events if` line already"
    for line, code, column in (("  events if mission M02 seen\n", "E229", 13), ("  events if has card 5\n", "E209", 3)):
        other = _compiled(write_pack, EVENTS_PLANET.replace("  events if mission M02 revealed\n", line))
        assert [(d.code.id, d.span.line, d.span.column) for d in other.diagnostics] == [(code, 22, column)]


SPIRE = '''poi P107 "Humming Spire" external {
  action "Listen" {
    outcome green: xenology => gain lead 1
    outcome red => progress time
  }
}
'''


def test_progress_time_with_no_time_track_in_the_pack_is_e321_at_the_effect(write_pack):
    result = _compiled(write_pack, SPIRE)
    [found] = result.diagnostics
    top = VANGUARD_HEADER.count("\n") + 1
    assert (found.code.id, found.span.line - top, found.span.column, found.span.end_column) == ("E321", 4, 20, 33)
    assert found.message == "`progress time` moves a Time Track, and POI P107 has none, nor does any card of the pack"
    assert found.hint == ("give POI P107 a time track (`time N => ...`), or write `progress time all` (every Time "
                          "Track in play, if any is)")


def test_progress_time_moves_the_card_own_track_or_the_tracks_in_play(write_pack):
    own = SPIRE.replace('  action "Listen"', '  time 3 => remove poi from game\n  action "Listen"')
    assert not _compiled(write_pack, own).diagnostics
    condition = 'condition G01 "Flickering Lights" external { time 4 => -> log 1 }\n'
    assert not _compiled(write_pack, SPIRE + condition).diagnostics


def test_too_many_or_no_copies_are_pointed_at_the_copies_clause_not_the_card(write_pack):
    result = _compiled(write_pack, 'poi P101 "Shard" copies 61 external {\n  final\n}\n'
                                   'poi P102 "Stone" copies 0 external { final }\n')
    top = VANGUARD_HEADER.count("\n") + 1
    found = [(d.code.id, d.span.line - top, d.span.column, d.span.end_column, d.hint) for d in result.diagnostics]
    assert found == [("W511", 1, 18, 27, "write at most `copies 60`; for more, print the card sheets more than once"),
                     ("E512", 4, 18, 26, "leave the card out of the pack; `copies 1` prints it once")]


def test_a_d10_range_sharing_faces_with_one_above_is_w414_with_the_range_that_meets_it(write_pack):
    result = _compiled(write_pack, 'log 2 "Roll" external {\n  roll d10\n  if d10 5 to 10 -> log 1\n'
                                   '  if d10 1 to 6 -> log 1\n  return\n}\n')
    [found] = result.diagnostics
    top = VANGUARD_HEADER.count("\n") + 1
    assert (found.code.id, found.span.line - top, found.span.column, found.span.end_column) == ("W414", 4, 6, 16)
    assert found.message == "`d10 1 to 6` overlaps `d10 5 to 10` above: faces 5 to 6 of the roll are read there first"
    assert found.hint == "end it at 4: `d10 1 to 4`"
    assert found.related[0].span.line - top == 3


def test_a_log_testing_its_own_box_below_its_check_is_w417_at_the_test(write_pack):
    result = _compiled(write_pack, 'log 2 "Hatch" external {\n  text "A hatch."\n  check\n'
                                   '  if checked log 2 -> log 1\n  return\n}\n')
    [found] = result.diagnostics
    top = VANGUARD_HEADER.count("\n") + 1
    assert (found.code.id, found.span.line - top, found.span.column, found.span.end_column) == ("W417", 4, 6, 19)
    assert found.hint == ("test it above `check` to ask whether the reader has been here before, or write "
                          "`-> log 1` if it is always meant")
    assert found.related[0].span.line - top == 3
