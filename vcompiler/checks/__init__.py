"""The check stage: rules over the resolved model. A rule is a function registered
against its `Code`; it yields diagnostics and never prints. What a rule's code means to
a writer is the code's entry in the catalogue (vcompiler.codes), which `vcompiler rules
CODE`, the reports and the editor show; the rule's docstring only names its code."""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from operator import itemgetter
from typing import TYPE_CHECKING, Any, TypeVar, cast

from vcompiler.checks.explained import NO_ERRORS, NearErrors
from vcompiler.codes import Code
from vcompiler.diagnostics import Diagnostic
from vcompiler.model.build import Memo as ModelMemo
from vcompiler.model.types import Log, Pack, Reference
from vcompiler.source import SourceFile
from vcompiler.util.failure import debugging, internal
from vcompiler.util.frozen import frozen
from vcompiler.util.workers import forked_shares, idle_cores

if TYPE_CHECKING:
    import networkx as nx

    from vcompiler.checks.graph import KeptGraph, Node, StoryGraph

T = TypeVar("T")


class CheckMemo:
    """What the rules worked out on an earlier check of the same pack, for a resident
    checker: the story graph and the references to nothing, patched with the
    references an edit added and removed rather than found again; what the rules
    found about each log on its own (`CheckContext.of_logs`)."""

    def __init__(self) -> None:
        from vcompiler.checks.graph import KeptGraph
        self.kept = KeptGraph()
        self.builds = -1          # the model build the memo was last patched to
        self.dangling: dict[int, Reference] = {}
        self.defined: tuple[set[tuple[str, object]], frozenset[tuple[str, object]]] = (set(), frozenset())
        self.logs: tuple[Sequence[Log], dict[int, tuple[object, ...]]] = ((), {})
        # What a rule found in a file's whole text, by the rule's function and the
        # source's identity; the source is kept with it so that no other can take its id.
        self.sources: dict[tuple[Callable[[SourceFile], object], int], tuple[SourceFile, object]] = {}
        # What a rule found about one log, asked only of some (see CheckContext.of_log).
        self.some_logs: dict[tuple[Callable[[Log], object], int], tuple[Log, object]] = {}
        # What depends only on which entries the pack defines (and the labels' numbers):
        # kept while an edit changes neither.
        self.lasting: dict[object, Any] = {}
        self._lasting_by: object = None

    def patch(self, context: CheckContext, changes: ModelMemo) -> None:
        from vcompiler.checks.graph import KeptGraph
        from vcompiler.checks.references import undefined_test
        pack = context.pack
        defined = context.defined
        undefined = undefined_test(defined, pack.unparsed)
        if self.builds != changes.builds - 1:
            self.kept = KeptGraph()
            self.kept.update(pack, pack.references, ())
            self.dangling = {id(r): r for r in pack.references if undefined(r)}
        else:
            self.kept.update(pack, changes.added, changes.removed)
            if defined.keys() == self.defined[0] and pack.unparsed == self.defined[1]:
                for ref in changes.removed:
                    self.dangling.pop(id(ref), None)
                for ref in changes.added:
                    if undefined(ref):
                        self.dangling[id(ref)] = ref
            else:
                self.dangling = {id(r): r for r in pack.references if undefined(r)}
        self.defined = (set(defined), pack.unparsed)
        self.builds = changes.builds
        lasting_by = (self.defined, pack.labels)
        if lasting_by != self._lasting_by:
            self.lasting, self._lasting_by = {}, lasting_by
        live = set(map(id, pack.files))
        self.sources = {key: kept for key, kept in self.sources.items() if key[1] in live}
        if self.some_logs:
            logs = set(map(id, pack.logs))
            self.some_logs = {key: kept for key, kept in self.some_logs.items() if key[1] in logs}


