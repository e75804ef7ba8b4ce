"""The model stage: the AST of a pack's files -> a resolved `Pack`. Here the pack's
header is read, declarations of the other game are set aside (E209), labels get
numbers, duplicates are found (E205), and each declaration becomes an entity
(entities.py), its effects, conditions and requirements given their meaning
(resolve.py) and its mentions of other entities recorded (references.py)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar, cast

from vcompiler import ast, codes
from vcompiler.ast import ParsedFile
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.model import types as m
from vcompiler.model.art import ArtReader
from vcompiler.model.entities import Duplicate, Entities
from vcompiler.model.numbering import LOCK_NAME, assign_numbers, read_lock
from vcompiler.model.references import References
from vcompiler.model.resolve import Resolver
from vcompiler.registry import GAMES, Kind, kind_named
from vcompiler.source import SourceFile, Span
from vcompiler.util.frozen import frozen
from vcompiler.vocabulary import MAX_NUMBER

Entity = TypeVar("Entity")
DEFAULT_NUMBERING = (1, 999, 0)
_KIND_OF: dict[type, str] = {
    ast.PlanetDecl: "planet", ast.LogDecl: "log", ast.LocationDecl: "location",
    ast.DepartDecl: "depart", ast.VantageCardDecl: "vcard",
}


def kind_of(decl: ast.Declaration) -> Kind:
    """What a declaration defines; a vanguard card declaration says its own kind."""
    if isinstance(decl, ast.CardDecl):
        return kind_named(decl.kind)
    return kind_named(_KIND_OF[type(decl)])


@frozen
class ModelResult:
    pack: m.Pack | None
    diagnostics: tuple[Diagnostic, ...]


@frozen
class _Header:
    """The pack declaration's settings, each the first of its keyword."""
    game: str
    title: str | None
    version: str
    start: ast.Goto | None
    numbering: m.Numbering
    vocabulary: m.Vocabulary = m.Vocabulary()
    guides: tuple[tuple[str, ast.Text], ...] = ()


class Memo:
    """What each declaration made in an earlier build of the same pack, for a resident
    checker: the very same declaration object, in the same context (the game, the
    numbers labels got, the kinds of card ids), makes the same entity, references and
    diagnostics, so only the declarations of edited files are resolved again."""

    def __init__(self) -> None:
        self.context: object = None
        self.made: dict[int, tuple[ast.Declaration, object, list[m.Reference], list[Diagnostic]]] = {}
        self.reused = 0
        self.builds = 0
        # How the pack's references changed in the last build: the checks patch what
        # they keep (the story graph) with these rather than read every reference.
        self.added: list[m.Reference] = []
        self.removed: list[m.Reference] = []
        self._loose: list[m.Reference] = []     # made outside any declaration (the start)

    def start(self, context: object) -> None:
        self.builds += 1
        self.added, self.removed = [], []
        if context != self.context:
            self.context = context
            for entry in self.made.values():
                self.removed.extend(entry[2])
            self.made.clear()
        self.reused = 0

    def forget(self, key: int) -> None:
        self.removed.extend(self.made.pop(key)[2])

    def finish(self, loose: list[m.Reference]) -> None:
        self.removed.extend(self._loose)
        self.added.extend(loose)
        self._loose = loose


