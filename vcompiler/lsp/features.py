"""What the language server answers, as plain functions of a pack's `Index` and the
text being edited: hover, completion, quick fixes, inlay hints, folding. Positions
here are vcompiler's (1-based, in characters); server.py converts."""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from vcompiler.diagnostics import Diagnostic
from vcompiler.engine.index import LABEL, Definition, Index, Mention
from vcompiler.model.numbering import LOCK_NAME, read_lock
from vcompiler.registry import VANGUARD, VANTAGE, Form, forms_of_game, is_kind, kind_named, kinds_of_game
from vcompiler.registry.forms import VALUE_SLOTS
from vcompiler.source import Span
from vcompiler.util.frozen import frozen
from vcompiler.vocabulary import ICONS, SKILLS

MARKUP_KINDS = ("log", "card", "location", "icon")
STATEMENTS = {"vanguard": ("text", "choice", "if", "else", "check"), "vantage": ("text", "choice")}


# ---------------------------------------------------------------- hover
def hover(index: Index, item: Mention | Definition) -> str | None:
    """Markdown: the target's heading and title, its first sentence, and for a label
    the number it was given."""
    targets = [item] if isinstance(item, Definition) else index.definitions_of(item.ident)
    if not targets:
        return None
    target = targets[0]
    lines = [f"**{target.heading()}**" + (f" · {target.title}" if target.title else "")]
    if target.summary:
        lines.append(target.summary)
    if target.label:
        lines.append(f"`@{target.label}` is numbered {target.key} (in the pack's numbering range; "
                     "`build` records it in numbers.lock)")
    translated = _translations(index, target)
    if translated:
        lines.append(translated)
    return "\n\n".join(lines)


def _translations(index: Index, target: Definition) -> str:
    """The entry's translation status in each language the pack has a file for."""
    from vcompiler.i18n.status import entry_of, statuses

    entry = entry_of(target.kind, target.key, target.label)
    found = statuses(index.result.folder, entry) if entry is not None else []
    return "Translations: " + " · ".join(f"{language} {status}" for language, status in found) if found else ""


# ---------------------------------------------------------------- completion
@frozen
class Completion:
    label: str
    detail: str
    kind: str            # "reference" | "verb" | "keyword" | "value"
    insert: str | None = None


_REF_LOG = re.compile(r"(?:->\s*|\{\s*|checked\s+)log\s+(@?\w*)$")
_REF_LOCATION = re.compile(r"(?:->\s*|\{\s*)location\s+(\w*)$")
_REF_CARD = re.compile(r"\{\s*card\s+(\w*)$")
_REF_ICON = re.compile(r"\{\s*icon\s+(\w*)$")
_MARKUP_OPEN = re.compile(r"\{(\w*)$")
_COMPASS_EXIT = re.compile(r"^\s*(?:north|east|south|west)\s+(\w*)$")
_SKILL = re.compile(r"(?<![\w@])skill\s+([a-z_]*)$")
_HAS_CARD = re.compile(r"(?<![\w@])if\s+has\s+card\s+(\w*)$")
_EFFECT_START = r"(?:^\s*|=>\s*|;\s*|/\s*|\[\s*|,\s*|\}\s*)"
_VERB = re.compile(_EFFECT_START + r"([a-z_]*)$")
_VERB_ARGS = re.compile(_EFFECT_START + r"([a-z_]+(?:\s+[^\s;/\[\],]+)*)\s+([^\s;/\[\],]*)$")


def _entities(index: Index, kinds: tuple[str, ...]) -> list[Completion]:
    out = []
    for d in index.definitions_of_kind(kinds):
        key = d.key[1] if isinstance(d.key, tuple) else d.key
        out.append(Completion(str(key), d.title, "reference"))
        if d.label:
            out.append(Completion(f"@{d.label}", f"{d.title} (log {d.key})", "reference"))
    return out


def _in_prose(before: str) -> bool:
    """Whether the cursor is in a string: inside a one-line string, or on a line of a
    long string (a line that opens no block)."""
    if before.count('"') % 2 == 1:
        return True
    return '"' not in before and not re.match(r"\s*[a-z_]+\b[^{]*\{$", before)


