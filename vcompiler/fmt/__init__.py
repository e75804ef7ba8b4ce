"""The formatter: one canonical layout of a .vcl file, read from the parse stage's
tokens, that says what the file said.

The layout: two spaces of indentation a block, one statement a line (`;` between
statements becomes a line break; after `=>` it joins a row's effects and stays), a
block's `{` at the end of its header's line and its `}` on a line of its own, one
blank line between top-level declarations and at most one anywhere else, one space
between words, none before `,` `;` `:` `]` `..` nor after `[` `..`. A block written
on one line stays on one line (`sector 3 { poi slot }`) while the line fits in
MAX_LINE columns; written over lines, it is laid out over lines. Comments stay where
they stand: a comment on a line of its own stays on its own line, indented as the code
around it; a comment after code stays at the end of the first line made from its
line, so that `// allow W400` on a declaration's first line still silences, and the
comments after the code of neighbouring lines are aligned (_with_comments). Strings
are kept as written; a `\"\"\"` string's lines are indented as the line it starts on,
since the parse stage drops a long string's indentation and the spaces at its lines'
ends (markup.py).

A file is formatted only when it parses without an error, and only when the
formatted text parses to the same declarations (spans aside), the same parse-stage
diagnostics and the same `// allow` codes: anything else leaves the file as it is."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

from vcompiler import codes
from vcompiler.ast import ParsedFile
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.source import SourceFile, Span
from vcompiler.util.frozen import frozen

__all__ = ["Formatted", "format_source", "format_text"]

INDENT = "  "
# The longest line a block written on one line is kept on.
MAX_LINE = 100

# No space before these tokens, nor after the second set.
_GLUED_LEFT = frozenset({"_COMMA", "_SEMI", "_COLON", "_RSQB", "_DOTDOT"})
_GLUED_RIGHT = frozenset({"_LSQB", "_DOTDOT"})


@frozen
class Formatted:
    """What formatting a file gives: its text formatted, or None and why not (the
    diagnostics of a file that does not parse, or E900 when the formatted text would
    not say what the file says). `declarations`: for each top-level declaration (those
    that share a line taken as one), its first and last line in the file and in the
    formatted text, 1-based, for formatting part of a file."""
    text: str | None
    diagnostics: tuple[Diagnostic, ...]
    declarations: tuple[tuple[int, int, int, int], ...] = ()


@frozen
class _Code:
    type: str
    value: str
    line: int
    end_line: int


@frozen
class _Comment:
    text: str
    own_line: bool      # nothing before it on its line


@frozen
class _Newline:
    """The end of a line of code."""


@frozen
class _Blank:
    """An empty line."""


_Piece = _Code | _Comment | _Newline | _Blank


def _pieces(text: str) -> Iterator[_Piece]:
    """The file as the parser's lexer reads it, with the comments and blank lines it
    skips. Lark's lexer gives the comments after code; a line break's token holds the
    blank and comment-only lines after it, which are read out of it here (the only
    scanning of its own the formatter does)."""
    from vcompiler.parse.parsers import parser

    start_of_line = True
    for token in parser()[0].lex(text, dont_ignore=True):
        kind, value, line = token.type, token.value, token.line or 0
        if kind == "COMMENT":
            yield _Comment(value.rstrip(), start_of_line)
            start_of_line = False
        elif kind == "_NL":
            yield _Newline()
            lines = value.split("\n")
            for n, piece in enumerate(lines[1:], 1):
                rest = piece.strip(" \t\f\r")
                if rest.startswith("//"):
                    yield _Comment(rest.rstrip(), True)
                    yield _Newline()
                elif n < len(lines) - 1:
                    yield _Blank()
            start_of_line = True
        elif value.strip(" \t\f\r"):
            yield _Code(kind, value, line, line + value.count("\n"))
            start_of_line = False


def _long_string(raw: str, indent: str) -> str:
    """A `\"\"\"` string re-indented: its lines after the first keep their indentation
    beyond what they share, the shared part becomes `indent`, the closing quotes alone
    on their line stand at `indent`, and spaces at line ends go (the parse stage drops
    all of these)."""
    lines = raw.split("\n")
    last = lines[-1][:-3]
    closing_alone = not last.strip()
    rest = lines[1:-1] + ([] if closing_alone else [last])
    # Indentation as the parse stage counts it: spaces and tabs.
    shared = min((len(t) - len(t.lstrip(" \t")) for t in rest if t.strip()), default=0)
    out = [lines[0].rstrip()]
    for piece in rest:
        body = piece[shared:].rstrip()
        out.append(indent + body if body else "")
    if closing_alone:
        out.append(indent + '"""')
    else:
        out[-1] += '"""'
    return "\n".join(out)


