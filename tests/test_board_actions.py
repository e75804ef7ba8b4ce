"""Special Actions without a dice check and on a sector, a planet's rules, log
conditions beyond check marks, who an effect befalls, threats' attacks and standees,
and Danger die letters: each from the text to the bundle, the books and play."""
import re

import pytest

from conftest import VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle
from vcompiler.emit.validate import schema_errors
from vcompiler.model import types as m
from vcompiler.play.machine import Game
from vcompiler.play.positions import AtBoard
from vcompiler.play.state import State
from vcompiler.render import ir, voice
from vcompiler.render.board import board_of
from vcompiler.render.cards import faces_of

PACK = VANGUARD_HEADER + '''
danger B "Blizzard" { text "Lose 1 supplies." }
danger T "Tutorial"

log 1 "Start" {
  place threat T01 in sector 2
  place standee T01 in sector 1
  roll d10
  if d10 1 to 4 -> log 2
  if has discovery mineral -> log 2
  if has success 3 -> log 2
  if threat T01 in sector 2 -> log 2
  if threat T01 here -> log 2
  else -> log 2
}

log 2 "Hit" {
  spend die for all crew
  gain injury "Bite" for random crew / roll danger B for chosen crew
  return
}

planet p "P" {
  text "Crewmembers cannot Rest in Sector 2."
  sector 1 {
    lander
    action "Climb the Spire" {
      text "Look out over the ice."
      gain lead 1; roll danger T
    }
  }
  sector 2 {
    poi P1 printed
    action "Break the Ice" {
      outcome green: physical => gain discovery mineral
      outcome red => then green
    }
  }
  path 1 <-> 2 [spend die]
}

poi P1 "Beacon" {
  action "Listen" {
    text "A slow pulse."
    gain success 1
  }
}

threat T01 "Swarm" {
  standees 3
  attack => spend die for all crew
  alone => threat move
  space 1 => threat attack 1
}

injury "Bite" { damage => spend die }
'''


@pytest.fixture
def built(write_pack):
    result = compile_pack(write_pack({"pack.vcl": PACK}))
    assert [(d.code.id, d.span.line) for d in result.diagnostics] == []
    return result.pack


def _log(pack: m.Pack, number: int) -> list[str]:
    """A log's statements as the Logbook words them, icons as [name]."""
    out = []
    for s in pack.log(number).statements:
        if isinstance(s, m.IfStatement):
            out.append(voice.plain(voice.condition(s.condition), "[{}]"))
        elif isinstance(s, m.EffectStatement):
            out.append(voice.plain(voice.sentence(s.effect), "[{}]"))
    return out


def test_the_constructs_reach_the_bundle_and_fit_its_schema(built):
    bundle = to_bundle(built)
    assert schema_errors(bundle, "bundle.schema.json") == []
    planet = bundle["planets"][0]
    assert planet["text"] == [[[{"text": "Crewmembers cannot Rest in Sector 2."}]]]
    action = planet["sectors"][0]["actions"][0]
    assert (action["name"], action["rows"]) == ("Climb the Spire", [])
    assert action["effects"] == [[{"op": "gain_lead", "amount": 1}], [{"op": "roll_danger", "die": "T"}]]
    check = planet["sectors"][1]["actions"][0]
    assert [(r["kind"], r["key"]) for r in check["rows"]] == [("outcome", "green"), ("outcome", "red")]
    assert check["effects"] == [] and check["text"] == []
    cards = {c["id"]: c for c in bundle["cards"]}
    assert cards["P1"]["actions"][0]["effects"] == [[{"op": "gain_success", "amount": 1}]]
    assert cards["T01"]["standees"] == 3 and cards["P1"]["standees"] is None
    assert [r["kind"] for r in cards["T01"]["rows"]] == ["attack", "alone", "space"]
    assert cards["T01"]["rows"][0]["effects"] == [[{"op": "spend_die", "crew": "all"}]]
    assert (cards["B"]["kind"], cards["T"]["text"]) == ("danger", [])
    tests = [(s["condition"]["test"], s["condition"]["subject"], s["condition"].get("more"))
             for s in bundle["logs"][0]["statements"] if s["kind"] == "if"]
    assert tests == [("d10", 1, [4]), ("has_discovery", "mineral", None), ("has_success", 3, None),
                     ("threat_in_sector", "T01", [2]), ("threat_here", "T01", None)]
    hit = bundle["logs"][1]["statements"][1]["effect"]
    assert hit == [{"op": "gain_injury", "injury": "Bite", "crew": "random"},
                   {"op": "roll_danger", "die": "B", "crew": "chosen"}]


