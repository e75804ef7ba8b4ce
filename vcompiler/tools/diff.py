"""`vcompiler diff OLD NEW`: what a reprint changes, as an errata sheet.

Both sides are compiled and compared as a reader sees them: every printed entry (log,
storybook and depart entry, location, card) in the game's voice, so that a change to
an effect shows as the sentence it prints. A log is the same entry on both sides when
it has the same `@label`, else the same number; an unmatched entry that reads the
same on the other side under another number is renumbered. A card reads as its printed
face (kind, badges, biome icons, copies, every block), a planet as its board (rules,
missions, conditions and supplies, sectors, paths and their costs, Special Actions).
Text changes are shown word by word. The pack's version is reported but is not a change
to the text."""
from __future__ import annotations

import difflib
import json
import subprocess
import tempfile
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from vcompiler.model.types import Card, CheckAction, Effect, Pack, Planet, Row
from vcompiler.registry import CARD_SIZES
from vcompiler.render import ir, voice
from vcompiler.render.art import art_lines
from vcompiler.render.books import STARTING_KEY, books_of
from vcompiler.render.cards import Face, faces_of, row_lead, setup_blocks
from vcompiler.render.ir import (
    ActionHead,
    Block,
    BookBlock,
    Boxes,
    Choices,
    Options,
    Paragraph,
    Rule,
    Sentence,
    Steps,
    Track,
)
from vcompiler.util.frozen import frozen


class DiffError(Exception):
    """OLD or NEW cannot be read as packs (not a folder, not a revision, errors)."""


@frozen
class Printed:
    """One entry as printed: its identity across versions, where it is looked up
    (what "renumbered" means), its title and its paragraphs."""
    identity: tuple[object, ...]
    number: str
    kind: str            # Log | Entry | Location | Planet, or a card's printed label (Injury)
    book: str
    title: str
    paragraphs: tuple[str, ...]

    @property
    def name(self) -> str:
        where = f" ({self.book})" if self.kind == "Entry" else ""
        # A card known by its name (an Injury) is named once: Injury “Chilblains”.
        number = "" if self.number == self.title else f" {self.number}"
        return f"{self.kind}{number}{where}" + (f" “{self.title}”" if self.title else "")


@dataclass
class PackDiff:
    pack: str
    title: str
    old_version: str
    new_version: str
    added: list[dict[str, Any]] = field(default_factory=list)
    removed: list[dict[str, Any]] = field(default_factory=list)
    renumbered: list[dict[str, Any]] = field(default_factory=list)
    retitled: list[dict[str, Any]] = field(default_factory=list)
    changed: list[dict[str, Any]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.renumbered or self.retitled or self.changed)


def _plain(tokens: Sentence) -> str:
    return voice.plain(tokens, icon="[{}]")


def _blocks_text(blocks: list[BookBlock]) -> list[str]:
    out = []
    for block in blocks:
        if isinstance(block, Paragraph):
            out.append(_plain(block.tokens))
        elif isinstance(block, Choices):
            out.extend("• " + _plain(item) for item in block.items)
    return out


def _face_text(blocks: Iterable[Block]) -> list[str]:
    """A printed card's blocks (render.cards) as lines of words."""
    out = []
    for block in blocks:
        match block:
            case Paragraph(tokens):
                out.append(_plain(tokens))
            case Rule(word):
                out.append(word)
            case Choices(items):
                out.extend("• " + _plain(item) for item in items)
            case Steps(items):
                out.extend(f"{i}. {_plain(item)}" for i, item in enumerate(items, 1))
            case Boxes(word, count):
                out.append(f"{word}: {count}")
            case ir.Row(_, lead, tokens):
                out.append(f"{_plain(lead)}: {_plain(tokens)}")
            case ActionHead(tokens, danger, letter):
                out.append(_plain(tokens) + (f" (danger {danger}{f' {letter}' if letter else ''})" if danger else ""))
            case Track(style, spaces, tokens):
                out.append(f"[{style}] {spaces}: {_plain(tokens)}")
            case Options(options):
                for option in options:
                    marks = [m for m in ("always" if option.always else "", option.excludes) if m]
                    shown = f" ({', '.join(marks)})" if marks else ""
                    out.append(f"{option.category}: {_plain(option.title)}{shown}")
    return out


