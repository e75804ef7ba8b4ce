"""E108: numbers past what the language takes. The fast reader leaves them to Lark,
whose declarations are looked over here once parsed."""
from __future__ import annotations

import re
import sys

from vcompiler import codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.parse.lexer import COMMENT, outside_text
from vcompiler.source import SourceFile, Span
from vcompiler.vocabulary import MAX_COUNT, MAX_NUMBER

_DIGITS = len(str(MAX_NUMBER)) + 1
# Words followed by a count of dice a table rolls or of boxes a card prints.
_COUNTS = "danger|cost|boost|slots|standees"
# In a declaration: strings and comments (skipped), numbers of more digits than
# MAX_NUMBER, and counts.
_NUMBER_IN_CODE = outside_text(r"(?<![\w@])([0-9]{" + str(_DIGITS) + r",})(?![A-Za-z_])"
                               r"|\b(" + _COUNTS + r")[ \t]+([0-9]+)(?![A-Za-z_])")
_PACK_DECLARATION = re.compile(rf"(?:\s|{COMMENT})*pack\b")


def too_large(source: SourceFile, offset: int, text: str) -> Diagnostic | None:
    """The first number past MAX_NUMBER in a declaration's code (not in its strings or
    comments), or count past MAX_COUNT. The pack declaration's are its `numbering`
    range's, which the model tells apart from its seed (a seed is any number)."""
    if _PACK_DECLARATION.match(text):
        return None
    for match in _NUMBER_IN_CODE.finditer(text):
        large, word, count = match.groups()
        number = large or count
        if number is None:
            continue
        at = match.start(1 if large else 3)
        if len(number) >= _DIGITS:
            shown = number if len(number) <= 24 else f"a number of {len(number):,} digits"
            message = f"{shown} is past the largest number the language takes, {MAX_NUMBER:,}"
            hint = ("no printed game numbers an entry in more than six digits: a digit typed twice, or a "
                    "number in the wrong place?")
        elif int(number) > MAX_COUNT:
            message = f"`{word} {number}` is past the most a table counts, {MAX_COUNT}"
            hint = "a table rolls a handful of dice, and a card has room for a few boxes: a digit typed twice?"
        else:
            continue
        line = text.count("\n", 0, at) + 1 + offset
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        return diagnostic(codes.LIMIT, Span(source.display, line, column, line, column + len(number)),
                          message=message, hint=hint)
    return None


_LONG_NUMBER = re.compile("[0-9]{" + str(sys.get_int_max_str_digits() + 1) + ",}")


def too_many_digits(source: SourceFile, offset: int, text: str) -> Diagnostic | None:
    match = _LONG_NUMBER.search(text)
    if match is None:
        return None
    line = text.count("\n", 0, match.start()) + 1 + offset
    column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
    span = Span(source.display, line, column, line, column + len(match.group()))
    return diagnostic(codes.LIMIT, span, message=f"a number of {len(match.group()):,} digits; the limit is "
                      f"{sys.get_int_max_str_digits():,} digits", hint="no game prints a number this long")