def _one_line(pieces: list[_Piece], at: int) -> int | None:
    """Where the block opened at `at` closes, when it is written on one line with no
    comment in it; None otherwise."""
    depth = 0
    for n in range(at, len(pieces)):
        piece = pieces[n]
        if not isinstance(piece, _Code) or "\n" in piece.value:
            return None
        if piece.type == "_LBRACE":
            depth += 1
        elif piece.type == "_RBRACE":
            depth -= 1
            if depth == 0:
                return n
    return None


def _joined(pieces: list[_Piece]) -> str:
    """Code of one line, spaced: a `;` before a `}` is left out."""
    words: list[str] = []
    last = ""
    for n, piece in enumerate(pieces):
        assert isinstance(piece, _Code)
        following = pieces[n + 1] if n + 1 < len(pieces) else None
        if piece.type == "_SEMI" and (not isinstance(following, _Code) or following.type == "_RBRACE"):
            continue
        if words and piece.type not in _GLUED_LEFT and last not in _GLUED_RIGHT \
                and not (piece.type == "_RBRACE" and last == "_LBRACE"):
            words.append(" ")
        words.append(piece.value)
        last = piece.type
    return "".join(words)


class _Layout:
    """Lines of output, made piece by piece."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0
        self.words: list[str] = []
        self.last_type = ""
        self.after_arrow = False
        # The first output line made from the current line of the file: where a comment
        # after its code goes.
        self.first_of_line: int | None = None
        self.blank = False
        self.opened = False             # the last line opened a block and nothing followed
        self.declaration_over = False   # at top level, a declaration ended: a blank line next
        self.in_declaration = False
        # (first line in the file, last, first output line, last), 1-based
        self.declarations: list[list[int]] = []
        self.comments: dict[int, str] = {}      # the comment after the code of a line
        self.comment_lines: set[int] = set()    # lines that are a comment alone

    def add(self, line: str) -> None:
        if self.lines and (self.declaration_over or (self.blank and not self.opened)):
            self.lines.append("")
        self.blank = self.opened = self.declaration_over = False
        self.lines.append(INDENT * self.depth + line if line else "")
        if self.first_of_line is None:
            self.first_of_line = len(self.lines) - 1
        if self.in_declaration and self.declarations[-1][2] < 0:
            self.declarations[-1][2] = len(self.lines)

    def flush(self) -> None:
        if self.words:
            self.add("".join(self.words))
            self.words = []
        self.after_arrow = False

    def word(self, value: str, kind: str) -> None:
        if kind == "STRING" and "\n" in value and self.depth > 0:
            value = _long_string(value, INDENT * self.depth)
        if self.words and kind not in _GLUED_LEFT and self.last_type not in _GLUED_RIGHT:
            self.words.append(" ")
        self.words.append(value)
        self.last_type = kind

    def width(self) -> int:
        return len(INDENT) * self.depth + sum(len(w) for w in self.words)

    def start_declaration(self, piece: _Code) -> None:
        self.flush()
        self.in_declaration = True
        self.declarations.append([piece.line, piece.end_line, -1, -1])

    def end_declaration(self) -> None:
        if self.depth == 0 and self.in_declaration:
            self.flush()
            self.in_declaration = False
            self.declaration_over = True
            self.declarations[-1][3] = len(self.lines)


def _layout(pieces: list[_Piece]) -> _Layout:
    out = _Layout()
    n = -1
    while n + 1 < len(pieces):
        n += 1
        piece = pieces[n]
        if isinstance(piece, _Code):
            if out.depth == 0 and not out.in_declaration:
                out.start_declaration(piece)
            if out.declarations:
                out.declarations[-1][1] = max(out.declarations[-1][1], piece.end_line)
            if piece.type == "_LBRACE":
                close = _one_line(pieces, n)
                if close is not None:
                    block = _joined(pieces[n:close + 1])
                    if out.width() + 1 + len(block) <= MAX_LINE:
                        # A block written on one line that fits stays on one line.
                        out.word(block, "_RBRACE")
                        n = close
                        out.end_declaration()
                        continue
                out.word("{", "_LBRACE")
                out.flush()
                out.depth += 1
                out.opened = True
            elif piece.type == "_RBRACE":
                out.flush()
                out.depth = max(0, out.depth - 1)
                out.blank = False
                if out.opened:
                    out.lines[-1] += "}"
                    out.opened = False
                else:
                    out.add("}")
                out.last_type = ""
                out.end_declaration()
            elif piece.type == "_SEMI":
                following = pieces[n + 1] if n + 1 < len(pieces) else None
                if out.after_arrow and isinstance(following, _Code) and following.type != "_RBRACE":
                    out.word(";", "_SEMI")
                else:
                    out.flush()
            else:
                out.word(piece.value, piece.type)
                if piece.type == "_FATARROW":
                    out.after_arrow = True
        elif isinstance(piece, _Newline):
            out.flush()
            out.end_declaration()
            out.first_of_line = None
        elif isinstance(piece, _Blank):
            out.blank = True
        elif piece.own_line or (out.first_of_line is None and not out.words):
            out.flush()
            out.add(piece.text)
            out.comment_lines.add(len(out.lines) - 1)
        else:
            out.flush()
            at = out.first_of_line if out.first_of_line is not None else len(out.lines) - 1
            out.comments[at] = out.comments[at] + " " + piece.text if at in out.comments else piece.text
    out.flush()
    out.end_declaration()
    return out


def _with_comments(out: _Layout) -> list[str]:
    """The lines with their comments after the code, aligned two spaces after the
    longest code among the commented lines of a run of code lines (a blank line, a
    comment alone or a long string ends a run)."""
    lines = list(out.lines)
    run: list[int] = []

    def align() -> None:
        column = max(len(lines[n]) for n in run) + 2
        for n in run:
            lines[n] = lines[n].ljust(column) + out.comments[n]
        run.clear()

    for n, line in enumerate(out.lines):
        if not line or n in out.comment_lines or "\n" in line:
            if run:
                align()
            if n in out.comments:
                lines[n] += "  " + out.comments[n]
        elif n in out.comments:
            run.append(n)
    if run:
        align()
    return lines


_FIELDS: dict[type, tuple[str, ...]] = {}


def _shape(value: object) -> object:
    """A node with its spans left out: what two texts that say the same thing share."""
    if isinstance(value, Span):
        return None
    if isinstance(value, tuple | list):
        return tuple(_shape(v) for v in value)
    kind = type(value)
    names = _FIELDS.get(kind)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(value)) if dataclasses.is_dataclass(value) else ()
        _FIELDS[kind] = names
    if names:
        return (kind.__name__, *(_shape(getattr(value, name)) for name in names))
    if isinstance(value, dict):
        return tuple((k, _shape(v)) for k, v in value.items())
    return value


def _meaning(parsed: ParsedFile) -> object:
    return (_shape(parsed.file.declarations), sorted(d.code.id for d in parsed.diagnostics),
            [region[2] for region in parsed.allow_regions], parsed.unparsed)


def _not_formatted(source: SourceFile, why: str) -> Diagnostic:
    return diagnostic(codes.INTERNAL, source.whole(), message=f"{why}; it is left as it is",
                      hint="please report it with this file")


def format_source(source: SourceFile) -> Formatted:
    """`source` formatted, or why it is left as it is."""
    from vcompiler.parse import parse_source

    parsed = parse_source(source)
    errors = tuple(d for d in parsed.diagnostics if d.severity is codes.Severity.ERROR)
    if errors:
        return Formatted(None, errors)
    if not source.text.strip():
        return Formatted("", ())
    from lark.exceptions import LarkError

    try:
        layout = _layout(list(_pieces(source.text)))
    except LarkError as error:
        # The whole-file lexer refusing what the parser read: a formatter's bug.
        return Formatted(None, (_not_formatted(source, f"the formatter cannot read this file ({error})"),))
    text = "\n".join(_with_comments(layout)).rstrip("\n") + "\n"
    again = parse_source(SourceFile.from_text(source.path, source.display, source.relative, text))
    if _meaning(again) != _meaning(parsed):
        return Formatted(None, (_not_formatted(source, "the formatter would change what this file says"),))
    return Formatted(text, (), tuple((a, b, c, d) for a, b, c, d in layout.declarations))


def format_text(text: str, name: str = "<text>") -> Formatted:
    # Line ends as the compiler reads a file (compile.decode_source): a lone \r ends a
    # line there, so it must here, or a line the compiler splits would be formatted whole.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return format_source(SourceFile.from_text(Path(name), name, name, text))
