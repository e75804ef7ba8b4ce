"""The story graph: its nodes and edges, and property tests of the graph rules on
randomly generated logbooks."""
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import CONTENT, VANGUARD_HEADER, VANTAGE_HEADER, expectations
from vcompiler.checks.graph import build_graph, roots
from vcompiler.compile import compile_pack

GRAPH_CODES = {"W400", "E401", "W404", "W406", "E210"}


def test_reference_graph_has_typed_nodes_and_edges():
    pack = compile_pack(CONTENT / "eye-of-the-void").pack
    graph = build_graph(pack)
    assert graph.nodes[("log", 204)]["kind"] == "log"
    assert graph.edges[("planet", "eye_of_the_void"), ("log", 204)]["via"] == "board"
    assert graph.edges[("log", 227), ("log", 228)]["via"] == "choice"
    assert graph.edges[("log", 204), ("log", 206)]["via"] == "conditional"
    assert graph.edges[("log", 298), ("log", 505)]["via"] == "text"
    assert graph.edges[("log", 420), ("threat", "T01")]["via"] == "place"
    assert graph.edges[("log", 311), ("mission", "M02")]["via"] == "reveal"
    assert graph.edges[("poi", "P101"), ("unique", 1)]["via"] == "gain"
    # Testing a check mark is not a way to reach the log.
    assert not graph.has_edge(("log", 204), ("log", 410))
    assert set(roots(graph)) >= {("pack", "eye_of_the_void"), ("planet", "inner_hull"), ("log", 720),
                                 ("event", "E01"), ("injury", "Just a Scratch!")}


def test_vantage_graph_reaches_depart_entries_through_starred_points():
    graph = build_graph(compile_pack(CONTENT / "tidal-reach").pack)
    assert graph.edges[("location", 101), ("depart", (101, "east"))]["via"] == "depart"
    assert graph.edges[("depart", (101, "east")), ("location", 150)]["via"] == "goto"
    assert graph.edges[("location", 101), ("location", 102)]["via"] == "compass"


@st.composite
def logbooks(draw):
    """A tree of logs from log 1, leaves ending in `return`, plus back edges from a
    log to one of its ancestors (loops that always have a way out)."""
    n = draw(st.integers(2, 25))
    parent = {i: draw(st.integers(1, i - 1)) for i in range(2, n + 1)}
    targets = {i: [c for c in range(2, n + 1) if parent[c] == i] for i in range(1, n + 1)}
    for i in range(2, n + 1):
        if targets[i] and draw(st.booleans()):
            ancestors, a = [], i
            while a in parent:
                a = parent[a]
                ancestors.append(a)
            targets[i].append(draw(st.sampled_from(ancestors)))
    return n, parent, targets


def leaves_with_a_sibling(n, parent, targets) -> list[int]:
    """Leaves whose parent keeps a way down to another leaf: taking one of them away
    strands only that leaf. (Taking an only leaf may also strand a loop above it, which
    is a W404 of its own.)"""
    children = {p: [c for c in parent if parent[c] == p] for p in range(1, n + 1)}
    leaves = [i for i in range(2, n + 1) if not targets[i] and len(children[parent[i]]) > 1]
    assume(leaves)
    return leaves


def render(targets: dict[int, list[int]], overrides: dict[int, str] | None = None) -> str:
    overrides = overrides or {}
    parts = [VANGUARD_HEADER]
    for number, outs in sorted(targets.items()):
        if number in overrides:
            body = overrides[number]
        elif not outs:
            body = "  return"
        elif len(outs) == 1:
            body = f"  -> log {outs[0]}"
        else:
            body = "\n".join(f'  choice "To {t}" -> log {t}' for t in outs)
        parts.append(f'log {number} "Log {number}" {{\n{body}\n}}\n')
    return "\n".join(parts)


