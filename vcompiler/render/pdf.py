"""Books -> PDF bytes: Jinja2 (autoescaped) -> HTML -> WeasyPrint, with the package's
own fonts and icons only. The same input gives the same bytes: no clock, a PDF
identifier derived from the content, and a date only from SOURCE_DATE_EPOCH."""
from __future__ import annotations

import atexit
import hashlib
import logging
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from vcompiler import __version__
from vcompiler.registry.phrasebook import say
from vcompiler.render import weasy_compat
from vcompiler.render.books import Book, Entry, Section, entry_size, index_sections, sections
from vcompiler.render.ir import Choices, Emphasis, Paragraph, Ref, Sentence
from vcompiler.render.options import RenderError, RenderOptions, reproducible, source_date
from vcompiler.render.seams import stitch, true_tops
from vcompiler.render.templating import environment, spoken
from vcompiler.util.frozen import frozen

if TYPE_CHECKING:
    from vcompiler.render.assembly import Composed, Mark, Piece
    from vcompiler.render.placement import Spot

def elsewhere(parts: list[Section]) -> tuple[str, ...]:
    """The entries these sections refer to but do not hold. Each gets an empty element
    of its id at the end, so that WeasyPrint keeps the links to it; assembly points
    them at the entry itself."""
    def refs(tokens: Sentence) -> Iterator[str]:
        for token in tokens:
            if isinstance(token, Ref) and token.anchor:
                yield token.anchor
            elif isinstance(token, Emphasis):
                yield from refs(token.tokens)
    held: set[str] = set()
    wanted: dict[str, None] = {}
    for part in parts:
        for entry in part.entries:
            held.add(entry.anchor if part.kind == "entries" else "result-" + entry.anchor)
            for block in list(entry.action) + list(entry.result or []):
                said = [block.tokens] if isinstance(block, Paragraph) else block.items if isinstance(block, Choices) \
                    else ()
                for tokens in said:
                    wanted.update(dict.fromkeys(refs(tokens)))
    return tuple(a for a in wanted if a not in held)


def book_html(book: Book, parts: list[Section], options: RenderOptions, pages: dict[str, int] | None = None,
              naive: bool = False) -> str:
    """The HTML of some sections of a book. `pages` gives the index its page numbers.
    `naive` prints every reference with its page number (a target-counter): the slow
    way, kept for the render benchmark."""
    return environment().get_template("book.html.j2").render(
        book=book, sections=parts, paper=options.paper_class, naive=naive, pages=pages or {}, **spoken(),
        created=source_date(), version=__version__, elsewhere=() if naive else elsewhere(parts), links=True)


# What a worker lays out: the arguments of render_html for a section of a book, and
# for a run of its stamps.
SectionJob = tuple[str, RenderOptions, str, tuple[str, ...], tuple[str, ...], str]
StampJob = tuple[str, RenderOptions, str, tuple[str, ...]]


@frozen
class RenderedSection:
    pdf: bytes
    anchors: tuple[tuple[str, ...], ...]     # the ids on each page, page by page
    fresh: tuple[str, ...] = ()              # the id starting at each page's top, or ""
    boxes: tuple[tuple[tuple[str, float, float, float], ...], ...] = ()   # per page: (id, x, top, bottom)
    area: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)       # page area: x, top, height, width
    # Measured for the book to place the entries itself (render.placement), in CSS px:
    gap: float = 0.0                         # the space kept below an entry
    column: float = 0.0                      # an entry's width
    ends: tuple[tuple[str, int, float, float], ...] = ()   # (id, page, x, bottom) of each one's last piece


# Lays out a run of a part's sections again from an entry (its index among the part's
# sections, the entry's id, whether with its lookahead): see seams.stitch.
Relay = Callable[[int, str, bool], RenderedSection]
# Lays out an entry of a part again below empty space (pages, then px): see placement.place.
Again = Callable[[Section, str, tuple[int, float]], RenderedSection]


def _boxes(pages: list[Any]) -> tuple[tuple[tuple[str, float, float, float], ...], ...]:
    return tuple(tuple((name, ax, ay, by) for name, (ax, ay, _, by) in page.anchors.items()) for page in pages)