def complete(index: Index | None, game: str, before: str) -> list[Completion]:
    """Completions for the text of the line up to the cursor."""
    defs = index if index is not None else None
    if _REF_LOG.search(before):
        return _entities(defs, ("log",)) if defs else []
    if _REF_LOCATION.search(before):
        return _entities(defs, ("location",)) if defs else []
    if _REF_CARD.search(before):
        # `{card X}` names a card by its id or number; injuries and Rank-Up cards go by name.
        of_game = kinds_of_game(VANTAGE.name if game == VANTAGE.name else VANGUARD.name)
        kinds = tuple(k.name for k in of_game if k.card and k.value != "string")
        return _entities(defs, kinds) if defs else []
    if _REF_ICON.search(before):
        return [Completion(icon, "icon", "value") for icon in ICONS]
    if _MARKUP_OPEN.search(before) and _in_prose(before):
        return [Completion(kind, "text markup", "keyword", f"{kind} ") for kind in MARKUP_KINDS]
    # Compass exits, skills and cards held are vantage's: in a vanguard pack the words
    # after them are the verb forms' own.
    if game == VANTAGE.name and _COMPASS_EXIT.search(before):
        exits = [Completion("*", "the depart entry of this exit", "keyword")]
        return exits + (_entities(defs, ("location",)) if defs else [])
    if game == VANTAGE.name and _SKILL.search(before):
        return [Completion(skill, "skill", "value") for skill in SKILLS]
    if game == VANTAGE.name and _HAS_CARD.search(before):
        return _entities(defs, ("vcard",)) if defs else []
    forms = forms_of_game(game) if game else ()
    args = _VERB_ARGS.search(before)
    if args:
        return _next_words(defs, forms, args.group(1).split())
    if _VERB.search(before):
        verbs: dict[str, list[str]] = {}
        for form in forms:
            verbs.setdefault(form.verb, []).append(form.spelling())
        out = [Completion(verb, "; ".join(spellings), "verb") for verb, spellings in sorted(verbs.items())]
        if before.strip() == before.strip(" \t") and not re.search(r"(=>|;|/|\[|,)\s*\w*$", before):
            out += [Completion(word, "statement", "keyword") for word in STATEMENTS.get(game, ())]
        return out
    return []


def _next_words(index: Index | None, forms: Iterable[Form], typed: list[str]) -> list[Completion]:
    """The words that may come next after `typed` (a verb and the words after it)."""
    out: dict[str, Completion] = {}
    for form in forms:
        if form.verb != typed[0] or len(form.slots) < len(typed):
            continue
        slots = form.slots
        if any(s.literal is not None and s.literal != word for s, word in zip(slots, typed[1:])):
            continue
        slot = slots[len(typed) - 1]
        if slot.literal is not None:
            out.setdefault(slot.literal, Completion(slot.literal, form.spelling(), "keyword"))
        elif slot.kind in VALUE_SLOTS:
            for word in VALUE_SLOTS[slot.kind][2]:
                out.setdefault(word, Completion(word, form.spelling(), "value"))
        elif slot.kind and is_kind(slot.kind) and index is not None:
            kind = kind_named(slot.kind)
            for c in _entities(index, (kind.name,)):
                label = f'"{c.label}"' if kind.value == "string" else c.label
                out.setdefault(label, Completion(label, c.detail, "reference"))
    return list(out.values())


# ---------------------------------------------------------------- rename
def lock_edit(folder: Path, label: str, new: str) -> tuple[Path, Span, str] | None:
    """The edit of the pack's numbers.lock that gives `label`'s number to `new`: the
    lock file, where its name stands (quotes and all) and the new name, quoted. None
    when the lock does not hold the label (or cannot be read: `check` says why)."""
    lock = read_lock(folder)
    if lock.problem is not None or label not in lock.labels or new in lock.labels:
        return None
    span = lock.spans(LOCK_NAME).get(label)
    if span is None:
        return None
    return folder / LOCK_NAME, span, json.dumps(new)


