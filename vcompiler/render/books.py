"""Which books a pack prints, and each as a view: the entries in print order with
their text already in the game's voice. Plain data, so that it can be handed to the
templates (and to another process)."""
from __future__ import annotations

from dataclasses import field, replace

from vcompiler.model import types as m
from vcompiler.registry.art import COVER_MM
from vcompiler.registry.phrasebook import say
from vcompiler.render.art import ArtView, art_view
from vcompiler.render.ir import BookBlock, Check, Choices, Emphasis, Icon, Paragraph, Ref, Sentence, Words
from vcompiler.render.voice import (
    DangerTable,
    blocks,
    cost_notes,
    danger_tables,
    legend,
    log_anchor,
    logbook_guide,
    phrased,
    plain,
    rich,
    rich_line,
)
from vcompiler.util.frozen import frozen
from vcompiler.vocabulary import CATEGORIES, DANGER_LETTERS


@frozen
class Entry:
    anchor: str
    key: str                          # what the reader looks up: "204", "101", "101 east"
    title: Sentence
    title_text: str
    check: bool = False
    cost: int | None = None
    always: bool = False
    action: list[BookBlock] = field(default_factory=list)     # read first (text, statements)
    result: list[BookBlock] | None = None                     # storybooks: read after acting
    leads_to: tuple[str, ...] = ()                 # anchors its gotos and choices send the reader to
    cost_notes: tuple[Sentence, ...] = ()          # storybooks: skills that reduce the cost, boost it takes


@frozen
class Book:
    file_name: str
    kind: str                         # logbook | storybook
    pack_title: str
    subtitle: str
    version: str
    entry_word: str                   # what one entry is called: "Log", "Entry"
    entries: tuple[Entry, ...]
    # Whether the index and the outline show titles. A title beside its number tells
    # a reader where a story goes, which shuffled or keyed numbers are meant to hide.
    titles: bool = True
    art: ArtView | None = None        # the cover's illustration, or its placeholder
    # The front page's guide to reading the book, and its key to the icons, by group.
    guide: tuple[Sentence, ...] = ()
    legend: tuple[tuple[str, tuple[tuple[Icon, str], ...]], ...] = ()
    # A storybook's back cover: its reference guide (VR 14), the pack's `guide` or
    # DEFAULT_GUIDE; none for a Logbook.
    back_guide: tuple[BookBlock, ...] = ()

    @property
    def index(self) -> list[tuple[str, str, str]]:
        """Titled entries in the order of their numbers: (title, key, anchor); none
        when the book does not show titles."""
        if not self.titles:
            return []
        return [(e.title_text, e.key, e.anchor) for e in sorted(self.entries, key=number_order) if e.title_text]


# What the Starting Log prints where other logs print their number (RB 331, 1012).
STARTING_KEY = "Starting Log"


def number_order(entry: Entry) -> tuple[int, str] | tuple[int, int, str, str]:
    """"28" before "279", "101 east" after "101"; the Starting Log first."""
    if entry.key in (STARTING_KEY, say(STARTING_KEY)):
        return (-1, "")
    head, _, rest = entry.key.partition(" ")
    # ASCII digits (an injury named "➍" is a name), compared by length then text: int()
    # refuses more than 4,300 digits.
    if head.isascii() and head.isdigit():
        return (0, len(head.lstrip("0")), head.lstrip("0"), rest)
    return (1, 0, "", entry.key)


def _leads_to(statements: tuple[m.Statement, ...]) -> tuple[str, ...]:
    out = []
    for s in statements:
        if isinstance(s, (m.ChoiceStatement, m.IfStatement, m.ElseStatement)):
            effects = [s.target]
        elif isinstance(s, m.EffectStatement):
            effects = list(s.effect.options)
        else:
            continue
        out += [log_anchor(number) for e in effects
                if e.op == "goto_log" and isinstance(number := e.param("log"), int)]
    return tuple(dict.fromkeys(out))


