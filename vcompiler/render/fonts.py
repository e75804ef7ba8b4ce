"""One subset per font per book. Every section of a book is its own WeasyPrint
document, so each embeds its own subset of each font, all under one subset name: a
print shop's preflight reports that as conflicting fonts, and the copies weigh. The
subsets keep the original glyph ids (WeasyPrint subsets with retained gids), so their
glyphs, widths and text maps can be joined into one font that serves every page."""
from __future__ import annotations

import copy
import hashlib
import io
import re
import string
from collections.abc import Iterator
from typing import Any

import pikepdf
from fontTools.ttLib import TTFont


def _fonts_of(resources: pikepdf.Dictionary, seen: set[tuple[int, int]]) -> Iterator[tuple[pikepdf.Dictionary, str]]:
    """(the /Font dictionary that names it, its resource name) for every font used
    by these resources and the forms they draw."""
    fonts = resources.get("/Font")
    if isinstance(fonts, pikepdf.Dictionary):
        for name in list(fonts.keys()):
            yield fonts, name
    xobjects = resources.get("/XObject")
    if isinstance(xobjects, pikepdf.Dictionary):
        for name in list(xobjects.keys()):
            xobject = xobjects[name]
            key = xobject.objgen
            if key in seen or key == (0, 0):
                continue
            seen.add(key)
            inner = xobject.get("/Resources")
            if isinstance(inner, pikepdf.Dictionary):
                yield from _fonts_of(inner, seen)


def _mergeable(font: pikepdf.Object) -> bool:
    return (font.get("/Subtype") == "/Type0" and font.get("/Encoding") == "/Identity-H"
            and "/DescendantFonts" in font and "/FontFile2" in font.DescendantFonts[0].FontDescriptor)


def _family(font: pikepdf.Object) -> str:
    return str(font.BaseFont).split("+", 1)[-1]


def _widths(array: pikepdf.Array) -> dict[int, float]:
    out: dict[int, float] = {}
    items = list(array)
    i = 0
    while i < len(items):
        first = int(items[i])
        if isinstance(items[i + 1], pikepdf.Array):
            for offset, width in enumerate(items[i + 1]):
                out[first + offset] = float(width)
            i += 2
        else:
            last, width = int(items[i + 1]), float(items[i + 2])
            for cid in range(first, last + 1):
                out[cid] = width
            i += 3
    return out


def _width_array(widths: dict[int, float]) -> pikepdf.Array:
    out: list[int | list[float]] = []
    run: list[float] = []
    previous = None
    for cid in sorted(widths):
        if previous is None or cid != previous + 1:
            run = []
            out += [cid, run]
        width = widths[cid]
        run.append(int(width) if width == int(width) else round(width, 3))
        previous = cid
    return pikepdf.Array([x if not isinstance(x, list) else pikepdf.Array(x) for x in out])


_BFCHAR = re.compile(rb"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>")
_BFRANGE = re.compile(rb"beginbfrange(.*?)endbfrange", re.DOTALL)
_RANGE = re.compile(rb"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>")


def _text_map(data: bytes) -> dict[int, str]:
    out: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.DOTALL):
        for code, text in _BFCHAR.findall(block):
            out[int(code, 16)] = text.decode("ascii")
    for block in _BFRANGE.findall(data):
        for first, last, text in _RANGE.findall(block):
            start = int(text, 16)
            for offset, code in enumerate(range(int(first, 16), int(last, 16) + 1)):
                out[code] = f"{start + offset:04x}"
    return out


def _text_map_stream(mapping: dict[int, str]) -> bytes:
    lines = [b"/CIDInit /ProcSet findresource begin", b"12 dict begin", b"begincmap",
             b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             b"/CMapName /Adobe-Identity-UCS def", b"/CMapType 2 def", b"1 begincodespacerange",
             b"<0000> <ffff>", b"endcodespacerange"]
    items = sorted(mapping.items())
    for start in range(0, len(items), 100):
        batch = items[start:start + 100]
        lines.append(f"{len(batch)} beginbfchar".encode())
        lines += [f"<{code:04x}> <{text}>".encode() for code, text in batch]
        lines.append(b"endbfchar")
    lines += [b"endcmap", b"CMapName currentdict /CMap defineresource pop", b"end", b"end"]
    return b"\n".join(lines)


def _stored(glyf: Any, name: str) -> bytes | None:
    """A glyph's data as its font stores it, or None once fontTools has decoded it."""
    return getattr(glyf.glyphs[name], "data", None)


def _draws(glyf: Any, name: str) -> bool:
    """Whether a glyph draws anything (contours or components), read from its stored
    data where fontTools has not decoded it."""
    stored = _stored(glyf, name)
    if stored is None:
        return bool(glyf.glyphs[name].numberOfContours != 0)
    # A glyph's header starts with its number of contours (-1: made of components).
    return len(stored) >= 2 and int.from_bytes(stored[:2], "big", signed=True) != 0


def _same_outline(glyf: Any, name: str, other_glyf: Any, other_name: str) -> bool:
    """Whether two glyphs draw the same, compiled as fontTools compiles them. Glyphs
    stored byte for byte alike (subsets cut from one font) are not decoded: decoding
    every glyph of every subset took most of the time of joining a book's fonts."""
    stored = _stored(glyf, name)
    if stored is not None and stored == _stored(other_glyf, other_name):
        return True
    return bool(glyf[name].compile(glyf) == other_glyf[other_name].compile(other_glyf))


