"""What a table reads, as messages for translators: every prose string and printed name
of a pack, each with an ID that names the entry it belongs to (its kind and label or
number, never its file or its place among the others) and the field within it, the
text as the writer wrote it (markup included), where it stands, and a note saying what
component prints it."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

from vcompiler import ast
from vcompiler.compile import display_path, pack_files, read_source
from vcompiler.parse import parse_source
from vcompiler.parse.markup import paragraphs_of, string_value
from vcompiler.registry import CARD_SIZES, kind_named
from vcompiler.source import SourceFile, Span
from vcompiler.util.frozen import frozen

# Plain-string fields a table reads (a name printed on a card or a board). Every other
# plain string of the syntax tree is an identifier, a keyword or a name that other
# entries refer to, and stays as written.
PRINTED_NAMES = frozenset({"name", "title"})
# Names that are identities: an injury card is named by what effects write.
_NAMED_BY_NAME = frozenset({"injury"})


@frozen
class Message:
    id: str             # "log @wake_up/title", "card P101/actions.0.name"
    text: str           # as written, markup included: what a translation must keep
    span: Span
    note: str           # what prints it, for the translator


def owner(decl: ast.Declaration) -> tuple[str, str] | None:
    """The entry a declaration is, as an ID's first part, and what prints it."""
    if isinstance(decl, ast.LogDecl):
        target = decl.target
        shown = "@" + str(target.value) if target.kind == "label" else str(target.value)
        return f"log {shown}", "the Logbook"
    if isinstance(decl, ast.CardDecl):
        size = CARD_SIZES.get(decl.kind)
        box = f", {size[0]:g} x {size[1]:g} mm" if size else ""
        return f"{decl.kind} {decl.id}", f"{kind_named(decl.kind).described}{box}"
    if isinstance(decl, ast.PlanetDecl):
        return f"planet {decl.id}", "the planet's board"
    if isinstance(decl, ast.LocationDecl):
        return f"location {decl.number:03d}", "a location card and its storybook entries"
    if isinstance(decl, ast.DepartDecl):
        return f"depart {decl.number} {decl.direction}", "the depart storybook"
    if isinstance(decl, ast.VantageCardDecl):
        return f"card {decl.number}", f"a {decl.kind} card"
    if isinstance(decl, ast.PackDecl):
        return f"pack {decl.name}", "every book's cover"
    return None


def as_written(raw: str) -> str:
    """A string token's text as the writer wrote it, without its quotes: a long
    string's paragraphs (each on one line) apart by a blank line, markup and its
    escapes kept."""
    if raw.startswith('"""'):
        return "\n\n".join(chars for chars, _ in paragraphs_of(raw, 1, 1))
    return string_value(raw, 1, 1, prose=True)[0]


def as_token(text: str) -> str:
    """A translation as a string token the markup reader reads back."""
    if "\n" in text or '"' in text:
        return '"""\n' + text.replace('"""', '\\"\\"\\"') + '\n"""'
    return '"' + text + '"'


def _token(source: SourceFile, span: Span) -> str:
    lines = [source.line_text(n) for n in range(span.line, span.end_line + 1)]
    if len(lines) == 1:
        return lines[0][span.column - 1:span.end_column - 1]
    lines[0] = lines[0][span.column - 1:]
    lines[-1] = lines[-1][:span.end_column - 1]
    return "\n".join(lines)


def _walk(value: object, path: str, around: Span) -> Iterator[tuple[str, ast.Text | str, Span]]:
    """(path, text or printed name, span) in the order written."""
    if isinstance(value, ast.Text):
        yield path, value, value.span
    elif isinstance(value, (tuple, list)):
        for n, item in enumerate(value):
            yield from _walk(item, f"{path}.{n}" if path else str(n), around)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        span = getattr(value, "span", around)
        for field in dataclasses.fields(value):
            if field.name in ("span", "allow"):
                continue
            item = getattr(value, field.name)
            where = f"{path}.{field.name}" if path else field.name
            if isinstance(item, str):
                if field.name in PRINTED_NAMES and item:
                    yield where, item, span
            else:
                yield from _walk(item, where, span)


def messages_of(parsed: ast.ParsedFile) -> Iterator[Message]:
    source = parsed.source
    for decl in parsed.file.declarations:
        named = owner(decl)
        if named is None:
            continue
        entry, prints = named
        for path, found, span in _walk(decl, "", decl.span):
            if isinstance(found, str):
                if path == "name" and (isinstance(decl, ast.PackDecl) or (
                        isinstance(decl, ast.CardDecl) and decl.kind in _NAMED_BY_NAME)):
                    continue
                text = found
            else:
                text = as_written(_token(source, span))
            if isinstance(decl, ast.PackDecl):
                path = path.rsplit(".", 1)[-1]      # the pack's title, wherever among its settings
            if text.strip():
                yield Message(f"{entry}/{path}", text, span, f"{prints}; {entry}, {path.replace('.', ' ')}")


def pack_messages(folder: Path) -> list[Message]:
    """Every message of the pack in `folder`, files in their order. A message ID given
    twice (the same entry declared twice, which `check` reports) is kept once, the first."""
    found: dict[str, Message] = {}
    for path in pack_files(folder):
        source, problem = read_source(path, display_path(path), path.relative_to(folder).as_posix(), folder)
        if problem is None:
            for message in messages_of(parse_source(source, {})):
                found.setdefault(message.id, message)
    return list(found.values())