def build_model(parsed: list[ParsedFile], folder: Path, folder_display: str,
                complete: bool = True, memo: Memo | None = None) -> ModelResult:
    """`complete`: every file of the pack was read and parsed without error. `memo`:
    kept between builds of one pack to reuse what unchanged declarations made; the
    result is the same without it."""
    found: list[Diagnostic] = []
    duplicate = Duplicate(found)
    declarations = [d for p in parsed for d in p.file.declarations]
    pack_decl = _the_pack(parsed, declarations, folder_display, found, duplicate)
    if pack_decl is None:
        return ModelResult(None, tuple(found))
    source = next((p.source for p in parsed if p.source.display == pack_decl.span.file), None)
    header = _read_header(pack_decl, found, source)

    kept = [d for d in declarations if not isinstance(d, ast.PackDecl) and _right_game(d, header.game, found)]
    card_kinds: dict[str, str] = {}
    for decl in kept:
        if isinstance(decl, ast.CardDecl):
            card_kinds.setdefault(decl.id, decl.kind)
    labels, declared_labels = _number_logs(kept, parsed, folder, folder_display, header.numbering, found)
    references = References(labels, declared_labels, card_kinds, found)
    planets = {d.id: d.name for d in kept if isinstance(d, ast.PlanetDecl)}
    art = ArtReader(folder, found)
    entities = Entities(Resolver(header.game, references, found, header.vocabulary, planets), found,
                        {p.source.display: p.source for p in parsed}, art)
    if memo is not None:
        memo.start((header.game, tuple(labels.items()), frozenset(declared_labels), tuple(card_kinds.items()),
                    header.vocabulary, tuple(planets.items())))
    made = _Made(entities, references, found, duplicate, memo)
    for decl in kept:
        made.add(decl, labels)
    made.forget_the_rest()
    start = _starting_log(pack_decl, header, kept, references, found, memo)
    pack = m.Pack(
        name=pack_decl.name, game=header.game, title=header.title or pack_decl.name, version=header.version,
        start=start, numbering=header.numbering, span=pack_decl.span, vocabulary=header.vocabulary,
        guides=header.guides,
        folder=folder_display, files=tuple(p.source for p in parsed),
        logs=tuple(made.logs[n] for n in sorted(made.logs)),
        planets=tuple(made.planets[k] for k in sorted(made.planets)),
        cards=tuple(made.cards[k] for k in sorted(made.cards, key=lambda k: (k[0], _natural(k[1])))),
        locations=tuple(made.locations[n] for n in sorted(made.locations)),
        departs=tuple(made.departs[k] for k in sorted(made.departs)),
        vantage_cards=tuple(made.vcards[n] for n in sorted(made.vcards)),
        labels=dict(sorted(labels.items())),
        references=tuple(references.found),
        unparsed=frozenset(key for p in parsed for key in p.unparsed if key[0] != "label") | _renumbered(kept),
        complete=complete,
        art=art(pack_decl.art),
    )
    return ModelResult(pack, tuple(found))


def _the_pack(parsed: list[ParsedFile], declarations: list[ast.Declaration], folder_display: str,
              found: list[Diagnostic], duplicate: Duplicate) -> ast.PackDecl | None:
    """The pack declaration the folder is read by, or None (with why in `found`): the
    one in pack.vcl at the top of the folder, since one pasted into another file or in
    a copy in a subfolder is the second, whatever the file order."""
    relative = {p.source.display: p.source.relative for p in parsed}
    packs = sorted((d for d in declarations if isinstance(d, ast.PackDecl)),
                   key=lambda d: (relative.get(d.span.file, "").count("/"),
                                  relative.get(d.span.file, "").rsplit("/", 1)[-1] != "pack.vcl"))
    if not packs and any(kind == "pack" for p in parsed for kind, _ in p.unparsed):
        # The pack declaration is there but did not parse (E100 says where): without
        # its game and start there is nothing more to check.
        return None
    if not packs:
        span = parsed[0].source.whole() if parsed else Span(folder_display, 1, 1, 1, 1)
        where = "its .vcl files" if parsed else "it: the folder has no .vcl file"
        found.append(diagnostic(
            codes.NO_PACK, span, message=f"{folder_display} has no `pack` declaration in {where}",
            hint='add a pack.vcl: pack NAME { game vanguard; title "…"; version "0.1.0"; start log 1 }'))
        return None
    for extra in packs[1:]:
        if extra.name == packs[0].name:
            duplicate("pack", extra.name, extra.span, packs[0].span, hint="a folder holds one pack: remove this "
                      "declaration")
            continue
        found.append(diagnostic(
            codes.NO_PACK, extra.span,
            message=f"{folder_display} declares a second pack, {extra.name}, beside {packs[0].name}: "
                    f"a folder holds one pack",
            hint=f"move pack {extra.name} and its files into a folder of their own, or remove one declaration",
            related=[Related(packs[0].span, f"pack {packs[0].name}")]))
    return packs[0]


