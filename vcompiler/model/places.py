"""The places writers pin sectors to on the printed board (`at COLUMN, ROW`). Read by
the check stage, which reports a place the board cannot print (E511), and by the board's
layout, which keeps every place that can."""
from __future__ import annotations

from vcompiler.model.types import Planet
from vcompiler.source import Span

# How far from the corner a writer may pin a sector: beyond, the board would be tiles
# of empty space.
MOST_CELLS = 15


def pinned(planet: Planet) -> tuple[dict[int, tuple[int, int]], list[tuple[Span, str]]]:
    """The places writers pinned (`at`), and what is wrong with any of them."""
    places: dict[int, tuple[int, int]] = {}
    taken: dict[tuple[int, int], int] = {}
    problems = []
    for sector in planet.sectors:
        if sector.at is None:
            continue
        cell, span = sector.at
        if max(cell) > MOST_CELLS:
            problems.append((span, f"sector {sector.number} is pinned at {cell[0]}, {cell[1]}, beyond "
                                   f"{MOST_CELLS}, {MOST_CELLS}"))
        elif cell in taken:
            problems.append((span, f"sectors {taken[cell]} and {sector.number} of planet {planet.id} are both "
                                   f"pinned at {cell[0]}, {cell[1]}"))
        else:
            taken[cell] = sector.number
            places[sector.number] = cell
    return places, problems
