"""Art as the templates print it: the image as a `data:` URI (the only kind of address
a book, a card sheet or a board may load besides the package's own files), or a
placeholder that says what the illustration should show and the size it is drawn at."""
from __future__ import annotations

import base64

from vcompiler.model import types as m
from vcompiler.registry.art import pixels_at
from vcompiler.util.frozen import frozen

_MEDIA_TYPES = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}


@frozen
class ArtView:
    """What a frame prints: `uri`, the image ("" for a placeholder); `brief`, what it
    should show; `frame`, its size in mm, bleed included; `pixels`, what it needs at
    300 dpi (the placeholder says both)."""
    uri: str
    brief: str
    frame: tuple[float, float]
    pixels: tuple[int, int]
    image: str = ""                   # the file, from the pack's folder, and its SHA-256
    digest: str = ""

    @property
    def size_words(self) -> str:
        return (f"{self.frame[0]:g} x {self.frame[1]:g} mm, "
                f"{self.pixels[0]:,} x {self.pixels[1]:,} px at 300 dpi")


def data_uri(image: m.ArtImage) -> str:
    return f"data:{_MEDIA_TYPES[image.format]};base64,{base64.b64encode(image.data).decode('ascii')}"


def art_view(art: m.Art | None, frame: tuple[float, float]) -> ArtView | None:
    """The frame's content, or None where the component has no `art` line (it prints
    as it always did, with no frame)."""
    if art is None:
        return None
    image = art.image
    if image is None:
        return ArtView("", art.brief or "", frame, pixels_at(frame))
    return ArtView(data_uri(image), art.brief or "", frame, pixels_at(frame), image.path, image.digest)


def art_lines(art: m.Art | None) -> list[str]:
    """The art a component prints, as lines of an errata: the image (by its file and the
    start of its SHA-256, so that a redrawn image under the same name is a change) and
    the brief."""
    if art is None:
        return []
    lines = []
    if art.image is not None:
        lines.append(f"Art: {art.image.path} ({art.image.width} x {art.image.height}, {art.image.digest[:12]})")
    if art.brief:
        lines.append(f"Art brief: “{art.brief}”")
    return lines
