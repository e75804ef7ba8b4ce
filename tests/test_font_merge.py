"""Joining a book's font subsets: a glyph id that two subsets draw differently stops
the join, so no letter prints as another."""
import io
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

from vcompiler.render.fonts import _join_glyphs

SERIF = Path(__file__).resolve().parents[1] / "vcompiler" / "templates" / "fonts" / "DejaVuSerif.ttf"


def _cut(text: str, keep_ids: bool) -> bytes:
    font = TTFont(SERIF)
    options = subset.Options()
    options.retain_gids = keep_ids
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _gid(program: bytes, char: str) -> int:
    font = TTFont(io.BytesIO(program))
    return font.getGlyphID(font.getBestCmap()[ord(char)])


def _outline(program: bytes, gid: int) -> bytes:
    # A book's fonts are addressed by glyph id (Identity-H), not through the cmap.
    font = TTFont(io.BytesIO(program))
    glyf = font["glyf"]
    return glyf[font.getGlyphOrder()[gid]].compile(glyf)


def test_subsets_with_kept_ids_join_and_draw_every_letter_as_before():
    cover, logs = _cut("Y Test", True), _cut("you from cryosleep", True)
    joined = _join_glyphs([cover, logs])
    assert joined is not None
    for char in "yuc":
        assert _outline(joined, _gid(logs, char)) == _outline(logs, _gid(logs, char))
    assert _outline(joined, _gid(cover, "Y")) == _outline(cover, _gid(cover, "Y"))


def test_subsets_whose_ids_disagree_are_not_joined():
    assert _join_glyphs([_cut("Y Test", False), _cut("you from cryosleep", False)]) is None



def test_glyphs_stored_alike_are_compared_without_decoding_and_others_by_their_outlines():
    from vcompiler.render.fonts import _Subset

    first, second = _Subset(_cut("Test e", True)), _Subset(_cut("see", True))
    e = _gid(_cut("e", True), "e")
    assert e in first.drawn and e in second.drawn
    assert first.agrees(e, second)
    assert hasattr(first.glyf.glyphs[first.names[e]], "data") and hasattr(second.glyf.glyphs[second.names[e]], "data")
    second.glyf[second.names[e]]                 # decoded: compared by its outline from now on
    assert not hasattr(second.glyf.glyphs[second.names[e]], "data")
    assert first.agrees(e, second)
    # The bold face keeps the same glyph ids for other outlines.
    bold = TTFont(SERIF.with_name("DejaVuSerif-Bold.ttf"))
    options = subset.Options()
    options.retain_gids = True
    cutter = subset.Subsetter(options)
    cutter.populate(text="e")
    cutter.subset(bold)
    out = io.BytesIO()
    bold.save(out)
    assert not first.agrees(e, _Subset(out.getvalue()))
