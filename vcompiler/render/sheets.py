"""Faces on paper: N-up card sheets with a 3 mm bleed around every card, cut marks in
the margin outside the cards, and after every sheet of fronts its sheet of backs,
placed so that each back lands behind its front when the sheet is printed double-sided
and flipped on its long edge (the margin of every sheet of fronts says so); or, with
the single layout, one card a page (front, then back) the size of the card and its
bleed, the way print-on-demand services take them.

A run of sheets renders in one process (a worker), which also measures the text of
every card against its boxes (WeasyPrint's layout, not a guess from the word count):
a card whose text does not fit is rendered again with a band at the bottom of the box
that overflows, over its last line, saying how many lines are not printed, and reported."""
from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Iterator
from dataclasses import field
from typing import Any

from vcompiler import __version__
from vcompiler.registry.phrasebook import say_in, speaking_now
from vcompiler.render import weasy_compat
from vcompiler.render.cards import Face
from vcompiler.render.ir import Icon
from vcompiler.render.voice import DangerTable
from vcompiler.util.frozen import frozen

PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a5": (148.0, 210.0)}
BLEED_MM = 3.0
# Room around the cards for the cut marks, inside what office printers can print.
MARGIN_MM = 7.0
MARK_MM = 4.0
MARK_GAP_MM = 1.0                # between a cut mark and the bleed
# Printed in the top margin of every sheet of fronts, between the cut marks of its first
# card: what a home printer must be told for the backs to land behind their fronts and
# the cards to come out their size.
DUPLEX_NOTE = "Print at actual size, double-sided, flip on long edge"
# Sheets per worker job: small enough to spread over the workers, large enough that
# starting a document costs little.
SHEETS_PER_JOB = 6
# The band printed over the bottom of a box whose text does not fit (cards.css's .cut
# has this height): the lines it covers are cut too, and counted so.
CUT_BAND_MM = 3.2
PX_PER_MM = 96 / 25.4                # WeasyPrint lays out in CSS px


@frozen
class Slot:
    x: float                         # top-left corner of the card's bleed box, mm
    y: float
    w: float                         # the bleed box
    h: float


@frozen
class Page:
    side: str                        # front | back | legend (the key to the icons; its back is blank)
    size: tuple[float, float]        # mm
    cards: tuple[tuple[int, Slot], ...]     # (index of the face in the deck, where)
    marks: tuple[tuple[float, float, float, float], ...] = ()   # cut marks: x1, y1, x2, y2 in mm
    note: Slot | None = None         # where DUPLEX_NOTE is printed


@frozen
class Layout:
    """Where one kind's cards go on a sheet: the paper's orientation and the grid."""
    size: tuple[float, float]
    columns: int
    rows: int
    slot: tuple[float, float]

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows


def grid(card: tuple[float, float], paper: str) -> Layout | None:
    """The orientation of the paper that holds most of these cards (portrait when
    equal), or None when not one fits."""
    w, h = card[0] + 2 * BLEED_MM, card[1] + 2 * BLEED_MM
    best = None
    short, long = PAPER_MM[paper]
    for size in ((short, long), (long, short)):
        columns = int((size[0] - 2 * MARGIN_MM) // w)
        rows = int((size[1] - 2 * MARGIN_MM) // h)
        if columns * rows and (best is None or columns * rows > best.per_sheet):
            best = Layout(size, columns, rows, (w, h))
    return best


def behind(slot: Slot, size: tuple[float, float]) -> Slot:
    """Where the back of a card printed at `slot` goes on the other side of the sheet,
    flipped on its long edge: mirrored left-right on a portrait sheet, top-bottom on a
    landscape one."""
    width, height = size
    if width <= height:
        return Slot(round(width - slot.x - slot.w, 3), slot.y, slot.w, slot.h)
    return Slot(slot.x, round(height - slot.y - slot.h, 3), slot.w, slot.h)


def _cut_marks(layout: Layout, x0: float, y0: float, cards: int) -> tuple[tuple[float, float, float, float], ...]:
    """Short lines at both ends of every trim line of the `cards` first places, none
    crossing a card, so that they survive the cut as guides. A line ends at the last
    card placed along it: on a sheet that is not full, no mark stands beside an empty
    place, where it would promise a card that is not there."""
    w, h = layout.slot
    gap = MARK_GAP_MM
    marks: set[tuple[float, float, float, float]] = set()
    for c in range(min(cards, layout.columns)):
        bottom = y0 + -(-(cards - c) // layout.columns) * h        # below the column's last card
        for x in (round(x0 + c * w + BLEED_MM, 3), round(x0 + (c + 1) * w - BLEED_MM, 3)):
            marks |= {(x, y0 - gap - MARK_MM, x, y0 - gap), (x, bottom + gap, x, bottom + gap + MARK_MM)}
    for r in range(-(-cards // layout.columns)):
        right = x0 + min(cards - r * layout.columns, layout.columns) * w      # right of the row's last card
        for y in (round(y0 + r * h + BLEED_MM, 3), round(y0 + (r + 1) * h - BLEED_MM, 3)):
            marks |= {(x0 - gap - MARK_MM, y, x0 - gap, y), (right + gap, y, right + gap + MARK_MM, y)}
    return tuple(sorted(marks))


def sheet_pages(indices: list[int], layout: Layout) -> list[Page]:
    """Fronts and backs, sheet by sheet, of the cards `indices` (one kind, one size)."""
    w, h = layout.slot
    width, height = layout.size
    x0 = round((width - layout.columns * w) / 2, 3)
    y0 = round((height - layout.rows * h) / 2, 3)
    pages = []
    for start in range(0, len(indices), layout.per_sheet):
        run = indices[start:start + layout.per_sheet]
        marks = _cut_marks(layout, x0, y0, len(run))
        slots = [Slot(round(x0 + (i % layout.columns) * w, 3), round(y0 + (i // layout.columns) * h, 3), w, h)
                 for i in range(len(run))]
        # Above the first card, within its trim width: the cut marks stand on its edges.
        note = Slot(round(x0 + BLEED_MM, 3), round(y0 - MARK_GAP_MM - MARK_MM, 3), round(w - 2 * BLEED_MM, 3), MARK_MM)
        pages.append(Page("front", layout.size, tuple(zip(run, slots)), marks, note))
        pages.append(Page("back", layout.size, tuple((n, behind(s, layout.size)) for n, s in zip(run, slots)),
                          tuple((width - a, b, width - c, d) if width <= height else (a, height - b, c, height - d)
                                for a, b, c, d in marks)))
    return pages


def legend_pages(layout: Layout) -> list[Page]:
    """A sheet that opens the card sheets with the key to the icons, on the paper of the
    first cards: its back is left blank, so that every sheet after it keeps its cards'
    backs behind their fronts when printed double-sided."""
    width = layout.size[0]
    # The printer's note heads it as it heads every sheet of fronts: it is the first they see.
    note = Slot(MARGIN_MM, MARGIN_MM - MARK_MM, round(width - 2 * MARGIN_MM, 3), MARK_MM)
    return [Page("legend", layout.size, (), (), note), Page("back", layout.size, ())]


def single_pages(indices: list[int], faces: list[Face]) -> list[Page]:
    pages = []
    for n in indices:
        w, h = faces[n].size
        size = (w + 2 * BLEED_MM, h + 2 * BLEED_MM)
        slot = Slot(0.0, 0.0, *size)
        pages += [Page("front", size, ((n, slot),)), Page("back", size, ((n, slot),))]
    return pages


@frozen
class Job:
    """One run of pages, rendered in one process: the faces it prints and the pages."""
    title: str
    faces: tuple[Face, ...]
    pages: tuple[Page, ...]
    measure: frozenset[int]           # faces whose fit this job reports (first copies)
    # The key to the icons a legend page prints, by group (render/books.py icon_key).
    legend: tuple[tuple[str, tuple[tuple[Icon, str], ...]], ...] = ()
    # Art runs into the bleed only where the card is cut from its own page with a bleed
    # (the single layout with --bleed); on a sheet it stops at the card's cut line.
    art_bleed: bool = False
    # Under the key: the tables of the Danger die Reference card (render/books.py danger_key).
    tables: tuple[DangerTable, ...] = ()
    # The edition's language (registry/phrasebook.py): the worker prints its fixed words in it.
    language: str = field(default_factory=speaking_now)


@frozen
class Overflow:
    face: int                         # index in the job's faces
    part: str                         # title | body | foot
    lines: int                        # lines not printed: past the box or under the band
    item: int | None = None           # the block of the part whose lines first run past it
    top: float = 0.0                  # where the first of them begins, mm below the box's top


@frozen
class RenderedJob:
    pdf: bytes
    overflows: tuple[Overflow, ...]
    pages: int


def job_html(job: Job, marked: dict[int, dict[str, Overflow]] | None = None) -> str:
    """`marked`: by face, the parts (title, body, foot) printed cut, and what is cut."""
    from vcompiler.registry.art import CARD_ART_TOP_MM
    from vcompiler.render.fit import ART_GAP, BODY_TOP
    from vcompiler.render.options import source_date
    from vcompiler.render.templating import environment, spoken
    return environment().get_template("cards.html.j2").render(
        job=job, marked=marked or {}, bleed=BLEED_MM, note=say_in(job.language, DUPLEX_NOTE), page_names=page_names,
        naive=False, created=source_date(), art_top=CARD_ART_TOP_MM, art_body_top=BODY_TOP + ART_GAP,
        version=__version__, **spoken(job.language))


# Added below every page to count what overflows: WeasyPrint lays out no line below
# the page's bottom, so the lines overflowing a card near it would not be counted.
MEASURE_ROOM_MM = 2000.0


def _page_css(job: Job, room: float = 0.0) -> str:
    # Built from numbers only, never from pack text: one named page per page size.
    sizes = sorted({page.size for page in job.pages})
    return "".join(f"@page s{i} {{ size: {w:.3f}mm {h + room:.3f}mm; margin: 0; }}\n"
                   for i, (w, h) in enumerate(sizes))


def page_names(job: Job) -> dict[tuple[float, float], str]:
    return {size: f"s{i}" for i, size in enumerate(sorted({page.size for page in job.pages}))}


def _lines_past(box: Any, limit: float) -> list[float]:
    """Where the lines inside `box` that end below `limit` begin (in CSS px)."""
    tops = []
    stack = [box]
    while stack:
        current = stack.pop()
        if weasy_compat.is_line(current):
            if current.position_y + current.height > limit + 0.5:
                tops.append(current.position_y)
            continue
        stack.extend(weasy_compat.children(current))
    return tops


def _first_past(box: Any, limit: float) -> int | None:
    """Which block of a fit box first has a line past `limit`: the index of its element
    among the box's elements, as the templates print one element a block."""
    children = weasy_compat.children(box)
    elements = [child for child in box.element] if box.element is not None else []
    for child in children:
        if _lines_past(child, limit):
            element = getattr(child, "element", None)
            return elements.index(element) if element in elements else None
    return None


def marked_blocks(document: Any, attribute: str) -> Iterator[tuple[Any, str]]:
    """Each block box of `document`'s layout whose element carries `attribute`, with
    its value; the boxes inside one are not searched."""
    for page in document.pages:
        stack = [weasy_compat.page_box(page)]
        while stack:
            box = stack.pop()
            element = getattr(box, "element", None)
            ident = element.get(attribute, "") if element is not None else ""
            if ident and weasy_compat.is_block(box):
                yield box, ident
                continue
            stack.extend(weasy_compat.children(box))


def lines_past_bottom(box: Any) -> int:
    """How many of a box's lines run past its bottom edge."""
    return len(_lines_past(box, box.content_box_y() + box.height))


def measure(document: Any) -> list[Overflow]:
    """Every fit box (attribute data-fit="<face>-<part>") whose lines run past its
    bottom edge, from WeasyPrint's layout, with the lines that will not be read: those
    past the edge and those the band printed over the box's bottom covers."""
    found = []
    for box, ident in marked_blocks(document, "data-fit"):
        limit = box.content_box_y() + box.height
        if _lines_past(box, limit):
            covered = limit - CUT_BAND_MM * PX_PER_MM
            tops = _lines_past(box, covered)
            # A little above the line, so that the border of a boxed row goes too.
            top = max(0.0, round((min(tops) - box.content_box_y()) / PX_PER_MM - 0.6, 3))
            face, part = ident.split("-", 1)
            found.append(Overflow(int(face), part, len(tops), _first_past(box, covered), top))
    return sorted(set(found), key=lambda o: (o.face, o.part))


def lay_out(html: str, extra_css: str, sheets: tuple[str, ...]) -> tuple[Any, Callable[[], bytes]]:
    """WeasyPrint's layout of `html` with the package's stylesheets `sheets` and
    `extra_css` (built from numbers only), and a function writing it as PDF bytes."""
    from vcompiler.render.options import RenderError, RenderOptions, reproducible
    from vcompiler.render.pdf import _weasy, _weasyprint_log

    document, stylesheets, fonts = _weasy(html, RenderOptions(), extra_css, sheets=sheets)
    identifier = hashlib.sha256((html + extra_css).encode("utf-8")).hexdigest()[:32].encode()
    with reproducible(), _weasyprint_log() as problems:
        laid_out = document.render(stylesheets=stylesheets, font_config=fonts)
    if problems:
        raise RenderError("; ".join(problems[:5]))

    def write() -> bytes:
        with reproducible(), _weasyprint_log() as problems:
            pdf = laid_out.write_pdf(pdf_identifier=identifier)
        if problems:
            raise RenderError("; ".join(problems[:5]))
        return pdf
    return laid_out, write


def render_job(job: Job) -> RenderedJob:
    """The job's pages as a PDF. A card that overflows is drawn again with a band that
    says how much is cut: a proof must never hide that text was cut."""
    css = _page_css(job)
    laid_out, write = lay_out(job_html(job), css, ("base.css", "cards.css"))
    found = measure(laid_out)
    if found:
        # Counted again with room below the pages: a card near the bottom of its page
        # has lines WeasyPrint did not lay out (there is always room for the first of them).
        found = measure(lay_out(job_html(job), _page_css(job, MEASURE_ROOM_MM), ("base.css", "cards.css"))[0])
        marked: dict[int, dict[str, Overflow]] = {}
        for o in found:
            marked.setdefault(o.face, {})[o.part] = o
        laid_out, write = lay_out(job_html(job, marked), css, ("base.css", "cards.css"))
    return RenderedJob(write(), tuple(o for o in found if o.face in job.measure), len(laid_out.pages))


def _outline_items(source: Any, first_page: int) -> list[Any]:
    """A job's outline (a card sheet's cards by name), its pages counted from
    `first_page` of the joined file: joining pages alone leaves the outline behind."""
    import pikepdf

    pages = {page.objgen: n for n, page in enumerate(source.pages)}

    def copied(item: Any) -> Any:
        target = item.destination
        if isinstance(target, pikepdf.Array) and len(target) and target[0].objgen in pages:
            page = first_page + pages[target[0].objgen]
            made = pikepdf.OutlineItem(str(item.title), page, "XYZ",
                                       left=float(target[2]) if len(target) > 2 else None,
                                       top=float(target[3]) if len(target) > 3 else None)
        else:
            made = pikepdf.OutlineItem(str(item.title))
        made.children.extend(copied(child) for child in item.children)
        return made

    with source.open_outline() as found:
        return [copied(item) for item in found.root]


def assemble_pdf(parts: list[bytes], title: str, trim_bleed: list[bool]) -> bytes:
    """The jobs' PDFs as one file, one subset per font. Single-card pages (`trim_bleed`)
    get a TrimBox inside their bleed, for print-on-demand services."""
    import pikepdf

    from vcompiler.render.assembly import saved
    from vcompiler.render.fonts import merge_fonts
    from vcompiler.render.options import source_date

    out = pikepdf.new()
    # Open until the file is saved: their pages' streams are read from them then.
    sources = [pikepdf.open(io.BytesIO(part)) for part in parts]
    outline: list[Any] = []
    for source in sources:
        outline.extend(_outline_items(source, len(out.pages)))
        out.pages.extend(source.pages)
    if outline:
        with out.open_outline() as root:
            root.root.extend(outline)
    bleed = BLEED_MM * 72 / 25.4
    for page, trimmed in zip(out.pages, trim_bleed):
        if trimmed:
            left, bottom, right, top = (float(v) for v in page.mediabox)
            page.bleedbox = pikepdf.Array([left, bottom, right, top])
            page.trimbox = pikepdf.Array([left + bleed, bottom + bleed, right - bleed, top - bleed])
    # Each job embeds its own subsets under one name per font: one font per family,
    # under a name of its own, is what a preflight accepts, and a tenth of the weight.
    merge_fonts(out)
    info = {"/Title": pikepdf.String(title), "/Producer": pikepdf.String(f"vcompiler {__version__}")}
    created = source_date()
    if created:
        stamp = "D:" + created.replace("-", "").replace(":", "").replace("T", "").rstrip("Z") + "Z"
        info["/CreationDate"] = pikepdf.String(stamp)
    out.docinfo = out.make_indirect(pikepdf.Dictionary(info))
    return saved(out, sources)