def _rows_text(rows: tuple[Row, ...]) -> list[str]:
    """Each row as its lead prints it (colour and requirement, track and length), then
    its words and effects."""
    return [" ".join(filter(None, (row.kind, _plain(row_lead(row)), row.text.plain() if row.text else "")))
            + ": " + _plain(voice.effects_sentence(row.effects)) for row in rows]


def _action_text(action: CheckAction) -> list[str]:
    """A Special Action as printed: its name, then its dice check's rows, or the text and
    effects the Crewmember follows."""
    letter = f" {action.danger_letter}" if action.danger_letter else ""
    text = [f"{action.name}" + (f" (danger {action.danger}{letter})" if action.danger else "")]
    text += [t.plain() for t in action.text]
    if action.effects:
        text.append(_plain(voice.effects_sentence(action.effects)))
    return text + _rows_text(action.rows)


def _card_text(card: Card) -> tuple[str, ...]:
    text = [t.plain() for t in card.text]
    for action in card.actions:
        text += _action_text(action)
    return tuple(text + _rows_text(card.rows))


def _face_said(face: Face) -> tuple[str, ...]:
    """A printed card as lines: what the face wears above its text, then its blocks."""
    head = [face.label, *face.badges]
    if face.icons:
        head.append("Biomes: " + ", ".join(face.icons))
    if face.copies > 1:
        head.append(f"{face.copies} copies")
    art = []
    if face.art is not None:
        art = [f"Art: {face.art.image} ({face.art.digest[:12]})"] if face.art.image else []
        art += [f"Art brief: “{face.art.brief}”"] if face.art.brief else []
    return (" · ".join(head), *art, *_face_text(face.blocks), *_face_text(face.foot))


def _effects_line(effects: tuple[Effect, ...]) -> str:
    return ", ".join(voice.plain([voice.log_ref(e.param("log"))]) if e.op == "goto_log" else _plain(voice.said(e))
                     for e in effects)


def _board_text(planet: Planet) -> tuple[str, ...]:
    """What a planet's board prints, a line for each space and each path; where a sector
    lies and the lines between them are its layout, not its words, and are left out."""
    text = [t.plain() for t in planet.text] + art_lines(planet.art)
    if planet.events is not None:
        text.append(_plain(voice.events_rule(planet.events)))
    if planet.missions:
        text.append("Missions: " + ", ".join(planet.missions))
    if planet.rank_ups:
        text.append("Rank-Up cards: " + ", ".join(planet.rank_ups))
    text += [f"Unique Discovery {n}: {_plain(voice.effects_sentence((choice,)))}" for n, choice in planet.uniques]
    for condition in planet.printed_conditions:
        text.append(f"Global Condition “{condition.name}”: travel "
                    + (_plain(voice.effects_sentence(condition.travel)).rstrip(".") if condition.travel else "-")
                    + f"; supplies {'-' if condition.supplies is None else condition.supplies}")
    text += [f"Global Condition card {card}" for card in planet.condition_cards]
    if planet.lift_off:
        text.append("Lift off: " + _effects_line(planet.lift_off))
    if planet.evac:
        text.append("Evacuate: " + _effects_line(planet.evac))
    for sector in planet.sectors:
        marks = [f"“{sector.name}”" if sector.name else "", "lander" if sector.lander else "",
                 "card slot" if sector.slot else "", f"POI {sector.printed_poi}" if sector.printed_poi else "",
                 f"biomes {', '.join(sector.biomes)}" if sector.biomes else "",
                 _effects_line((sector.goto,)) if sector.goto is not None else ""]
        text.append(f"Sector {sector.number}: " + "; ".join(filter(None, marks)))
    for path in planet.paths:
        text.append(f"Path {path.a} {'<->' if path.two_way else '->'} {path.b}: " + _effects_line(path.costs))
    for sector in planet.sectors:
        text += [f"Sector {sector.number}: {line}" for action in sector.actions for line in _action_text(action)]
    for poi in planet.board_pois:
        text += [f"{poi.id} {poi.name}: {line}" for line in _card_text(poi)]
    return tuple(text)


