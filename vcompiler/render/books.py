"""Which books a pack prints, and each as a view: the entries in print order with
their text already in the game's voice. Plain data, so that it can be handed to the
templates (and to another process)."""
from __future__ import annotations

from dataclasses import dataclass, field

from vcompiler.model import types as m
from vcompiler.registry import game_named
from vcompiler.render.voice import Sentence, blocks, log_anchor, plain, rich, rich_line
from vcompiler.vocabulary import CATEGORIES


@dataclass(frozen=True)
class Entry:
    anchor: str
    key: str                          # what the reader looks up: "204", "101", "101 east"
    title: Sentence
    title_text: str
    check: bool = False
    cost: int | None = None
    always: bool = False
    action: list = field(default_factory=list)     # blocks read first (text, statements)
    result: list | None = None                     # storybooks: blocks read after acting


@dataclass(frozen=True)
class Book:
    file_name: str
    kind: str                         # logbook | storybook
    pack_title: str
    subtitle: str
    version: str
    entry_word: str                   # what one entry is called: "Log", "Entry"
    entries: tuple[Entry, ...]

    @property
    def index(self) -> list[tuple[str, str, str]]:
        """Titled entries by title: (title, key, anchor)."""
        titled = [(e.title_text, e.key, e.anchor) for e in self.entries if e.title_text]
        return sorted(titled, key=lambda t: (t[0].casefold(), t[1]))


def logbook(pack: m.Pack) -> Book:
    entries = []
    for log in pack.logs:
        title = rich_line(log.title)
        entries.append(Entry(log_anchor(log.number), str(log.number), title, plain(title),
                             check=log.has_check, action=blocks(log.statements)))
    return Book("logbook.pdf", "logbook", pack.title, "Logbook", pack.version, "Log", tuple(entries))


def _story_entry(key: str, anchor: str, action: m.StoryAction) -> Entry:
    title = rich_line(action.name)
    text = [("p", p) for t in action.text for p in rich(t)]
    return Entry(anchor, key, title, plain(title), cost=action.cost, always=action.always,
                 action=text, result=blocks(action.result))


def storybooks(pack: m.Pack) -> list[Book]:
    books = []
    for category in CATEGORIES:
        found = [(loc.number, a) for loc in pack.locations for a in loc.actions if a.category == category]
        found += [(card.number, a) for card in pack.vantage_cards for a in card.actions if a.category == category]
        found.sort(key=lambda pair: pair[0])
        entries = tuple(_story_entry(str(n), f"entry-{n}-{i}", a) for i, (n, a) in enumerate(found))
        books.append(Book(f"storybook-{category}.pdf", "storybook", pack.title,
                          f"{category.capitalize()} Storybook", pack.version, "Entry", entries))
    departs = tuple(_story_entry(f"{d.number} {d.direction}", f"depart-{d.number}-{d.direction}", d.action)
                    for d in pack.departs)
    books.append(Book("storybook-depart.pdf", "storybook", pack.title, "Depart Storybook", pack.version,
                      "Entry", departs))
    return books


def books_of(pack: m.Pack) -> list[Book]:
    game = game_named(pack.game)
    return [logbook(pack)] if game is not None and game.logbook else storybooks(pack)


@dataclass(frozen=True)
class Section:
    """A part of a book that renders on its own and starts on a new page: the cover,
    a run of entries, a run of results, the index."""
    kind: str                         # cover | entries | results | index
    entries: tuple[Entry, ...] = ()
    first: bool = True                # the first section of its kind
    lines: tuple[tuple[str, str, str], ...] = ()    # index: (title, key, anchor)


# About 45 A5 pages of text: small enough to lay out quickly and in little memory,
# large enough that the few partly empty pages where sections meet do not matter.
SECTION_CHARACTERS = 60_000


def _size(entry: Entry) -> int:
    def measure(tokens) -> int:
        return sum(len(t[1]) if t[0] in ("t", "r") else measure(t[1]) if t[0] in ("e", "s") else 2
                   for t in tokens)
    blocks = list(entry.action) + list(entry.result or [])
    total = 80 + measure(entry.title)
    for kind, content in blocks:
        total += 40 + (measure(content) if kind == "p" else sum(measure(item) + 20 for item in content))
    return total


def _runs(entries: tuple[Entry, ...], kind: str, budget: int) -> list[Section]:
    runs: list[list[Entry]] = [[]]
    used = 0
    for entry in entries:
        size = _size(entry)
        if runs[-1] and used + size > budget:
            runs.append([])
            used = 0
        runs[-1].append(entry)
        used += size
    return [Section(kind, tuple(run), first=i == 0) for i, run in enumerate(runs)]


def sections(book: Book, budget: int = SECTION_CHARACTERS) -> list[Section]:
    """The book's sections in print order, except the index, which needs the page
    numbers of the others."""
    parts = [Section("cover")]
    parts += _runs(book.entries, "entries", budget) if book.entries else [Section("entries")]
    if book.kind == "storybook" and book.entries:
        parts += _runs(book.entries, "results", budget)
    return parts


# Index lines with dot leaders cost WeasyPrint much memory per line: a few pages a section.
INDEX_LINES = 200


def index_sections(book: Book, per: int = INDEX_LINES) -> list[Section]:
    lines = book.index
    return [Section("index", lines=tuple(lines[i:i + per]), first=i == 0) for i in range(0, len(lines), per)]
