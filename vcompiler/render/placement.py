"""Placing laid-out entries on the pages of a book.

A part of a book (its entries, or its results) renders in sections, in parallel, each
entry on a page of its own and as wide as a column of the book: every entry is laid
out once, where its layout does not depend on what comes before it. The page breaking
of the part laid out as one document is then replayed from the entries' heights (an
entry is kept whole in a column where it fits, else it starts the next column; it
starts where the one before ends, that one's margin below), and each entry's page is
drawn on the book's page, moved to the place the replay gives it.

An entry longer than a column is the exception: where it breaks depends on where it
starts. At the top of a page of a one-column part it breaks as in its own section;
anywhere else it is laid out again where the book places it, below empty space as tall
as what precedes it there (`again`), and that layout's pages are drawn as they are."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vcompiler.util.frozen import frozen

# WeasyPrint lays out in CSS px; a PDF page is in points.
POINTS = 0.75
# Rounding in the layout: what WeasyPrint lets fit.
SLACK = 0.01


@frozen
class Spot:
    """A page of a rendered section drawn on a page of the book, moved by (dx, dy) CSS
    px (down is positive)."""
    section: Any                      # a RenderedSection
    page: int
    dx: float = 0.0
    dy: float = 0.0


@frozen
class _Unit:
    section: Any
    pages: tuple[int, ...]            # an entry (or a part's heading and first entry) and the pages it spans
    name: str                         # the id at its top
    height: float                     # how far down its last page it reaches, from the page area's top


def _units(laid: list[Any]) -> list[_Unit]:
    out: list[_Unit] = []
    for section in laid:
        top = section.area[1]
        for page, fresh in enumerate(section.fresh):
            bottom = max((y1 for _, _, _, y1 in section.boxes[page]), default=top) - top
            if page == 0 or fresh:
                out.append(_Unit(section, (page,), fresh, bottom))
            else:
                last = out[-1]
                out[-1] = _Unit(last.section, last.pages + (page,), last.name, bottom)
    return out


def place(laid: list[Any], again: Callable[[str, tuple[int, float]], Any]) -> list[list[Spot]]:
    """The pages of a part, from its sections rendered a unit a page (`laid`, in
    order): per page of the book, what is drawn on it. `again(id, (column, y))` lays
    out the entry whose id is `id` again, starting in that column of a page at that
    height (CSS px from the page area's top)."""
    measured = next((s for s in laid if s.column), laid[0])
    x, top, area, width = measured.area
    gap, column_width = measured.gap, measured.column or width
    columns = max(1, round(width / column_width)) if column_width else 1
    step = (width - column_width) / (columns - 1) if columns > 1 else 0.0
    # In columns, an entry fits with its margin below it; on a page, without.
    below = gap if columns > 1 else 0.0
    pages: list[list[Spot]] = [[]]
    column, used = 0, 0.0
    resume = ""             # after an entry laid out again: the id the next page starts with
    for index, unit in enumerate(_units(laid)):
        if resume:
            if unit.name != resume:
                continue
            pages.append([])
            column, used, resume = 0, 0.0, ""
        if len(unit.pages) == 1:
            if index and used and used + unit.height + below > area + SLACK:
                column, used = column + 1, 0.0
                if column == columns:
                    pages.append([])
                    column = 0
            pages[-1].append(Spot(unit.section, unit.pages[0], column * step, used))
            used += unit.height + gap
            continue
        # In columns, its own section laid it out in one: it is always laid out again.
        if columns == 1 and not used:
            pages[-1].append(Spot(unit.section, unit.pages[0]))
            pages += [[Spot(unit.section, page)] for page in unit.pages[1:]]
            used = unit.height + gap
            continue
        section = again(unit.name, (column, used))
        _, last, end_x, bottom = next(end for end in section.ends if end[0] == unit.name)
        # Its pages and those of the entries after it up to a page that starts with one:
        # the next entries follow from that page's top.
        following = next((page for page in range(last + 1, len(section.fresh)) if section.fresh[page]), None)
        if following is not None:
            last, resume = following - 1, section.fresh[following]
        pages[-1].append(Spot(section, 0))
        pages += [[Spot(section, page)] for page in range(1, last + 1)]
        # Else where it ends: the column and height the next entry follows from.
        column = round((end_x - x) / step) if step else 0
        used = bottom - top + gap
    return pages


def ids(pages: list[list[Spot]]) -> list[tuple[str, ...]]:
    """The ids on each page of the book, in the order of the spots drawn on it."""
    return [tuple(name for spot in spots for name in spot.section.anchors[spot.page]) for spots in pages]
