"""Formatting requests: the whole document, or the top-level declarations a range
touches, as the formatter lays them out (vcompiler.fmt)."""
from __future__ import annotations

from lsprotocol import types as lsp

from vcompiler.fmt import format_text


def _end_of(lines: list[str], number: int) -> lsp.Position:
    """The end of a 0-based line, in UTF-16 code units."""
    return lsp.Position(number, len(lines[number].encode("utf-16-le")) // 2)


def _lines(text: str) -> list[str]:
    # A line ending of \r\n is one line break, as the editor counts it.
    return text.replace("\r\n", "\n").split("\n")


def document_edits(text: str, name: str) -> list[lsp.TextEdit] | None:
    """One edit that replaces the document with its formatted text; none when it is
    formatted already; None when it cannot be formatted (a syntax error)."""
    formatted = format_text(text.replace("\r\n", "\n"), name).text
    if formatted is None:
        return None
    if formatted == text:
        return []
    lines = _lines(text)
    return [lsp.TextEdit(lsp.Range(lsp.Position(0, 0), _end_of(lines, len(lines) - 1)), formatted)]


def range_edits(text: str, name: str, first: int, last: int) -> list[lsp.TextEdit] | None:
    """Edits that format the top-level declarations with a line from `first` to
    `last` (0-based, inclusive), each replaced whole with its lines as the formatted
    document has them; the text between declarations is left as it is."""
    formatted = format_text(text.replace("\r\n", "\n"), name)
    if formatted.text is None:
        return None
    out = formatted.text.split("\n")
    groups: list[list[int]] = []
    # Declarations that share a line of the file are replaced together.
    for start, end, out_start, out_end in formatted.declarations:
        if groups and start <= groups[-1][1]:
            groups[-1][1], groups[-1][3] = max(end, groups[-1][1]), out_end
        else:
            groups.append([start, end, out_start, out_end])
    lines = _lines(text)
    edits = []
    for start, end, out_start, out_end in groups:
        if end < first + 1 or start > last + 1:
            continue
        new = "\n".join(out[out_start - 1:out_end])
        old = "\n".join(lines[start - 1:end])
        if new != old:
            edits.append(lsp.TextEdit(lsp.Range(lsp.Position(start - 1, 0), _end_of(lines, end - 1)), new))
    return edits
