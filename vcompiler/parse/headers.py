"""What a declaration's first line declares, read from its text alone: for a
declaration that did not parse, so that references to it are not also reported as
undefined."""
from __future__ import annotations

import difflib
import re
import sys

from vcompiler.parse.lexer import ONE_LINE_STRING, digits_meant, read_number
from vcompiler.parse.markup import plain_string
from vcompiler.registry import KINDS, STARTING_LOG, kind_declared_by
from vcompiler.vocabulary import DIRECTIONS

HEADER = re.compile("(" + "|".join(k.keyword for k in KINDS if k.top_level) + ")"
                    rf"\s+(@?\w+|{ONE_LINE_STRING})")


def header_key(text: str) -> tuple[str, object] | None:
    match = HEADER.match(text)
    if not match:
        return None
    keyword, key = match.groups()
    kind = kind_declared_by(keyword)
    assert kind is not None
    if key.startswith("@"):
        return ("label", key[1:])
    if kind.name == "log" and key == "start":
        return ("log", STARTING_LOG)
    if key.startswith('"'):
        return (kind.name, plain_string(key))
    # `log 2O`: the number with a letter for a digit (E100) is what references name;
    # so is a card id's (`poi PI01` for P101).
    if kind.letter and key[:1].upper() == kind.letter and len(key) > 1:
        digits = digits_meant(key[1:])
        key = kind.letter + digits if digits is not None else key
    else:
        key = read_number(key) or key
    if key.isascii() and key.isdigit():
        if kind.letter:
            # `poi 101`, the id's letter left out: what the pack names P101.
            return (kind.name, kind.letter + key)
        # A number int() refuses (E108) defines nothing that could be referred to.
        if len(key) > sys.get_int_max_str_digits():
            return None
        if kind.name == "depart":
            return ("depart", (int(key), _direction_of(text, match.end())))
        return (kind.name, int(key))
    return (kind.name, key)


_WORD_AFTER = re.compile(r"[ \t]+(\w+)")


def _direction_of(text: str, at: int) -> str | None:
    """The compass point a depart header names, or the one its word is a misspelling
    of (`eats`); None when it names none."""
    word = _WORD_AFTER.match(text, at)
    near = difflib.get_close_matches(word.group(1), DIRECTIONS, n=1, cutoff=0.6) if word else []
    return near[0] if near else None


_ANYHEADER = re.compile(r"([A-Za-z_]\w*)([ \t]+(?:@\w+|\d+)\b.*)", re.DOTALL)
_TOP_KEYWORDS = sorted(k.keyword for k in KINDS if k.top_level)


_KEYWORDLESS_PACK = re.compile(r"([A-Za-z_]\w*)[ \t]*\{")


def misspelt_header_key(text: str) -> tuple[str, object] | None:
    """What a declaration whose keyword is misspelt (`lgo @home`) or left out (`frost_moon
    {`, a pack's) was to declare, read with the keyword it is nearest to: the syntax
    error says so, and references to it are not also undefined."""
    bare = _KEYWORDLESS_PACK.match(text)
    if bare is not None and bare.group(1) not in _TOP_KEYWORDS:
        return ("pack", bare.group(1))
    match = _ANYHEADER.match(text)
    if match is None or match.group(1) in _TOP_KEYWORDS:
        return None
    # `Log 3`: a capital is a misspelling too.
    near = difflib.get_close_matches(match.group(1).lower(), _TOP_KEYWORDS, n=1, cutoff=0.6)
    return header_key(near[0] + match.group(2)) if near else None

