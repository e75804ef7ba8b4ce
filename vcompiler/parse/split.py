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
from dataclasses import dataclass

from vcompiler.registry import TOP_LEVEL_ONLY

# A one-line string as runs between escapes, not `(?:a|b)*`: see the grammar's STRING.
_LEXEME = re.compile(r'"""|"[^"\\\n]*(?:\\.[^"\\\n]*)*"?|//[^\n]*|[{}]')
_WORD_AT_START = re.compile(r"[a-z_]+")
# A keyword, a number, label, word or string, then words and strings up to a `{` that
# ends the line.
HEADER_LINE = re.compile("(?:" + "|".join(sorted(TOP_LEVEL_ONLY)) + ")"
                         + r'[ \t]+(?:@?\w+|"[^"\n]*")(?:[ \t]+(?:\w+|"[^"\n]*"))*[ \t]*\{[ \t]*(?://.*)?$')


@dataclass(frozen=True)
class Chunk:
    first_line: int      # 1-based line of the chunk's first line in the file
    text: str


def split_declarations(text: str) -> list[Chunk]:
    lines = text.split("\n")
    starts: list[int] = [0]
    depth = 0
    in_long_string = False
    for index, line in enumerate(lines):
        if in_long_string and HEADER_LINE.match(line):
            in_long_string = False
        if not in_long_string and index > 0 and line[:1].isalpha():
            word = _WORD_AT_START.match(line)
            if depth == 0 or (word and word.group() in TOP_LEVEL_ONLY):
                if starts[-1] != index:
                    starts.append(index)
                depth = 0
        position = 0
        while True:
            if in_long_string:
                close = line.find('"""', position)
                if close < 0:
                    break
                in_long_string = False
                position = close + 3
                continue
            match = _LEXEME.search(line, position)
            if match is None:
                break
            lexeme = match.group()
            if lexeme == '"""':
                in_long_string = True
            elif lexeme == "{":
                depth += 1
            elif lexeme == "}":
                depth = max(0, depth - 1)
            elif lexeme.startswith("//"):
                break
            position = match.end()
    starts.append(len(lines))
    return [Chunk(a + 1, "\n".join(lines[a:b])) for a, b in zip(starts, starts[1:]) if a < b]
