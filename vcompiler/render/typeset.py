"""Typographic quotes and ties for printed text. Writers type straight quotes and
apostrophes; the game's own wording prints curly ones (a “Frostbite” Injury), so the
books, cards and boards set the writers' text the same way. A game term and the
number or id it names stay on one line ("Sector 4", "Threat T01"), as in print."""
from __future__ import annotations

import re
import unicodedata

from markupsafe import Markup, escape

from vcompiler.render.ir import Choices, Emphasis, Icon, Paragraph, Ref, Sentence, Token, Words

# After these a quote opens: the start of a text, a space, an opening bracket or dash.
_OPEN_AFTER = "([{\u2014\u2013\u201c\u2018"


def _edge(token: Token, last: bool) -> str:
    """The character a token shows next to its neighbour; anything not words (an icon,
    a reference, emphasis) stands beside it like a word."""
    if not isinstance(token, Words):
        return "x"
    return (token.text[-1:] if last else token.text[:1]) or " "


def quotes(text: str, tokens: Sentence | tuple[Token, ...] = (), index: int = 0) -> str:
    """`text` with each straight quote curled: opening after a space or bracket and
    before a word, closing (or an apostrophe) otherwise. `tokens[index]` is the token
    `text` comes from, whose neighbours decide a quote at its ends."""
    if '"' not in text and "'" not in text:
        return text
    before = _edge(tokens[index - 1], last=True) if index > 0 and tokens else " "
    after = _edge(tokens[index + 1], last=False) if index + 1 < len(tokens) else " "
    out = []
    for i, ch in enumerate(text):
        if ch in "\"'":
            following = text[i + 1] if i + 1 < len(text) else after
            opens = (before.isspace() or before in _OPEN_AFTER) and not following.isspace()
            ch = ("\u201c" if opens else "\u201d") if ch == '"' else ("\u2018" if opens else "\u2019")
        out.append(ch)
        before = ch
    return "".join(out)


# A term the rulebooks name things with, then the number or id it names; of a term of
# two words ("Unique Discovery 1") the last, so that the line may break after the first.
_TERM_AND_ID = re.compile(r"\b(?:Sector|Log|Location|Mission|Threat|Condition|Discovery|[Cc]ard|[Ss]pace)"
                          r" [A-Z]?\d\w*")


# A name in curled quotes (a “Frostbite” Injury, the “Awaiting…” envelope): a name
# read in two halves ("Frost-" "bite") is a name misread. Longer quoted words are speech,
# which may hyphenate like any prose.
_NAME = re.compile(r"\u201c[^\u201c\u201d<>]{1,40}\u201d")


# The rulebooks' capitalised terms of more than one syllable, where they name no id
# (those keep a tie): "In-" "jury" reads as two words that are not the term.
_TERM = re.compile(r"\b(?:Injury|Injuries|Crewmembers?|Discovery|Discoveries|Outcomes?|Supplies)\b"
                   r"(?! [A-Z]?\d)")


def ties(text: str) -> Markup:
    """`text`, escaped, with each term and the number or id it names in a span that
    keeps them on one line, unhyphenated, and each quoted name and capitalised term in a
    span that is not hyphenated (base.css)."""
    escaped = str(escape(_breakable(text) if len(text) > _UNBROKEN else text))
    if "\u201c" in escaped:
        escaped = _NAME.sub(lambda found: f'<span class="named">{found.group(0)}</span>', escaped)
    escaped = _TERM.sub(lambda found: f'<span class="named">{found.group(0)}</span>', escaped)
    if " " not in text:
        return Markup(escaped)
    return Markup(_TERM_AND_ID.sub(lambda found: f'<span class="tie">{found.group(0)}</span>', escaped))


# More characters than any line of the books, cards or boards holds (7 pt in the width
# of A4).
_UNBROKEN = 512
_GIANT_WORD = re.compile(r"[^\s\u200b]{" + str(_UNBROKEN + 1) + ",}")


def _breakable(text: str) -> str:
    """`text` with a zero-width space before each character of a word longer than any
    line: it breaks where each line ends, as it would (overflow-wrap), but WeasyPrint
    then lays out a line at a time, where a word that has no break made it lay out all
    the rest of the word again for each of its lines (a word of 20,000 letters took
    half a minute). Such a word now starts on the line before it rather than on a line
    of its own. Marks stay with their letters."""
    def pieces(found: re.Match[str]) -> str:
        return "".join("\u200b" + char if unicodedata.category(char) not in _JOINED else char
                       for char in found.group(0))
    return _GIANT_WORD.sub(pieces, text)


# What stays with the character before it: marks, joiners, variation selectors.
_JOINED = ("Mn", "Me", "Mc", "Cf", "Cs")


# A quoted name as the writer types it (straight quotes) or the wording prints it.
_TYPED_NAME = re.compile(r"[\"\u201c][^\"\u201c\u201d]{1,40}[\"\u201d]")


# No word of fewer characters is as wide as a column of the books (checks.words).
_LONG_WORD = re.compile(r"\S{20,}")


def long_worded(entry: object) -> bool:
    """Whether an entry's title or blocks hold a word that may be wider than a line:
    only such an entry lets a word break where its line ends (book.css), since
    WeasyPrint then measures every word of what it holds, which doubled the time of
    laying a book out."""
    def holds(value: object) -> bool:
        if isinstance(value, str):
            return _LONG_WORD.search(value) is not None
        if isinstance(value, (list, tuple)):
            return any(holds(item) for item in value)
        if isinstance(value, Words):
            return holds(value.text)
        if isinstance(value, Ref):
            return holds(value.text) or holds(value.anchor)
        if isinstance(value, Icon):
            return holds(value.name) or holds(value.mark)
        if isinstance(value, (Emphasis, Paragraph)):
            return holds(value.tokens)
        if isinstance(value, Choices):
            return holds(value.items)
        return False
    return any(holds(getattr(entry, name, None))
               for name in ("title", "action", "result", "cost_notes"))


def unbreakable(tokens: Sentence) -> bool:
    """Whether a paragraph holds words that may not break or hyphenate: a reference
    ("Log 1106"), a term and its number, a quoted name. A justified line that cannot end
    inside one spreads its other words wide apart; such a paragraph is set ragged
    (book.css)."""
    for token in tokens:
        if isinstance(token, Ref) or (isinstance(token, Words) and (_TERM_AND_ID.search(token.text)
                                                                   or _TYPED_NAME.search(token.text))):
            return True
        if isinstance(token, Emphasis) and unbreakable(token.tokens):
            return True
    return False
