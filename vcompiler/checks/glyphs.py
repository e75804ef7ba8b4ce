"""Characters the printed pages cannot show (E110). The books, cards and boards embed
only the package's own fonts, so that a build prints the same pages on every machine;
a character none of them has would be drawn from whatever font the machine offers, or
as an empty box. `check` finds it from a table of what the fonts cover
(checks/printable.py), without loading them. Invisible characters that print wrong
(a control character, a line separator, a direction override) are E110 too."""
from __future__ import annotations

import dataclasses
import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterator

from vcompiler import codes
from vcompiler.checks import CheckContext, rule
from vcompiler.checks.printable import BOUNDS
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.model.types import Pack
from vcompiler.source import SourceFile, Span

_SHOWN_AT_MOST = 4
_ASCII = bytes(range(128))
FONTS = "DejaVu Serif, Sans and Sans Condensed"


# Characters that take no glyph: spaces, line and paragraph separators, controls, format
# characters and lone surrogates. A private-use or unassigned code point does take one,
# which no bundled font has.
_NO_GLYPH = frozenset(("Zs", "Zl", "Zp", "Cc", "Cf", "Cs"))
_UNNAMED = {"Co": "private use", "Cn": "unassigned"}


# Characters that take no glyph and yet print wrong: a control character prints as an
# empty box, a line or paragraph separator as a box and a break in the line, a direction
# override, embedding or isolate turns the words after it around. Tab and newline are
# white space; zero-width spaces and joiners, direction marks and soft hyphens print
# as nothing, as they are meant to.
_MISPRINTED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_CONTROL_NAMES = {0x00: "null", 0x07: "bell", 0x08: "backspace", 0x0B: "vertical tab", 0x0C: "form feed",
                  0x1B: "escape", 0x7F: "delete", 0x85: "next line"}


def _misprint(char: str) -> tuple[str, str, str]:
    """What `char` is called, what it does to the page, and what to write instead."""
    category = unicodedata.category(char)
    if category == "Cc":
        return _CONTROL_NAMES.get(ord(char), "control character"), "prints as an empty box", \
            "delete the control character (text pasted from another program often brings one)"
    if category in ("Zl", "Zp"):
        return unicodedata.name(char).lower(), "prints as an empty box and breaks the line", \
            'write a space instead of the separator; for a new paragraph, a blank line in a """...""" string'
    return unicodedata.name(char).lower(), "can print the words after it in another order", \
        "delete the direction control: the text is printed left to right as written"


def drawn(char: str) -> bool:
    """Whether the bundled fonts draw `char`, or it takes no glyph at all."""
    return bisect_right(BOUNDS, ord(char)) % 2 == 1 or unicodedata.category(char) in _NO_GLYPH


def _undrawn(text: str) -> set[str]:
    """The characters of `text` the fonts lack. Most files are ASCII, which the fonts
    cover: that takes no time; of the others, only the bytes beyond ASCII are looked at
    (UTF-8 never uses an ASCII byte inside a longer character)."""
    if text.isascii():
        return set()
    wide = text.encode("utf-8", "surrogatepass").translate(None, _ASCII).decode("utf-8", "surrogatepass")
    return {char for char in set(wide) if not drawn(char)}


def _undrawn_or_misprinted(source: SourceFile) -> set[str]:
    return _undrawn(source.text) | set(_MISPRINTED.findall(source.text))


def _texts(value: object, span: Span) -> Iterator[tuple[str, Span]]:
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
        yield f"log {log.shown}", log, log.span
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
    name = unicodedata.name(char, "").lower() or _UNNAMED.get(unicodedata.category(char), "unnamed")
    return f"`{char}` (U+{ord(char):04X} {name})"


_INSTEAD = {
    # By the character's Unicode category: a mark, a letter, anything else (symbols, emoji).
    "M": "write the letter without the mark, or as one precomposed letter the fonts have",
    "L": "spell the word in letters the fonts have (`Tokyo`, not `東京`)",
    "": "write it in words (`a rocket`, not its emoji), or use `{icon NAME}` for a game symbol",
}


