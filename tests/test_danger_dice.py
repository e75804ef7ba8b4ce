"""An action's Danger dice with the letter of their table (`danger 1 T`, RB 890, 1670):
read, checked against the box's and the pack's letters, kept in the bundle, printed
inside the die's icon and told by `play`."""
from conftest import VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle
from vcompiler.play.machine import Game
from vcompiler.play.positions import AtBoard, AtCheck
from vcompiler.play.state import State
from vcompiler.render import ir
from vcompiler.render.cards import faces_of

PACK = VANGUARD_HEADER + """
danger B "Blizzard" { text "Lose 1 supplies." }

log 1 "Start" {
  roll danger B
  return
}

planet p "P" {
  sector 1 { lander; poi P101 printed }
}

poi P101 "Crevasse" {
  action "Squeeze Through" danger 2 T {
    outcome green: physical => gain success 1
    outcome red => nothing
  }
  action "Cross the Ice" danger 1 B {
    outcome green: scouting => gain success 1
    outcome red => nothing
  }
  action "Jump" danger 1 {
    outcome green: physical => gain success 1
    outcome red => nothing
  }
}
"""


def _codes(result) -> list[tuple[str, int, int]]:
    return [(d.code.id, d.span.line, d.span.column) for d in result.diagnostics]


def _line(text: str, part: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if part in line)


def test_the_letter_is_kept_from_the_source_to_the_bundle(write_pack):
    result = compile_pack(write_pack({"pack.vcl": PACK}))
    # Only the action without a letter is reported, at its `danger 1`.
    assert _codes(result) == [("W418", _line(PACK, '"Jump" danger 1 {'), 17)]
    actions = next(c for c in result.pack.cards if c.id == "P101").actions
    assert [(a.danger, a.danger_letter) for a in actions] == [(2, "T"), (1, "B"), (1, None)]
    bundled = next(c for c in to_bundle(result.pack)["cards"] if c["id"] == "P101")["actions"]
    assert [(a["danger"], a["danger_letter"]) for a in bundled] == [(2, "T"), (1, "B"), (1, None)]


def test_a_letter_neither_the_box_nor_the_pack_has_is_e217_at_the_letter(write_pack):
    text = PACK.replace("danger 1 B {", "danger 1 Q {")
    result = compile_pack(write_pack({"pack.vcl": text}))
    assert ("E217", _line(text, "danger 1 Q"), 35) in _codes(result)
    hint = next(d.hint for d in result.diagnostics if d.code.id == "E217")
    assert "the letters are B, T" in hint
    # A pack that declares no letter rolls the box's T, and nothing else.
    bare = PACK.replace('danger B "Blizzard" { text "Lose 1 supplies." }\n', "").replace("roll danger B", "")
    result = compile_pack(write_pack({"pack.vcl": bare.replace("danger 2 T {", "danger 2 A {")}, "bare"))
    assert [code for code, _, _ in _codes(result)].count("E217") == 2       # A, and the action's B


def test_the_hint_of_w418_names_the_letters_it_may_take(write_pack):
    result = compile_pack(write_pack({"pack.vcl": PACK}))
    (warning,) = result.diagnostics
    assert warning.message == "action 'Jump' rolls 1 Danger die without a letter"
    assert "`danger 1 B`" in warning.hint and "the letters are B, T" in warning.hint


def test_each_die_prints_as_an_icon_bearing_its_letter(write_pack):
    pack = compile_pack(write_pack({"pack.vcl": PACK})).pack
    poi = next(f for f in faces_of(pack) if f.key == "poi P101")
    heads = [b for b in poi.blocks if isinstance(b, ir.ActionHead)]
    assert [h.dice for h in heads] == [[ir.Icon("danger", "T")] * 2, [ir.Icon("danger", "B")], [ir.Icon("danger")]]


def test_play_tells_the_table_which_table_the_dice_are_read_on(write_pack):
    pack = compile_pack(write_pack({"pack.vcl": PACK})).pack
    game = Game(pack)
    state = State(at=AtBoard(), supplies=4)
    game.to_board(state)
    labels = [o.label for o in game.advance(state, show=False).options]
    assert "P101 Crevasse: Squeeze Through (dice check, 2 [danger T] Danger dice, table T)" in labels
    assert "P101 Crevasse: Jump (dice check, 1 [danger] Danger die, no table named)" in labels
    for index, told in ((1, "look it up in table B of the Danger die Reference card: Blizzard: Lose 1 supplies."),
                        (2, "look each up on the Danger die Reference card (the card names no table).")):
        state.at = AtCheck("P101", index)
        lines = game.advance(state, show=True).lines
        assert any(line.startswith("Roll 1 [danger") and line.endswith(told) for line in lines), lines
