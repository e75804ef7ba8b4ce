"""Special Action rules: outcome rows, tracks and connected outcomes of dice checks on
cards and sectors (E204, E300-E304, E308), the shape of an action (E317, E318), its
Danger dice's letter (W418), the time tracks of cards (E329) and the effects that move
them (E321, E353), rows never marked (E354) and tracks never moved (W423), attacks
(W425) and the Unique Discovery space (E356)."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from vcompiler import codes
from vcompiler.checks import CheckContext, per_log, rule
from vcompiler.checks.board import word_span
from vcompiler.checks.references import known_danger_letters
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.model.types import (
    Card,
    CheckAction,
    Choice,
    Effect,
    EffectStatement,
    Log,
    Pack,
    PaidStatement,
    Row,
)

_ORDER = {"yellow": 0, "green": 1, "red": 2}


def _actions(context: CheckContext) -> Iterator[CheckAction]:
    for card in context.pack.cards:
        yield from card.actions
    for planet in context.pack.planets:
        for sector in planet.sectors:
            yield from sector.actions


def _outcomes(action: CheckAction) -> list[Row]:
    return [r for r in action.rows if r.kind == "outcome"]


def _tracks(action: CheckAction) -> list[Row]:
    return [r for r in action.rows if r.kind == "track"]


def _mixed(action: CheckAction) -> bool:
    return bool(_outcomes(action)) and bool(_tracks(action))


@rule(codes.RED_REQUIREMENT)
def red_without_requirement(context: CheckContext) -> Iterator[Diagnostic]:
    """E300: red outcome with a requirement."""
    for action in _actions(context):
        for row in _outcomes(action):
            if row.key == "red" and row.requirement is not None:
                shown = " / ".join(" + ".join(" ".join(str(w.value) for w in term) for term in alternative)
                                   for alternative in row.requirement.alternatives)
                yield diagnostic(codes.RED_REQUIREMENT, row.span, requirement=shown,
                                 hint="write it `outcome red => EFFECTS`")


@rule(codes.ROW_ORDER)
def rows_in_order(context: CheckContext) -> Iterator[Diagnostic]:
    """E301: outcome rows not in order yellow, green, red."""
    for action in _actions(context):
        highest: Row | None = None
        for row in _outcomes(action):
            if highest is not None and _ORDER.get(row.key or "", 0) < _ORDER.get(highest.key or "", 0):
                yield diagnostic(codes.ROW_ORDER, row.span, colour=row.key, previous=highest.key,
                                 hint=f"move the {row.key} row above the {highest.key} row")
            elif highest is None or _ORDER.get(row.key or "", 0) > _ORDER.get(highest.key or "", 0):
                highest = row


@rule(codes.ROWS_AND_TRACKS)
def rows_or_tracks(context: CheckContext) -> Iterator[Diagnostic]:
    """E302: action mixes outcome rows and tracks."""
    for action in _actions(context):
        if _mixed(action):
            yield diagnostic(codes.ROWS_AND_TRACKS, action.span, name=action.name,
                             hint="keep either the outcome rows or the tracks")


@rule(codes.CONNECTED_LOOP)
def connected_outcomes_end(context: CheckContext) -> Iterator[Diagnostic]:
    """E303: connected outcomes (`then`) form a loop."""
    for action in _actions(context):
        connections = [(row.key, effect.param("outcome")) for row in _outcomes(action) for choice in row.effects
                       for effect in choice.options if effect.op == "then"]
        cycle = first_cycle(connections)
        if cycle is None:
            continue
        path = " -> ".join([cycle[0][0], *(edge[1] for edge in cycle)])
        yield diagnostic(codes.CONNECTED_LOOP, action.span, name=action.name, cycle=path,
                         hint="one of the rows must not connect back")


_DONE = object()


def _edge_dfs(successors: dict[Any, list[Any]], start: Any) -> Iterator[tuple[Any, Any]]:
    """Every edge that `start` leads to, once, depth first, in networkx's edge_dfs order."""
    visited_edges: set[tuple[Any, Any]] = set()
    following: dict[Any, Iterator[Any]] = {}
    stack = [start]
    while stack:
        node = stack[-1]
        if node not in following:
            following[node] = iter(successors[node])
        head = next(following[node], _DONE)
        if head is _DONE:
            stack.pop()
        elif (node, head) not in visited_edges:
            visited_edges.add((node, head))
            stack.append(head)
            yield node, head


