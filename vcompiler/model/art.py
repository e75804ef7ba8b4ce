"""The images `art` lines name: each read once, through the guarded reader, from the
pack's own folder (never through a link that leads out of it), and looked at before it
is trusted. A PNG or JPEG is opened for its header first: its size is refused before
a pixel is decoded when it is larger than any printed component needs (a small file
can claim 30,000 pixels a side and take gigabytes to decode), and only then decoded
whole, so that a damaged file is an error here rather than a failed build. An SVG is
parsed as plain XML: one that declares entities or loads another file or address is
refused, since the renderer would follow it outside the pack."""
from __future__ import annotations

import hashlib
import io
import os
import re
import struct
import warnings
import xml.etree.ElementTree as ElementTree
from pathlib import Path, PurePosixPath
from typing import NamedTuple

from vcompiler import ast, codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.model import types as m
from vcompiler.registry import CARD_SIZES, kind_named
from vcompiler.registry.art import (
    ART_EXTENSIONS,
    BOARD_MM,
    COVER_MM,
    MAX_ART_BYTES,
    MAX_ART_PIXELS,
    MAX_ART_SIDE,
    MAX_SVG_SHAPES,
    card_art_mm,
)
from vcompiler.source import Span
from vcompiler.util.safeio import Refused, read_regular

_HINT_OUTSIDE = "keep the image inside the pack's folder and name it from there, e.g. `art \"art/cave.png\"`"
# What an SVG may point at: a part of itself, or data it carries.
_OWN_REFERENCE = re.compile(r"\s*(#|data:)", re.IGNORECASE)
_CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)|@import", re.IGNORECASE)


class ArtReader:
    """Reads the images of one pack folder; each file once, however many `art` lines
    name it. What is wrong with one goes to `found` at the line that names it."""

    def __init__(self, folder: Path, found: list[Diagnostic]):
        self.folder = folder
        self.found = found
        self._read: dict[str, m.ArtImage | tuple[codes.Code, dict[str, str]]] = {}

    def __call__(self, art: ast.Art | None) -> m.Art | None:
        if art is None:
            return None
        image = None
        if art.image is not None:
            image = self.image(art.image)
        if art.brief is not None and not art.brief.strip():
            self.found.append(diagnostic(codes.ART_EMPTY, art.brief_span or art.span,
                                         "write what the picture should show, or remove the line",
                                         why="the brief is empty: it tells the illustrator nothing"))
        return m.Art(image, art.brief, art.span, art.image.span if art.image is not None else art.span)

    def image(self, value: ast.Value) -> m.ArtImage | None:
        written = str(value.value)
        if written not in self._read:
            self._read[written] = self._look(written)
        made = self._read[written]
        if isinstance(made, m.ArtImage):
            return made
        code, words = made
        self.found.append(diagnostic(code, value.span, words["hint"], path=written, why=words["why"]))
        return None

    def _look(self, written: str) -> m.ArtImage | tuple[codes.Code, dict[str, str]]:
        if not written.strip():
            return codes.ART_EMPTY, {"why": "the path is empty: it names no file",
                                     "hint": "name the image, e.g. `art \"art/cave.png\"`, or write "
                                             "`art brief \"…\"` until it exists"}
        outside = _outside(written)
        if outside:
            return codes.ART_OUTSIDE, {"why": outside, "hint": _HINT_OUTSIDE}
        relative = PurePosixPath(os.path.normpath(written).replace(os.sep, "/")).as_posix()
        path = self.folder / relative
        try:
            data = read_regular(path, within=self.folder, limit=MAX_ART_BYTES)
        except Refused as refused:
            if "outside its folder" in refused.why:
                return codes.ART_OUTSIDE, {"why": "it is a link to a file outside the pack", "hint": _HINT_OUTSIDE}
            if "over the limit" in refused.why or "more than" in refused.why:
                return codes.ART_TOO_LARGE, {"why": refused.why,
                                             "hint": "save it smaller: a card needs about 1,000 pixels a side at "
                                                     "300 dpi, a board a few thousand"}
            return codes.ART_MISSING, {"why": refused.why, "hint": "name a PNG, JPEG or SVG file"}
        except FileNotFoundError:
            return codes.ART_MISSING, {"why": "there is no such file in the pack's folder",
                                       "hint": "paths are read from the pack's folder (where pack.vcl is); "
                                               "or write `art brief \"…\"` until the image exists"}
        except OSError as error:
            return codes.ART_MISSING, {"why": f"it cannot be read: {error.strerror or error}",
                                       "hint": "check that it exists and that you may read it"}
        return _examine(relative, data)


