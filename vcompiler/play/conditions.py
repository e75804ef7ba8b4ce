"""What each condition of the registry (registry/conditions.py) tests in the state: one
function per test, so that a condition added to the registry alone fails a test rather
than being read as false at the table."""
from __future__ import annotations

from collections.abc import Callable

from vcompiler.model import types as m
from vcompiler.play.state import State


def _number(value: object) -> int:
    return value if isinstance(value, int) else int(str(value))


def _d10(state: State, c: m.Condition) -> bool:
    return _number(c.key) <= state.counters.get("d10", 0) <= _number(c.more[0])


def _threat_here(state: State, c: m.Condition) -> bool:
    threat = str(c.key)
    return threat in state.threats and state.threats[threat] == state.sector


TESTS: dict[str, Callable[[State, m.Condition], bool]] = {
    "checked_log": lambda state, c: c.key in state.checked,
    "has_unique": lambda state, c: c.key in state.uniques,
    "mission_active": lambda state, c: isinstance(c.key, str) and state.missions.get(c.key) == "active",
    "mission_revealed": lambda state, c: c.key in state.missions,
    "has_discovery": lambda state, c: state.counters.get(f"discovery_{c.key}", 0) > 0,
    "has_success": lambda state, c: state.counters.get("success", 0) >= _number(c.key),
    "threat_in_sector": lambda state, c: state.threats.get(str(c.key)) == c.more[0],
    # play keeps where a threat stands, not on which board: the sector is what it tests
    "threat_in_planet_sector": lambda state, c: state.threats.get(str(c.key)) == c.more[0],
    "threat_here": _threat_here,
    # play follows one Crewmember, and the Away Team with it: no one is left behind
    "crew_apart": lambda state, c: False,
    "d10": _d10,
    "has_card": lambda state, c: c.key in state.cards,
    # play keeps a count of skill tokens, not which skills they are
    "has_skill": lambda state, c: state.counters.get("skills", 0) > 0,
    "has_coins": lambda state, c: state.counters.get("coin", 0) >= _number(c.key),
    "player_here": lambda state, c: False,          # one player at the table
}


def holds(state: State, condition: m.Condition) -> bool:
    return TESTS[condition.kind](state, condition)
