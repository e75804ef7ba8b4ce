"""Strings and comments, as the grammar's lexer reads them (grammar/vcl.lark: STRING,
COMMENT), for every reader of source text that is not the parser: cutting a file into
declarations, the fast log reader, the syntax hints, `// allow` comments, the other
game's words. A brace, a keyword or a `//` inside a string is text, and a `"` inside a
comment is a comment; each reader finds what it looks for outside them through here.

The patterns are the grammar's terminals as written there (tests/test_grammar.py holds
them equal, and compares what they find with Lark's own lexer on random text). A one-line
string is runs of plain characters, then escapes each followed by a run: `(?:a|b)*`
would keep a backtracking frame per character (a 10 MB line took 1.4 GB)."""
from __future__ import annotations

import re
from collections.abc import Iterator

# The grammar's STRING (a long string wins over a one-line one; a one-line string never
# starts `"""`) and COMMENT.
LONG_STRING = r'"""[\s\S]*?"""'
ONE_LINE_STRING = r'"(?!"")[^"\\\n]*(?:\\.[^"\\\n]*)*"'
COMMENT = r"//[^\n]*"

# What a reader steps over where the lexer would stop at a string not closed (E101):
# a long string runs to the end of the text, a one-line string to the end of its line.
OPEN_LONG_STRING = r'"""[\s\S]*?(?:"""|\Z)'
OPEN_ONE_LINE_STRING = r'"(?!"")[^"\\\n]*(?:\\.[^"\\\n]*)*"?'
# The same one-line string with possessive quantifiers, for the scans tuned to run over
# whole files (parse/split.py): nothing inside it is ever given back.
OPEN_ONE_LINE_STRING_POSSESSIVE = r'"(?!"")[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"?'
COMMENT_POSSESSIVE = r"//[^\n]*+"

# Strings and comments, in the lexer's order: what a reader of code skips.
TEXT = f"{LONG_STRING}|{ONE_LINE_STRING}|{COMMENT}"
OPEN_TEXT = f"{OPEN_LONG_STRING}|{OPEN_ONE_LINE_STRING}|{COMMENT}"


def outside_text(code: str, flags: int = 0, closed: bool = False) -> re.Pattern[str]:
    """A pattern that matches strings and comments, and `code` wherever it stands outside
    them: a match of `code` is one whose groups (those of `code`) are not all None, or
    whose text is not a string or comment. `closed`: a string not closed is not skipped
    (as the lexer reads it: the `"` is then a character of its own)."""
    return re.compile(f"{TEXT if closed else OPEN_TEXT}|{code}", flags)


_LEXEMES = re.compile(f"({OPEN_LONG_STRING}|{OPEN_ONE_LINE_STRING})|({COMMENT})")


def comments(text: str) -> Iterator[re.Match[str]]:
    """Every comment of `text` (a `//` inside a string is text), each as the match of its
    text from `//` to the end of its line."""
    for match in _LEXEMES.finditer(text):
        if match.group(2) is not None:
            yield match


def comment_at(line: str) -> int:
    """Where the comment of a line starts (len(line) when it has none)."""
    return next((m.start() for m in comments(line)), len(line))


def string_ending(before: str) -> re.Match[str] | None:
    """The string, closed, that `before` (a line up to a place in it) ends with, spaces
    after it aside."""
    last = None
    for match in _LEXEMES.finditer(before):
        last = match
    if last is None or last.group(1) is None or before[last.end():].strip(" \t"):
        return None
    closed = re.fullmatch(f"{LONG_STRING}|{ONE_LINE_STRING}", last.group(1))
    return last if closed is not None else None


_WORDS = outside_text(r"[A-Za-z_]\w*")


def code_words(text: str) -> Iterator[str]:
    """The words of `text` outside its strings and comments, in order."""
    for match in _WORDS.finditer(text):
        if match.group()[0] not in '"/':
            yield match.group()


# A number typed with letters for the digits they look like (`2O`): not a number to the
# lexer, but what the writer meant is known.
_DIGIT_LIKE = str.maketrans("OoIl", "0011")


def read_number(word: str) -> str | None:
    """The digits `word` means when it is a number, its digits perhaps typed as the
    letters that look like them (`2O` is 20); None when it is no number."""
    if not word[:1].isdigit():
        return None
    return digits_meant(word)


def digits_meant(word: str) -> str | None:
    """The digits `word` means if every letter of it is one that looks like a digit
    (`I01` is 101, after a card id's letter); None otherwise."""
    meant = word.translate(_DIGIT_LIKE)
    return meant if meant.isascii() and meant.isdigit() else None
