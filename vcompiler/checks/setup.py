"""Vantage rules on location 000, the setup printed on the back of the Book of
Vantages (VR 17-18): setup lines only there, characters that are character cards, and
starting levels within a stat's track (E333-E335)."""
from __future__ import annotations

import re
from collections.abc import Iterator

from vcompiler import ast, codes
from vcompiler.checks import CheckContext, rule
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.source import Span
from vcompiler.vocabulary import STAT_RANGE

SETUP_LOCATION = 0


@rule(codes.SETUP_ELSEWHERE)
def setup_on_location_000(context: CheckContext) -> Iterator[Diagnostic]:
    """E333: setup line on a location other than 000."""
    for location in context.pack.locations:
        if location.number == SETUP_LOCATION:
            continue
        lines = [("character", c.span) for c in location.characters]
        lines += [("level", level.span) for level in location.levels]
        lines += [("step", step.span) for step in location.steps]
        for what, span in lines:
            yield diagnostic(codes.SETUP_ELSEWHERE, span, what=what, number=location.number,
                             hint="move it to `location 000`, the setup location")
        # Anywhere else, leaving is an action with a cost (VR 23, 50-54): a choice
        # printed on the card would be a move that costs nothing.
        for choice in location.choices:
            target = choice.target.param("location")
            yield diagnostic(codes.SETUP_ELSEWHERE, choice.span, what="choice", number=location.number,
                             hint=f"a location is left by an action: a compass exit (`north {target} walk`), a "
                                  f"starred point with its depart entry, or `-> location {target}` in an "
                                  "action's result")


@rule(codes.NOT_A_CHARACTER)
def characters_are_characters(context: CheckContext) -> Iterator[Diagnostic]:
    """E334: `character N` naming a card that is not a character."""
    cards = {card.number: card for card in context.pack.vantage_cards}
    for location in context.pack.locations:
        for character in location.characters:
            card = cards.get(character.card)
            if card is not None and card.kind != "character":
                kind = ("an " if card.kind[0] in "aeiou" else "a ") + card.kind
                yield diagnostic(codes.NOT_A_CHARACTER, character.span, number=character.card, kind=kind,
                                 hint=f"name a `card N character`; card {card.number} is declared as "
                                      f"`{card.kind}`",
                                 related=[Related(card.span, f"card {card.number} is declared here")])


def _value_of(context: CheckContext, level: ast.Level, stat: str) -> Span:
    """Where the level's line sets `stat`, so that the caret stands under the value;
    the whole level where it is not found there."""
    span = level.span
    source = next((f for f in context.pack.files if f.display == span.file), None)
    if source is None or span.line != span.end_line:
        return span
    match = re.compile(rf"\b{stat}\s+(\d+)").search(source.line_text(span.line), span.column - 1,
                                                     span.end_column - 1)
    return Span(span.file, span.line, match.start(1) + 1, span.line, match.end(1) + 1) if match else span


@rule(codes.BAD_LEVEL)
def levels_fit_the_tracks(context: CheckContext) -> Iterator[Diagnostic]:
    """E335: starting level out of range, repeated, or recommended twice."""
    low, high = STAT_RANGE
    for location in context.pack.locations:
        named: dict[str, ast.Level] = {}
        recommended: ast.Level | None = None
        for level in location.levels:
            for stat in ("time", "morale", "health"):
                value = getattr(level, stat)
                if not low <= value <= high:
                    yield diagnostic(codes.BAD_LEVEL, _value_of(context, level, stat),
                                     message=f"level {level.name} starts {stat} at {value}; a stat runs "
                                             f"from {low} to {high}",
                                     hint=f"give {stat} a value from {low} to {high}")
            if level.name in named:
                yield diagnostic(codes.BAD_LEVEL, level.span, message=f"level {level.name} is given twice",
                                 hint="rename or remove one of them",
                                 related=[Related(named[level.name].span, "first given here")])
            named.setdefault(level.name, level)
            if level.recommended:
                if recommended is not None:
                    yield diagnostic(codes.BAD_LEVEL, level.span,
                                     message=f"levels {recommended.name} and {level.name} are both recommended",
                                     hint="recommend one level for a first game",
                                     related=[Related(recommended.span, "recommended here")])
                else:
                    recommended = level