# ---------------------------------------------------------------- starred exits
_STARRED = re.compile(r"^\s*(north|east|south|west)\s+\*")
_LOCATION_HEADER = re.compile(r"^location\s+(\d+)\b")
# How far up from a starred exit its location's header is looked for: a location
# longer than this is not one a writer keeps in a file.
_ENTRY_LINES = 2000


def starred_exit(lines: Sequence[str], row: int, column: int) -> tuple[int, str] | None:
    """(location number, direction) of a `north *` exit under a 0-based position: the
    key of the depart entry it opens. Its location's header is looked for upwards,
    within the entry."""
    if not 0 <= row < len(lines):
        return None
    match = _STARRED.match(lines[row])
    if match is None or column > match.end():
        return None
    for above in range(row, max(row - _ENTRY_LINES, -1), -1):
        text = lines[above]
        header = _LOCATION_HEADER.match(text)
        if header:
            return int(header.group(1)), match.group(1)
        if text.startswith("}"):
            return None     # the end of an entry before it: this exit is in no location
    return None


# ---------------------------------------------------------------- quick fixes
_TOKENS = {
    "@": re.compile(r"@[A-Za-z_]\w*"),
    '"': re.compile(r'"[^"\n]*"'),
    "0": re.compile(r"(?<![\w@])\d+(?!\w)"),
    "a": re.compile(r"(?<![\w@])[A-Za-z_]\w*"),
}


def quick_fixes(index: Index, d: Diagnostic) -> list[tuple[str, Span, str]]:
    """For each fix a diagnostic offers: (title, span to replace, new text). A fix
    replaces the word of its shape at the end of the span (the number in `{log 99}`),
    or the whole span for markup."""
    text = index.text_of(d.span)
    fixes = []
    for suggestion in d.fixes:
        if suggestion.startswith("{"):
            fixes.append((f"Change to {suggestion}", d.span, suggestion))
            continue
        shape = "@" if suggestion.startswith("@") else '"' if suggestion.startswith('"') else \
            "0" if suggestion.isdigit() else "a"
        tokens = list(_TOKENS[shape].finditer(text)) if d.span.line == d.span.end_line else []
        if not tokens:
            continue
        last = tokens[-1]
        column = d.span.column + last.start()
        span = Span(d.span.file, d.span.line, column, d.span.line, column + len(last.group(0)))
        fixes.append((f"Change {last.group(0)} to {suggestion}", span, suggestion))
    return fixes


# ---------------------------------------------------------------- inlay hints
def label_numbers(index: Index, file: str) -> list[tuple[Span, int]]:
    """After every `@label` written in `file`: the number it was given."""
    labels = index.labels()
    out: list[tuple[Span, int]] = []
    source = index.sources.get(file)
    if source is None:
        return out
    seen = set()
    for label, number in labels.items():
        for span in index.label_occurrences(label):
            if span.file == file and span not in seen:
                seen.add(span)
                out.append((span, number))
    return sorted(out)


# ---------------------------------------------------------------- folding
def folding_ranges(text: str) -> list[tuple[int, int]]:
    """(first line, last line), 1-based: blocks in braces and long strings that span
    lines. Braces inside strings and comments do not count."""
    ranges: list[tuple[int, int]] = []
    stack: list[int] = []
    line, i, n = 1, 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            last = line + text.count("\n", i, end)
            if last > line:
                ranges.append((line, last))
            line, i = last, end
            continue
        elif c == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            i = j + 1 if j < n and text[j] == '"' else j
            continue
        elif c == "{":
            stack.append(line)
        elif c == "}" and stack:
            first = stack.pop()
            if line > first:
                ranges.append((first, line))
        i += 1
    return sorted(ranges)


def label_at(index: Index, file: str, line: int, column: int) -> str | None:
    """The @label written at a position, if any."""
    source = index.sources.get(file)
    if source is None:
        return None
    for match in LABEL.finditer(source.line_text(line)):
        if match.start() + 1 <= column <= match.end() + 1:
            return match.group(0)[1:]
    return None
