"""Semantic tokens: what each word of a document is, for an editor to colour beyond
its TextMate grammar: keywords (the grammar's words), effect verbs, numbers, strings,
`@labels`, comments, and the words that name an entity of the pack (a reference, as
the last check found it). Strings and comments are found as the grammar's lexer finds
them (parse/lexer.py)."""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from vcompiler.parse.lexer import COMMENT, OPEN_LONG_STRING, OPEN_ONE_LINE_STRING
from vcompiler.parse.split import HEADER_LINE
from vcompiler.registry import VERBS
from vcompiler.source import Span
from vcompiler.util.resources import data_dir

# The legend, in the order the protocol numbers the types.
TYPES = ("keyword", "function", "number", "string", "comment", "label", "variable")
KEYWORD, VERB, NUMBER, STRING, COMMENT_TYPE, LABEL, REFERENCE = range(len(TYPES))

_LEXEME = re.compile(
    f"(?P<string>{OPEN_LONG_STRING}|{OPEN_ONE_LINE_STRING})|(?P<comment>{COMMENT})"
    r"|(?P<label>@[A-Za-z_]\w*)|(?P<number>(?<![\w@])\d+(?!\w))|(?P<word>[A-Za-z_]\w*)")
_GRAMMAR_WORD = re.compile(r'"([a-z_][a-z0-9_]*)"')


@lru_cache(maxsize=1)
def keywords() -> frozenset[str]:
    """Every word the grammar spells out."""
    words: set[str] = set()
    for path in sorted(data_dir("grammar").glob("*.lark")):
        code = re.sub(r"//[^\n]*", "", path.read_text(encoding="utf-8"))
        words.update(_GRAMMAR_WORD.findall(code))
    return frozenset(words)


def tokens(text: str, references: Iterable[tuple[Span, str]] = (),
           first_line: int = 0) -> list[tuple[int, int, int, int]]:
    """(line, column, length, type) of every token, 0-based, columns in characters, in
    order; a token over several lines (a long string) is one token a line. `text`
    starts at `first_line` of its document (an entry and the lines after it).
    `references`: where a mention of an entity is and the word it is written with (the
    word in that span is a reference, not a keyword or a number)."""
    named: dict[tuple[int, str], list[Span]] = {}
    for span, word in references:
        named.setdefault((span.line - 1, word), []).append(span)
    out: list[tuple[int, int, int, int]] = []
    line, line_start = first_line, 0
    for match in _LEXEME.finditer(text):
        start = match.start()
        newlines = text.count("\n", line_start, start)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", 0, start) + 1
        kind = match.lastgroup
        lexeme = match.group()
        column = start - line_start
        if kind == "string":
            for n, piece in enumerate(lexeme.split("\n")):
                indent = 0 if n == 0 else len(piece) - len(piece.lstrip(" \t"))
                if piece[indent:]:
                    out.append((line + n, column if n == 0 else indent, len(piece) - indent, STRING))
            if "\n" in lexeme:
                line += lexeme.count("\n")
                line_start = match.start() + lexeme.rfind("\n") + 1
            continue
        if kind == "comment":
            out.append((line, column, len(lexeme), COMMENT_TYPE))
        elif kind == "label":
            out.append((line, column, len(lexeme), LABEL))
        elif _names(named.get((line, lexeme)), column):
            out.append((line, column, len(lexeme), REFERENCE))
        elif kind == "number":
            out.append((line, column, len(lexeme), NUMBER))
        elif lexeme in VERBS:
            out.append((line, column, len(lexeme), VERB))
        elif lexeme in keywords():
            out.append((line, column, len(lexeme), KEYWORD))
    return out


def _names(spans: list[Span] | None, column: int) -> bool:
    return bool(spans) and any(s.column - 1 <= column < s.end_column - 1 for s in spans or ())


def document_tokens(lines: Sequence[str], references: Iterable[tuple[Span, str]] = (),
                    first: int = 0, last: int | None = None) -> list[tuple[int, int, int, int]]:
    """The tokens of lines `first` to `last` (0-based, all by default), read entry by
    entry as the compiler cuts a file (parse/split.py): a declaration header at the start
    of a line ends a string left open before it, and the tokens of a line are the same
    whether the whole document is read or only the lines an editor shows."""
    last = len(lines) - 1 if last is None else min(last, len(lines) - 1)
    named = list(references)
    out: list[tuple[int, int, int, int]] = []
    start = entry_start(lines, first)
    while start <= last:
        end = start + 1
        while end <= last and not HEADER_LINE.match(lines[end].rstrip("\r\n")):
            end += 1
        out += (t for t in tokens("".join(lines[start:end]), named, start) if first <= t[0] <= last)
        start = end
    return out


def entry_start(lines: Sequence[str], line: int) -> int:
    """The line of the declaration header at or above `line` (0 when none): where the
    lexer may start reading, outside any string, for the tokens of `line` on."""
    for above in range(min(line, len(lines) - 1), 0, -1):
        if HEADER_LINE.match(lines[above].rstrip("\r\n")):
            return above
    return 0


def word_at(lines: Sequence[str], row: int, column: int) -> tuple[str, int, int] | None:
    """The word under a 0-based column of line `row`, with its columns (end exclusive);
    None in a string or a comment (prose, even a long string's line), or on no word.
    Read from the entry the line is in."""
    if not 0 <= row < len(lines):
        return None
    start = entry_start(lines, row)
    text = "".join(lines[start:row + 1])
    at = len(text) - len(lines[row]) + column
    for match in _LEXEME.finditer(text):
        if match.start() > at:
            return None
        if at <= match.end() and (match.end() > at or match.lastgroup == "word"):
            if match.lastgroup != "word":
                return None
            line_start = len(text) - len(lines[row])
            return match.group(), match.start() - line_start, match.end() - line_start
    return None


def encode(found: list[tuple[int, int, int, int]], lines: Sequence[str]) -> list[int]:
    """The protocol's relative encoding, columns and lengths in UTF-16 code units."""
    data: list[int] = []
    last_line = last_column = 0
    for line, column, length, kind in found:
        text = lines[line] if line < len(lines) else ""
        if text.isascii():
            start, size = column, length
        else:
            start, size = _utf16(text[:column]), _utf16(text[column:column + length])
        data += [line - last_line, start - last_column if line == last_line else start, size, kind, 0]
        last_line, last_column = line, start
    return data


def _utf16(text: str) -> int:
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)
