"""The vanguard planet board at the table: a turn's two Actions (travel along a path,
one Special Action, Prepare or Rest), the goals to claim, lift-off and evacuation; the
path's icons, the sectors, dice checks and their tracks, Time Tracks, threats, and the
Event card drawn at the end of a turn. A part of machine.Game."""
from __future__ import annotations

from vcompiler.model import types as m
from vcompiler.play import params
from vcompiler.play.cards import danger_dice, danger_icons, face_lines, words
from vcompiler.play.effects import PAID, danger_table
from vcompiler.play.positions import (
    AtAct,
    AtBoard,
    AtCheck,
    AtEnd,
    AtGoal,
    AtPath,
    AtRow,
    AtSector,
    AtSupplies,
    Position,
)
from vcompiler.play.reading import Reader
from vcompiler.play.scene import Option, Scene, cap
from vcompiler.play.state import State
from vcompiler.render import voice
from vcompiler.render.cards import THREAT_ROWS, requirement, setup_steps

LEAVING = 0.05
# A threat's rows that say what its attack does, by whether a Crewmember shares its Sector (RB 1447).
ATTACK_ROWS = {True: "attack", False: "alone"}
# RB 1069: a Crewmember's turn is two Actions, one of them at most a Special Action.
ACTIONS_A_TURN = 2
# How often random play claims a goal met, against 1 for an Action: its requirement is
# in words play cannot test, so the claim is the player's.
GOAL_CLAIM = 0.2
# The Supplies a Lander may start with, asked at landing where the board does not print them.
SUPPLIES_ASKED = tuple(range(1, 11))
# The board's options that are there on every turn, with the letters a person types for
# them: the same at every prompt, whatever else comes and goes.
KEYS = {"Lift off": "l", "Evacuate": "e", "Prepare": "p", "Rest": "r"}
# RB: evacuating leaves the planet at once, wherever the crew is.
EVACUATE = "Evacuating ends the exploration: the crew leaves the planet at once. Evacuate?"


