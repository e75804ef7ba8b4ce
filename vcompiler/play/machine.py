"""The game as a state machine over the resolved model, shared by `play` and
`simulate`.

`Game.advance(state)` reads from the state's position (positions.py) as the table
would (text, check marks, effects, `if`s resolved against the state, gotos followed) up
to the next decision, and returns it as a `Scene`: what was read, and the options.
`Game.choose` takes one. What each effect does is the table of effects.py, what each
condition tests that of conditions.py; reading a script is reading.py, the vanguard
board's turn board.py, the vantage locations vantage.py.

Vanguard: the start log; `return` goes to the board of the planet (the first one, at
its lander, the first time), which offers a turn's two Actions (travel along its paths,
one Special Action, Prepare/Rest), the goals to claim, lift-off and evacuation; after the
second Action an Event card is drawn. Decisions met while a card's effects resolve (a
`/` choice, where a threat moves) go to `Game.ask`. Vantage: location 000 (the start); a
location offers its choices, compass moves, depart entries, its actions (each once
unless always available) and the actions of cards in hand; a result ends the turn
unless it says to continue; a stat at 0 or `end game` ends the game."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vcompiler.model import types as m
from vcompiler.play.board import BoardRules
from vcompiler.play.effects import HANDLERS, Context
from vcompiler.play.positions import (
    AtAct,
    AtArrival,
    AtBoard,
    AtCheck,
    AtEnd,
    AtEnding,
    AtGoal,
    AtLevel,
    AtLocation,
    AtLog,
    AtPath,
    AtRead,
    AtResult,
    AtRow,
    AtSector,
    AtSupplies,
    Position,
)
from vcompiler.play.scene import Option, Scene
from vcompiler.play.state import STAT_START, VANTAGE_STATS, State
from vcompiler.play.vantage import VantageRules
from vcompiler.registry import SHOWN_CARDS

# Gotos followed without a decision before the machine calls it a loop with no way out.
AUTOMATIC_MOVES = 1000
LOOP = "the story goes round a loop with no way out"
# Asked before every position after the first while reading: True pauses there.
Stop = Callable[[Position], bool]


class Game(BoardRules, VantageRules):
    # ---------------------------------------------------------------- starting

    def start(self, entry: int | None = None) -> State:
        """A new playthrough at the pack's start, or at log (vanguard) or location
        (vantage) `entry`. Raises ValueError for an entry the pack does not have."""
        state = State(at=AtEnd("the pack has no start"))
        if self.vantage:
            state.counters = {stat: STAT_START for stat in VANTAGE_STATS}
            setup = self.locations.get(0)
            levels = setup.levels if setup is not None else ()
            # VR 18: the table picks a starting level; play takes the recommended one.
            level = next((v for v in levels if v.recommended), levels[0] if levels else None)
            if level is not None:
                state.counters = {"time": level.time, "morale": level.morale, "health": level.health}
        if entry is not None:
            if self.vantage and entry not in self.locations:
                raise ValueError(f"pack {self.pack.name} has no location {entry}")
            if not self.vantage and self.pack.log(entry) is None:
                raise ValueError(f"pack {self.pack.name} has no log {entry}")
            if not self.vantage:
                self.to_board(state)        # a log read on its own is read on the planet
            state.at = AtArrival(entry) if self.vantage else AtLog(entry)
        elif self.pack.start is not None:
            moved = self.apply(state, self.pack.start, None)
            if moved is not None:
                state.at = moved
        return state

    # ---------------------------------------------------------------- reading

    def advance(self, state: State, show: bool = True, stop: Stop | None = None) -> Scene:
        """Read up to the next decision, or the end; `stop(position)`, when given, is
        asked before every position after the first, and True pauses there."""
        scene = Scene()
        self._show = show
        self.flush(scene, show)        # what the last choice's effects said
        self._scene = scene
        try:
            return self._read(state, scene, show, stop)
        finally:
            self._scene = None

    def _read(self, state: State, scene: Scene, show: bool, stop: Stop | None) -> Scene:
        for moves in range(AUTOMATIC_MOVES):
            if stop is not None and moves and stop(state.at):
                scene.paused = True
                return scene
            if isinstance(state.at, AtEnd):
                scene.ended = state.at.reason
                return scene
            if self._step(state.at, state, scene, show):
                return scene
        state.at = AtEnd(LOOP)
        scene.ended = LOOP
        return scene

    def _step(self, at: Position, state: State, scene: Scene, show: bool) -> bool:
        """Read at a position: move state.at and return False to keep reading, or set
        scene.options (or an end) and return True."""
        match at:
            case AtLog():
                return self._at_log(at, state, scene, show)
            case AtResult():
                return self.at_result(at, state, scene, show)
            case AtArrival():
                return self.at_arrival(at, state, scene, show)
            case AtLocation():
                return self.at_location(at, state, scene, show)
            case AtLevel():
                return self.at_level(at, state, scene, show)
            case AtRead():
                return self.at_read(at, state, scene, show)
            case AtEnding():
                return self.at_ending(at, state, scene, show)
            case AtBoard():
                return self.at_board(state, scene, show)
            case AtSupplies():
                return self.at_supplies(at, state)
            case AtPath():
                return self.at_path(at, state, scene, show)
            case AtSector():
                return self.at_sector(at, state)
            case AtCheck():
                return self.at_check(at, state, scene, show)
            case AtAct():
                return self.at_act(at, state, scene, show)
            case AtRow():
                return self.at_row(at, state, scene, show)
            case AtGoal():
                return self.at_goal(at, state, scene, show)
        return False

    def choose(self, state: State, option: Option) -> None:
        if option.use:
            state.used.add(option.use)
        if option.action and not self.vantage:
            state.actions += 1
            state.special = state.special or option.special
        elif option.action:
            # An action starts a new turn, unless the last result said to continue.
            if not state.counters.pop("continue", 0) and state.counters.get("acted"):
                state.turn += 1
            state.counters["acted"] = 1
        target = option.then
        for effect in option.effects:
            moved = self.apply(state, effect, None)
            if moved is not None:
                target = moved
                break
        if target is not None:
            state.at = target
        self.stats_end(state)

    def _at_log(self, at: AtLog, state: State, scene: Scene, show: bool) -> bool:
        number = at.number
        log = self.pack.log(number)
        if log is None:
            state.at = AtEnd(f"there is no log {number}")
            return False
        if at.step == 0:
            state.read += 1
            scene.entered.append(("log", number))
            if show:
                title = f" · {log.title.plain()}" if log.title else ""
                box = (" [x]" if number in state.checked else " [ ]") if log.has_check else ""
                scene.lines.append(f"── {'Starting Log' if log.starting else f'Log {number}'}{title}{box}")
        if self.script(state, scene, show, log.statements, at, number) is None:
            state.at = AtEnd(f"Log {number} has no way out")
        return bool(scene.options)

    def apply(self, state: State, effect: m.Effect, context: Context | None) -> Position | None:
        """Apply one effect; returns the position it moves to, if it moves."""
        op = effect.op

        def p(name: str) -> Any:
            return effect.param(name)
        if op in SHOWN_CARDS and not (op in ("gain_card", "place_in_center") and p("card") in state.cards):
            self._show_card(*SHOWN_CARDS[op][:1], p(SHOWN_CARDS[op][1]))
        handler = HANDLERS.get(op)
        return handler(self, state, effect, context) if handler is not None else None
