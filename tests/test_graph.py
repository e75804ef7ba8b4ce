"""The story graph: its nodes and edges, and property tests of the graph rules on
randomly generated logbooks."""
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import CONTENT, VANGUARD_HEADER
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
                                 ("event", "E01"), ("injury", "Just a Scratch")}


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