def _area(pages: list[Any]) -> tuple[float, float, float, float]:
    if not pages:
        return (0.0, 0.0, 0.0, 0.0)
    box = weasy_compat.page_box(pages[0])
    return (box.content_box_x(), box.content_box_y(), box.height, box.width)


# The elements the book places, one a page in a section of units.
UNIT_CLASSES = {"entry", "result"}


def _is_unit(box: Any) -> bool:
    element = getattr(box, "element", None)
    return (element is not None and box.element_tag == "article"
            and bool(UNIT_CLASSES & set((element.get("class") or "").split())))


def _unit_measures(pages: list[Any]) -> tuple[float, float]:
    """The space below an entry (its margin, which collapses with the next one's) and
    its width."""
    for page in pages:
        unit = next((box for box in weasy_compat.descendants(weasy_compat.page_box(page)) if _is_unit(box)), None)
        if unit is not None:
            return max(unit.margin_bottom, unit.margin_top, 0.0), unit.border_width()
    return 0.0, 0.0


def _ends(pages: list[Any]) -> tuple[tuple[str, int, float, float], ...]:
    """Where each element with an id ends: the page, x and bottom of its last piece
    (in columns, the piece in the last column it reaches)."""
    ends: dict[str, tuple[str, int, float, float]] = {}
    for number, page in enumerate(pages):
        for box in weasy_compat.descendants(weasy_compat.page_box(page)):
            name = box.style["anchor"]
            if name and hasattr(box, "border_box_x"):
                ends[name] = (name, number, box.border_box_x(), box.border_box_y() + box.border_height())
    return tuple(ends.values())


def _fresh(pages: list[Any]) -> tuple[str, ...]:
    """Per page, the id of the element that starts at the top left of its page area
    (not continued from the page before), or ""."""
    out = []
    before: set[str] = set()
    for page in pages:
        box = weasy_compat.page_box(page)
        x, y = box.content_box_x(), box.content_box_y()
        out.append(next((name for name, (ax, ay, _, _) in page.anchors.items()
                         if name not in before and abs(ax - x) < 0.5 and abs(ay - y) < 0.5), ""))
        before = set(page.anchors)
    return tuple(out)


# Dots of a leader drawn a run (see weasy_compat.join_leaders).
LEADER_RUN = 4


def _weasy(html: str, options: RenderOptions, extra_css: str = "", sheets: tuple[str, ...] = ("base.css", "book.css")
           ) -> tuple[Any, tuple[Any, ...], Any]:
    from weasyprint import HTML

    from vcompiler.render.fetcher import TEMPLATES, PackageFetcher

    weasy_compat.skip_empty_margins()
    weasy_compat.hang_trailing_spaces()
    weasy_compat.one_subsetter()

    # The fonts are written to the temporary folder, which a command removes when it ends.
    stylesheets, fonts = _stylesheets(sheets, options.page_css() + extra_css, tempfile.gettempdir())
    kind = _BookHTML() if set(sheets) <= set(BOOK_SHEETS) else HTML
    return kind(string=html, base_url=TEMPLATES.as_uri() + "/", url_fetcher=PackageFetcher()), stylesheets, fonts


@lru_cache(maxsize=1)
def _BookHTML() -> type:
    """A document of the books' own HTML, cascaded with the user-agent rules of its
    elements only (templates/book-ua.css)."""
    from weasyprint import CSS

    from vcompiler.render.fetcher import TEMPLATES

    return weasy_compat.with_user_agent(CSS(filename=str(TEMPLATES / "book-ua.css")))


