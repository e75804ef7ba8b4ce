"""What each effect form does at the table: every op of the registry (registry/forms.py)
has a handler here, or is declared in UNCHANGED with why play keeps nothing of it. A
form added to the registry alone fails tests/test_play.py instead of printing in `play`
and doing nothing.

A handler changes the state (and says, through the game's notes, what the table does
beside it) and returns the position the effect moves to, if it moves."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from vcompiler.model import types as m
from vcompiler.play import params
from vcompiler.play.cards import words
from vcompiler.play.positions import AtArrival, AtEnd, AtLog, AtRow, Position
from vcompiler.play.state import State
from vcompiler.render import voice

if TYPE_CHECKING:
    from vcompiler.play.machine import Game

# The card being resolved and, for a Special Action's dice check, the action's index.
Context = tuple[str, int | None]
Handler = Callable[["Game", State, m.Effect, "Context | None"], "Position | None"]

# Effects that change a counter the state keeps: the counter, and the sign of the amount.
COUNTERS: dict[str, tuple[str, int]] = {
    "gain_success": ("success", 1), "gain_supplies": ("supplies", 1), "lose_supplies": ("supplies", -1),
    "gain_lead": ("lead", 1), "gain_lead_on": ("lead", 1),     # lead gained on a discovery deck is lead
    "gain_charge": ("charge", 1), "lose_charge": ("charge", -1),
    "gain_time": ("time", 1), "gain_morale": ("morale", 1), "gain_health": ("health", 1),
    "lose_time": ("time", -1), "lose_morale": ("morale", -1), "lose_health": ("health", -1),
    "gain_boost": ("boost", 1), "lose_boost": ("boost", -1), "gain_coin": ("coin", 1), "lose_coin": ("coin", -1),
    # VR 16: a hazard suffered costs 1 time (or 1 morale and 1 health)
    "suffer_heat": ("time", -1), "suffer_cold": ("time", -1), "suffer_hypoxia": ("time", -1),
}
# What `pay ...` takes: the counter it lowers (VR 94).
PAID: dict[str, str] = {"pay_coin": "coin", "pay_boost": "boost", "pay_time": "time", "pay_morale": "morale",
                        "pay_health": "health", "pay_skill": "skills"}
# Time Tracks: the verb, and whether every track in play moves.
TIME_VERBS: dict[str, tuple[str, bool]] = {
    **{f"{verb}_time": (verb, False) for verb in ("progress", "reduce", "reset")},
    **{f"{verb}_all_time": (verb, True) for verb in ("progress", "reduce", "reset")},
}
# Time Tracks of a named card.
TIME_OF: dict[str, str] = {f"{verb}_time_of_{kind}": verb for verb in ("progress", "reduce", "reset")
                           for kind in ("poi", "threat", "condition")}
MISSION_STATUS = {"reveal_mission": "active", "complete_mission": "complete", "fail_mission": "failed"}

# Ops that change nothing play keeps, and why: play keeps no dice, Section cards, Ship
# Book or box, and one player sits at the table.
UNCHANGED: dict[str, str] = {
    "nothing": "nothing happens",
    "draw_section": "play keeps no Section cards",
    "discard_section": "play keeps no Section cards",
    "sacrifice_section": "play keeps no Section cards",
    "spend_die": "play keeps no dice",
    "sacrifice_die": "play keeps no dice",
    "refresh_dice": "play keeps no dice",
    "remove_injury_die": "play keeps no dice",
    "flip_injury": "a face-down Injury is still held, and play reads no face of it",
    "gain_top_unique": "which Unique Discovery lies on top of the board, the pack does not say",
    "gain_shipbook": "play keeps no Ship Book",
    "remove_poi_from_game": "play keeps no box of cards out of the game",
    "remove_card_from_game": "play keeps no box of cards out of the game",
    "remove_named_poi_from_game": "play keeps no box of cards out of the game",
    "remove_named_card_from_game": "play keeps no box of cards out of the game",
    "move_player_along": "one player sits at the table",
}


def _goto_log(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    return AtLog(params.count(effect, "log", 0))


def _goto_location(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    return AtArrival(params.count(effect, "location", 0))


def _return(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    return game.to_board(state)


def _exploration_ends(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    # Back to the Rulebook or the Ship Book: the Planetary Exploration is over (RB 1546).
    return AtEnd("The exploration ends.")


def _game_ends(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    return AtEnd("The game ends.")


def _outcome(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    """`then`/`immediate`: another outcome row of the dice check being resolved."""
    if context is None:
        return None
    holder, index = context
    if index is None:
        return None
    rows = game.special_action(state, holder, index).rows
    outcome = params.word(effect, "outcome")
    r = next((i for i, row in enumerate(rows) if row.kind == "outcome" and row.key == outcome), None)
    return AtRow(holder, index, r) if r is not None else None


def _track(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    """A marker on a dice check's track: of the action being resolved, or on a threat's
    time track, of the threat's own action with that track."""
    if context is None:
        return None
    holder, index = context
    colour = params.word(effect, "track")
    card = game.cards.get(holder)
    if index is None and card is not None:
        index = next((i for i, a in enumerate(card.actions)
                      if any(r.kind == "track" and r.key == colour for r in a.rows)), None)
    if index is None:
        return None
    return game.mark_track(state, holder, index, colour, 1 if effect.op == "progress_track" else -1)


