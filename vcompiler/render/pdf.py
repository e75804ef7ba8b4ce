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

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from vcompiler import __version__
from vcompiler.render.books import Book
from vcompiler.render.fetcher import TEMPLATES, PackageFetcher

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


def book_html(book: Book, options: RenderOptions, naive: bool = False) -> str:
    """`naive` prints every reference with a page number (a target-counter): the slow
    way, kept for the render benchmark."""
    return _environment().get_template("book.html.j2").render(
        book=book, paper=options.paper_class, naive=naive, created=source_date(), version=__version__)


def html_to_pdf(html: str, options: RenderOptions) -> bytes:
    from weasyprint import CSS, HTML
    from weasyprint.text.fonts import FontConfiguration

    fetcher = PackageFetcher()
    # @font-face rules take effect only through a FontConfiguration shared by the
    # stylesheets and the writer.
    fonts = FontConfiguration()
    base = TEMPLATES.as_uri() + "/"
    stylesheets = [CSS(filename=str(TEMPLATES / "book.css"), url_fetcher=fetcher, font_config=fonts),
                   CSS(string=options.page_css(), base_url=base, url_fetcher=fetcher, font_config=fonts)]
    identifier = hashlib.sha256(html.encode("utf-8") + options.page_css().encode()).hexdigest()[:32].encode()
    with reproducible(), _weasyprint_log() as problems:
        pdf = HTML(string=html, base_url=base, url_fetcher=fetcher).write_pdf(
            stylesheets=stylesheets, font_config=fonts, pdf_identifier=identifier)
    if problems:
        raise RenderError("; ".join(problems[:5]))
    if options.booklet:
        pdf = impose_booklet(pdf)
    return pdf


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


def render_book(book: Book, options: RenderOptions) -> bytes:
    return html_to_pdf(book_html(book, options), options)
