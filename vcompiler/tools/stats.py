"""`vcompiler stats`: what a pack holds and how big its books will be.

Pages are estimated from words (the books are laid out by WeasyPrint, which only a
build runs): words a page of each paper holds with the book's type, plus a cover and,
for a logbook, an index."""
from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import asdict

from vcompiler import codes
from vcompiler.compile import CompileResult
from vcompiler.model.types import Pack
from vcompiler.render.books import Book, books_of
from vcompiler.render.ir import Choices, Paragraph, Sentence
from vcompiler.render.voice import plain
from vcompiler.util.frozen import frozen

# Words of running text a page holds, from rendered books, and the room an entry takes
# besides its words (its title, the gaps between paragraphs, their last lines' ends)
# in words: fitted to the A5 logbook of 1,000 generated logs (70 words of text, a title
# and two choices an entry, 352 pages) and the 18 short logs of eye-of-the-void (a
# third of their room is not words: 2 A4 pages of logs, not 1).
WORDS_PER_PAGE = {"a5": 355, "a4": 975, "letter": 920}
ENTRY_ROOM = 30
INDEX_LINES_PER_PAGE = {"a5": 40, "a4": 100, "letter": 95}


@frozen
class BookStats:
    file: str
    entries: int
    words: int
    pages: dict[str, int]


@frozen
class Stats:
    pack: str
    game: str
    title: str
    entries: dict[str, int]
    books: list[BookStats]
    numbering: dict[str, int] | None
    labels: dict[str, int]
    unreachable: int
    warnings: int
    errors: int


def words(tokens: Sentence) -> int:
    return len(plain(tokens).split())


def book_words(book: Book) -> int:
    total = 0
    for entry in book.entries:
        total += words(entry.title) + 1
        for block in [*entry.action, *(entry.result or [])]:
            if isinstance(block, Paragraph):
                total += words(block.tokens)
            elif isinstance(block, Choices):
                total += sum(words(item) for item in block.items)
    return total


def _pages(book: Book, count: int) -> dict[str, int]:
    out = {}
    for paper, per_page in WORDS_PER_PAGE.items():
        room = count + ENTRY_ROOM * len(book.entries)
        pages = 1 + math.ceil(room / per_page) if count else 2
        if book.kind == "storybook" and book.entries:
            # Results start on a page of their own after the cover and the entries
            # (about half the words), after a blank page where the first of them would
            # face their actions: when the entries fill one page.
            before = 1 + max(1, math.ceil(room / 2 / per_page))
            pages += 1 + (before == 2)
        if book.kind == "logbook":
            pages += math.ceil(len(book.index) / INDEX_LINES_PER_PAGE[paper])
        out[paper] = pages
    return out


def entry_counts(pack: Pack) -> dict[str, int]:
    counts: Counter[str] = Counter()
    counts["logs"] = len(pack.logs)
    counts["planets"] = len(pack.planets)
    counts["sectors"] = sum(len(p.sectors) for p in pack.planets)
    for card in pack.cards:
        counts[f"{card.kind} cards"] += 1
    counts["locations"] = len(pack.locations)
    counts["depart entries"] = len(pack.departs)
    counts["cards"] = len(pack.vantage_cards)
    actions = [a for loc in pack.locations for a in loc.actions] + [a for c in pack.vantage_cards for a in c.actions]
    for action in actions:
        counts[f"{action.category} entries"] += 1
    return {kind: n for kind, n in sorted(counts.items()) if n}


def pack_stats(result: CompileResult) -> Stats:
    pack = result.model
    books = []
    for book in books_of(pack):
        count = book_words(book)
        books.append(BookStats(book.file_name, len(book.entries), count, _pages(book, count)))
    numbering = None
    if pack.game == "vanguard":
        low, high = pack.numbering.low, pack.numbering.high
        used = sum(1 for log in pack.logs if low <= log.number <= high)
        numbering = {"low": low, "high": high, "used": used, "free": high - low + 1 - used}
    found = Counter(d.code.id for d in result.diagnostics)
    return Stats(pack.name, pack.game, pack.title, entry_counts(pack), books, numbering,
                 dict(sorted(pack.labels.items(), key=lambda kv: kv[1])),
                 found[codes.UNREACHABLE.id],
                 sum(n for code, n in found.items() if code.startswith("W")),
                 sum(n for code, n in found.items() if code.startswith("E")))


def format_json(stats: list[Stats]) -> str:
    return json.dumps({"packs": [asdict(s) for s in stats]}, indent=2, ensure_ascii=False) + "\n"


def format_text(stats: list[Stats]) -> str:
    lines: list[str] = []
    for s in stats:
        if lines:
            lines.append("")
        lines.append(f"{s.title} ({s.pack}, {s.game})")
        lines.append("  entries: " + " · ".join(f"{kind} {n}" for kind, n in s.entries.items()))
        lines.append("  books:                       entries   words   pages a5 / a4 / letter (est.)")
        for book in s.books:
            pages = " / ".join(str(book.pages[p]) for p in ("a5", "a4", "letter"))
            lines.append(f"    {book.file:<26} {book.entries:>7} {book.words:>7}   {pages}")
        if s.numbering:
            n = s.numbering
            lines.append(f"  numbering {n['low']}..{n['high']}: {n['used']} used, {n['free']} free")
        if s.labels:
            lines.append("  labels: " + ", ".join(f"@{label} = {number}" for label, number in s.labels.items()))
        lines.append(f"  unreachable: {s.unreachable}, warnings: {s.warnings}, errors: {s.errors}")
    return "\n".join(lines) + "\n"
