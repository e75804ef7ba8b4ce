"""Diagnostics and the report formats. A rule yields diagnostics; it never prints."""
from __future__ import annotations

import enum
import json
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import field

from vcompiler.codes import Code, Severity
from vcompiler.source import SourceFile, Span
from vcompiler.util.frozen import frozen


@frozen
class Related:
    span: Span
    message: str


class Applicability(enum.Enum):
    """What a tool may do with a diagnostic's hint, as rustc's applicability says: the
    passes and the editor read this, never the hint's words."""
    ADVICE = "advice"     # words for the writer to follow
    GUESS = "guess"       # a syntax error's last resort, which a pass that knows more replaces
    FIX = "fix"           # `fixes` are replacements for the word at the span: the editor's quick fixes


@frozen
class Diagnostic:
    code: Code
    message: str
    span: Span
    hint: str | None = None
    related: tuple[Related, ...] = field(default=())
    # What the hint suggests writing instead of the word at the span, each a text that
    # replaces it whole (`checked`, `@found_it`, `{log 12}`); the hint says them too.
    fixes: tuple[str, ...] = ()
    applicability: Applicability = Applicability.ADVICE
    # What the diagnostic is about, for the passes that fold many into one: for E205
    # the definition made twice (`log 3`), whatever its message says.
    subject: str | None = None

    @property
    def severity(self) -> Severity:
        return self.code.severity

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.span.file, self.span.line, self.span.column, self.code.id, self.message)


def diagnostic(code: Code, span: Span, hint: str | None = None, related: Iterable[Related] = (), *,
               fixes: Iterable[str] = (), guess: bool = False, subject: str | None = None,
               **values: object) -> Diagnostic:
    """`fixes`: what the hint suggests writing instead of the word at `span`; `guess`:
    the hint is a syntax error's last resort."""
    offered = tuple(fixes)
    applicability = Applicability.FIX if offered else Applicability.GUESS if guess else Applicability.ADVICE
    return Diagnostic(code, code.format(**values), span, hint, tuple(related), offered, applicability, subject)


def count(diagnostics: Iterable[Diagnostic]) -> tuple[int, int]:
    errors = warnings = 0
    for d in diagnostics:
        if d.severity is Severity.ERROR:
            errors += 1
        else:
            warnings += 1
    return errors, warnings


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# Shown escaped in a terminal: control characters (an escape sequence in a file name or
# a source line would reach the terminal), line and paragraph separators, and the
# bidirectional controls that can make a line read other than it parses.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _shown(char: str) -> str:
    if char == "\t":
        return " "
    if unicodedata.category(char) in ("Cc", "Zl", "Zp") or char in _BIDI:
        code = ord(char)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    return char


def printable(text: str) -> str:
    """`text` safe to print: see _BIDI above."""
    if text.isprintable():
        return text
    return "".join(_shown(c) for c in text)


# The most of a line a report quotes: a file of one huge line (minified, binary, or
# not the pack's at all) shows the part around the caret, never the whole of it.
QUOTED_WIDTH = 160


def _window(text: str, before: int, under: int) -> tuple[str, int, int]:
    """The part of a shown line that a report quotes, and where the caret stands in it."""
    if len(text) <= QUOTED_WIDTH:
        return text, before, under
    under = min(under, QUOTED_WIDTH // 2)
    start = max(0, min(before - QUOTED_WIDTH // 4, len(text) - QUOTED_WIDTH))
    part = text[start:start + QUOTED_WIDTH]
    lead = "…" if start > 0 else ""
    tail = "…" if start + QUOTED_WIDTH < len(text) else ""
    return lead + part + tail, before - start + len(lead), under


def format_text(diagnostics: list[Diagnostic], sources: Mapping[str, SourceFile],
                color: bool = False) -> str:
    out: list[str] = []
    bold = (lambda s: f"\x1b[1m{s}\x1b[0m") if color else (lambda s: s)
    tint = {Severity.ERROR: "\x1b[31m", Severity.WARNING: "\x1b[33m"}
    for d in diagnostics:
        s = d.span
        sev = d.severity.value
        if color:
            sev = f"{tint[d.severity]}{sev}\x1b[0m"
        out.append(bold(f"{printable(s.file)}:{s.line}:{s.column}: ") + f"{sev} {d.code.id}: {printable(d.message)}")
        source = sources.get(s.file)
        if source is not None and source.line_text(s.line):
            raw = source.line_text(s.line)
            width = (s.end_column - s.column) if s.end_line == s.line else len(raw) - s.column + 1
            width = max(1, min(width, len(raw) - s.column + 1))
            # Each character as shown, so that the caret stays under the escaped text.
            shown = [_shown(c) for c in raw]
            before = sum(len(c) for c in shown[: s.column - 1])
            under = sum(len(c) for c in shown[s.column - 1: s.column - 1 + width])
            gutter = max(4, len(str(s.line)))
            text, before, under = _window("".join(shown), before, under)
            out.append(f" {s.line:>{gutter}} | {text}")
            out.append(f" {'':>{gutter}} | {' ' * before}{'^' * max(1, under)}")
            pad = " " * (gutter + 2)
        else:
            pad = "  "
        if d.hint:
            out.append(f"{pad}= help: {printable(d.hint)}")
        for r in d.related:
            out.append(f"{pad}= note: {printable(r.message)} at {printable(r.span.file)}:{r.span.line}:{r.span.column}")
    errors, warnings = count(diagnostics)
    if diagnostics:
        out.append("")
    out.append(f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}")
    return "\n".join(out) + "\n"


def to_json_dict(diagnostics: list[Diagnostic]) -> dict[str, object]:
    items = []
    for d in diagnostics:
        s = d.span
        item: dict[str, object] = {
            "code": d.code.id, "severity": d.severity.value, "message": d.message,
            "file": s.file, "line": s.line, "column": s.column,
            "end_line": s.end_line, "end_column": s.end_column,
        }
        if d.hint:
            item["hint"] = d.hint
        if d.related:
            item["related"] = [
                {"message": r.message, "file": r.span.file, "line": r.span.line,
                 "column": r.span.column, "end_line": r.span.end_line,
                 "end_column": r.span.end_column}
                for r in d.related
            ]
        items.append(item)
    errors, warnings = count(diagnostics)
    return {"diagnostics": items, "summary": {"errors": errors, "warnings": warnings}}


def format_json(diagnostics: list[Diagnostic], cached: list[str] | None = None) -> str:
    """The JSON report; `cached`, when given, lists what was taken from the parse cache."""
    report = to_json_dict(diagnostics)
    if cached is not None:
        report["cached"] = cached
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"