def graph_diagnostics(write_pack, text: str, name: str) -> set[tuple[str, int]]:
    result = compile_pack(write_pack({"pack.vcl": text}, name=name))
    return {(d.code.id, d.span.line) for d in result.diagnostics if d.code.id in GRAPH_CODES}


def header_line(text: str, number: int) -> int:
    return text.splitlines().index(f'log {number} "Log {number}" {{') + 1


_settings = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@_settings
@given(book=logbooks(), data=st.data())
def test_connected_logbook_is_clean_and_cutting_an_edge_to_a_leaf_gives_one_W400(book, data, write_pack):
    n, parent, targets = book
    text = render(targets)
    assert graph_diagnostics(write_pack, text, "whole") == set()

    leaf = data.draw(st.sampled_from(leaves_with_a_sibling(n, parent, targets)))
    cut = {k: [t for t in v if not (k == parent[leaf] and t == leaf)] for k, v in targets.items()}
    cut_text = render(cut)
    assert graph_diagnostics(write_pack, cut_text, "cut") == {("W400", header_line(cut_text, leaf))}


@_settings
@given(book=logbooks(), data=st.data())
def test_a_leaf_without_its_return_is_one_E401_and_a_self_loop_one_W404(book, data, write_pack):
    n, parent, targets = book
    leaf = data.draw(st.sampled_from(leaves_with_a_sibling(n, parent, targets)))
    dead = render(targets, {leaf: '  text "The end?"'})
    assert graph_diagnostics(write_pack, dead, "dead") == {("E401", header_line(dead, leaf))}
    loop = render(targets, {leaf: f"  -> log {leaf}"})
    assert graph_diagnostics(write_pack, loop, "loop") == {("W404", header_line(loop, leaf))}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), max_size=40), st.sets(st.integers(0, 12)))
def test_the_rules_walk_the_graph_as_networkx_does(edges, inside):
    import networkx as nx

    from vcompiler.checks.graph import StoryGraph, descendants, strongly_connected
    story = StoryGraph()
    for node in range(13):
        story.add_node(node, kind="log", root=node == 0)
    for a, b in edges:
        story.add_edge(a, b, via="goto")
    reference = story.to_networkx()
    assert set(reference.edges) == set(edges)
    for node in range(13):
        assert descendants(story.successors, node) - {node} == nx.descendants(reference, node)
    assert sorted(map(sorted, strongly_connected(inside, story.successors))) == sorted(
        map(sorted, nx.strongly_connected_components(reference.subgraph(inside))))


# Errors, each beside the entries it could explain, and defects that nothing explains.
PLANTED = VANGUARD_HEADER + '''log 1 "Start" {
  choice "Typo" -> log 122
  choice "Broken" -> log 5
  choice "Loops" -> log 3
  choice "More loops" -> log 60
}

log 3 "Hub" {
  choice "One" -> log 40
  choice "Two" -> log 50
}

log 5 "Does not parse" {
  text "Read {log 13} later."
  choice "x" -> 13
}

log 12 "Meant by the typo" { return }
log 13 "Mentioned where the parse failed" { return }
log 30 "Lost for real" { return }

log 40 "Loop A" { -> log 41 }
log 41 "Loop A back" { -> log 40 }
log 50 "Loop B" { -> log 51 }
log 51 "Loop B back" { -> log 50 }
log 60 "Loop with a dangling way" { -> log 61 }
log 61 "Dangling" {
  choice "Back" -> log 60
  choice "Out" -> log 99
}

log 70 "Cards" external {
  place poi P1O1 in sector 1
  plaec poi P202 in sector 1
  return
}

planet p "P" {
  sector 1 { poi P300 printed }
}

poi P101 "Meant by a typo" { final }
poi P202 "Gained on an error line" { final }
poi P300 "Printed" { final }
poi P900 "Unused for real" { final }
'''