def printed_entries(pack: Pack) -> list[Printed]:
    out: list[Printed] = []
    labels = {log.number: log.label for log in pack.logs}
    for book in books_of(pack):
        seen: dict[str, int] = {}
        for entry in book.entries:
            paragraphs = tuple(_blocks_text(entry.action))
            if entry.check:
                paragraphs = ("☐",) + paragraphs
            if entry.cost is not None:
                paragraphs = (f"Cost {entry.cost}" + (", always available" if entry.always else ""),
                              *map(_plain, entry.cost_notes)) + paragraphs
            if entry.result is not None:
                paragraphs += ("Result:",) + tuple(_blocks_text(entry.result))
            if book.kind == "logbook":
                # The Starting Log prints no number (`log start`): it is the one log of its key.
                label = None if entry.key == STARTING_KEY else labels.get(int(entry.key))
                identity: tuple[object, ...] = ("log", f"@{label}" if label else entry.key)
                out.append(Printed(identity, entry.key, "Log", book.file_name, entry.title_text, paragraphs))
            else:
                occurrence = seen.get(entry.key, 0)
                seen[entry.key] = occurrence + 1
                identity = ("entry", book.file_name, entry.key, occurrence)
                out.append(Printed(identity, entry.key, "Entry", book.file_name, entry.title_text, paragraphs))
    for location in pack.locations:
        text = [p for t in location.text for p in map(voice.plain, voice.rich(t))] + art_lines(location.art)
        if location.arrival:
            text.append("Arrival: " + _plain(voice.effects_sentence(location.arrival)))
        text += [f"{e.direction.capitalize()}: " + (f"{e.target}" + (f" ({e.mode})" if e.mode else "")
                                                     if e.target is not None else "*") for e in location.exits]
        text += _face_text(setup_blocks(location))
        text += _blocks_text(voice.blocks(location.choices))
        text += [f"{a.category}: {a.name.plain()} (not after {', '.join(a.excluded)})" for a in location.actions
                 if a.excluded]
        out.append(Printed(("location", location.number), str(location.number), "Location", "locations",
                           location.name.plain(), tuple(text)))
    # Every card as its face prints it (a planet's Landing card among them); a card's
    # identity is its kind and id, a vantage card's its number.
    for face in faces_of(pack, CARD_SIZES):
        number = face.key.partition(" ")[2]
        identity = ("vcard", int(number)) if face.kind == "vcard" else ("card", face.kind, number)
        out.append(Printed(identity, number, face.label, "cards", _plain(face.title), _face_said(face)))
    for planet in pack.planets:
        out.append(Printed(("planet", planet.id), planet.id, "Planet", "boards", planet.name, _board_text(planet)))
    return out


