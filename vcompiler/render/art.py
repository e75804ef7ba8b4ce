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
    uri = data_uri(art.image) if art.image is not None else ""
    return ArtView(uri, art.brief or "", frame, pixels_at(frame))
