"""The story graph, built once per pack, and the rules that read it (E401, W400,
W402, W404).

Nodes are (kind, key) pairs: ("log", 204), ("location", 101), ("depart", (101,
"east")), ("poi", "P101"), ("mission", "M01"), ("condition", "G01"), ("event",
"E01"), ("threat", "T01"), ("injury", "Just a Scratch"), ("unique", 1), ("vcard",
1201), ("planet", "eye"), ("sector", 3), ("pack", name). Every node has a `kind`
attribute; every edge a `via`: goto, choice, conditional, else, text, board, compass,
depart, gain, place, reveal or start.

Roots: the pack (its start), every planet, `external` logs, locations and cards, and
deck cards (events, injuries). Everything reachable from a root can come up
in play.

The rules read it as plain dicts (StoryGraph): networkx takes longer to import than
the rules take to run on thousands of logs. The tools that draw or walk the graph get
the same graph as a networkx DiGraph (`build_graph`)."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from vcompiler import codes
from vcompiler.checks import CheckContext, per_log, rule
from vcompiler.checks.tables import card_node
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.model.types import (
    Card,
    ChoiceStatement,
    EffectStatement,
    ElseStatement,
    IfStatement,
    Log,
    Pack,
    Reference,
    VantageCard,
)
from vcompiler.registry import DECK_KINDS, FORM_BY_OP, STARTING_LOG, WAYS_OUT, kind_named

if TYPE_CHECKING:
    import networkx as nx

_VIA = {"goto": "goto", "choice": "choice", "conditional": "conditional", "else": "else",
        "text": "text", "board": "board", "compass": "compass", "start": "start", "path": "board",
        "character": "gain"}


def _edge_kind(via: str) -> str | None:
    if via in _VIA:
        return _VIA[via]
    if via in FORM_BY_OP:
        return FORM_BY_OP[via].edge
    return None              # naming an entry (a test, a depart's location) is not a way to reach it


class StoryGraph:
    """Nodes in the order added, each with its `kind` and whether it is a root; edges
    with their `via`, a later edge between the same nodes replacing the earlier one
    (as networkx's add_edge does)."""

    def __init__(self) -> None:
        self.attributes: dict[Any, dict[str, Any]] = {}
        self.successors: dict[Any, dict[Any, str]] = {}
        self.predecessors: dict[Any, dict[Any, str]] = {}

    def __contains__(self, node: object) -> bool:
        return node in self.attributes

    def add_node(self, node: Any, kind: str, root: bool) -> None:
        if node not in self.attributes:
            self.successors[node], self.predecessors[node] = {}, {}
        self.attributes[node] = {"kind": kind, "root": root}

    def add_edge(self, a: Any, b: Any, via: str) -> None:
        for node in (a, b):
            if node not in self.attributes:
                self.attributes[node] = {}
                self.successors[node], self.predecessors[node] = {}, {}
        self.successors[a][b] = self.predecessors[b][a] = via

    def of_kind(self, kind: str) -> list[Node]:
        return [node for node, data in self.attributes.items() if data.get("kind") == kind]

    def to_networkx(self) -> nx.DiGraph:
        import networkx as nx
        graph = nx.DiGraph()
        for node, data in self.attributes.items():
            graph.add_node(node, **data)
        graph.add_edges_from((a, b, {"via": via}) for a, edges in self.successors.items() for b, via in edges.items())
        return graph


def descendants(successors: dict[Any, dict[Any, str]], start: Any) -> set[Any]:
    """Every node some path leads to from `start` (itself only if on a cycle)."""
    seen: set[Any] = set()
    todo = [start]
    while todo:
        for after in successors[todo.pop()]:
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


def strongly_connected(nodes: Iterable[Any], successors: dict[Any, dict[Any, str]]) -> list[set[Any]]:
    """The strongly connected components of the graph of `nodes` and the edges among
    them (Tarjan's algorithm, without recursion so that long chains of logs fit)."""
    inside = set(nodes)
    index: dict[Any, int] = {}
    low: dict[Any, int] = {}
    stack: list[Any] = []
    on_stack: set[Any] = set()
    components: list[set[Any]] = []
    for start in inside:
        if start in index:
            continue
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        work = [(start, iter([n for n in successors[start] if n in inside]))]
        while work:
            node, following = work[-1]
            for after in following:
                if after not in index:
                    index[after] = low[after] = len(index)
                    stack.append(after)
                    on_stack.add(after)
                    work.append((after, iter([n for n in successors[after] if n in inside])))
                    break
                if after in on_stack:
                    low[node] = min(low[node], index[after])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    components.append(component)
    return components


Node = tuple[str, object]


def _nodes(pack: Pack) -> dict[Node, bool]:
    """Every node of the story graph, and whether it is a root; a node's kind is its
    first element."""
    nodes: dict[Node, bool] = {("pack", pack.name): True}
    for log in pack.logs:
        nodes[("log", log.number)] = log.external
    for planet in pack.planets:
        nodes[("planet", planet.id)] = True
        for sector in planet.sectors:
            nodes[("sector", sector.number)] = False
    for card in pack.cards:
        nodes[card_node(card)] = card.kind in DECK_KINDS or card.external
    for location in pack.locations:
        nodes[("location", location.number)] = location.external
    for depart in pack.departs:
        nodes[("depart", (depart.number, depart.direction))] = False
    for vcard in pack.vantage_cards:
        nodes[("vcard", vcard.number)] = vcard.external
    return nodes


def _fixed_edges(pack: Pack, nodes: dict[Node, bool]) -> list[tuple[Node, Node, str]]:
    """The edges that no reference makes: a planet's sectors, a location's starred exits."""
    edges: list[tuple[Node, Node, str]] = []
    for planet in pack.planets:
        for sector in planet.sectors:
            edges.append((("planet", planet.id), ("sector", sector.number), "board"))
    for location in pack.locations:
        for exit in location.exits:
            if exit.target is None:
                node = ("depart", (location.number, exit.direction))
                if node in nodes:
                    edges.append((("location", location.number), node, "depart"))
    return edges


def _ref_edge(ref: Reference) -> tuple[Node, Node, str] | None:
    """The edge a reference makes, if it is a way to reach what it names (to a node the
    pack may not define)."""
    via = _edge_kind(ref.via)
    if via is None:
        return None
    return ref.origin, (ref.kind, ref.key[1] if isinstance(ref.key, tuple) and ref.kind == "sector" else ref.key), via


def story_graph(pack: Pack) -> StoryGraph:
    graph = StoryGraph()
    nodes = _nodes(pack)
    for node, root in nodes.items():
        graph.add_node(node, kind=node[0], root=root)
    for source, target, via in _fixed_edges(pack, nodes):
        graph.add_edge(source, target, via=via)
    for ref in pack.references:
        edge = _ref_edge(ref)
        if edge is not None and edge[1] in graph:      # undefined: E2xx says so
            graph.add_edge(*edge)
    return graph


def build_graph(pack: Pack) -> nx.DiGraph:
    return story_graph(pack).to_networkx()


def roots(graph: StoryGraph | nx.DiGraph) -> list[Node]:
    if isinstance(graph, StoryGraph):
        return [node for node, data in graph.attributes.items() if data.get("root")]
    return [node for node, root in graph.nodes(data="root") if root]


def reachable_from_roots(graph: StoryGraph) -> set[Node]:
    seen: set[Node] = set()
    for root in roots(graph):
        if root not in seen:
            seen.add(root)
            seen.update(descendants(graph.successors, root))
    return seen


class KeptGraph:
    """The story graph as the rules read it, without the `via` of its edges: kept by a
    resident checker between checks and patched with the references an edit added and
    removed. Reachability and loops are worked out again only when the nodes or the
    edges between them changed, which most edits (a word of text, an effect) do not.
    An edge is counted once per reference making it, and exists while its count is
    above zero and its target is a node."""

    def __init__(self) -> None:
        self.nodes: dict[Node, bool] = {}
        self.fixed: list[tuple[Node, Node, str]] = []
        self.succ: dict[Node, dict[Node, int]] = {}
        self.pred: dict[Node, dict[Node, int]] = {}
        self.version = 0           # moves on whenever the graph's edges or nodes change
        self._reachable: dict[frozenset[tuple[Node, Node]], set[Node]] = {}
        self._reachable_version = -1
        self._loops: tuple[object, list[list[int]]] | None = None

    def update(self, pack: Pack, added: Iterable[Reference], removed: Iterable[Reference]) -> None:
        nodes = _nodes(pack)
        fixed = _fixed_edges(pack, nodes)
        changed = nodes != self.nodes or fixed != self.fixed
        if changed:
            # The graph moves on whatever the references do (always so when it is
            # first filled): count their edges without asking which were there.
            count = self._count
            for refs, step in ((removed, -1), (added, 1)):
                for edge in map(_ref_edge, refs):
                    if edge is not None:
                        count(edge[0], edge[1], step)
            self.nodes, self.fixed = nodes, fixed
            self.version += 1
            return
        # Whether each edge the references touch was there before: an edit gives a
        # declaration new references, most of them making the edges the old ones made.
        before: dict[tuple[Node, Node], bool] = {}
        for refs, step in ((removed, -1), (added, 1)):
            for ref in refs:
                edge = _ref_edge(ref)
                if edge is not None:
                    source, target, _ = edge
                    if (source, target) not in before:
                        before[(source, target)] = target in self.succ.get(source, ()) and target in self.nodes
                    self._count(source, target, step)
        if any((target in self.succ.get(source, ()) and target in nodes) != was
               for (source, target), was in before.items()):
            self.version += 1

    def _count(self, source: Node, target: Node, step: int) -> None:
        out = self.succ.setdefault(source, {})
        into = self.pred.setdefault(target, {})
        count = out.get(target, 0) + step
        if count:
            out[target] = into[source] = count
        else:
            del out[target], into[source]

    def successors(self, node: Node) -> Iterator[Node]:
        for target in self.succ.get(node, ()):
            if target in self.nodes:
                yield target

    def predecessors(self, node: Node) -> Iterator[Node]:
        """Whatever has an edge to `node`, a node or not (a reference's origin)."""
        if node in self.nodes:
            yield from self.pred.get(node, ())
            yield from (source for source, target, _ in self.fixed if target == node)

    def reachable(self, extra: frozenset[tuple[Node, Node]] = frozenset()) -> set[Node]:
        """Every node that some root leads to, through the graph's edges and `extra`
        (edges an error may have hidden: see CheckContext.maybe_edges)."""
        if self._reachable_version != self.version:
            fixed: dict[Node, list[Node]] = {}
            for source, target, _ in self.fixed:
                fixed.setdefault(source, []).append(target)
            self._reachable = {frozenset(): self._walk({node for node, root in self.nodes.items() if root}, fixed)}
            self._reachable_version = self.version
        if extra not in self._reachable:
            # What the extra edges add to what the graph reaches on its own.
            more: dict[Node, list[Node]] = {}
            for source, target, _ in (*self.fixed, *((a, b, "") for a, b in extra)):
                more.setdefault(source, []).append(target)
            base = self._reachable[frozenset()]
            start = {target for source, target in extra if source in base and target not in base}
            if len(self._reachable) > 2:       # an earlier set of errors' answer is rarely asked again
                self._reachable = {frozenset(): base}
            self._reachable[extra] = base | self._walk(start, more, base) if start else base
        return self._reachable[extra]

    def _walk(self, start: set[Node], more: dict[Node, list[Node]],
              known: set[Node] | frozenset[Node] = frozenset()) -> set[Node]:
        """`start` and every node it leads to that is not `known`."""
        seen = set(start)
        todo = list(start)
        nodes, succ = self.nodes, self.succ
        while todo:
            node = todo.pop()
            # What successors() yields, read in place: this runs once per node.
            for target in (*[t for t in succ.get(node, ()) if t in nodes], *more.get(node, ())):
                if target not in seen and target not in known:
                    seen.add(target)
                    todo.append(target)
        return seen

    def endless_loops(self, exits: set[Node]) -> list[list[int]]:
        """The log numbers of each set of logs that lead to each other and never to one of
        `exits`, ascending, the sets by their lowest log."""
        key = (self.version, frozenset(exits))
        if self._loops is None or self._loops[0] != key:
            logs = [node for node in self.nodes if node[0] == "log"]
            log_set = set(logs)
            can_leave = set(exits)
            todo = list(exits)
            while todo:
                for source in self.pred.get(todo.pop(), ()):
                    if source in log_set and source not in can_leave:
                        can_leave.add(source)
                        todo.append(source)
            stuck = [node for node in logs if node not in can_leave]
            successors = {node: {after: "" for after in self.successors(node)} for node in stuck}
            loops = []
            for component in strongly_connected(stuck, successors):
                first = min(component)
                if len(component) == 1 and first not in successors[first]:
                    continue
                loops.append(sorted(key for _, key in component))
            self._loops = (key, sorted(loops))
        return self._loops[1]


@per_log
def way_out(log: Log) -> bool:
    choices = 0
    faces: set[int] | None = None        # of the last `roll d10`, those its `if d10` lines hold
    for statement in log.statements:
        if isinstance(statement, ElseStatement):
            return True
        if isinstance(statement, ChoiceStatement):
            choices += 1
        if isinstance(statement, EffectStatement) and any(e.op == "roll_d10" for e in statement.effect.options):
            faces = set()
        if isinstance(statement, IfStatement) and statement.condition.kind == "d10" and faces is not None:
            # Ranges that hold every face of the roll send the reader on whatever it shows.
            condition = statement.condition
            faces.update(range(int(str(condition.key)), int(str(condition.more[0])) + 1))
            if len(faces) == 10:
                return True
        if isinstance(statement, EffectStatement) and all(e.op == "goto_log" or e.op in WAYS_OUT
                                                          for e in statement.effect.options):
            return True
    return choices >= 2


@per_log
def _leaves_the_board(log: Log) -> bool:
    return any(isinstance(s, EffectStatement) and any(e.op in WAYS_OUT for e in s.effect.options)
               for s in log.statements)


@rule(codes.DEAD_END)
def logs_have_a_way_out(context: CheckContext) -> Iterator[Diagnostic]:
    """E401: dead end: no way out."""
    # A log holding an error (`retrun`) may have had its way out in what did not resolve.
    broken = context.near_errors.declarations if context.near_errors is not None else frozenset()
    # A goto to what is not there (`-> location 2` in a vanguard log, E202) was meant as
    # its log's way out.
    dangling = {ref.origin for ref in context.dangling if ref.kind in ("log", "location") and ref.via != "text"}
    for log in context.dead_ends:
        if (log.span.file, log.span.line) in broken or ("log", log.number) in dangling:
            continue
        choices = sum(1 for s in log.statements if isinstance(s, ChoiceStatement))
        hint = ("a single choice is no choice: write `-> log N`, or add another choice" if choices == 1
                else "end it with `return`, `-> log N`, `end exploration` or two choices")
        yield diagnostic(codes.DEAD_END, log.span, number=log.shown, hint=hint)


@rule(codes.UNREACHABLE)
def everything_is_reachable(context: CheckContext) -> Iterator[Diagnostic]:
    """W400: log, location or storybook entry unreachable from every root."""
    if context.near_errors is None:
        return  # a file that could not be read may hold the missing edge
    seen = context.maybe_reachable
    pack = context.pack
    if _lost_way_read(context, seen):
        return  # a way out that lost its target to a syntax error may lead to any entry
    starred = {(loc.number, e.direction) for loc in pack.locations for e in loc.exits if e.target is None}
    for log in pack.logs:
        if ("log", log.number) not in seen:
            yield diagnostic(codes.UNREACHABLE, log.span, what=f"log {log.shown}",
                             hint="nothing leads here; lead to it, or mark it `external`")
    for location in pack.locations:
        if ("location", location.number) not in seen:
            yield diagnostic(codes.UNREACHABLE, location.span, what=f"location {location.number}",
                             hint="no exit, choice or goto leads here; mark it `external` if another pack leads here")
    for depart in pack.departs:
        key = (depart.number, depart.direction)
        # An entry for a point that is not starred is E307's to report.
        if key in starred and ("depart", key) not in seen:
            yield diagnostic(codes.UNREACHABLE, depart.span, what=f"depart entry {depart.number} {depart.direction}",
                             hint=f"location {depart.number} is itself unreachable")


def _lost_way_read(context: CheckContext, seen: set[Node]) -> bool:
    """Whether an entry whose declaration lost a way out's target (see explained.py)
    may be read: the Starting Log, or an entry something read leads to."""
    assert context.near_errors is not None
    labels = context.pack.labels
    # A label is led to by its number, or as `@name` when no log that parsed has it.
    lost = {("log", labels.get(str(key), f"@{key}")) if kind == "label" else (kind, key)
            for kind, key in context.near_errors.lost_ways}
    if not lost:
        return False
    if any(kind == "label" and str(key) not in labels for kind, key in context.near_errors.lost_ways):
        # A label whose log did not parse has no number, and what leads to it no
        # reference: it may be read.
        return True
    if ("log", STARTING_LOG) in lost and context.pack.start is None:
        return True
    return any((ref.kind, ref.key) in lost and ref.origin in seen for ref in context.pack.references)


@rule(codes.UNUSED_CARD)
def cards_are_used(context: CheckContext) -> Iterator[Diagnostic]:
    """W402: card that nothing places, gains or prints."""
    if context.near_errors is None:
        return  # a file that could not be read may hold the missing edge
    graph = context.kept
    maybe = {target for source, target in context.maybe_edges if source != target}
    pack = context.pack
    entities: list[tuple[tuple[str, object], Card | VantageCard]] = [(card_node(c), c) for c in pack.cards]
    entities += [(("vcard", c.number), c) for c in pack.vantage_cards]
    for node, card in entities:
        if node[0] in DECK_KINDS or card.external:
            continue
        if node not in maybe and not any(source != node for source in graph.predecessors(node)):
            shown = f"{kind_named(node[0]).noun} {node[1]}"
            hint = ("place, gain or reveal it somewhere, print it on a board, mark it `external` if a rule or "
                    "the Rulebook brings it into play, or remove it")
            if isinstance(card, VantageCard):
                hint = ("gain or place it somewhere, or mark it `external` if the rules bring it into play "
                        "(`card N KIND \"NAME\" external`)")
            yield diagnostic(codes.UNUSED_CARD, card.span, what=shown, hint=hint)


@rule(codes.ENDLESS_LOOP)
def loops_have_a_way_out(context: CheckContext) -> Iterator[Diagnostic]:
    """W404: loop of logs with no way out."""
    if context.near_errors is None:
        return  # a file that could not be read may hold the missing edge
    for numbers in endless_loops(context):
        pack = context.pack
        shown = ", ".join(str(log.shown) for log in map(pack.log, numbers[:6]) if log is not None) \
            + (", …" if len(numbers) > 6 else "")
        log = pack.log(numbers[0])
        if log is None:
            continue
        if len(numbers) == 1:
            yield diagnostic(codes.ENDLESS_LOOP, log.span, loop=f"log {shown} leads only back to itself, a loop",
                             hint="give it `return`, `end exploration`, or a way to a log that has one")
        else:
            yield diagnostic(codes.ENDLESS_LOOP, log.span, loop=f"logs {shown} form a loop",
                             hint="give one of them `return`, `end exploration`, or a way to a log that has one")


def endless_loops(context: CheckContext) -> list[list[int]]:
    """The log numbers of each loop with no way out, ascending, loops by lowest log."""
    logs = context.pack.logs
    exits: set[Node] = {("log", log.number) for log, leaves in zip(logs, context.of_logs(_leaves_the_board)) if leaves}
    # A dead end (E401) is already reported: count it as a way out, not as a second fault.
    exits.update(("log", log.number) for log in context.dead_ends)
    # A way to an entry that is not there (undefined, or declared where the parse
    # failed) may be the way out: its error is reported, the loop is not.
    pack = context.pack
    missing = list(context.dangling)
    if pack.unparsed:
        missing += [ref for ref in pack.references if (ref.kind, ref.key) in pack.unparsed]
    exits.update(ref.origin for ref in missing if ref.origin[0] == "log" and ref.kind in ("log", "location")
                 and _edge_kind(ref.via) is not None)
    return context.kept.endless_loops(exits)
