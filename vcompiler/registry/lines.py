"""The lines a declaration (or a block inside one) takes at most once, and why: a
second one has nowhere to go on the printed component, so keeping either would lose
the other without a word. The parser reports every further one at the line, with
the first as related (parse/transform.py, `AstBuilder.once`); nothing else decides
which lines are single-valued.

A construct is named as the parser's callback is (`card`, `action`); a line by the key
the parser gives it (`boost`, `result`, a compass point for an exit)."""
from __future__ import annotations

from vcompiler.util.frozen import frozen
from vcompiler.vocabulary import DIRECTIONS


@frozen
class Once:
    key: str          # the line's key in the parser
    said: str         # how the message names it: "`boost`", "an orientation"
    hint: str         # what to do, and why the component has room for one
    code: str = "E218"
    what: str = ""    # for E226, whose message says what the planet has already


ONCE: dict[str, dict[str, Once]] = {construct: {line.key: line for line in lines} for construct, lines in {
    "pack": (
        Once("game", "`game`", "keep one", "E213"),
        Once("title", "`title`", "keep one", "E213"),
        Once("version", "`version`", "keep one", "E213"),
        Once("start", "`start`", "keep one", "E213"),
        Once("numbering", "`numbering`", "keep one", "E213"),
    ),
    "planet": (
        Once("lift_off", "`lift_off`", "keep one: the planet board shows one Lift-Off Log (RB 1544)"),
        Once("evac", "`evac`", "keep one: the planet board shows one Evac Log (RB 1545)"),
        Once("landing", "`landing`", "keep one", "E226", "a Landing card"),
        Once("system_map", "`system_map`", "keep one", "E226", "an entry in the System Maps"),
        Once("events", "`events if`", "keep one", "E226", "an `events if` line"),
        Once("setup", "`setup`", "write everything the table lays out in one `setup { … }`", "E226", "a setup"),
    ),
    "setup": (
        Once("start", "`start sector`", "name every starting Sector on one line: `start sector 1, 2`"),
    ),
    # Any declaration that prints a component: one illustration, one brief for it.
    "art": (
        Once("art", "`art` with a file", "keep one: a component prints one illustration"),
        Once("art brief", "`art brief`", "keep one: write everything the illustration should show in one brief"),
    ),
    "printed condition": (
        Once("supplies", "`supplies`", "keep one: the board prints one Supplies limit for its condition"),
    ),
    "sector": (
        Once("at", "`at`", "keep one: a sector has one place on the printed board"),
        Once("board_poi", "`poi printed`",
             "the board prints one POI a sector: keep one, and put the other in a sector of its own", "E328"),
    ),
    "threat": (
        Once("standees", "`standees`", "keep one: the card prints one number of standees"),
    ),
    "card": (
        Once("orientation", "an orientation (`vertical` or `horizontal`)",
             "keep one: a vertical card goes to the grid, a horizontal one to the supply (VR 90-92)"),
        Once("boost", "`boost`", "keep one: a card has one boost capacity (VR 64)"),
        Once("slots", "`slots`", "keep one: `slots N` says how many slots the card has; `slot` lines describe them"),
        Once("ending", "`ending`", "keep one: the take storybook has one game-end entry for a mission (VR 71); "
                                   "write everything it says in one `ending`"),
    ),
    "action": (
        Once("result", "`result`", "acting is reading the action's one result (VR 29): write everything "
                                   "the action does in one `result { … }`"),
    ),
    "location": tuple(
        Once(direction, f"`{direction}`", f"a compass point shows one way: keep one exit {direction}, and put "
                                          "another neighbour on another point (VR 51-53)")
        for direction in DIRECTIONS),
}.items()}
