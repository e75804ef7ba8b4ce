"""Whether a card's text fits its boxes, for `check`: the W510s `build` would report,
without printing. Laying every card out takes WeasyPrint and most of a second, so
each box is first bounded from above: the widest glyph advance of the bundled fonts
for each character, breaks only at spaces, the tallest line a block can hold and the
largest margins of cards.css. A card whose bounds fit its boxes fits them; only the
others are laid out, exactly as `build` lays them out and measures them
(sheets.measure), so that check reports the same W510s as the build, at the same
blocks, with the same counts."""
from __future__ import annotations

import hashlib
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from vcompiler.diagnostics import Diagnostic
from vcompiler.fontmetrics import widest as char_width
from vcompiler.render.cards import Face
from vcompiler.render.ir import (
    ActionHead,
    Block,
    Boxes,
    Choices,
    Compass,
    Icon,
    Options,
    Paragraph,
    Ref,
    Row,
    Rule,
    Sentence,
    Steps,
    Token,
    Track,
    Words,
)
from vcompiler.render.typeset import _TERM_AND_ID

if TYPE_CHECKING:
    from vcompiler.parse.cache import ParseCache
    from vcompiler.render.sheets import Overflow

PT_MM = 25.4 / 72

# cards.css, in mm: what the estimate reads off the stylesheet. The panel stands 6 mm
# inside the bleed box (3 mm inside the trim); the body and foot boxes 1.5 mm inside
# the panel; the title box beside the number.
PANEL_INSET = 3.0
BOX_INSET = 1.5
BODY_TOP = 14.6
ART_GAP = 1.0                         # between the art band and the body below it
BODY_BOTTOM = 5.0
BODY_BOTTOM_WITH_FOOT = 21.0
BODY_BOTTOM_LOCATION_FOOT = 36.5
FOOT_HEIGHT = 15.5
FOOT_HEIGHT_LOCATION = 29.5
TITLE_HEIGHT = 7.6
NUMBER_WIDTH = 12.5
ROW_INDENT = 2.2                      # a row's left border and padding
SPACE_ROW_LEAD = 6.0                  # a time-track space's numbered box, and its gap
# The font sizes, in pt, and the tallest line of each: a line of text with an icon, a
# Danger die, a track's spaces, or an option's category, is taller than one of words.
TEXT_PT = 7.0
HEAD_PT = 7.5
TITLE_PT = 8.0
TITLE_LINE_PT = 8.0 * 1.15
LINE_PT = 9.0
TALL_LINE_PT = 12.0
ICON_EM = 1.4                         # an icon's width and its gap (1.3em for a row's lead)
SPACE_MM = 4.0                        # a track's or a box row's space, with its margin
# A Danger die's diamond with its letter (base.css, .marked-danger): 5 mm, its letter
# 7.5 pt, its points reaching into the lines beside it; a line that holds one is this tall.
MARKED_MM = 5.0 + 0.6
MARKED_LINE_PT = 14.5
# The largest vertical margin, padding and borders of each block, mm; of a list, also
# each item's.
BLOCK_MM: dict[type[Block], float] = {Paragraph: 1.0, ActionHead: 2.8, Row: 1.4, Track: 1.4, Rule: 1.2, Boxes: 1.0,
                                      Choices: 2.0, Steps: 2.0, Options: 2.0}
ITEM_MM: dict[type[Block], float] = {Choices: 0.7, Steps: 0.7, Options: 2.0}
COMPASS_MM = 29.0
CHOICE_INDENT = 2.6                   # a choice's hanging indent, its bullet in it


def _words(tokens: Sentence, size: float) -> tuple[list[float], int, int]:
    """The widths (mm) of the runs between the spaces of `tokens`, as wide as the widest
    fonts print them and never broken elsewhere; how many things taller than words
    (icons) they hold, and how many of those are Danger dice with their letter."""
    # 2% over the advances: kerning and the rounding of a layout in px never widen a word more.
    em = size * PT_MM * 1.02
    runs: list[float] = [0.0]
    tall = marked = 0

    def add(token: Token) -> None:
        nonlocal tall, marked
        if isinstance(token, (Words, Ref)):
            # A reference, and a term with the number it names, never break (typeset.ties).
            text = token.text.replace(" ", "\u00a0") if isinstance(token, Ref) else \
                _TERM_AND_ID.sub(lambda found: found.group().replace(" ", "\u00a0"), token.text)
            for char in text:
                if char in " \t\n":
                    runs.append(0.0)
                else:
                    runs[-1] += char_width(char) * em
        elif isinstance(token, Icon) and token.mark is not None:
            marked += 1
            runs[-1] += MARKED_MM
        elif isinstance(token, Icon):
            tall += 1
            runs[-1] += ICON_EM * em
        else:
            for inner in token.tokens:
                add(inner)
    for token in tokens:
        add(token)
    return [r for r in runs if r], tall, marked


