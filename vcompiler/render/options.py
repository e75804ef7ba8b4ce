"""What every render step is told and shares, below all of them: the options a book is
printed with, the date stamped into it, and the error of a resource that would not load.
pdf.py, finish.py, impose.py and sheets.py import these; this module imports none of them."""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from vcompiler.util.frozen import frozen

PAPERS = {"a4": "A4", "letter": "letter", "a5": "A5"}


# The page of a booklet: half the sheet it is imposed on.
HALF = {"a4": "148.5mm 210mm", "a5": "148.5mm 210mm", "letter": "5.5in 8.5in"}
# Pages per signature: 10 sheets folded, what an ordinary long-reach stapler binds.
SIGNATURE = 40
# Office paper of 80 g/m² is about 0.1 mm thick.
PAPER_THICKNESS_MM = 0.1


@frozen
class RenderOptions:
    paper: str = "a4"
    bleed_mm: float = 0.0
    crop_marks: bool = False
    booklet: bool = False
    signature: int = SIGNATURE        # booklet: pages per saddle-stitched signature; 0: one
    paper_thickness_mm: float = PAPER_THICKNESS_MM    # booklet: for the creep of thick signatures
    titles: bool | None = None        # titles in the index and outline; None: the book's default
    greyscale: bool = False           # every colour as a grey, for home printers
    pdfx: bool = False                # PDF/X-4 for a print shop (render.finish)
    icc: str = ""                     # pdfx: the press's CMYK profile file; "": the bundled FOGRA39
    tagged: bool = False              # a structure tree, for screen readers
    board_paper: str = "a4"           # the sheet a planet board prints on, tiled when larger
    one_volume: bool = False          # a Vantage pack's storybooks as one Book of Vantages

    def page_css(self) -> str:
        # Built from the options only, never from pack text. Crop marks are drawn
        # after assembly (render.impose): WeasyPrint's sit inside the bleed.
        size = HALF[self.paper] if self.booklet else PAPERS[self.paper]
        rules = [f"size: {size};"]
        if self.bleed_mm:
            rules.append(f"bleed: {self.bleed_mm:g}mm;")
        return "@page { " + " ".join(rules) + " }\n"

    @property
    def paper_class(self) -> str:
        return "a5" if self.booklet else self.paper


class RenderError(Exception):
    """WeasyPrint could not load one of the package's own resources: a bug, never
    something a pack can cause."""


# 1980-01-01, the usual epoch of reproducible builds: fontTools stamps it into the
# font subsets it embeds when SOURCE_DATE_EPOCH is set, instead of the time of the build.
DEFAULT_EPOCH = "315532800"


@contextmanager
def reproducible() -> Iterator[None]:
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
    if not epoch or not epoch.strip().isdecimal():
        return None
    return datetime.fromtimestamp(int(epoch), tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
