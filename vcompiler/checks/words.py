"""Words too long for a line of the books (W514). The books break such a word where the
line ends, mid-word and without a hyphen (book.css), so that it never runs out of its
column; a writer should know. Measured with DejaVu Serif's widths (fontmetrics), at
the books' type size, against their narrowest measure. Cards break long words too, and
a card's text that does not fit is W510."""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from vcompiler import ast, codes
from vcompiler.checks import CheckContext, rule
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.fontmetrics import serif
from vcompiler.model.types import Log, Pack
from vcompiler.source import SourceFile, Span

# book.css: 9.5 pt text; an A4 page's column, 88.5 mm (210 mm less 2 x 13 mm margins and
# a 7 mm gap, halved), less the 4.5 mm a list of choices is indented.
TEXT_PT = 9.5
COLUMN_MM = 84.0
PT_MM = 25.4 / 72
# No word of fewer characters is as wide as a column: the widest character (W) is
# 1.03 em, a column 25 em.
_LONG = re.compile(r"\S{20,}")
# The same, found from the blank before it: the search then tries a word only where one
# starts, about a third faster over a pack's whole text (a second on 100,000 logs).
_LONG_AFTER_BLANK = re.compile(r"\s\S{20}")
# A word, with the hyphen or dash after which a line may break.
_WORD = re.compile(r"[^\s\-\u2010\u2013\u2014]+[\-\u2010\u2013\u2014]?")
_SHOWN = 24


def _book_entries(pack: Pack) -> Iterator[tuple[str, object, Span]]:
    """What the books print, as a message names it: logs, and the storybooks' actions,
    endings and depart entries."""
    for log in pack.logs:
        yield f"log {log.shown}", log, log.span
    for location in pack.locations:
        for action in location.actions:
            yield f"location {location.number}", action, action.span
    for card in pack.vantage_cards:
        for action in card.actions:
            yield f"card {card.number}", action, action.span
        if card.ending is not None:
            yield f"card {card.number}", card.ending, card.span
    for depart in pack.departs:
        yield f"depart entry {depart.number} {depart.direction}", depart.action, depart.span


def _texts(value: object) -> Iterator[ast.Text]:
    if isinstance(value, ast.Text):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _texts(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if field.name != "span":
                yield from _texts(getattr(value, field.name))


def _words(nodes: tuple[object, ...]) -> str:
    """A paragraph's words as printed: a reference or an icon stands apart from them."""
    out = []
    for node in nodes:
        if isinstance(node, ast.Run):
            out.append(node.text)
        elif isinstance(node, ast.Emphasis):
            out.append(_words(node.children))
        else:
            out.append(" ")
    return "".join(out)


def _has_long_word(source: SourceFile) -> bool:
    return bool(_LONG_AFTER_BLANK.search(source.text) or _LONG.match(source.text))


def _width_mm(word: str) -> float:
    return sum(map(serif, word)) * TEXT_PT * PT_MM


@rule(codes.LONG_WORD)
def words_a_line_holds(context: CheckContext) -> Iterator[Diagnostic]:
    # `vcompiler rules W514` shows the code's own text.
    pack = context.pack
    sources = {source.display: source for source in pack.files if context.of_source(_has_long_word, source)}
    if not sources:
        return
    holds = int(COLUMN_MM / _width_mm("abcdefghijklmnopqrstuvwxyz") * 26)
    for what, entry, span in _book_entries(pack):
        if span.file in sources:
            found = context.of_log(_long_words, entry) if isinstance(entry, Log) else _long_words(entry)
            yield from _said(what, found, sources, holds)


def _said(what: str, found: tuple[tuple[ast.Text, str, float], ...], sources: dict[str, SourceFile],
          holds: int) -> Iterator[Diagnostic]:
    for text, word, width in found:
        shown = word if len(word) <= _SHOWN else word[:_SHOWN] + "\u2026"
        source = sources.get(text.span.file)
        yield diagnostic(
            codes.LONG_WORD, source.text_in(text.span, word) if source else text.span, what=what,
            word=shown, letters=len(word), width=round(width),
            hint=f"a line of the books holds about {holds} letters ({COLUMN_MM:g} mm at {TEXT_PT:g} pt): "
                 f"they break a longer word where the line ends, without a hyphen; shorten it, or "
                 f"write spaces or hyphens where it may break")


def _long_words(entry: object) -> tuple[tuple[ast.Text, str, float], ...]:
    """Each word of `entry`'s text too wide for a column, with its text and width."""
    found = []
    for text in _texts(entry):
        for paragraph in text.paragraphs:
            for match in _WORD.finditer(_words(paragraph)):
                word = match.group()
                if len(word) >= 20 and (width := _width_mm(word)) > COLUMN_MM:
                    found.append((text, word, width))
    return tuple(found)

