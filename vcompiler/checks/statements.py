"""What a log says, in the order it is read: effects that only a card can resolve,
lines below a way out, an `else` before its `if`, a D10 read before it is rolled, D10
ranges of one roll that overlap, a choice written twice (E310, E314, E315, E319, W414,
W415)."""
from __future__ import annotations

from collections.abc import Iterator

from vcompiler import codes
from vcompiler.checks import CheckContext, per_log, rule
from vcompiler.checks.tables import written
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.model.types import (
    CheckStatement,
    ChoiceStatement,
    Effect,
    EffectStatement,
    ElseStatement,
    IfStatement,
    Log,
    Pack,
    Statement,
)
from vcompiler.registry import CARD_ONLY, WAYS_OUT

# Ops that mean something only while a card is resolved: an outcome row, a track of
# the action, the threat whose time track runs, a path's travel cost.


@rule(codes.CARD_ONLY_EFFECT)
def log_effects_stand_alone(context: CheckContext) -> Iterator[Diagnostic]:
    """E310: card-only effect in a log."""
    for found in context.of_logs(_card_only_effects):
        yield from found


@per_log
def _card_only_effects(log: Log) -> list[Diagnostic]:
    found = []
    for statement in log.statements:
        if not isinstance(statement, EffectStatement):
            continue
        for effect in statement.effect.options:
            if effect.op in CARD_ONLY:
                found.append(diagnostic(codes.CARD_ONLY_EFFECT, effect.span, form=written(effect),
                                        hint="a log cannot resolve an outcome row, a track or a threat's "
                                             "move; use `-> log N`, `progress time` or `roll danger LETTER`"))
    return found


def _leaves(statement: Statement) -> bool:
    """The statement sends the reader away whatever happens."""
    return isinstance(statement, EffectStatement) and all(e.op == "goto_log" or e.op in WAYS_OUT
                                                          for e in statement.effect.options)


def _said(statement: Statement, pack: Pack) -> str:
    if isinstance(statement, EffectStatement):
        return f"`{written(statement.effect.options[0], pack)}`"
    return "`else`"


@rule(codes.UNREAD_STATEMENT)
def nothing_below_a_way_out(context: CheckContext) -> Iterator[Diagnostic]:
    """E314: statement after a log's way out."""
    for log, found in zip(context.pack.logs, context.of_logs(_first_unread)):
        if found is not None:
            statement, gone = found
            yield diagnostic(codes.UNREAD_STATEMENT, statement.span, number=log.shown,
                             after=_said(gone, context.pack), hint="move it above the way out, or remove it",
                             related=[Related(gone.span, "the reader leaves the log here")])


@per_log
def _first_unread(log: Log) -> tuple[Statement, Statement] | None:
    """The first line never read, and the way out above it."""
    gone: Statement | None = None
    after_if = False
    for statement in log.statements:
        if gone is not None and not isinstance(statement, CheckStatement):
            return statement, gone
        if _leaves(statement) or (isinstance(statement, ElseStatement) and after_if):
            gone = statement
        after_if = isinstance(statement, IfStatement)
    return None


@rule(codes.ELSE_BEFORE_IF)
def else_follows_its_if(context: CheckContext) -> Iterator[Diagnostic]:
    """E315: `else` before its `if`."""
    for found in context.of_logs(_misplaced_elses):
        yield from found


@per_log
def _misplaced_elses(log: Log) -> list[Diagnostic]:
    found = []
    previous: Statement | None = None
    for i, statement in enumerate(log.statements):
        if isinstance(statement, ElseStatement) and not isinstance(previous, IfStatement):
            later = next((s for s in log.statements[i + 1:] if isinstance(s, IfStatement)), None)
            target = statement.target.param("log")
            if later is not None:
                found.append(diagnostic(codes.ELSE_BEFORE_IF, statement.span,
                                        message="`else` comes before the `if` it answers",
                                        hint="move the `else` line below its `if` lines",
                                        related=[Related(later.span, "the `if`")]))
            else:
                found.append(diagnostic(codes.ELSE_BEFORE_IF, statement.span,
                                        message="`else` with no `if` right before it",
                                        hint=f"put it right after its `if` lines, or write `-> log {target}`"
                                             " when there is no condition"))
        if not isinstance(statement, CheckStatement):
            previous = statement
    return found


@rule(codes.D10_WITHOUT_ROLL)
def d10_rolled_first(context: CheckContext) -> Iterator[Diagnostic]:
    """E319: D10 condition with no `roll d10` before it."""
    for found in context.of_logs(_d10_unrolled):
        if found is not None:
            yield found


