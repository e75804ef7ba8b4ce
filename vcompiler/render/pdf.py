"""Books -> PDF bytes: Jinja2 (autoescaped) -> HTML -> WeasyPrint, with the package's
own fonts and icons only. The same input gives the same bytes: no clock, a PDF
identifier derived from the content, and a date only from SOURCE_DATE_EPOCH."""
from __future__ import annotations

import hashlib
import io
import logging
import os
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from typing import TYPE_CHECKING

from vcompiler import __version__
from vcompiler.render.books import Book, Section, index_sections, sections

if TYPE_CHECKING:
    from jinja2 import Environment

PAPERS = {"a4": "A4", "letter": "letter", "a5": "A5"}


@dataclass(frozen=True)
class RenderOptions:
    paper: str = "a4"
    bleed_mm: float = 0.0
    crop_marks: bool = False
    booklet: bool = False

    def page_css(self) -> str:
        # Built from the options only, never from pack text.
        size = "A5" if self.booklet else PAPERS[self.paper]
        rules = [f"size: {size};"]
        if self.bleed_mm:
            rules.append(f"bleed: {self.bleed_mm:g}mm;")
        if self.crop_marks:
            rules.append("marks: crop;")
        return "@page { " + " ".join(rules) + " }\n"

    @property
    def paper_class(self) -> str:
        return "a5" if self.booklet else self.paper


@lru_cache(maxsize=1)
def _environment() -> Environment:
    # Jinja2 and WeasyPrint (through the fetcher) are imported when a book is rendered:
    # `build --only json` and every other command start without them.
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    from vcompiler.render.fetcher import TEMPLATES

    return Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=False, lstrip_blocks=False)


# 1980-01-01, the usual epoch of reproducible builds: fontTools stamps it into the
# font subsets it embeds when SOURCE_DATE_EPOCH is set, instead of the time of the build.
DEFAULT_EPOCH = "315532800"


@contextmanager
def reproducible():
    """Font subsets carry a timestamp; pin it unless the build already set one."""
    had = os.environ.get("SOURCE_DATE_EPOCH")
    if had is None:
        os.environ["SOURCE_DATE_EPOCH"] = DEFAULT_EPOCH
    try:
        yield
    finally:
        if had is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)


