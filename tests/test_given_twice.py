"""A line a declaration takes once (registry/lines.py), given twice, is an error at the
second with the first as related: `check` never passes what `build` would print with
one of them silently gone."""
from conftest import VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle

LOCATIONS = '''
location 1 "Beach" {
  north 2 walk
  north 3 walk
  look "Look around" cost 1 {
    result { gain card 1201 }
    result { gain coin 1 }
  }
}
location 2 "Cliff" { south 1 walk }
location 3 "Dunes" { west 1 walk }
card 1201 item "Lamp" { vertical; slots 1 }
'''


def _at(found, line: int):
    [d] = [d for d in found if d.span.line - VANTAGE_HEADER.count("\n") == line]
    return d


def test_a_second_result_of_an_action_is_an_error_at_it(write_pack):
    found = compile_pack(write_pack({"pack.vcl": VANTAGE_HEADER + LOCATIONS})).diagnostics
    second = _at(found, 7)
    assert second.code.id == "E218"
    assert second.message == '`result` is given twice in look action "Look around"'
    assert (second.span.column, second.span.end_column) == (5, 11)
    assert "one `result { … }`" in second.hint
    [first] = second.related
    assert (first.span.line - VANTAGE_HEADER.count("\n"), first.span.column, first.message) == \
        (6, 5, "first given here")


def test_two_exits_on_one_compass_point_are_an_error_at_the_second(write_pack):
    found = compile_pack(write_pack({"pack.vcl": VANTAGE_HEADER + LOCATIONS})).diagnostics
    second = _at(found, 4)
    assert (second.code.id, second.message) == ("E218", "`north` is given twice in location 1")
    assert (second.span.column, second.span.end_column) == (3, 15)
    assert "keep one exit north" in second.hint
    assert second.related[0].span.line - VANTAGE_HEADER.count("\n") == 3
    assert sorted(d.code.id for d in found) == ["E218", "E218"]


def test_a_card_keeps_the_first_of_a_line_given_twice_and_warns_of_nothing_else(write_pack):
    # `horizontal` after `vertical` on a card with slots: the card stays vertical, so
    # no W412 ("horizontal but has slots") follows the error.
    text = VANTAGE_HEADER + '''
location 1 "Beach" { north 2 walk; look "Look" cost 1 { result { gain card 1201 } } }
location 2 "Cliff" { south 1 walk }
card 1201 item "Lamp" {
  vertical
  horizontal
  boost 1
  boost 3
  slot time
}
'''
    result = compile_pack(write_pack({"pack.vcl": text}))
    assert [(d.code.id, d.span.line - VANTAGE_HEADER.count("\n"), d.message) for d in result.diagnostics] == [
        ("E218", 6, "an orientation (`vertical` or `horizontal`) is given twice in card 1201"),
        ("E218", 8, "`boost` is given twice in card 1201")]
    [card] = result.pack.vantage_cards
    assert (card.orientation, card.boost) == ("vertical", 1)


def test_the_codes_that_said_given_twice_before_still_say_it(write_pack):
    # A pack's settings are E213, a planet's Landing card E226, as they were; the
    # parser reports them now, with the same words.
    text = VANGUARD_HEADER.replace('  title "Test"\n', '  title "Test"\n  title "Again"\n') + '''
log 1 "Start" { return }
planet a "A" {
  landing 14 { text "Ice." }
  landing 15 { text "More ice." }
  sector 1 { lander }
}
'''
    found = compile_pack(write_pack({"pack.vcl": text})).diagnostics
    assert [(d.code.id, d.span.line, d.span.column, d.message, d.related[0].span.line) for d in found] == [
        ("E213", 4, 3, "`title` is given twice in pack test", 3),
        ("E226", 12, 3, "planet a has a Landing card already", 11)]


def test_a_pack_without_lines_given_twice_builds_every_line(write_pack):
    text = VANTAGE_HEADER + '''
location 1 "Beach" {
  north 2 walk
  south 3 walk
  look "Look around" cost 1 { result { gain card 1201; gain coin 1 } }
}
location 2 "Cliff" { south 1 walk }
location 3 "Dunes" { north 1 walk }
card 1201 item "Lamp" { vertical; slots 1 }
'''
    result = compile_pack(write_pack({"pack.vcl": text}))
    assert not [d for d in result.diagnostics if d.code.id.startswith("E")]
    [beach] = [loc for loc in to_bundle(result.pack)["locations"] if loc["number"] == 1]
    assert [e["direction"] for e in beach["exits"]] == ["north", "south"]