def first_cycle(connections: list[tuple[Any, Any]]) -> list[tuple[Any, Any]] | None:
    """The cycle networkx's find_cycle reports for the directed graph of these edges (the
    same search, so the same cycle and the same message), or None; networkx itself
    takes longer to import than a pack takes to check."""
    successors: dict[Any, list[Any]] = {}
    for a, b in connections:
        successors.setdefault(a, [])
        successors.setdefault(b, [])
        if b not in successors[a]:
            successors[a].append(b)
    explored: set[Any] = set()
    cycle: list[tuple[Any, Any]] = []
    final = None
    for start in successors:
        if start in explored:
            continue
        edges: list[tuple[Any, Any]] = []
        seen, active = {start}, {start}
        previous = None
        for tail, head in _edge_dfs(successors, start):
            if head in explored:
                continue
            if previous is not None and tail != previous:
                # Back from a dead end: drop the edges past the node the search resumes at.
                while True:
                    if not edges:
                        active = {tail}
                        break
                    active.remove(edges.pop()[1])
                    if edges and edges[-1][1] == tail:
                        break
            edges.append((tail, head))
            if head in active:
                cycle, final = edges, head
                break
            seen.add(head)
            active.add(head)
            previous = head
        if cycle:
            break
        explored.update(seen)
    else:
        return None
    first = next((i for i, (tail, _) in enumerate(cycle) if tail == final), len(cycle) - 1)
    return cycle[first:]


@rule(codes.TRACK_LENGTH)
def track_length(context: CheckContext) -> Iterator[Diagnostic]:
    """E304: track length outside 1..10."""
    for action in _actions(context):
        for row in _tracks(action):
            if row.number is not None and not 1 <= row.number <= 10:
                at = word_span(context.pack, row.span, "track", str(row.number))
                yield diagnostic(codes.TRACK_LENGTH, at, colour=row.key, length=row.number,
                                 hint="give the track 1 to 10 spaces")


_MOST_SPACES = 10


@rule(codes.TIME_TRACK)
def time_tracks(context: CheckContext) -> Iterator[Diagnostic]:
    """E329: a time track with spaces out of 1..10, out of order or given twice."""
    pack = context.pack
    for card in pack.cards:
        named = f"{'POI' if card.kind == 'poi' else card.kind} {card.id}"
        times = [r for r in card.rows if r.kind == "time"]
        for row in times[1:]:
            yield diagnostic(codes.TIME_TRACK, row.span, message=f"{named} has a time track already",
                             hint="a card has one time track: keep one `time N => ...` line",
                             related=[Related(times[0].span, "its time track")])
        for row in times[:1]:
            if row.number is not None and not 1 <= row.number <= _MOST_SPACES:
                yield diagnostic(codes.TIME_TRACK, word_span(pack, row.span, "time", str(row.number)),
                                 message=f"the time track of {named} has {row.number} spaces; "
                                         f"a time track has 1 to {_MOST_SPACES}",
                                 hint=f"give it 1 to {_MOST_SPACES} spaces")
        spaces = [r for r in card.rows if r.kind == "space"]
        for expected, row in enumerate(spaces, 1):
            if row.number == expected and expected <= _MOST_SPACES:
                continue
            at = word_span(pack, row.span, "space", str(row.number))
            if row.number in {r.number for r in spaces[:expected - 1]}:
                message = f"{named} has space {row.number} twice"
            elif expected > _MOST_SPACES:
                message = f"{named} has {len(spaces)} spaces; a time track has at most {_MOST_SPACES}"
            else:
                message = f"space {row.number} of {named} stands where space {expected} belongs"
            hint = "number the spaces from 1 in order, one line each"
            if row.number is not None and expected < row.number <= _MOST_SPACES:
                hint += f"; write `space {expected} => nothing` where nothing happens"
            yield diagnostic(codes.TIME_TRACK, at, message=message, hint=hint)
            break


_TIME_OPS = {"progress_time": "progress time", "reduce_time": "reduce time", "reset_time": "reset time"}