def _instead(chars: list[str]) -> str:
    kinds = dict.fromkeys(cat if (cat := unicodedata.category(c)[0]) in "ML" else "" for c in chars)
    return "; ".join(_INSTEAD[kind] for kind in kinds)


@rule(codes.MISSING_GLYPH)
def characters_the_fonts_draw(context: CheckContext) -> Iterator[Diagnostic]:
    # `vcompiler rules E110` shows the code's own text.
    pack = context.pack
    files = {source.display: (source, undrawn) for source in pack.files
             if (undrawn := context.of_source(_undrawn_or_misprinted, source))}
    if not files:
        return
    for what, entry, entry_span in _entries(pack):
        if entry_span.file not in files:
            continue
        source, undrawn = files[entry_span.file]
        missing: dict[str, Span] = {}
        for text, span in _texts(entry, entry_span):
            if text.isascii() and text.isprintable():
                continue
            for char in undrawn.intersection(text):
                missing.setdefault(char, span)
        if not missing:
            continue
        at = {char: source.text_in(span, char) for char, span in missing.items()}
        misprinted = sorted((c for c in at if _MISPRINTED.match(c)), key=lambda c: (at[c].line, at[c].column, c))
        if misprinted:
            yield _misprinted(what, misprinted, at)
            at = {c: span for c, span in at.items() if c not in misprinted}
            if not at:
                continue
        # In the order they stand in the source, the first one marked.
        chars = sorted(at, key=lambda c: (at[c].line, at[c].column, c))
        shown = ", ".join(_shown(c) for c in chars[:_SHOWN_AT_MOST])
        more = f" and {len(chars) - _SHOWN_AT_MOST} more" if len(chars) > _SHOWN_AT_MOST else ""
        yield diagnostic(
            codes.MISSING_GLYPH, at[chars[0]],
            message=f"{what} has {'a character' if len(chars) == 1 else 'characters'} the printed fonts "
                    f"cannot draw: {shown}{more}",
            hint=f"pages print with the bundled fonts only, the same on every machine ({FONTS}: Latin, Greek, "
                 f"Cyrillic and common symbols; no emoji, no Chinese, Japanese or Korean): {_instead(chars)}")


def unprintable(text: str) -> tuple[list[str], str, str] | None:
    """The characters of `text` the printed pages cannot show, in the order they stand,
    as a message names them (`a` or several) and what to write instead; None when there
    are none. For text that is in no source file: a translation."""
    found = _undrawn(text) | set(_MISPRINTED.findall(text))
    if not found:
        return None
    chars = sorted(found, key=text.index)
    shown = ", ".join(_shown(c) for c in chars[:_SHOWN_AT_MOST])
    more = f" and {len(chars) - _SHOWN_AT_MOST} more" if len(chars) > _SHOWN_AT_MOST else ""
    instead = "; ".join(dict.fromkeys(_misprint(c)[2] if _MISPRINTED.match(c) else _instead([c]) for c in chars))
    return chars, f"{shown}{more}", instead


def _misprinted(what: str, chars: list[str], at: dict[str, Span]) -> Diagnostic:
    """One E110 for the invisible characters of an entry that print wrong, at the first."""
    shown = ", ".join(f"U+{ord(c):04X} ({name}: {does})" for c in chars[:_SHOWN_AT_MOST]
                      for name, does, _ in (_misprint(c),))
    more = f" and {len(chars) - _SHOWN_AT_MOST} more" if len(chars) > _SHOWN_AT_MOST else ""
    hints = dict.fromkeys(_misprint(c)[2] for c in chars)
    one = len(chars) == 1
    # Invisible in an editor: where each of the others stands.
    return diagnostic(
        codes.MISSING_GLYPH, at[chars[0]],
        message=f"{what} has {'an invisible character' if one else 'invisible characters'} that "
                f"print{'s' if one else ''} wrong: {shown}{more}",
        hint="; ".join(hints), related=[Related(at[c], f"U+{ord(c):04X} ({_misprint(c)[0]})") for c in chars[1:]])
