"""A planet board: its sectors laid out from the board's graph, the paths between them,
and the spaces the rulebook puts around them (Unique Discovery and Mission at the top
right, the Global Condition at the bottom right, the Lift-Off and Evac logs). A board
larger than the paper is tiled across sheets that overlap, with alignment marks.

The layout is deterministic: a few candidate drawings of the graph (networkx: planar
where the graph is planar, circular, seeded spring layouts; none that needs SciPy, so
that every installation draws the same board) are snapped to a grid of sector
spaces, and the one with the fewest crossings and paths running through other sectors
wins, bettered a sector at a time; a sector with a place pinned in the source keeps
it. A path whose straight line still runs over another sector's space is drawn with one
or two bends through the gaps between spaces; a path no such route clears is drawn
straight and is W513. A path's cost is printed clear of other sectors' spaces."""
from __future__ import annotations

import base64
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import field, replace
from typing import Any

from vcompiler.model import types as m
from vcompiler.model.places import pinned
from vcompiler.registry import CARD_SIZES
from vcompiler.registry.phrasebook import say, speaking_now
from vcompiler.render.art import ArtView, art_view
from vcompiler.render.cards import FLAG_WORDS, action_blocks, row_lead
from vcompiler.render.ir import ActionHead, Block, Icon, Sentence, Words
from vcompiler.render.sheets import PAPER_MM
from vcompiler.render.voice import effects_sentence, events_rule, log_ref, plain, rich, said
from vcompiler.source import Span
from vcompiler.util.frozen import frozen
from vcompiler.vocabulary import DIE_ICONS, ICONS

# The spaces the rules put a card on are a card's size (RB 429-448): a POI in a sector,
# and the Rank-Up, Unique Discovery, Mission and Global Condition spaces round the map.
CARD = CARD_SIZES["poi"]             # 63 x 88 mm
PAD = 4.0                            # the sector's border round its card space, mm
HEAD = 13.0                          # a sector's name, biomes and Lander badge, above its card
FOOT = 7.0                           # its log, actions and number, below its card (RB 447)
BOX = (CARD[0] + 2 * PAD, HEAD + CARD[1] + FOOT)   # a sector space
GAP = (26.0, 20.0)                   # between two spaces: room for a path's arrows and its costs
CELL = (BOX[0] + GAP[0], BOX[1] + GAP[1])          # the grid a sector space sits in, mm
MARGIN = 10.0                        # paper left white around the board and around tiles
TRACK = 14.0                         # the Success track along the top edge (RB 569, 717)
SUCCESS_SPACES = 16                  # the box's Success tokens (RB 126)
TRACK_INDENT = 8.0                   # from the panel's left edge to the track's first space, mm
TRACK_PITCH = 7.75                   # between two spaces of the track (7 mm wide), mm
CAPTION = 6.0                        # a card space's name, above its outline
SLOT = CAPTION + CARD[1]             # a card space with its name
SPACING = 4.0                        # between the panel's spaces
PANEL_GUTTER = 6.0                   # between the panel's two columns
PANEL = 2 * CARD[0] + PANEL_GUTTER   # the two columns of spaces on the right
PANEL_HEIGHT = 3 * SLOT + 2 * SPACING    # Unique Discovery, Mission and Global Condition
OVERLAP = 12.0                       # what two neighbouring tiles share
EDGE_INSET = 1.5                     # the white between a path's end and the space it meets
ARROW = 5.0                          # an arrowhead, from tip to base
SPREAD = 9.0                         # between the lines of two paths joining the same sectors, mm
LABEL_CLEARANCE = 0.3                # the board left showing between a label and a space
GROUND = "#f4f1ea"                   # the board's ground colour (board.css, .board)
# The sheets a board prints on (--board-paper), short edge by long edge, mm: a board
# larger than its sheet is tiled across several.
BOARD_PAPERS = {**PAPER_MM, "a3": (297.0, 420.0), "a2": (420.0, 594.0), "a1": (594.0, 841.0),
                "tabloid": (279.4, 431.8)}
# Where the grid of sectors starts on the board: below the Success track.
ORIGIN = (MARGIN, MARGIN + TRACK)

Point = tuple[float, float]           # on the board, mm
Rect = tuple[float, float, float, float]   # left, top, right, bottom, mm

# How many geometric tests (a pair of segments, or a segment and a space) a board's
# placing and its routing may make: a dense board (every pair of 16 sectors joined)
# otherwise took minutes, most of it weighing routes and places that could not be
# drawn clear anyway. No board of the rulebooks or the tests uses a quarter of either;
# past it, a board keeps the best placing found so far and draws the paths not yet
# routed straight, each a W513.
PLACE_WORK = 400_000
ROUTE_WORK = 100_000


class Allowance:
    """Work left of a budget, spent before it is done: `spend` says whether it may be."""

    def __init__(self, total: int):
        self.left = total
        self.spent = 0

    def spend(self, amount: int) -> bool:
        if amount > self.left:
            self.left = 0
            return False
        self.left -= amount
        self.spent += amount
        return True


# A POI printed on a sector: ((its biomes, its flags' words, its text), its Special
# Actions as the card prints them: name, tracks with their boxes, rows), or () for none.
PrintedPoi = tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[Sentence, ...]],
                   tuple[Block, ...]] | tuple[()]


@frozen
class SectorView:
    number: int
    name: str
    biomes: tuple[str, ...]
    poi: str                          # the printed POI's id, or ""
    poi_name: str
    slot: bool
    lander: bool
    log: Sentence                     # a log to read on entering, or []
    x: float                          # top-left of the space on the board, mm
    y: float
    actions: tuple[str, ...] = ()     # the names of its Special Actions
    printed: PrintedPoi = ()          # the POI printed in its card space, in full (RB 444)
    span: Span | None = None          # the sector's declaration


@frozen
class PathMark:
    x: float                          # the middle of the label, mm
    y: float
    groups: tuple[Sentence, ...]      # its travel cost as icons, one group a cost
    # The width the label may take, mm, where the path runs between two spaces side by
    # side: its costs stack there rather than cover the spaces' edges. 0: any width.
    room: float = 0.0


@frozen
class Tile:
    size: tuple[float, float]         # the sheet, mm
    x: float                          # where the sheet's printable area starts on the board
    y: float
    width: float                      # the part of the board this tile prints
    height: float
    label: str
    place: tuple[int, int] = (1, 1)   # its row and column among the tiles, from 1


# The Global Condition a board prints: ("printed", name, travel, supplies), where a
# condition card goes ("card", id), or none ().
BoardCondition = tuple[str, str, Sentence, str, tuple[Sentence, ...]] | tuple[str, str] | tuple[()]