def test_the_logbook_words_conditions_and_who_an_effect_befalls(built):
    assert _log(built, 1)[2:] == [
        "Roll a D10.", "if the D10 shows 1 to 4", "if you have a mineral Discovery",
        "if you have 3 or more [success]", "if Threat T01 is in Sector 2", "if Threat T01 is in your Sector"]
    assert _log(built, 2)[:2] == [
        "Each Crewmember in the Sector: spend a die.",
        "A random Crewmember: gain a “Bite” Injury or one Crewmember of your choice: roll a [danger B] Danger die."]


def test_the_board_prints_the_planets_rules_and_its_sectors_actions(built):
    board = board_of(built, built.planets[0], "a4")
    assert [voice.plain(p) for p in board.rules] == ["Crewmembers cannot Rest in Sector 2."]
    assert board.sectors[0].actions == ("Climb the Spire",) and board.sectors[1].actions == ("Break the Ice",)
    number, name, said, dice = board.actions[0]
    # A Special Action's icon before its name; no Dice Check's, as it has no rows.
    assert (number, name, dice) == (1, "Climb the Spire", [ir.Icon("action")])
    assert [voice.plain(p, "[{}]") for p in said] == [
        "Look out over the ice.", "Gain 1 [lead], then roll a [danger T] Danger die."]
    assert [voice.plain(p, "[{}]") for p in board.actions[1][2]] == [
        "[green] [physical]: Gain a mineral Discovery.", "[red]: Then resolve the [green] green Outcome."]


def test_an_actions_danger_dice_stand_to_the_left_of_its_name_on_cards_boards_and_the_reader(write_pack):
    # RB 890, 1183: "the number of Danger dice depicted to the left of the Action's name".
    # The board printed none at all; the cards and the reader printed them after it.
    from vcompiler.reader import reader_html
    from vcompiler.render.sheets import Job, job_html, single_pages
    from vcompiler.render.templating import environment

    # RB 1670: the letter inside the icon picks the Reference card's table; one die, one icon.
    text = PACK.replace('action "Break the Ice" {', 'action "Break the Ice" danger 2 B {').replace(
        'action "Listen" {', 'action "Listen" danger 1 {')
    pack = compile_pack(write_pack({"pack.vcl": text})).pack
    board = board_of(pack, pack.planets[0], "a4")
    assert [[i for i in a[3] if i.name == "danger"] for a in board.actions] == [[], [ir.Icon("danger", "B")] * 2]
    lettered = '<span class="marked marked-danger">B</span>'
    drawn = environment().get_template("board.html.j2").render(board=board, naive=False, created=None, version="")
    assert f"{lettered}{lettered} <b>Break the Ice</b>" in drawn and "danger" not in drawn.split("Climb the Spire")[0]
    # Without a letter (W418) the icon is printed empty.
    die = '<img class="icon" src="icons/danger.svg" alt="danger">'
    poi = next(f for f in faces_of(pack) if f.key == "poi P1")
    sheet = job_html(Job("t", (poi,), tuple(single_pages([0], [poi])), frozenset()))
    # After the Special Action's icon (RB 478), before the name.
    action = '<span class="signs"><img class="icon" src="icons/action.svg" alt="action"></span>'
    assert f'<h3 class="action">{action}<span class="danger">{die}</span>Listen</h3>' in sheet
    reader = reader_html(pack).decode()
    assert re.search(r'<h3><span class="icon i-danger"[^>]*></span> Listen</h3>', reader)
    lettered_die = r'<span class="icon marked i-faces-danger"[^>]*>B</span>'
    assert re.search(rf"<h3>({lettered_die}){{2}} Sector 2: Break the Ice</h3>", reader)


