"""A translation applied to a pack's syntax trees, before the model is built: each Text
and printed name that messages.py names is replaced by its translation, read by the
markup reader at the source's place (so that what the checks find of a translated
edition is told at the entry the writer wrote). What has no translation stays in the
source language; numbers, labels and order are the source's, so that the model built
from the translated trees numbers and sorts as the source edition does."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import polib

from vcompiler import ast
from vcompiler.i18n.messages import _NAMED_BY_NAME, PRINTED_NAMES, as_token, owner
from vcompiler.parse.markup import parse_text
from vcompiler.registry.phrasebook import pseudo


def table_of(po: polib.POFile) -> dict[str, str]:
    """ID -> translation of every finished entry: an empty or fuzzy one is left out
    (its source is printed), as gettext does."""
    return {e.msgctxt: e.msgstr for e in po if e.msgctxt and e.msgstr and not e.obsolete and not e.fuzzy}


def pseudo_table(folder: Path) -> dict[str, str]:
    from vcompiler.i18n.messages import pack_messages

    messages = pack_messages(folder)
    return {m.id: pseudo(m.text) for m in messages}


def translated_files(parsed: list[ast.ParsedFile], table: dict[str, str]) -> list[ast.ParsedFile]:
    """`parsed` with every translated string of `table` in place of its source."""
    out = []
    for file in parsed:
        declarations = tuple(_declaration(decl, table) for decl in file.file.declarations)
        if any(a is not b for a, b in zip(declarations, file.file.declarations)):
            file = dataclasses.replace(file, file=dataclasses.replace(file.file, declarations=declarations))
        out.append(file)
    return out


def _declaration(decl: ast.Declaration, table: dict[str, str]) -> ast.Declaration:
    named = owner(decl)
    if named is None:
        return decl
    entry = named[0]
    keeps_name = isinstance(decl, ast.PackDecl) or (
        isinstance(decl, ast.CardDecl) and decl.kind in _NAMED_BY_NAME)
    pack = isinstance(decl, ast.PackDecl)

    def wanted(path: str) -> str | None:
        return table.get(f"{entry}/{path.rsplit('.', 1)[-1] if pack else path}")

    def walk(value: object, path: str) -> object:
        if isinstance(value, ast.Text):
            text = wanted(path)
            if text is None:
                return value
            span = value.span
            translated, problems = parse_text(as_token(text), span.file, span.line, span.column,
                                              (span.end_line, span.end_column))
            # A translation the markup reader refuses is E602 under `check --lang`; the
            # edition prints its source rather than half of it.
            if problems:
                return value
            return dataclasses.replace(translated, span=span)
        if isinstance(value, tuple):
            items = tuple(walk(item, f"{path}.{n}" if path else str(n)) for n, item in enumerate(value))
            return items if any(a is not b for a, b in zip(items, value)) else value
        if isinstance(value, list):
            return [walk(item, f"{path}.{n}" if path else str(n)) for n, item in enumerate(value)]
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            changes: dict[str, object] = {}
            for field in dataclasses.fields(value):
                if field.name in ("span", "allow"):
                    continue
                item = getattr(value, field.name)
                where = f"{path}.{field.name}" if path else field.name
                if isinstance(item, str):
                    if field.name in PRINTED_NAMES and item and not (where == "name" and keeps_name):
                        text = wanted(where)
                        if text is not None and "\n" not in text:
                            changes[field.name] = text
                elif item is not None and not isinstance(item, (int, float, bool)):
                    new = walk(item, where)
                    if new is not item:
                        changes[field.name] = new
            return dataclasses.replace(value, **changes) if changes else value
        return value

    made = walk(decl, "")
    assert isinstance(made, type(decl))
    return made
