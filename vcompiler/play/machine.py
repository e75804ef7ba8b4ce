"""The game as a state machine over the resolved model, shared by `play` and
`simulate`.

`Game.advance(state)` reads from the state's position as the table would (text, check
marks, effects, `if`s resolved against the state, gotos followed) up to the next
decision, and returns it as a `Scene`: what was read, and the options. `Game.choose`
takes one. A position is a JSON list:

  ["log", N, i]                      log N from its statement i
  ["result", OWNER, KEY, WHICH, i]   a storybook result from statement i: OWNER is
                                     location | vcard (WHICH the action's index) or
                                     depart (WHICH the direction)
  ["row", POI, action, row, k]       a dice-check row's effects from the k-th
  ["arrival", N, k]                  a location's arrival effects from the k-th
  ["board"]                          on the planet board, at state.sector
  ["path", A, B, k]                  travelling from sector A to B: the path's k-th icon on
  ["sector", N]                      arriving in sector N of state.planet
  ["supplies", N]                    the Lander's Supplies at the start of the exploration
  ["check", POI, action]             choosing the outcome of a dice check (POI: a card's
                                     id, or "sector N" for a sector's action)
  ["goal", CARD, r, k]               a mission's or Rank-Up card's goal claimed: row r's effects from the k-th
  ["location", N]                    at location N, choosing an action
  ["level", N, NAME]                 the starting level NAME of location N picked
  ["read", LABEL, TEXT, RESULT]      an action taken: its text, then its result
  ["ending", MISSION, STAT, i]       a stat ran out: the mission's game-end entry from statement i
  ["end", REASON]

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
from dataclasses import dataclass, field, replace
from typing import Any

from vcompiler.frozen import frozen
from vcompiler.model import types as m
from vcompiler.play.cards import INDENT, face_lines, words
from vcompiler.play.state import STAT_START, VANTAGE_STATS, State
from vcompiler.registry import SHOWN_CARDS, WAYS_OUT
from vcompiler.render import voice
from vcompiler.render.cards import THREAT_ROWS, Face, faces_of, location_number, requirement

# Gotos followed without a decision before the machine calls it a loop with no way out.
AUTOMATIC_MOVES = 1000
LOOP = "the story goes round a loop with no way out"
LEAVING = 0.05
# Effects the reading shows by doing them: the next entry's heading, the end.
SILENT = frozenset(("goto_log", "goto_location", "end_exploration", "end_game"))
# VR 69-70: a completed mission or destiny asks the table whether to end the game.
COMPLETIONS = frozenset(("complete_mission_card", "complete_destiny"))
TIME_OPS = frozenset(f"{verb}_{which}" for verb in ("progress", "reduce", "reset") for which in ("time", "all_time"))
# A threat's rows that say what its attack does, by whether a Crewmember shares its Sector (RB 1447).
ATTACK_ROWS = {True: "attack", False: "alone"}
# RB 1069: a Crewmember's turn is two Actions, one of them at most a Special Action.
ACTIONS_A_TURN = 2
# How often random play claims a goal met, against 1 for an Action: its requirement is
# in words play cannot test, so the claim is the player's.
GOAL_CLAIM = 0.2
# The Supplies a Lander may start with, asked at landing where the board does not print them.
SUPPLIES_ASKED = tuple(range(1, 11))
# A decision met while effects resolve (a `/` choice on a card, where a threat moves):
# ask(what was said before it, the question, the options' labels) -> the index picked.
Ask = Callable[[list[str], str, list[str]], int]


@frozen
class Option:
    label: str
    effects: tuple[m.Effect, ...] = ()
    then: list | None = None           # where to go after the effects, unless they move
    use: str | None = None             # a location action this takes up
    action: bool = False               # an Action of the turn
    special: bool = False              # a Special Action: one a turn (RB 1069)
    # How often random play takes it, against 1 for the others: leaving the planet is
    # what a table does at the end of an exploration, not on any turn.
    weight: float = 1.0


@dataclass
class Scene:
    lines: list[str] = field(default_factory=list)
    options: list[Option] = field(default_factory=list)
    ended: str | None = None
    paused: bool = False               # stopped where `advance` was told to stop
    entered: list[tuple] = field(default_factory=list)   # entries read on the way, as graph nodes


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class Game:
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
        self._resolving: set[str] = set()
        self._arrived = False
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

    def _note(self, text: str | list[str]) -> None:
        if self._show:
            self._notes.extend([text] if isinstance(text, str) else text)

    def _flush(self, scene: Scene, show: bool) -> None:
        if show:
            scene.lines.extend(self._notes)
        self._notes.clear()

    def _say(self, scene: Scene, choice: m.Choice) -> None:
        """An effect as the book says it (the card it puts on the table follows as a note)."""
        scene.lines.append(words(voice.sentence(choice)))

    # ---------------------------------------------------------------- starting

    def start(self, entry: int | None = None) -> State:
        """A new playthrough at the pack's start, or at log (vanguard) or location
        (vantage) `entry`. Raises ValueError for an entry the pack does not have."""
        state = State(at=["end", "the pack has no start"])
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
                self._to_board(state)        # a log read on its own is read on the planet
            state.at = ["arrival", entry, 0] if self.vantage else ["log", entry, 0]
        elif self.pack.start is not None:
            moved = self._apply(state, self.pack.start, None)
            if moved is not None:
                state.at = moved
        return state

    # ---------------------------------------------------------------- reading

    def advance(self, state: State, show: bool = True, stop=None) -> Scene:
        """Read up to the next decision, or the end; `stop(position)`, when given, is
        asked before every position after the first, and True pauses there."""
        scene = Scene()
        self._show = show
        self._flush(scene, show)        # what the last choice's effects said
        self._scene = scene
        try:
            return self._read(state, scene, show, stop)
        finally:
            self._scene = None

    def _read(self, state: State, scene: Scene, show: bool, stop) -> Scene:
        for moves in range(AUTOMATIC_MOVES):
            if stop is not None and moves and stop(state.at):
                scene.paused = True
                return scene
            kind = state.at[0]
            if kind == "end":
                scene.ended = state.at[1]
                return scene
            step = getattr(self, f"_at_{kind}")(state, scene, show)
            if step:
                return scene
        state.at = ["end", LOOP]
        scene.ended = state.at[1]
        return scene

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
            moved = self._apply(state, effect, None)
            if moved is not None:
                target = moved
                break
        if target is not None:
            state.at = target
        self._stats_end(state)

    # Each _at_* reads at a kind of position: it moves state.at and returns False to
    # keep reading, or sets scene.options (or an end) and returns True.

    def _at_log(self, state: State, scene: Scene, show: bool) -> bool:
        _, number, i = state.at
        log = self.pack.log(number)
        if log is None:
            state.at = ["end", f"there is no log {number}"]
            return False
        statements = log.statements
        if i == 0:
            state.read += 1
            scene.entered.append(("log", number))
            if show:
                title = f" · {log.title.plain()}" if log.title else ""
                box = (" [x]" if number in state.checked else " [ ]") if log.has_check else ""
                scene.lines.append(f"── {'Starting Log' if log.starting else f'Log {number}'}{title}{box}")
        if self._script(state, scene, show, statements, i, ["log", number], number) is None:
            state.at = ["end", f"Log {number} has no way out"]
        return bool(scene.options)

    def _script(self, state: State, scene: Scene, show: bool, statements: tuple[m.Statement, ...], i: int,
                here: list, checks: int | None) -> bool | None:
        """Read statements from the i-th: True at a decision, False when moved on,
        None when they run out. `checks`: the log a `check` marks."""
        while i < len(statements):
            s = statements[i]
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
                    said = _cap(words(voice.condition(condition))) if condition is not None else "Otherwise"
                    scene.lines.append(f"{said}, {words(voice.target(s.target))}."
                                       + ("" if condition is None else " (yes)" if holds else " (no)"))
                if holds:
                    return self._move(state, self._apply(state, s.target, None))
            elif isinstance(s, m.PaidStatement):
                can = all(self.can_pay(state, p) for p in s.payments)
                if show:
                    scene.lines.append(words(voice.paid(s)) + (" (paid)" if can else " (you cannot: nothing happens)"))
                if can:
                    for payment in s.payments:
                        self._pay(state, payment)
                    moved = self._resolve(state, s.effects, None)
                    if moved is not None:
                        return self._move(state, moved)
            elif isinstance(s, m.EffectStatement):
                if len(s.effect.options) > 1:
                    self._decide(state, scene, s.effect, [*here, i], [*here, i + 1])
                    return True
                effect = s.effect.options[0]
                if effect.op in COMPLETIONS:
                    if show:
                        self._say(scene, s.effect)
                    self._apply(state, effect, None)
                    self._end_or_go_on(state, scene, effect, [*here, i + 1])
                    return True
                if show and effect.op not in SILENT:
                    self._say(scene, s.effect)
                moved = self._apply(state, effect, None)
                self._flush(scene, show)
                if moved is not None:
                    return self._move(state, moved)
            elif isinstance(s, m.ChoiceStatement):
                state.at = [*here, i]
                while i < len(statements) and isinstance(c := statements[i], m.ChoiceStatement):
                    scene.options.append(Option(f"{words(voice.rich_line(c.label))} "
                                                f"({words(voice.target(c.target))})", (c.target,)))
                    i += 1
                return True
            i += 1
        return None

    def _end_or_go_on(self, state: State, scene: Scene, effect: m.Effect, after: list) -> None:
        """VR 69-70: a completed mission or destiny leaves the table the choice to end."""
        card = effect.param("card")
        done = {key.split()[0] for key, status in state.missions.items() if status == "complete"}
        # VR 74: both the mission and a destiny make an epic victory.
        victory = "an epic" if {"mission", "destiny"} <= done else "a mission" if "mission" in done else "a destiny"
        scene.options = [Option("End the game", then=["end", f"Card {card} complete: {victory} victory."]),
                         Option("Go on playing", then=after)]
        state.at = after

    def can_pay(self, state: State, payment: m.Effect) -> bool:
        what = payment.op.removeprefix("pay_")
        if what == "skill":
            return state.counters.get("skills", 0) > 0
        amount = payment.param("amount")
        # A stat paid down to 0 ends the game: the table can pay it, at that price.
        return isinstance(amount, int) and state.counters.get(what, 0) >= amount

    def _pay(self, state: State, payment: m.Effect) -> None:
        what = payment.op.removeprefix("pay_")
        amount = payment.param("amount")
        state.add("skills" if what == "skill" else what, -(amount if isinstance(amount, int) else 1))

    def _decide(self, state: State, scene: Scene, choice: m.Choice, here: list, after: list) -> None:
        """Effects joined by `/`: the players pick one."""
        scene.options = [Option(_cap(words(voice.said(e))), (e,), after) for e in choice.options]
        state.at = here

    def _move(self, state: State, target: list | None) -> bool:
        if target is not None:
            state.at = target
        self._stats_end(state)
        return False

    def _at_result(self, state: State, scene: Scene, show: bool) -> bool:
        _, owner, key, which, i = state.at
        action = self._action(owner, key, which)
        moved = self._script(state, scene, show, action.result, i, ["result", owner, key, which], None)
        if moved is not None:
            return moved
        if state.counters.get("continue") and show:
            scene.lines.append("You take another action this turn.")
        state.at = ["location", state.location]
        return self._move(state, None)

    def _action(self, owner: str, key, which) -> m.StoryAction:
        if owner == "depart":
            return self.departs[(key, which)].action
        holder = self.locations[key] if owner == "location" else self.vcards[key]
        return holder.actions[which]

    def _at_arrival(self, state: State, scene: Scene, show: bool) -> bool:
        _, number, k = state.at
        location = self.locations.get(number)
        if location is None:
            state.at = ["end", f"there is no location {number}"]
            return False
        if k == 0:
            state.location = number
            state.read += 1
            scene.entered.append(("location", number))
            if show:
                scene.lines.append(f"── Location {location_number(number)} · {location.name.plain()}")
                scene.lines.extend(words(p) for t in location.text for p in voice.rich(t))
                # VR 17: the table follows location 000's instructions to complete setup,
                # the first of which its arrival effects carry out just below.
                if location.steps:
                    scene.lines.append("Setup:")
                    scene.lines.extend(f"{INDENT}{i}. {words(voice.rich_line(step.text))}"
                                       for i, step in enumerate(location.steps, 1))
        return self._effects(state, scene, show, location.arrival, k, ["arrival", number], ["location", number])

    def _effects(self, state: State, scene: Scene, show: bool, choices: tuple[m.Choice, ...], k: int,
                 here: list, after: list, context: tuple | None = None) -> bool:
        while k < len(choices):
            choice = choices[k]
            if len(choice.options) > 1:
                self._decide(state, scene, choice, [*here, k], [*here, k + 1])
                return True
            if show and choice.options[0].op not in SILENT:
                self._say(scene, choice)
            moved = self._apply(state, choice.options[0], context)
            self._flush(scene, show)
            if moved is not None:
                return self._move(state, moved)
            if choice.options[0].op in COMPLETIONS:
                self._end_or_go_on(state, scene, choice.options[0], [*here, k + 1])
                return True
            k += 1
        return self._move(state, after)

    def _at_location(self, state: State, scene: Scene, show: bool) -> bool:
        number = state.at[1]
        location = self.locations[number]
        options = []
        # VR 17: each player gains a character at location 000 before setting out.
        if location.characters and not any(c.card in state.cards for c in location.characters):
            for character in location.characters:
                label = f"{words(voice.rich_line(character.label))}: " if character.label else ""
                options.append(Option(f"{label}take character card {character.card}",
                                      (m.Effect("gain_card", (("card", character.card),), character.span),),
                                      then=["location", number]))
            if show:
                scene.lines.append(f"Setup at Location {location_number(number)} · {location.name.plain()}: "
                                   "choose your character")
            scene.options = options
            return True
        # VR 17-18: each player also picks a starting level of time, morale and health.
        if location.levels and state.level is None:
            for level in location.levels:
                first = " (recommended for a first game)" if level.recommended else ""
                options.append(Option(f"{level.name.capitalize()}{first}: {level.time} [time] time, "
                                      f"{level.morale} [morale] morale, {level.health} [health] health",
                                      then=["level", number, level.name]))
            if show:
                scene.lines.append(f"Setup at Location {location_number(number)} · {location.name.plain()}: "
                                   "choose your starting level")
            scene.options = options
            return True
        for c in location.choices:
            options.append(Option(f"{words(voice.rich_line(c.label))} ({words(voice.target(c.target))})",
                                  (c.target,)))
        for exit in location.exits:
            if exit.target is not None:
                how = (exit.mode or "go").capitalize()
                name = self.locations[exit.target].name.plain() if exit.target in self.locations else ""
                options.append(Option(f"{how} {exit.direction} to Location {exit.target} {name} (cost 1)".rstrip(),
                                      then=["arrival", exit.target, 0], action=True))
            elif (number, exit.direction) in self.departs:
                depart = self.departs[(number, exit.direction)]
                options.append(self._story_option(f"Depart {exit.direction}", depart.action,
                                                  ["result", "depart", number, exit.direction, 0], None))
        taken = {a.category for index, a in enumerate(location.actions) if f"{number}:{index}" in state.used}
        for index, action in enumerate(location.actions):
            used = f"{number}:{index}"
            if used in state.used and not action.always:
                continue
            # VR 39: an action that contradicts one already taken here is closed.
            if taken & set(action.excluded) or any(action.category in a.excluded for a in location.actions
                                                    if a.category in taken):
                continue
            options.append(self._story_option(action.category.capitalize(), action,
                                              ["result", "location", number, index, 0],
                                              None if action.always else used))
        for card_number in state.cards:
            card = self.vcards.get(card_number) if isinstance(card_number, int) else None
            if card is None:
                continue
            for index, action in enumerate(card.actions):
                # VR 47: the boost is paid up front; one pool stands for the cards' boost.
                if action.boost and state.counters.get("boost", 0) < action.boost:
                    continue
                option = self._story_option(f"Card {card_number} {card.name.plain()}: {action.category.capitalize()}",
                                            action,
                                            ["result", "vcard", card_number, index, 0], None)
                if action.boost:
                    option = replace(option, effects=(m.Effect("pay_boost", (("amount", action.boost),),
                                                               action.span),))
                options.append(option)
        if show and not location.actions and not location.exits and location.choices:
            # Location 000's own choices end the setup: where each player crashes (VR 17).
            scene.lines.append(f"Setup at Location {location_number(number)} · {location.name.plain()}: "
                               "go on as it says")
        elif show:
            # The turn the next action belongs to: a new one, unless the last result said to continue.
            turn = state.turn + (1 if state.counters.get("acted") and not state.counters.get("continue") else 0)
            scene.lines.append(f"Turn {turn} at Location {location_number(number)} · {location.name.plain()}")
        if not options:
            state.at = ["end", f"Location {number} offers nothing to do"]
            return False
        scene.options = options
        return True

    def _at_level(self, state: State, scene: Scene, show: bool) -> bool:
        """A starting level picked at setup: the stats start there (VR 18)."""
        _, number, name = state.at
        level = next(v for v in self.locations[number].levels if v.name == name)
        state.level = name
        state.counters.update(time=level.time, morale=level.morale, health=level.health)
        if show:
            scene.lines.append(f"You start at the {name} level: {level.time} [time] time, "
                               f"{level.morale} [morale] morale, {level.health} [health] health.")
        state.at = ["location", number]
        return False

    def _story_option(self, what: str, action: m.StoryAction, result: list, use: str | None) -> Option:
        # The storybook's cost line (VR 57, 47), shortened: the dice, the skill tokens that
        # lower them, the card's boost, "always available".
        cost = [f"cost {action.cost}" if action.cost else "no cost"]
        if action.skills and action.cost:
            cost.append(f"[skill] {' or '.join(action.skills)} tokens lower it")
        if action.boost:
            cost.append(f"{action.boost} boost from the card")
        if action.always:
            cost.append("always available")
        label = f"{what}: {words(voice.rich_line(action.name))} ({'; '.join(cost)})"
        read = [*map(words, voice.cost_notes(action)), *(words(p) for t in action.text for p in voice.rich(t))]
        return Option(label, then=["read", label, read, result], use=use, action=True)

    def _at_read(self, state: State, scene: Scene, show: bool) -> bool:
        """An action taken: its text, read before the result."""
        _, label, paragraphs, result = state.at
        state.read += 1
        scene.entered.append(("depart", (result[2], result[3])) if result[1] == "depart"
                             else ("action", (result[1], result[2], result[3])))
        if show:
            scene.lines.append(f"── {label}")
            scene.lines.extend(paragraphs)
        state.at = result
        return False

    def _planet(self, state: State) -> m.Planet:
        if state.planet is None:
            raise ValueError("the players are on no planet")
        return self.planets[state.planet]

    def _at_board(self, state: State, scene: Scene, show: bool) -> bool:
        if state.supplies is None and self._condition(state)[2] is None:
            return self._ask_supplies(state, scene, show)
        if state.actions >= ACTIONS_A_TURN:
            moved = self._end_turn(state)
            self._flush(scene, show)
            if moved is not None:
                return self._move(state, moved)
        planet = self._planet(state)
        sectors = {s.number: s for s in planet.sectors}
        here = state.sector
        poi = self._poi_at(state, here)
        card = self.cards.get(poi) if poi else None
        threats = [t for t, sector in state.threats.items() if sector == here]
        # RB 1114, 1741: a No Travel icon anywhere in the Sector (its POI, a threat there)
        # keeps the Crewmembers in it.
        blocking = [c for c in (card, *(self.cards.get(t) for t in threats))
                    if c is not None and "no_travel" in c.flags]
        options = []
        closed = []
        for path in planet.paths if not blocking else ():
            other = path.b if path.a == here else path.a if path.two_way and path.b == here else None
            if other is None:
                continue
            cost = ", ".join(words(voice.target(c)) for c in path.costs)
            name = f" {sectors[other].name}" if other in sectors and sectors[other].name else ""
            if not all(self._payable(state, c) for c in path.costs):
                closed.append(f"You cannot travel to Sector {other}{name}: its path costs {cost}, "
                              "and you cannot pay that in full.")
                continue
            options.append(Option(f"Travel to Sector {other}{name}" + (f" ({cost})" if cost else ""),
                                  then=["path", here, other, 0], action=True))
        # RB 1101-1108: the Special Actions a Crewmember may take here: the board's in the
        # Sector, its POI's, the Global Conditions', a Threat's in the Sector, revealed
        # Missions'; one a turn (RB 1069).
        holders = [c for c in (card,) if c is not None]
        holders += [self.cards[t] for t in threats if t in self.cards]
        holders += [self.cards[c] for c in sorted(state.conditions) if c in self.cards]
        active = [self.cards[mission] for mission, status in state.missions.items()
                  if status == "active" and mission in self.cards]
        holders += active
        for holder in holders if not state.special else ():
            for index, action in enumerate(holder.actions):
                options.append(_action_option(f"{self.card_name(holder.id)}: {action.name}", action, holder.id, index))
        for index, action in enumerate(sectors[here].actions if here in sectors and not state.special else ()):
            options.append(_action_option(f"Sector {here}: {action.name}", action, f"sector {here}", index))
        landers = {s.number for s in planet.sectors if s.lander}
        for what, effects in (("Lift off", planet.lift_off), ("Evacuate", planet.evac)):
            # RB: lift-off is done from the lander sector; evacuation ends it anywhere.
            if effects and (what == "Evacuate" or here in landers or not landers):
                options.append(Option(what, tuple(effects), then=["board"], weight=LEAVING))
        options += self._goals(state, active, planet)
        # RB 1073, 1135-1150: Prepare and Rest are Actions too; play keeps no dice or
        # Section cards, so Prepare only takes up the Action, and Rest costs its Supplies:
        # with none left, you cannot Rest (RB 1146).
        options.append(Option("Prepare (draw Section cards; play keeps none)", then=["board"], action=True))
        rest = m.Effect("lose_supplies", (("amount", 1),), planet.span)
        if self._payable(state, rest):
            paid = "the [supplies] Supplies are unlimited" if self._unlimited(state) else "lose 1 [supplies]"
            options.append(Option(f"Rest ({paid}; refresh dice, which play keeps none of)", (rest,),
                                  then=["board"], action=True))
        else:
            closed.append("You have no [supplies] left: you cannot Rest.")
        if show:
            sector = sectors.get(here) if here is not None else None
            name = f" {sector.name}" if sector and sector.name else ""
            shown = f": {self.card_name(card.id)}" if card else ""
            scene.lines.append(f"── {planet.name}, Sector {here}{name}{shown} · turn {state.turn}, "
                               f"Action {state.actions + 1} of {ACTIONS_A_TURN}")
            face = self.face(card.kind, card.id) if card is not None and self._arrived else None
            if face is not None:
                scene.lines.extend(face_lines(face, actions=False))
            if card is not None and "final" in card.flags:
                scene.lines.append("Final POI: this Sector is fully explored.")
            for threat in threats:
                scene.lines.append(f"Threat {self.card_name(threat)} is in this Sector.")
            for threat, sectors_of in sorted(state.standees.items()):
                if here in sectors_of:
                    scene.lines.append(f"A secondary standee of Threat {self.card_name(threat)} is in this Sector.")
            for blocker in blocking:
                scene.lines.append(f"No Travel ({self.card_name(blocker.id)}): no one may travel out of this Sector.")
            if state.special:
                scene.lines.append("You have taken this turn's Special Action.")
            scene.lines.extend(closed)
        self._arrived = False
        scene.options = options
        return True

    def _ask_supplies(self, state: State, scene: Scene, show: bool) -> bool:
        """RB 1473: the Lander's Capacity says how many Supplies the exploration starts
        with, where the board prints no Supplies track; which Lander the table took, the
        pack does not know."""
        if show:
            scene.lines.append("How many [supplies] Supplies does your Lander start with (its Capacity)?")
        scene.options = [Option(f"{n} [supplies]", then=["supplies", n]) for n in SUPPLIES_ASKED]
        return True

    def _at_supplies(self, state: State, scene: Scene, show: bool) -> bool:
        state.supplies = state.at[1]
        state.add("supplies", state.supplies)
        state.at = ["board"]
        return False

    def _goals(self, state: State, missions: list[m.Card], planet: m.Planet) -> list[Option]:
        """RB 1400: a mission's Completion, triggered before or after any Action once its
        requirement is met; RB 804: a Rank-Up card flipped once its goal is. The
        requirement is in words: the player says it is met."""
        cards = [*missions, *(self.cards[r] for r in planet.rank_ups if r in self.cards and r not in state.goals)]
        options = []
        for card in cards:
            what = f"Mission {self.card_name(card.id)}" if card.kind == "mission" else f"Rank-Up card {card.name}"
            for r, row in enumerate(card.rows):
                if row.kind == "goal":
                    met = f" ({words(voice.rich_line(row.text)).removesuffix('.')})" if row.text is not None else ""
                    options.append(Option(f"{what}: its goal is met{met}", then=["goal", card.id, r, 0],
                                          weight=GOAL_CLAIM))
        return options

    def _at_goal(self, state: State, scene: Scene, show: bool) -> bool:
        _, card_id, r, k = state.at
        card = self.cards[card_id]
        if k == 0:
            if card.kind == "mission":
                state.missions[card_id] = "complete"        # RB 1400: the mission is discarded
                said = f"Mission {self.card_name(card_id)} is complete."
            else:
                state.goals.add(card_id)
                said = f"You flip Rank-Up card {card.name} to its Completed side."
            if show:
                scene.lines.append(said)
        return self._effects(state, scene, show, card.rows[r].effects, k, ["goal", card_id, r], ["board"],
                             (card_id, None))

    def _end_turn(self, state: State) -> list | None:
        """RB 1069-1083: after two Actions the turn ends, and the Crewmember draws and
        resolves an Event card."""
        self._note(f"End of turn {state.turn}.")
        state.turn += 1
        state.actions = 0
        state.special = False
        events = self._planet(state).events
        if events is not None and not self.holds(state, events):
            # RB 747: the planet keeps the Event deck out of play until then.
            self._note(f"No Event card is drawn. The planet's rule: {words(voice.events_rule(events))}")
            return None
        return self._draw_event(state)

    def _draw_event(self, state: State) -> list | None:
        """RB 1417-1422: the top Event card; its main effect when one of its biomes is in
        the Sector (its POI's included), else its secondary effect; then discarded."""
        if not state.deck:
            # RB 1419: an empty deck is the discard pile shuffled; both empty, the deck is new.
            state.deck = state.discard or [c.id for c in self.pack.cards if c.kind == "event"
                                           for _ in range(c.copies or 1)]
            state.discard = []
            self.random.shuffle(state.deck)
        if not state.deck:
            return None
        event = self.cards[state.deck.pop(0)]
        state.discard.append(event.id)
        self._note(f"You draw an Event card: {self.card_name(event.id)}.")
        self._show_card("event", event.id)
        planet = self._planet(state)
        sector = next((s for s in planet.sectors if s.number == state.sector), None)
        poi = self.cards.get(self._poi_at(state, state.sector) or "")
        here = {*(sector.biomes if sector else ()), *(poi.biomes if poi else ())}
        matched = [b for b in event.biomes if b in here]
        effects = event.main if matched else event.secondary
        said = _cap(words(voice.effects_sentence(effects)))
        self._note(f"{', '.join(f'[{b}]' for b in matched)} is in your Sector: its main effect: {said}" if matched
                   else f"None of its biomes is in your Sector: its secondary effect: {said}")
        return self._resolve(state, effects, (event.id, None))

    def _at_path(self, state: State, scene: Scene, show: bool) -> bool:
        """RB 1118-1122: each icon on the path is resolved, in order; the Travel icon by the
        current Global Condition's travel effect. Until they are, the Crewmember is still
        in the Sector they left; then they arrive."""
        _, start, end, k = state.at
        path = next(p for p in self._planet(state).paths
                    if (p.a, p.b) == (start, end) or p.two_way and (p.b, p.a) == (start, end))
        while k < len(path.costs):
            cost = path.costs[k]
            k += 1
            state.at = ["path", start, end, k]
            if cost.op != "travel":
                self._note(f"On the path: {words(voice.said(cost))}.")
            moved = self._apply(state, cost, None)
            self._flush(scene, show)
            if moved is not None:
                return self._move(state, moved)
        state.at = ["sector", end]
        return False

    def _condition(self, state: State) -> tuple[str, tuple[m.Choice, ...], str | int | None]:
        """The Global Condition in the board's corner (RB 443): a card put there, else the
        one printed on the board: its name, its travel effect, its Supplies."""
        card = self.cards.get(state.condition or "")
        if card is not None:
            return self.card_name(card.id), card.travel, None
        printed = self._planet(state).printed_conditions if state.planet else ()
        if printed:
            return printed[0].name, printed[0].travel, printed[0].supplies
        return "(none)", (), None

    def _payable(self, state: State, effect: m.Effect) -> bool:
        """Whether an effect can be paid in full (RB 1426): Supplies, unless the Global
        Condition makes them unlimited; the Travel icon, when every choice of the Global
        Condition's travel effect has an option that can be. A die to spend or sacrifice
        always can: without one, the rules take another (RB 1709, 1735)."""
        if effect.op == "lose_supplies":
            amount = effect.param("amount")
            return (self._unlimited(state) or not isinstance(amount, int)
                    or state.counters.get("supplies", 0) >= amount)
        if effect.op == "travel":
            return all(any(self._payable(state, e) for e in choice.options) for choice in self._condition(state)[1])
        if effect.op.startswith("pay_"):
            return self.can_pay(state, effect)
        return True

    def _unlimited(self, state: State) -> bool:
        return state.planet is not None and self._condition(state)[2] == "unlimited"

    def _at_sector(self, state: State, scene: Scene, show: bool) -> bool:
        """Arriving in a sector: a sector that prints a log sends the players there."""
        state.sector = state.at[1]
        sector = next((s for s in self._planet(state).sectors if s.number == state.sector), None)
        if sector is not None and sector.goto is not None:
            return self._move(state, self._apply(state, sector.goto, None))
        self._arrived = True         # the board shows the sector's POI card once, on arrival
        state.at = ["board"]
        return False

    def explored(self, state: State) -> list[int]:
        """RB 1743: the Sectors a Final POI marks fully explored."""
        if state.planet is None:
            return []
        return [s.number for s in self._planet(state).sectors
                if "final" in getattr(self.cards.get(self._poi_at(state, s.number) or ""), "flags", ())]

    def _poi_at(self, state: State, sector_number: int | None) -> str | None:
        placed = state.pois.get(f"{state.planet}:{sector_number}")
        if placed is not None:
            return placed
        sector = next((s for s in self._planet(state).sectors if s.number == sector_number), None)
        return sector.printed_poi if sector else None

    def _special_action(self, state: State, holder: str, index: int) -> m.CheckAction:
        """The Special Action of a card, or of a sector of the planet ("sector 3")."""
        if holder.startswith("sector "):
            number = int(holder.split()[1])
            return next(s for s in self._planet(state).sectors if s.number == number).actions[index]
        return self.cards[holder].actions[index]

    def _at_check(self, state: State, scene: Scene, show: bool) -> bool:
        _, poi, index = state.at
        action = self._special_action(state, poi, index)
        options = []
        for r, row in enumerate(action.rows):
            if row.kind == "track":
                continue          # reached by progressing its track, not rolled
            what = {"outcome": f"{row.key} outcome", "special": "special"}.get(row.kind, f"{row.kind} {row.key or ''}")
            needs = words(requirement(row.requirement))
            shown = needs and row.kind in ("outcome", "special")
            options.append(Option(f"{_cap(what)}{f' ({needs})' if shown else ''}: "
                                  f"{words(voice.effects_sentence(row.effects))}", then=["row", poi, index, r, 0]))
        if show:
            owner = self.card_name(poi) if poi in self.cards else _cap(poi)
            scene.lines.append(f"── {owner}: {action.name}. Roll, then pick what came up.")
            for row in action.rows:
                if row.kind == "track":
                    marked = state.tracks.get(_track_key(poi, index, row.key), 0)
                    scene.lines.append(f"[{row.key}] track: {marked} of {row.number} spaces marked; "
                                       f"then: {words(voice.effects_sentence(row.effects))}")
        scene.options = options
        return True

    def _at_act(self, state: State, scene: Scene, show: bool) -> bool:
        _, holder, index, k = state.at
        action = self._special_action(state, holder, index)
        if show and k == 0:
            owner = self.card_name(holder) if holder in self.cards else _cap(holder)
            scene.lines.append(f"── {owner}: {action.name}")
            scene.lines.extend(words(p) for t in action.text for p in voice.rich(t))
        return self._effects(state, scene, show, action.effects, k, ["act", holder, index], ["board"], (holder, index))

    def _at_row(self, state: State, scene: Scene, show: bool) -> bool:
        _, poi, index, r, k = state.at
        row = self._special_action(state, poi, index).rows[r]
        return self._effects(state, scene, show, row.effects, k, ["row", poi, index, r], ["board"], (poi, index))

    # ---------------------------------------------------------------- the rules

    def holds(self, state: State, condition: m.Condition) -> bool:
        if condition.kind == "checked_log":
            return condition.key in state.checked
        if condition.kind == "has_unique":
            return condition.key in state.uniques
        if condition.kind == "has_card":
            return condition.key in state.cards
        if condition.kind == "has_skill":
            return state.counters.get("skills", 0) > 0
        if condition.kind == "has_coins":
            return state.counters.get("coin", 0) >= int(str(condition.key))
        if condition.kind == "player_here":
            return False                # one player at the table
        if condition.kind == "has_discovery":
            return state.counters.get(f"discovery_{condition.key}", 0) > 0
        if condition.kind == "has_success":
            return state.counters.get("success", 0) >= int(str(condition.key))
        if condition.kind == "threat_in_sector":
            return state.threats.get(str(condition.key)) == condition.more[0]
        if condition.kind == "threat_here":
            return str(condition.key) in state.threats and state.threats[str(condition.key)] == state.sector
        if condition.kind == "mission_revealed":
            return condition.key in state.missions
        if condition.kind == "d10":
            return int(str(condition.key)) <= state.counters.get("d10", 0) <= int(str(condition.more[0]))
        return isinstance(condition.key, str) and state.missions.get(condition.key) == "active"

    def _apply(self, state: State, effect: m.Effect, context: tuple | None) -> list | None:
        """Apply one effect; returns the position it moves to, if it moves."""
        op = effect.op

        def p(name: str) -> Any:
            """A parameter: its type is the one its form's slot gives it."""
            return effect.param(name)
        if op == "goto_log":
            return ["log", p("log"), 0]
        if op == "goto_location":
            return ["arrival", p("location"), 0]
        if op in WAYS_OUT:
            if op == "return":
                return self._to_board(state)
            # Back to the Rulebook or the Ship Book: the Planetary Exploration is over (RB 1546).
            return ["end", "The game ends." if op == "end_game" else "The exploration ends."]
        holder = context[0] if context is not None else None
        if op in SHOWN_CARDS and not (op in ("gain_card", "place_in_center") and p("card") in state.cards):
            self._show_card(*SHOWN_CARDS[op][:1], p(SHOWN_CARDS[op][1]))
        if op in ("then", "immediate") and context is not None and context[1] is not None:
            poi, index = context
            rows = self._special_action(state, poi, index).rows
            r = next((i for i, row in enumerate(rows) if row.kind == "outcome" and row.key == p("outcome")), None)
            return ["row", poi, index, r, 0] if r is not None else None
        if op in ("progress_track", "reduce_track") and context is not None:
            index = context[1]
            if index is None and holder in self.cards:
                # on a threat's time track: a track of the threat's own action
                index = next((i for i, a in enumerate(self.cards[holder].actions)
                              if any(r.kind == "track" and r.key == p("track") for r in a.rows)), None)
            if index is not None:
                return self._mark_track(state, context[0], index, p("track"), 1 if op == "progress_track" else -1)
        if op in TIME_OPS or "_time_of_" in op:
            return self._time(state, op, p("card") if "_time_of_" in op else None, holder)
        if op == "threat_move" and holder in state.threats:
            self._threat_moves(state, holder)
        elif op == "threat_attack" and holder in state.threats:
            return self._threat_attacks(state, holder, p("amount"))
        if op == "travel" and state.planet is not None:
            # RB 1121: a Travel icon, on a path or a card, costs what the Global Condition says.
            name, travel, _ = self._condition(state)
            asked = any(sum(self._payable(state, e) for e in c.options) > 1 for c in travel)
            # a choice the table is asked is said by its question
            self._note(f"Travel icon: pay what Global Condition {name} says." if asked
                       else f"Travel icon: Global Condition {name}: {words(voice.effects_sentence(travel))}"
                       if travel else f"Travel icon: Global Condition {name} says no travel cost.")
            return self._resolve(state, travel, None)
        if op == "lose_supplies" and self._unlimited(state):
            return None             # RB 701: the Global Condition's Supplies are unlimited
        if op == "roll_danger":
            # Play rolls no dice: the table rolls, and reads the pack's own table of the die.
            table = next((c for c in self.pack.cards if c.kind == "danger" and c.id == p("die")), None)
            said = f": {table.name}: " + " ".join(words(x) for t in table.text for x in voice.rich(t)) \
                if table is not None and table.text else "."
            self._note(f"Roll the [danger {p('die')}] Danger die and look it up on the Danger die Reference card{said}")
        if op.startswith(("gain_", "lose_", "suffer_")) and isinstance(p("amount"), int):
            verb, counter = op.split("_", 1)
            counter = counter.removesuffix("_on")        # lead gained on a discovery deck is lead
            if verb == "suffer":
                counter = "time"            # VR 16: lose 1 time (or 1 morale and 1 health)
            state.add(counter, p("amount") * (1 if verb == "gain" else -1))
        elif op == "gain_unique":
            state.uniques.add(p("unique"))
        elif op == "gain_injury":
            state.cards.append(p("injury"))
        elif op in ("gain_card", "lose_card"):
            card = p("card")
            if op == "gain_card" and card not in state.cards:
                state.cards.append(card)
                placed = self.vcards[card].placed if card in self.vcards else ()
                for choice in placed:
                    self._apply(state, self._one(state, choice), None)
            elif op == "lose_card" and card in state.cards:
                state.cards.remove(card)
        elif op in ("reveal_mission", "complete_mission", "fail_mission"):
            state.missions[p("card")] = {"reveal": "active", "complete": "complete", "fail": "failed"}[op.split("_")[0]]
        elif op == "set_condition":
            state.conditions.add(p("card"))
            state.condition = p("card")            # RB 443: it replaces the one on the board
        elif op == "replace_poi" and state.planet is not None:
            state.pois[f"{state.planet}:{state.sector}"] = p("card")
        elif op in ("replace_poi_in_sector", "place_poi") and state.planet is not None:
            state.pois[f"{state.planet}:{p('sector')}"] = p("card")
        elif op == "place_threat":
            state.threats[p("card")] = p("sector")
        elif op == "move_crew" and state.planet is not None:
            # RB 1741: an effect may move a Crewmember out of a No Travel Sector; a Sector
            # that prints a log is read on arrival (RB 1133).
            state.sector = p("sector")
            self._arrived = True
            self._note(f"You move to Sector {state.sector}.")
            sector = next((s for s in self._planet(state).sectors if s.number == state.sector), None)
            if sector is not None and sector.goto is not None:
                return self._apply(state, sector.goto, None)
        elif op == "place_standee":
            state.standees.setdefault(p("card"), []).append(p("sector"))
        elif op == "remove_threat":
            for kept in (state.threats, state.standees, state.tracks):
                kept.pop(p("card"), None)
        elif op.startswith("pay_"):
            self._pay(state, effect)
        elif op in COMPLETIONS:
            # Keyed "mission 1601", "destiny 1705": vantage missions and destinies are numbered cards.
            state.missions[f"{'mission' if op == 'complete_mission_card' else 'destiny'} {p('card')}"] = "complete"
        elif op == "place_in_center" and p("card") not in state.cards:
            state.cards.append(p("card"))         # VR 43: card actions of the center are open to all
        elif op in ("continue", "may_continue"):
            state.counters["continue"] = 1
        elif op == "gain_skill":
            state.add("skills", 1)
        elif op == "gain_discovery":
            state.add(f"discovery_{p('kind')}", 1)
        elif op == "roll_d10":
            # Play rolls no dice: the face follows from the reading so far, so that a
            # saved game replays the same.
            state.counters["d10"] = 1 + (state.read * 7 + state.turn * 3) % 10
        return None

    def _one(self, state: State, choice: m.Choice) -> m.Effect:
        """The effect of a choice: of a `/` choice, the one the table picks, among those it
        can pay for in full (RB 1426)."""
        if len(choice.options) == 1:
            return choice.options[0]
        payable = [e for e in choice.options if self._payable(state, e)]
        options = payable or list(choice.options)
        return options[self._ask(f"Choose one: {words(voice.sentence(choice))}",
                                 [_cap(words(voice.said(e))) for e in options])]

    def _resolve(self, state: State, choices: tuple[m.Choice, ...], context: tuple | None) -> list | None:
        """Effects resolved with nothing read between them (a card's track space, an attack,
        an Event); returns where they move to, if one moves."""
        for choice in choices:
            moved = self._apply(state, self._one(state, choice), context)
            if moved is not None:
                return moved
        return None

    def _ask(self, question: str, labels: list[str]) -> int:
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

    def _to_board(self, state: State) -> list:
        if not self.pack.planets:
            return ["end", "Back to the planet (this pack has no planet board)."]
        if state.planet is None:
            planet = self.pack.planets[0]
            state.planet = planet.id
            lander = next((s.number for s in planet.sectors if s.lander), None)
            state.sector = lander if lander is not None else (planet.sectors[0].number if planet.sectors else None)
            self._note(f"── Landing on {planet.name}")
            self._arrived = True
            self._note([words(p) for t in planet.text for p in voice.rich(t)])
            # RB 1045-1051: the board's Global Condition and Mission cards are placed and read at landing.
            for printed in planet.printed_conditions:
                self._note(f"Global Condition {printed.name} (printed on the board): [travel] "
                           f"{words(voice.effects_sentence(printed.travel))}")
            for condition in planet.condition_cards:
                state.condition = condition
                if condition not in state.conditions:
                    state.conditions.add(condition)
                    self._show_card("condition", condition)
            supplies = self._condition(state)[2]
            if isinstance(supplies, int):
                # RB 1720: the Supplies track printed on the board starts the exploration.
                state.supplies = supplies
                state.add("supplies", supplies)
            for mission in planet.missions:
                if mission not in state.missions:
                    state.missions[mission] = "active"
                    self._show_card("mission", mission)
            for rank_up in planet.rank_ups:
                self._show_card("rank_up", rank_up)
        return ["board"]

    def _show_card(self, kind: str, key: object) -> None:
        face = self.face(kind, key)
        if face is not None:
            self._note(face_lines(face))

    # ---------------------------------------------------------------- tracks and threats

    def _mark_track(self, state: State, holder: str, index: int, colour: object, step: int) -> list | None:
        """RB 1250: a dice check's track: a marker moves a space; on its last, its effect."""
        key = _track_key(holder, index, colour)
        rows = self._special_action(state, holder, index).rows
        r = next((i for i, row in enumerate(rows) if row.kind == "track" and row.key == colour), None)
        marked = max(state.tracks.get(key, 0) + step, 0)
        state.tracks[key] = marked
        if r is None:
            return None
        length = rows[r].number or 0
        self._note(f"The [{colour}] track: {min(marked, length)} of {length} spaces marked.")
        if marked < length:
            return None
        state.tracks.pop(key)
        return ["row", holder, index, r, 0]

    def _time_tracks(self, state: State) -> list[str]:
        """The cards in play with a Time Track: Global Conditions, threats, POIs on the board."""
        planet = self.planets.get(state.planet) if state.planet else None
        pois = [self._poi_at(state, s.number) for s in planet.sectors] if planet else []
        cards = [*sorted(state.conditions), *state.threats, *(p for p in pois if p)]
        return [c for c in dict.fromkeys(cards) if self._track_rows(c)]

    def track_length(self, card_id: object) -> int:
        return max((r.number or 0 for r in self._track_rows(card_id)), default=0)

    def _track_rows(self, card_id: object) -> list[m.Row]:
        card = self.cards.get(str(card_id))
        return [r for r in card.rows if r.kind in ("time", "space") and r.number] if card else []

    def _time(self, state: State, op: str, card: str | None, holder: str | None) -> list | None:
        """RB 913-923, 1430-1447: progress, reduce or reset Time Tracks. Without a card named,
        the track of the card being resolved, else every track in play."""
        verb = op.split("_")[0]
        if card is not None:
            cards = [card]
        elif "_all_" not in op and holder is not None and self._track_rows(holder):
            cards = [holder]
        else:
            cards = self._time_tracks(state)
        for card_id in cards:
            if verb == "reset":
                state.tracks.pop(card_id, None)
            elif verb == "reduce":
                state.tracks[card_id] = max(state.tracks.get(card_id, 0) - 1, 0)
            elif verb == "progress":
                moved = self._progress(state, card_id)
                if moved is not None:
                    return moved
        return None

    def _progress(self, state: State, card_id: str) -> list | None:
        """The Time token moves a space; the effect printed at the space it enters is resolved."""
        rows = self._track_rows(card_id)
        if not rows or card_id in self._resolving:
            return None          # a track whose effect progresses every track moves once
        length = self.track_length(card_id)
        space = min(state.tracks.get(card_id, 0) + 1, length)
        state.tracks[card_id] = space
        reached = [r for r in rows if r.number == space]
        self._note(f"Time Track of {self.card_name(card_id)}: space {space} of {length}"
                   + (f": {words(voice.effects_sentence(reached[0].effects))}" if reached else "."))
        self._resolving.add(card_id)
        try:
            for row in reached:
                moved = self._resolve(state, row.effects, (card_id, None))
                if moved is not None:
                    return moved
        finally:
            self._resolving.discard(card_id)
        return None

    def _threat_moves(self, state: State, threat: str) -> None:
        """RB 1451: a threat moves to a connected Sector (RB 1668: along a path whose arrowhead
        points away from its Sector), ignoring travel costs, unless its card says otherwise.
        Which one the card says in words play does not read: the table picks, with the
        card's text beside the question."""
        planet = self.planets.get(state.planet) if state.planet else None
        if planet is None:
            return
        start = state.threats[threat]
        connected = sorted({p.b for p in planet.paths if p.a == start}
                           | {p.a for p in planet.paths if p.two_way and p.b == start})
        name = self.card_name(threat)
        card = self.cards.get(threat)
        said = " ".join(words(p) for t in (card.text if card else ()) for p in voice.rich(t))
        names = {s.number: f" {s.name}" if s.name else "" for s in planet.sectors}
        labels = [f"To Sector {n}{names.get(n, '')}" + (" (where you are)" if n == state.sector else "")
                  for n in connected]
        if said:
            # the card's text may keep it from every Sector it could reach
            labels.append(f"It stays in Sector {start}{names.get(start, '')}, as its card says")
        if not labels:
            self._note(f"Threat {name} has no connected Sector to move to: it stays in Sector {start}.")
            return
        picked = self._ask(f"Threat {name} moves from Sector {start} to a connected Sector"
                           + (f"; its card says: “{said}”" if said else "."), labels)
        where = connected[picked] if picked < len(connected) else start
        state.threats[threat] = where
        self._note(f"Threat {name} moves to Sector {where}." if where != start
                   else f"Threat {name} stays in Sector {start}.")

    def _threat_attacks(self, state: State, threat: str, times: object) -> list | None:
        """RB 1447: an attack hits the Crewmembers in the threat's Sector; with none there,
        the threat does what its card says it does alone."""
        card = self.cards.get(threat)
        for _ in range(times if isinstance(times, int) else 1):
            kind = ATTACK_ROWS[state.sector == state.threats.get(threat)]
            for row in (r for r in card.rows if r.kind == kind) if card else ():
                self._note(f"{THREAT_ROWS[kind]}: {words(voice.effects_sentence(row.effects))}")
                moved = self._resolve(state, row.effects, (threat, None))
                if moved is not None:
                    return moved
        return None

    def _stats_end(self, state: State) -> None:
        if self.vantage and state.at[0] not in ("end", "ending"):
            for stat in VANTAGE_STATS:
                if state.counters.get(stat, 1) <= 0:
                    mission = self._mission(state)
                    # VR 71: the mission's entry in the take storybook is read.
                    state.at = (["ending", mission.number, stat, 0] if mission is not None
                                else ["end", f"Your {stat} has run out: the game ends."])
                    return

    def _mission(self, state: State) -> m.VantageCard | None:
        """The mission in play: one the players hold, or the pack's only one."""
        missions = [c for c in self.pack.vantage_cards if c.kind == "mission" and c.ending is not None]
        held = [c for c in missions if c.number in state.cards]
        if held:
            return held[0]
        return missions[0] if len(missions) == 1 else None

    def _at_ending(self, state: State, scene: Scene, show: bool) -> bool:
        _, number, stat, i = state.at
        ending = self.vcards[number].ending
        assert ending is not None
        if show and i == 0:
            scene.lines.append(f"Your {stat} has run out. ── Take {number} · {ending.name.plain()}")
        moved = self._script(state, scene, show, ending.statements, i, ["ending", number, stat], None)
        if moved:
            return True
        if state.at[0] != "end":
            state.at = ["end", f"Your {stat} has run out: the game ends."]
        return False


def _action_option(label: str, action: m.CheckAction, holder: str, index: int) -> Option:
    """A Special Action: a dice check, or one read and done without dice."""
    if not action.dice_check:
        return Option(label, then=["act", holder, index, 0], action=True, special=True)
    danger = action.danger
    dice = f", {danger} [danger] Danger {'die' if danger == 1 else 'dice'}" if danger else ""
    return Option(f"{label} (dice check{dice})", then=["check", holder, index], action=True, special=True)


def _track_key(holder: str, index: int, colour: object) -> str:
    """The key of a dice check's track in State.tracks: "P104 0 green"."""
    return f"{holder} {index} {colour}"
