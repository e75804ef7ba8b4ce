"""A planet as the rulebook sets it up and plays it: the Global Condition in full (its
time track, Special Effect, Dice Combinations and Supplies), what the table lays out
before the first turn, sectors of one planet named from another's logs, and the
vocabularies a pack declares."""
from conftest import VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle
from vcompiler.render.board import board_of
from vcompiler.render.cards import faces_of
from vcompiler.render.ir import plain

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
