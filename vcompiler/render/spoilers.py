"""What a reader sees before choosing: how many gotos and choices of a book land on
the spread of the entry they leave (page 1 alone, then 2-3, 4-5, ...), and, for a
booklet, which outcomes are printed on the sheet side of the entry they follow."""
from __future__ import annotations

from collections.abc import Callable

from vcompiler.render.books import Book, Entry
from vcompiler.util.frozen import frozen

# Fewer links than this and the share says little: a short book is a few spreads.
SMALLEST = 50


@frozen
class Exposure:
    same: int                                  # links landing on their entry's spread
    total: int                                 # links counted
    worst: tuple[tuple[str, int], ...]         # (entry key, its links on its spread), most first

    @property
    def share(self) -> float:
        return 100.0 * self.same / self.total if self.total else 0.0


def spread(page: int) -> int:
    """The spread of a page, 0-based index: page 1 (index 0) alone, then pairs."""
    return (page + 1) // 2


def results_gap(pages: list[tuple[str, tuple[str, ...]]]) -> int:
    """Blank pages (0 or 1) to print after `pages` (per page, its part and ids) for the
    results that follow to start on a spread that shows no action: a blank only when
    the actions end on a left page. Not a fresh sheet: a result on the back of an
    action's page is out of sight until the leaf is turned."""
    first = len(pages)
    return int(any(part == "entries" and spread(number) == spread(first) for number, (part, _) in enumerate(pages)))


def _tally(book: Book, targets: Callable[[Entry], list[str]],
           lands: Callable[[Entry, str], bool | None]) -> Exposure:
    """Counts, over the entries of `book`, the `targets` of each that `lands` says are
    in sight of it (None: not counted)."""
    same = total = 0
    worst = []
    for entry in book.entries:
        hits = 0
        for target in targets(entry):
            seen = lands(entry, target)
            if seen is not None:
                total += 1
                hits += seen
        same += hits
        if hits:
            worst.append((entry.key, hits))
    worst.sort(key=lambda item: -item[1])
    return Exposure(same, total, tuple(worst[:5]))


def exposure(book: Book, pages: list[tuple[str, tuple[str, ...]]]) -> Exposure:
    """`pages`: per page of the book, its part and the ids on it."""
    on: dict[str, set[int]] = {}
    for number, (part, ids) in enumerate(pages):
        if part == "entries":
            for anchor in ids:
                on.setdefault(anchor, set()).add(spread(number))

    def lands(entry: Entry, target: str) -> bool | None:
        if target not in on or target == entry.anchor:
            return None
        return min(on[target]) in on.get(entry.anchor, set())
    return _tally(book, lambda entry: list(entry.leads_to), lands)


def sheet_sides(count: int, signature: int) -> list[int]:
    """Per page of a book of `count` pages imposed as a booklet, the sheet side it is
    printed on (numbered from 0): in each signature, its page k shares a side with its
    page n-1-k (see render.impose)."""
    from vcompiler.render.impose import signatures

    sides = []
    first = side = 0
    for size in signatures(count, signature):
        for k in range(size):
            if first + k < count:
                sides.append(side + min(k, size - 1 - k))
        first += size
        side += size // 2
    return sides


def booklet_exposure(book: Book, pages: list[tuple[str, tuple[str, ...]]], signature: int) -> Exposure:
    """What lands on the sheet side of the entry it follows, but not on its spread
    (exposure() counts those): in a storybook, results; in a Logbook, gotos and
    choices. `pages`: per page of the book (before imposition), its part and its ids."""
    sides = sheet_sides(len(pages), signature)
    on: dict[str, list[int]] = {}
    for number, (_, ids) in enumerate(pages):
        for anchor in ids:
            on.setdefault(anchor, []).append(number)

    def targets(entry: Entry) -> list[str]:
        if book.kind == "storybook":
            return ["result-" + entry.anchor]
        return [t for t in entry.leads_to if t != entry.anchor]

    def lands(entry: Entry, target: str) -> bool | None:
        mine = on.get(entry.anchor, [])
        if target not in on or not mine:
            return None
        page = on[target][0]
        return sides[page] in {sides[p] for p in mine} and spread(page) not in {spread(p) for p in mine}
    return _tally(book, targets, lands)
