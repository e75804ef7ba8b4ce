"""What a reading hands to whoever plays: a `Scene` (what was read, the options, the
end) and its `Option`s."""
from __future__ import annotations

from dataclasses import dataclass, field

from vcompiler.model import types as m
from vcompiler.play.positions import Position
from vcompiler.util.frozen import frozen


@frozen
class Option:
    label: str
    effects: tuple[m.Effect, ...] = ()
    then: Position | None = None       # where to go after the effects, unless they move
    use: str | None = None             # a location action this takes up
    action: bool = False               # an Action of the turn
    special: bool = False              # a Special Action: one a turn (RB 1069)
    # How often random play takes it, against 1 for the others: leaving the planet is
    # what a table does at the end of an exploration, not on any turn.
    weight: float = 1.0
    # The key a person types for it, the same at every prompt it is offered at (a letter
    # or a fixed number); None: numbered in the order offered.
    key: str | None = None
    # Asked before it is taken, for an option that ends the game: None takes it at once.
    confirm: str | None = None


@dataclass
class Scene:
    lines: list[str] = field(default_factory=list)
    options: list[Option] = field(default_factory=list)
    # Options there that cannot be taken now, and why: (label, reason).
    closed: list[tuple[str, str]] = field(default_factory=list)
    ended: str | None = None
    paused: bool = False               # stopped where `advance` was told to stop
    entered: list[tuple[str, object]] = field(default_factory=list)   # entries read on the way, as graph nodes


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]
