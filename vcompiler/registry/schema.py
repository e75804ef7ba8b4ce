"""The lists of schemas/bundle.schema.json that the registry decides: the games, the
ops of effects, the tests of conditions and the kinds of vanguard card. They are rewritten in place from the
registry, so that a new effect form or kind needs no hand edit of the schema (a test
fails when the file is stale).

    python -m vcompiler.registry.schema           rewrite the lists
    python -m vcompiler.registry.schema --check   exit 1 when the file is stale
"""
from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from vcompiler.registry.conditions import CONDITIONS
from vcompiler.registry.forms import FORMS
from vcompiler.registry.games import GAMES
from vcompiler.registry.kinds import KINDS

SCHEMA = Path(__file__).resolve().parent.parent.parent / "schemas" / "bundle.schema.json"
# Gotos are effects too, though no verb form makes them.
GOTO_OPS = ("goto_log", "goto_location")


def _lists() -> list[tuple[re.Pattern[str], Callable[[], list[str]]]]:
    return [
        (re.compile(r'("game": \{"description": "Which game the content is for\.", "enum": )(\[[^\]]*\])'),
         lambda: [g.name for g in GAMES]),
        (re.compile(r'("op": \{\n\s*"description": [^\n]*\n(\s*)"enum": )(\[[^\]]*\])'),
         lambda: [*GOTO_OPS, *(f.op for f in FORMS)]),
        (re.compile(r'("test": \{"description": "checked_log[^\n]*?",\n\s*"enum": )(\[[^\]]*\])'),
         lambda: list(dict.fromkeys(c.test for c in CONDITIONS))),
        (re.compile(r'("kind": \{"description": "The kind of card\.", "enum": )(\[[^\]]*"poi"[^\]]*\])'),
         lambda: [k.name for k in KINDS if k.bundle_key == "cards"]),
    ]


def _wrapped(items: list[str], indent: int, width: int = 110) -> str:
    """A JSON array of strings, wrapped under its first item as the schema writes it."""
    lines, line = [], ""
    for item in (f'"{i}"' for i in items):
        if line and indent + len(line) + len(item) + 2 > width:
            lines.append(line + ",")
            line = ""
        line = f"{line}, {item}" if line else item
    lines.append(line)
    return "[" + ("\n" + " " * indent).join(lines) + "]"


def refreshed(text: str) -> str:
    for pattern, items in _lists():
        match = pattern.search(text)
        if match is None:
            raise ValueError(f"schemas/bundle.schema.json has no list matching {pattern.pattern!r}")
        opening = match.end(1)                      # where the list's `[` stands
        indent = opening - (text.rfind("\n", 0, opening) + 1) + 1
        text = text[:opening] + _wrapped(items(), indent) + text[match.end():]
    return text


def main(argv: list[str]) -> int:
    text = SCHEMA.read_text(encoding="utf-8")
    new = refreshed(text)
    if new == text:
        return 0
    if "--check" in argv:
        print(f"stale: {SCHEMA.name}; run python -m vcompiler.registry.schema")
        return 1
    SCHEMA.write_text(new, encoding="utf-8")
    print(f"rewrote {SCHEMA.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