def _with_check(statements: tuple[m.Statement, ...]) -> list[BookBlock]:
    """The statements as blocks, with a Check block where the log's `check` stands:
    the box is marked when the reading gets there, not before."""
    out: list[BookBlock] = []
    run: list[m.Statement] = []
    for s in statements:
        if isinstance(s, m.CheckStatement):
            out += blocks(tuple(run)) + [Check()]
            run = []
        else:
            run.append(s)
    return out + blocks(tuple(run))


def logbook(pack: m.Pack, titles: bool | None = None) -> Book:
    """`titles`: None shows them unless some log has a shuffled (@label) number."""
    entries = []
    for log in pack.logs:
        title = rich_line(log.title)
        key = say(STARTING_KEY) if log.starting else str(log.number)
        entries.append(Entry(log_anchor(log.number), key, title, plain(title),
                             check=log.has_check, action=_with_check(log.statements),
                             leads_to=_leads_to(log.statements)))
    shown = not any(log.label for log in pack.logs) if titles is None else titles
    return Book("logbook.pdf", "logbook", pack.title, say("Logbook"), pack.version, say("Log"), tuple(entries), shown,
                art_view(pack.art, COVER_MM), tuple(logbook_guide(_start(pack))), icon_key(pack))


def _start(pack: m.Pack) -> Sentence:
    """Where reading begins, as the guide names it."""
    if any(log.starting for log in pack.logs):
        return [Words("the "), Emphasis([Words(STARTING_KEY)], strong=True), Words(", printed first")]
    if pack.start is not None and pack.start.params and pack.start.params[0][0] == "log":
        # Not a link: the cover is laid out apart from the entries it would point into.
        return [Ref(f"Log {pack.start.params[0][1]}")]
    return [Words("the Log the rules send you to first")]


def icon_key(pack: m.Pack) -> tuple[tuple[str, tuple[tuple[Icon, str], ...]], ...]:
    """The key to the icons the pack's components print, with the Danger die of each
    table it rolls on (the box's Tutorial table when it names none)."""
    letters = sorted({str(ref.key) for ref in pack.references if ref.kind == "danger"}) or DANGER_LETTERS
    return tuple((group, tuple(entries)) for group, entries in legend(tuple(letters)))


def danger_key(pack: m.Pack) -> tuple[DangerTable, ...]:
    """The tables of the Danger die Reference card the pack rolls on (icon_key's
    letters), with what each holds: the pack's own text, or the rulebook's."""
    letters = tuple(letter for _, entries in icon_key(pack) for icon, _ in entries
                    if icon.name == "danger" and icon.mark for letter in [icon.mark])
    declared = {str(card.id): (card.name, [p for t in card.text for p in rich(t)])
                for card in pack.cards if card.kind == "danger"}
    return danger_tables(letters, declared)


def _story_entry(key: str, anchor: str, action: m.StoryAction) -> Entry:
    title = rich_line(action.name)
    text: list[BookBlock] = [Paragraph(p) for t in action.text for p in rich(t)]
    return Entry(anchor, key, title, plain(title), cost=action.cost, always=action.always,
                 action=text, result=blocks(action.result), cost_notes=tuple(cost_notes(action)))


# VR 71: the entry read when a stat runs out, not an action a player chooses.
def ending_note() -> Sentence:
    return phrased("Read this entry when any player's {time} time, {morale} morale or {health} health is "
                   "reduced to 0.", time=[Icon("time")], morale=[Icon("morale")], health=[Icon("health")])


def _ending_entry(card: m.VantageCard, anchor: str) -> Entry:
    assert card.ending is not None
    title = rich_line(card.ending.name)
    return Entry(anchor, str(card.number), title, plain(title),
                 action=[Paragraph(ending_note()), *blocks(card.ending.statements)])


