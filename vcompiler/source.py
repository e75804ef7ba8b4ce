"""Source files and positions. Lines and columns are 1-based; an end column is
exclusive, so a one-character span at column 5 ends at column 6."""
from __future__ import annotations

import re
from functools import cached_property, partial
from pathlib import Path
from typing import NamedTuple

from vcompiler.util.frozen import frozen


class Span(NamedTuple):
    """A tuple, not a dataclass: every node has one, and tuples are the cheapest
    values to make, compare and pickle."""
    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    @staticmethod
    def covering(first: Span, last: Span) -> Span:
        return Span(first.file, first.line, first.column, last.end_line, last.end_column)

    def start(self) -> Span:
        return Span(self.file, self.line, self.column, self.line, self.column + 1)


# A Span from a tuple of its five fields, for the parser, which makes one for nearly
# every token: Span's own constructor is Python code, tuple's is not.
new_span = partial(tuple.__new__, Span)


@frozen
class SourceFile:
    """One .vcl file. `display` is the path as diagnostics print it; `relative` is the
    path inside its pack, which is what bundles record (so a bundle does not depend on
    where the pack was built)."""

    path: Path
    display: str
    relative: str
    text: str

    @staticmethod
    def from_text(path: Path, display: str, relative: str, text: str) -> SourceFile:
        return SourceFile(path, display, relative, text)

    @cached_property
    def lines(self) -> tuple[str, ...]:
        # Made when first read (a diagnostic to show, an `// allow` to find): as
        # separate strings, the lines of a large pack take twice the memory of its text.
        # Lines as the lexer counts them: split at \n only. str.splitlines also splits
        # at U+2028, U+0085, \v, \f and others, which would shift every line after them.
        return tuple(self.text.split("\n"))

    def line_text(self, number: int) -> str:
        if 1 <= number <= len(self.lines):
            return self.lines[number - 1]
        return ""

    def whole(self) -> Span:
        return Span(self.display, 1, 1, 1, 1)

    def text_in(self, span: Span, text: str) -> Span:
        """Where `text` first stands within `span`, on any of its lines from the span's
        start; the span itself where it is not found there."""
        for line in range(span.line, span.end_line + 1):
            start = span.column - 1 if line == span.line else 0
            column = self.line_text(line).find(text, start)
            if column >= 0:
                return Span(span.file, line, column + 1, line, column + 1 + len(text))
        return span

    def word_in(self, span: Span, word: str) -> Span:
        """Where `word` (whole: not part of a longer word, number or label) first stands
        within a one-line `span`, so that a caret can stand under the word a message is
        about; the span itself where it is not found there."""
        if span.line != span.end_line:
            return span
        match = re.compile(rf"(?<![\w@]){re.escape(word)}(?!\w)").search(
            self.line_text(span.line), span.column - 1, span.end_column - 1)
        return Span(span.file, span.line, match.start() + 1, span.line, match.end() + 1) if match else span
