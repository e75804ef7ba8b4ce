"""Print-shop geometry, on the assembled book: crop marks drawn outside the bleed, and
booklets (pages two-up on sheets of the chosen paper, in saddle-stitch order, in
signatures a stapler can bind, with fold and collation marks, and the creep of a
thick signature made up for)."""
from __future__ import annotations

import io

import pikepdf

from vcompiler import __version__
from vcompiler.render.options import RenderOptions

MM = 72 / 25.4
MARK_LENGTH = 5 * MM        # the usual crop mark: 5 mm long,
MARK_OFFSET = 3 * MM        # starting 3 mm from the trim, never inside the bleed
MARK_WIDTH = 0.25
# Registration colour: the marks print on every plate of a CMYK press.
_INK = b"1 1 1 1 K"
# A folded signature's inner sheets stick out at the fore-edge, one paper thickness a
# sheet, and lose that much of their outer margin to the trim. Under half a millimetre
# at the innermost sheet it is within what a trimmer holds, and left alone.
CREEP_THRESHOLD_MM = 0.5


def _box(page: pikepdf.Page, name: str) -> tuple[float, float, float, float]:
    box = page.obj.get(name) or page.obj.MediaBox
    return tuple(float(v) for v in box)  # type: ignore[return-value]


def _slug(bleed: float) -> tuple[float, float]:
    """How far from the trim the marks start, and the margin the sheet needs for them."""
    offset = max(MARK_OFFSET, bleed)
    return offset, offset + MARK_LENGTH + 2 * MM


def _corner_marks(x0: float, y0: float, x1: float, y1: float, offset: float) -> list[bytes]:
    lines = []
    for x, y, dx, dy in ((x0, y0, -1, -1), (x1, y0, 1, -1), (x0, y1, -1, 1), (x1, y1, 1, 1)):
        # horizontal mark on the trim line y, vertical on x; both beyond the bleed.
        lines.append(f"{x + dx * offset:.3f} {y:.3f} m {x + dx * (offset + MARK_LENGTH):.3f} {y:.3f} l S".encode())
        lines.append(f"{x:.3f} {y + dy * offset:.3f} m {x:.3f} {y + dy * (offset + MARK_LENGTH):.3f} l S".encode())
    return lines


def _stroke(lines: list[bytes]) -> bytes:
    return b"q " + _INK + f" {MARK_WIDTH} w 0 J ".encode() + b" ".join(lines) + b" Q\n"


def _save(pdf: pikepdf.Pdf) -> bytes:
    out = io.BytesIO()
    pdf.save(out, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate,
             deterministic_id=True)
    return out.getvalue()


def crop_marks(data: bytes, bleed: float) -> bytes:
    """Each page grown by a slug that holds standard crop marks at its trim corners."""
    pdf = pikepdf.open(io.BytesIO(data))
    offset, slug = _slug(bleed)
    for page in pdf.pages:
        x0, y0, x1, y1 = _box(page, "/TrimBox")
        page.obj.MediaBox = pikepdf.Array([x0 - slug, y0 - slug, x1 + slug, y1 + slug])
        page.contents_add(pikepdf.Stream(pdf, b"q\n"), prepend=True)
        page.contents_add(pikepdf.Stream(pdf, b"\nQ " + _stroke(_corner_marks(x0, y0, x1, y1, offset))),
                          prepend=False)
    return _save(pdf)