class _Made:
    """The entities the declarations make, each kind by its key; the second of one key
    is E205. With a memo, a declaration unchanged since the last build gives back what
    it made then (and what it reported)."""

    def __init__(self, entities: Entities, references: References, found: list[Diagnostic],
                 duplicate: Duplicate, memo: Memo | None) -> None:
        self.entities, self.references, self.found = entities, references, found
        self.duplicate, self.memo = duplicate, memo
        self.seen: set[int] = set()
        self.first_span: dict[tuple[str, object], Span] = {}
        self.logs: dict[int, m.Log] = {}
        self.planets: dict[str, m.Planet] = {}
        self.cards: dict[tuple[str, str], m.Card] = {}
        self.locations: dict[int, m.Location] = {}
        self.departs: dict[tuple[int, str], m.Depart] = {}
        self.vcards: dict[int, m.VantageCard] = {}

    def make(self, decl: ast.Declaration, build: Callable[..., Entity], *args: object) -> Entity:
        """`build(*args)`'s entity, or what the same declaration made last time."""
        memo = self.memo
        if memo is None:
            return build(*args)
        self.seen.add(id(decl))
        earlier = memo.made.get(id(decl))
        if earlier is not None and earlier[0] is decl:
            memo.reused += 1
            self.references.found.extend(earlier[2])
            self.found.extend(earlier[3])
            return cast(Entity, earlier[1])       # made by the same declaration, so of its kind
        if earlier is not None:
            memo.forget(id(decl))       # another declaration that had the same id
        refs_before, found_before = len(self.references.found), len(self.found)
        entity = build(*args)
        memo.made[id(decl)] = (decl, entity, self.references.found[refs_before:], self.found[found_before:])
        memo.added.extend(memo.made[id(decl)][2])
        return entity

    def register(self, key: object, what: str, name: object, span: Span, namespace: str = "") -> bool:
        full = (namespace or what, key)
        if full in self.first_span:
            self.duplicate(what, name, span, self.first_span[full])
            return False
        self.first_span[full] = span
        return True

    def add(self, decl: ast.Declaration, labels: Mapping[str, int]) -> None:
        entities = self.entities
        if isinstance(decl, ast.LogDecl):
            number = decl.target.value if decl.target.kind != "label" else labels.get(str(decl.target.value))
            if not isinstance(number, int):
                return
            shown = {"label": f"@{decl.target.value}", "start": "start"}.get(decl.target.kind, number)
            if self.register(number, "log", shown, decl.span):
                self.logs[number] = self.make(decl, entities.log, decl, number)
        elif isinstance(decl, ast.PlanetDecl):
            if self.register(decl.id, "planet", decl.id, decl.span):
                planet = self.make(decl, entities.planet, decl, self.duplicate)
                self.planets[decl.id] = planet
                self.cards.update((("poi", poi.id), poi) for poi in planet.board_pois)
        elif isinstance(decl, ast.CardDecl):
            if self.register(decl.id, decl.kind, kind_named(decl.kind).shown(decl.id), decl.span, "card"):
                self.cards[(decl.kind, decl.id)] = self.make(decl, entities.card, decl)
        elif isinstance(decl, ast.LocationDecl):
            if self.register(decl.number, "location", f"{decl.number:03d}", decl.span):
                self.locations[decl.number] = self.make(decl, entities.location, decl)
        elif isinstance(decl, ast.DepartDecl):
            key = (decl.number, decl.direction)
            if self.register(key, "depart", f"{decl.number} {decl.direction}", decl.span):
                self.departs[key] = self.make(decl, entities.depart, decl)
        elif isinstance(decl, ast.VantageCardDecl):
            if self.register(decl.number, "vcard", decl.number, decl.span):
                self.vcards[decl.number] = self.make(decl, entities.vantage_card, decl)

    def forget_the_rest(self) -> None:
        """What the memo keeps of declarations this build did not see is dropped."""
        if self.memo is not None:
            for gone in self.memo.made.keys() - self.seen:
                self.memo.forget(gone)


