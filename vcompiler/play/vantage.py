"""Vantage at the table: arriving at a location, its setup at location 000, the options
a location offers (its choices, compass moves, depart entries, its actions, the actions
of cards in hand), an action's text and result, payments, and the end when a stat runs
out or a mission or destiny is complete. A part of machine.Game."""
from __future__ import annotations

from vcompiler.model import types as m
from vcompiler.play import params
from vcompiler.play.cards import INDENT, words
from vcompiler.play.effects import PAID
from vcompiler.play.positions import (
    AtArrival,
    AtEnd,
    AtEnding,
    AtLevel,
    AtLocation,
    AtRead,
    AtResult,
    Position,
)
from vcompiler.play.reading import Reader
from vcompiler.play.scene import Option, Scene
from vcompiler.play.state import VANTAGE_STATS, State
from vcompiler.render import voice
from vcompiler.render.cards import location_number


class VantageRules(Reader):
    def end_or_go_on(self, state: State, scene: Scene, effect: m.Effect, after: Position) -> None:
        """VR 69-70: a completed mission or destiny leaves the table the choice to end."""
        card = params.key(effect)
        done = {key.split()[0] for key, status in state.missions.items() if status == "complete"}
        # VR 74: both the mission and a destiny make an epic victory.
        victory = "an epic" if {"mission", "destiny"} <= done else "a mission" if "mission" in done else "a destiny"
        scene.options = [Option("End the game", then=AtEnd(f"Card {card} complete: {victory} victory.")),
                         Option("Go on playing", then=after)]
        state.at = after

    def can_pay(self, state: State, payment: m.Effect) -> bool:
        counter = PAID[payment.op]
        if counter == "skills":
            return state.counters.get("skills", 0) > 0
        amount = params.number(payment, "amount")
        # A stat paid down to 0 ends the game: the table can pay it, at that price.
        return amount is not None and state.counters.get(counter, 0) >= amount

    def pay(self, state: State, payment: m.Effect) -> None:
        state.add(PAID[payment.op], -params.count(payment))

    def at_result(self, at: AtResult, state: State, scene: Scene, show: bool) -> bool:
        action = self.story_action(at.owner, at.key, at.which)
        moved = self.script(state, scene, show, action.result, at, None)
        if moved is not None:
            return moved
        if state.counters.get("continue") and show:
            scene.lines.append("You take another action this turn.")
        state.at = AtLocation(state.location) if state.location is not None else AtEnd("the players are nowhere")
        return self.move(state, None)

    def story_action(self, owner: str, key: int, which: int | str) -> m.StoryAction:
        if owner == "depart":
            return self.departs[(key, str(which))].action
        holder = self.locations[key] if owner == "location" else self.vcards[key]
        return holder.actions[int(which)]

    def at_arrival(self, at: AtArrival, state: State, scene: Scene, show: bool) -> bool:
        number = at.number
        location = self.locations.get(number)
        if location is None:
            state.at = AtEnd(f"there is no location {number}")
            return False
        if at.step == 0:
            state.location = number
            state.read += 1
            scene.entered.append(("location", number))
            if show:
                scene.lines.append(f"── Location {location_number(number)} · {location.name.plain()}")
                # VR 104: the artwork is described aloud; with no print at hand, its brief is.
                if location.art is not None and location.art.brief:
                    scene.lines.append(f"(The picture: {location.art.brief})")
                scene.lines.extend(words(p) for t in location.text for p in voice.rich(t))
                # VR 17: the table follows location 000's instructions to complete setup,
                # the first of which its arrival effects carry out just below.
                if location.steps:
                    scene.lines.append("Setup:")
                    scene.lines.extend(f"{INDENT}{i}. {words(voice.rich_line(step.text))}"
                                       for i, step in enumerate(location.steps, 1))
        return self.effects(state, scene, show, location.arrival, at, AtLocation(number))

    def at_location(self, at: AtLocation, state: State, scene: Scene, show: bool) -> bool:
        number = at.number
        location = self.locations[number]
        setup = self._setup_options(location, state)
        if setup:
            if show:
                what = "choose your character" if setup[0].effects else "choose your starting level"
                scene.lines.append(f"Setup at Location {location_number(number)} · {location.name.plain()}: {what}")
            scene.options = setup
            return True
        options, fixed = self._location_options(location, state)
        cards, closed = self._card_options(state, fixed, show)
        options += cards
        if show and not location.actions and not location.exits and location.choices:
            # Location 000's own choices end the setup: where each player crashes (VR 17).
            scene.lines.append(f"Setup at Location {location_number(number)} · {location.name.plain()}: "
                               "go on as it says")
        elif show:
            # The turn the next action belongs to: a new one, unless the last result said to continue.
            turn = state.turn + (1 if state.counters.get("acted") and not state.counters.get("continue") else 0)
            scene.lines.append(f"Turn {turn} at Location {location_number(number)} · {location.name.plain()}")
        scene.closed = closed
        if not options:
            state.at = AtEnd(f"Location {number} offers nothing to do")
            return False
        scene.options = options
        return True

    def _setup_options(self, location: m.Location, state: State) -> list[Option]:
        """VR 17-18: at location 000 each player gains a character, then picks a starting
        level of time, morale and health, before setting out."""
        here = AtLocation(location.number)
        if location.characters and not any(c.card in state.cards for c in location.characters):
            return [Option(f"{words(voice.rich_line(c.label)) + ': ' if c.label else ''}gain character card {c.card}",
                           (m.Effect("gain_card", (("card", c.card),), c.span),), then=here)
                    for c in location.characters]
        if location.levels and state.level is None:
            return [Option(f"{level.name.capitalize()}{' (recommended for a first game)' if level.recommended else ''}"
                           f": {level.time} [time] time, {level.morale} [morale] morale, "
                           f"{level.health} [health] health", then=AtLevel(location.number, level.name))
                    for level in location.levels]
        return []

    def _location_options(self, location: m.Location, state: State) -> tuple[list[Option], int]:
        """The location's own options, each keyed by its place among them all, so that an
        action taken (or closed) leaves the others' numbers as they were; and how many
        keys they hold."""
        number = location.number
        ways, actions = self._offers(location)
        taken = {a.category for index, a in enumerate(location.actions) if f"{number}:{index}" in state.used}
        options = list(ways)
        for index, action in enumerate(location.actions):
            if actions[index].use in state.used and not action.always:
                continue
            # VR 39: an action that contradicts one already taken here is closed.
            if taken & set(action.excluded) or any(action.category in a.excluded for a in location.actions
                                                    if a.category in taken):
                continue
            options.append(actions[index])
        return options, len(ways) + len(location.actions)

    def _offers(self, location: m.Location) -> tuple[list[Option], list[Option]]:
        """Every option the location has: its choices, exits and depart entries, then its
        actions, keyed by their place among them all; made once a location, as they are
        offered at every turn there."""
        made = self.offers.get(location.number)
        if made is not None:
            return made
        number = location.number
        ways = [Option(f"{words(voice.rich_line(c.label))} ({words(voice.target(c.target))})", (c.target,),
                       key=str(i)) for i, c in enumerate(location.choices, 1)]
        for exit in location.exits:
            key = str(len(ways) + 1)
            if exit.target is not None:
                how = (exit.mode or "go").capitalize()
                name = self.locations[exit.target].name.plain() if exit.target in self.locations else ""
                ways.append(Option(f"{how} {exit.direction} to Location {exit.target} {name} (cost 1)".rstrip(),
                                   then=AtArrival(exit.target), action=True, key=key))
            elif (number, exit.direction) in self.departs:
                depart = self.departs[(number, exit.direction)]
                ways.append(self.story_option(f"Depart {exit.direction}", depart.action,
                                              AtResult("depart", number, exit.direction), None, key))
        actions = [self.story_option(action.category.capitalize(), action, AtResult("location", number, index),
                                     None if action.always else f"{number}:{index}", str(len(ways) + 1 + index))
                   for index, action in enumerate(location.actions)]
        self.offers[number] = ways, actions
        return ways, actions

    def _card_options(self, state: State, before: int, show: bool) -> tuple[list[Option], list[tuple[str, str]]]:
        """The actions of the cards in hand and in the center, numbered after the
        location's own; and, when shown, those whose boost cannot be paid, with why."""
        options: list[Option] = []
        closed: list[tuple[str, str]] = []
        have = state.counters.get("boost", 0)
        for card_number in state.cards:
            if not isinstance(card_number, int):
                continue                  # an Injury, which has no actions
            card = self.vcards.get(card_number)
            if card is None:
                continue
            for index, action in enumerate(card.actions):
                # VR 47: the boost is paid up front; one pool stands for the cards' boost.
                unpaid = action.boost and have < action.boost
                if unpaid and not show:
                    continue
                what = f"Card {card_number} {card.name.plain()}: {action.category.capitalize()}"
                if unpaid:
                    closed.append((self.story_label(what, action),
                                   f"it needs {action.boost} boost, and you have {have}"))
                    continue
                paid = (m.Effect("pay_boost", (("amount", action.boost),), action.span),) if action.boost else ()
                options.append(self.story_option(what, action, AtResult("vcard", card_number, index), None,
                                                 str(before + len(options) + 1), paid))
        return options, closed

    def at_level(self, at: AtLevel, state: State, scene: Scene, show: bool) -> bool:
        """A starting level picked at setup: the stats start there (VR 18)."""
        level = next(v for v in self.locations[at.number].levels if v.name == at.name)
        state.level = at.name
        state.counters.update(time=level.time, morale=level.morale, health=level.health)
        if show:
            scene.lines.append(f"You start at the {at.name} level: {level.time} [time] time, "
                               f"{level.morale} [morale] morale, {level.health} [health] health.")
        state.at = AtLocation(at.number)
        return False

    def story_label(self, what: str, action: m.StoryAction) -> str:
        # The storybook's cost line (VR 57, 47), shortened: the dice, the skill tokens that
        # lower them, the card's boost, "always available".
        cost = [f"cost {action.cost}" if action.cost else "no cost"]
        if action.skills and action.cost:
            cost.append(f"[skill] {' or '.join(action.skills)} tokens lower it")
        if action.boost:
            cost.append(f"{action.boost} boost from the card")
        if action.always:
            cost.append("always available")
        return f"{what}: {words(voice.rich_line(action.name))} ({'; '.join(cost)})"

    def story_option(self, what: str, action: m.StoryAction, result: AtResult, use: str | None,
                     key: str | None = None, effects: tuple[m.Effect, ...] = ()) -> Option:
        label = self.story_label(what, action)
        read = (*map(words, voice.cost_notes(action)), *(words(p) for t in action.text for p in voice.rich(t)))
        return Option(label, effects, then=AtRead(label, read, result), use=use, action=True, key=key)

    def at_read(self, at: AtRead, state: State, scene: Scene, show: bool) -> bool:
        """An action taken: its text, read before the result."""
        result = at.result
        state.read += 1
        scene.entered.append(("depart", (result.key, result.which)) if result.owner == "depart"
                             else ("action", (result.owner, result.key, result.which)))
        if show:
            scene.lines.append(f"── {at.label}")
            scene.lines.extend(at.paragraphs)
        state.at = result
        return False

    def stats_end(self, state: State) -> None:
        if self.vantage and not isinstance(state.at, (AtEnd, AtEnding)):
            for stat in VANTAGE_STATS:
                if state.counters.get(stat, 1) <= 0:
                    mission = self._mission(state)
                    # VR 71: the mission's entry in the take storybook is read.
                    state.at = (AtEnding(mission.number, stat) if mission is not None
                                else AtEnd(f"Your {stat} has run out: the game ends."))
                    return

    def _mission(self, state: State) -> m.VantageCard | None:
        """The mission in play: one the players hold, or the pack's only one."""
        missions = [c for c in self.pack.vantage_cards if c.kind == "mission" and c.ending is not None]
        held = [c for c in missions if c.number in state.cards]
        if held:
            return held[0]
        return missions[0] if len(missions) == 1 else None

    def at_ending(self, at: AtEnding, state: State, scene: Scene, show: bool) -> bool:
        ending = self.vcards[at.mission].ending
        if ending is None:
            state.at = AtEnd(f"Your {at.stat} has run out: the game ends.")
            return False
        if show and at.step == 0:
            scene.lines.append(f"Your {at.stat} has run out. ── Take {at.mission} · {ending.name.plain()}")
        moved = self.script(state, scene, show, ending.statements, at, None)
        if moved:
            return True
        if not isinstance(state.at, AtEnd):
            state.at = AtEnd(f"Your {at.stat} has run out: the game ends.")
        return False
