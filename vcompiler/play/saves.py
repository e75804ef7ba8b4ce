"""Saved playthroughs: what `play --save` writes, read back by `play --load`.

A save is checked before it is played: a regular file of at most `LIMIT` bytes, JSON,
the save format's version, the pack's name, every field of the state in the shape the
state gives it (State's own annotations say which), and the position and planet among
those the pack has. Whatever is wrong is one E112 at the line of the field, so that a
hand-edited, truncated or foreign file is told as such rather than as a traceback in
the middle of a game. No diagnostic quotes the file."""
from __future__ import annotations

import dataclasses
import json
import os
import re
import stat
import types
import typing
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Union

from vcompiler import codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.files import shown_name
from vcompiler.play import positions
from vcompiler.play.positions import (
    AtAct,
    AtArrival,
    AtCheck,
    AtEnding,
    AtGoal,
    AtLevel,
    AtLocation,
    AtLog,
    AtPath,
    AtRead,
    AtResult,
    AtRow,
    BadPosition,
    Position,
)
from vcompiler.play.state import FORMAT, SETS, State
from vcompiler.source import Span

if TYPE_CHECKING:
    from vcompiler.play.machine import Game

LIMIT = 16 * 1024 * 1024
HINT = "load a file that `vcompiler play --save` wrote for this pack, or start a new game without --load"
# A pack's name as the language spells it: quoted back in a message, unlike anything else of the file.
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")


class BadSave(Exception):
    def __init__(self, problem: Diagnostic):
        super().__init__(problem.message)
        self.diagnostic = problem


class _Wrong(ValueError):
    """A field of the save that is not what the state needs: its keys from the top, and why."""

    def __init__(self, keys: tuple[str, ...], message: str):
        super().__init__(message)
        self.keys = keys


def load_save(path: Path, game: Game) -> State:
    """The playthrough saved at `path`, for `game`'s pack; raises BadSave."""
    text = _read(path)
    where = shown_name(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadSave(_problem(where, Span(where, error.lineno, error.colno, error.lineno, error.colno + 1),
                               f"not a saved playthrough: {error.msg}")) from None
    except RecursionError:
        raise BadSave(_problem(where, _at(where, text, ()), "not a saved playthrough: nested too deep")) from None
    except ValueError:
        # Python reads no integer of more than 4,300 digits.
        raise BadSave(_problem(where, _at(where, text, ()), "not a saved playthrough: a number too long to "
                                                           "read")) from None
    try:
        state = _state(data, game.pack.name)
        _in_pack(state, game)
    except _Wrong as wrong:
        raise BadSave(_problem(where, _at(where, text, wrong.keys), str(wrong))) from None
    return state


def _read(path: Path) -> str:
    where = shown_name(path)
    try:
        # Not blocking at the open: a FIFO or a device named as a save is refused, not waited on.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise BadSave(_problem(where, Span(where, 1, 1, 1, 1), f"cannot open the saved playthrough: "
                                                              f"{error.strerror or error}")) from None
    with os.fdopen(fd, "rb") as file:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise BadSave(_problem(where, Span(where, 1, 1, 1, 1), "a saved playthrough is a regular file, "
                                                                  "and this is not one"))
        data = file.read(LIMIT + 1)
    if len(data) > LIMIT:
        raise BadSave(_problem(where, Span(where, 1, 1, 1, 1), f"larger than a saved playthrough can be "
                                                              f"({LIMIT // (1024 * 1024)} MB)"))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise BadSave(_problem(where, Span(where, line, column, line, column + 1),
                               "not a saved playthrough: not UTF-8 text")) from None


def _problem(where: str, span: Span, message: str) -> Diagnostic:
    return diagnostic(codes.BAD_SAVE, span, HINT, message=f"{where}: {message}")


def _at(where: str, text: str, keys: tuple[str, ...]) -> Span:
    """The span of the last of `keys` found, each looked for after the one before it."""
    at, end = 0, 0
    for key in keys:
        found = re.compile(rf'"{re.escape(key)}"\s*:').search(text, at)
        if found is None:
            break
        at, end = found.start(), found.start() + len(key) + 2
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return Span(where, line, column, line, column + max(end - at, 1))


def _state(data: object, pack: str) -> State:
    if not isinstance(data, dict) or "vcompiler_playthrough" not in data:
        raise _Wrong((), "not a saved playthrough: it has no `vcompiler_playthrough` version")
    if data["vcompiler_playthrough"] != FORMAT:
        raise _Wrong(("vcompiler_playthrough",), f"a saved playthrough of another version of vcompiler "
                                                 f"(this one reads version {FORMAT})")
    if data.get("pack") != pack:
        named = data.get("pack")
        other = f"pack {named}" if isinstance(named, str) and _NAME.fullmatch(named) else "another pack"
        raise _Wrong(("pack",), f"a playthrough of {other}, not of {pack}")
    kept = data.get("state")
    if not isinstance(kept, dict):
        raise _Wrong(("state",), "not a saved playthrough: its `state` is not an object")
    hints = typing.get_type_hints(State)
    fields = {f.name for f in dataclasses.fields(State)}
    unknown = sorted(set(kept) - fields)
    if unknown:
        raise _Wrong(("state", unknown[0]), f"the state has no field `{unknown[0]}`"
                     if _NAME.fullmatch(unknown[0]) else "the state has a field it does not know")
    if "at" not in kept:
        raise _Wrong(("state",), "the state has no position (`at`)")
    values: dict[str, Any] = {name: _fitted(value, hints[name], ("state", name)) for name, value in kept.items()}
    for name in SETS:
        if name in values:
            values[name] = set(typing.cast(list[object], values[name]))
    return State(**values)


