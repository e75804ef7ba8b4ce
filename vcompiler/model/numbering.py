"""Numbers for `@label` logs. A label gets a free number of the pack's `numbering` range,
chosen by a seeded shuffle so that numbers do not give the story away; `numbers.lock`
keeps every number given out, so that a label keeps its number across edits and
reprints and a new label never moves an old one."""
from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path

from vcompiler import codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.source import Span
from vcompiler.util.frozen import frozen
from vcompiler.util.safeio import Refused, read_regular

LOCK_NAME = "numbers.lock"


@frozen
class LockFile:
    labels: dict[str, int]
    problem: str | None = None
    text: str = ""
    # Where the problem is (line, column, from 1), when it is at one place of the text.
    at: tuple[int, int] = (1, 1)
    hint: str = "fix the file, or delete it to number the labels afresh"

    def spans(self, display: str) -> dict[str, Span]:
        """Where each label's line stands in the lock, so that a problem of the lock is
        shown at the line to mend."""
        found: dict[str, Span] = {}
        for number, line in enumerate(self.text.split("\n"), 1):
            key = line.strip().split(":", 1)[0].strip()
            if key.startswith('"'):
                try:
                    name = json.loads(key)
                except ValueError:
                    continue
                column = line.index(key) + 1
                found.setdefault(str(name), Span(display, number, column, number, column + len(key)))
        return found


# Room for hundreds of thousands of labels; more is not a lock `build` wrote.
MAX_LOCK_BYTES = 16_000_000


def read_lock(folder: Path) -> LockFile:
    path = folder / LOCK_NAME
    if not path.exists() and not path.is_symlink():
        return LockFile({})
    try:
        raw = read_regular(path, within=folder, limit=MAX_LOCK_BYTES)
    except Refused as refused:
        # Nothing of a file that is not the pack's own is quoted: a lock committed as a
        # link to /proc/self/environ would print a CI job's secrets.
        return LockFile({}, f"{LOCK_NAME} is not read: {refused.why}", hint=_LOCK_REFUSED)
    except OSError as error:
        return LockFile({}, f"{LOCK_NAME} cannot be read: {error.strerror or error}")
    try:
        text = raw.decode("utf-8")
        data = json.loads(text)
    except UnicodeDecodeError as error:
        shown = raw.decode("utf-8", "replace")
        line = raw.count(b"\n", 0, error.start) + 1
        column = len(raw[raw.rfind(b"\n", 0, error.start) + 1:error.start].decode("utf-8", "replace")) + 1
        return LockFile({}, f"{LOCK_NAME} is not UTF-8 text: byte 0x{raw[error.start]:02x} cannot be read",
                        shown, (line, column), _LOCK_HINT)
    except json.JSONDecodeError as error:
        comma = len(text[:error.pos].rstrip()) - 1
        if text[error.pos:error.pos + 1] == "}" and comma >= 0 and text[comma] == ",":
            # A line moved to the end, or the last one deleted, left its comma.
            line = text.count("\n", 0, comma) + 1
            return LockFile({}, f"{LOCK_NAME} cannot be read: a `,` follows its last label", text,
                            (line, comma - text.rfind("\n", 0, comma)), "remove this `,`")
        return LockFile({}, f"{LOCK_NAME} cannot be read: {_json_problem(error.msg)}", text,
                        (error.lineno, error.colno), _mend_hint(text))
    except (OSError, ValueError) as error:
        return LockFile({}, f"{LOCK_NAME} cannot be read: {error}")
    except RecursionError:
        return LockFile({}, f"{LOCK_NAME} is nested too deep to be a lock")
    if not isinstance(data, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in data.items()):
        return LockFile({}, f"{LOCK_NAME} must be a JSON object of label -> number", text, hint=_LOCK_HINT)
    return LockFile(dict(data), text=text)


_LOCK_REFUSED = ("make numbers.lock a plain file of the pack folder (delete it to number the labels afresh; "
                 "books printed with the old numbers then send readers elsewhere)")
_LOCK_HINT = ('`build` writes it as `{"label": 123, …}`, one label a line: mend it, or delete it to number the '
              "labels afresh (books printed with the old numbers then send readers elsewhere)")