def test_graph_warnings_stand_down_only_where_an_error_explains_them(write_pack):
    result = compile_pack(write_pack({"pack.vcl": PLANTED}))
    found = sorted((d.code.id, d.span.line) for d in result.diagnostics)
    errors = [f for f in found if f[0].startswith("E")]
    warnings = [f for f in found if f[0].startswith("W") and f[0] != "W407"]
    assert [code for code, _ in errors] == ["E100", "E200", "E200", "E207", "E208"]
    assert warnings == [
        ("W400", 26),     # log 30: nothing leads there, and no error names it
        ("W402", 51),     # P900: the same
        ("W404", 28),     # logs 40 and 41: no dangling reference leaves them
        ("W404", 30),     # logs 50 and 51
    ]
    # Not reported: log 12 (what `-> log 122` suggests), log 13 (mentioned by a log that
    # did not parse), P101 (what the malformed `P1O1` is spelt like), P202 (on the line
    # of an unknown verb), logs 60 and 61 (`-> log 99` may be their way out).


def test_a_file_that_cannot_be_read_stands_every_graph_warning_down(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "S" { return }\nlog 2 "Lost" { return }\n'})
    assert [d.code.id for d in compile_pack(folder).diagnostics] == ["W400"]
    (folder / "binary.vcl").write_bytes(b"\x00\x01")
    assert [d.code.id for d in compile_pack(folder).diagnostics] == ["E103"]


def test_a_file_that_cannot_be_read_is_one_error_not_one_per_reference_into_it(write_pack):
    # Saved in Latin-1 by an editor: what it defines is unknown, so references to it
    # are not "undefined" until it can be read.
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "S" { -> log 2 }\n',
                         "more.vcl": 'log 3 "T" {\n  text "{log 2}"\n  return\n}\n'})
    (folder / "logs.vcl").write_bytes('log 2 "Café" {\n  -> log 3\n}\n'.encode("latin-1"))
    [only] = compile_pack(folder).diagnostics
    assert (only.code.id, only.span.file.rsplit("/", 1)[-1], only.span.line, only.span.column) == (
        "E103", "logs.vcl", 1, 11)
    (folder / "logs.vcl").write_text('log 2 "Café" {\n  -> log 3\n}\n', encoding="utf-8")
    assert not compile_pack(folder).diagnostics


def test_what_a_declaration_that_did_not_parse_names_is_not_also_unused(write_pack):
    # A compass exit leads to a location, its point misspelt or not, a character is a
    # card, and a vanguard card may be named by its number or its name: each counts as
    # led to from a declaration that did not parse, as a `log N` does.
    vantage = VANTAGE_HEADER.replace("location 1", "location 0") + (
        'location 0 "Setup" {\n  character 11 "Roll 1-3"\n  level easy time 5 moral 5\n'
        '  choice "Go" -> location 1\n}\n'
        'location 1 "Flats" {\n  north 2 walks\n  est 3 swim\n}\n'
        'location 2 "Marsh" { south 1 walk }\n'
        'location 3 "Pools" { west 1 swim }\n'
        'card 11 character "Diver" { vertical; slots 1 }\n')
    found = [(d.code.id, d.span.line) for d in compile_pack(write_pack({"pack.vcl": vantage})).diagnostics]
    assert [code for code, _ in found] == ["E100", "E100"]
    vanguard = VANGUARD_HEADER + ('log 1 "S" {\n  gain unique 1; gain injury "Frostbite"\n  retrun;;\n}\n'
                                  'unique 1 "Core" { text "Warm." }\n'
                                  'injury "Frostbite" { damage => spend die }\n')
    found = [(d.code.id, d.span.line) for d in compile_pack(write_pack({"pack.vcl": vanguard})).diagnostics]
    assert found == [("E100", 9)]