class BoardRules(Reader):
    def planet(self, state: State) -> m.Planet:
        if state.planet is None:
            raise ValueError("the players are on no planet")
        return self.planets[state.planet]

    def at_board(self, state: State, scene: Scene, show: bool) -> bool:
        if state.supplies is None and self.condition(state)[2] is None:
            return self._ask_supplies(scene, show)
        if state.actions >= ACTIONS_A_TURN:
            moved = self._end_turn(state)
            self.flush(scene, show)
            if moved is not None:
                return self.move(state, moved)
        planet = self.planet(state)
        here = state.sector
        poi = self.poi_at(state, here)
        card = self.cards.get(poi) if poi else None
        threats = [t for t, sector in state.threats.items() if sector == here]
        # RB 1114, 1741: a No Travel icon anywhere in the Sector (its POI, a threat there)
        # keeps the Crewmembers in it.
        blocking = [c for c in (card, *(self.cards.get(t) for t in threats))
                    if c is not None and "no_travel" in c.flags]
        closed: list[str] = []
        options = [] if blocking else self._travel_options(state, planet, closed)
        # RB 1101-1108: the Special Actions a Crewmember may take here: the board's in the
        # Sector, its POI's, the Global Conditions', a Threat's in the Sector, revealed
        # Missions'; one a turn (RB 1069).
        active = [self.cards[mission] for mission, status in state.missions.items()
                  if status == "active" and mission in self.cards]
        if not state.special:
            options += self._special_options(state, planet, [card, *(self.cards.get(t) for t in threats),
                                                             *(self.cards.get(c) for c in sorted(state.conditions)),
                                                             *active])
        options += self._leaving_options(planet, here)
        options += self._goals(state, active, planet)
        options += self._turn_options(state, planet, closed)
        if show:
            self._board_lines(state, scene, planet, card, threats, blocking)
            scene.lines.extend(closed)
        self.arrived = False
        scene.options = options
        return True

    def _travel_options(self, state: State, planet: m.Planet, closed: list[str]) -> list[Option]:
        """The paths out of the Sector, those whose costs cannot be paid in full told in `closed`."""
        sectors = {s.number: s for s in planet.sectors}
        here = state.sector
        options = []
        for path in planet.paths:
            other = path.b if path.a == here else path.a if path.two_way and path.b == here else None
            if other is None or here is None:
                continue
            cost = ", ".join(words(voice.target(c)) for c in path.costs)
            name = f" {sectors[other].name}" if other in sectors and sectors[other].name else ""
            if not all(self.payable(state, c) for c in path.costs):
                closed.append(f"You cannot travel to Sector {other}{name}: its path costs {cost}, "
                              "and you cannot pay that in full.")
                continue
            options.append(Option(f"Travel to Sector {other}{name}" + (f" ({cost})" if cost else ""),
                                  then=AtPath(here, other), action=True))
        return options

    def _special_options(self, state: State, planet: m.Planet, holders: list[m.Card | None]) -> list[Option]:
        options = [_action_option(f"{self.card_name(holder.id)}: {action.name}", action, holder.id, index)
                   for holder in holders if holder is not None for index, action in enumerate(holder.actions)]
        sector = next((s for s in planet.sectors if s.number == state.sector), None)
        options += [_action_option(f"Sector {state.sector}: {action.name}", action, f"sector {state.sector}", index)
                    for index, action in enumerate(sector.actions if sector is not None else ())]
        return options

    def _leaving_options(self, planet: m.Planet, here: int | None) -> list[Option]:
        landers = {s.number for s in planet.sectors if s.lander}
        options = []
        for what, effects in (("Lift off", planet.lift_off), ("Evacuate", planet.evac)):
            # RB: lift-off is done from the lander sector; evacuation ends it anywhere.
            if effects and (what == "Evacuate" or here in landers or not landers):
                options.append(Option(what, tuple(effects), then=AtBoard(), weight=LEAVING, key=KEYS[what],
                                      confirm=EVACUATE if what == "Evacuate" else None))
        return options

    def _turn_options(self, state: State, planet: m.Planet, closed: list[str]) -> list[Option]:
        """RB 1073, 1135-1150: Prepare and Rest are Actions too; play keeps no dice or
        Section cards, so Prepare only takes up the Action, and Rest costs its Supplies:
        with none left, you cannot Rest (RB 1146)."""
        options = [Option("Prepare (draw Section cards; play keeps none)", then=AtBoard(), action=True,
                          key=KEYS["Prepare"])]
        rest = m.Effect("lose_supplies", (("amount", 1),), planet.span)
        if self.payable(state, rest):
            paid = "the [supplies] Supplies are unlimited" if self.unlimited(state) else "lose 1 [supplies]"
            options.append(Option(f"Rest ({paid}; refresh dice, which play keeps none of)", (rest,),
                                  then=AtBoard(), action=True, key=KEYS["Rest"]))
        else:
            closed.append("You have no [supplies] left: you cannot Rest.")
        return options

    def _board_lines(self, state: State, scene: Scene, planet: m.Planet, card: m.Card | None,
                     threats: list[str], blocking: list[m.Card]) -> None:
        """Where the crew is, the card of its Sector (on arrival), who else is there."""
        here = state.sector
        sector = next((s for s in planet.sectors if s.number == here), None)
        name = f" {sector.name}" if sector and sector.name else ""
        shown = f": {self.card_name(card.id)}" if card else ""
        scene.lines.append(f"── {planet.name}, Sector {here}{name}{shown} · turn {state.turn}, "
                           f"Action {state.actions + 1} of {ACTIONS_A_TURN}")
        face = self.face(card.kind, card.id) if card is not None and self.arrived else None
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

    def _ask_supplies(self, scene: Scene, show: bool) -> bool:
        """RB 1473: the Lander's Capacity says how many Supplies the exploration starts
        with, where the board prints no Supplies track; which Lander the table took, the
        pack does not know."""
        if show:
            scene.lines.append("How many [supplies] Supplies does your Lander start with (its Capacity)?")
        scene.options = [Option(f"{n} [supplies]", then=AtSupplies(n)) for n in SUPPLIES_ASKED]
        return True

    def at_supplies(self, at: AtSupplies, state: State) -> bool:
        state.supplies = at.amount
        state.add("supplies", at.amount)
        state.at = AtBoard()
        return False

    def _goals(self, state: State, missions: list[m.Card], planet: m.Planet) -> list[Option]:
        """RB 1400: a mission's Completion, triggered before or after any Action once its
        requirement is met; RB 804: a Rank-Up card flipped once its goal is. The
        requirement is in words: the player says it is met."""
        cards = [*missions, *(self.cards[r] for r in planet.rank_ups if r in self.cards and r not in state.goals)]
        options: list[Option] = []
        for card in cards:
            what = f"Mission {self.card_name(card.id)}" if card.kind == "mission" else f"Rank-Up card {card.name}"
            for r, row in enumerate(card.rows):
                if row.kind == "goal":
                    met = f" ({words(voice.rich_line(row.text)).removesuffix('.')})" if row.text is not None else ""
                    options.append(Option(f"{what}: its goal is met{met}", then=AtGoal(card.id, r),
                                          weight=GOAL_CLAIM))
        return options

    def at_goal(self, at: AtGoal, state: State, scene: Scene, show: bool) -> bool:
        card_id = at.card
        card = self.cards[card_id]
        if at.step == 0:
            if card.kind == "mission":
                state.missions[card_id] = "complete"        # RB 1400: the mission is discarded
                said = f"Mission {self.card_name(card_id)} is complete."
            else:
                state.goals.add(card_id)
                said = f"You flip Rank-Up card {card.name} to its Completed side."
            if show:
                scene.lines.append(said)
        return self.effects(state, scene, show, card.rows[at.row].effects, at, AtBoard(), (card_id, None))

    def _end_turn(self, state: State) -> Position | None:
        """RB 1069-1083: after two Actions the turn ends, and the Crewmember draws and
        resolves an Event card."""
        self.note(f"End of turn {state.turn}.")
        state.turn += 1
        state.actions = 0
        state.special = False
        events = self.planet(state).events
        if events is not None and not self.holds(state, events):
            # RB 747: the planet keeps the Event deck out of play until then.
            self.note(f"No Event card is drawn. The planet's rule: {words(voice.events_rule(events))}")
            return None
        return self._draw_event(state)

    def _draw_event(self, state: State) -> Position | None:
        """RB 1417-1422: the top Event card; its main effect when one of its biomes is in
        the Sector (its POI's included), else its secondary effect; then discarded."""
        if not state.deck:
            # RB 1419: an empty deck is the discard pile shuffled; both empty, the deck is new.
            setup = self.planet(state).setup if state.planet else None
            # RB 1511: the setup's Event cards are the deck, when it names them.
            chosen = set(setup.events) if setup is not None and setup.events else None
            state.deck = state.discard or [c.id for c in self.pack.cards if c.kind == "event"
                                           and (chosen is None or c.id in chosen) for _ in range(c.copies or 1)]
            state.discard = []
            self.random.shuffle(state.deck)
        if not state.deck:
            return None
        event = self.cards[state.deck.pop(0)]
        state.discard.append(event.id)
        self.note(f"You draw an Event card: {self.card_name(event.id)}.")
        self._show_card("event", event.id)
        planet = self.planet(state)
        sector = next((s for s in planet.sectors if s.number == state.sector), None)
        poi = self.cards.get(self.poi_at(state, state.sector) or "")
        here = {*(sector.biomes if sector else ()), *(poi.biomes if poi else ())}
        matched = [b for b in event.biomes if b in here]
        effects = event.main if matched else event.secondary
        said = cap(words(voice.effects_sentence(effects)))
        self.note(f"{', '.join(f'[{b}]' for b in matched)} is in your Sector: its main effect: {said}" if matched
                   else f"None of its biomes is in your Sector: its secondary effect: {said}")
        return self.resolve(state, effects, (event.id, None))

    def at_path(self, at: AtPath, state: State, scene: Scene, show: bool) -> bool:
        """RB 1118-1122: each icon on the path is resolved, in order; the Travel icon by the
        current Global Condition's travel effect. Until they are, the Crewmember is still
        in the Sector they left; then they arrive."""
        start, end, k = at.start, at.end, at.step
        path = next((p for p in self.planet(state).paths
                     if (p.a, p.b) == (start, end) or p.two_way and (p.b, p.a) == (start, end)), None)
        if path is None:
            state.at = AtEnd(f"there is no path from Sector {start} to Sector {end}")
            return False
        while k < len(path.costs):
            cost = path.costs[k]
            k += 1
            state.at = AtPath(start, end, k)
            if cost.op != "travel":
                self.note(f"On the path: {words(voice.said(cost))}.")
            moved = self.apply(state, cost, None)
            self.flush(scene, show)
            if moved is not None:
                return self.move(state, moved)
        state.at = AtSector(end)
        return False

    def condition(self, state: State) -> tuple[str, tuple[m.Choice, ...], str | int | None]:
        """The Global Condition in the board's corner (RB 443): a card put there, else the
        one printed on the board: its name, its travel effect, its Supplies."""
        card = self.cards.get(state.condition or "")
        if card is not None:
            return self.card_name(card.id), card.travel, card.supplies
        printed = self.planet(state).printed_conditions if state.planet else ()
        if printed:
            return printed[0].name, printed[0].travel, printed[0].supplies
        return "(none)", (), None

    def payable(self, state: State, effect: m.Effect) -> bool:
        """Whether an effect can be paid in full (RB 1426): Supplies, unless the Global
        Condition makes them unlimited; the Travel icon, when every choice of the Global
        Condition's travel effect has an option that can be. A die to spend or sacrifice
        always can: without one, the rules take another (RB 1709, 1735)."""
        if effect.op == "lose_supplies":
            amount = params.number(effect, "amount")
            return (self.unlimited(state) or amount is None
                    or state.counters.get("supplies", 0) >= amount)
        if effect.op == "travel":
            return all(any(self.payable(state, e) for e in choice.options) for choice in self.condition(state)[1])
        if effect.op in PAID:
            return self.can_pay(state, effect)
        return True

    def unlimited(self, state: State) -> bool:
        return state.planet is not None and self.condition(state)[2] == "unlimited"

    def at_sector(self, at: AtSector, state: State) -> bool:
        """Arriving in a sector: a sector that prints a log sends the players there."""
        state.sector = at.number
        sector = next((s for s in self.planet(state).sectors if s.number == state.sector), None)
        if sector is not None and sector.goto is not None:
            return self.move(state, self.apply(state, sector.goto, None))
        self.arrived = True         # the board shows the sector's POI card once, on arrival
        state.at = AtBoard()
        return False

    def explored(self, state: State) -> list[int]:
        """RB 1743: the Sectors a Final POI marks fully explored."""
        if state.planet is None:
            return []
        return [s.number for s in self.planet(state).sectors
                if "final" in getattr(self.cards.get(self.poi_at(state, s.number) or ""), "flags", ())]

    def poi_at(self, state: State, sector_number: int | None) -> str | None:
        placed = state.pois.get(f"{state.planet}:{sector_number}")
        if placed is not None:
            return placed
        sector = next((s for s in self.planet(state).sectors if s.number == sector_number), None)
        return sector.printed_poi if sector else None

    def special_action(self, state: State, holder: str, index: int) -> m.CheckAction:
        """The Special Action of a card, or of a sector of the planet ("sector 3")."""
        if holder.startswith("sector "):
            number = int(holder.split()[1])
            return next(s for s in self.planet(state).sectors if s.number == number).actions[index]
        return self.cards[holder].actions[index]

    def at_check(self, at: AtCheck, state: State, scene: Scene, show: bool) -> bool:
        poi, index = at.holder, at.index
        action = self.special_action(state, poi, index)
        options: list[Option] = []
        for r, row in enumerate(action.rows):
            if row.kind == "track":
                continue          # reached by progressing its track, not rolled
            what = {"outcome": f"{row.key} outcome", "special": "special"}.get(row.kind, f"{row.kind} {row.key or ''}")
            needs = words(requirement(row.requirement))
            shown = needs and row.kind in ("outcome", "special")
            options.append(Option(f"{cap(what)}{f' ({needs})' if shown else ''}: "
                                  f"{words(voice.effects_sentence(row.effects))}", then=AtRow(poi, index, r)))
        if show:
            owner = self.card_name(poi) if poi in self.cards else cap(poi)
            scene.lines.append(f"── {owner}: {action.name}. Roll, then pick what came up.")
            if action.danger:
                # RB 1183, 1229: the Danger dice roll with the check and are read after the Injury dice.
                letter = action.danger_letter
                scene.lines.append(f"Roll {danger_icons(action.danger, letter)} with your dice; after the Injury dice, "
                                   + (danger_table(self.pack, letter) if letter else
                                      "look each up on the Danger die Reference card (the card names no table)."))
            for row in action.rows:
                if row.kind == "track":
                    marked = state.tracks.get(_track_key(poi, index, row.key), 0)
                    scene.lines.append(f"[{row.key}] track: {marked} of {row.number} spaces marked; "
                                       f"then: {words(voice.effects_sentence(row.effects))}")
        scene.options = options
        return True

    def at_act(self, at: AtAct, state: State, scene: Scene, show: bool) -> bool:
        holder, index = at.holder, at.index
        action = self.special_action(state, holder, index)
        if show and at.step == 0:
            owner = self.card_name(holder) if holder in self.cards else cap(holder)
            scene.lines.append(f"── {owner}: {action.name}")
            scene.lines.extend(words(p) for t in action.text for p in voice.rich(t))
        return self.effects(state, scene, show, action.effects, at, AtBoard(), (holder, index))

    def at_row(self, at: AtRow, state: State, scene: Scene, show: bool) -> bool:
        row = self.special_action(state, at.holder, at.index).rows[at.row]
        return self.effects(state, scene, show, row.effects, at, AtBoard(), (at.holder, at.index))

    def to_board(self, state: State) -> Position:
        if not self.pack.planets:
            return AtEnd("Back to the planet (this pack has no planet board).")
        if state.planet is None:
            planet = self.pack.planets[0]
            state.planet = planet.id
            lander = next((s.number for s in planet.sectors if s.lander), None)
            state.sector = lander if lander is not None else (planet.sectors[0].number if planet.sectors else None)
            known = {s.number for s in planet.sectors}
            if planet.setup is not None and planet.setup.start and planet.setup.start[0] in known:
                # RB 448: the setup says where the minis stand; the game starts from it.
                state.sector = planet.setup.start[0]
            self.note(f"── Landing on {planet.name}")
            self.arrived = True
            self.note([words(p) for t in planet.text for p in voice.rich(t)])
            if planet.setup is not None:
                self.note("Setup:")
                self.note([f"{n}. {words(step)}" for n, step in enumerate(setup_steps(self.pack, planet), 1)])
            # RB 1045-1051: the board's Global Condition and Mission cards are placed and read at landing.
            for printed in planet.printed_conditions:
                self.note(f"Global Condition {printed.name} (printed on the board): [travel] "
                           f"{words(voice.effects_sentence(printed.travel))}")
            for condition in planet.condition_cards:
                state.condition = condition
                if condition not in state.conditions:
                    state.conditions.add(condition)
                    self._show_card("condition", condition)
            supplies = self.condition(state)[2]
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
        return AtBoard()

    def mark_track(self, state: State, holder: str, index: int, colour: str, step: int) -> Position | None:
        """RB 1250: a dice check's track: a marker moves a space; on its last, its effect."""
        key = _track_key(holder, index, colour)
        rows = self.special_action(state, holder, index).rows
        r = next((i for i, row in enumerate(rows) if row.kind == "track" and row.key == colour), None)
        marked = max(state.tracks.get(key, 0) + step, 0)
        state.tracks[key] = marked
        if r is None:
            return None
        length = rows[r].number or 0
        self.note(f"The [{colour}] track: {min(marked, length)} of {length} spaces marked.")
        if marked < length:
            return None
        state.tracks.pop(key)
        return AtRow(holder, index, r)

    def _time_tracks(self, state: State) -> list[str]:
        """The cards in play with a Time Track: Global Conditions, threats, POIs on the board."""
        planet = self.planets.get(state.planet) if state.planet else None
        pois = [self.poi_at(state, s.number) for s in planet.sectors] if planet else []
        cards = [*sorted(state.conditions), *state.threats, *(p for p in pois if p)]
        return [c for c in dict.fromkeys(cards) if self._track_rows(c)]

    def track_length(self, card_id: object) -> int:
        return max((r.number or 0 for r in self._track_rows(card_id)), default=0)

    def _track_rows(self, card_id: object) -> list[m.Row]:
        card = self.cards.get(str(card_id))
        return [r for r in card.rows if r.kind in ("time", "space") and r.number] if card else []

    def move_time(self, state: State, verb: str, card: str | None, holder: str | None) -> Position | None:
        """RB 913-923, 1430-1447: progress, reduce or reset Time Tracks. Without a card named,
        the track of the card being resolved (`holder`), else every track in play."""
        if card is not None:
            cards = [card]
        elif holder is not None and self._track_rows(holder):
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

    def _progress(self, state: State, card_id: str) -> Position | None:
        """The Time token moves a space; the effect printed at the space it enters is resolved."""
        rows = self._track_rows(card_id)
        if not rows or card_id in self.resolving:
            return None          # a track whose effect progresses every track moves once
        length = self.track_length(card_id)
        space = min(state.tracks.get(card_id, 0) + 1, length)
        state.tracks[card_id] = space
        reached = [r for r in rows if r.number == space]
        self.note(f"Time Track of {self.card_name(card_id)}: space {space} of {length}"
                   + (f": {words(voice.effects_sentence(reached[0].effects))}" if reached else "."))
        self.resolving.add(card_id)
        try:
            for row in reached:
                moved = self.resolve(state, row.effects, (card_id, None))
                if moved is not None:
                    return moved
        finally:
            self.resolving.discard(card_id)
        return None

    def threat_moves(self, state: State, threat: str) -> None:
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
            self.note(f"Threat {name} has no connected Sector to move to: it stays in Sector {start}.")
            return
        picked = self.decision(f"Threat {name} moves from Sector {start} to a connected Sector"
                           + (f"; its card says: “{said}”" if said else "."), labels)
        where = connected[picked] if picked < len(connected) else start
        state.threats[threat] = where
        self.note(f"Threat {name} moves to Sector {where}." if where != start
                   else f"Threat {name} stays in Sector {start}.")

    def threat_attacks(self, state: State, threat: str, times: int) -> Position | None:
        """RB 1447: an attack hits the Crewmembers in the threat's Sector; with none there,
        the threat does what its card says it does alone."""
        card = self.cards.get(threat)
        for _ in range(times):
            kind = ATTACK_ROWS[state.sector == state.threats.get(threat)]
            for row in (r for r in card.rows if r.kind == kind) if card else ():
                self.note(f"{THREAT_ROWS[kind]}: {words(voice.effects_sentence(row.effects))}")
                moved = self.resolve(state, row.effects, (threat, None))
                if moved is not None:
                    return moved
        return None


def _action_option(label: str, action: m.CheckAction, holder: str, index: int) -> Option:
    """A Special Action: a dice check, or one read and done without dice."""
    if not action.dice_check:
        return Option(label, then=AtAct(holder, index), action=True, special=True)
    dice = f", {danger_dice(action.danger, action.danger_letter)}" if action.danger else ""
    return Option(f"{label} (dice check{dice})", then=AtCheck(holder, index), action=True, special=True)


def _track_key(holder: str, index: int, colour: object) -> str:
    """The key of a dice check's track in State.tracks: "P104 0 green"."""
    return f"{holder} {index} {colour}"