@lru_cache(maxsize=16)
def _stylesheets(sheets: tuple[str, ...], css: str, folder: str) -> tuple[tuple[Any, ...], Any]:
    """The stylesheets and their fonts, parsed once a process for every document that
    uses them: parsing them and loading the @font-face fonts costs a small document's
    time."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    from vcompiler.render.fetcher import TEMPLATES, PackageFetcher

    fetcher = PackageFetcher()
    # @font-face rules take effect only through a FontConfiguration shared by the
    # stylesheets and the writer.
    fonts = FontConfiguration()
    stylesheets = [CSS(filename=str(TEMPLATES / name), url_fetcher=fetcher, font_config=fonts) for name in sheets]
    stylesheets.append(CSS(string=css, base_url=TEMPLATES.as_uri() + "/", url_fetcher=fetcher, font_config=fonts))
    return tuple(stylesheets), fonts


# Dropped before the interpreter tears its modules down, when a font configuration
# that removes its folder could no longer do so (and would say it on stderr).
atexit.register(_stylesheets.cache_clear)


BOOK_SHEETS = ("base.css", "book.css")


def render_section(book: Book, part: Section, options: RenderOptions, pages: dict[str, int] | None = None
                   ) -> SectionJob:
    """The arguments of render_html for one section: what a worker gets."""
    measure = "units" if part.units else "ends" if part.pad is not None else ""
    return (book_html(book, [part], options, pages), options, "", BOOK_SHEETS, elsewhere([part]), measure)


def render_html(html: str, options: RenderOptions, extra_css: str = "",
                sheets: tuple[str, ...] = BOOK_SHEETS, foreign: tuple[str, ...] = (),
                measure: str = "") -> RenderedSection:
    """`measure`: "units", the gap and width of the entries of a section the book
    places; "ends", where each element ends (see RenderedSection)."""
    document, stylesheets, fonts = _weasy(html, options, extra_css, sheets)
    identifier = hashlib.sha256((html + options.page_css() + extra_css).encode("utf-8")).hexdigest()[:32].encode()
    with reproducible(), _weasyprint_log() as problems:
        laid_out = document.render(stylesheets=stylesheets, font_config=fonts)
        weasy_compat.join_leaders(laid_out.pages, LEADER_RUN)
        pdf = laid_out.write_pdf(pdf_identifier=identifier, pdf_tags=options.tagged)
    if problems:
        raise RenderError("; ".join(problems[:5]))
    others = set(foreign)
    anchors = tuple(tuple(a for a in page.anchors if a not in others) for page in laid_out.pages)
    boxes = tuple(tuple(box for box in page if box[0] not in others) for page in _boxes(laid_out.pages))
    gap, width = _unit_measures(laid_out.pages) if measure == "units" else (0.0, 0.0)
    ends = tuple(end for end in _ends(laid_out.pages) if end[0] not in others) if measure == "ends" else ()
    return RenderedSection(pdf, anchors, _fresh(laid_out.pages), boxes, _area(laid_out.pages), gap, width, ends)


@frozen
class Head:
    """What is printed around one page of the book: the running head of its outer
    edge, the cue of an entry it continues, and whether it carries a page number."""
    outer: str = ""
    continued: str = ""
    numbered: bool = True


def heads(book: Book, pages: list[tuple[str, tuple[str, ...]]]) -> list[Head]:
    """`pages`: per page of the book, its part (cover, entries, results, index, back, blank)
    and the ids on it, in order. The head names the entries that start on the page,
    or the one it continues: "Logs 204–229", "Entry 140", "Results 101–150"."""
    keys = {e.anchor: e.key for e in book.entries}
    keys.update({"result-" + e.anchor: e.key for e in book.entries})
    out = []
    previous: tuple[str, ...] = ()
    for part, ids in pages:
        if part in ("cover", "blank", "back"):
            # A blank page counts but shows nothing, as in print: no head, no number.
            out.append(Head(numbered=False))
        elif part == "index":
            out.append(Head(say("Index")))
        elif part in ("entries", "results"):
            shown = [i for i in ids if i in keys]
            starting = [i for i in shown if i not in previous] or shown[:1]
            cue = say("{key}, continued", key=keys[shown[0]]) if shown and shown[0] in previous else ""
            if not starting:
                out.append(Head(continued=cue))
            else:
                first, last = keys[starting[0]], keys[starting[-1]]
                plural = say("Logs") if book.kind == "logbook" else say("Entries")
                word = say("Results") if part == "results" else book.entry_word if first == last else plural
                if part == "results" and first == last:
                    word = say("Result")
                out.append(Head(f"{word} {first}" if first == last else f"{word} {first}–{last}", cue))
        else:
            out.append(Head())
        previous = ids
    return out


# A head set on the bottom of the top margin would touch the entry below it and read as
# part of its heading: the top boxes keep some space under them.
STAMPS_CSS = """
html { font-family: "Book Serif", "Book Symbols"; }
@page { @top-left { padding-bottom: 3mm; } @top-center { padding-bottom: 3mm; } @top-right { padding-bottom: 3mm; } }
@page { @top-center { content: string(continued); font: italic 8pt "Book Serif", "Book Symbols"; color: #444;
                      vertical-align: bottom; } }
