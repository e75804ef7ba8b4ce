"""How many of a card the sheets print (W511, E512): found by `check`, so that a pack
`check --strict` passes is one `build --strict` prints."""
from __future__ import annotations

from collections.abc import Iterator

from vcompiler import codes
from vcompiler.checks import CheckContext, rule
from vcompiler.checks.board import word_span
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.registry import MAX_COPIES


@rule(codes.TOO_MANY_COPIES)
def copies_a_sheet_prints(context: CheckContext) -> Iterator[Diagnostic]:
    """W511: more copies than a build prints."""
    for card in context.pack.cards:
        if card.copies is not None and card.copies > MAX_COPIES:
            at = word_span(context.pack, card.span, "copies", str(card.copies), clause=True)
            yield diagnostic(codes.TOO_MANY_COPIES, at, card=f"{card.kind} {card.id}",
                             copies=card.copies, most=MAX_COPIES,
                             hint=f"write at most `copies {MAX_COPIES}`; for more, print the card sheets "
                                  "more than once")


@rule(codes.NO_COPIES)
def copies_at_least_one(context: CheckContext) -> Iterator[Diagnostic]:
    """E512: a card printed no times."""
    for card in context.pack.cards:
        if card.copies == 0:
            yield diagnostic(codes.NO_COPIES, word_span(context.pack, card.span, "copies", "0", clause=True),
                             card=f"{card.kind} {card.id}",
                             hint="leave the card out of the pack; `copies 1` prints it once")
