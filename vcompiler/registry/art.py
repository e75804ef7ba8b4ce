"""Art: the images a component prints (`art "FILE"`), where each component frames its
image, and how large an image may be. The frame sizes are the printed geometry the
checker measures an image against (300 dpi at print size) and that `stats --art`
tells an illustrator; the renderer draws the frames at these sizes."""
from __future__ import annotations

# A file's name ends in one of these for the format its bytes are in.
ART_EXTENSIONS: dict[str, tuple[str, ...]] = {"png": (".png",), "jpeg": (".jpg", ".jpeg"), "svg": (".svg",)}
# What is read and decoded at most: a file's bytes, an image's side and its pixels.
# An A2 board at 300 dpi is about 7,000 x 4,960 pixels; past these, a file is far
# larger than any component prints, and decoding it could take gigabytes.
MAX_ART_BYTES = 32 * 1024 * 1024
MAX_ART_SIDE = 12_000
MAX_ART_PIXELS = 60_000_000
# An SVG's elements once each `<use>` is counted as what it repeats: a drawing of many
# thousand shapes prints in a second; past this, a few kilobytes could take hours.
MAX_SVG_SHAPES = 200_000

PRINT_DPI = 300
# Below this share of the image left visible once it fills its frame, the frame cuts
# away so much that the picture is not the one drawn (W519).
MIN_VISIBLE = 0.75

# The bleed every card has on the card sheets (render/sheets.py's BLEED_MM).
CARD_BLEED_MM = 3.0
# A card's art band: the card's whole width, bleed included (it runs off both edges where
# the card has a bleed of its own; on a sheet it stops at the cut line, cards.css .art),
# this share of its trim height, under the title and marks (14.6 mm below the panel's top).
CARD_ART_SHARE = 0.27
CARD_ART_TOP_MM = 6.0 + 14.6          # from the top of the card's bleed box
# A board and a book cover are framed to their page: A4 landscape and portrait, the
# default paper (a larger board or paper prints the image larger, at fewer dpi).
BOARD_MM = (297.0, 210.0)
COVER_MM = (210.0, 297.0)


def card_art_mm(size: tuple[float, float]) -> tuple[float, float]:
    """The art band of a card of trim `size`: its width and height, bleed included."""
    width, height = size
    return round(width + 2 * CARD_BLEED_MM, 1), round(height * CARD_ART_SHARE, 1)


def pixels_at(frame_mm: tuple[float, float], dpi: int = PRINT_DPI) -> tuple[int, int]:
    """How many pixels fill a frame at `dpi`."""
    return tuple(round(side / 25.4 * dpi) for side in frame_mm)  # type: ignore[return-value]


def print_dpi(pixels: tuple[int, int], frame_mm: tuple[float, float]) -> float:
    """The resolution an image prints at when it fills the frame (scaled to cover it,
    the rest cut away)."""
    scale = max(frame_mm[0] / pixels[0], frame_mm[1] / pixels[1])       # mm a pixel
    return 25.4 / scale


def visible_share(pixels: tuple[int, int], frame_mm: tuple[float, float]) -> float:
    """The share of the image left in the frame once it covers it."""
    image = pixels[0] / pixels[1]
    frame = frame_mm[0] / frame_mm[1]
    return min(image, frame) / max(image, frame)
