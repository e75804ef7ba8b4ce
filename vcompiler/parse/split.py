"""Cut a file into top-level declarations, so that each is parsed on its own: a syntax
error in one declaration is reported once and the others are still checked.

A declaration starts on a line that begins (at column 1) with a word, when the braces
before it are balanced or when the word is a keyword that only a top-level declaration
starts with (so that a missing `}` does not swallow the rest of the file). Strings and
comments are skipped, so braces and keywords inside them do not count, except that a
line inside a `\"\"\"` string that reads as a whole declaration header (`log 12 "Title" {`
at column 1) ends the string there: prose has no such line, and an unclosed `\"\"\"`
would otherwise swallow every declaration after it."""
from __future__ import annotations

import re

from vcompiler.parse.lexer import COMMENT, COMMENT_POSSESSIVE, ONE_LINE_STRING, OPEN_ONE_LINE_STRING_POSSESSIVE
from vcompiler.registry import TOP_LEVEL_ONLY
from vcompiler.util.frozen import frozen

# The text is read in one pass over what matters to the cut: strings and comments (as
# parse/lexer.py reads them), braces, and the line breaks before a letter, where a
# declaration may start. The pattern skips
# what changes nothing (other text, one-line strings, comments) and stops after the next
# lexeme the loop acts on: a `"""`, a brace or a line break before a letter.
_LEXEME = re.compile(r'(?:[^"{}/\n]++|' + OPEN_ONE_LINE_STRING_POSSESSIVE + "|" + COMMENT_POSSESSIVE
                     + r'|/|\n(?![^\W\d_]))*+(?:"""|[{}]|\n)')
_WORD_AT_START = re.compile(r"[a-z_]+")
# A keyword, a number, label, word or string, then words and strings up to a `{` that
# ends the line.
HEADER_LINE = re.compile("(?:" + "|".join(sorted(TOP_LEVEL_ONLY)) + ")"
                         + rf"[ \t]+(?:@?\w+|{ONE_LINE_STRING})(?:[ \t]+(?:\w+|{ONE_LINE_STRING}))*"
                         + rf"[ \t]*\{{[ \t]*(?:{COMMENT})?$")
# The same, as a whole line anywhere in a text, found from the line break before it
# (a pattern that starts with a character is searched for much faster than with `^`).
_HEADER_LINE_IN = re.compile("\\n" + HEADER_LINE.pattern, re.MULTILINE)
# The same, from the line break before it, for a line that starts a declaration
# wherever it stands (where a file may be cut into parts: parse.cuts).
HEADER_LINE_AT = _HEADER_LINE_IN


@frozen
class Chunk:
    first_line: int      # 1-based line of the chunk's first line in the file
    text: str


def split_declarations(text: str) -> list[Chunk]:
    starts: list[int] = [0]          # where each declaration's first line starts
    depth = 0
    position = 0
    match_next = _LEXEME.match
    while True:
        match = match_next(text, position)
        if match is None:
            break
        position = match.end()
        lexeme = text[position - 1]
        if lexeme == '"':
            lexeme = '"""'         # the only lexeme the pattern stops after that ends in a quote
        if lexeme == "\n":
            if text[position].isalpha():
                word = _WORD_AT_START.match(text, position)
                if depth == 0 or (word and word.group() in TOP_LEVEL_ONLY):
                    if starts[-1] != position:
                        starts.append(position)
                    depth = 0
        elif lexeme == '"""':
            close = text.find('"""', position)
            # A line of the string, after its first, that reads as a whole declaration
            # header ends it there (up to the line that closes it).
            following = text.find("\n", position)
            if following >= 0 and (close < 0 or following < close):
                end = text.find("\n", close) if close >= 0 else -1
                header = _HEADER_LINE_IN.search(text, following, len(text) if end < 0 else end)
                if header is not None:
                    # Read on from the line break before that line, as at any line.
                    position = header.start()
                    continue
            if close < 0:
                break
            position = close + 3
        elif lexeme == "{":
            depth += 1
        elif lexeme == "}":
            depth = max(0, depth - 1)
    chunks = []
    line = 1
    for start, stop in zip(starts, [*starts[1:], len(text) + 1]):
        chunks.append(Chunk(line, text[start:stop - 1]))
        line += text.count("\n", start, stop)
    return chunks
