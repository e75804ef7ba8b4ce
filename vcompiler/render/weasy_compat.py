"""Everything the render stage takes from WeasyPrint beyond its public API (HTML, CSS,
Document.render and write_pdf, Page.anchors, FontConfiguration, URLFetcher), in one
place: the laid-out box tree it measures, two layout functions it stands in front of,
the user-agent stylesheets of a document, the text boxes of a dot leader, and the sRGB
profile WeasyPrint ships. tests/test_weasy_compat.py checks that each still exists and
behaves as assumed; pyproject.toml bounds WeasyPrint to the releases tested.

WeasyPrint is imported when a function here runs, never when this module is: the
process that writes the HTML does without it."""
from __future__ import annotations

import copy
import inspect
from collections.abc import Iterator
from functools import lru_cache
from importlib.resources import files
from math import inf
from typing import Any

# The major releases whose internals this module was written against and tested with
# (pyproject.toml allows these only).
TESTED = ("70",)

# The sixteen page-margin boxes of CSS Paged Media.
MARGIN_BOXES = tuple(f"@{side}-{place}" for side in ("top", "bottom") for place in ("left", "center", "right")) + \
    tuple(f"@{side}-{place}" for side in ("left", "right") for place in ("top", "middle", "bottom")) + \
    tuple(f"@{corner}-corner" for corner in ("top-left", "top-right", "bottom-left", "bottom-right"))

# The parameters of weasyprint.text.line_break.split_first_line, in order.
SPLIT_FIRST_LINE = ["text", "style", "context", "max_width", "justification_spacing", "is_line_start", "minimum"]


def page_box(page: Any) -> Any:
    """The root box of a laid-out page (weasyprint.Page)."""
    return page._page_box


def children(box: Any) -> list[Any]:
    """A box's children, absolutely positioned ones unwrapped from their placeholders."""
    from weasyprint.formatting_structure.boxes import ParentBox

    if not isinstance(box, ParentBox):
        return []
    return [getattr(child, "_box", child) for child in box.children]


def descendants(box: Any) -> Iterator[Any]:
    """The box and every box inside it, depth first, in document order."""
    from weasyprint.formatting_structure.boxes import ParentBox

    stack = [box]
    while stack:
        box = stack.pop()
        yield box
        if isinstance(box, ParentBox):
            stack.extend(reversed(box.children))


def is_line(box: Any) -> bool:
    from weasyprint.formatting_structure.boxes import LineBox

    return isinstance(box, LineBox)


def is_block(box: Any) -> bool:
    from weasyprint.formatting_structure.boxes import BlockBox

    return isinstance(box, BlockBox)


@lru_cache(maxsize=1)
def skip_empty_margins() -> bool:
    """Pages with nothing in their margins lay out no margin boxes. WeasyPrint makes
    all sixteen of every page, resolving each one's style and sizes, then drops those
    with no content: on the pages of a book's sections, every one, at a twentieth of
    the time of laying out an entry on a page of its own. They are skipped only when
    none would be kept, which leaves every page as it was. Returns whether WeasyPrint
    has the function this stands in front of (weasyprint.layout.make_margin_boxes)."""
    import weasyprint.layout as layout
    from weasyprint.layout import page as pages

    if not hasattr(pages, "make_margin_boxes"):
        return False
    parameters = list(inspect.signature(pages.make_margin_boxes).parameters)
    if parameters != ["context", "page", "state"] or getattr(layout, "make_margin_boxes", None) is not \
            pages.make_margin_boxes:
        return False

    def generated(style: Any) -> bool:
        # As WeasyPrint decides it (a page's margin box with no style of its own has
        # the page's anonymous style, whose content is "normal").
        return style is not None and style["content"] not in ("normal", "inhibit", "none")

    def margin_boxes(context: Any, page: Any, state: Any) -> Iterator[Any]:
        if any(generated(context.style_for(page.page_type, name)) for name in MARGIN_BOXES):
            yield from pages.make_margin_boxes(context, page, state)

    layout.make_margin_boxes = margin_boxes
    return True


@lru_cache(maxsize=1)
def hang_trailing_spaces() -> bool:
    """A text that fits on its line but for the spaces it ends in (the text before a
    reference: "... beyond. See " before "Log 102") is kept whole on that line, not
    cut after its first word. WeasyPrint's split_first_line measures the line with
    those spaces, finds it too wide, and takes it for a line with no break: it keeps
    the first word only, alone on its line. Spaces at a line's end hang (CSS Text 3),
    and WeasyPrint lets them pass the line's end everywhere else. Only a first line of
    one word is looked at again: every other line is WeasyPrint's. Returns whether
    WeasyPrint has the function this stands in front of
    (weasyprint.layout.inline.split_first_line)."""
    import weasyprint.layout.inline as inline
    from weasyprint.text import line_break

    original = getattr(line_break, "split_first_line", None)
    if original is None or getattr(inline, "split_first_line", None) is not original:
        return False
    if not callable(original) or list(inspect.signature(original).parameters) != SPLIT_FIRST_LINE:
        return False

    def split_first_line(text: str, style: Any, context: Any, max_width: float | None, justification_spacing: float,
                         is_line_start: bool = True, minimum: bool = False) -> Any:
        result = original(text, style, context, max_width, justification_spacing, is_line_start, minimum)
        kept = text.rstrip(" ")
        if result[2] is None or kept == text or max_width is None or max_width == inf or \
                style["white_space"] not in ("normal", "pre-line") or b" " in text.encode()[:result[1]].strip():
            return result
        whole = original(kept, style, context, max_width, justification_spacing, is_line_start, minimum)
        if whole[2] is not None or whole[3] > max_width:
            return result
        return original(text, style, context, inf, justification_spacing, is_line_start, minimum)

    inline.split_first_line = split_first_line
    return True


