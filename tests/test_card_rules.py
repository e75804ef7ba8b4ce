"""Cards carry their rules: text on every vanguard card, time tracks on POIs, special
actions on missions and global conditions, a condition's special effect and dice
combinations; each reaches the bundle."""
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle
from vcompiler.emit.validate import schema_errors
from vcompiler.render.cards import faces_of
from vcompiler.render.ir import Icon, Row, Words

PACK = VANGUARD_HEADER + '''
log 1 "Start" { set condition G02; reveal mission M05; place threat T01 in sector 1; return }
planet p "P" { sector 1 { poi P110 printed; lander } }
poi P110 "Geyser" {
  text "No one may Rest here."
  time 3 => roll danger T
}
condition G02 "Whiteout" {
  text "No supplies are gained."
  special missing defense => roll danger T
  combination scouting + biology => gain lead 1 on biological
  action "Dig In" {
    outcome green: 2 defense => reset time
    outcome red => nothing
  }
}
mission M05 "Beacon" {
  action "Raise It" {
    outcome green: construction => complete mission M05
    outcome red => nothing
  }
}
threat T01 "Yeti" { text "It never crosses water."; space 1 => threat move }
event E01 "Gust" { text "Hold on."; secondary nothing; main spend die }
'''


def test_card_rules_reach_the_bundle(write_pack):
    result = compile_pack(write_pack({"pack.vcl": PACK}))
    assert [d.code.id for d in result.diagnostics] == []
    bundle = to_bundle(result.pack)
    assert schema_errors(bundle, "bundle.schema.json") == []
    cards = {c["id"]: c for c in bundle["cards"]}
    assert [r["kind"] for r in cards["G02"]["rows"]] == ["special", "combination"]
    combination = cards["G02"]["rows"][1]
    assert combination["effects"] == [[{"op": "gain_lead_on", "amount": 1, "deck": "biological"}]]
    assert [t["count"] for alt in combination["requirement"] for t in alt] == [1, 1]
    assert len(cards["G02"]["actions"]) == 1 and len(cards["M05"]["actions"]) == 1
    assert [r["kind"] for r in cards["P110"]["rows"]] == ["time"]
    for ident in ("P110", "G02", "T01", "E01"):
        assert cards[ident]["text"], ident


def test_a_combination_needs_a_requirement_of_dice_icons(write_pack):
    broken = PACK.replace("combination scouting + biology", "combination scouting + missing biology")
    result = compile_pack(write_pack({"pack.vcl": broken}))
    assert [(d.code.id, d.span.line) for d in result.diagnostics] == [("E230", 17)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ygrb"), st.sampled_from("ygrb")), max_size=8))
def test_connected_outcomes_find_the_cycle_networkx_finds(connections):
    import networkx as nx

    from vcompiler.checks.outcomes import first_cycle
    try:
        expected = [tuple(edge) for edge in nx.find_cycle(nx.DiGraph(connections))]
    except nx.NetworkXNoCycle:
        expected = None
    assert first_cycle(connections) == expected


def test_a_time_track_points_at_the_space_out_of_place(write_pack):
    skipped = PACK.replace("space 1 => threat move }", "space 1 => nothing\n  space 3 => threat move }")
    [found] = compile_pack(write_pack({"pack.vcl": skipped})).diagnostics
    line = skipped.splitlines().index("  space 3 => threat move }") + 1
    assert (found.code.id, found.span.line, found.span.column, found.span.end_column) == ("E329", line, 9, 10)
    assert found.message == "space 3 of threat T01 stands where space 2 belongs"
    assert found.hint.endswith("write `space 2 => nothing` where nothing happens")
    long = PACK.replace("time 3 => roll danger T", "time 12 => roll danger T")
    [found] = compile_pack(write_pack({"pack.vcl": long})).diagnostics
    line = long.splitlines().index("  time 12 => roll danger T") + 1
    assert (found.code.id, found.span.line, found.span.column, found.span.end_column) == ("E329", line, 8, 10)
    assert found.message == "the time track of POI P110 has 12 spaces; a time track has 1 to 10"


def test_a_dice_combination_prints_as_one_not_as_a_special_effect(write_pack):
    pack = compile_pack(write_pack({"pack.vcl": PACK})).pack
    rows = [b for b in {f.key: f for f in faces_of(pack)}["condition G02"].blocks if isinstance(b, Row)]
    assert [(b.style, b.lead[0]) for b in rows[:2]] == [("special", Icon("special")),
                                                        ("combination", Words("Combination"))]
    assert Icon("scouting") in rows[1].lead and Icon("special") not in rows[1].lead


def test_a_track_too_long_is_pointed_at_by_its_length(write_pack):
    long = PACK.replace('''  action "Dig In" {''', '''  action "Dig Out" {
    special die => progress green
    track green 12 => nothing
  }
  action "Dig In" {''')
    [found] = compile_pack(write_pack({"pack.vcl": long})).diagnostics
    line = long.splitlines().index("    track green 12 => nothing") + 1
    assert (found.code.id, found.span.line, found.span.column, found.span.end_column) == ("E304", line, 17, 19)