def has_time_track(card: Card) -> bool:
    return any(row.kind in ("time", "space") for row in card.rows)


@rule(codes.NO_TIME_TRACK)
def time_effects_have_a_track(context: CheckContext) -> Iterator[Diagnostic]:
    """E321: a Time Track effect with no Time Track to move."""
    pack = context.pack
    if pack.game != "vanguard" or any(has_time_track(card) for card in pack.cards):
        return
    if any(row.kind == "time" for planet in pack.planets for printed in planet.printed_conditions
           for row in printed.rows):
        return
    for holder, effect in _everywhere(context):
        form = _TIME_OPS.get(effect.op)
        if form is None:
            continue
        if holder is not None:
            named = _named(holder)
            where = f"{named} has none, nor does any card of the pack"
            hint = (f"give {named} a time track (`time N => ...`), or write `{form} all` (every Time "
                    "Track in play, if any is)")
        else:
            where = "no card of the pack has one"
            hint = (f"give a Global Condition a time track (`time N => ...`), or write "
                    f"`{form} all` (every Time Track in play, if any is)")
        yield diagnostic(codes.NO_TIME_TRACK, effect.span, form=form, where=where, hint=hint)


def _named(card: Card) -> str:
    if card.board:
        planet, sector = card.id.rsplit(".", 1)
        return f"the POI printed in sector {sector} of planet {planet}"
    return f"{'POI' if card.kind == 'poi' else card.kind} {card.id}"


def _choices(choices: tuple[Choice, ...]) -> Iterator[Effect]:
    for choice in choices:
        yield from choice.options


def _action_effects(action: CheckAction) -> Iterator[Effect]:
    yield from _choices(action.effects)
    for row in action.rows:
        yield from _choices(row.effects)


@per_log
def _effects_of_log(log: Log) -> tuple[Effect, ...]:
    """The effects of a log that a rule of this module asks about: asked once a log, not
    once a keystroke (CheckContext.of_logs)."""
    found: list[Effect] = []
    for statement in log.statements:
        if isinstance(statement, EffectStatement):
            found.extend(statement.effect.options)
        elif isinstance(statement, PaidStatement):
            found.extend(_choices(statement.effects))
    return tuple(e for e in found if e.op in _ASKED_OPS)


def _everywhere(context: CheckContext) -> list[tuple[Card | None, Effect]]:
    """The effects of a vanguard pack that a rule of this module asks about, with the
    card each is printed on (None: a log, the board); made once a check for the rules
    that read them."""
    def make() -> list[tuple[Card | None, Effect]]:
        found: list[tuple[Card | None, Effect]] = [(None, e) for effects in context.of_logs(_effects_of_log)
                                                   if effects for e in effects]
        found += [(card, e) for card, e in _off_the_logs(context.pack) if e.op in _ASKED_OPS]
        return found
    return context.shared("effects everywhere", make)


def _off_the_logs(pack: Pack) -> Iterator[tuple[Card | None, Effect]]:
    """Every effect of a vanguard pack printed outside its logs, with the card it is
    printed on (None: the board)."""
    for card in pack.cards:
        for effect in (*_choices(card.travel), *_choices(card.secondary), *_choices(card.main)):
            yield card, effect
        for row in card.rows:
            yield from ((card, e) for e in _choices(row.effects))
        for action in card.actions:
            yield from ((card, e) for e in _action_effects(action))
    for planet in pack.planets:
        for sector in planet.sectors:
            for action in sector.actions:
                yield from ((None, e) for e in _action_effects(action))
        for path in planet.paths:
            yield from ((None, e) for e in path.costs)
        for condition in planet.printed_conditions:
            yield from ((None, e) for e in _choices(condition.travel))
            for row in condition.rows:
                yield from ((None, e) for e in _choices(row.effects))
        yield from ((None, e) for e in (*planet.lift_off, *planet.evac))
        yield from ((None, e) for _, choice in planet.uniques for e in choice.options)


@rule(codes.NO_RED_ROW)
def red_row_present(context: CheckContext) -> Iterator[Diagnostic]:
    """E308: outcome rows with no red row."""
    for action in _actions(context):
        outcomes = _outcomes(action)
        if outcomes and not _mixed(action) and not any(r.key == "red" for r in outcomes):
            yield diagnostic(codes.NO_RED_ROW, action.span, name=action.name,
                             hint="add `outcome red => nothing` as the last row if failing does nothing")


