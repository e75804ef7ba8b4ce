"""`vcompiler graph`: the story graph (checks.graph) as Graphviz DOT, and as SVG
through Graphviz's `dot` when it is installed.

Entries are clustered by planet or region (tools.regions) and coloured by kind;
unreachable entries are dashed and grey, logs of a loop with no way out red with a
thick border. `focus` keeps the entries within `depth` steps of one entry, either way."""
from __future__ import annotations

import shutil
import subprocess

import networkx as nx

from vcompiler.checks import CheckContext
from vcompiler.checks.graph import Node, endless_loops
from vcompiler.model.labels import entry_number
from vcompiler.model.types import Pack
from vcompiler.registry import is_kind, kind_named
from vcompiler.tools.regions import node_title, regions

EDGE_STYLES = {"choice": "solid", "goto": "bold", "conditional": "dashed", "else": "dashed",
               "text": "dotted", "board": "solid", "compass": "solid", "depart": "solid",
               "start": "bold", "gain": "dotted", "reveal": "dotted", "place": "dotted"}


def _colour(kind: str) -> str:
    return (kind_named(kind).colour if is_kind(kind) else None) or "#ffffff"


class FocusNotFound(ValueError):
    pass


def _node_id(node: Node) -> str:
    kind, key = node
    if isinstance(key, tuple):
        key = "_".join(map(str, key))
    return _quote(f"{kind}:{key}")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def focus_node(pack: Pack, focus: str) -> Node:
    """The node an entry number or a log's @label names: a log in a vanguard pack, a
    location in a vantage pack."""
    kind = "log" if pack.game == "vanguard" else "location"
    try:
        number = entry_number(pack, focus)
    except ValueError as error:
        raise FocusNotFound(f"--focus: {error}") from None
    if (kind, number) not in _graph_nodes(pack):
        raise FocusNotFound(f"pack {pack.name} has no {kind} {number}")
    return (kind, number)


def _graph_nodes(pack: Pack) -> set[Node]:
    return set(CheckContext(pack).graph.nodes)


def _label(pack: Pack, node: Node) -> str:
    """Two lines, what it is and its title: "Log 227" / "Echoes in the Hull"."""
    words = node_title(pack, node).split(" ")
    if node[0] in ("planet", "pack"):
        return " ".join(words)
    head = 2
    return " ".join(words[:head]) + ("\n" + " ".join(words[head:]) if len(words) > head else "")


def to_dot(pack: Pack, focus: Node | None = None, depth: int = 2) -> str:
    context = CheckContext(pack)
    graph = context.graph
    if focus is not None:
        undirected = graph.to_undirected(as_view=True)
        near = nx.single_source_shortest_path_length(undirected, focus, cutoff=depth)
        graph = graph.subgraph(near)
    reachable = context.reachable
    looping = {("log", n) for loop in (endless_loops(context) if pack.complete else []) for n in loop}
    where = regions(pack, context.graph)
    lines = [f"digraph {_quote(pack.name)} {{",
             f"  label={_quote(pack.title)}; labelloc=t; fontname=\"DejaVu Sans\"; rankdir=LR;",
             '  node [shape=box, style="rounded,filled", fontname="DejaVu Sans", fontsize=10];',
             '  edge [fontname="DejaVu Sans", fontsize=8, color="#555555"];']
    names = {planet.id: planet.name for planet in pack.planets}
    by_region: dict[str, list[Node]] = {}
    for node in graph.nodes:
        by_region.setdefault(where.get(node, ""), []).append(node)
    for i, (region, nodes) in enumerate(sorted(by_region.items())):
        lines.append(f"  subgraph cluster_{i} {{")
        lines.append(f"    label={_quote(names.get(region, region))}; style=rounded; color=\"#999999\";")
        for node in sorted(nodes, key=lambda n: (n[0], str(n[1]))):
            kind = node[0]
            attrs = [f"label={_quote(_label(pack, node))}",
                     f"fillcolor=\"{_colour(kind)}\""]
            if node not in reachable:
                attrs.append('style="rounded,filled,dashed", color="#999999", fontcolor="#777777"')
                attrs.append('tooltip="unreachable"')
            if node in looping:
                attrs.append('color="#cc0000", penwidth=3, tooltip="loop with no way out"')
            if node == focus:
                attrs.append("peripheries=2")
            lines.append(f"    {_node_id(node)} [{', '.join(attrs)}];")
        lines.append("  }")
    for a, b, via in sorted(graph.edges(data="via"), key=lambda e: (str(e[0]), str(e[1]))):
        style = EDGE_STYLES.get(via, "solid")
        extra = ', color="#cc0000"' if a in looping and b in looping else ""
        lines.append(f"  {_node_id(a)} -> {_node_id(b)} [label={_quote(via)}, style={style}{extra}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def dot_program() -> str | None:
    return shutil.which("dot")


# Graphviz lays out a few thousand nodes in seconds, ten thousand in many minutes.
SVG_NODES = 1000


def node_count(dot_text: str) -> int:
    return sum(1 for line in dot_text.splitlines() if line.startswith("    \"") and "->" not in line)


def to_svg(dot_text: str, program: str, timeout: float = 120) -> bytes:
    """Raises RuntimeError when `dot` fails or takes longer than `timeout` seconds."""
    try:
        done = subprocess.run([program, "-Tsvg"], input=dot_text.encode("utf-8"), capture_output=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"it took more than {timeout:.0f} s") from None
    if done.returncode != 0:
        raise RuntimeError(done.stderr.decode("utf-8", "replace").strip() or "dot failed")
    return done.stdout
