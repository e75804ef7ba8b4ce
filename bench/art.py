"""The art the shipped packs and the art case files carry: generated patterns (a sky of
stars, a planet and its rings, a ridge of hills), the same bytes every run, each at the
pixels its frame needs at 300 dpi (registry/art.py) and each small: few colours, so
that PNG's compression keeps a board's 3,508 x 2,480 pixels to a few kilobytes.

    python bench/art.py            write them (source_content/*/art, tests/cases/files)
"""
from __future__ import annotations

import io
import random
import struct
import sys
import zlib
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vcompiler.registry.art import BOARD_MM, card_art_mm, pixels_at  # noqa: E402
from vcompiler.registry.kinds import POKER, TAROT  # noqa: E402

# Palettes: sky, far sky, stars, planet, ring, near hills, far hills, highlight.
PALETTES = {
    "void": [(18, 20, 38), (40, 36, 72), (235, 232, 210), (150, 70, 60), (210, 170, 110), (22, 48, 44),
             (44, 80, 70), (240, 200, 120)],
    "ice": [(24, 40, 66), (60, 96, 130), (245, 250, 255), (180, 210, 230), (140, 170, 200), (200, 225, 240),
            (120, 160, 190), (255, 255, 255)],
    "tide": [(14, 52, 74), (30, 96, 120), (250, 240, 200), (230, 160, 80), (250, 210, 140), (10, 70, 90),
             (40, 120, 130), (255, 230, 170)],
}


def scene(size: tuple[int, int], palette: str, seed: int) -> Image.Image:
    """A landscape of flat colours: stars, a ringed planet, two ridges of hills."""
    width, height = size
    rng = random.Random(seed)
    image = Image.new("P", size, 0)
    image.putpalette([c for colour in PALETTES[palette] for c in colour])
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, height * 0.45, width, height), fill=1)
    for _ in range(max(20, width * height // 6000)):
        x, y, r = rng.randrange(width), rng.randrange(int(height * 0.6)), rng.choice((1, 1, 2, 3))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=2)
    cx, cy, r = width * rng.uniform(0.55, 0.8), height * rng.uniform(0.2, 0.4), min(width, height) * 0.22
    draw.ellipse((cx - 1.9 * r, cy - 0.45 * r, cx + 1.9 * r, cy + 0.45 * r), outline=4, width=max(2, int(r / 12)))
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=3)
    draw.chord((cx - r, cy - r, cx + r, cy + r), 200, 340, fill=7)
    draw.ellipse((cx - 0.8 * r, cy - 0.8 * r, cx + r, cy + r), fill=3)
    for fill, base, rough in ((6, 0.62, 0.12), (5, 0.78, 0.1)):
        points = [(0, height)]
        steps = 24
        for i in range(steps + 1):
            points.append((width * i / steps, height * (base + rng.uniform(-rough, rough))))
        points.append((width, height))
        draw.polygon(points, fill=fill)
    return image


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def jpeg(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.convert("RGB").save(out, "JPEG", quality=70, optimize=True)
    return out.getvalue()


def cover_svg(title: str, palette: str) -> bytes:
    """A cover drawing: rings round a planet over the horizon, sized as A4 portrait."""
    sky, far, star, planet, ring, *_ = (f"#{r:02x}{g:02x}{b:02x}" for r, g, b in PALETTES[palette])
    rng = random.Random(title)
    stars = "".join(f'<circle cx="{rng.randrange(210)}" cy="{rng.randrange(180)}" r="{rng.choice((0.4, 0.6, 0.9))}"/>'
                    for _ in range(90))
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 210 297" width="210mm" height="297mm">
<rect width="210" height="297" fill="{sky}"/>
<rect y="190" width="210" height="107" fill="{far}"/>
<g fill="{star}">{stars}</g>
<ellipse cx="105" cy="150" rx="95" ry="20" fill="none" stroke="{ring}" stroke-width="3"/>
<circle cx="105" cy="150" r="55" fill="{planet}"/>
<path d="M50 150 A55 20 0 0 0 160 150" fill="none" stroke="{ring}" stroke-width="3"/>
<path d="M0 240 L30 225 L60 238 L95 215 L130 236 L170 220 L210 232 L210 297 L0 297 Z" fill="{sky}"/>
</svg>
""".encode()


def bomb() -> bytes:
    """A PNG whose header claims 30,000 x 30,000 pixels, with a few bytes of data: what a
    decoder would fill gigabytes for."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", 30_000, 30_000, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + \
        chunk(b"IEND", b"")


def write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    print(f"{path.relative_to(ROOT)}: {len(data):,} bytes")


def main() -> None:
    content = ROOT / "source_content"
    band_poker = pixels_at(card_art_mm(POKER))
    band_tarot = pixels_at(card_art_mm(TAROT))
    write(content / "eye-of-the-void" / "art" / "outer-surface.png", png(scene(band_poker, "void", 101)))
    write(content / "eye-of-the-void" / "art" / "board.png", png(scene(pixels_at(BOARD_MM), "void", 7)))
    write(content / "eye-of-the-void" / "art" / "cover.svg", cover_svg("Eye of the Void", "void"))
    write(content / "tidal-reach" / "art" / "lighthouse.jpg", jpeg(scene(band_tarot, "tide", 140)))
    write(content / "tidal-reach" / "art" / "cover.svg", cover_svg("Tidal Reach", "tide"))

    cases = ROOT / "tests" / "cases" / "files"
    good = png(scene(band_poker, "ice", 3))
    write(cases / "E116-damaged-art" / "cut.png", good[:len(good) // 2])
    write(cases / "E116-damaged-art" / "notes.png", b"GIF89a not a PNG at all")
    write(cases / "E516-decompression-bomb" / "huge.png", bomb())
    write(cases / "E517-svg-that-loads" / "loads.svg",
          b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
          b'<image xlink:href="file:///etc/hostname" width="10" height="10"/></svg>\n')
    write(cases / "E517-svg-that-loads" / "entity.svg",
          b'<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/hostname">]>\n'
          b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>&x;</text></svg>\n')
    write(cases / "E517-svg-that-loads" / "own.svg",
          b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 69 23.8"><defs><rect id="r" width="69" '
          b'height="23.8" fill="#345"/></defs><use href="#r"/></svg>\n')
    write(cases / "W518-low-resolution-art" / "small.png", png(scene((200, 69), "ice", 4)))
    write(cases / "W518-low-resolution-art" / "sharp.png", good)
    write(cases / "W519-art-of-other-proportions" / "square.png", png(scene((900, 900), "ice", 5)))
    write(cases / "W519-art-of-other-proportions" / "band.png", good)
    write(cases / "W520-misnamed-art" / "band.jpg", good)
    write(cases / "W520-misnamed-art" / "band.png", good)


if __name__ == "__main__":
    main()