def _join_glyphs(programs: list[bytes]) -> bytes | None:
    """One TrueType program with every glyph any of the subsets draws, or None when two
    subsets draw different glyphs under one glyph id (they were not cut from one font
    with its ids kept, and joining them would print one letter as another)."""
    # recalcTimestamp off: the same book gives the same bytes.
    fonts = [TTFont(io.BytesIO(data), recalcTimestamp=False) for data in programs]
    fonts.sort(key=lambda f: -len(f.getGlyphOrder()))
    base = fonts[0]
    glyf, hmtx = base["glyf"], base["hmtx"]
    order = base.getGlyphOrder()
    for other in fonts[1:]:
        their_glyf, their_hmtx = other["glyf"], other["hmtx"]
        # Glyph names may differ between subsets; glyph ids do not.
        rename = {name: order[gid] for gid, name in enumerate(other.getGlyphOrder())}
        for name, mine in rename.items():
            if not _draws(their_glyf, name):
                continue
            if _draws(glyf, mine):
                if not _same_outline(their_glyf, name, glyf, mine):
                    return None
                continue
            theirs = copy.deepcopy(their_glyf[name])
            for component in getattr(theirs, "components", []) if theirs.isComposite() else []:
                component.glyphName = rename[component.glyphName]
            glyf[mine] = theirs
            hmtx[mine] = their_hmtx[name]
    out = io.BytesIO()
    base.save(out)
    return out.getvalue()


class _Subset:
    """A subset's glyphs, for grouping the subsets of a font that agree (merge_fonts)."""

    def __init__(self, program: bytes) -> None:
        font = TTFont(io.BytesIO(program))
        self.glyf = font["glyf"]
        self.names = font.getGlyphOrder()
        self.drawn = [gid for gid, name in enumerate(self.names) if _draws(self.glyf, name)]

    def agrees(self, gid: int, other: _Subset) -> bool:
        return _same_outline(self.glyf, self.names[gid], other.glyf, other.names[gid])


def _tag(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "".join(string.ascii_uppercase[b % 26] for b in digest[:6])


def merge_fonts(pdf: pikepdf.Pdf) -> int:
    """Make every use of a font in `pdf` point to one font object holding the union of
    its subsets. Returns how many font objects are left per family, summed."""
    users: dict[str, list[tuple[pikepdf.Dictionary, str]]] = {}
    fonts: dict[str, dict[tuple[int, int], pikepdf.Object]] = {}
    seen: set[tuple[int, int]] = set()
    for page in pdf.pages:
        resources = page.obj.get("/Resources")
        if not isinstance(resources, pikepdf.Dictionary):
            continue
        for holder, name in _fonts_of(resources, seen):
            font = holder[name]
            if not _mergeable(font):
                continue
            family = _family(font)
            users.setdefault(family, []).append((holder, name))
            fonts.setdefault(family, {})[font.objgen] = font
    left = 0
    for family, copies in fonts.items():
        # Fonts that only share a name (their glyph ids draw different glyphs) are joined
        # apart: one font per group of subsets that agree, each under a name of its own.
        # Each subset is read once for grouping, and each group's program joined once.
        # A group holds, for each glyph id, the first of its subsets that draws it.
        groups: list[tuple[dict[int, _Subset], list[bytes], list[pikepdf.Object]]] = []
        for font in copies.values():
            program = font.DescendantFonts[0].FontDescriptor.FontFile2.read_bytes()
            subset = _Subset(program)
            for outlines, programs, members in groups:
                if all(gid not in outlines or outlines[gid].agrees(gid, subset) for gid in subset.drawn):
                    for gid in subset.drawn:
                        outlines.setdefault(gid, subset)
                    programs.append(program)
                    members.append(font)
                    break
            else:
                groups.append(({gid: subset for gid in subset.drawn}, [program], [font]))
        left += len(groups)
        keeps: dict[tuple[int, int], pikepdf.Object] = {}
        for _, programs, members in groups:
            joined = programs[0] if len(programs) == 1 else _join_glyphs(programs)
            assert joined is not None          # the group's outlines agree
            keep = _join(pdf, family, joined, members)
            keeps.update((font.objgen, keep) for font in members)
        for holder, resource in users[family]:
            holder[resource] = keeps[holder[resource].objgen]
    return left


def _join(pdf: pikepdf.Pdf, family: str, program: bytes, members: list[pikepdf.Object]) -> pikepdf.Object:
    """The first of `members`, made to hold `program` and every member's widths and text."""
    keep = members[0]
    descendant = keep.DescendantFonts[0]
    widths: dict[int, float] = {}
    text: dict[int, str] = {}
    for font in members:
        widths.update(_widths(font.DescendantFonts[0].W))
        if "/ToUnicode" in font:
            text.update(_text_map(font.ToUnicode.read_bytes()))
    name = pikepdf.Name(f"/{_tag(program)}+{family}")
    keep.BaseFont = name
    descendant.BaseFont = name
    descriptor = descendant.FontDescriptor
    descriptor.FontName = name
    if len(members) == 1:
        return keep
    descendant.W = _width_array(widths)
    if "/CIDSet" in descriptor:
        del descriptor["/CIDSet"]
    descriptor.FontFile2 = pikepdf.Stream(pdf, program)
    descriptor.FontFile2.Length1 = len(program)
    keep.ToUnicode = pikepdf.Stream(pdf, _text_map_stream(text))
    return keep