def with_user_agent(agent: Any) -> type:
    """A weasyprint.HTML whose documents cascade with the stylesheet `agent` (a
    weasyprint.CSS) as their only user-agent rules, instead of WeasyPrint's rules for
    every element of HTML."""
    from weasyprint import HTML

    class AgentHTML(HTML):
        def _ua_stylesheets(self, forms: bool = False) -> list[Any]:
            return [agent]
    return AgentHTML


def join_leaders(pages: list[Any], run: int) -> None:
    """Dot leaders drawn a few dots a run. WeasyPrint lays a leader out as a box per
    dot, each a text run of its own to draw: an index line's forty dots cost more than
    its words. The dots stand side by side at the width of one, so a run of `run` dots
    from its first one's place draws them where they were, but for the PDF's advance
    widths, rounded to a thousandth of an em: in a run of 4 dots of the book's serif,
    under 0.01 pt, which leaves every pixel as it was."""
    for page in pages:
        for leader in descendants(page_box(page)):
            if not getattr(leader, "is_leader", False) or len(leader.children) < 2:
                continue
            dots = sorted(leader.children, key=lambda dot: dot.position_x)
            one = dots[0]
            # Side by side, each the same text: else left as WeasyPrint draws it.
            if any(getattr(dot, "text", None) != one.text or abs(dot.position_x - one.position_x - k * one.width) > 0.01
                   for k, dot in enumerate(dots)):
                continue
            runs = []
            for start in range(0, len(dots), run):
                count = min(run, len(dots) - start)
                joined = dots[start].copy_with_text(one.text * count)
                joined.pango_layout = copy.copy(one.pango_layout)
                joined.pango_layout.text = joined.text
                joined.width = one.width * count
                runs.append(joined)
            leader.children = tuple(runs)


def srgb_profile() -> bytes:
    """The sRGB ICC profile WeasyPrint ships (and embeds for PDF/A), for PDF/X's output intent."""
    return files("weasyprint.pdf").joinpath("sRGB2014.icc").read_bytes()



# Tables no glyph in a PDF reads (the text is shaped already, colour glyphs are not
# drawn): dropped before subsetting, which otherwise decodes the layout tables of the
# whole font for every document, most of the time of subsetting it.
_UNREAD_TABLES = ("GSUB", "GPOS", "GDEF", "BASE", "JSTF", "DSIG", "SVG ")


@lru_cache(maxsize=16)
def _slim(data: bytes, index: int) -> bytes:
    """A font without the tables a PDF does not read: what every document of a
    process subsets, read once."""
    import io

    from fontTools import ttLib

    program = ttLib.TTFont(io.BytesIO(data), fontNumber=index, lazy=True)
    for tag in _UNREAD_TABLES:
        if tag in program:
            del program[tag]
    out = io.BytesIO()
    program.save(out)
    return out.getvalue()


def _subset(font: Any, to_unicode: dict[int, Any], hinting: bool) -> None:
    """WeasyPrint's Font.subset, by fontTools alone: the glyphs drawn, at their ids."""
    if not to_unicode:
        return
    import io

    from fontTools import subset, ttLib

    options = subset.Options(retain_gids=True, passthrough_tables=True, ignore_missing_glyphs=True,
                             hinting=hinting, desubroutinize=True, notdef_outline=bool(font.missing))
    options.drop_tables += [tag.strip() for tag in _UNREAD_TABLES]
    subsetter = subset.Subsetter(options)
    subsetter.populate(gids=to_unicode)
    try:
        program = ttLib.TTFont(io.BytesIO(_slim(font.file_content, font.index)), lazy=True)
        subsetter.subset(program)
        out = io.BytesIO()
        program.save(out)
    except ttLib.TTLibError:
        # WeasyPrint's own answer: the whole font is embedded.
        return
    font.file_content = out.getvalue()


@lru_cache(maxsize=1)
def one_subsetter() -> bool:
    """Fonts are subset by fontTools, a pinned Python package, on every machine.
    WeasyPrint subsets with the system's libharfbuzz-subset where it finds one, and
    with fontTools where not: the same book had other bytes on a machine with the
    library than on one without (and on each version of it). Returns whether
    WeasyPrint has the method this stands in for (weasyprint.pdf.fonts.Font.subset)."""
    from weasyprint.pdf import fonts

    method = getattr(getattr(fonts, "Font", None), "subset", None)
    if method is None or list(inspect.signature(method).parameters) != ["self", "to_unicode", "hinting"]:
        return False
    fonts.Font.subset = _subset
    return True