@dataclass
class CheckContext:
    """What every rule reads: the pack, and what several rules share, built once.
    `memo` (with `changes`, the model's `Memo`: the references added and removed since
    the memo's last check) lets a resident checker patch rather than rebuild.
    `near_errors`: what the lines of the errors found before the checks mention
    (checks.explained); None when a file could not be read."""
    pack: Pack
    memo: CheckMemo | None = None
    changes: ModelMemo | None = None
    near_errors: NearErrors | None = NO_ERRORS

    def of_logs(self, function: Callable[[Log], T]) -> list[T]:
        """`function(log)` for each log, in order, for a function registered with
        `per_log`."""
        if self.memo is None:
            # Worked out per function: the rules checked in a forked process (see
            # run_checks) ask for only some of them.
            if function not in self._columns:
                self._columns[function] = list(map(function, self.pack.logs))
            return self._columns[function]
        # itemgetter over the rows: a comprehension's per-row call was a tenth of a
        # keystroke's check on 10,000 logs.
        return cast(list[T], list(map(itemgetter(PER_LOG.index(function)), self._log_rows)))

    @cached_property
    def _columns(self) -> dict[Callable[[Log], object], list[Any]]:
        return {}

    @cached_property
    def _log_rows(self) -> list[tuple[object, ...]]:
        """Every `per_log` function's answer for each log. A log is a frozen value (the
        same object gives the same answers), so a resident checker asks only about the
        logs an edit made anew."""
        logs = self.pack.logs
        if self.memo is None:
            return [tuple([f(log) for f in PER_LOG]) for log in logs]
        # By identity, in bulk: the memo keeps the logs it has answers for alive, so
        # that no new log can have the id of one of them.
        ids = list(map(id, logs))
        kept = self.memo.logs[1]
        rows: dict[int, Any] = dict(zip(ids, map(kept.get, ids)))      # None for a log made anew
        by_id = dict(zip(ids, logs))
        for i in set(ids).difference(kept):
            rows[i] = tuple([f(by_id[i]) for f in PER_LOG])
        self.memo.logs = (logs, rows)
        return list(map(rows.__getitem__, ids))

    def of_source(self, function: Callable[[SourceFile], T], source: SourceFile) -> T:
        """`function(source)`, for a function of a file's text alone: a resident checker
        works it out again only for the files an edit changed (a source is a frozen
        value), so that a pass over a whole pack's text costs a keystroke nothing."""
        if self.memo is None:
            return function(source)
        return _kept(self.memo.sources, function, source)

    def of_log(self, function: Callable[[Log], T], log: Log) -> T:
        """`function(log)` for a rule that asks about some logs only (those of the files
        a cheap test picks out): a resident checker keeps the answer while the log is
        the same object, as `of_logs` does for a rule that asks about every log."""
        if self.memo is None:
            return function(log)
        return _kept(self.memo.some_logs, function, log)

    def lasting(self, key: object, make: Callable[[], T]) -> T:
        """`make()` for a value that depends only on which entries the pack defines (and
        the numbers its labels got): a resident checker keeps it across edits that
        change neither, such as one that plants a dangling reference in a large pack."""
        if self.memo is None:
            return self.shared(("lasting", key), make)
        kept = self.memo.lasting
        if key not in kept:
            kept[key] = make()
        return cast(T, kept[key])

    def shared(self, key: object, make: Callable[[], T]) -> T:
        """`make()`, worked out once per check for the rules that ask for it by `key`
        (a dangling reference's suggestions: its hint and the graph rules read them)."""
        if key not in self._shared:
            self._shared[key] = make()
        return self._shared[key]

    @cached_property
    def _shared(self) -> dict[object, Any]:
        return {}

    @cached_property
    def defined(self) -> dict[tuple[str, object], object]:
        from vcompiler.checks.tables import defined_entities
        return defined_entities(self.pack)

    @cached_property
    def dangling(self) -> list[Reference]:
        """References to entities the pack does not define (E200-E203 report them), in
        the pack's order; none when a file could not be read, as it may define them."""
        from vcompiler.checks.references import undefined_test
        if self.near_errors is None:
            return []
        if self.memo is not None and self.changes is not None:
            found = self.memo.dangling
            return [r for r in self.pack.references if id(r) in found] if found else []
        undefined = undefined_test(self.defined, self.pack.unparsed)
        return [r for r in self.pack.references if undefined(r)]

    @cached_property
    def story(self) -> StoryGraph:
        """The story graph (checks.graph), for the tools that walk it."""
        from vcompiler.checks.graph import story_graph
        return story_graph(self.pack)

    @cached_property
    def graph(self) -> nx.DiGraph:
        """The same graph as a networkx DiGraph, for the tools that draw or walk it."""
        return self.story.to_networkx()

    @cached_property
    def kept(self) -> KeptGraph:
        """The story graph the rules read: a resident checker's, patched since its last
        check, or one made for this check."""
        if self.memo is not None and self.changes is not None:
            return self.memo.kept
        from vcompiler.checks.graph import KeptGraph
        kept = KeptGraph()
        kept.update(self.pack, self.pack.references, ())
        return kept

    @property
    def reachable(self) -> set[Node]:
        """Every node of the graph that some root leads to."""
        return self.kept.reachable()

    @cached_property
    def maybe_edges(self) -> frozenset[tuple[Node, Node]]:
        """Edges an error may have hidden: from a dangling reference to each entry its
        hint suggests, from an exit to its own location to the neighbour it was meant
        for, from the pack to whatever an error's line mentions. The graph warnings
        read the graph with these, so that they stand down only where an error explains
        them; they are part of what the kept graph's answers are kept by, so a
        resident checker's answer is a cold check's."""
        from vcompiler.checks.explained import nodes_of
        from vcompiler.checks.references import intended_targets
        from vcompiler.checks.storybooks import meant_edges
        nodes = self.kept.nodes
        edges = {(ref.origin, node) for ref in self.dangling for node in intended_targets(self, ref) if node in nodes}
        edges.update(edge for edge in meant_edges(self.pack) if edge[1] in nodes)
        pack_node = ("pack", self.pack.name)
        mentions = self.near_errors.mentions if self.near_errors is not None else frozenset()
        edges.update((pack_node, node) for node in nodes_of(mentions, nodes, self.pack.labels))
        return frozenset(edges)

    @property
    def maybe_reachable(self) -> set[Node]:
        """Every node that some root leads to, or might had an error not hidden an edge."""
        return self.kept.reachable(self.maybe_edges)

    @cached_property
    def dead_ends(self) -> list[Log]:
        """Logs with no way out (E401)."""
        from vcompiler.checks.graph import way_out
        return [log for log, ok in zip(self.pack.logs, self.of_logs(way_out)) if not ok]


