"""Vantage rules on storybook keys and on ways out: one entry per number in each
storybook, depart entries that move the player, exits that lead somewhere else, and
locations the player can leave (E330-E332, W410), and results that end at their end
(E357)."""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from vcompiler import codes
from vcompiler.checks import CheckContext, rule
from vcompiler.checks.references import number_in
from vcompiler.checks.tables import written
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.model import types as m
from vcompiler.registry.forms import WAYS_OUT
from vcompiler.source import Span
from vcompiler.vocabulary import OPPOSITE

# What takes a player off a location: a move, or a form that ends the game.
LEAVING = frozenset({"goto_location", *WAYS_OUT})


def _targets(statements: Iterable[m.Statement]) -> Iterator[m.Effect]:
    """Every effect a result may carry out, including the gotos of its choices and ifs."""
    for s in statements:
        if isinstance(s, m.EffectStatement):
            yield from s.effect.options
        elif isinstance(s, m.PaidStatement):
            for choice in s.effects:
                yield from choice.options
        elif isinstance(s, (m.ChoiceStatement, m.IfStatement, m.ElseStatement)):
            yield s.target


def _leaves(statements: Iterable[m.Statement]) -> bool:
    return any(e.op in LEAVING for e in _targets(statements))


@rule(codes.STORYBOOK_KEY)
def one_entry_per_number(context: CheckContext) -> Iterator[Diagnostic]:
    """E330: two entries of one storybook under one number."""
    # A mission's game-end entry is keyed by its number in the take storybook.
    owners: list[tuple[str, int, list[tuple[str, Span]]]] = [
        ("location", loc.number, [(a.category, a.span) for a in loc.actions]) for loc in context.pack.locations]
    for card in context.pack.vantage_cards:
        entries = [("take", card.ending.span)] if card.ending is not None else []
        owners.append(("card", card.number, entries + [(a.category, a.span) for a in card.actions]))
    first: dict[tuple[str, int], tuple[str, Span]] = {}
    for owner, number, entries in owners:
        for category, span in entries:
            key = (category, number)
            seen = first.get(key)
            if seen is None:
                first[key] = (owner, span)
            elif not (owner == "location" and seen[0] == "location"):
                yield diagnostic(codes.STORYBOOK_KEY, span, category=category, number=number,
                                 hint="renumber the card, or give this action another category",
                                 related=[Related(seen[1], f"entry {number} of {seen[0]} {number}")])


@rule(codes.DEPART_NEVER_MOVES)
def departs_move(context: CheckContext) -> Iterator[Diagnostic]:
    """E331: depart entry whose result never moves the player."""
    for depart in context.pack.departs:
        if not _leaves(depart.action.result):
            yield diagnostic(codes.DEPART_NEVER_MOVES, depart.span, number=depart.number,
                             direction=depart.direction,
                             hint="end its result with `-> location N`, the location the player arrives at")


def meant_neighbours(pack: m.Pack, location: m.Location, exit: m.Exit) -> list[int]:
    """The locations an exit to its own location was probably meant for: those whose
    opposite point leads to it."""
    back = OPPOSITE[exit.direction]
    return [other.number for other in pack.locations if other.number != location.number
            and any(e.direction == back and e.target == location.number for e in other.exits)]


def exits_to_themselves(pack: m.Pack) -> Iterator[tuple[m.Location, m.Exit]]:
    for location in pack.locations:
        for exit in location.exits:
            if exit.target == location.number:
                yield location, exit


def meant_edges(pack: m.Pack) -> set[tuple[tuple[str, object], tuple[str, object]]]:
    """The moves an exit to its own location (E332) hides: to the neighbours it was
    probably meant for. The graph warnings read them as possible, so that the
    neighbour is not also unreachable."""
    return {(("location", location.number), ("location", number))
            for location, exit in exits_to_themselves(pack) for number in meant_neighbours(pack, location, exit)}


@rule(codes.EXIT_TO_ITSELF)
def exits_lead_elsewhere(context: CheckContext) -> Iterator[Diagnostic]:
    """E332: compass exit to its own location."""
    pack = context.pack
    for location, exit in exits_to_themselves(pack):
        meant = meant_neighbours(pack, location, exit)
        back = OPPOSITE[exit.direction]
        hint = (f"{back} of location {meant[0]} leads here: did you mean {meant[0]}?"
                if meant else "write the neighbour's number, or `*` with a depart entry")
        yield diagnostic(codes.EXIT_TO_ITSELF, number_in(context, exit.span, location.number),
                         direction=exit.direction, number=location.number, hint=hint, fixes=[str(n) for n in meant[:1]])


@rule(codes.NO_WAY_OUT)
def locations_have_a_way_out(context: CheckContext) -> Iterator[Diagnostic]:
    """W410: location that no exit, depart or result leads out of."""
    for location in context.pack.locations:
        if location.exits:
            continue
        if location.choices or any(_leaves(a.result) for a in location.actions):
            continue
        if any(e.op in LEAVING for c in location.arrival for e in c.options):
            continue
        yield diagnostic(codes.NO_WAY_OUT, location.span, number=location.number,
                         hint=f"add a compass exit such as `{_way_back(context.pack, location)}`, "
                              "or `-> location N` in an action's result")


def _way_back(pack: m.Pack, location: m.Location) -> str:
    """An exit to suggest: back to a location that leads here, else to another location,
    never to the location itself (E332)."""
    for other in pack.locations:
        for exit in other.exits:
            if exit.target == location.number and other.number != location.number:
                return f"{OPPOSITE[exit.direction]} {other.number} walk"
    other_number = next((o.number for o in pack.locations if o.number != location.number), None)
    return f"north {other_number if other_number is not None else 'N'} walk"


# What ends a result: the player acts again, moves, or the game is over (VR 112).
_ENDS_RESULT = frozenset({"continue", "may_continue", "goto_location", *WAYS_OUT})
_CONTINUING = frozenset({"continue", "may_continue"})


def _results(pack: m.Pack) -> Iterator[tuple[m.Statement, ...]]:
    for location in pack.locations:
        yield from (action.result for action in location.actions)
    yield from (depart.action.result for depart in pack.departs)
    for card in pack.vantage_cards:
        yield from (action.result for action in card.actions)
        if card.ending is not None:
            yield card.ending.statements


def _ends(statement: m.Statement) -> str | None:
    """The op of a statement that ends a result whichever option is taken, or None."""
    if isinstance(statement, m.EffectStatement):
        ops = {e.op for e in statement.effect.options}
        if ops <= _ENDS_RESULT:
            return sorted(ops)[0]
    return None


def _written(effect: m.Effect) -> str:
    return f"-> location {effect.param('location')}" if effect.op == "goto_location" else written(effect)


@rule(codes.AFTER_CONTINUE)
def results_end_at_the_end(context: CheckContext) -> Iterator[Diagnostic]:
    """E357: a result line after `continue`, a move or the game's end."""
    for statements in _results(context.pack):
        gone: m.Statement | None = None
        for statement in statements:
            ends = _ends(statement)
            if gone is not None and not (ends in _CONTINUING and _ends(gone) in _CONTINUING):
                assert isinstance(gone, m.EffectStatement)
                after = "`" + " / ".join(_written(e) for e in gone.effect.options) + "`"
                yield diagnostic(codes.AFTER_CONTINUE, statement.span, after=after,
                                 hint="move it above, or remove it",
                                 related=[Related(gone.span, "the result ends here")])
                break
            if ends is not None:
                gone = statement