def _starting_log(pack_decl: ast.PackDecl, header: _Header, kept: Sequence[ast.Declaration],
                  references: References, found: list[Diagnostic], memo: Memo | None) -> m.Effect | None:
    """Where reading starts: the Starting Log (`log start`), else the pack's `start`;
    both given is TWO_STARTS at the pack's."""
    start = None
    before_start = len(references.found)
    starting = next((d for d in kept if isinstance(d, ast.LogDecl) and d.target.kind == "start"), None)
    if header.start is not None and starting is not None:
        found.append(diagnostic(
            codes.TWO_STARTS, header.start.span, pack=pack_decl.name,
            hint="remove this `start`: reading starts at the Starting Log, `log start`",
            related=[Related(starting.span, "the Starting Log")]))
    if starting is not None:
        start = references.goto(("pack", pack_decl.name), ast.Goto("log", starting.target, starting.span), "start")
    elif header.start is not None:
        start = references.goto(("pack", pack_decl.name), header.start, "start")
    if memo is not None:
        memo.finish(references.found[before_start:])
    return start


def _renumbered(declarations: Iterable[ast.Declaration]) -> frozenset[tuple[str, object]]:
    """Planets with two sectors of one number (E205): the second was most likely meant
    to have a number the planet now lacks, and which one is not known, so the planet's
    sectors are as unknown as those of a planet that did not parse, and a way to a
    sector it lacks is not a second error (see checks.references.undefined_test)."""
    found = set()
    for decl in declarations:
        if isinstance(decl, ast.PlanetDecl):
            numbers = [sector.number for sector in decl.sectors]
            if len(set(numbers)) < len(numbers):
                found.add(("planet", decl.id))
    return frozenset(found)


# ---------------------------------------------------------------- pack header
_REQUIRED_HINTS = {
    "game": "add " + " or ".join(f"`game {g.name}`" for g in GAMES),
    "title": 'add `title "The Name on the Box"`',
    "version": 'add `version "0.1.0"`',
}


def _read_header(decl: ast.PackDecl, found: list[Diagnostic], source: SourceFile | None = None) -> _Header:
    """`source`: the file of the declaration, to point at a number of its settings."""
    first: dict[str, ast.PackSetting] = {}
    for setting in decl.settings:
        # A setting given twice is the parser's to report (registry/lines.py).
        first.setdefault(ast.SETTING_KEYWORDS[type(setting)], setting)
    for required, hint in _REQUIRED_HINTS.items():
        if required not in first:
            found.append(diagnostic(codes.BAD_PACK, decl.span, message=f"pack {decl.name} has no `{required}`",
                                    hint=hint))
    game = first.get("game")
    title = first.get("title")
    version = first.get("version")
    start = first.get("start")
    numbering = first.get("numbering")
    low, high, seed = DEFAULT_NUMBERING
    if isinstance(numbering, ast.NumberingSetting):
        low, high = numbering.low, numbering.high
        seed = numbering.seed if numbering.seed is not None else 0
        if low > high:
            found.append(diagnostic(codes.BAD_PACK, numbering.span, message=f"numbering range {low}..{high} is empty",
                                    hint="write the lower number first"))
            low, high = high, low
        if high > MAX_NUMBER:
            at = source.word_in(numbering.span, str(high)) if source is not None else numbering.span
            found.append(diagnostic(codes.LIMIT, at,
                                    message=f"numbering range {low}..{_size(high)} runs past {MAX_NUMBER:,}, the "
                                            "largest number the language takes",
                                    hint="a printed book has a few thousand entries: give a range that fits it"))
        elif seed >= 2 ** 63:
            found.append(diagnostic(codes.LIMIT, numbering.span,
                                    message=f"numbering seed {_size(seed)} is past the limit of 2**63 - 1",
                                    hint="any smaller seed shuffles as well"))
        if high > MAX_NUMBER or seed >= 2 ** 63:
            low, high, seed = DEFAULT_NUMBERING
    return _Header(
        guides=_guides(decl, game.game if isinstance(game, ast.GameSetting) else "", found),
        game=game.game if isinstance(game, ast.GameSetting) else "",
        title=title.title if isinstance(title, ast.TitleSetting) else None,
        version=version.version if isinstance(version, ast.VersionSetting) else "",
        start=start.target if isinstance(start, ast.StartSetting) else None,
        numbering=m.Numbering(low, high, seed), vocabulary=_vocabulary(decl))