def saddle_order(count: int) -> list[tuple[int, int]]:
    """(left, right) page indices of each sheet side of one saddle-stitched booklet of
    `count` pages (a multiple of 4): fronts hold (last, first), backs (second,
    second-to-last), and so on inwards."""
    sides = []
    for side in range(count // 2):
        if side % 2 == 0:
            sides.append((count - 1 - side, side))
        else:
            sides.append((side, count - 1 - side))
    return sides


def signatures(pages: int, size: int) -> list[int]:
    """Page counts of the signatures (each a multiple of 4) of a book of `pages` pages:
    `size` pages each, the last one shorter; 0 makes one booklet of the whole book."""
    whole = -(-pages // 4) * 4
    if size <= 0 or whole <= size:
        return [whole]
    counts = [size] * (pages // size)
    rest = pages - sum(counts)
    if rest:
        counts.append(-(-rest // 4) * 4)
    return counts


def creep(sheets: int, thickness_mm: float) -> list[float]:
    """How far (mm) each sheet of a signature of `sheets` sheets, outermost first, moves
    its pages towards the fold: a paper thickness per sheet inside the outermost, so
    that every page keeps its outer margin after the trim; nothing for a signature whose
    innermost sheet creeps less than CREEP_THRESHOLD_MM."""
    if (sheets - 1) * thickness_mm < CREEP_THRESHOLD_MM:
        return [0.0] * sheets
    return [round(k * thickness_mm, 4) for k in range(sheets)]


def impose(data: bytes, options: RenderOptions) -> bytes:
    """The book's pages two-up on sheets, in saddle-stitch order, signature after
    signature. Without bleed or marks a sheet is exactly two pages side by side (A4
    for A5 pages, Letter for half-letter); with them, a sheet is that spread plus a
    slug holding crop marks at its corners and fold marks at the spine, trimmed back
    to the spread (TrimBox). Each signature's outer sheet carries a collation mark on
    its spine, one step lower per signature, so that gathered signatures show a
    staircase when in order. The pages of a thick signature's inner sheets move towards
    the fold by its creep (see creep())."""
    source = pikepdf.open(io.BytesIO(data))
    out = pikepdf.new()
    pages = list(source.pages)
    x0, y0, x1, y1 = _box(pages[0], "/TrimBox")
    mx0, _, _, _ = _box(pages[0], "/MediaBox")
    w, h = x1 - x0, y1 - y0
    bleed = x0 - mx0
    marked = options.crop_marks or options.bleed_mm > 0
    offset, slug = _slug(bleed) if marked else (0.0, 0.0)
    forms = [page.as_form_xobject() for page in pages]
    counts = signatures(len(pages), options.signature)
    first = 0
    for number, count in enumerate(counts):
        shifts = creep(count // 4, options.paper_thickness_mm)
        for side, (left, right) in enumerate(saddle_order(count)):
            shift = shifts[side // 2] * MM
            sheet = out.add_blank_page(page_size=(2 * w + 2 * slug, h + 2 * slug))
            resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary())
            content = []
            for slot, (index, clip_left, clip_right) in enumerate(((left, bleed, 0.0), (right, 0.0, bleed))):
                index += first
                if index >= len(pages):
                    continue
                name = f"/P{slot}"
                resources.XObject[name] = out.copy_foreign(forms[index])
                # Towards the fold: the left page to the right, the right page to the left.
                tx, ty = slug + slot * w - x0 + (shift if slot == 0 else -shift), slug - y0
                left_edge = slug + slot * w - clip_left
                width = w + clip_left + clip_right
                # Each page keeps its bleed on its three outer edges only: at the fold the
                # two trims meet.
                content.append(f"q {left_edge:.3f} {slug - bleed:.3f} {width:.3f} {h + 2 * bleed:.3f} re W n "
                               f"1 0 0 1 {tx:.3f} {ty:.3f} cm {name} Do Q".encode())
            if marked:
                content.append(_stroke(_corner_marks(slug, slug, slug + 2 * w, slug + h, offset)))
                fold = slug + w
                ticks = [f"{fold:.3f} {slug + h + offset:.3f} m {fold:.3f} {slug + h + offset + MARK_LENGTH:.3f} l S",
                         f"{fold:.3f} {slug - offset:.3f} m {fold:.3f} {slug - offset - MARK_LENGTH:.3f} l S"]
                content.append(b"q [2 2] 0 d " + _stroke([t.encode() for t in ticks]) + b" Q")
            if len(counts) > 1 and side == 0:
                step = (number * 8 * MM) % max(h - 40 * MM, 8 * MM)
                content.append(f"q 0 0 0 1 k {slug + w - 1.5 * MM:.3f} {slug + h - 20 * MM - step:.3f} "
                               f"{3 * MM:.3f} {6 * MM:.3f} re f Q".encode())
            sheet.obj.Resources = resources
            # Never an empty stream (a side of blank pages): compressed, Ghostscript
            # reads one as a damaged file and repairs it.
            sheet.obj.Contents = pikepdf.Stream(out, b"\n".join(content) or b"q Q\n")
            sheet.obj.TrimBox = pikepdf.Array([slug, slug, slug + 2 * w, slug + h])
            sheet.obj.BleedBox = pikepdf.Array([slug - bleed, slug - bleed, slug + 2 * w + bleed, slug + h + bleed])
        first += count
    out.docinfo = out.make_indirect(pikepdf.Dictionary({"/Producer": pikepdf.String(f"vcompiler {__version__}")}))
    for key in ("/Title", "/CreationDate"):
        if key in source.docinfo:
            out.docinfo[key] = source.docinfo[key]
    return _save(out)