def test_cards_print_plain_actions_attacks_and_standees_and_the_packs_own_danger_tables(built):
    faces = {f.key: f for f in faces_of(built)}
    assert "danger B" in faces and "danger T" not in faces    # T is a table of the box's card
    poi = [type(b) for b in faces["poi P1"].blocks]
    assert poi == [ir.ActionHead, ir.Paragraph, ir.Paragraph]
    threat = faces["threat T01"]
    assert "3 standees" in threat.badges
    rows = [b.style if isinstance(b, ir.Row) else b for b in threat.blocks[:3]]
    assert rows == ["attack", "alone", ir.Rule("Time Track")]


def test_play_offers_actions_without_a_dice_check_and_reads_the_new_conditions(built):
    game = Game(built)
    state = State(at=AtBoard(), supplies=4)       # the Lander's, told at landing
    game.to_board(state)
    labels = [o.label for o in game.advance(state, show=False).options]
    assert "Sector 1: Climb the Spire" in labels
    state.sector = 2
    labels = [o.label for o in game.advance(state, show=False).options]
    assert "P1 Beacon: Listen" in labels and not any("Climb" in label for label in labels)
    # A sector's dice check is resolved like a card's, connected outcomes included.
    check = next(o for o in game.advance(state, show=False).options if o.label.startswith("Sector 2: Break"))
    game.choose(state, check)
    scene = game.advance(state, show=True)
    assert scene.lines[-1] == "── Sector 2: Break the Ice. Roll, then pick what came up."
    game.choose(state, next(o for o in scene.options if o.label.startswith("Red outcome")))
    game.advance(state, show=False)
    assert state.counters.get("discovery_mineral") == 1
    state.threats["T01"] = 2
    state.sector = 1
    holds = {s.condition.kind: game.holds(state, s.condition)
             for s in built.log(1).statements if isinstance(s, m.IfStatement)}
    assert holds["threat_in_sector"] and not holds["threat_here"] and not holds["has_success"]
    state.counters["success"] = 3
    state.sector = 2
    assert all(game.holds(state, s.condition) for s in built.log(1).statements
               if isinstance(s, m.IfStatement) and s.condition.kind in ("has_success", "threat_here"))


def test_an_effect_on_the_team_cannot_say_which_crewmember(write_pack):
    broken = PACK.replace("gain lead 1; roll danger T", "gain lead 1 for all crew; roll danger T")
    result = compile_pack(write_pack({"pack.vcl": broken}))
    found = [(d.code.id, d.span.line, d.span.column) for d in result.diagnostics]
    assert found == [("E228", 35, 19)]
    assert "spend die" in result.diagnostics[0].hint


def test_a_danger_letter_is_one_capital(write_pack):
    broken = PACK.replace('danger T "Tutorial"', 'danger Tx "Tutorial"')
    result = compile_pack(write_pack({"pack.vcl": broken}))
    # One mistake: neither is the misnamed die unrolled (W409), nor the `roll danger T`
    # it was meant for undefined (E217).
    assert [(d.code.id, d.span.line, d.span.column) for d in result.diagnostics] == [("E232", 9, 8)]


def test_the_reader_shows_the_planets_rules_and_actions_without_a_dice_check(built):
    from vcompiler.reader import reader_html
    page = reader_html(built).decode()
    planet = page[page.index('id="planet-p"'):]
    planet = planet[:planet.index("</article>")]
    assert "Crewmembers cannot Rest in Sector 2." in planet
    assert "Sector 1: Climb the Spire" in planet and "Look out over the ice." in planet
    poi = page[page.index('id="poi-P1"'):]
    assert "A slow pulse." in poi[:poi.index("</article>")]


def test_a_pack_that_declares_no_danger_letter_rolls_the_boxs_and_keeps_its_graph_warnings(write_pack):
    pack = VANGUARD_HEADER + '''
log 1 "Start" { roll danger T; return }
log 2 "Nobody Reads Me" { return }
'''
    result = compile_pack(write_pack({"pack.vcl": pack}))
    assert [(d.code.id, d.span.line) for d in result.diagnostics] == [("W400", 9)]