@frozen
class Board:
    file_name: str
    title: str                        # the PDF's title
    planet: str
    width: float                      # the whole board, mm
    height: float
    sectors: tuple[SectorView, ...]
    marks: tuple[PathMark, ...]
    lines: str                        # data: URI of the paths' drawing (numbers only)
    missions: tuple[str, ...]
    rank_ups: tuple[str, ...]
    uniques: tuple[tuple[int, Sentence], ...]
    condition: BoardCondition
    lift_off: Sentence
    evac: Sentence
    tiles: tuple[Tile, ...]
    align: tuple[tuple[float, float], ...]   # alignment marks on the board, mm
    span: Span
    rules: tuple[Sentence, ...] = ()  # the planet's own rules, paragraph by paragraph
    # The sectors' Special Actions in full: (sector, name, what it says, paragraph by
    # paragraph, the Danger dice it rolls).
    actions: tuple[tuple[int, str, tuple[Sentence, ...], Sentence], ...] = ()
    # Paths drawn over a sector's space: (the path's span, its ends and arrow, the sector).
    over: tuple[tuple[Span, int, str, int, int], ...] = ()
    bleed_mm: float = 0.0             # around each sheet, outside its trim (--bleed)
    # The edition's language (registry/phrasebook.py): the worker prints its fixed words in it.
    language: str = field(default_factory=speaking_now)
    crop_marks: bool = False          # drawn beyond the bleed (--crop-marks)
    # Each path as drawn, in the source's order: its ends and the points of its line, from
    # the edge of one space to the edge of the other, bends between (mm).
    drawn: tuple[tuple[int, int, tuple[Point, ...]], ...] = ()
    # The card spaces round the map: ("rank_up" | "unique" | "mission" | "condition",
    # the top left of the space with its name above the card's outline, mm).
    spaces: tuple[tuple[str, float, float], ...] = ()
    texts: Point = (0.0, 0.0)         # where the logs', rules' and actions' spaces start, mm
    track: tuple[tuple[int, float, float], ...] = ()   # the Success track's spaces: number, top left
    # Paths whose cost no place keeps off every space: (span, ends and arrow, the sector
    # the label covers), W515.
    unclear: tuple[tuple[Span, int, str, int, int], ...] = ()
    art: ArtView | None = None        # the board's illustration, under everything, or its placeholder

    @property
    def box(self) -> tuple[float, float]:
        """A sector's space, mm."""
        return BOX

    @property
    def card(self) -> tuple[float, float]:
        """A card's outline, mm."""
        return CARD


def _graph(planet: m.Planet) -> Any:
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(sorted(s.number for s in planet.sectors))
    for path in planet.paths:
        if path.a != path.b and path.a in graph and path.b in graph:
            graph.add_edge(path.a, path.b)
    return graph


def _candidates(graph: Any) -> list[dict[int, tuple[float, float]]]:
    import networkx as nx

    found = []
    if graph.number_of_nodes() > 2 and nx.check_planarity(graph)[0]:
        found.append(nx.planar_layout(graph))
    found.append(nx.circular_layout(graph))
    # Seeded: the same drawings every build.
    found += [nx.spring_layout(graph, seed=seed) for seed in range(1, 9)]
    found.append({n: (i, 0.0) for i, n in enumerate(sorted(graph.nodes))})
    return [{n: (float(x), -float(y)) for n, (x, y) in layout.items()} for layout in found]


def _snap(layout: dict[int, tuple[float, float]], columns: int, rows: int,
          pinned: dict[int, tuple[int, int]]) -> dict[int, tuple[int, int]]:
    """Each sector to the free cell nearest its place in the drawing, pinned ones first."""
    xs = [p[0] for p in layout.values()]
    ys = [p[1] for p in layout.values()]
    span_x = (max(xs) - min(xs)) or 1.0
    span_y = (max(ys) - min(ys)) or 1.0
    taken = dict(pinned)
    used = set(pinned.values())
    for node in sorted(layout, key=lambda n: (layout[n][1], layout[n][0], n)):
        if node in taken:
            continue
        x = (layout[node][0] - min(xs)) / span_x * (columns - 1)
        y = (layout[node][1] - min(ys)) / span_y * (rows - 1)
        free = [(c, r) for r in range(rows) for c in range(columns) if (c, r) not in used]
        cell = min(free, key=lambda cr: ((cr[0] - x) ** 2 + (cr[1] - y) ** 2, cr[1], cr[0]))
        taken[node] = cell
        used.add(cell)
    return taken


def _cross(p: Point, q: Point, r: Point, s: Point) -> bool:
    def orient(a: Point, b: Point, c: Point) -> int:
        value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (value > 1e-9) - (value < -1e-9)
    if len({p, q, r, s}) < 4:
        return False
    return orient(p, q, r) * orient(p, q, s) < 0 and orient(r, s, p) * orient(r, s, q) < 0


def _through(p: Point, q: Point, cell: Point) -> bool:
    """Whether the straight path p-q passes over the space of sector `cell` (cells'
    centres in cell units): the segment clipped to the space's box (Liang-Barsky)."""
    half_w, half_h = BOX[0] / CELL[0] / 2, BOX[1] / CELL[1] / 2
    return _hits(p, q, (cell[0] - half_w, cell[1] - half_h, cell[0] + half_w, cell[1] + half_h))


def _cost(cells: dict[int, tuple[int, int]], edges: list[tuple[int, int]], paper: str) -> tuple[int, int, float]:
    """Crossings and paths over other sectors first, then sheets to print, then length."""
    crossings = sum(_cross(cells[a], cells[b], cells[c], cells[d])
                    for i, (a, b) in enumerate(edges) for c, d in edges[i + 1:])
    blocked = sum(_through(cells[a], cells[b], cells[n]) for a, b in edges for n in cells if n not in (a, b))
    length = sum(math.dist(cells[a], cells[b]) for a, b in edges)
    columns = max(c for c, _ in cells.values()) + 1
    rows = max(r for _, r in cells.values()) + 1
    return (crossings + blocked, len(_tiles(*_board_size(columns, rows), paper)[0]), length)


def _cost_work(edges: Sequence[object], cells: Mapping[int, object]) -> int:
    return len(edges) * (len(edges) - 1) // 2 + len(edges) * len(cells)


def _board_size(columns: int, rows: int, extra: float = 0.0) -> tuple[float, float]:
    """`extra`: the height the spaces for the logs, planet rules and sector actions take,
    under the Rank-Up space in the panel's left column."""
    panel = max(PANEL_HEIGHT, SLOT + SPACING + extra)
    return 2 * MARGIN + columns * CELL[0] + PANEL, 2 * MARGIN + TRACK + max(rows * CELL[1], panel)


# A panel space's line at the board's type size, and about how many characters fill one.
_LINE_MM, _LINE_CHARS = 3.4, 44


def _space_height(paragraphs: list[str]) -> float:
    """Roughly how tall a panel space is: a heading line, its paragraphs, padding, margin."""
    lines = 1 + sum(max(1, math.ceil(len(p) / _LINE_CHARS)) for p in paragraphs)
    return lines * _LINE_MM + 6.0


def place(planet: m.Planet, pinned: dict[int, tuple[int, int]] | None = None,
          paper: str = "a4", work: Allowance | None = None) -> dict[int, tuple[int, int]]:
    """Each sector's cell (column, row), deterministically: the best found within `work`
    (PLACE_WORK unless given)."""
    work = work or Allowance(PLACE_WORK)
    graph = _graph(planet)
    pinned = {n: cell for n, cell in (pinned or {}).items() if n in graph}
    count = graph.number_of_nodes()
    columns = max(1, math.ceil(math.sqrt(count)), *(c + 1 for c, _ in pinned.values()))
    rows = max(1, math.ceil(count / columns), *(r + 1 for _, r in pinned.values()))
    while columns * rows < count + 0:
        rows += 1
    edges = sorted(tuple(sorted(e)) for e in graph.edges)
    best = None
    each = _cost_work(edges, graph.nodes)
    for grid in ((columns, rows), (columns + 1, rows), (columns, rows + 1)):
        for layout in _candidates(graph):
            cells = _snap(layout, *grid, pinned)
            if not work.spend(each):
                # Too many paths to weigh even one drawing: the first, as it comes.
                return cells if best is None else best[1]
            score = (_cost(cells, edges, paper), grid[0] * grid[1])
            if best is None or score < best[0]:
                best = (score, cells)
    assert best is not None          # there is always a first candidate
    return _improve(best[1], edges, paper, set(pinned), work)