def test_what_a_second_definition_names_is_not_also_unused(write_pack):
    # `location 000` is location 0 again (E205) and is dropped: the characters it
    # places may be what the writer meant to keep.
    vantage = VANTAGE_HEADER.replace("location 1", "location 0") + (
        'location 0 "Setup" { choice "Go" -> location 1 }\n'
        'location 000 "Landfall" {\n  character 11 "Roll 1-3"\n  choice "Go" -> location 1\n}\n'
        'location 1 "Flats" { north 2 walk }\n'
        'location 2 "Marsh" { south 1 walk }\n'
        'card 11 character "Diver" { vertical; slots 1 }\n')
    found = [(d.code.id, d.span.line) for d in compile_pack(write_pack({"pack.vcl": vantage})).diagnostics]
    assert found == [("E205", 8)]


def test_a_planet_that_did_not_parse_leaves_its_sectors_unknown_not_undefined(write_pack):
    planet = ('planet moon "Moon" {\n  lift_off -> log 1\n  evac -> log 1\n'
              '  sector 1 { lander }\n  sector 2 { }\n  path 1 -- 2 [travel]\n}\n')
    logs = 'log 1 "S" {\n  place poi P1 in sector 2\n  return\n}\npoi P1 "Site" { final }\n'
    folder = write_pack({"pack.vcl": VANGUARD_HEADER, "planet.vcl": planet, "logs.vcl": logs})
    found = [(d.code.id, d.span.file.rsplit("/", 1)[-1], d.span.line) for d in compile_pack(folder).diagnostics]
    assert found == [("E100", "planet.vcl", 6)]
    (folder / "planet.vcl").unlink()
    [undefined] = [d for d in compile_pack(folder).diagnostics if d.code.id == "E203"]
    assert (undefined.span.line, undefined.span.column) == (2, 26)
    assert undefined.hint == 'the pack has no planet with sectors: add one with `planet ID "Name" { … }`'


def test_a_misspelt_way_out_is_one_error_not_also_a_dead_end(write_pack):
    text = VANGUARD_HEADER + ('log 1 "S" {\n  gain success 1\n  retrun\n}\n'
                              'log 2 "Lost" external {\n  gain success 1\n}\n')
    [first, second] = compile_pack(write_pack({"pack.vcl": text})).diagnostics
    assert (first.code.id, first.span.line, first.span.column) == ("E207", 9, 3)
    assert first.hint.startswith("did you mean `return`?")
    # A log without an error still gets its E401.
    assert (second.code.id, second.span.line) == ("E401", 11)


def test_a_misspelt_checked_label_is_one_error_not_also_an_untested_box(write_pack):
    text = VANGUARD_HEADER + ('log 1 "S" {\n  choice "a" -> log @doom\n  choice "b" -> log 4\n}\n'
                              'log @doom "Doom" {\n  check\n  return\n}\n'
                              'log 4 "Four" {\n  if checked log @dom -> log 1\n  return\n}\n'
                              'log 5 "Five" external {\n  check\n  return\n}\n')
    result = compile_pack(write_pack({"pack.vcl": text}))
    found = [(d.code.id, d.span.line, d.span.column, d.hint) for d in result.diagnostics]
    assert found == [("E200", 16, 18, "did you mean @doom?"),
                     # Nothing near `@dom` explains log 5's box.
                     ("W406", 20, 3, "test it with `if checked log 5 -> log N`, or remove `check`")]


def test_every_planted_defect_is_reported_beside_errors_and_no_echo_of_one(tmp_path):
    """Each line marked in the case is reported, warnings too, and nothing else: the
    warnings an error explains stand down, those it does not are not lost."""
    case = Path(__file__).parent / "cases" / "W400-beside-errors.vcl"
    folder = tmp_path / "defects"
    folder.mkdir()
    (folder / case.name).write_text(case.read_text(encoding="utf-8"), encoding="utf-8")
    result = compile_pack(folder)
    assert {(Path(d.span.file).name, d.span.line, d.code.id) for d in result.diagnostics} == expectations(folder)
    assert {"W400", "W402", "W404", "W406"} <= {d.code.id for d in result.diagnostics}
