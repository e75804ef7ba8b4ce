"""The games a pack is written for."""
from __future__ import annotations

from vcompiler.util.frozen import frozen


@frozen
class Game:
    name: str              # as a pack says it: `game vanguard`
    start: str             # the kind of entry reading starts at (`start log 1`)
    start_example: str     # the `start` line a hint suggests
    logbook: bool          # its books: one numbered Logbook, or storybooks by category


VANGUARD = Game("vanguard", "log", "start log 1", logbook=True)
VANTAGE = Game("vantage", "location", "start location 0", logbook=False)
GAMES: tuple[Game, ...] = (VANGUARD, VANTAGE)
_BY_NAME = {g.name: g for g in GAMES}


def game_named(name: str) -> Game | None:
    return _BY_NAME.get(name)
