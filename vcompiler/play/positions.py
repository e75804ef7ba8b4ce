"""Where a playthrough is: one frozen class per kind of position, each tagged with the
word a saved game spells it with. A saved game keeps a position as a JSON list, the tag
first and the fields after it in order (`["log", 227, 0]`); `from_json` reads one back
and says what is wrong with a list that is not one.

A position the reading stops at partway (a log, a result, a card's effects) holds the
index of the statement or effect it goes on from as `step`, and `at(step)` is the same
position further on."""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, ClassVar, Literal, Union

from vcompiler.util.frozen import frozen

Owner = Literal["location", "vcard", "depart"]


@frozen
class AtLog:
    """Log `number` from its statement `step`."""
    kind: ClassVar[Literal["log"]] = "log"
    number: int
    step: int = 0

    def at(self, step: int) -> AtLog:
        return dataclasses.replace(self, step=step)


@frozen
class AtResult:
    """A storybook result from statement `step`: `which` is the action's index of a
    location or card, or the direction of a depart entry."""
    kind: ClassVar[Literal["result"]] = "result"
    owner: Owner
    key: int
    which: int | str
    step: int = 0

    def at(self, step: int) -> AtResult:
        return dataclasses.replace(self, step=step)


@frozen
class AtRow:
    """A dice check's row `row` of Special Action `index` of `holder` (a card's id, or
    "sector N"), its effects from the `step`-th."""
    kind: ClassVar[Literal["row"]] = "row"
    holder: str
    index: int
    row: int
    step: int = 0

    def at(self, step: int) -> AtRow:
        return dataclasses.replace(self, step=step)


@frozen
class AtArrival:
    """Arriving at location `number`: its arrival effects from the `step`-th."""
    kind: ClassVar[Literal["arrival"]] = "arrival"
    number: int
    step: int = 0

    def at(self, step: int) -> AtArrival:
        return dataclasses.replace(self, step=step)


@frozen
class AtBoard:
    """On the planet board, at the state's sector."""
    kind: ClassVar[Literal["board"]] = "board"


@frozen
class AtPath:
    """Travelling from sector `start` to `end`: the path's `step`-th icon on."""
    kind: ClassVar[Literal["path"]] = "path"
    start: int
    end: int
    step: int = 0


@frozen
class AtSector:
    """Arriving in sector `number` of the state's planet."""
    kind: ClassVar[Literal["sector"]] = "sector"
    number: int


@frozen
class AtSupplies:
    """The Lander's Supplies at the start of the exploration."""
    kind: ClassVar[Literal["supplies"]] = "supplies"
    amount: int


@frozen
class AtCheck:
    """Choosing the outcome of the dice check of Special Action `index` of `holder`."""
    kind: ClassVar[Literal["check"]] = "check"
    holder: str
    index: int


@frozen
class AtAct:
    """A Special Action without a dice check: its effects from the `step`-th."""
    kind: ClassVar[Literal["act"]] = "act"
    holder: str
    index: int
    step: int = 0

    def at(self, step: int) -> AtAct:
        return dataclasses.replace(self, step=step)


@frozen
class AtGoal:
    """A mission's or Rank-Up card's goal claimed: row `row`'s effects from the `step`-th."""
    kind: ClassVar[Literal["goal"]] = "goal"
    card: str
    row: int
    step: int = 0

    def at(self, step: int) -> AtGoal:
        return dataclasses.replace(self, step=step)


@frozen
class AtLocation:
    """At location `number`, choosing an action."""
    kind: ClassVar[Literal["location"]] = "location"
    number: int


@frozen
class AtLevel:
    """The starting level `name` of location `number` picked."""
    kind: ClassVar[Literal["level"]] = "level"
    number: int
    name: str


@frozen
class AtRead:
    """An action taken: its label and text, then its result."""
    kind: ClassVar[Literal["read"]] = "read"
    label: str
    paragraphs: tuple[str, ...]
    result: AtResult


@frozen
class AtEnding:
    """A stat ran out: the mission's game-end entry from statement `step`."""
    kind: ClassVar[Literal["ending"]] = "ending"
    mission: int
    stat: str
    step: int = 0

    def at(self, step: int) -> AtEnding:
        return dataclasses.replace(self, step=step)


@frozen
class AtEnd:
    kind: ClassVar[Literal["end"]] = "end"
    reason: str


Position = (AtLog | AtResult | AtRow | AtArrival | AtBoard | AtPath | AtSector | AtSupplies | AtCheck | AtAct
            | AtGoal | AtLocation | AtLevel | AtRead | AtEnding | AtEnd)
# The positions the reading stops in partway, and goes on from a statement or effect.
Resumable = AtLog | AtResult | AtRow | AtArrival | AtAct | AtGoal | AtEnding
KINDS: dict[str, type[Position]] = {cls.kind: cls for cls in typing.get_args(Position)}


def to_json(position: Position) -> list[object]:
    """The position as a saved game keeps it: its tag, then its fields in order."""
    out: list[object] = [position.kind]
    for f in dataclasses.fields(position):
        value = getattr(position, f.name)
        out.append(to_json(value) if isinstance(value, AtResult) else list(value) if isinstance(value, tuple)
                   else value)
    return out


class BadPosition(ValueError):
    """A saved position that is not one: the message says what is wrong."""


def from_json(value: object) -> Position:
    """The position a saved JSON list spells; raises BadPosition."""
    if not isinstance(value, list) or not value or not isinstance(value[0], str):
        raise BadPosition("a position is a list that starts with its kind, such as [\"log\", 227, 0]")
    cls = KINDS.get(value[0])
    if cls is None:
        raise BadPosition(f"a position's kind is one of {', '.join(KINDS)}")
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    if len(value) != len(fields) + 1:
        raise BadPosition(f"a {cls.kind} position is [\"{cls.kind}\"{''.join(f', {f.name.upper()}' for f in fields)}]")
    fitted: list[Any] = [_fitted(item, hints[f.name], f"{cls.kind} position's {f.name}")
                         for item, f in zip(value[1:], fields)]
    return cls(*fitted)


def _fitted(value: object, hint: object, what: str) -> object:
    """`value` as a field of type `hint` holds it; raises BadPosition when it cannot."""
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        raise BadPosition(f"the {what} is a whole number, 0 or more")
    if hint is str:
        if isinstance(value, str):
            return value
        raise BadPosition(f"the {what} is a string")
    if hint is AtResult:
        position = from_json(value)
        if isinstance(position, AtResult):
            return position
        raise BadPosition(f"the {what} is a result position")
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        if value in args:
            return value
        raise BadPosition(f"the {what} is one of {', '.join(map(str, args))}")
    if origin is tuple:
        if isinstance(value, list):
            return tuple(_fitted(item, args[0], what) for item in value)
        raise BadPosition(f"the {what} is a list")
    if origin in (Union, types.UnionType):
        for arg in args:
            try:
                return _fitted(value, arg, what)
            except BadPosition:
                continue
        raise BadPosition(f"the {what} is a whole number or a string")
    raise TypeError(f"no reading of {hint!r}")