def _fitted(value: object, hint: object, keys: tuple[str, ...]) -> object:
    """`value` as a field of type `hint` holds it; raises _Wrong when it cannot."""
    if hint == Position:
        try:
            return positions.from_json(value)
        except BadPosition as error:
            raise _Wrong(keys, str(error)) from None
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise _Wrong(keys, f"`{keys[-1]}` is true or false")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise _Wrong(keys, f"`{keys[-1]}` is a whole number")
    if hint is str:
        if isinstance(value, str):
            return value
        raise _Wrong(keys, f"`{keys[-1]}` is a string")
    if hint is type(None):
        if value is None:
            return value
        raise _Wrong(keys, f"`{keys[-1]}` is null")
    return _fitted_generic(value, hint, keys)


def _fitted_generic(value: object, hint: object, keys: tuple[str, ...]) -> object:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        for arg in args:
            try:
                return _fitted(value, arg, keys)
            except _Wrong:
                continue
        raise _Wrong(keys, f"`{keys[-1]}` is {' or '.join(_named(a) for a in args)}")
    if origin in (list, set):
        if not isinstance(value, list):
            raise _Wrong(keys, f"`{keys[-1]}` is a list")
        return [_fitted(item, args[0], keys) for item in value]
    if origin is dict:
        if not isinstance(value, dict):
            raise _Wrong(keys, f"`{keys[-1]}` is an object")
        return {k: _fitted(v, args[1], keys) for k, v in value.items()}
    if origin is Literal:
        if value in args:
            return value
        raise _Wrong(keys, f"`{keys[-1]}` is one of {', '.join(map(str, args))}")
    raise TypeError(f"no reading of {hint!r}")


def _named(hint: object) -> str:
    return {int: "a whole number", str: "a string", bool: "true or false", type(None): "null"}.get(
        typing.cast(type, hint), "a list")


def _in_pack(state: State, game: Game) -> None:
    """What the state names is the pack's: its planet and location, the cards of its
    Event deck, and what its position reads."""
    if state.planet is not None and state.planet not in game.planets:
        raise _Wrong(("state", "planet"), f"pack {game.pack.name} has no such planet")
    if state.location is not None and state.location not in game.locations:
        raise _Wrong(("state", "location"), f"pack {game.pack.name} has no location {state.location}")
    for name, cards in (("deck", state.deck), ("discard", state.discard)):
        if any(card not in game.cards for card in cards):
            raise _Wrong(("state", name), f"a card of the `{name}` is not one of pack {game.pack.name}'s")
    missing = _missing(state.at, state, game)
    if missing is not None:
        raise _Wrong(("state", "at"), f"the position reads {missing}, which pack {game.pack.name} does not have")


def _missing(at: Position, state: State, game: Game) -> str | None:
    """What the position reads that the pack does not have, in words; None when it has it all."""
    if isinstance(at, AtLog):
        return None if game.pack.log(at.number) is not None else f"log {at.number}"
    if isinstance(at, (AtArrival, AtLocation, AtLevel)):
        location = game.locations.get(at.number)
        if location is None:
            return f"location {at.number}"
        return None if not isinstance(at, AtLevel) or any(v.name == at.name for v in location.levels) \
            else f"a starting level of location {at.number}"
    if isinstance(at, AtRead):
        return _missing(at.result, state, game)
    if isinstance(at, AtResult):
        return _missing_result(at, game)
    if isinstance(at, AtEnding):
        card = game.vcards.get(at.mission)
        return None if card is not None and card.ending is not None else f"the game-end entry of card {at.mission}"
    if isinstance(at, (AtRow, AtCheck, AtAct, AtGoal, AtPath)) or at.kind in ("board", "sector", "supplies"):
        return _missing_on_board(at, state, game)
    return None


def _missing_result(at: AtResult, game: Game) -> str | None:
    if at.owner == "depart":
        return None if (at.key, at.which) in game.departs else f"a depart entry of location {at.key}"
    holder = game.locations.get(at.key) if at.owner == "location" else game.vcards.get(at.key)
    if holder is None or not isinstance(at.which, int) or at.which >= len(holder.actions):
        return f"action {at.which} of {at.owner.replace('vcard', 'card')} {at.key}"
    return None


def _missing_on_board(at: Position, state: State, game: Game) -> str | None:
    if state.planet is None:
        return "a planet board"
    if isinstance(at, AtGoal):
        card = game.cards.get(at.card)
        return None if card is not None and at.row < len(card.rows) else "the goal of a card"
    if isinstance(at, (AtRow, AtCheck, AtAct)):
        if at.holder.startswith("sector "):
            number = at.holder.removeprefix("sector ")
            sector = next((s for s in game.planet(state).sectors if str(s.number) == number), None)
            actions = sector.actions if sector is not None else ()
        else:
            card = game.cards.get(at.holder)
            actions = card.actions if card is not None else ()
        if at.index >= len(actions):
            return f"Special Action {at.index} of a card or sector"
        if isinstance(at, AtRow) and at.row >= len(actions[at.index].rows):
            return f"row {at.row} of Special Action {at.index} of a card or sector"
    return None
