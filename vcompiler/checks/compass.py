"""Vantage rules: one action per category, starred points and depart entries, and
neighbours that point back (E305-E307, W403)."""
from __future__ import annotations

from collections.abc import Iterator

from vcompiler import codes
from vcompiler.checks import CheckContext, rule
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.model.types import Depart, Location, StoryAction
from vcompiler.vocabulary import OPPOSITE


@rule(codes.TWO_ACTIONS)
def one_action_per_category(context: CheckContext) -> Iterator[Diagnostic]:
    """E305: two actions of one category on one location."""
    for location in context.pack.locations:
        seen: dict[str, StoryAction] = {}
        for action in location.actions:
            if action.category in seen:
                yield diagnostic(codes.TWO_ACTIONS, action.span, number=location.number,
                                 category=action.category,
                                 hint="merge them, or give one another category",
                                 related=[Related(seen[action.category].span, "the first one")])
            else:
                seen[action.category] = action


@rule(codes.STAR_WITHOUT_DEPART)
def starred_points_have_entries(context: CheckContext) -> Iterator[Diagnostic]:
    """E306: starred compass point with no depart entry."""
    departs = {(d.number, d.direction) for d in context.pack.departs}
    broken = {key for kind, key in context.pack.unparsed if kind == "depart"}
    # An entry of the location that E307 reports for a point it does not star may be
    # this point's, its direction mistyped.
    elsewhere = {depart.number for depart, _ in _unstarred_departs(context)}
    for location in context.pack.locations:
        if location.number in elsewhere:
            continue
        for exit in location.exits:
            key = (location.number, exit.direction)
            if exit.target is None and key not in departs and key not in broken \
                    and (location.number, None) not in broken:
                yield diagnostic(codes.STAR_WITHOUT_DEPART, exit.span, direction=exit.direction,
                                 number=location.number,
                                 hint=f'add `depart {location.number} {exit.direction} "Action" cost 1 {{ ... }}`')


@rule(codes.DEPART_WITHOUT_STAR)
def entries_have_starred_points(context: CheckContext) -> Iterator[Diagnostic]:
    """E307: depart entry for a point that is not starred."""
    departs = {(d.number, d.direction) for d in context.pack.departs}
    for depart, location in _unstarred_departs(context):
        lacking = [e.direction for e in location.exits
                   if e.target is None and (location.number, e.direction) not in departs]
        hint = (f"location {depart.number} stars {' and '.join(lacking)}, which no entry is for: did you mean "
                f"`depart {depart.number} {lacking[0]}`?" if lacking
                else f"write `{depart.direction} *` on location {depart.number}, or remove this entry")
        yield diagnostic(codes.DEPART_WITHOUT_STAR, depart.span, number=depart.number,
                         direction=depart.direction, hint=hint,
                         related=[Related(location.span, f"location {depart.number}")])


def _unstarred_departs(context: CheckContext) -> Iterator[tuple[Depart, Location]]:
    """The depart entries of a point their location does not star, with the location."""
    locations = {loc.number: loc for loc in context.pack.locations}
    for depart in context.pack.departs:
        location = locations.get(depart.number)
        if location is None:
            continue  # E202 says the location is undefined
        if not any(e.direction == depart.direction and e.target is None for e in location.exits):
            yield depart, location


@rule(codes.NOT_POINTING_BACK)
def neighbours_point_back(context: CheckContext) -> Iterator[Diagnostic]:
    """W403: neighbour does not point back."""
    locations = {loc.number: loc for loc in context.pack.locations}
    for location in context.pack.locations:
        for exit in location.exits:
            neighbour = locations.get(exit.target) if exit.target is not None else None
            if neighbour is None:
                continue
            back = OPPOSITE[exit.direction]
            if any(e.target == location.number or (e.direction == back and e.target is None)
                   for e in neighbour.exits):
                continue
            taken = next((e for e in neighbour.exits if e.direction == back), None)
            if taken is not None and taken.target == neighbour.number:
                continue      # its way back leads to itself: E332 says so
            if taken is not None and taken.target is not None and taken.target not in locations:
                continue      # its way back leads to a location not there (E202): a mistyped number
            if taken is not None and taken.target is not None:
                hint = (f"{back} of location {exit.target} leads to location {taken.target}: "
                        f"fix one of the two numbers")
            else:
                hint = (f"add `{back} {location.number} {exit.mode or 'walk'}` to location {exit.target}, "
                        f"or fix the number")
            yield diagnostic(codes.NOT_POINTING_BACK, exit.span, direction=exit.direction,
                             number=location.number, target=exit.target, hint=hint,
                             related=[Related(neighbour.span, f"location {exit.target}")])
