"""What the table keeps track of while playing: where the players are (a position the
machine reads), check marks, uniques, missions, conditions, counters, cards, the
board's changes and the location actions already taken. Plain data, saved as JSON."""
from __future__ import annotations

import copy
import json
from dataclasses import asdict, dataclass, field

from vcompiler.play import positions
from vcompiler.play.positions import Position

VANTAGE_STATS = ("time", "morale", "health")
# A stat never goes above 6 (VR: a gain beyond it becomes a random skill); the table
# picks a starting level, and the machine starts every stat at this one.
STAT_MAX = 6
STAT_START = 4
FORMAT = 1


@dataclass
class State:
    at: Position
    checked: set[int] = field(default_factory=set)
    uniques: set[int] = field(default_factory=set)
    missions: dict[str, str] = field(default_factory=dict)     # id -> active | complete | failed
    conditions: set[str] = field(default_factory=set)
    counters: dict[str, int] = field(default_factory=dict)
    cards: list[int | str] = field(default_factory=list)       # vantage cards held (numbers), injuries (names)
    pois: dict[str, str] = field(default_factory=dict)         # "planet:sector" -> POI placed there
    threats: dict[str, int] = field(default_factory=dict)           # threat -> the Sector of its standee
    standees: dict[str, list[int]] = field(default_factory=dict)    # threat -> Sectors of secondary standees
    tracks: dict[str, int] = field(default_factory=dict)            # card -> the space of its Time token
    used: set[str] = field(default_factory=set)                # location actions taken
    deck: list[str] = field(default_factory=list)              # the Event deck, top first
    discard: list[str] = field(default_factory=list)           # Event cards discarded
    actions: int = 0                                           # Actions taken this turn (vanguard)
    special: bool = False                                      # a Special Action taken this turn
    goals: set[str] = field(default_factory=set)               # Rank-Up cards flipped to Completed
    condition: str | None = None               # the Global Condition card on the board; None: the printed one
    supplies: int | None = None                # the Supplies the exploration started with (vanguard)
    level: str | None = None                   # the starting level picked at setup (vantage)
    planet: str | None = None
    sector: int | None = None
    location: int | None = None
    turn: int = 1
    read: int = 0                              # entries read so far

    def to_json(self, pack: str) -> str:
        data = asdict(self)
        data["at"] = positions.to_json(self.at)
        for name in SETS:
            data[name] = sorted(data[name])
        return json.dumps({"vcompiler_playthrough": FORMAT, "pack": pack, "state": data}, indent=1,
                          ensure_ascii=False, sort_keys=True) + "\n"

    def copy(self) -> State:
        return copy.deepcopy(self)

    def add(self, counter: str, amount: int) -> None:
        value = self.counters.get(counter, 0) + amount
        if counter in VANTAGE_STATS:
            value = min(value, STAT_MAX)
        self.counters[counter] = max(value, 0)


# The fields a saved game keeps as sorted lists.
SETS = ("checked", "uniques", "conditions", "used", "goals")