def word_diff(old: str, new: str) -> list[list[str]]:
    """[op, words] runs: op is "=", "-" or "+"."""
    a, b = old.split(), new.split()
    runs: list[list[str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            runs.append(["=", " ".join(a[i1:i2])])
            continue
        if i2 > i1:
            runs.append(["-", " ".join(a[i1:i2])])
        if j2 > j1:
            runs.append(["+", " ".join(b[j1:j2])])
    return runs


def _paragraph_changes(old: tuple[str, ...], new: tuple[str, ...]) -> list[list[list[str]]]:
    changes = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        changes.append(word_diff(" ".join(old[i1:i2]), " ".join(new[j1:j2])))
    return changes


def _summary(entry: Printed) -> dict[str, str]:
    return {"name": entry.name, "kind": entry.kind, "number": entry.number, "book": entry.book,
            "title": entry.title}


def diff_packs(old: Pack, new: Pack) -> PackDiff:
    result = PackDiff(new.name, new.title, old.version, new.version)
    before = {e.identity: e for e in printed_entries(old)}
    after = {e.identity: e for e in printed_entries(new)}
    gone = [e for key, e in before.items() if key not in after]
    came = [e for key, e in after.items() if key not in before]
    pairs = [(before[key], after[key]) for key in before if key in after]
    # Unmatched on both sides but reading the same, or titled the same: moved to
    # another number (and perhaps edited too).
    for same in (lambda a, b: a.paragraphs == b.paragraphs, lambda a, b: True):
        for entry in list(gone):
            twin = next((c for c in came if c.kind == entry.kind and c.book == entry.book
                         and c.title == entry.title and same(entry, c)), None)
            if twin is not None and entry.title:
                gone.remove(entry)
                came.remove(twin)
                pairs.append((entry, twin))
    result.removed = [_summary(e) for e in gone]
    result.added = [_summary(e) for e in came]
    for a, b in sorted(pairs, key=lambda p: (p[1].kind, p[1].book, _natural(p[1].number))):
        if a.number != b.number:
            result.renumbered.append({"name": a.name, "old": a.number, "new": b.number, "kind": a.kind})
        if a.title != b.title:
            result.retitled.append({"name": b.name, "old": a.title, "new": b.title})
        if a.paragraphs != b.paragraphs:
            result.changed.append({"name": b.name, "words": _paragraph_changes(a.paragraphs, b.paragraphs)})
    return result


def _natural(number: str) -> tuple[int, int, str, str]:
    head = number.split()[0]
    if head.isascii() and head.isdigit():
        # By length then text: int() refuses more than 4,300 digits.
        return (0, len(head.lstrip("0")), head.lstrip("0"), number)
    return (1, 0, "", number)


def _markdown_runs(runs: list[list[str]]) -> str:
    out = []
    for op, words in runs:
        words = words.replace("~", "\\~").replace("*", "\\*")
        out.append(words if op == "=" else f"~~{words}~~" if op == "-" else f"**{words}**")
    return " ".join(out)


def format_markdown(diffs: list[PackDiff]) -> str:
    lines: list[str] = []
    for d in diffs:
        if lines:
            lines.append("")
        version = d.new_version if d.old_version == d.new_version else f"{d.old_version} → {d.new_version}"
        lines.append(f"# Errata: {d.title} ({version})")
        if d.empty:
            lines += ["", "Nothing printed has changed."]
            continue
        sections = [("Renumbered", [f"- {r['name']} is now {r['kind']} {r['new']}." for r in d.renumbered]),
                    ("Added", [f"- {a['name']}" for a in d.added]),
                    ("Removed", [f"- {r['name']}" for r in d.removed]),
                    ("Retitled", [f"- {r['name']}: was “{r['old']}”" for r in d.retitled])]
        for heading, items in sections:
            if items:
                lines += ["", f"## {heading}", "", *items]
        if d.changed:
            lines += ["", "## Changed text"]
            for change in d.changed:
                lines += ["", f"### {change['name']}", ""]
                lines += "\n\n".join(f"> {_markdown_runs(runs)}" for runs in change["words"]).split("\n")
    return "\n".join(lines) + "\n"


def format_json(diffs: list[PackDiff]) -> str:
    return json.dumps({"packs": [{**asdict(d), "changes": not d.empty} for d in diffs]},
                      indent=2, ensure_ascii=False) + "\n"


def revision_folder(revision: str, path: Path, into: Path) -> Path:
    """The folder `path` (in a git work tree) as it was at `revision`, exported to `into`."""
    path = path.resolve()
    def git(*args: str, **kw: Any) -> subprocess.CompletedProcess[Any]:
        return subprocess.run(["git", "-C", str(path), *args], capture_output=True, check=False, **kw)
    top = git("rev-parse", "--show-toplevel", text=True)
    if top.returncode != 0:
        raise DiffError(f"{revision} is not a folder, and {path} is not in a git repository")
    relative = path.relative_to(Path(top.stdout.strip()).resolve()).as_posix()
    archive = subprocess.run(["git", "-C", top.stdout.strip(), "archive", "--format=tar", revision, "--",
                              relative or "."], capture_output=True, check=False)
    if archive.returncode != 0:
        raise DiffError(f"git cannot find {relative or '.'} at revision {revision}: "
                        + archive.stderr.decode("utf-8", "replace").strip())
    import tarfile
    from io import BytesIO
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into / relative


def temporary_folder() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="vcompiler-diff-")
