"""Joining the sections of a book without a seam.

A run of entries renders in sections, in parallel, each starting on a fresh page; laid
end to end they would leave a part-empty page wherever one section stops and the next
starts. So each section also lays out the first entries of the next one (its
lookahead). Where a page of the section and a page of the next one both start with the
same entry at the top, the two layouts are the same from there on (an entry's layout
depends only on where it starts), so the book takes the first section's pages up to
that page and the next section's pages from it: the pages of one document laid out in
one go. Entries are kept whole on a page where they fit, so such a page comes soon; if
none comes in the lookahead, the next section is laid out again from the last page top
of the first (in this process: slower, never wrong).

Books whose entries are much alike (a generated one) would rarely meet so: each section
keeps its own phase. For them, `true_tops` replays the page breaking of the one
document from the entries' measured heights, so that the sections that start out of
phase can be laid out again from a true page top, all at once, before stitching."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vcompiler.render.books import Section
from vcompiler.util.frozen import frozen


@frozen
class Laid:
    """What the seams need of a rendered section: per page, the ids on it, and the id
    of the entry that starts at the page's top ("" when the page starts otherwise)."""
    anchors: tuple[tuple[str, ...], ...]
    fresh: tuple[str, ...]


def _measures(laid: list[Any]) -> tuple[dict[str, float], float, float, float, int]:
    """From rendered sections: the height of every entry that sits whole on a page,
    the space between entries, the page area's top and height, and the columns."""
    heights: dict[str, float] = {}
    gaps: list[float] = []
    lefts: set[int] = set()
    top = height = 0.0
    for section in laid:
        if not section.boxes:
            continue
        top, height = section.area[1], section.area[2]
        seen: dict[str, int] = {}
        for page in section.boxes:
            for name, *_ in page:
                seen[name] = seen.get(name, 0) + 1
        for page in section.boxes:
            previous = None
            for name, x, y0, y1 in page:
                if seen[name] == 1:
                    heights[name] = y1 - y0
                    lefts.add(round(x))
                if previous is not None and abs(previous[1] - x) < 0.5 and seen[name] == 1 and seen[previous[0]] == 1:
                    gaps.append(y0 - previous[3])
                previous = (name, x, y0, y1)
    gaps.sort()
    gap = gaps[len(gaps) // 2] if gaps else 0.0
    return heights, gap, top, height, max(1, min(2, len(lefts)))


def true_tops(order: list[str], laid: list[Any], offset: float = 0.0) -> tuple[set[str], int]:
    """The entries of `order` (ids, from a true page top on) that start a page when
    the run is laid out in one document, replayed from the measured heights; and how
    far into `order` the replay can be trusted (up to the first entry it cannot
    measure, one split over pages). `offset`: the room taken above the first entry
    (a part's heading)."""
    heights, gap, _, area, columns = _measures(laid)
    tops: set[str] = set()
    used, column = offset, 0
    for i, name in enumerate(order):
        height = heights.get(name)
        if height is None or height > area:
            return tops, i
        if i == 0:
            if not offset:
                tops.add(name)
        elif used + height > area + 0.01:
            column += 1
            if column == columns:
                column = 0
                tops.add(name)
            used = 0.0
        used += height + gap
    return tops, len(order)


def _first_page(laid: Laid, anchor: str) -> int:
    return next((p for p, ids in enumerate(laid.anchors) if anchor in ids), len(laid.anchors))


def stitch(parts: list[Section], laid: list[Any], relay: Callable[[int, str, bool], Any]) -> list[tuple[Any, range]]:
    """`laid[i]` is parts[i] rendered (anything with Laid's fields). Returns the pages
    of the book: (rendered section, its page indices) in order. `relay(i, id, ahead)`
    renders parts[i]'s entries again, starting at the entry whose id is `id` ("": its
    first), with its lookahead if `ahead`: for a seam no page top closes."""
    out: list[tuple[Any, range]] = []
    i = 0
    while i < len(parts):
        current, start = laid[i], 0
        j = i
        while parts[j].own >= 0 and j + 1 < len(parts) and parts[j + 1].kind == parts[j].kind:
            following = laid[j + 1]
            tops = {anchor: q for q, anchor in enumerate(following.fresh) if anchor}
            meet = next((p for p in range(start + 1, len(current.anchors))
                         if current.fresh[p] and current.fresh[p] in tops), None)
            if meet is not None:
                out.append((current, range(start, meet)))
                current, start = following, tops[current.fresh[meet]]
            else:
                first = following.fresh[0] if following.fresh else ""
                reach = _first_page(current, first)
                top = next((p for p in range(min(reach, len(current.anchors) - 1), start, -1)
                            if current.fresh[p]), None)
                if top is None:
                    # Not one page top in the run: lay the section out again without its
                    # lookahead, and let the next one start on a new page.
                    alone = relay(j, current.fresh[start], False)
                    out.append((alone, range(len(alone.anchors))))
                    current, start = following, 0
                else:
                    out.append((current, range(start, top)))
                    current, start = relay(j + 1, current.fresh[top], True), 0
            j += 1
        out.append((current, range(start, len(current.anchors))))
        i = j + 1
    return out