def _vocabulary(decl: ast.PackDecl) -> m.Vocabulary:
    """The words the pack adds to the game's open vocabularies, each once, in the order
    first written."""
    said: dict[str, dict[str, None]] = {"skills": {}, "biomes": {}, "decks": {}}
    for setting in decl.settings:
        if isinstance(setting, ast.VocabularySetting):
            said[setting.what].update((str(w.value), None) for w in setting.words)
    return m.Vocabulary(tuple(said["skills"]), tuple(said["biomes"]), tuple(said["decks"]))


def _guides(decl: ast.PackDecl, game: str, found: list[Diagnostic]) -> tuple[tuple[str, ast.Text], ...]:
    """The back-cover guide of each storybook the pack words its own (VR 14)."""
    guides: dict[str, ast.GuideSetting] = {}
    for guide in (s for s in decl.settings if isinstance(s, ast.GuideSetting)):
        if game and game != "vantage":
            found.append(diagnostic(codes.GUIDE, guide.span, message=f"a {game} pack prints no storybook back cover",
                                    hint="remove the `guide`: only a vantage pack's storybooks have one"))
        elif guide.book in guides:
            found.append(diagnostic(codes.GUIDE, guide.span, message=f"the {guide.book} storybook has a guide already",
                                    hint="its back cover holds one guide: write all of it in one `guide`",
                                    related=[Related(guides[guide.book].span, "first given here")]))
        else:
            guides[guide.book] = guide
    return tuple((book, guides[book].text) for book in sorted(guides))


def _size(count: int) -> str:
    return str(count) if count.bit_length() < 80 else f"about 10**{len(str(count)) - 1}"


def _right_game(decl: ast.Declaration, pack_game: str, found: list[Diagnostic]) -> bool:
    kind = kind_of(decl)
    if not pack_game or kind.game is None or kind.game == pack_game:
        return True
    found.append(diagnostic(codes.OTHER_GAME, decl.span, what=kind.described, game=kind.game,
                            pack_game=pack_game,
                            hint=f"move it to a {kind.game} pack" + (f"; a {pack_game} pack writes {kind.instead}"
                                                                      if kind.instead else "")))
    return False


# ---------------------------------------------------------------- numbering
def _number_logs(declarations: Iterable[ast.Declaration], parsed: list[ParsedFile], folder: Path,
                 folder_display: str, numbering: m.Numbering,
                 found: list[Diagnostic]) -> tuple[dict[str, int], set[str]]:
    """The numbers labels get, and every label a log declares."""
    fixed: dict[int, Span] = {}
    labels: list[tuple[str, Span]] = []
    declared: set[str] = set()
    for decl in declarations:
        if not isinstance(decl, ast.LogDecl):
            continue
        target = decl.target
        if target.kind in ("number", "start"):
            fixed.setdefault(int(target.value), target.span)
        elif str(target.value) not in declared:
            declared.add(str(target.value))
            labels.append((str(target.value), target.span))
    # A label whose log failed to parse is declared all the same: references to it
    # are not undefined, they just have no number to print yet.
    declared.update(str(key) for p in parsed for kind, key in p.unparsed if kind == "label")
    lock = read_lock(folder)
    lock_display = f"{folder_display.rstrip('/')}/{LOCK_NAME}"
    if lock.problem:
        line, column = lock.at
        lock_span = Span(lock_display, line, column, line, column + 1)
        found.append(diagnostic(codes.BAD_LOCK, lock_span, message=lock.problem, hint=lock.hint))
    numbers, problems = assign_numbers(fixed, labels, lock.labels, numbering.low, numbering.high, numbering.seed,
                                       lock.spans(lock_display))
    found.extend(problems)
    return numbers, declared


def _natural(ident: str) -> tuple[str, int, str, str]:
    # ASCII digits (isdigit() is also true of "➍"), compared by length then text rather
    # than converted: int() refuses more than 4,300 digits.
    digits = "".join(ch for ch in ident if ch in "0123456789").lstrip("0")
    return (ident.rstrip("0123456789"), len(digits), digits, ident)