V = TypeVar("V")


def _kept(table: dict[tuple[Callable[[V], object], int], tuple[V, object]], function: Callable[[V], T],
          value: V) -> T:
    """`function(value)` as kept in `table` for this very object (by identity: the value
    is kept with the answer, so that no other object can take its id meanwhile)."""
    key = (function, id(value))
    kept = table.get(key)
    if kept is None or kept[0] is not value:
        kept = (value, function(value))
        table[key] = kept
    return cast(T, kept[1])


Rule = Callable[[CheckContext], Iterator[Diagnostic]]
# The rules a forked child checks in a large pack (see run_checks): the story graph's
# and the long words' (which read the pack's whole text), about half the work; with
# the statements' too, the child took longer than this process.
FORKED_RULES_MODULES = frozenset({"vcompiler.checks.graph", "vcompiler.checks.words"})
# Below this many logs the rules take less time than a forked child adds to the work.
FORKED_RULES_LOGS = 5000
# A child sends back only diagnostics, few beside the work of finding them.
FORKED_RULES_RESULT_COST = 0.05
# What rules work out about each log on its own (CheckContext.of_logs).
PER_LOG: list[Callable[[Log], object]] = []


def per_log(function: Callable[[Log], T]) -> Callable[[Log], T]:
    PER_LOG.append(function)
    return function


@frozen
class RegisteredRule:
    code: Code
    function: Rule


RULES: list[RegisteredRule] = []


def rule(code: Code) -> Callable[[Rule], Rule]:
    def register(function: Rule) -> Rule:
        RULES.append(RegisteredRule(code, function))
        return function
    return register


def load_rules() -> list[RegisteredRule]:
    # Importing the rule modules registers their rules.
    from vcompiler.checks import (  # noqa: F401
        art,
        board,
        cards,
        checkmarks,
        compass,
        copies,
        glyphs,
        graph,
        outcomes,
        planets,
        references,
        setup,
        statements,
        storybooks,
        words,
    )
    return sorted(RULES, key=lambda r: r.code.id)


def run_checks(pack: Pack, memo: CheckMemo | None = None, changes: ModelMemo | None = None,
               near_errors: NearErrors | None = NO_ERRORS) -> list[Diagnostic]:
    """`near_errors`: what the errors found before the checks mention (checks.explained)."""
    load_rules()
    context = CheckContext(pack, memo, changes, near_errors)
    if memo is not None and changes is not None:
        memo.patch(context, changes)

    def run(rules: list[RegisteredRule]) -> list[list[Diagnostic]]:
        """What each rule finds."""
        found: list[list[Diagnostic]] = []
        for registered in rules:
            try:
                found.append(list(registered.function(context)))
            except Exception as error:
                # One rule's bug must not hide what the others find; the command exits 2.
                if debugging():
                    raise
                found.append([internal(error, pack.span, f"the rule of {registered.code.id}")])
        return found

    if memo is not None or len(pack.logs) < FORKED_RULES_LOGS:
        return [d for each in run(RULES) for d in each]
    # A large pack's rules in two processes: the story graph's in a forked child,
    # which inherits the model without pickling it and sends back only what it finds;
    # the others here. Each works out the shared values its own rules read.
    apart = [r for r in RULES if r.function.__module__ not in FORKED_RULES_MODULES], \
        [r for r in RULES if r.function.__module__ in FORKED_RULES_MODULES]
    # Weighed so that this process takes the others (either way round measured alike).
    shares = forked_shares(apart, lambda group: 2 if group is apart[0] else 1, run, idle_cores(),
                           FORKED_RULES_RESULT_COST)
    by_rule = {id(r): each for group, results in zip(apart, shares) for r, each in zip(group, results)}
    return [d for r in RULES for d in by_rule[id(r)]]