# What Python's JSON reader says, as a writer would.
_JSON_PROBLEMS = (
    ("Expecting value", "a value (`{`, a number or a string) is expected here"),
    ("Expecting property name enclosed in double quotes", 'a label in double quotes (`"name"`) is expected here'),
    ("Expecting ',' delimiter", "a `,` is missing before this"),
    ("Expecting ':' delimiter", "a `:` is missing after the label"),
    ("Extra data", "text follows the `}` that closes the lock"),
    ("Unterminated string", "a `\"` opens here and is not closed"),
    ("Invalid control character", "a string holds a control character here"),
    ("Invalid \\escape", "a string holds a `\\` that escapes nothing here"),
)


def _json_problem(message: str) -> str:
    return next((worded for start, worded in _JSON_PROBLEMS if message.startswith(start)), message.lower())


def _mend_hint(text: str) -> str:
    if "<<<<<<<" in text or ">>>>>>>" in text:
        # Two branches that each added labels, merged.
        return ("a merge left its conflict markers in it: keep the lines of both sides, remove the `<<<<<<<`, "
                "`=======` and `>>>>>>>` lines, and put a `,` after every line but the last")
    return _LOCK_HINT


def lock_text(labels: dict[str, int]) -> str:
    """The lock as written: sorted, one label a line, so that diffs stay readable."""
    return json.dumps(dict(sorted(labels.items())), indent=2) + "\n"


def assign_numbers(fixed: dict[int, Span], labels: list[tuple[str, Span]], locked: dict[str, int],
                   low: int, high: int, seed: int,
                   lock_spans: Mapping[str, Span] | None = None) -> tuple[dict[str, int], list[Diagnostic]]:
    """`fixed`: the numbers written in the source and where; `labels`: in order of
    appearance; `lock_spans`: where each label's line of the lock stands. Returns the
    number of every label that could be given one. A label the lock gives a number
    that is not its to have is reported once and given a new number, so that the one
    bad line of the lock is not also a log defined twice."""
    found: list[Diagnostic] = []
    assigned: dict[str, int] = {}
    owner_of_number: dict[int, str] = {}
    present = dict(reversed(labels))
    for name, number in sorted(locked.items()):
        if name not in present:
            continue          # a label that is gone frees its number
        if number in fixed:
            found.append(diagnostic(codes.NUMBER_COLLISION, fixed[number], number=number, label=name,
                                    hint=f"choose another number for this log; {LOCK_NAME} gives {number} to "
                                         f"@{name} (if no book was printed with that, delete the line of {name} "
                                         f"in {LOCK_NAME} instead)"))
            continue
        if number in owner_of_number:
            # Two branches that each added a label were given the same next number,
            # and a merge kept both lines.
            first = owner_of_number[number]
            span = (lock_spans or {}).get(name, present[name])
            found.append(diagnostic(codes.BAD_LOCK, span, message=f"{LOCK_NAME} gives {number} to both @{first} "
                                    f"and @{name}",
                                    hint=f"delete the line of the one no printed book sends readers to, "
                                         f"@{first} or @{name}: it is given a new number"))
            continue
        if not low <= number <= high:
            # Not renumbered in silence: books already printed send readers to it.
            span = present[name]
            shown = str(number) if number.bit_length() < 64 else f"{str(number)[:12]}… ({len(str(number))} digits)"
            found.append(diagnostic(codes.BAD_LOCK, span, message=f"{LOCK_NAME} gives @{name} the number {shown}, "
                                    f"outside the pack's numbering {low}..{high}",
                                    hint=f"widen `numbering` to hold {shown}, or delete the line of {name} in "
                                         f"{LOCK_NAME} if no book was printed with it"))
        assigned[name] = number
        owner_of_number[number] = name
    taken = set(fixed) | set(owner_of_number)
    pending = [(name, span) for name, span in labels if name not in assigned]
    if not pending:
        return assigned, found
    # Numbers of labels that are gone: printed books may still send readers there.
    freed = {number: name for name, number in sorted(locked.items()) if name not in present}
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
        number = candidates[cursor]
        if number in freed:
            old = freed[number]
            found.append(diagnostic(codes.RECYCLED_NUMBER, span, label=name, number=number, old=old,
                                    hint=f"if @{name} is @{old} renamed, rename it in {LOCK_NAME} too; if books "
                                         f"were printed with @{old}, keep a log @{old} so that {number} stays its "
                                         "own"))
        assigned[name] = number
        taken.add(number)
    return assigned, found
