"""`vcompiler stats --art`: the art a pack's components need, for an illustrator: each
printed component with its frame's size in mm (bleed included) and the pixels that
fill it at 300 dpi, its brief, and the image it has (with the dpi it prints at), those
still without an image first."""
from __future__ import annotations

import json

from vcompiler.model.art import framed
from vcompiler.model.types import Pack
from vcompiler.registry.art import pixels_at, print_dpi
from vcompiler.util.frozen import frozen


@frozen
class ArtNeed:
    what: str                         # "poi P101", "the board of planet eye"
    frame_mm: tuple[float, float]
    pixels: tuple[int, int]           # what fills the frame at 300 dpi
    brief: str | None
    image: str | None                 # the file, from the pack's folder
    dpi: int | None                   # what the image prints at; None for an SVG or no image
    file: str                         # where the component is declared, from the pack's folder
    line: int


def art_needs(pack: Pack) -> list[ArtNeed]:
    """Every printed component, those without an image first, each group in print order."""
    out = []
    relative = {source.display: source.relative for source in pack.files}
    for place in framed(pack):
        art = place.art
        image = art.image if art is not None else None
        dpi = None
        if image is not None and image.format != "svg" and image.width and image.height:
            dpi = round(print_dpi((image.width, image.height), place.frame))
        out.append(ArtNeed(place.what, place.frame, pixels_at(place.frame), art.brief if art is not None else None,
                           image.path if image is not None else None, dpi,
                           relative.get(place.span.file, place.span.file), place.span.line))
    return sorted(out, key=lambda need: need.image is not None)


def format_text(packs: list[tuple[str, list[ArtNeed]]]) -> str:
    lines: list[str] = []
    for name, needs in packs:
        if lines:
            lines.append("")
        missing = [n for n in needs if n.image is None]
        lines.append(f"{name}: {len(missing)} of {len(needs)} printed components need art "
                     f"({sum(1 for n in missing if n.brief)} with a brief)")
        if missing:
            lines.append("  needs art                              frame, mm (bleed incl.)  pixels at 300 dpi  brief")
            for need in missing:
                lines.append(f"    {need.what:<36} {_mm(need.frame_mm):<24} {_px(need.pixels):<18} "
                             + (f"“{need.brief}”" if need.brief else "—"))
        done = [n for n in needs if n.image is not None]
        if done:
            lines.append("  has art                                frame, mm (bleed incl.)  pixels at 300 dpi  image")
            for need in done:
                shown = f"{need.image} ({need.dpi} dpi)" if need.dpi is not None else f"{need.image} (drawing)"
                lines.append(f"    {need.what:<36} {_mm(need.frame_mm):<24} {_px(need.pixels):<18} {shown}")
    return "\n".join(lines) + "\n"


def format_json(packs: list[tuple[str, list[ArtNeed]]]) -> str:
    return json.dumps({"packs": [{"pack": name, "art": [
        {"what": n.what, "frame_mm": list(n.frame_mm), "pixels": list(n.pixels), "brief": n.brief,
         "image": n.image, "dpi": n.dpi, "source": {"file": n.file, "line": n.line}} for n in needs]}
        for name, needs in packs]}, indent=2, ensure_ascii=False) + "\n"


def _mm(frame: tuple[float, float]) -> str:
    return f"{frame[0]:g} x {frame[1]:g}"


def _px(pixels: tuple[int, int]) -> str:
    return f"{pixels[0]:,} x {pixels[1]:,}"