@per_log
def _d10_unrolled(log: Log) -> Diagnostic | None:
    rolled = False
    for statement in log.statements:
        if isinstance(statement, EffectStatement) and any(e.op == "roll_d10" for e in statement.effect.options):
            rolled = True
        elif isinstance(statement, IfStatement) and statement.condition.kind == "d10" and not rolled:
            return diagnostic(codes.D10_WITHOUT_ROLL, statement.condition.span, hint="add `roll d10` on the line above")
    return None


@rule(codes.OVERLAPPING_D10)
def d10_ranges_apart(context: CheckContext) -> Iterator[Diagnostic]:
    """W414: D10 ranges of one roll that overlap."""
    for found in context.of_logs(_overlapping_d10):
        yield from found


@per_log
def _overlapping_d10(log: Log) -> list[Diagnostic]:
    found = []
    above: list[tuple[int, int, IfStatement]] = []      # the ranges of the current roll
    for statement in log.statements:
        if isinstance(statement, EffectStatement) and any(e.op == "roll_d10" for e in statement.effect.options):
            above = []
        elif isinstance(statement, IfStatement) and statement.condition.kind == "d10":
            condition = statement.condition
            low, high = int(str(condition.key)), int(str(condition.more[0]))
            for low2, high2, earlier in above:
                shared = range(max(low, low2), min(high, high2) + 1)
                if not shared:
                    continue
                faces = f"face {shared[0]}" if len(shared) == 1 else f"faces {shared[0]} to {shared[-1]}"
                if low2 <= low and high <= high2:
                    hint = "this line is never taken: change its range, or remove it"
                elif low2 <= low:
                    hint = f"start it at {high2 + 1}: `d10 {high2 + 1} to {high}`"
                elif high <= high2:
                    hint = f"end it at {low2 - 1}: `d10 {low} to {low2 - 1}`"
                else:
                    hint = "make the ranges meet without sharing a face"
                found.append(diagnostic(codes.OVERLAPPING_D10, condition.span, low=low, high=high, low2=low2,
                                        high2=high2, faces=faces, verb="is" if len(shared) == 1 else "are",
                                        hint=hint, related=[Related(earlier.condition.span, "read first")]))
                break
            above.append((low, high, statement))
    return found


@rule(codes.SAME_CHOICE)
def choices_differ(context: CheckContext) -> Iterator[Diagnostic]:
    """W415: one choice written twice in an entry."""
    pack = context.pack
    for log, pairs in zip(pack.logs, context.of_logs(_same_choices_of_log)):
        if pairs:
            yield from _same_choice_diagnostics(pairs, f"log {log.shown}", pack)
    for location in pack.locations:
        where = f"location {location.number:03d}"
        yield from _same_choice_diagnostics(_same_choices(location.choices), where, pack)
        for action in location.actions:
            yield from _same_choice_diagnostics(_same_choices(action.result), f"{where}'s {action.category}", pack)
    for depart in pack.departs:
        yield from _same_choice_diagnostics(_same_choices(depart.action.result),
                                            f"depart entry {depart.number} {depart.direction}", pack)


@per_log
def _same_choices_of_log(log: Log) -> list[tuple[ChoiceStatement, ChoiceStatement]]:
    return _same_choices(log.statements)


def _same_choices(statements: tuple[object, ...]) -> list[tuple[ChoiceStatement, ChoiceStatement]]:
    """Each choice that repeats an earlier one of `statements`, with that one."""
    # By way first: this runs for every entry of the pack, and the words are compared
    # only between choices that lead the same way, which few do.
    by_way: dict[tuple[object, ...], list[ChoiceStatement]] = {}
    pairs = []
    for statement in statements:
        if isinstance(statement, ChoiceStatement):
            way = (statement.target.op, statement.target.params)
            earlier = by_way.get(way)
            if earlier is None:
                by_way[way] = [statement]
                continue
            words = statement.label.plain()
            same = next((e for e in earlier if e.label.plain() == words), None)
            if same is not None:
                pairs.append((same, statement))
            else:
                earlier.append(statement)
    return pairs


def _way(goto: Effect, pack: Pack) -> str:
    """Where a choice leads, as a message says it: `log @label`, `location 101`."""
    if goto.op == "goto_location":
        return f"location {goto.param('location'):03d}"
    return written(goto, pack).removeprefix("-> ")


def _same_choice_diagnostics(pairs: list[tuple[ChoiceStatement, ChoiceStatement]], where: str,
                             pack: Pack) -> Iterator[Diagnostic]:
    for earlier, again in pairs:
        target = _way(again.target, pack)
        yield diagnostic(codes.SAME_CHOICE, again.span, where=where, label=f'"{again.label.plain()}"',
                         target=f"to {target}", hint=f"make one of them lead elsewhere than {target}, or remove it",
                         related=[Related(earlier.span, "the same choice, first")])
