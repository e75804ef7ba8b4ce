"""Numbers for `@label` logs. A label gets a free number of the pack's `numbering` range,
chosen by a seeded shuffle so that numbers do not give the story away; `numbers.lock`
keeps every number given out, so that a label keeps its number across edits and
reprints and a new label never moves an old one."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from vcompiler import codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.source import Span

LOCK_NAME = "numbers.lock"


@dataclass(frozen=True)
class LockFile:
    labels: dict[str, int]
    problem: str | None = None


def read_lock(folder: Path) -> LockFile:
    path = folder / LOCK_NAME
    if not path.exists():
        return LockFile({})
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        return LockFile({}, f"{LOCK_NAME} cannot be read: {error}")
    if not isinstance(data, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in data.items()):
        return LockFile({}, f"{LOCK_NAME} must be a JSON object of label -> number")
    return LockFile(dict(data))


def lock_text(labels: dict[str, int]) -> str:
    """The lock as written: sorted, one label a line, so that diffs stay readable."""
    return json.dumps(dict(sorted(labels.items())), indent=2) + "\n"


def assign_numbers(fixed: dict[int, Span], labels: list[tuple[str, Span]], locked: dict[str, int],
                   low: int, high: int, seed: int) -> tuple[dict[str, int], list[Diagnostic]]:
    """`fixed`: the numbers written in the source and where; `labels`: in order of
    appearance. Returns the number of every label that could be given one."""
    found: list[Diagnostic] = []
    assigned: dict[str, int] = {}
    owner_of_number: dict[int, str] = {}
    present = {name for name, _ in labels}
    for name, number in sorted(locked.items()):
        if name not in present:
            continue          # a label that is gone frees its number
        if number in fixed:
            found.append(diagnostic(codes.NUMBER_COLLISION, fixed[number], number=number, label=name,
                                    hint=f"choose another number for this log; {LOCK_NAME} gives {number} to @{name}"))
        assigned[name] = number
        owner_of_number[number] = name
    taken = set(fixed) | set(owner_of_number)
    pending = [(name, span) for name, span in labels if name not in assigned]
    if not pending:
        return assigned, found
    candidates = list(range(low, high + 1))
    random.Random(seed).shuffle(candidates)
    cursor = 0
    for name, span in pending:
        while cursor < len(candidates) and candidates[cursor] in taken:
            cursor += 1
        if cursor == len(candidates):
            found.append(diagnostic(codes.RANGE_EXHAUSTED, span, label=name, low=low, high=high,
                                    hint="widen the range in the pack's `numbering` line"))
            continue
        assigned[name] = candidates[cursor]
        taken.add(candidates[cursor])
    return assigned, found