TRACK_OPS = ("progress_track", "reduce_track")


@rule(codes.UNDEFINED_TRACK)
def colours_of_the_action(context: CheckContext) -> Iterator[Diagnostic]:
    """E204: undefined track or outcome colour in this action."""
    for action in _actions(context):
        yield from _colours([*(c for r in action.rows for c in r.effects), *action.effects],
                            _keys(_tracks(action)), _keys(_outcomes(action)),
                            f"action {action.name!r}")
    for card in context.pack.cards:
        if card.kind == "threat" and card.rows:
            tracks = {key for a in card.actions for key in _keys(_tracks(a))}
            yield from _colours([c for r in card.rows for c in r.effects], tracks, None, f"threat {card.id}")


def _keys(rows: Iterable[Row]) -> set[str]:
    """The colours of tracks or outcome rows (which always have one)."""
    return {r.key for r in rows if r.key is not None}


def _colours(choices: Iterable[Choice], tracks: set[str], outcomes: set[str] | None,
             owner: str) -> Iterator[Diagnostic]:
    for choice in choices:
        for effect in choice.options:
            if effect.op in TRACK_OPS and effect.param("track") not in tracks:
                colour = effect.param("track")
                yield diagnostic(codes.UNDEFINED_TRACK, effect.span, owner=owner, colour=colour, what="track",
                                 hint=f"tracks of this action: {', '.join(sorted(tracks)) or 'none'}")
            elif (outcomes is not None and effect.op in ("then", "immediate")
                  and effect.param("outcome") not in outcomes):
                colour = effect.param("outcome")
                yield diagnostic(codes.UNDEFINED_TRACK, effect.span, owner=owner, colour=colour, what="outcome row",
                                 hint=f"outcome rows of this action: {', '.join(sorted(outcomes)) or 'none'}")


@rule(codes.ACTION_SHAPE)
def check_or_plain(context: CheckContext) -> Iterator[Diagnostic]:
    """E317: a Special Action that mixes a dice check with plain effects, or has neither."""
    for action in _actions(context):
        if action.rows and action.effects:
            yield diagnostic(codes.ACTION_SHAPE, action.effects[0].span,
                             message=f"action {action.name!r} makes a dice check, so its effects belong in its rows",
                             hint="put them after `=>` in an outcome row or a track, or make a second action")
        elif not action.rows and not action.effects and not action.text:
            yield diagnostic(codes.ACTION_SHAPE, action.span, message=f"action {action.name!r} does nothing",
                             hint="give it outcome rows for a dice check, or text and effects")


@rule(codes.DANGER_WITHOUT_LETTER)
def danger_has_a_letter(context: CheckContext) -> Iterator[Diagnostic]:
    """W418: `danger N` without the letter of the Reference card's table."""
    letters = known_danger_letters(context)
    for action in _actions(context):
        if action.danger and action.danger_letter is None:
            dice = f"{action.danger} Danger {'die' if action.danger == 1 else 'dice'}"
            yield diagnostic(codes.DANGER_WITHOUT_LETTER,
                             word_span(context.pack, action.span, "danger", str(action.danger), clause=True),
                             name=action.name, count=dice,
                             hint=f"name the table: `danger {action.danger} {letters[0]}` (the letters are "
                                  f"{', '.join(letters)}; declare another with `danger LETTER \"Name\"`)")


@rule(codes.DANGER_WITHOUT_CHECK)
def danger_needs_a_check(context: CheckContext) -> Iterator[Diagnostic]:
    """E318: `danger N` on an action with no dice check."""
    for action in _actions(context):
        if action.danger is not None and not action.rows:
            yield diagnostic(codes.DANGER_WITHOUT_CHECK, action.span, name=action.name,
                             hint="write `roll danger LETTER` among its effects instead of `danger N`")


