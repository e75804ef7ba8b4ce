"""What the preview can show: every entry and component of a pack as the reader
addresses it (`log-227`, `planet-eye`, `poi-P104`, `location-101`, `depart-101-east`,
`card-1201`), with where it is written, so that a cursor or an edit names the one to
show. The addresses are the reader's (vcompiler.reader), so that a link followed in
either pane lands on the same thing in the other."""
from __future__ import annotations

from collections.abc import Callable

from vcompiler.model import types as m
from vcompiler.reader import face_anchor
from vcompiler.registry import CARD_SIZES
from vcompiler.render import voice
from vcompiler.render.cards import Face, location_faces, vanguard_faces, vantage_faces
from vcompiler.source import Span
from vcompiler.util.frozen import frozen

Node = tuple[str, object]


@frozen
class Target:
    anchor: str
    kind: str                         # log | planet | card | location | depart | vcard
    title: str                        # as the reader names it: "Log 227 Echoes in the Hull"
    span: Span                        # its header, as the model has it
    node: Node | None = None          # its node in the story graph, where it has one
    face: Face | None = None          # the card it prints, where it prints one


class TargetMemo:
    """What `targets` found last time, for a process that asks after every check (the
    preview, the language server): a file's declarations' extents while its text is the
    same, and a log's, location's or depart's target while the engine keeps the same
    entity for it (it makes a new one when the declaration changes or moves)."""

    def __init__(self) -> None:
        self.ends: dict[str, tuple[str, dict[int, int]]] = {}
        self.made: dict[int, tuple[object, Target]] = {}


def targets(pack: m.Pack, memo: TargetMemo | None = None) -> list[Target]:
    """Every entry and component of the pack, in the order the reader holds them."""
    memo = memo or TargetMemo()
    ends: dict[str, dict[int, int]] = {}
    for source in pack.files:
        last = memo.ends.get(source.display)
        if last is None or not (last[0] is source.text or last[0] == source.text):
            last = (source.text, _ends(source.text))
        ends[source.display] = last[1]
    changed = {display for display, (_, before) in memo.ends.items()
               if display not in ends or ends[display] is not before}
    memo.ends = {source.display: (source.text, ends[source.display]) for source in pack.files}

    def whole(span: Span) -> Span:
        last = ends.get(span.file, {}).get(span.line, span.end_line)
        return span if last <= span.end_line else span._replace(end_line=last)

    made: dict[int, tuple[object, Target]] = {}

    def kept(entity: object, span: Span, make: Callable[[], Target]) -> Target:
        # A file whose text changed may have moved where a kept declaration ends.
        old = memo.made.get(id(entity))
        target = old[1] if old is not None and old[0] is entity and span.file not in changed else make()
        made[id(entity)] = (entity, target)
        return target

    found = _targets(pack, whole, kept)
    memo.made = made
    return found


def _ends(text: str) -> dict[int, int]:
    """Each top-level declaration's first line -> its last: a declaration starts at a
    line that begins with a word outside a long string, and runs to the line before the
    next one, less the blank and comment lines before that."""
    lines = text.split("\n")
    starts = []
    in_string = False
    for n, line in enumerate(lines, start=1):
        if not in_string and line[:1].isalpha():
            starts.append(n)
        if line.count('"""') % 2:
            in_string = not in_string
    ends = {}
    for first, after in zip(starts, [*starts[1:], len(lines) + 1]):
        last = after - 1
        while last > first and (not (stripped := lines[last - 1].strip()) or stripped.startswith("//")):
            last -= 1
        ends[first] = last
    return ends


def _log(log: m.Log, whole: Callable[[Span], Span]) -> Target:
    title = log.title.plain() if log.title else ""
    return Target(voice.log_anchor(log.number), "log",
                  " ".join(x for x in ("Starting Log" if log.starting else f"Log {log.number}", title) if x),
                  whole(log.span), ("log", log.number))


def _targets(pack: m.Pack, whole: Callable[[Span], Span],
             kept: Callable[[object, Span, Callable[[], Target]], Target]) -> list[Target]:
    found: list[Target] = [kept(log, log.span, lambda log=log: _log(log, whole)) for log in pack.logs]  # type: ignore[misc]
    for planet in pack.planets:
        found.append(Target(f"planet-{planet.id}", "planet", f"Planet {planet.name}", whole(planet.span),
                            ("planet", planet.id)))
    if pack.game == "vanguard":
        for face in vanguard_faces(pack, CARD_SIZES):
            title = " ".join(x for x in (face.label, face.number, voice.plain(face.title)) if x)
            found.append(Target(face_anchor(face), "card", title, whole(face.span), None, face))
        return found
    locations = {face.span: face for face in location_faces(pack, CARD_SIZES)}
    for location in pack.locations:
        found.append(Target(f"location-{location.number}", "location",
                            f"Location {location.number} {location.name.plain()}", whole(location.span),
                            ("location", location.number), locations.get(location.span)))
    found += [kept(depart, depart.span, lambda d=depart: Target(  # type: ignore[misc]
        f"depart-{d.number}-{d.direction}", "depart", f"Depart {d.number} {d.direction}", whole(d.span),
        ("depart", (d.number, d.direction)))) for depart in pack.departs]
    cards = {face.span: face for face in vantage_faces(pack, CARD_SIZES)}
    for card in pack.vantage_cards:
        found.append(Target(f"card-{card.number}", "vcard", f"Card {card.number} {card.name.plain()}",
                            whole(card.span), ("vcard", card.number), cards.get(card.span)))
    return found


def _inside(span: Span, file: str, line: int) -> bool:
    return span.file == file and span.line <= line <= span.end_line


def target_at(found: list[Target], file: str, line: int) -> Target | None:
    """The innermost entry or component written at `line` (1-based) of `file` (its
    display path): the one whose declaration holds the line."""
    holding = [t for t in found if _inside(t.span, file, line)]
    return min(holding, key=lambda t: t.span.end_line - t.span.line, default=None)


def entry_at(pack: m.Pack, file: str, line: int) -> Target | None:
    return target_at(targets(pack), file, line)


def first_changed_line(old: str, new: str) -> int | None:
    """The first line (1-based) where two texts of a file differ; None when they do not."""
    if old == new:
        return None
    old_lines, new_lines = old.split("\n"), new.split("\n")
    for n, (a, b) in enumerate(zip(old_lines, new_lines), start=1):
        if a != b:
            return n
    return min(len(old_lines), len(new_lines)) + 1