# The reference guide a storybook's back cover prints when the pack words none: a
# turn (VR 23-30) and what "continue" means (VR 112-113), kept beside the book the
# table reads most.
DEFAULT_GUIDE: tuple[BookBlock, ...] = (
    Paragraph([Emphasis([Words("Reference guide: your turn")], strong=True)]),
    Choices((
        [Words("Choose one action: a location action, a card action or a depart action.")],
        [Words("Read its cost and action, never its result, in its storybook entry.")],
        [Words("Lower the cost by 1 for each matching skill token any player pays.")],
        [Words("Roll that many challenge dice from the pool.")],
        [Words("Place the dice one at a time on open slots of your grid cards, or on impact slots of "
               "other players' cards.")],
        [Words("Suffer the penalty of each die you could not place, then discard it to the center.")],
        [Words("Read the action's result.")],
        [Words("End your turn, unless the result says to continue. Play passes clockwise.")],
    )),
    Paragraph([Emphasis([Words("Continue")], strong=True), Words(": take another action now. "),
               Emphasis([Words("You may continue")], strong=True), Words(": you may.")]),
)


def _guide(pack: m.Pack, book: str) -> tuple[BookBlock, ...]:
    written = dict(pack.guides).get(book)
    return DEFAULT_GUIDE if written is None else tuple(Paragraph(p) for p in rich(written))


def storybooks(pack: m.Pack, titles: bool | None = None) -> list[Book]:
    """`titles`: None leaves them out: entries are keyed by the numbers on the table."""
    shown = bool(titles)
    books = []
    for category in CATEGORIES:
        found: list[tuple[int, m.StoryAction | m.VantageCard]] = [
            (loc.number, a) for loc in pack.locations for a in loc.actions if a.category == category]
        found += [(card.number, a) for card in pack.vantage_cards for a in card.actions if a.category == category]
        if category == "take":
            found += [(card.number, card) for card in pack.vantage_cards if card.ending is not None]
        found.sort(key=lambda pair: pair[0])
        entries = tuple(_ending_entry(a, f"entry-{n}-{i}") if isinstance(a, m.VantageCard)
                        else _story_entry(str(n), f"entry-{n}-{i}", a) for i, (n, a) in enumerate(found))
        books.append(Book(f"storybook-{category}.pdf", "storybook", pack.title,
                          say(f"{category.capitalize()} Storybook"), pack.version, say("Entry"), entries, shown,
                          art_view(pack.art, COVER_MM), back_guide=_guide(pack, category)))
    departs = tuple(_story_entry(f"{d.number} {d.direction}", f"depart-{d.number}-{d.direction}", d.action)
                    for d in pack.departs)
    books.append(Book("storybook-depart.pdf", "storybook", pack.title, say("Depart Storybook"), pack.version,
                      say("Entry"), departs, shown, art_view(pack.art, COVER_MM), back_guide=_guide(pack, "depart")))
    return books


BOOK_OF_VANTAGES = "book-of-vantages.pdf"


def book_of_vantages(pack: m.Pack, titles: bool | None = None) -> Book:
    """Every storybook of a Vantage pack in one volume, the Book of Vantages the rulebook
    puts on the table (VR 17): the entries of each category in turn, keyed by category
    and number ("Look 101", what a location card's action and VR 37 send a player to
    look up), then their results in the same order. One run of results, after one
    blank page at most, instead of one a book."""
    entries = []
    for book in storybooks(pack, titles):
        category = book.subtitle.removesuffix(" Storybook")
        entries += [replace(e, key=f"{category} {e.key}", anchor=f"{category.lower()}-{e.anchor}")
                    for e in book.entries]
    return Book(BOOK_OF_VANTAGES, "storybook", pack.title, "Book of Vantages", pack.version, "Entry",
                tuple(entries), bool(titles))


def _all_books(pack: m.Pack, titles: bool | None = None, one_volume: bool = False) -> list[Book]:
    if pack.game == "vanguard":
        return [logbook(pack, titles)]
    return [book_of_vantages(pack, titles)] if one_volume else storybooks(pack, titles)


def books_of(pack: m.Pack, titles: bool | None = None, one_volume: bool = False) -> list[Book]:
    """The books the pack prints: those with entries. A book of none would be a cover
    and a note that it is empty, which no table needs. `one_volume`: a Vantage pack's
    storybooks as one Book of Vantages."""
    return [book for book in _all_books(pack, titles, one_volume) if book.entries]


