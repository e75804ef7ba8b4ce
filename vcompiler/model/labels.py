"""`{log @label}` in a text, given its number: after the model has numbered the labels,
every text that names a log by label names it by number, as a goto does, so that the
bundle and the books print "Log 412" and never "Log @recording"."""
from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping
from typing import Any

from vcompiler import ast
from vcompiler.model.types import Pack
from vcompiler.registry import game_named

_MARK = "{log @"


def number_text_labels(pack: Pack) -> Pack:
    # A text names a log by label only where its file says `{log @`: most packs are
    # left as they are without a walk through the model.
    if not pack.labels or not any(_MARK in f.text for f in pack.files):
        return pack
    walker = _Walker(pack.labels)
    changes: dict[str, Any] = {f.name: walker.value(getattr(pack, f.name))
               for f in dataclasses.fields(pack) if f.name in _ENTITY_FIELDS}
    return dataclasses.replace(pack, **changes)


_ENTITY_FIELDS = ("logs", "planets", "cards", "locations", "departs", "vantage_cards")


class _Walker:
    def __init__(self, labels: Mapping[str, int]):
        self.labels = labels

    def value(self, value: object) -> object:
        if isinstance(value, ast.Text):
            return self.text(value)
        if isinstance(value, tuple):
            items = tuple(self.value(v) for v in value)
            return items if any(a is not b for a, b in zip(items, value)) else value
        if dataclasses.is_dataclass(value) and not isinstance(value, type) and not isinstance(value, ast.Value):
            changes = {}
            for f in dataclasses.fields(value):
                old = getattr(value, f.name)
                new = self.value(old)
                if new is not old:
                    changes[f.name] = new
            return dataclasses.replace(value, **changes) if changes else value
        return value

    def text(self, text: ast.Text) -> ast.Text:
        paragraphs = tuple(self.inlines(p) for p in text.paragraphs)
        if all(a is b for a, b in zip(paragraphs, text.paragraphs)):
            return text
        return dataclasses.replace(text, paragraphs=paragraphs)

    def inlines(self, nodes: tuple[Any, ...]) -> tuple[Any, ...]:
        out = tuple(self.inline(n) for n in nodes)
        return out if any(a is not b for a, b in zip(out, nodes)) else nodes

    def inline(self, node: ast.Inline) -> ast.Inline:
        if isinstance(node, ast.Emphasis):
            children = self.inlines(node.children)
            return node if children is node.children else dataclasses.replace(node, children=children)
        if isinstance(node, ast.Ref) and node.kind == "log" and node.target.kind == "label":
            number = self.labels.get(str(node.target.value))
            if number is not None:
                return dataclasses.replace(node, target=ast.Value("number", number, node.target.span))
        return node


def entry_number(pack: Pack, text: str) -> int:
    """The entry a command names (`--focus`, `--from`): its number, or a log's
    `@label` (the number the label was given). ValueError says what is wrong."""
    if text.startswith("@"):
        game = game_named(pack.game)
        if game is not None and game.start != "log":
            raise ValueError(f"a {game.name} pack's entries are {game.start}s, named by their numbers, not {text!r}")
        number = pack.labels.get(text[1:])
        if number is None:
            near = difflib.get_close_matches(text[1:], sorted(pack.labels), n=1)
            raise ValueError(f"pack {pack.name} has no log {text}" + (f": did you mean @{near[0]}?" if near else ""))
        return number
    if not (text.isascii() and text.isdigit() and len(text) < 10):
        raise ValueError(f"an entry is named by its number or a log's @label, not {text!r}")
    return int(text)
