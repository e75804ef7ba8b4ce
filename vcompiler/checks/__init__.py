"""The check stage: rules over the resolved model. A rule is a function registered
against its `Code`; it yields diagnostics and never prints. Its docstring is the
user documentation of the rule (`vcompiler rules CODE`)."""
from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

from vcompiler.codes import Code
from vcompiler.diagnostics import Diagnostic
from vcompiler.failure import debugging, internal
from vcompiler.model.types import Pack


@dataclass
class CheckContext:
    """What every rule reads: the pack, and what several rules share, built once."""
    pack: Pack

    @cached_property
    def defined(self) -> dict[tuple[str, object], object]:
        from vcompiler.checks.tables import defined_entities
        return defined_entities(self.pack)

    @cached_property
    def dangling(self) -> list:
        """References to entities the pack does not define (E200-E203 report them)."""
        from vcompiler.checks.references import undefined_references
        return list(undefined_references(self))

    @cached_property
    def story(self):
        """The story graph the rules read (checks.graph)."""
        from vcompiler.checks.graph import story_graph
        return story_graph(self.pack)

    @cached_property
    def graph(self):
        """The same graph as a networkx DiGraph, for the tools that draw or walk it."""
        return self.story.to_networkx()

    @cached_property
    def reachable(self) -> set:
        """Every node of the graph that some root leads to."""
        from vcompiler.checks.graph import reachable_from_roots
        return reachable_from_roots(self.story)

    @cached_property
    def dead_ends(self) -> list:
        """Logs with no way out (E401)."""
        from vcompiler.checks.graph import logs_without_a_way_out
        return logs_without_a_way_out(self.pack)


Rule = Callable[[CheckContext], Iterator[Diagnostic]]


@dataclass(frozen=True)
class RegisteredRule:
    code: Code
    function: Rule

    @property
    def doc(self) -> str:
        return inspect.cleandoc(self.function.__doc__ or self.code.doc or "")


RULES: list[RegisteredRule] = []


def rule(code: Code) -> Callable[[Rule], Rule]:
    def register(function: Rule) -> Rule:
        RULES.append(RegisteredRule(code, function))
        return function
    return register


def load_rules() -> list[RegisteredRule]:
    # Importing the rule modules registers their rules.
    from vcompiler.checks import (  # noqa: F401
        board,
        cards,
        checkmarks,
        compass,
        graph,
        outcomes,
        references,
        setup,
        statements,
        storybooks,
    )
    return sorted(RULES, key=lambda r: r.code.id)


def run_checks(pack: Pack) -> list[Diagnostic]:
    load_rules()
    context = CheckContext(pack)
    found: list[Diagnostic] = []
    for registered in RULES:
        try:
            found.extend(registered.function(context))
        except Exception as error:
            # One rule's bug must not hide what the others find; the command exits 2.
            if debugging():
                raise
            found.append(internal(error, pack.span, f"the rule of {registered.code.id}"))
    return found