def _time(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    verb, every = TIME_VERBS[effect.op]
    return game.move_time(state, verb, None, None if every or context is None else context[0])


def _time_of(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    return game.move_time(state, TIME_OF[effect.op], params.word(effect, "card"), None)


def _threat_move(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    if context is not None and context[0] in state.threats:
        game.threat_moves(state, context[0])
    return None


def _threat_attack(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    if context is not None and context[0] in state.threats:
        return game.threat_attacks(state, context[0], params.count(effect))
    return None


def _travel(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    """RB 1121: a Travel icon, on a path or a card, costs what the Global Condition says."""
    if state.planet is None:
        return None
    name, travel, _ = game.condition(state)
    asked = any(sum(game.payable(state, e) for e in c.options) > 1 for c in travel)
    # a choice the table is asked is said by its question
    game.note(f"Travel icon: pay what Global Condition {name} says." if asked
              else f"Travel icon: Global Condition {name}: {words(voice.effects_sentence(travel))}"
              if travel else f"Travel icon: Global Condition {name} says no travel cost.")
    return game.resolve(state, travel, None)


def danger_table(pack: m.Pack, letter: str) -> str:
    """Where the table reads a Danger die of `letter`: the pack's own printed table, or
    the box's Reference card."""
    table = next((c for c in pack.cards if c.kind == "danger" and c.id == letter), None)
    said = (f": {table.name}: " + " ".join(words(x) for t in table.text for x in voice.rich(t))
            if table is not None and table.text else ".")
    return f"look it up in table {letter} of the Danger die Reference card{said}"


def _roll_danger(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    # Play rolls no dice: the table rolls, and reads the pack's own table of the die.
    die = params.word(effect, "die")
    game.note(f"Roll the [danger {die}] Danger die and {danger_table(game.pack, str(die))}")
    return None


def _roll_d10(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    # Play rolls no dice: the face follows from the reading so far, so that a saved
    # game replays the same.
    state.counters["d10"] = 1 + (state.read * 7 + state.turn * 3) % 10
    return None


def _counter(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    counter, sign = COUNTERS[effect.op]
    amount = params.number(effect, "amount")
    if amount is None:
        return None
    if counter == "supplies" and sign < 0 and game.unlimited(state):
        return None             # RB 701: the Global Condition's Supplies are unlimited
    state.add(counter, sign * amount)
    return None


def _pay(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    game.pay(state, effect)
    return None


def _gain_unique(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    unique = params.number(effect, "unique")
    if unique is not None:
        state.uniques.add(unique)
    return None


def _gain_injury(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    state.cards.append(params.word(effect, "injury"))
    return None


def _remove_injury(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    """The Injury named, or, unnamed, the first one held (the table picks which)."""
    named = params.optional_word(effect, "injury")
    held = [c for c in state.cards if isinstance(c, str) and (named is None or c == named)]
    if held:
        state.cards.remove(held[0])
    return None


def _gain_card(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    card = params.key(effect)
    if card in state.cards:
        return None
    state.cards.append(card)
    placed = game.vcards[card].placed if isinstance(card, int) and card in game.vcards else ()
    for choice in placed:
        game.apply(state, game.one(state, choice), None)
    return None


def _lose_card(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    card = params.key(effect)
    if card in state.cards:
        state.cards.remove(card)
    return None


def _place_in_center(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    card = params.key(effect)
    if card not in state.cards:
        state.cards.append(card)         # VR 43: card actions of the center are open to all
    return None


def _mission(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    state.missions[params.word(effect, "card")] = MISSION_STATUS[effect.op]
    return None


def _completion(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    # Keyed "mission 1601", "destiny 1705": vantage missions and destinies are numbered cards.
    kind = "mission" if effect.op == "complete_mission_card" else "destiny"
    state.missions[f"{kind} {params.word(effect, 'card')}"] = "complete"
    return None


def _set_condition(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    card = params.word(effect, "card")
    state.conditions.add(card)
    state.condition = card            # RB 443: it replaces the one on the board
    return None


def _replace_poi(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    # RB 119: `sector N of PLANET` places it on that planet's board, whichever is played.
    planet = effect.param("planet") or state.planet
    if planet is not None:
        sector = state.sector if effect.op == "replace_poi" else params.number(effect, "sector")
        state.pois[f"{planet}:{sector}"] = params.word(effect, "card")
    return None


def _place_threat(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    state.threats[params.word(effect, "card")] = params.count(effect, "sector", 0)
    return None


def _place_standee(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    state.standees.setdefault(params.word(effect, "card"), []).append(params.count(effect, "sector", 0))
    return None


def _remove_threat(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    card = params.word(effect, "card")
    state.threats.pop(card, None)
    state.standees.pop(card, None)
    state.tracks.pop(card, None)
    return None


def _move_crew(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    """RB 1741: an effect may move a Crewmember out of a No Travel Sector; a Sector that
    prints a log is read on arrival (RB 1133)."""
    if state.planet is None:
        return None
    state.sector = params.number(effect, "sector")
    game.arrived = True
    game.note(f"You move to Sector {state.sector}.")
    sector = next((s for s in game.planet(state).sectors if s.number == state.sector), None)
    if sector is not None and sector.goto is not None:
        return game.apply(state, sector.goto, None)
    return None


def _continue(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    state.counters["continue"] = 1
    return None


def _gain_skill(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    state.add("skills", 1)
    return None


def _lose_skill(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    state.add("skills", -1)           # VR 86: losing what you do not have is ignored
    return None


def _gain_discovery(game: Game, state: State, effect: m.Effect, context: Context | None) -> Position | None:
    state.add(f"discovery_{params.word(effect, 'kind')}", 1)
    return None


HANDLERS: dict[str, Handler] = {
    "goto_log": _goto_log, "goto_location": _goto_location, "return": _return,
    "end_exploration": _exploration_ends, "return_to_rulebook": _exploration_ends,
    "return_to_shipbook": _exploration_ends, "end_game": _game_ends,
    "then": _outcome, "immediate": _outcome, "progress_track": _track, "reduce_track": _track,
    **{op: _time for op in TIME_VERBS}, **{op: _time_of for op in TIME_OF},
    "threat_move": _threat_move, "threat_attack": _threat_attack, "travel": _travel,
    "roll_danger": _roll_danger, "roll_d10": _roll_d10,
    **{op: _counter for op in COUNTERS}, **{op: _pay for op in PAID},
    "gain_unique": _gain_unique, "gain_injury": _gain_injury, "remove_injury": _remove_injury,
    "gain_card": _gain_card, "lose_card": _lose_card, "place_in_center": _place_in_center,
    **{op: _mission for op in MISSION_STATUS},
    "complete_mission_card": _completion, "complete_destiny": _completion,
    "set_condition": _set_condition, "replace_poi": _replace_poi, "replace_poi_in_sector": _replace_poi,
    "place_poi": _replace_poi, "place_threat": _place_threat, "place_standee": _place_standee,
    "remove_threat": _remove_threat, "move_crew": _move_crew,
    "continue": _continue, "may_continue": _continue,
    "gain_skill": _gain_skill, "lose_skill": _lose_skill, "gain_discovery": _gain_discovery,
}


def unmeant(ops: Iterable[str]) -> list[str]:
    """The ops among `ops` that play gives no meaning: neither a handler nor a reason to keep nothing."""
    return sorted(op for op in ops if op not in HANDLERS and op not in UNCHANGED)