def source_date() -> str | None:
    """The date stamped into books: SOURCE_DATE_EPOCH when the build sets it, else
    none, so that two builds of one pack are byte-identical."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch or not epoch.strip().isdigit():
        return None
    return datetime.fromtimestamp(int(epoch), tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def book_html(book: Book, parts: list[Section], options: RenderOptions, pages: dict[str, int] | None = None,
              naive: bool = False) -> str:
    """The HTML of some sections of a book. `pages` gives the index its page numbers.
    `naive` prints every reference with its page number (a target-counter): the slow
    way, kept for the render benchmark."""
    return _environment().get_template("book.html.j2").render(
        book=book, sections=parts, paper=options.paper_class, naive=naive, pages=pages or {},
        created=source_date(), version=__version__)


@dataclass(frozen=True)
class RenderedSection:
    pdf: bytes
    anchors: tuple[tuple[str, ...], ...]     # the ids on each page, page by page


def _weasy(html: str, options: RenderOptions, extra_css: str = "", sheets: tuple[str, ...] = ("base.css", "book.css")):
    from weasyprint import CSS, HTML
    from weasyprint.text.fonts import FontConfiguration

    from vcompiler.render.fetcher import TEMPLATES, PackageFetcher

    fetcher = PackageFetcher()
    # @font-face rules take effect only through a FontConfiguration shared by the
    # stylesheets and the writer.
    fonts = FontConfiguration()
    base = TEMPLATES.as_uri() + "/"
    stylesheets = [CSS(filename=str(TEMPLATES / name), url_fetcher=fetcher, font_config=fonts) for name in sheets]
    stylesheets.append(CSS(string=options.page_css() + extra_css, base_url=base, url_fetcher=fetcher,
                           font_config=fonts))
    return HTML(string=html, base_url=base, url_fetcher=fetcher), stylesheets, fonts


def render_html(html: str, options: RenderOptions, extra_css: str = "",
                sheets: tuple[str, ...] = ("base.css", "book.css")) -> RenderedSection:
    document, stylesheets, fonts = _weasy(html, options, extra_css, sheets)
    identifier = hashlib.sha256((html + options.page_css() + extra_css).encode("utf-8")).hexdigest()[:32].encode()
    with reproducible(), _weasyprint_log() as problems:
        laid_out = document.render(stylesheets=stylesheets, font_config=fonts)
        pdf = laid_out.write_pdf(pdf_identifier=identifier)
    if problems:
        raise RenderError("; ".join(problems[:5]))
    anchors = tuple(tuple(sorted(page.anchors)) for page in laid_out.pages)
    return RenderedSection(pdf, anchors)


_NUMBERS_CSS = """
@page { @bottom-center { content: counter(page); font: 8pt "Book Serif", "Book Symbols"; color: #333; } }
@page :first { @bottom-center { content: none; } }
"""


def page_numbers(total: int, options: RenderOptions) -> bytes:
    """`total` empty pages with nothing but their number (none on the cover), laid on
    the book's pages afterwards."""
    html = "<!DOCTYPE html><html><body>" + '<div style="break-before: page"></div>' * (total - 1) + \
        "</body></html>"
    # The page boxes must match the book's to the point, bleed included, but not the marks.
    plain = RenderOptions(options.paper, options.bleed_mm, False, options.booklet)
    return render_html(html, plain, _NUMBERS_CSS, sheets=("base.css",)).pdf


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


def assemble(book: Book, rendered: list[RenderedSection], numbers_pdf: bytes, options: RenderOptions) -> bytes:
    """The sections as one PDF, outlines kept, page numbers (`numbers_pdf`, from
    page_numbers) stamped on."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for section in rendered:
        writer.append(PdfReader(io.BytesIO(section.pdf)), import_outline=True)
    numbers = PdfReader(io.BytesIO(numbers_pdf))
    for page, number in zip(writer.pages, numbers.pages):
        page.merge_page(number)
    metadata = {"/Title": f"{book.pack_title} — {book.subtitle}", "/Producer": f"vcompiler {__version__}"}
    created = source_date()
    if created:
        metadata["/CreationDate"] = "D:" + created.replace("-", "").replace(":", "").replace("T", "").rstrip("Z") + "Z"
    writer.add_metadata(metadata)
    writer.page_mode = "/UseOutlines"
    out = io.BytesIO()
    writer.write(out)
    pdf = out.getvalue()
    return impose_booklet(pdf) if options.booklet else pdf


def render_book(book: Book, options: RenderOptions) -> bytes:
    """One book, in this process: sections, then the index, then assembly."""
    parts = sections(book)
    rendered = [render_html(book_html(book, [part], options), options) for part in parts]
    pages = index_pages(rendered)
    rendered += [render_html(book_html(book, [part], options, pages), options) for part in index_sections(book)]
    return assemble(book, rendered, page_numbers(page_count(rendered), options), options)


def render_naive(book: Book, options: RenderOptions) -> bytes:
    """The whole book as one document, every reference and index line a target-counter,
    page numbers from the page counter: the baseline of the render benchmark."""
    parts = sections(book, budget=10**12) + index_sections(book, per=10**9)
    return render_html(book_html(book, parts, options, naive=True), options, _NUMBERS_CSS).pdf


class RenderError(Exception):
    """WeasyPrint could not load one of the package's own resources: a bug, never
    something a pack can cause."""


# Messages about how WeasyPrint itself is installed, not about the book.
_NOT_ABOUT_THE_BOOK = ("HarfBuzz-Subset",)


@contextmanager
def _weasyprint_log():
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


def impose_booklet(pdf: bytes) -> bytes:
    """A5 pages two-up on A4 landscape sheets in saddle-stitch order: print both sides,
    fold the stack in half, staple the fold. Blank pages pad the book to a multiple of
    four."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    reader = PdfReader(io.BytesIO(pdf))
    pages = list(reader.pages)
    width = float(pages[0].mediabox.width)
    height = float(pages[0].mediabox.height)
    while len(pages) % 4:
        pages.append(None)
    count = len(pages)
    writer = PdfWriter()
    for sheet_side in range(count // 2):
        # Side k of the imposed stack holds pages (n-1-k, k) on fronts and (k, n-1-k) on backs.
        if sheet_side % 2 == 0:
            left, right = count - 1 - sheet_side, sheet_side
        else:
            left, right = sheet_side, count - 1 - sheet_side
        sheet = PageObject.create_blank_page(width=2 * width, height=height)
        for index, x in ((left, 0.0), (right, width)):
            page = pages[index]
            if page is not None:
                sheet.merge_transformed_page(page, Transformation().translate(tx=x, ty=0))
        writer.add_page(sheet)
    writer.add_metadata({"/Producer": f"vcompiler {__version__}"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
