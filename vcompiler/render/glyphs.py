"""Characters the printed pages cannot show. The books, cards and boards embed only the
package's own fonts, so that a build prints the same pages on every machine; a
character none of them has would be drawn from whatever font the machine offers (or
as an empty box), so it is an error, found before anything is rendered."""
from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

from fontTools.ttLib import TTFont

from vcompiler import codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.model.types import Pack
from vcompiler.render.fetcher import TEMPLATES
from vcompiler.source import SourceFile, Span

# base.css: prose is "Book Serif" (four faces), then "Book Symbols"; headings and titles
# are "Book Heads", then "Book Symbols". Any text may be either.
_SERIF = ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf", "DejaVuSerif-BoldItalic.ttf")
_HEADS = "DejaVuSansCondensed-Bold.ttf"
_SYMBOLS = "DejaVuSans.ttf"
_SHOWN_AT_MOST = 4


def _cmap(name: str) -> frozenset[int]:
    font = TTFont(TEMPLATES / "fonts" / name, lazy=True)
    try:
        return frozenset(font["cmap"].getBestCmap())
    finally:
        font.close()


@lru_cache(maxsize=1)
def printable() -> frozenset[int]:
    """Code points every face can draw, itself or through its fallback."""
    faces = frozenset.intersection(*(_cmap(name) for name in (*_SERIF, _HEADS)))
    return faces | _cmap(_SYMBOLS)


def _invisible(char: str) -> bool:
    # Spaces, line separators, controls and format characters take no glyph.
    return unicodedata.category(char)[0] in "ZC"


def _texts(value: object, span: Span | None) -> Iterator[tuple[str, Span | None]]:
    """Every string in `value`, with the span of the nearest node around it."""
    if isinstance(value, str):
        yield value, span
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _texts(item, span)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item, span)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        own = getattr(value, "span", None)
        inner = own if isinstance(own, Span) else span
        for field in dataclasses.fields(value):
            if field.name != "span":
                yield from _texts(getattr(value, field.name), inner)


def _entries(pack: Pack) -> Iterator[tuple[str, object, Span]]:
    yield f"pack {pack.name}", (pack.title, pack.version), pack.span
    for log in pack.logs:
        yield f"log {log.number}", log, log.span
    for planet in pack.planets:
        yield f"planet {planet.id}", planet, planet.span
    for card in pack.cards:
        yield f"{card.kind} {card.id}", card, card.span
    for location in pack.locations:
        yield f"location {location.number}", location, location.span
    for depart in pack.departs:
        yield f"depart entry {depart.number} {depart.direction}", depart, depart.span
    for vcard in pack.vantage_cards:
        yield f"card {vcard.number}", vcard, vcard.span


def _shown(char: str) -> str:
    name = unicodedata.name(char, "").lower() or "unnamed"
    return f"`{char}` (U+{ord(char):04X} {name})"


def _at_char(span: Span, char: str, sources: dict[str, SourceFile]) -> Span:
    """The span narrowed to where `char` first stands in it, if the source shows it."""
    source = sources.get(span.file)
    if source is None:
        return span
    for line in range(span.line, span.end_line + 1):
        start = span.column - 1 if line == span.line else 0
        column = source.line_text(line).find(char, start)
        if column >= 0:
            return Span(span.file, line, column + 1, line, column + 1 + len(char))
    return span


def missing_glyphs(pack: Pack) -> list[Diagnostic]:
    """One E110 per entry that has characters no bundled font has, naming them."""
    fonts = printable()
    sources = {source.display: source for source in pack.files}
    found = []
    for what, entry, entry_span in _entries(pack):
        missing: dict[str, Span] = {}
        for text, span in _texts(entry, entry_span):
            if text.isascii():
                continue
            for char in text:
                if ord(char) not in fonts and char not in missing and not _invisible(char):
                    missing[char] = span or entry_span
        if not missing:
            continue
        chars = list(missing)
        shown = ", ".join(_shown(c) for c in chars[:_SHOWN_AT_MOST])
        more = f" and {len(chars) - _SHOWN_AT_MOST} more" if len(chars) > _SHOWN_AT_MOST else ""
        found.append(diagnostic(
            codes.MISSING_GLYPH, _at_char(missing[chars[0]], chars[0], sources),
            message=f"{what} has {'a character' if len(chars) == 1 else 'characters'} the printed fonts "
                    f"cannot draw: {shown}{more}",
            hint="the books print only with their own fonts (DejaVu), so that every machine prints the same "
                 "pages: write it another way, or use {icon NAME} for a symbol"))
    return found
