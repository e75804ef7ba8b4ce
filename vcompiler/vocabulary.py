"""The games' fixed words: icons, biomes, colours, compass points. Shared by the
parse stage (icon markup), the model (effect forms) and the render stage (which icon
file prints for which name); and what a name may hold (pack_name)."""
from __future__ import annotations

import re
import unicodedata

DICE_ICONS = ("physical", "gathering", "defense", "scouting", "biology", "xenology",
              "construction", "science", "technology", "vanguard", "basic", "accident")
DIE_COLOURS = ("red", "green", "blue")
OUTCOME_COLOURS = ("yellow", "green", "red")
BIOMES = ("caves", "crystalline", "deadly", "desert", "frigid", "hostile", "rocky", "ruins",
          "tutorial", "vegetation", "void", "volcanic", "water")
INJURY_ICONS = ("damage", "heavy", "mental", "special")
OTHER_ICONS = ("success", "supplies", "lead", "charge", "danger", "die", "time",
               "morale", "health", "coin", "heat", "cold", "hypoxia", "skill")
ICONS = tuple(sorted(set(DICE_ICONS + DIE_COLOURS + OUTCOME_COLOURS + BIOMES
                         + INJURY_ICONS + OTHER_ICONS)))
DISCOVERY_KINDS = ("mineral", "biological", "technological", "xenological", "anomaly")
# The skill tokens of the vantage game: a cost names the ones that lower it (VR 25, 57),
# results gain, lose and pay them, and a skill die rolls one (VR 85).
SKILLS = ("bargaining", "charm", "climbing", "crafting", "fire", "gathering", "lore", "rowing",
          "scouting", "strength", "swimming", "tracking", "wading")
DIRECTIONS = ("north", "east", "south", "west")
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
CATEGORIES = ("move", "look", "engage", "help", "take", "overpower")
# What a rolled challenge die shows (VR 27, 93, 119); a slot accepts some of them, or `any`.
CHALLENGE_FACES = ("time", "morale", "health", "blank", "setback")
# The largest number the language takes anywhere (a log, a location, a card, a sector;
# the numbering range too): no printed game numbers an entry past six digits, and a
# pack of 100,000 logs numbers them below it. Past it, a number is a slip of the finger.
MAX_NUMBER = 999_999
# The most of anything a table counts (an amount of tokens, dice rolled, boxes printed
# on a card): a box holds a few dozen tokens, a table a handful of dice.
MAX_COUNT = 99
# A stat's track runs to 6 (VR 85): a starting level sets each stat within it.
STAT_RANGE = (1, 6)
# A vanguard card's flags, in the order the bundle lists them.
CARD_FLAGS = ("no_travel", "final", "important", "no_save")
# The tables of the box's Danger die Reference card a pack rolls without declaring them
# (the letter inside the die's icon picks one, RB 1455, 1670). The rulebook shows only
# the Tutorial's (T); a pack declares any other it rolls, the box's or its own, with
# `danger LETTER "Name"` (an open vocabulary: these defaults stay).
DANGER_LETTERS = ("T",)


# Latin letters that are not a plain letter with marks, as they are written in ASCII.
_LETTERS = str.maketrans({"ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
                          "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th",
                          "ı": "i"})


def pack_name(folder_name: str) -> str:
    """The pack's identifier: the folder's name in ASCII (é as e, ß as ss: VCL names
    are ASCII) with anything but letters, digits and `_` turned into `_` (VCL words
    cannot hold a dash); `pack` when nothing is left."""
    plain = unicodedata.normalize("NFKD", folder_name.translate(_LETTERS))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    name = re.sub(r"[^A-Za-z0-9_]", "_", plain).strip("_") or "pack"
    return name if not name[0].isdigit() else f"pack_{name}"