def _improve(cells: dict[int, tuple[int, int]], edges: list[tuple[int, int]], paper: str, fixed: set[int],
             work: Allowance) -> dict[int, tuple[int, int]]:
    """The drawing's places bettered a sector at a time: each unpinned sector moved to
    another cell of the grid (or swapped with the sector there) while that lowers the
    cost. A drawing snapped to a grid often leaves a path running over a sector that a
    move beside it clears (a ring with chords across it)."""
    columns = max(c for c, _ in cells.values()) + 1
    rows = max(r for _, r in cells.values()) + 1
    grid = [(c, r) for r in range(rows) for c in range(columns)]
    best = dict(cells)
    each = _cost_work(edges, cells)
    if not work.spend(each):
        return best
    score = _cost(best, edges, paper)
    for _ in range(4):               # rounds: each is a pass over every sector and cell
        better = False
        for node in sorted(best):
            if node in fixed:
                continue
            for cell in grid:
                if cell == best[node]:
                    continue
                other = next((n for n, c in best.items() if c == cell), None)
                if other in fixed:
                    continue
                trial = dict(best)
                trial[node] = cell
                if other is not None:
                    trial[other] = best[node]
                if not work.spend(each):
                    return best
                found = _cost(trial, edges, paper)
                if found < score:
                    best, score, better = trial, found, True
        if not better or score[0] == 0:
            break
    return best


def over_sectors(cells: dict[int, tuple[int, int]], a: int, b: int) -> list[int]:
    """The sectors whose spaces the straight path from sector a to sector b runs over."""
    return sorted(n for n in cells if n not in (a, b) and _through(cells[a], cells[b], cells[n]))


def _centre(cell: tuple[int, int]) -> tuple[float, float]:
    return (ORIGIN[0] + cell[0] * CELL[0] + CELL[0] / 2, ORIGIN[1] + cell[1] * CELL[1] + CELL[1] / 2)


def _edge_point(start: Point, end: Point, inset: float = EDGE_INSET) -> tuple[float, float]:
    """Where the segment from `start` to the centre `end` meets the box around `end`."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    half_w, half_h = BOX[0] / 2 + inset, BOX[1] / 2 + inset
    scale = min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)
    return (end[0] - dx * scale, end[1] - dy * scale)


def _lines_svg(width: float, height: float, lines: list[tuple[tuple[Point, ...], bool]]) -> str:
    """The paths as drawn (from space edge to space edge, bends between), with an
    arrowhead at each end a crew may travel to: at the last run's end of a one-way
    path, at both ends of a two-way one (RB 585, "an arrow pointing in both
    directions"); bent paths last, over the straight ones."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.2f}mm" height="{height:.2f}mm" '
             f'viewBox="0 0 {width:.2f} {height:.2f}">',
             # A white casing under every path, so that it reads over dark art as well as
             # over the board's ground.
             '<g stroke="#fff" stroke-width="2.9" fill="none" stroke-linecap="butt" stroke-linejoin="round">',
             *(f'<polyline points="{" ".join(f"{x:.2f},{y:.2f}" for x, y in points)}"/>' for points, _ in lines),
             '</g><g stroke="#111" stroke-width="1.3" fill="none" stroke-linecap="butt">']
    heads = []
    for points, one_way in sorted(lines, key=lambda line: len(line[0]) > 2):
        if len(points) == 2:
            (x1, y1), (x2, y2) = points
            parts.append(f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}"/>')
        else:
            # Cased in the board's colour: a line it crosses shows a gap each side of it
            # and reads as passing under, not as a fork.
            joined = " ".join(f"{x:.2f},{y:.2f}" for x, y in points)
            parts.append(f'<polyline stroke="#fff" stroke-width="3.3" stroke-linejoin="round" points="{joined}"/>'
                         f'<polyline stroke-linejoin="round" points="{joined}"/>')
        for (x1, y1), (x2, y2) in (points[-2:],) if one_way else (points[-2:], points[1::-1]):
            angle = math.atan2(y2 - y1, x2 - x1)
            head = [(x2, y2)] + [(x2 - ARROW * math.cos(angle + d), y2 - ARROW * math.sin(angle + d))
                                 for d in (0.5, -0.5)]
            heads.append('<polygon points="' + " ".join(f"{x:.2f},{y:.2f}" for x, y in head) + '"/>')
    # Black arrowheads with a white halo: strong over any art (RB 585).
    parts.append('</g><g fill="#fff" stroke="#fff" stroke-width="1.6" stroke-linejoin="round">')
    parts += heads
    parts.append('</g><g fill="#000" stroke="none">')
    parts += heads
    parts.append("</g></svg>")
    return "data:image/svg+xml;base64," + base64.b64encode("".join(parts).encode()).decode()


def _cost_groups(costs: tuple[m.Effect, ...]) -> tuple[Sentence, ...]:
    """A path's cost as icons where an icon says all of it: the Travel icon, a die (of
    its colour), a Danger die with its letter inside (RB 1455), which names the table to roll on.
    Sacrificing a die has no icon of its own and would read as spending one, so it
    and the other costs are words, set apart by commas; icons are joined by "+". One group a cost, printed
    unbroken, so that a label stacks its costs rather than split one."""
    groups: list[Sentence] = []
    worded = False
    for effect in costs:
        words = effect.op not in ("travel", "spend_die", "roll_danger")
        if groups and (words or worded):
            groups[-1] = [*groups[-1], Words(",")]
        elif groups:
            # Every cost of a path is paid (RB 1121): "+" between icons, as a card's rows write it.
            groups[-1] = [*groups[-1], Words(" +")]
        worded = words
        if effect.op == "travel":
            groups.append([Icon("travel")])
        elif effect.op == "spend_die":
            colour = effect.param("colour")
            groups.append([Icon(DIE_ICONS[str(colour)] if colour else "die")])
        elif effect.op == "roll_danger":
            groups.append([Icon("danger", str(effect.param("die")))])
        else:
            groups.append(said(effect))
    return tuple(groups)


# Half the room a path's label takes, mm: kept off the spaces of other sectors.
_LABEL_HALF = (5.0, 3.5)


def _in_space(point: tuple[float, float], spaces: tuple[tuple[float, float], ...],
              half: Point = _LABEL_HALF) -> bool:
    """Whether a label at `point` (`half` its size) would cover one of the spaces centred at `spaces`."""
    return any(abs(point[0] - x) < BOX[0] / 2 + half[0] and abs(point[1] - y) < BOX[1] / 2 + half[1]
               for x, y in spaces)


# About how wide a cost label's icon and a character of its words print, and a line of it, mm.
_ICON_MM, _CHAR_MM, _LABEL_LINE = 4.0, 1.25, 4.2


def _label_half(groups: tuple[Sentence, ...], room: float = 0.0) -> Point:
    """About half the size of a label of these costs: on one line, or stacked a cost a
    line where `room` limits its width (no cost is broken)."""
    widths = [sum(_ICON_MM if isinstance(x, Icon) else _CHAR_MM * len(getattr(x, "text", "")) for x in group)
              for group in groups]
    inline = sum(widths) + _CHAR_MM * (len(widths) - 1) + 2.0
    if not room or inline <= room:
        return (max(_LABEL_HALF[0], inline / 2), _LABEL_HALF[1])
    return (max(_LABEL_HALF[0], (max(widths) + 2.0) / 2), max(_LABEL_HALF[1], len(widths) * _LABEL_LINE / 2 + 0.5))