@page :right {
  @top-right { content: string(outer); font: bold 8.5pt "Book Heads", "Book Symbols"; vertical-align: bottom; }
  @top-left { content: string(book); font: bold 7.5pt "Book Heads", "Book Symbols"; color: #555; vertical-align: bottom; }
  @bottom-right { content: string(number); font: 8pt "Book Serif", "Book Symbols"; color: #333; }
}
@page :left {
  @top-left { content: string(outer); font: bold 8.5pt "Book Heads", "Book Symbols"; vertical-align: bottom; }
  @top-right { content: string(book); font: bold 7.5pt "Book Heads", "Book Symbols"; color: #555; vertical-align: bottom; }
  @bottom-left { content: string(number); font: 8pt "Book Serif", "Book Symbols"; color: #333; }
}
.stamp { break-before: page;
         string-set: outer attr(data-outer), book attr(data-book), number attr(data-number),
                     continued attr(data-continued); }
.stamp:first-child { break-before: auto; }
"""  # noqa: E501


def stamps_html(book: Book, page_heads: list[Head], first: int = 1) -> str:
    """One page per page of the book from page `first` on, holding only what is laid
    on it afterwards: the running heads on the outer edge, the book's title on the
    inner one, the number at the outer foot, and "227, continued" at the top of a page
    that goes on with an entry. `first` is odd: left and right pages are the book's."""
    return environment().get_template("stamps.html.j2").render(book=book, heads=page_heads, first=first,
                                                               **spoken())


# Pages of stamps laid out in one go (even: each run starts on a right page, as page 1
# does). A long book's stamps are laid out in runs side by side, in parallel.
STAMP_PAGES = 96


def stamp_jobs(book: Book, page_heads: list[Head], options: RenderOptions, skip: int = 0) -> list[StampJob]:
    """The arguments of render_html for each run of a book's stamps, in order, but for
    the first `skip` runs."""
    # The page boxes must match the book's to the point, bleed included, but not the marks.
    # Not tagged: what they lay on a page is marked as an artifact of the page (assembly).
    plain = replace(options, crop_marks=False, tagged=False)
    return [(stamps_html(book, page_heads[start:start + STAMP_PAGES], start + 1), plain, STAMPS_CSS, ("base.css",))
            for start in range(skip * STAMP_PAGES, max(len(page_heads), 1), STAMP_PAGES)]


def stamps(book: Book, page_heads: list[Head], options: RenderOptions) -> list[bytes]:
    return [render_html(*job).pdf for job in stamp_jobs(book, page_heads, options)]


def index_pages(rendered: list[RenderedSection]) -> dict[str, int]:
    """Where every anchor lands in the assembled book."""
    pages: dict[str, int] = {}
    page = 0
    for section in rendered:
        for anchors in section.anchors:
            page += 1
            for anchor in anchors:
                pages.setdefault(anchor, page)
    return pages


def page_count(rendered: list[RenderedSection]) -> int:
    return sum(len(section.anchors) for section in rendered)


def outline(book: Book) -> list[Mark]:
    """The outline: the book's parts, each closed over its entries (their titles only
    where the book shows titles)."""
    from vcompiler.render.assembly import Mark

    def title(word: str, entry: Entry) -> str:
        return f"{word} {entry.key}" + (f" · {entry.title_text}" if book.titles and entry.title_text else "")
    marks = []
    if book.entries:
        word = say("Logs") if book.kind == "logbook" else say("Entries")
        marks.append(Mark(word, book.entries[0].anchor, tuple(Mark(title(book.entry_word, e), e.anchor)
                                                             for e in book.entries)))
    if book.kind == "storybook" and book.entries:
        marks.append(Mark(say("Results"), "results", tuple(Mark(title(say("Result"), e), "result-" + e.anchor)
                                                      for e in book.entries if e.result is not None)))
    if book.index:
        marks.append(Mark(say("Index"), "index"))
    return marks


def _pdf_date(iso: str) -> str:
    return "D:" + iso.replace("-", "").replace(":", "").replace("T", "").rstrip("Z") + "Z"


# A book that must carry a date (PDF/X) and was given none: the epoch of reproducible builds.
_EPOCH_DATE = "1980-01-01T00:00:00Z"


def _metadata(book: Book) -> dict[str, str]:
    metadata = {"Title": f"{book.pack_title} — {book.subtitle}", "Producer": f"vcompiler {__version__}"}
    created = source_date()
    if created:
        metadata["CreationDate"] = _pdf_date(created)
    return metadata


@frozen
class Layout:
    """A book's pages: which rendered section each comes from, its part, its ids."""
    pieces: tuple[Piece | Composed, ...]
    pages: tuple[tuple[str, tuple[str, ...]], ...]     # (part, ids) per page

    def places(self) -> dict[str, int]:
        """The page (0-based) where each id first appears."""
        out: dict[str, int] = {}
        for page, (_, ids) in enumerate(self.pages):
            for anchor in ids:
                out.setdefault(anchor, page)
        return out


def lay_out(parts: list[Section], rendered: list[RenderedSection], relay: Relay, again: Again) -> Layout:
    """The book's pages from its rendered sections (index sections included, after
    the others): the entries of sections rendered as units placed on the pages one
    document would have (render.placement), those of other sections joined without a
    seam (render.seams); the results on a spread of their own (spoilers.results_gap).
    `relay`: see seams.stitch;
    `again(part, id, pad)`: an entry of `part` laid out again below `pad` (see
    placement.place)."""
    from vcompiler.render.assembly import Piece
    from vcompiler.render.placement import ids, place
    from vcompiler.render.spoilers import results_gap

    pieces: list[Piece | Composed] = []
    pages: list[tuple[str, tuple[str, ...]]] = []
    start = 0
    while start < len(parts):
        kind, units = parts[start].kind, parts[start].units
        end = start + 1
        while end < len(parts) and parts[end].kind == kind and parts[end].units == units:
            end += 1
        if kind == "results" and pages and pages[-1][0] != "results" and results_gap(pages):
            blanks = results_gap(pages)
            pieces.append(Piece(b"", (), blanks))
            pages += [("blank", ())] * blanks
        run = rendered[start:end]
        if units:
            whole = replace(parts[start], entries=tuple(e for part in parts[start:end] for e in part.entries))

            def lay(name: str, pad: tuple[int, float], part: Section = whole) -> RenderedSection:
                return again(part, name, pad)
            spots = place(list(run), lay)
            pieces.append(_composed(spots))
            pages += [(kind, on_page) for on_page in ids(spots)]
        else:
            def shifted(i: int, name: str, ahead: bool, first: int = start) -> RenderedSection:
                return relay(first + i, name, ahead)
            for section, chosen in stitch(parts[start:end], list(run), shifted):
                pieces.append(Piece(section.pdf, tuple(chosen), names=_names(section)))
                pages += [(kind, section.anchors[i]) for i in chosen]
        start = end
    return Layout(tuple(pieces), tuple(pages))


def _names(section: RenderedSection) -> frozenset[str]:
    return frozenset(a for page in section.anchors for a in page)


def _composed(spots: list[list[Spot]]) -> Composed:
    """The placed pages as assembly draws them: in points, up positive."""
    from vcompiler.render.assembly import Composed
    from vcompiler.render.placement import POINTS

    sections: dict[int, RenderedSection] = {}
    for spot in (spot for page in spots for spot in page):
        sections.setdefault(id(spot.section), spot.section)
    order = {key: k for k, key in enumerate(sections)}
    return Composed(tuple(section.pdf for section in sections.values()),
                    tuple(tuple((order[id(spot.section)], spot.page, spot.dx * POINTS, -spot.dy * POINTS)
                                for spot in page) for page in spots),
                    frozenset().union(*(_names(section) for section in sections.values())))


# The id on a storybook's back cover (book.html.j2): its page takes no head or number.
BACK_COVER = "back-cover"


def with_index(layout: Layout, index: list[RenderedSection], booklet: bool = False) -> Layout:
    """The layout with the sections laid out after the body. A back cover is the last
    page of the last sheet: blank pages before it make the book's pages even, a
    multiple of 4 for a `booklet`."""
    from vcompiler.render.assembly import Piece

    pieces: list[Piece | Composed] = list(layout.pieces)
    pages = list(layout.pages)
    for r in index:
        if any(BACK_COVER in ids for ids in r.anchors):
            blanks = -(len(pages) + len(r.anchors)) % (4 if booklet else 2)
            if blanks:
                pieces.append(Piece(b"", (), blanks))
                pages += [("blank", ())] * blanks
        names = frozenset(a for page in r.anchors for a in page)
        pieces.append(Piece(r.pdf, tuple(range(len(r.anchors))), names=names))
        pages += [("back" if BACK_COVER in ids else "index", ids) for ids in r.anchors]
    return Layout(tuple(pieces), tuple(pages))


def assemble(book: Book, layout: Layout, options: RenderOptions, page_stamps: list[bytes] | None = None) -> bytes:
    """The book's pages as one PDF with its heads and numbers (`page_stamps`, from
    stamps(); made here when not given)."""
    if page_stamps is None:
        page_stamps = stamps(book, heads(book, list(layout.pages)), options)
    from vcompiler.render.assembly import assemble_pages
    from vcompiler.render.finish import finish
    from vcompiler.render.impose import MM, crop_marks, impose

    pdf = assemble_pages(list(layout.pieces), page_stamps, outline(book), _metadata(book), options.tagged)
    if options.booklet:
        pdf = impose(pdf, options)
    elif options.crop_marks:
        pdf = crop_marks(pdf, options.bleed_mm * MM)
    return finish(pdf, options, _pdf_date(source_date() or _EPOCH_DATE))


def again(book: Book, part: Section, first_id: str, ahead: bool) -> Section:
    """`part` laid out again from the entry whose id is `first_id` ("": its first), with
    its lookahead if `ahead`."""
    anchors = [e.anchor for e in book.entries]
    # The Results heading tops the part's first page: from there is from the start.
    first_id = "" if first_id == "results" else first_id
    start = anchors.index(first_id.removeprefix("result-")) if first_id else anchors.index(part.entries[0].anchor)
    end = anchors.index(part.owned[-1].anchor) + 1
    extra = len(part.entries) - len(part.owned) if ahead else 0
    return Section(part.kind, book.entries[start:end + extra], first=part.first and not first_id,
                   own=end - start if extra else -1)


def relay_for(book: Book, parts: list[Section], options: RenderOptions) -> Relay:
    """Lays a run of entries out again from a given entry: for a seam no page top closes."""
    def relay(i: int, first_id: str, ahead: bool) -> RenderedSection:
        return render_html(*render_section(book, again(book, parts[i], first_id, ahead), options))
    return relay


def placed_again(book: Book, options: RenderOptions) -> Again:
    """Lays an entry of a part out again below empty space: for an entry longer than a
    column that the book places off a page's top (placement.place)."""
    def lay(part: Section, name: str, pad: tuple[int, float]) -> RenderedSection:
        start = next(i for i, e in enumerate(part.entries) if _id(part, e) == name)
        # With the entries that follow, as far as a page of text or two: the page where
        # it ends is laid out as one document lays it out, up to the next page top.
        end, used = start + 1, 0
        while end < len(part.entries) and used < PAGE_AHEAD:
            used += entry_size(part.entries[end])
            end += 1
        return render_html(*render_section(book, Section(part.kind, part.entries[start:end], first=False, pad=pad),
                                           options))
    return lay


# Text enough to fill an A4 page in columns.
PAGE_AHEAD = 8_000


def book_sections(book: Book, options: RenderOptions, parts: list[Section] | None = None) -> list[Section]:
    """The sections a book renders in. Entries, and results in one column, render a
    unit a page for the book to place (render.placement), each laid out once; results
    in balanced columns, and every part of a tagged book (whose structure tree follows
    whole pages), render with a lookahead and are joined by render.seams. `parts`: the
    book's sections (sections()) when not its own."""
    parts = sections(book) if parts is None else parts
    if options.tagged:
        return parts
    return [replace(part, entries=part.owned, own=-1, units=True)
            if part.kind == "entries" or (part.kind == "results" and options.paper_class == "a5") else part
            for part in parts]


def _id(part: Section, entry: Entry) -> str:
    return "result-" + entry.anchor if part.kind == "results" else entry.anchor


def out_of_phase(book: Book, parts: list[Section], rendered: list[RenderedSection]) -> list[tuple[int, Section]]:
    """The sections that do not start at a page top of the one-document layout, each
    with the section to lay out instead: from the last true page top before it (see
    seams.true_tops). Laying them out again, together, closes their seams."""
    out = []
    i = 0
    while i < len(parts):
        j = i
        while parts[j].own >= 0 and j + 1 < len(parts) and parts[j + 1].kind == parts[j].kind:
            j += 1
        if j > i:
            run = parts[i:j + 1]
            order = [_id(part, e) for part in run for e in part.owned]
            first = rendered[i]
            offset = first.boxes[0][0][2] - first.area[1] if first.boxes and first.boxes[0] else 0.0
            tops, trusted = true_tops(order, rendered[i:j + 1], offset)
            for k in range(i + 1, j + 1):
                start = order.index(_id(parts[k], parts[k].entries[0]))
                if start >= trusted or order[start] in tops:
                    continue
                top = next((n for n in range(start - 1, 0, -1) if order[n] in tops), None)
                if top is not None:
                    out.append((k, again(book, parts[k], order[top], True)))
        i = j + 1
    return out


def render_book(book: Book, options: RenderOptions) -> bytes:
    """One book, in this process: sections, then the index, then assembly."""
    parts = book_sections(book, options)
    rendered = [render_html(*render_section(book, part, options)) for part in parts]
    for k, part in out_of_phase(book, parts, rendered):
        rendered[k] = render_html(*render_section(book, part, options))
    body = lay_out(parts, rendered, relay_for(book, parts, options), placed_again(book, options))
    pages = {anchor: page + 1 for anchor, page in body.places().items()}
    index = [render_html(*render_section(book, part, options, pages)) for part in index_sections(book)]
    return assemble(book, with_index(body, index, options.booklet), options)


def render_naive(book: Book, options: RenderOptions) -> bytes:
    """The whole book as one document, every reference and index line a target-counter,
    page numbers from the page counter: the baseline of the render benchmark."""
    parts = sections(book, budget=10**12) + index_sections(book, per=10**9)
    return render_html(book_html(book, parts, options, naive=True), options, _NAIVE_CSS).pdf


_NAIVE_CSS = """
@page { @bottom-center { content: counter(page); font: 8pt "Book Serif", "Book Symbols"; color: #333; } }
@page :first { @bottom-center { content: none; } }
"""


# Messages about how WeasyPrint itself is installed, not about the book.
_NOT_ABOUT_THE_BOOK = ("HarfBuzz-Subset",)


@contextmanager
def _weasyprint_log() -> Iterator[list[str]]:
    """Collect what WeasyPrint reports while it renders. A resource it could not load
    is an error: a book with a missing icon or font is not printed."""
    problems: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            message = record.getMessage()
            if record.levelno >= logging.ERROR and not any(s in message for s in _NOT_ABOUT_THE_BOOK):
                problems.append(message)

    logger = logging.getLogger("weasyprint")
    handler = Collect(level=logging.WARNING)
    old_level, old_propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    try:
        yield problems
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old_level)
        logger.propagate = old_propagate
