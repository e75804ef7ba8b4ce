"""Positions between vcompiler (1-based lines, columns counted in characters, end
exclusive) and the language server protocol (0-based lines, columns in UTF-16 code
units)."""
from __future__ import annotations

from pathlib import Path

from lsprotocol import types as lsp

from vcompiler.codes import Severity
from vcompiler.diagnostics import Diagnostic
from vcompiler.source import SourceFile, Span


def utf16_column(line_text: str, column: int) -> int:
    """A 1-based character column as a 0-based UTF-16 offset."""
    prefix = line_text[:max(column - 1, 0)]
    return len(prefix) + sum(1 for c in prefix if ord(c) > 0xFFFF) + max(column - 1 - len(prefix), 0)


def character_column(line_text: str, utf16: int) -> int:
    """A 0-based UTF-16 offset as a 1-based character column."""
    units = 0
    for index, c in enumerate(line_text):
        if units >= utf16:
            return index + 1
        units += 2 if ord(c) > 0xFFFF else 1
    return len(line_text) + 1 + max(utf16 - units, 0)


def to_range(span: Span, source: SourceFile | None) -> lsp.Range:
    def line(n: int) -> str:
        return source.line_text(n) if source is not None else ""
    start = lsp.Position(max(span.line - 1, 0), utf16_column(line(span.line), span.column))
    end = lsp.Position(max(span.end_line - 1, 0), utf16_column(line(span.end_line), span.end_column))
    return lsp.Range(start, end)


def uri_of(source: SourceFile | None, fallback: str) -> str:
    path = source.path if source is not None else Path(fallback)
    return Path(path).resolve().as_uri()


def to_diagnostic(d: Diagnostic, sources: dict[str, SourceFile], docs: dict[str, str]) -> lsp.Diagnostic:
    related = [lsp.DiagnosticRelatedInformation(
        lsp.Location(uri_of(sources.get(r.span.file), r.span.file), to_range(r.span, sources.get(r.span.file))),
        r.message) for r in d.related]
    message = d.message + (f"\nhelp: {d.hint}" if d.hint else "")
    href = docs.get(d.code.id)
    # As LSP's `data` carries what a client may act on: the hint's kind and its fixes.
    data: dict[str, object] | None = None
    if d.hint:
        data = {"hint": d.hint, "applicability": d.applicability.value}
        if d.fixes:
            data["fixes"] = list(d.fixes)
    return lsp.Diagnostic(
        range=to_range(d.span, sources.get(d.span.file)),
        message=message,
        severity=lsp.DiagnosticSeverity.Error if d.severity is Severity.ERROR else lsp.DiagnosticSeverity.Warning,
        code=d.code.id,
        code_description=lsp.CodeDescription(href=href) if href else None,
        source="vcompiler",
        related_information=related or None,
        data=data,
    )