def _mark(start: tuple[float, float], end: tuple[float, float], two_way: bool,
          groups: tuple[Sentence, ...], others: tuple[tuple[float, float], ...] = (),
          bent: list[tuple[Point, ...]] | None = None, ends: tuple[Point, ...] = ()) -> tuple[PathMark, bool]:
    """A path's label: on the middle of a two-way path, off the arrowhead of a one-way
    one, or the nearest point along the path clear of the spaces of other sectors
    (`others`, their centres) and of its own two (`ends`), so that a cost is never
    read as a sector's, and where it can, of the bent paths (`bent`), so that it hides
    no crossing; between spaces side by side, no wider than the gap it sits in. And
    whether it is clear of every space (W515 where not)."""
    bent = bent or []
    spaces = others + ends
    if abs(end[1] - start[1]) <= 1e-6:
        # Between the arrowheads: a one-way path leaves its space's edge `EDGE_INSET`
        # away, and each end a crew travels to is an arrowhead.
        sign = 1.0 if end[0] > start[0] else -1.0
        near = start[0] + sign * (ARROW if two_way else -EDGE_INSET)
        far = end[0] - sign * ARROW
        middle = ((near + far) / 2, start[1])
        room = abs(far - near) - 2 * LABEL_CLEARANCE
        if not _in_space(middle, spaces) and not _under(middle, bent):
            if _in_space(middle, spaces, _label_half(groups, room)):
                # A cost wider than the gap: on one line, centred on the path (W515).
                return PathMark(*middle, groups), False
            return PathMark(*middle, groups, room), True
    first = 0.5 if two_way else 0.3
    # Steps of a millimetre or two: the gap between two spaces is 22 mm or more.
    tries = [first] + [first + sign * k / 160 for k in range(1, 81) for sign in (-1, 1)]
    points = [(start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
              for t in tries if 0.05 <= t <= 0.95]
    # Slid into the gap between two spaces of a row: no wider than the gap.
    room = CELL[0] - BOX[0] - 2 * (EDGE_INSET + LABEL_CLEARANCE) if abs(end[1] - start[1]) <= 1e-6 else 0.0
    half = _label_half(groups, room)
    x, y = next((p for p in points if not _in_space(p, spaces, half) and not _under(p, bent)),
                next((p for p in points if not _in_space(p, spaces, half)),
                     next((p for p in points if not _in_space(p, spaces)), points[0])))
    return PathMark(x, y, groups, room), not _in_space((x, y), spaces, half)


# Routing a path around the spaces its straight line would run over: a polyline with
# one or two bends through the gaps between spaces.
_CLEAR = EDGE_INSET                  # the white a bent path keeps from a space it passes
_STUB = 4.0                          # the least run of a bent path between a space and a bend, mm
_NEAR = 1.5                          # lines closer than this read as one, mm
_FORK = 6.0                          # a crossing this near a line's end reads as a fork, mm
_SHORT = 4 * _LABEL_HALF[0]           # a straight line too short for a label beside a crossing, mm
# What a bent path's route pays, in millimetres of length, for each line it crosses, each
# line it touches or crosses next to that line's space (either reads as a fork), and
# each run it shares with another line.
_CROSSING, _TOUCH, _SHARED = 50.0, 150.0, 1000.0


def _space_rect(centre: Point, grow: float = 0.0) -> Rect:
    return (centre[0] - BOX[0] / 2 - grow, centre[1] - BOX[1] / 2 - grow,
            centre[0] + BOX[0] / 2 + grow, centre[1] + BOX[1] / 2 + grow)


def _hits(p: Point, q: Point, rect: Rect) -> bool:
    """Whether the segment p-q runs over the rectangle (Liang-Barsky, mm)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    low, high = 0.0, 1.0
    for step, room in ((-dx, p[0] - rect[0]), (dx, rect[2] - p[0]), (-dy, p[1] - rect[1]), (dy, rect[3] - p[1])):
        if abs(step) < 1e-12:
            if room <= 0:
                return False
            continue
        t = room / step
        if step < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if high - low <= 1e-9:
            return False
    return True


def _inside(point: Point, rect: Rect) -> bool:
    return rect[0] < point[0] < rect[2] and rect[1] < point[1] < rect[3]


def _waypoints(cells: dict[int, tuple[int, int]]) -> list[Point]:
    """Where a bent path may turn: on the lines down the middle of the gaps between
    spaces (and round the grid's edge), at their crossings and every quarter of a cell
    between, and in the middle of an empty cell."""
    columns = max(c for c, _ in cells.values()) + 1
    rows = max(r for _, r in cells.values()) + 1
    found: set[Point] = set()
    for c in range(columns + 1):
        x = ORIGIN[0] + c * CELL[0]
        found.update((x, ORIGIN[1] + k * CELL[1] / 4) for k in range(4 * rows + 1))
    for r in range(rows + 1):
        y = ORIGIN[1] + r * CELL[1]
        found.update((ORIGIN[0] + k * CELL[0] / 4, y) for k in range(4 * columns + 1))
    taken = set(cells.values())
    found.update(_centre((c, r)) for r in range(rows) for c in range(columns) if (c, r) not in taken)
    return sorted(found)


def _segment_gap(p: Point, q: Point, r: Point, s: Point) -> float:
    """The least distance between the segments p-q and r-s, 0 where they cross."""
    if _cross(p, q, r, s):
        return 0.0

    def to_segment(point: Point, a: Point, b: Point) -> float:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length))
        return math.dist(point, (a[0] + t * dx, a[1] + t * dy))
    return min(to_segment(p, r, s), to_segment(q, r, s), to_segment(r, p, q), to_segment(s, p, q))


def _shared_run(p: Point, q: Point, r: Point, s: Point) -> bool:
    """Whether the two segments run along each other for more than a few millimetres."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return False
    ux, uy = dx / length, dy / length
    # Both ends of r-s within _NEAR of the line through p-q, and their stretch along it overlapping.
    if any(abs((e[0] - p[0]) * uy - (e[1] - p[1]) * ux) > _NEAR for e in (r, s)):
        return False
    along = sorted(((e[0] - p[0]) * ux + (e[1] - p[1]) * uy) for e in (r, s))
    return min(length, along[1]) - max(0.0, along[0]) > 2 * _NEAR


def _meet(p: Point, q: Point, r: Point, s: Point) -> Point:
    """Where the lines through p-q and r-s meet (they cross)."""
    dx, dy, ex, ey = q[0] - p[0], q[1] - p[1], s[0] - r[0], s[1] - r[1]
    t = ((r[0] - p[0]) * ey - (r[1] - p[1]) * ex) / (dx * ey - dy * ex)
    return (p[0] + t * dx, p[1] + t * dy)


def _drawn(points: tuple[Point, ...]) -> tuple[Point, ...]:
    """A path from centre to centre as drawn: from the edge of its first space to the
    edge of its last."""
    return (_edge_point(points[1], points[0]), *points[1:-1], _edge_point(points[-2], points[-1]))


def _toll(drawn: tuple[Point, ...], lines: list[tuple[Point, ...]]) -> float:
    """What a drawn route pays for the other lines it meets."""
    toll = 0.0
    for p, q in zip(drawn, drawn[1:]):
        for line in lines:
            for r, s in zip(line, line[1:]):
                if _shared_run(p, q, r, s) or _shared_run(r, s, p, q):
                    toll += _SHARED
                elif _cross(p, q, r, s):
                    # Crossed just by where a line meets its space, it reads as a fork; a
                    # line as short as the gap between two spaces has its label beside
                    # the crossing, half hiding it.
                    ends = (drawn[0], drawn[-1], line[0], line[-1])
                    forks = min(math.dist(_meet(p, q, r, s), e) for e in ends) < _FORK
                    short = len(line) == 2 and math.dist(r, s) < _SHORT
                    toll += _TOUCH if forks else 2 * _CROSSING if short else _CROSSING
                elif _segment_gap(p, q, r, s) < _NEAR:
                    toll += _TOUCH
    return toll


class _Router:
    """Routes on one board: which straight runs between waypoints are clear of every
    space, worked out once for all of its paths."""

    def __init__(self, cells: dict[int, tuple[int, int]], work: Allowance | None = None):
        self.work = work or Allowance(ROUTE_WORK)
        self.spaces = {n: _space_rect(_centre(cell), _CLEAR) for n, cell in cells.items()}
        self.centres = {n: _centre(cell) for n, cell in cells.items()}
        self.waypoints = _waypoints(cells)
        self._clear: dict[tuple[Point, Point], bool] = {}

    def clear(self, p: Point, q: Point, skip: int | None = None) -> bool:
        """Whether p-q runs over no space but `skip`'s."""
        if skip is None:
            key = (p, q) if p <= q else (q, p)
            if key not in self._clear:
                self._clear[key] = not any(_hits(p, q, rect) for rect in self.spaces.values())
            return self._clear[key]
        return not any(_hits(p, q, rect) for n, rect in self.spaces.items() if n != skip)

    def route(self, a: int, b: int, one_way: bool, lines: list[tuple[Point, ...]]) -> tuple[Point, ...] | None:
        """The shortest polyline from sector a's centre to sector b's with one or two
        bends, clear of every other space, that crosses, touches and shares the fewest
        other lines; None where there is none, or where the board's routing has spent
        its work (the best found before, if any)."""
        if not self.work.spend(len(self.waypoints) * len(self.spaces) * 3):
            return None
        start, end = self.centres[a], self.centres[b]
        # Room for an arrowhead at the end a one-way path leads to, at both of a two-way one's.
        first_run = _STUB if one_way else _STUB + ARROW / 2
        last_run = _STUB + ARROW / 2

        def runs(w: Point) -> bool:
            """A bend far enough from both ends' spaces that each end has its own run."""
            return math.dist(w, _edge_point(w, start)) >= first_run and math.dist(w, _edge_point(w, end)) >= last_run
        free = [w for w in self.waypoints if not any(_inside(w, rect) for rect in self.spaces.values()) and runs(w)]
        firsts = [w for w in free if self.clear(start, w, a)]
        lasts = [w for w in free if self.clear(w, end, b)]
        ends = set(lasts)
        routes: list[tuple[Point, ...]] = [(start, w, end) for w in firsts if w in ends]
        if not self.work.spend(len(firsts) * len(lasts)):
            return None
        routes += [(start, w1, w2, end) for w1 in firsts for w2 in lasts if w1 != w2 and self.clear(w1, w2)]
        best = None
        for length, points in sorted((sum(math.dist(p, q) for p, q in zip(r, r[1:])), r) for r in routes):
            if best is not None and length > best[0][0]:
                break                # a toll only adds: no longer route does better
            drawn = _drawn(points)
            if not self.work.spend((len(drawn) - 1) * sum(len(line) - 1 for line in lines)):
                break
            score = (length + _toll(drawn, lines), len(points), points)
            if best is None or score < best[0]:
                best = (score, points)
        return None if best is None else best[1]


def _label_rect(point: Point) -> Rect:
    return (point[0] - _LABEL_HALF[0], point[1] - _LABEL_HALF[1], point[0] + _LABEL_HALF[0], point[1] + _LABEL_HALF[1])


def _under(point: Point, lines: list[tuple[Point, ...]]) -> bool:
    """Whether one of `lines` runs under a label at `point`."""
    rect = _label_rect(point)
    return any(_hits(r, s, rect) for line in lines for r, s in zip(line, line[1:]))


def _bent_mark(drawn: tuple[Point, ...], two_way: bool, groups: tuple[Sentence, ...], spaces: tuple[Point, ...],
               ends: tuple[Point, ...], lines: list[tuple[Point, ...]], labels: list[Point]
               ) -> tuple[PathMark, bool]:
    """A bent path's label: the point along it nearest its middle (off the arrowhead of a
    one-way path) clear of every space, its own two too (`ends`), of other lines and
    labels, and away from its bends; failing that, clear of fewer of them. And whether
    it is clear of every space (W515 where not)."""
    runs = list(zip(drawn, drawn[1:]))
    lengths = [math.dist(p, q) for p, q in runs]
    total = sum(lengths)

    def at(t: float) -> tuple[Point, int]:
        left = t * total
        for i, ((p, q), length) in enumerate(zip(runs, lengths)):
            if left <= length or i == len(runs) - 1:
                k = left / length if length else 0.0
                return (p[0] + (q[0] - p[0]) * k, p[1] + (q[1] - p[1]) * k), i
            left -= length
        raise AssertionError("a drawn path has a run")

    first = 0.5 if two_way else 0.4
    tries = [first] + [first + sign * k / 200 for k in range(1, 101) for sign in (-1, 1)]
    points = [at(t) for t in tries if 0.05 <= t <= 0.95]

    def apart(point: Point) -> bool:
        return all(abs(point[0] - x) >= 2 * _LABEL_HALF[0] or abs(point[1] - y) >= 2 * _LABEL_HALF[1]
                   for x, y in labels) and not _under(point, lines)

    def off_bends(point: Point) -> bool:
        return all(abs(point[0] - x) > _LABEL_HALF[0] or abs(point[1] - y) > _LABEL_HALF[1] for x, y in drawn[1:-1])

    gap = CELL[0] - BOX[0] - 2 * (EDGE_INSET + LABEL_CLEARANCE)

    def half(found: tuple[Point, int]) -> Point:
        """The label's size where it sits: stacked on a run down a gap between two spaces."""
        (x1, _), (x2, _) = runs[found[1]]
        return _label_half(groups, gap if abs(x2 - x1) <= 1e-6 else 0.0)
    wanted = (lambda f: not _in_space(f[0], spaces + ends, half(f)) and apart(f[0]) and off_bends(f[0]),
              lambda f: not _in_space(f[0], spaces + ends, half(f)) and apart(f[0]),
              lambda f: not _in_space(f[0], spaces + ends, half(f)),
              lambda f: not _in_space(f[0], spaces + ends),
              lambda f: not _in_space(f[0], spaces))
    found = next((found for test in wanted for found in points if test(found)), points[0])
    (x, y), run = found
    # On a run down the gap between two spaces side by side: no wider than the gap.
    (x1, _), (x2, _) = runs[run]
    room = gap if abs(x2 - x1) <= 1e-6 else 0.0
    return PathMark(x, y, groups, room), not _in_space((x, y), spaces + ends, half(found))


def _tiles(width: float, height: float, paper: str,
           avoid: Sequence[Rect] = ()) -> tuple[tuple[Tile, ...], tuple[tuple[float, float], ...]]:
    """The sheets a board prints on: one if it fits, else tiles that overlap by OVERLAP.
    With `avoid` (what the board prints, mm), each overlap strip is put where its two
    edges, the lines a table may cut along, cross the fewest of them (a space, a cost,
    the title): between spaces where the layout allows, a tile then printing a little
    less than its sheet holds. The columns' seams first, then each column's own rows,
    so that a column of sectors and the panel beside it are each cut where they are
    bare, and a column needs no more sheets than its own height."""
    short, long = BOARD_PAPERS[paper]
    sheet = (long, short)                        # boards print landscape
    if width <= sheet[0] and height <= sheet[1]:
        return (Tile(sheet, 0.0, 0.0, width, height, ""),), ()
    area_w, area_h = sheet[0] - 2 * MARGIN, sheet[1] - 2 * MARGIN
    columns = _seams(width, area_w, [(r[0], r[2]) for r in avoid])
    rows_of = [_seams(height, area_h, [(r[1], r[3]) for r in avoid if r[0] < x + w and r[2] > x])
               for x, w in columns]
    tiles = sorted((Tile(sheet, x, y, w, h, "", (r + 1, c + 1))
                    for c, ((x, w), rows) in enumerate(zip(columns, rows_of)) for r, (y, h) in enumerate(rows)),
                   key=lambda t: t.place)
    tiles = [replace(t, label=say("Tile {n} of {count}: row {row}, column {column}.", n=k, count=len(tiles),
                                  row=t.place[0], column=t.place[1]) + " "
                     + say("Lay the tiles so that the + marks meet, then trim the overlap."))
             for k, t in enumerate(tiles, 1)]
    # Marks in the middle of every overlap strip, where both tiles print them, in the
    # board's white margin, where they cover nothing: a column's row seams at the
    # board's edge beside it (the first column's on the left, the others' on the right).
    align = []
    def middles(tiles: list[tuple[float, float]]) -> list[float]:
        return [(start + before + extent) / 2 for (before, extent), (start, _) in zip(tiles, tiles[1:])]
    for x in middles(columns):
        align += [(x, MARGIN / 2), (x, height - MARGIN / 2)]
    for c, rows in enumerate(rows_of):
        edge = MARGIN / 2 if c == 0 else width - MARGIN / 2
        align += [(edge, y) for y in middles(rows)]
    return tuple(tiles), tuple(dict.fromkeys(align))


def _seams(length: float, area: float, spans: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """Along one direction, where each tile starts and how much it prints, mm. Each
    overlap strip runs from the next tile's start to the last tile's end, at least
    OVERLAP wide: where its two edges, the lines a table trims along, cut the fewest
    `spans` (what the board prints), a strip as wide as a gap holding a cost whole;
    among those, as far on as the sheet allows, and never so far back that the tiles
    left could not reach the board's end (no more tiles than a fixed step takes)."""
    def cut(at: float) -> int:
        return sum(1 for a, b in spans if a < at < b)
    step = area - OVERLAP
    count = max(1, math.ceil((length - OVERLAP) / step))
    starts, ends = [0.0], []
    while starts[-1] + area < length:
        last = starts[-1]
        lowest = max(last + area / 2, length - OVERLAP - (count - len(starts)) * step)
        # Candidate edges every 0.5 mm, from the last tile's end back.
        grid = [last + area - 0.5 * k for k in range(int((last + area - lowest) / 0.5) + 1)]
        costs = [cut(at) for at in grid]
        apart = round(OVERLAP / 0.5)
        best: tuple[int, int, int] | None = None  # (cost, the start's index, the end's index)
        for i in range(apart, len(grid)):
            j = min(range(i - apart + 1), key=lambda j: (costs[j], -j))
            if best is None or costs[i] + costs[j] < best[0]:
                best = (costs[i] + costs[j], i, j)
                if not best[0]:
                    break
        if best is None:
            starts.append(last + step)
            ends.append(last + area)
        else:
            starts.append(grid[best[1]])
            ends.append(grid[best[2]])
    ends.append(starts[-1] + area)
    return [(x, end - x) for x, end in zip(starts, ends)]


def _printed_tiles(tiles: tuple[Tile, ...], drawn: list[Rect]) -> tuple[Tile, ...]:
    """The tiles that print something of `drawn` (what the board draws, mm): a sheet that
    would hold nothing but the board's ground is left out, and the others say which."""
    columns = max(t.place[1] for t in tiles)
    rows = {c: max(t.place[0] for t in tiles if t.place[1] == c) for c in range(1, columns + 1)}

    def holds(t: Tile, r: Rect) -> bool:
        # The strip a tile shares with the next one to its right or below is that one's.
        right = t.x + t.width - (OVERLAP if t.place[1] < columns else 0.0)
        bottom = t.y + t.height - (OVERLAP if t.place[0] < rows[t.place[1]] else 0.0)
        return r[0] < right and r[2] > t.x and r[1] < bottom and r[3] > t.y
    kept = [t for t in tiles if any(holds(t, r) for r in drawn)]
    if len(tiles) == 1 or len(kept) == len(tiles):
        return tiles
    blank = " ".join(f"(Row {t.place[0]}, column {t.place[1]}: bare ground, not printed.)"
                     for t in tiles if t not in kept)
    return tuple(replace(t, label=f"Tile {k} of {len(kept)}: row {t.place[0]}, column {t.place[1]}. Lay the tiles "
                                  f"so that the + marks meet, then trim the overlap. {blank}")
                 for k, t in enumerate(kept, 1))


def _drawn_rects(board: Board, extra: float, lines: bool = True) -> list[Rect]:
    """Where the board draws something, mm: its name and Success track, its sectors,
    card spaces and the spaces of its texts (`extra` tall), its paths and their costs."""
    rects: list[Rect] = [(MARGIN, MARGIN, MARGIN + 100.0, MARGIN + 6.0)]
    rects += [(x, y - 4.0, x + 7.0, y + 7.0) for _, x, y in board.track]
    rects += [(s.x, s.y, s.x + BOX[0], s.y + BOX[1]) for s in board.sectors]
    rects += [(x, y, x + CARD[0], y + SLOT) for _, x, y in board.spaces]
    rects.append((board.texts[0], board.texts[1], board.texts[0] + CARD[0], board.texts[1] + extra))
    for _, _, points in board.drawn if lines else ():
        rects += [(min(p[0], q[0]) - ARROW, min(p[1], q[1]) - ARROW, max(p[0], q[0]) + ARROW, max(p[1], q[1]) + ARROW)
                  for p, q in zip(points, points[1:])]
    for mark in board.marks:
        half = _label_half(mark.groups, mark.room)
        rects.append((mark.x - half[0], mark.y - half[1], mark.x + half[0], mark.y + half[1]))
    return rects


def board_of(pack: m.Pack, planet: m.Planet, paper: str) -> Board:
    """The planet's board: its sectors placed on a grid, each with a card-sized space for
    its POI, its paths drawn between them (round the spaces a straight line would
    cross), their costs labelled, the Success track along the top, and the card spaces,
    rules and Special Actions in the panel on the right."""
    cells = place(planet, pinned(planet)[0], paper)
    columns = max(c for c, _ in cells.values()) + 1 if cells else 1
    rows = max(r for _, r in cells.values()) + 1 if cells else 1
    rules = _planet_rules(planet)
    actions = tuple((sector.number, action.name, _action_said(action),
                     ActionHead([], action.danger, action.danger_letter, action.dice_check).lead)
                    for sector in planet.sectors for action in sector.actions)
    extra = _space_height(["Lift-Off", "Evac"]) + (_space_height([plain(p) for p in rules]) if rules else 0.0) + sum(
        _space_height([plain(p) for p in said]) for _, _, said, _ in actions)
    width, height = _board_size(columns, rows, extra)
    paths = [(i, path) for i, path in enumerate(planet.paths)
             if path.a != path.b and path.a in cells and path.b in cells]
    drawn, bent, over = _route_paths(cells, paths)
    marks, unclear = _path_marks(cells, paths, drawn, bent)
    drawn.update(bent)
    tiles, align = _tiles(width, height, paper)
    panel = MARGIN + columns * CELL[0]
    right = panel + CARD[0] + PANEL_GUTTER
    top = ORIGIN[1]
    board = Board(
        file_name=f"board-{planet.id}.pdf", title=f"{pack.title} — {planet.name}", planet=planet.name,
        width=width, height=height, sectors=_sector_views(pack, planet, cells),
        marks=tuple(marks[i] for i in sorted(marks)),
        lines=_lines_svg(width, height, [(drawn[i], not planet.paths[i].two_way) for i in sorted(drawn)]),
        missions=planet.missions, rank_ups=planet.rank_ups,
        uniques=tuple((n, effects_sentence((choice,))) for n, choice in planet.uniques),
        condition=_condition(planet), lift_off=_log_line(planet.lift_off), evac=_log_line(planet.evac),
        tiles=tiles, align=align, span=planet.span,
        rules=rules, actions=actions, over=tuple(over),
        drawn=tuple((planet.paths[i].a, planet.paths[i].b, drawn[i]) for i in sorted(drawn)),
        # RB 431-436: the Rank-Up card on the top edge, Unique Discovery in the top right
        # and Mission below it, the Global Condition in the bottom right.
        spaces=(("rank_up", panel, top), ("unique", right, top), ("mission", right, top + SLOT + SPACING),
                ("condition", right, height - MARGIN - SLOT)),
        texts=(panel, top + SLOT + SPACING),
        # Above the panel, where no path runs: a path bent round the grid's top row may
        # run along the top edge, up to a corner of the grid.
        track=tuple((n, panel + TRACK_INDENT + (n - 1) * TRACK_PITCH, MARGIN + 3.8)
                    for n in range(1, SUCCESS_SPACES + 1)),
        unclear=tuple((planet.paths[i].span, planet.paths[i].a, "<->" if planet.paths[i].two_way else "->",
                       planet.paths[i].b, n) for i, n in unclear),
        # A board on one sheet frames its art to the sheet; a tiled one, to the whole board.
        art=art_view(planet.art, tiles[0].size if len(tiles) == 1 else (width, height)))
    drawn_rects = _drawn_rects(board, extra)
    if len(tiles) > 1:
        # Seams between what the board prints: its paths' lines may be cut, not its words.
        tiles, align = _tiles(width, height, paper, _drawn_rects(board, extra, lines=False))
        board = replace(board, tiles=tiles, align=align)
    return replace(board, tiles=_printed_tiles(tiles, drawn_rects))


def _planet_rules(planet: m.Planet) -> tuple[Sentence, ...]:
    """The planet's own rules, paragraph by paragraph, its `events if` last."""
    rules = tuple(p for t in planet.text for p in rich(t))
    if planet.events is not None:
        rules += (events_rule(planet.events),)
    return rules


def _sector_views(pack: m.Pack, planet: m.Planet, cells: dict[int, tuple[int, int]]) -> tuple[SectorView, ...]:
    cards = {c.id: c for c in (*pack.cards, *planet.board_pois) if c.kind == "poi"}
    board_pois = {c.id for c in planet.board_pois}
    sectors = []
    for sector in planet.sectors:
        cx, cy = _centre(cells[sector.number])
        log = sector.goto.param("log") if sector.goto is not None and sector.goto.op == "goto_log" else None
        poi = cards.get(sector.printed_poi or "")
        sectors.append(SectorView(
            sector.number, sector.name or "", tuple(b for b in sector.biomes if b in ICONS),
            "" if sector.printed_poi in board_pois else sector.printed_poi or "",
            poi.name if poi is not None else "", sector.slot, sector.lander,
            [log_ref(log)] if log is not None else [], cx - BOX[0] / 2, cy - BOX[1] / 2,
            tuple(a.name for a in sector.actions),
            printed=_printed_poi(poi) if poi is not None else (), span=sector.span))
    return tuple(sectors)


def _printed_poi(card: m.Card) -> PrintedPoi:
    """What a POI printed on a sector says, as its card would (RB 444): its biomes, the
    words of its flags, its text, and each Special Action as the card prints it, its
    tracks' boxes and Outcome spaces included (RB 620-627)."""
    flags = tuple(say(FLAG_WORDS[f]) if f in FLAG_WORDS else f for f in card.flags)
    return ((tuple(b for b in card.biomes if b in ICONS), flags, tuple(p for t in card.text for p in rich(t))),
            tuple(action_blocks(card.actions)))


# A path's index among the planet's paths, and the path.
_Indexed = list[tuple[int, m.Path]]


def _offset(points: tuple[Point, ...], distance: float) -> tuple[Point, ...]:
    """The polyline moved `distance` mm to its left (mitred at the bends)."""
    if not distance:
        return points
    normals = []
    for p, q in zip(points, points[1:]):
        length = math.dist(p, q) or 1.0
        normals.append(((p[1] - q[1]) / length, (q[0] - p[0]) / length))
    out = []
    for k, p in enumerate(points):
        if k == 0 or k == len(points) - 1:
            n = normals[0] if k == 0 else normals[-1]
        else:
            (ax, ay), (bx, by) = normals[k - 1], normals[k]
            sx, sy = ax + bx, ay + by
            dot = (sx * ax + sy * ay) or 1.0
            n = (sx / dot, sy / dot)
        out.append((p[0] + n[0] * distance, p[1] + n[1] * distance))
    return tuple(out)


def _leave(p: Point, q: Point, centre: Point) -> Point:
    """Where the segment from p (inside the space centred at `centre`) towards q leaves
    the space, `EDGE_INSET` out."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    half_w, half_h = BOX[0] / 2 + EDGE_INSET, BOX[1] / 2 + EDGE_INSET
    tx = (centre[0] + math.copysign(half_w, dx) - p[0]) / dx if dx else math.inf
    ty = (centre[1] + math.copysign(half_h, dy) - p[1]) / dy if dy else math.inf
    t = min(tx, ty)
    return (p[0] + dx * t, p[1] + dy * t)


def _line_of(route: tuple[Point, ...], distance: float, reverse: bool) -> tuple[Point, ...]:
    """A path's line from a route between two centres: moved aside by `distance` (the
    paths that join the same two sectors side by side), from edge to edge of the spaces,
    and from its first sector to its second."""
    moved = _offset(route, distance)
    line = (_leave(moved[0], moved[1], route[0]), *moved[1:-1], _leave(moved[-1], moved[-2], route[-1]))
    return line[::-1] if reverse else line


def _route_paths(cells: dict[int, tuple[int, int]], paths: _Indexed
                 ) -> tuple[dict[int, tuple[Point, ...]], dict[int, tuple[Point, ...]],
                            list[tuple[Span, int, str, int, int]]]:
    """Each path's line: straight, or bent round the spaces its straight line would run
    over; and, for W513, each path no bend clears with the sector it runs over. The
    paths that join the same two sectors (`5 -> 6` and `6 -> 5`) share one route and are
    drawn side by side, SPREAD apart, each with its own arrow and cost."""
    joined: dict[tuple[int, int], list[int]] = {}
    for i, path in paths:
        joined.setdefault((min(path.a, path.b), max(path.a, path.b)), []).append(i)
    by_index = dict(paths)

    def lines(key: tuple[int, int], route: tuple[Point, ...]) -> dict[int, tuple[Point, ...]]:
        members = joined[key]
        return {i: _line_of(route, (k - (len(members) - 1) / 2) * SPREAD, by_index[i].a != key[0])
                for k, i in enumerate(members)}

    drawn: dict[int, tuple[Point, ...]] = {}
    over: list[tuple[Span, int, str, int, int]] = []
    blocked = {key: over_sectors(cells, *key) for key in joined}
    # Straight paths first, then those bent round the spaces their straight line would
    # run over, each clear of the lines drawn before it.
    for key in joined:
        if not blocked[key]:
            drawn.update(lines(key, (_centre(cells[key[0]]), _centre(cells[key[1]]))))
    router = _Router(cells) if any(blocked.values()) else None
    bent: dict[int, tuple[Point, ...]] = {}
    for key, members in joined.items():
        if not blocked[key]:
            continue
        assert router is not None
        one_way = all(not by_index[i].two_way and by_index[i].a == key[0] for i in members)
        route = router.route(*key, one_way, [*drawn.values(), *bent.values()])
        if route is None:
            drawn.update(lines(key, (_centre(cells[key[0]]), _centre(cells[key[1]]))))
            over += [(by_index[i].span, by_index[i].a, "<->" if by_index[i].two_way else "->", by_index[i].b, n)
                     for i in members for n in blocked[key]]
        else:
            bent.update(lines(key, route))
    return drawn, bent, over


def _path_marks(cells: dict[int, tuple[int, int]], paths: _Indexed, drawn: dict[int, tuple[Point, ...]],
                bent: dict[int, tuple[Point, ...]]) -> tuple[dict[int, PathMark], list[tuple[int, int]]]:
    """The labels once every line is drawn: a straight path's where it always was unless
    a bent path runs under it there, a bent path's clear of every other label and line;
    and, for W515, each path whose label no place along it keeps off every space, with
    the sector it covers."""
    marks: dict[int, PathMark] = {}
    unclear: list[tuple[int, int]] = []

    def covered(mark: PathMark) -> int:
        half = _label_half(mark.groups, mark.room)
        return next((n for n, cell in sorted(cells.items()) if _in_space((mark.x, mark.y), (_centre(cell),), half)),
                    0)

    for i, path in paths:
        if path.costs and i in drawn:
            others = tuple(_centre(cell) for n, cell in cells.items() if n not in (path.a, path.b))
            marks[i], clear = _mark(drawn[i][0], drawn[i][-1], path.two_way, _cost_groups(path.costs), others,
                                    list(bent.values()), (_centre(cells[path.a]), _centre(cells[path.b])))
            if not clear:
                unclear.append((i, covered(marks[i])))
    for i, path in paths:
        if path.costs and i in bent:
            others = tuple(_centre(cell) for n, cell in cells.items() if n not in (path.a, path.b))
            lines = [line for j, line in (*drawn.items(), *bent.items()) if j != i]
            marks[i], clear = _bent_mark(bent[i], path.two_way, _cost_groups(path.costs), others,
                                         (_centre(cells[path.a]), _centre(cells[path.b])), lines,
                                         [(mark.x, mark.y) for mark in marks.values()])
            if not clear:
                unclear.append((i, covered(marks[i])))
    return marks, sorted(unclear)


def _condition(planet: m.Planet) -> BoardCondition:
    """The Global Condition the board prints: ("printed", name, travel, supplies, its
    rules and rows one a paragraph), a card's place ("card", id), or ()."""
    if planet.printed_conditions:
        printed = planet.printed_conditions[0]
        said: list[Sentence] = [p for t in printed.text for p in rich(t)]
        for row in printed.rows:
            # A time track prints its boxes, one a space the table progresses (RB 1680).
            lead = ([Icon("time"), Words(" " + "☐" * (row.number or 0))] if row.kind == "time"
                    else row_lead(row))
            said.append([*lead, Words(": "), *effects_sentence(row.effects)])
        return ("printed", printed.name, effects_sentence(printed.travel) if printed.travel else [],
                "" if printed.supplies is None else str(printed.supplies), tuple(said))
    if planet.condition_cards:
        return ("card", planet.condition_cards[0])
    return ()


def _action_said(action: m.CheckAction) -> tuple[Sentence, ...]:
    """A Special Action as paragraphs: its text, its effects, or its rows one a line."""
    out: list[Sentence] = [p for t in action.text for p in rich(t)]
    if action.effects:
        out.append(effects_sentence(action.effects))
    for row in action.rows:
        lead = row_lead(row)
        out.append([*lead, Words(": ") if lead else Words(""), *effects_sentence(row.effects)])
    return tuple(out)


def _log_line(effects: tuple[m.Effect, ...]) -> Sentence:
    out: Sentence = []
    for effect in effects:
        out.extend([log_ref(effect.param("log"))] if effect.op == "goto_log" else said(effect))
    return out


def lay_out_board(board: Board) -> tuple[Any, Callable[[], bytes]]:
    """WeasyPrint's layout of the board's (first) sheet, and a function writing all of
    them as PDF."""
    documents, write = _laid(board)
    return documents[0], write


def render_board(board: Board) -> bytes:
    return _laid(board)[1]()


def render_board_measured(board: Board) -> tuple[bytes, tuple[tuple[int, int], ...]]:
    """The board's PDF, and each sector whose printed POI runs past its card space with
    the lines cut (W516), by sector number."""
    documents, write = _laid(board)
    return write(), _cut(documents)


def _cut(documents: list[Any]) -> tuple[tuple[int, int], ...]:
    """(sector, lines) of each printed POI (`data-cut="<sector>"`) whose lines run past
    the bottom of its card space, on whichever sheet shows it whole."""
    from vcompiler.render.sheets import lines_past_bottom, marked_blocks

    found: dict[int, int] = {}
    for document in documents:
        for box, ident in marked_blocks(document, "data-cut"):
            found[int(ident)] = max(found.get(int(ident), 0), lines_past_bottom(box))
    return tuple((sector, lines) for sector, lines in sorted(found.items()) if lines)


def _laid(board: Board) -> tuple[list[Any], Callable[[], bytes]]:
    """WeasyPrint's layout of each of the board's sheets, and a function writing them as
    one PDF. A tiled board's sheets are each laid out on a page as tall as the board
    below the sheet, then cut to the sheet (`_sheets`): on a page of the sheet's own
    height, the spaces its bottom edge cuts ran on, or were pushed whole, onto the next
    sheet."""
    from vcompiler import __version__
    from vcompiler.render.options import source_date
    from vcompiler.render.sheets import lay_out
    from vcompiler.render.templating import environment, spoken

    template = environment().get_template("board.html.j2")
    width, height = board.tiles[0].size
    # For a print shop the board's ground runs past the trim into the bleed, so that a
    # cut a little off its line leaves no white edge.
    bleed = f" bleed: {board.bleed_mm:g}mm; background: {GROUND};" if board.bleed_mm else ""
    if len(board.tiles) == 1:
        html = template.render(board=board, naive=False, created=source_date(), version=__version__,
                               **spoken(board.language))
        document, write = lay_out(html, f"@page {{ size: {width:.3f}mm {height:.3f}mm; margin: 0;{bleed} }}\n",
                                  ("base.css", "board.css"))
        return [document], write
    tall = height + board.height
    laid = [lay_out(template.render(board=board, tiles=(tile,), naive=False, created=source_date(),
                                    version=__version__, **spoken(board.language)),
                    f"@page {{ size: {width:.3f}mm {tall:.3f}mm; margin: 0;{bleed} }}\n", ("base.css", "board.css"))
            for tile in board.tiles]
    return [document for document, _ in laid], lambda: _sheets([write() for _, write in laid],
                                                                (tall - height) * 72 / 25.4)


def _sheets(documents: list[bytes], below: float) -> bytes:
    """The first page of each document, cut to its top `below` points less: one file."""
    import io

    import pikepdf

    from vcompiler.render.impose import _save

    out = pikepdf.new()
    opened = [pikepdf.open(io.BytesIO(data)) for data in documents]     # alive until saved
    for source in opened:
        page = source.pages[0]
        for name in ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox"):
            if name in page.obj:
                x0, y0, x1, y1 = (float(v) for v in page.obj[name])
                page.obj[name] = pikepdf.Array([x0, y0 + below, x1, y1])
        out.pages.append(page)
    return _save(out)

