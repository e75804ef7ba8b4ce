"""The game as a state machine over the resolved model, shared by `play` and
`simulate`.

`Game.advance(state)` reads from the state's position (positions.py) as the table
would (text, check marks, effects, `if`s resolved against the state, gotos followed) up
to the next decision, and returns it as a `Scene`: what was read, and the options.
`Game.choose` takes one. What each effect does is the table of effects.py, what each
condition tests that of conditions.py; the vanguard board's turn is board.py, the
vantage locations' vantage.py.

Vanguard: the start log; `return` goes to the board of the planet (the first one, at
its lander, the first time), which offers a turn's two Actions (travel along its paths,
one Special Action, Prepare/Rest), the goals to claim, lift-off and evacuation; after the
second Action an Event card is drawn. Decisions met while a card's effects resolve (a
`/` choice, where a threat moves) go to `Game.ask`. Vantage: location 000 (the start); a
location offers its choices, compass moves, depart entries, its actions (each once
unless always available) and the actions of cards in hand; a result ends the turn
unless it says to continue; a stat at 0 or `end game` ends the game."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from vcompiler.model import types as m
from vcompiler.play import conditions
from vcompiler.play.board import BoardRules
from vcompiler.play.cards import face_lines, words
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
    Resumable,
)
from vcompiler.play.scene import Option, Scene, cap
from vcompiler.play.state import STAT_START, VANTAGE_STATS, State
from vcompiler.play.vantage import VantageRules
from vcompiler.render import voice
from vcompiler.render.cards import Face, faces_of

# Gotos followed without a decision before the machine calls it a loop with no way out.
AUTOMATIC_MOVES = 1000
LOOP = "the story goes round a loop with no way out"
# Effects the reading shows by doing them: the next entry's heading, the end.
SILENT = frozenset(("goto_log", "goto_location", "end_exploration", "end_game"))
# VR 69-70: a completed mission or destiny asks the table whether to end the game.
COMPLETIONS = frozenset(("complete_mission_card", "complete_destiny"))
# Effects that put a card on the table, and the kind of the card their word names:
# the card is shown as it prints, so that its rules, tracks and actions are at hand.
SHOWN_CARDS = {"place_threat": ("threat", "card"), "set_condition": ("condition", "card"),
               "reveal_mission": ("mission", "card"), "gain_unique": ("unique", "unique"),
               "gain_injury": ("injury", "injury"), "gain_card": ("card", "card"),
               "place_in_center": ("card", "card")}
# A decision met while effects resolve (a `/` choice on a card, where a threat moves):
# ask(what was said before it, the question, the options' labels) -> the index picked.
Ask = Callable[[list[str], str, list[str]], int]
# Asked before every position after the first while reading: True pauses there.
Stop = Callable[[Position], bool]


class Game(BoardRules, VantageRules):
    def __init__(self, pack: m.Pack):
        self.pack = pack
        self.vantage = pack.game == "vantage"
        self.locations = {loc.number: loc for loc in pack.locations}
        self.departs = {(d.number, d.direction): d for d in pack.departs}
        self.vcards = {c.number: c for c in pack.vantage_cards}
        self.cards = {c.id: c for c in pack.cards}
        self.planets = {p.id: p for p in pack.planets}
        self._faces: dict[str, Face] | None = None
        # What effects resolved away from a script said (time tracks, attacks), for the next lines.
        self._notes: list[str] = []
        self._show = True
        self.resolving: set[str] = set()
        # The board shows the sector's POI card once, on arrival.
        self.arrived = False
        self._scene: Scene | None = None
        # Who answers a decision met while effects resolve; None takes the first option.
        self.ask: Ask | None = None
        # Shuffles the Event deck.
        self.random = random.Random(0)

    # ---------------------------------------------------------------- cards as printed

    def face(self, kind: str, key: object) -> Face | None:
        if self._faces is None:
            self._faces = {face.key: face for face in faces_of(self.pack)}
        return self._faces.get(f"{kind} {key}")

    def card_name(self, card_id: object) -> str:
        """A card as the table names it: "T11 Ice Stalker", a board POI by its name."""
        card = self.cards.get(str(card_id))
        if card is None:
            return str(card_id)
        # A card filed by name (an event, a Rank-Up card) is named once.
        return card.name if card.board or card.id == card.name else f"{card.id} {card.name}"

    def note(self, text: str | list[str]) -> None:
        """Said by an effect resolved away from a script: shown with the next lines."""
        if self._show:
            self._notes.extend([text] if isinstance(text, str) else text)

    def flush(self, scene: Scene, show: bool) -> None:
        if show:
            scene.lines.extend(self._notes)
        self._notes.clear()

    def _say(self, scene: Scene, choice: m.Choice) -> None:
        """An effect as the book says it (the card it puts on the table follows as a note)."""
        scene.lines.append(words(voice.sentence(choice)))

    def _show_card(self, kind: str, key: object) -> None:
        face = self.face(kind, key)
        if face is not None:
            self.note(face_lines(face))

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

    # ---------------------------------------------------------------- scripts and effects

    def script(self, state: State, scene: Scene, show: bool, statements: tuple[m.Statement, ...],
               here: Resumable, checks: int | None) -> bool | None:
        """Read statements from here's step: True at a decision, False when moved on,
        None when they run out. `checks`: the log a `check` marks."""
        i = here.step
        while i < len(statements):
            s = statements[i]
            if isinstance(s, m.ChoiceStatement):
                state.at = here.at(i)
                while i < len(statements) and isinstance(c := statements[i], m.ChoiceStatement):
                    scene.options.append(Option(f"{words(voice.rich_line(c.label))} "
                                                f"({words(voice.target(c.target))})", (c.target,)))
                    i += 1
                return True
            stopped = self._statement(state, scene, show, s, here.at(i), checks)
            if stopped is not None:
                return stopped
            i += 1
        return None

    def _statement(self, state: State, scene: Scene, show: bool, s: m.Statement, here: Resumable,
                   checks: int | None) -> bool | None:
        """One statement read: True at a decision, False when moved on, None to read on."""
        if isinstance(s, m.TextStatement):
            if show:
                scene.lines.extend(words(p) for p in voice.rich(s.text))
        elif isinstance(s, m.CheckStatement) and checks is not None:
            if checks not in state.checked and show:
                scene.lines.append(f"You check the box of Log {checks}.")
            state.checked.add(checks)
        elif isinstance(s, (m.IfStatement, m.ElseStatement)):
            condition = s.condition if isinstance(s, m.IfStatement) else None
            holds = condition is None or self.holds(state, condition)
            if show:
                said = cap(words(voice.condition(condition))) if condition is not None else "Otherwise"
                scene.lines.append(f"{said}, {words(voice.target(s.target))}."
                                   + ("" if condition is None else " (yes)" if holds else " (no)"))
            if holds:
                return self.move(state, self.apply(state, s.target, None))
        elif isinstance(s, m.PaidStatement):
            return self._paid(state, scene, show, s)
        elif isinstance(s, m.EffectStatement):
            return self._effect_statement(state, scene, show, s.effect, here)
        return None

    def _paid(self, state: State, scene: Scene, show: bool, s: m.PaidStatement) -> bool | None:
        can = all(self.can_pay(state, p) for p in s.payments)
        if show:
            scene.lines.append(words(voice.paid(s)) + (" (paid)" if can else " (you cannot: nothing happens)"))
        if can:
            for payment in s.payments:
                self.pay(state, payment)
            moved = self.resolve(state, s.effects, None)
            if moved is not None:
                return self.move(state, moved)
        return None

    def _effect_statement(self, state: State, scene: Scene, show: bool, choice: m.Choice,
                          here: Resumable) -> bool | None:
        after = here.at(here.step + 1)
        if len(choice.options) > 1:
            self._decide(state, scene, choice, here, after)
            return True
        effect = choice.options[0]
        if effect.op in COMPLETIONS:
            if show:
                self._say(scene, choice)
            self.apply(state, effect, None)
            self.end_or_go_on(state, scene, effect, after)
            return True
        if show and effect.op not in SILENT:
            self._say(scene, choice)
        moved = self.apply(state, effect, None)
        self.flush(scene, show)
        return self.move(state, moved) if moved is not None else None

    def _decide(self, state: State, scene: Scene, choice: m.Choice, here: Position, after: Position) -> None:
        """Effects joined by `/`: the players pick one."""
        scene.options = [Option(cap(words(voice.said(e))), (e,), after) for e in choice.options]
        state.at = here

    def move(self, state: State, target: Position | None) -> bool:
        if target is not None:
            state.at = target
        self.stats_end(state)
        return False

    def effects(self, state: State, scene: Scene, show: bool, choices: tuple[m.Choice, ...], here: Resumable,
                after: Position, context: Context | None = None) -> bool:
        """Effects read one by one from here's step (a card's, a row's, an arrival's), then on to `after`."""
        k = here.step
        while k < len(choices):
            choice = choices[k]
            if len(choice.options) > 1:
                self._decide(state, scene, choice, here.at(k), here.at(k + 1))
                return True
            if show and choice.options[0].op not in SILENT:
                self._say(scene, choice)
            moved = self.apply(state, choice.options[0], context)
            self.flush(scene, show)
            if moved is not None:
                return self.move(state, moved)
            if choice.options[0].op in COMPLETIONS:
                self.end_or_go_on(state, scene, choice.options[0], here.at(k + 1))
                return True
            k += 1
        return self.move(state, after)

    # ---------------------------------------------------------------- the rules

    def holds(self, state: State, condition: m.Condition) -> bool:
        return conditions.holds(state, condition)

    def apply(self, state: State, effect: m.Effect, context: Context | None) -> Position | None:
        """Apply one effect; returns the position it moves to, if it moves."""
        op = effect.op

        def p(name: str) -> Any:
            return effect.param(name)
        if op in SHOWN_CARDS and not (op in ("gain_card", "place_in_center") and p("card") in state.cards):
            self._show_card(*SHOWN_CARDS[op][:1], p(SHOWN_CARDS[op][1]))
        handler = HANDLERS.get(op)
        return handler(self, state, effect, context) if handler is not None else None

    def one(self, state: State, choice: m.Choice) -> m.Effect:
        """The effect of a choice: of a `/` choice, the one the table picks, among those it
        can pay for in full (RB 1426)."""
        if len(choice.options) == 1:
            return choice.options[0]
        payable = [e for e in choice.options if self.payable(state, e)]
        options = payable or list(choice.options)
        return options[self.decision(f"Choose one: {words(voice.sentence(choice))}",
                                     [cap(words(voice.said(e))) for e in options])]

    def resolve(self, state: State, choices: tuple[m.Choice, ...], context: Context | None) -> Position | None:
        """Effects resolved with nothing read between them (a card's track space, an attack,
        an Event); returns where they move to, if one moves."""
        for choice in choices:
            moved = self.apply(state, self.one(state, choice), context)
            if moved is not None:
                return moved
        return None

    def decision(self, question: str, labels: list[str]) -> int:
        """A decision met while effects resolve: `ask` is told what was said before it."""
        if len(labels) < 2:
            return 0
        said: list[str] = []
        if self._show:
            if self._scene is not None:
                said += self._scene.lines
                self._scene.lines.clear()          # said now, not again after the answer
            said += self._notes
            self._notes.clear()
        picked = self.ask(said, question, labels) if self.ask is not None else 0
        return picked if 0 <= picked < len(labels) else 0