def _lines(widths: list[float], width: float, space: float) -> int:
    """How many lines the runs take, filled greedily; a run wider than a line breaks
    anywhere (cards.css: overflow-wrap)."""
    lines, used = 0, None
    for run in widths:
        if used is not None and used + space + run <= width:
            used += space + run
            continue
        if run > width:
            whole = int(run // width)
            lines += whole
            run -= whole * width
        lines += 1
        used = run
    return lines


def _text_mm(tokens: Sentence, width: float, size: float = TEXT_PT, extra: float = 0.0,
             tall: int = 0) -> float:
    """At most how tall `tokens` print at `size` in a column `width` mm wide, after
    `extra` mm of what stands before them on their first line; `tall`: things taller
    than words beside them (a row of spaces). A line is taller than one of words only
    where it holds such a thing."""
    runs, icons, marked = _words(tokens, size)
    if extra:
        runs = [extra] + runs
    lines = _lines(runs, width, char_width(" ") * size * PT_MM) or 1
    big = min(lines, marked)
    return (lines * max(LINE_PT, size * 1.25) + min(lines - big, icons + tall) * (TALL_LINE_PT - LINE_PT)
            + big * (MARKED_LINE_PT - LINE_PT)) * PT_MM


def block_mm(block: Block, width: float) -> float:
    """At most how tall a block of a card's body or foot prints."""
    pad = BLOCK_MM.get(type(block), 0.0)
    match block:
        case Paragraph(tokens):
            return pad + _text_mm(tokens, width)
        case ActionHead(tokens) as head:
            # Its icons and Danger dice stand before the name, 1 mm from it, never apart from its first word.
            dice: Sentence = [*head.lead, Words("\u00a0\u00a0")]
            return pad + _text_mm([*dice, *tokens], width - 1.6, HEAD_PT)
        case Row(style, lead, tokens):
            # The lead keeps 1 mm from what the row says.
            inner = width - ROW_INDENT - 1.0 - (SPACE_ROW_LEAD if style == "space" else 0.0)
            return pad + _text_mm([*lead, Words(" "), *tokens], inner, tall=1)
        case Track(_, spaces, tokens):
            lead_mm = ICON_EM * TEXT_PT * PT_MM + spaces * SPACE_MM
            return pad + _text_mm(tokens, width - ROW_INDENT, extra=lead_mm, tall=1)
        case Rule(word):
            return pad + _text_mm([Words(word.upper())], width)
        case Boxes(word, count):
            return pad + _text_mm([Words(word.upper())], width, extra=count * SPACE_MM, tall=1)
        case Choices(items) | Steps(items):
            # A step's number and a choice's bullet stand in the item's indent (cards.css).
            indent = block.indent if isinstance(block, Steps) else CHOICE_INDENT
            return pad + sum(ITEM_MM[type(block)] + _text_mm(item, width - indent) for item in items)
        case Options(options):
            return pad + sum(ITEM_MM[Options] + _text_mm([Icon(o.category), Words(f" {o.category.upper()} "), *o.title,
                                                          Words(" ALWAYS AVAILABLE " if o.always else " "),
                                                          Words(o.excludes.upper().replace(" ", "\u00a0"))],
                                                         width - 3.5)
                             for o in options)
        case Compass():
            return COMPASS_MM
    # A block this estimate does not know: never assume that it fits.
    return float("inf")


def boxes(face: Face) -> dict[str, tuple[float, float]]:
    """The width and height (mm) of the face's title, body and foot boxes."""
    width, height = face.size
    inner = width - 2 * PANEL_INSET - 2 * BOX_INSET
    panel = height - 2 * PANEL_INSET
    location = face.kind == "location"
    bottom = (BODY_BOTTOM_LOCATION_FOOT if location else BODY_BOTTOM_WITH_FOOT) if face.foot else BODY_BOTTOM
    art = face.art.frame[1] + ART_GAP if face.art is not None else 0.0
    out = {"title": (inner - (NUMBER_WIDTH if face.number else 0.0), TITLE_HEIGHT),
           "body": (inner, panel - BODY_TOP - art - bottom)}
    if face.foot:
        out["foot"] = (inner, FOOT_HEIGHT_LOCATION if location else FOOT_HEIGHT)
    return out


def surely_fits(face: Face) -> bool:
    """Whether every box of the face holds its text by the upper bounds: if not, it
    may still, and only laying it out tells."""
    sizes = boxes(face)
    width, height = sizes["title"]
    runs, _, _ = _words(face.title, TITLE_PT)
    if _lines(runs, width, char_width(" ") * TITLE_PT * PT_MM) * TITLE_LINE_PT * PT_MM > height:
        return False
    for part, blocks in (("body", face.blocks), ("foot", face.foot)):
        if part in sizes and sum(block_mm(block, sizes[part][0]) for block in blocks) > sizes[part][1]:
            return False
    return True


# What a face's measure is kept as: each box that overflows, as sheets.Overflow's
# fields after the face.
_KEPT_SHAPE = tuple[tuple[str, int, int | None, float], ...]
# What the layout of a card reads: the stylesheets, fonts and icons, and the code that
# makes and measures it.
_LAYOUT_CODE = ("render/ir.py", "render/cards.py", "render/components.py", "render/sheets.py", "render/fit.py",
                "render/fonts.py", "render/typeset.py", "render/templating.py", "fontmetrics.py", "templates")


@lru_cache(maxsize=1)
def _layout_hash() -> str:
    import importlib.util

    digest = hashlib.sha256()
    # WeasyPrint's release, from its package file, where it is written: found without
    # importing it (most of a second) or asking importlib.metadata (which reads every
    # installed package's metadata).
    spec = importlib.util.find_spec("weasyprint")
    if spec is not None and spec.origin:
        digest.update(Path(spec.origin).read_bytes())
    package = Path(__file__).parent.parent
    for name in _LAYOUT_CODE:
        path = package / name
        for file in sorted(path.rglob("*")) if path.is_dir() else [path]:
            if not file.is_file():
                continue
            digest.update(b"\0" + file.relative_to(package).as_posix().encode() + b"\0")
            if file.suffix in (".ttf", ".otf", ".svg", ".png"):
                # The fonts and icons, most of the bytes, by their size and time: read
                # whole, they took longer than the check of the pack.
                status = file.stat()
                digest.update(f"{status.st_size} {status.st_mtime_ns}".encode())
            else:
                digest.update(file.read_bytes())
    return digest.hexdigest()


def _key(face: Face) -> str:
    return hashlib.sha256(f"card fit\0{_layout_hash()}\0{face!r}".encode("utf-8", "surrogatepass")).hexdigest()


def card_fit(faces: list[Face], cache: ParseCache | None = None) -> list[Diagnostic]:
    """The W510s of these faces, as `build` reports them: those the bounds cannot
    clear are laid out (one copy each, one a page, with room below to count every
    line) and measured. `cache`: where the measures of faces laid out before are kept
    (by the face and everything its layout reads), so that a pack's doubtful cards
    cost WeasyPrint once, not at every check."""
    doubtful = [replace(face, copies=1) for face in faces if not surely_fits(face)]
    if not doubtful:
        return []
    from vcompiler.render.components import overflow_diagnostics
    from vcompiler.render.sheets import Overflow

    keys = [_key(face) for face in doubtful] if cache is not None else []
    found: list[Overflow] = []
    todo: list[int] = []
    for index in range(len(doubtful)):
        kept = cache.get(keys[index], _KEPT_SHAPE) if cache is not None else None
        if cache is not None and isinstance(kept, tuple):
            cache.served.append(f"the measure of {doubtful[index].key}'s card text")
            found.extend(Overflow(index, *box) for box in kept)
        else:
            todo.append(index)
    if todo:
        measured = _measure([doubtful[i] for i in todo])
        for at, index in enumerate(todo):
            mine = [o for o in measured if o.face == at]
            found.extend(replace(o, face=index) for o in mine)
            if cache is not None:
                cache.put(keys[index], tuple((o.part, o.lines, o.item, o.top) for o in mine))
    return overflow_diagnostics(tuple(doubtful), sorted(found, key=lambda o: (o.face, o.part)))


def _measure(faces: list[Face]) -> list[Overflow]:
    from vcompiler.render.sheets import MEASURE_ROOM_MM, Job, _page_css, job_html, lay_out, measure, single_pages

    job = Job("fit", tuple(faces), tuple(single_pages(list(range(len(faces))), faces)),
              frozenset(range(len(faces))))
    laid_out, _ = lay_out(job_html(job), _page_css(job, MEASURE_ROOM_MM), ("base.css", "cards.css"))
    return measure(laid_out)