def empty_books(pack: m.Pack, one_volume: bool = False) -> list[str]:
    """The file names of the books the pack would print had they entries."""
    return [book.file_name for book in _all_books(pack, one_volume=one_volume) if not book.entries]


def stale_books(pack: m.Pack, one_volume: bool = False) -> list[str]:
    """The book files a build leaves none of: the empty books, and those of the other
    way of binding a Vantage pack's storybooks (one volume or one a category)."""
    other = [] if pack.game == "vanguard" else [book.file_name for book in _all_books(pack, one_volume=not one_volume)]
    return empty_books(pack, one_volume) + other


@frozen
class Section:
    """A part of a book that renders on its own and starts on a new page: the cover,
    a run of entries, a run of results, the index. A run of entries or results also
    lays out the first entries of the next run (its lookahead), so that the book can
    take the next run's pages from where both lay out alike (see render.seams)."""
    kind: str                         # cover | entries | results | index | back
    entries: tuple[Entry, ...] = ()
    first: bool = True                # the first section of its kind
    lines: tuple[tuple[str, str, str], ...] = ()    # index: (title, key, anchor)
    own: int = -1                     # entries of its own, before the lookahead; -1: all
    units: bool = False               # each entry on a page of its own, for the book to place
    pad: tuple[int, float] | None = None   # space before its entries: column breaks, then px

    @property
    def owned(self) -> tuple[Entry, ...]:
        return self.entries if self.own < 0 else self.entries[:self.own]


# About 30 A5 pages of text: small enough to lay out quickly and in little memory.
SECTION_CHARACTERS = 60_000
# About 8 A5 pages: enough for two layouts of the same entries to meet at a page top.
LOOKAHEAD_CHARACTERS = 16_000


def entry_size(entry: Entry) -> int:
    """About how many characters of text the entry prints."""
    def measure(tokens: Sentence) -> int:
        return sum(len(t.text) if isinstance(t, (Words, Ref)) else measure(t.tokens) if isinstance(t, Emphasis) else 2
                   for t in tokens)
    blocks = list(entry.action) + list(entry.result or [])
    total = 80 + measure(entry.title)
    for block in blocks:
        total += 40 + (measure(block.tokens) if isinstance(block, Paragraph) else
                       sum(measure(item) + 20 for item in block.items) if isinstance(block, Choices) else 0)
    return total


def _runs(entries: tuple[Entry, ...], kind: str, budget: int, lookahead: int = LOOKAHEAD_CHARACTERS) -> list[Section]:
    runs: list[list[Entry]] = [[]]
    starts = [0]
    used = 0
    for i, entry in enumerate(entries):
        size = entry_size(entry)
        if runs[-1] and used + size > budget:
            runs.append([])
            starts.append(i)
            used = 0
        runs[-1].append(entry)
        used += size
    out = []
    for i, run in enumerate(runs):
        extra: list[Entry] = []
        if i + 1 < len(runs):
            used = 0
            for entry in entries[starts[i + 1]:]:
                if used > lookahead:
                    break
                extra.append(entry)
                used += entry_size(entry)
        out.append(Section(kind, tuple(run) + tuple(extra), first=i == 0, own=len(run) if extra else -1))
    return out


def sections(book: Book, budget: int = SECTION_CHARACTERS, lookahead: int = LOOKAHEAD_CHARACTERS) -> list[Section]:
    """The book's sections in print order, except the index, which needs the page
    numbers of the others."""
    parts = [Section("cover")]
    parts += _runs(book.entries, "entries", budget, lookahead) if book.entries else [Section("entries")]
    if book.kind == "storybook" and book.entries:
        parts += _runs(book.entries, "results", budget, lookahead)
    return parts


# Index lines with dot leaders cost WeasyPrint much memory per line: a few pages a section.
INDEX_LINES = 200


def index_sections(book: Book, per: int = INDEX_LINES) -> list[Section]:
    """The sections laid out after the body: the index, then a storybook's back cover."""
    lines = book.index
    return [Section("index", lines=tuple(lines[i:i + per]), first=i == 0) for i in range(0, len(lines), per)] + \
        ([Section("back")] if book.back_guide else [])
