"""Advance widths of the bundled fonts, from tables (loading the fonts takes fontTools
and a tenth of a second): what `check` knows of how wide text prints. tests read the
tables again from the fonts."""
from __future__ import annotations

import unicodedata

# Advance widths in thousandths of an em, of the widest of the bundled fonts (DejaVu
# Serif in its four styles, Sans, Sans Condensed Bold) for each ASCII character from
# the space on; tests/test_card_fit.py reads them again from the fonts.
_ASCII_WIDTHS = (
    348, 439, 521, 838, 696, 950, 903, 306, 473, 473, 523, 838, 348, 415, 348, 365, 696, 696, 696, 696, 696, 696,
    696, 696, 696, 696, 369, 369, 838, 838, 838, 586, 1000, 776, 845, 796, 867, 762, 710, 854, 945, 468, 473, 869,
    703, 1107, 914, 871, 752, 871, 831, 722, 744, 872, 776, 1123, 776, 714, 730, 473, 365, 473, 838, 500, 500, 648,
    699, 609, 699, 636, 430, 699, 727, 380, 362, 693, 380, 1058, 727, 667, 699, 699, 527, 563, 462, 727, 592, 861,
    596, 592, 568, 643, 364, 643, 838)
# The characters the wording and the typesetting add (curled quotes, dashes, the
# list pointer, the star of a depart), and the widest advance of any glyph of the fonts,
# for every other character.
_OTHER_WIDTHS = {"\u00a0": 348, "\u201c": 591, "\u201d": 591, "\u2018": 348, "\u2019": 348, "\u2014": 1000,
                 "\u2013": 500, "\u2026": 1000, "\u25b8": 502, "\u2605": 896, "\u2610": 896}
_WIDEST = 2140


# Straight quotes print curled (render.typeset.quotes), and the curled ones are wider.
_CURLED = {'"': "\u201c", "'": "\u2018"}


def widest(char: str) -> float:
    """At most how wide `char` prints, in ems."""
    if char in _CURLED:
        return max(_ASCII_WIDTHS[ord(char) - 32], _OTHER_WIDTHS[_CURLED[char]]) / 1000
    code = ord(char)
    if 32 <= code < 127:
        return _ASCII_WIDTHS[code - 32] / 1000
    if char in _OTHER_WIDTHS:
        return _OTHER_WIDTHS[char] / 1000
    base = unicodedata.normalize("NFD", char)[:1]
    if base != char and 32 <= ord(base) < 127:
        # A letter and its marks: the marks stand over or under it.
        return _ASCII_WIDTHS[ord(base) - 32] / 1000
    return _WIDEST / 1000


# DejaVu Serif, the books' and cards' text face, in thousandths of an em, for each
# ASCII character from the space on.
_SERIF_WIDTHS = (
    318, 402, 460, 838, 636, 950, 890, 275, 390, 390, 500, 838, 318, 338, 318, 337, 636, 636, 636, 636, 636, 636,
    636, 636, 636, 636, 337, 337, 838, 838, 838, 536, 1000, 722, 735, 765, 802, 730, 694, 799, 872, 395, 401, 747,
    664, 1024, 875, 820, 673, 820, 753, 685, 667, 843, 722, 1028, 712, 660, 695, 390, 337, 390, 838, 500, 500, 596,
    640, 560, 640, 592, 370, 640, 644, 320, 310, 606, 320, 948, 644, 602, 640, 640, 478, 513, 402, 644, 565, 856,
    564, 565, 527, 636, 337, 636, 838)
# Of a character beyond ASCII that is no accented ASCII letter: about a capital's.
_SERIF_OTHER = 700


def serif(char: str) -> float:
    """About how wide `char` prints in DejaVu Serif, in ems: exactly for ASCII and
    accented Latin letters."""
    code = ord(char)
    if 32 <= code < 127:
        return _SERIF_WIDTHS[code - 32] / 1000
    base = unicodedata.normalize("NFD", char)[:1]
    if 32 <= ord(base) < 127:
        return _SERIF_WIDTHS[ord(base) - 32] / 1000
    return _SERIF_OTHER / 1000