@rule(codes.ROW_ALWAYS_MET)
def rows_below_are_reached(context: CheckContext) -> Iterator[Diagnostic]:
    """E354: an outcome row with no requirement above other rows."""
    for action in _actions(context):
        outcomes = _outcomes(action)
        for row, below in zip(outcomes, outcomes[1:]):
            if row.key != "red" and row.requirement is None:
                yield diagnostic(codes.ROW_ALWAYS_MET, row.span, colour=row.key, name=action.name,
                                 hint=f"give it the dice it needs: `outcome {row.key}: ICON => ...`",
                                 related=[Related(below.span, "never marked")])
                break


def _progressed(choices: Iterable[Choice]) -> set[str]:
    return {str(e.param("track")) for c in choices for e in c.options if e.op == "progress_track"}


@rule(codes.TRACK_NEVER_MOVES)
def tracks_can_fill(context: CheckContext) -> Iterator[Diagnostic]:
    """W423: an action track no special effect progresses."""
    pack = context.pack
    everywhere = _progressed(c for card in pack.cards if card.kind == "condition"
                             for row in card.rows if row.kind == "special" for c in row.effects)
    holders: list[tuple[tuple[Row, ...], CheckAction]] = [
        (card.rows, action) for card in pack.cards for action in card.actions]
    holders += [((), action) for planet in pack.planets for sector in planet.sectors for action in sector.actions]
    for card_rows, action in holders:
        moved = everywhere | _progressed(c for row in (*action.rows, *card_rows) if row.kind != "track"
                                         for c in row.effects)
        for row in _tracks(action):
            if row.key not in moved:
                yield diagnostic(codes.TRACK_NEVER_MOVES, row.span, colour=row.key, name=action.name,
                                 hint=f"add `special ICON => progress {row.key}` to the action")


_CARD_TRACK_OPS = {f"{verb}_time_of_{kind}": f"{verb} {kind}"
                   for verb in ("progress", "reduce", "reset") for kind in ("poi", "threat", "condition")}
# The effects the rules of this module read, wherever they are printed.
_ASKED_OPS = frozenset({*_TIME_OPS, *_CARD_TRACK_OPS, "threat_attack", "gain_top_unique"})


@rule(codes.NO_TRACK_ON_CARD)
def named_tracks_exist(context: CheckContext) -> Iterator[Diagnostic]:
    """E353: a named card's Time Track moved, on a card with no time track."""
    pack = context.pack
    cards = {(card.kind, card.id): card for card in pack.cards}
    for _, effect in _everywhere(context):
        form = _CARD_TRACK_OPS.get(effect.op)
        card = cards.get((form.split()[1], str(effect.param("card")))) if form is not None else None
        if form is not None and card is not None and not has_time_track(card):
            row = "space N => EFFECTS" if card.kind == "threat" else "time N => EFFECTS"
            yield diagnostic(codes.NO_TRACK_ON_CARD, effect.span, form=f"{form} {card.id}", card=_named(card),
                             hint=f"give {_named(card)} a time track (`{row}`), or name a card that has one",
                             related=[Related(card.span, f"{_named(card)} is declared here")])


@rule(codes.THREAT_WITHOUT_ATTACK)
def attacks_are_printed(context: CheckContext) -> Iterator[Diagnostic]:
    """W425: a threat attack on a threat whose card prints no Attack."""
    for card, effect in _everywhere(context):
        if (effect.op == "threat_attack" and card is not None and card.kind == "threat"
                and not any(row.kind == "attack" for row in card.rows)):
            yield diagnostic(codes.THREAT_WITHOUT_ATTACK, effect.span, form=f"threat attack {effect.param('amount')}",
                             card=card.id, hint=f"add `attack => EFFECTS` to threat {card.id}: what one Attack does",
                             related=[Related(card.span, f"threat {card.id}")])


@rule(codes.NO_UNIQUE_SLOT)
def unique_space_exists(context: CheckContext) -> Iterator[Diagnostic]:
    """E356: `gain unique top` in a pack with no Unique Discovery space."""
    pack = context.pack
    if pack.game != "vanguard" or any(planet.uniques for planet in pack.planets):
        return
    for _, effect in _everywhere(context):
        if effect.op == "gain_top_unique":
            yield diagnostic(codes.NO_UNIQUE_SLOT, effect.span,
                             hint="deal Unique Discoveries to a planet's board (`unique 1 else gain success 1`), "
                                  "or name the card: `gain unique 1`")
