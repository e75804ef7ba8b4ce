"""The code points the bundled fonts can draw, as the table `check` reads
(vcompiler/checks/printable.py). The books, cards and boards embed only the package's
own fonts, so that a build prints the same pages on every machine; `check` must know
what they cover without loading them (reading the fonts takes longer than checking a
large pack), so the table is written from them once and a test fails when it drifts.

    python -m vcompiler.render.coverage           rewrite the table from the fonts
    python -m vcompiler.render.coverage --check   exit 1 when the table is stale
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools.ttLib import TTFont

from vcompiler.render.paths import TEMPLATES

TABLE = Path(__file__).resolve().parent.parent / "checks" / "printable.py"
# base.css: prose is "Book Serif" (four faces), then "Book Symbols"; headings and titles
# are "Book Heads", then "Book Symbols". Any text may be either.
SERIF = ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf", "DejaVuSerif-BoldItalic.ttf")
HEADS = "DejaVuSansCondensed-Bold.ttf"
SYMBOLS = "DejaVuSans.ttf"
_PER_LINE = 10


def _cmap(name: str) -> frozenset[int]:
    font = TTFont(TEMPLATES / "fonts" / name, lazy=True)
    try:
        return frozenset(font["cmap"].getBestCmap())
    finally:
        font.close()


def printable() -> frozenset[int]:
    """Code points every face can draw, itself or through its fallback."""
    faces = frozenset.intersection(*(_cmap(name) for name in (*SERIF, HEADS)))
    return faces | _cmap(SYMBOLS)


def bounds(points: frozenset[int]) -> list[int]:
    """The code points as ranges: alternately a range's first code point and one past
    its last."""
    found: list[int] = []
    for point in sorted(points):
        if found and found[-1] == point:
            found[-1] = point + 1
        else:
            found += [point, point + 1]
    return found


def table_text(points: frozenset[int]) -> str:
    found = bounds(points)
    rows = [", ".join(map(str, found[i:i + _PER_LINE])) for i in range(0, len(found), _PER_LINE)]
    body = "".join(f"    {row},\n" for row in rows)
    return ('"""The code points the bundled fonts draw, any face of them or its fallback:\n'
            f"{len(points)} in {len(found) // 2} ranges. Written by `python -m vcompiler.render.coverage`\n"
            'from vcompiler/templates/fonts; do not edit."""\n\n'
            "# Alternately a range's first code point and one past its last: a code point is\n"
            "# drawn when an odd number of bounds are at or below it.\n"
            f"BOUNDS = (\n{body})\n")


def main(argv: list[str]) -> int:
    text = table_text(printable())
    if "--check" in argv:
        if TABLE.read_text(encoding="utf-8") != text:
            print(f"{TABLE} is stale: run `python -m vcompiler.render.coverage`", file=sys.stderr)
            return 1
        return 0
    TABLE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
