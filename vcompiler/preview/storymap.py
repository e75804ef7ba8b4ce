"""The story map: the story graph of `vcompiler graph` (checks.graph, networkx) as plain
data for the preview's page to draw: every node placed, coloured by kind, marked
unreachable or in a loop with no way out, with where it is written and the reader's
address of what it is; and each planet's board as the board prints it (its spaces and
its paths' drawing, render.board), its spaces leading to the logs they send a reader to.

Nodes are laid out in columns by their distance from the story's roots (the first
column the roots), the unreachable ones in a column of their own after the rest, each
column in the order of regions (tools.regions) then keys: stable while writing, so that
an edit moves few nodes."""
from __future__ import annotations

from collections import deque
from typing import Any

from vcompiler.checks import CheckContext
from vcompiler.checks.graph import Node, endless_loops, roots
from vcompiler.checks.tables import card_node
from vcompiler.model import types as m
from vcompiler.preview.targets import Target
from vcompiler.registry import is_kind, kind_named
from vcompiler.render.board import board_of
from vcompiler.tools.regions import node_title, regions

COLUMN = 220                          # px between columns
ROW = 46                              # px between rows


def _node_id(node: Node) -> str:
    kind, key = node
    return f"{kind}:{'_'.join(map(str, key)) if isinstance(key, tuple) else key}"


def _columns(graph: Any, reachable: set[Node]) -> dict[Node, int]:
    depth: dict[Node, int] = {}
    queue = deque(node for node in roots(graph) if node in graph)
    for node in queue:
        depth[node] = 0
    while queue:
        node = queue.popleft()
        for after in graph.successors(node):
            if after not in depth:
                depth[after] = depth[node] + 1
                queue.append(after)
    last = max(depth.values(), default=-1) + 1
    for node in graph.nodes:
        depth.setdefault(node, last)
    return depth


def _node_targets(pack: m.Pack, found: list[Target]) -> dict[Node, Target]:
    by_node = {t.node: t for t in found if t.node is not None}
    by_span = {t.face.span: t for t in found if t.kind == "card" and t.face is not None}
    for card in pack.cards:
        if card.span in by_span:
            by_node.setdefault(card_node(card), by_span[card.span])
    # A sector is written, and printed, on its planet's board.
    for planet in pack.planets:
        board = by_node.get(("planet", planet.id))
        if board is not None:
            for sector in planet.sectors:
                by_node.setdefault(("sector", sector.number), board)
    return by_node


def map_data(pack: m.Pack, found: list[Target], paths: dict[str, str]) -> dict[str, Any]:
    """`paths`: each file's display path -> its path on disk, for links into the editor."""
    context = CheckContext(pack)
    graph = context.graph
    reachable = context.reachable
    looping = {("log", n) for loop in (endless_loops(context) if pack.complete else []) for n in loop}
    where = regions(pack, graph)
    column = _columns(graph, reachable)
    at = _node_targets(pack, found)
    names = {planet.id: planet.name for planet in pack.planets}
    order = sorted(graph.nodes, key=lambda n: (column[n], where.get(n, ""), n[0], str(n[1])))
    rows: dict[int, int] = {}
    index: dict[Node, int] = {}
    nodes: list[dict[str, Any]] = []
    for node in order:
        row = rows.get(column[node], 0)
        rows[column[node]] = row + 1
        index[node] = len(nodes)
        target = at.get(node)
        kind = node[0]
        span = target.span if target is not None else None
        nodes.append({
            "id": _node_id(node), "kind": kind, "title": node_title(pack, node),
            "region": names.get(where.get(node, ""), where.get(node, "")),
            "x": column[node] * COLUMN, "y": row * ROW,
            "colour": (kind_named(kind).colour if is_kind(kind) else None) or "#ffffff",
            "unreachable": node not in reachable, "loop": node in looping,
            "anchor": target.anchor if target is not None else None,
            "file": paths.get(span.file, span.file) if span is not None else None,
            "line": span.line if span is not None else None,
        })
    edges = [[index[a], index[b], via, a in looping and b in looping]
             for a, b, via in sorted(graph.edges(data="via"), key=lambda e: (str(e[0]), str(e[1])))]
    return {"pack": pack.name, "title": pack.title, "nodes": nodes, "edges": edges}


def boards(pack: m.Pack) -> list[dict[str, Any]]:
    """Each planet's board as it prints: its size and its paths' drawing (mm), its
    spaces, each with the log it sends a reader to."""
    out = []
    for planet in pack.planets:
        board = board_of(pack, planet, "a4")
        sectors = {s.number: s for s in planet.sectors}
        spaces = []
        for view in board.sectors:
            goto = sectors[view.number].goto if view.number in sectors else None
            number = goto.param("log") if goto is not None and goto.op == "goto_log" else None
            spaces.append({"number": view.number, "name": view.name, "x": view.x, "y": view.y,
                           "anchor": f"log-{number}" if isinstance(number, int) else None})
        out.append({"planet": planet.id, "name": planet.name, "width": board.width, "height": board.height,
                    "lines": board.lines, "sectors": spaces})
    return out