def _outside(written: str) -> str:
    """Why a path as written names a file outside the pack's folder, or ""."""
    if written.startswith(("/", "\\")) or re.match(r"[A-Za-z]:", written) or written.startswith("~"):
        return "it is an absolute path"
    if "\\" in written:
        return "it is written with backslashes, which name another folder on one system than on another"
    parts = PurePosixPath(written).parts
    depth = 0
    for part in parts:
        depth += -1 if part == ".." else 0 if part == "." else 1
        if depth < 0:
            return "it leads out of the pack's folder"
    return ""


def _examine(relative: str, data: bytes) -> m.ArtImage | tuple[codes.Code, dict[str, str]]:
    extension = PurePosixPath(relative).suffix.lower()
    digest = hashlib.sha256(data).hexdigest()
    if data[:8] == b"\x89PNG\r\n\x1a\n" or data[:3] == b"\xff\xd8\xff":
        return _raster(relative, data, extension, digest)
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith((b"<?xml", b"<svg", b"<!--")) or extension == ".svg":
        return _svg(relative, data, extension, digest)
    return codes.ART_BROKEN, {"why": "it is not a PNG, JPEG or SVG image",
                              "hint": "save it as PNG or JPEG (or SVG for a drawing)"}


def _raster(relative: str, data: bytes, extension: str,
            digest: str) -> m.ArtImage | tuple[codes.Code, dict[str, str]]:
    from PIL import Image, ImageFile

    kind = "png" if data[:4] == b"\x89PNG" else "jpeg"
    # WeasyPrint, once imported, lets Pillow load a truncated image without a word
    # (ImageFile.LOAD_TRUNCATED_IMAGES): a damaged file is found whatever ran before.
    lenient, ImageFile.LOAD_TRUNCATED_IMAGES = ImageFile.LOAD_TRUNCATED_IMAGES, False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=["PNG", "JPEG"]) as image:
                width, height = image.size
                if max(width, height) > MAX_ART_SIDE or width * height > MAX_ART_PIXELS:
                    return codes.ART_TOO_LARGE, {
                        "why": f"it is {width:,} x {height:,} pixels, more than an image vcompiler decodes "
                               f"({MAX_ART_SIDE:,} a side, {MAX_ART_PIXELS // 1_000_000} million in all)",
                        "hint": "save it smaller: a card needs about 1,000 pixels a side at 300 dpi, a board a "
                                "few thousand"}
                image.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        # Pillow's own limit, met before ours could read the size: the header says it.
        width, height = struct.unpack(">II", data[16:24]) if kind == "png" and len(data) >= 24 else (0, 0)
        claimed = f"{width:,} x {height:,} pixels" if width else "far more pixels than a print needs"
        return codes.ART_TOO_LARGE, {
            "why": f"it claims {claimed}, more than an image vcompiler decodes ({MAX_ART_SIDE:,} a side, "
                   f"{MAX_ART_PIXELS // 1_000_000} million in all)",
            "hint": "save it smaller: a card needs about 1,000 pixels a side at 300 dpi, a board a few thousand"}
    except (OSError, ValueError, SyntaxError, EOFError) as error:
        return codes.ART_BROKEN, {"why": f"the {kind.upper()} file is damaged ({_reason(error)})",
                                  "hint": "export the image again from the program that made it"}
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = lenient
    return m.ArtImage(relative, kind, width, height, data, digest, extension not in ART_EXTENSIONS[kind])


