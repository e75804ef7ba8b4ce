"""Reading as the table reads: the part of the game machine both games share (a
script's statements, effects one by one, `/` choices, decisions asked while effects
resolve, what effects said away from a script), beneath the board (board.py), the
vantage locations (vantage.py) and machine.Game, which joins them."""
from __future__ import annotations

import random
from collections.abc import Callable

from vcompiler.model import types as m
from vcompiler.play import conditions
from vcompiler.play.cards import face_lines, words
from vcompiler.play.effects import Context
from vcompiler.play.positions import Position, Resumable
from vcompiler.play.scene import Option, Scene, cap
from vcompiler.play.state import State
from vcompiler.render import voice
from vcompiler.render.cards import Face, faces_of

# Effects the reading shows by doing them: the next entry's heading, the end.
SILENT = frozenset(("goto_log", "goto_location", "end_exploration", "end_game"))
# VR 69-70: a completed mission or destiny asks the table whether to end the game.
COMPLETIONS = frozenset(("complete_mission_card", "complete_destiny"))
# A decision met while effects resolve (a `/` choice on a card, where a threat moves):
# ask(what was said before it, the question, the options' labels) -> the index picked.
Ask = Callable[[list[str], str, list[str]], int]


class Reader:
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
        # What each vantage location offers, made the first time the players are there.
        self.offers: dict[int, tuple[list[Option], list[Option]]] = {}
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

    # ---------------------------------------------------------------- what each game's rules say
    # (board.py, vantage.py, and machine.Game's table of effects)

    def apply(self, state: State, effect: m.Effect, context: Context | None) -> Position | None:
        """Apply one effect; returns the position it moves to, if it moves."""
        raise NotImplementedError

    def stats_end(self, state: State) -> None:
        raise NotImplementedError

    def end_or_go_on(self, state: State, scene: Scene, effect: m.Effect, after: Position) -> None:
        raise NotImplementedError

    def can_pay(self, state: State, payment: m.Effect) -> bool:
        raise NotImplementedError

    def pay(self, state: State, payment: m.Effect) -> None:
        raise NotImplementedError

    def payable(self, state: State, effect: m.Effect) -> bool:
        raise NotImplementedError
