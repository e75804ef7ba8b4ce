"""Numbers for `@label` logs. A label gets a free number of the pack's `numbering` range,
chosen by a seeded shuffle so that numbers do not give the story away; `numbers.lock`
keeps every number given out, so that a label keeps its number across edits and
reprints and a new label never moves an old one."""
from __future__ import annotations

import json
import random
import stat
from pathlib import Path

from vcompiler import codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.frozen import frozen
from vcompiler.source import Span

LOCK_NAME = "numbers.lock"


@frozen
class LockFile:
    labels: dict[str, int]
    problem: str | None = None


# Room for hundreds of thousands of labels; more is not a lock `build` wrote.
MAX_LOCK_BYTES = 16_000_000


def read_lock(folder: Path) -> LockFile:
    path = folder / LOCK_NAME
    if not path.exists() and not path.is_symlink():
        return LockFile({})
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            # A pipe would block the read forever, /dev/zero never end it.
            return LockFile({}, f"{LOCK_NAME} is not a regular file")
        if status.st_size > MAX_LOCK_BYTES:
            return LockFile({}, f"{LOCK_NAME} is {status.st_size:,} bytes, over the limit of {MAX_LOCK_BYTES:,}")
        with open(path, "rb") as handle:
            raw = handle.read(MAX_LOCK_BYTES + 1)
        if len(raw) > MAX_LOCK_BYTES:
            return LockFile({}, f"{LOCK_NAME} is over the limit of {MAX_LOCK_BYTES:,} bytes")
        data = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        return LockFile({}, f"{LOCK_NAME} cannot be read: {error}")
    except RecursionError:
        return LockFile({}, f"{LOCK_NAME} is nested too deep to be a lock")
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
        if not low <= number <= high:
            # Not renumbered in silence: books already printed send readers to it.
            span = next(s for n, s in labels if n == name)
            shown = str(number) if number.bit_length() < 64 else f"{str(number)[:12]}… ({len(str(number))} digits)"
            found.append(diagnostic(codes.BAD_LOCK, span, message=f"{LOCK_NAME} gives @{name} the number {shown}, "
                                    f"outside the pack's numbering {low}..{high}",
                                    hint=f"widen `numbering` to hold {shown}, or delete the line of {name} in "
                                         f"{LOCK_NAME} if no book was printed with it"))
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