def _reason(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text[:120]


def _svg(relative: str, data: bytes, extension: str, digest: str) -> m.ArtImage | tuple[codes.Code, dict[str, str]]:
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        return codes.ART_LOADS, {"why": "it declares a DOCTYPE or entities, which may read other files",
                                 "hint": "save it again without its DOCTYPE (an editor's \"plain SVG\")"}
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        return codes.ART_BROKEN, {"why": f"the SVG file is not well-formed XML ({error})",
                                  "hint": "export the image again from the program that made it"}
    if root.tag.rpartition("}")[2] != "svg":
        return codes.ART_BROKEN, {"why": "it is XML but not an SVG image",
                                  "hint": "save it as SVG, PNG or JPEG"}
    for element in root.iter():
        for name, value in element.attrib.items():
            local = name.rpartition("}")[2]
            loads = (local in ("href", "src") and not _OWN_REFERENCE.match(value)) or \
                any(not _OWN_REFERENCE.match(url) for url in _urls(value))
            if loads:
                return codes.ART_LOADS, {"why": f"it loads `{value[:80]}`",
                                         "hint": "embed what it loads in the SVG, or export it as PNG"}
        if element.tag.rpartition("}")[2] == "style" and any(not _OWN_REFERENCE.match(url)
                                                             for url in _urls(element.text or "")):
            return codes.ART_LOADS, {"why": "its stylesheet loads another file",
                                     "hint": "embed what it loads in the SVG, or export it as PNG"}
    drawn = _shapes_drawn(root)
    if drawn is None:
        return codes.ART_BROKEN, {"why": "a `<use>` in it leads back to itself, which no renderer can draw",
                                  "hint": "export the image again from the program that made it"}
    if drawn > MAX_SVG_SHAPES:
        return codes.ART_TOO_LARGE, {
            "why": f"its `<use>` elements repeat one another into more than {MAX_SVG_SHAPES:,} shapes to draw",
            "hint": "export it as PNG, or flatten the drawing's repeats"}
    width, height = _svg_size(root)
    return m.ArtImage(relative, "svg", width, height, data, digest, extension != ".svg")


def _shapes_drawn(root: ElementTree.Element) -> int | None:
    """How many elements drawing the SVG takes, each `<use>` counted as what it repeats
    (a few kilobytes of nested `<use>` can ask for billions: the SVG's decompression
    bomb), at most MAX_SVG_SHAPES + 1; None for a `<use>` that leads back to itself.
    Walked without recursion, so that a deeply nested file cannot exhaust the stack."""
    ids = {element.get("id"): element for element in root.iter() if element.get("id")}

    def parts(element: ElementTree.Element) -> list[ElementTree.Element]:
        found = list(element)
        if element.tag.rpartition("}")[2] == "use":
            href = element.get("href") or element.get("{http://www.w3.org/1999/xlink}href") or ""
            target = ids.get(href[1:]) if href.startswith("#") else None
            if target is not None:
                found.append(target)
        return found

    cost: dict[int, int] = {}
    walking: set[int] = set()
    stack: list[tuple[ElementTree.Element, bool]] = [(root, False)]
    while stack:
        element, done = stack.pop()
        key = id(element)
        if done:
            walking.discard(key)
            cost[key] = min(MAX_SVG_SHAPES + 1, 1 + sum(cost[id(part)] for part in parts(element)))
            continue
        if key in cost:
            continue
        walking.add(key)
        stack.append((element, True))
        for part in parts(element):
            if id(part) in walking:
                return None
            if id(part) not in cost:
                stack.append((part, False))
    return cost[id(root)]


def _urls(text: str) -> list[str]:
    """The addresses a piece of CSS names; `@import` as one that is never its own."""
    return [found.group(1) if found.group(1) is not None else "@import" for found in _CSS_URL.finditer(text)]


def _svg_size(root: ElementTree.Element) -> tuple[int, int]:
    """The drawing's width and height in its own units (its viewBox, else its width and
    height), for the frame's proportions; 0 when it says neither."""
    box = root.get("viewBox", "").replace(",", " ").split()
    try:
        if len(box) == 4:
            return round(float(box[2])), round(float(box[3]))
        number = re.compile(r"\s*([0-9.]+)")
        width, height = number.match(root.get("width", "")), number.match(root.get("height", ""))
        if width and height:
            return round(float(width.group(1))), round(float(height.group(1)))
    except ValueError:
        pass
    return 0, 0


class Framed(NamedTuple):
    """A component the pack prints with room for art: what messages call it, its art
    (None: none given), its frame in mm (bleed included) and where it is declared."""
    what: str
    art: m.Art | None
    frame: tuple[float, float]
    span: Span


def framed(pack: m.Pack) -> list[Framed]:
    """Every component of the pack that has an art frame, in print order: the books'
    covers, the cards (by kind), the boards, the location cards, the Vantage cards."""
    out = [Framed("the books' covers", pack.art, COVER_MM, pack.span)]
    for card in pack.cards:
        kind = kind_named(card.kind)
        if card.kind == "danger":
            continue
        out.append(Framed(f"{card.kind} {card.id}" if not card.board else f"the board POI {card.name!r}",
                          card.art, card_art_mm(CARD_SIZES.get(card.kind, kind.print_facts.size)), card.span))
    out += [Framed(f"the board of planet {planet.id}", planet.art, BOARD_MM, planet.span) for planet in pack.planets]
    location_size = CARD_SIZES.get("location", kind_named("location").print_facts.size)
    out += [Framed(f"location {location.number:03d}", location.art, card_art_mm(location_size), location.span)
            for location in pack.locations]
    width, height = CARD_SIZES.get("vcard", kind_named("vcard").print_facts.size)
    for vcard in pack.vantage_cards:
        size = (max(width, height), min(width, height)) if vcard.orientation == "horizontal" else (width, height)
        out.append(Framed(f"card {vcard.number}", vcard.art, card_art_mm(size), vcard.span))
    return out
