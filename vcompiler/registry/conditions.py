"""The conditions of `if CONDITION -> ...`: each a shape of words, the game it belongs
to, the kind of entity its subject names (a reference, checked like an effect's) and
its printed wording. The resolver matches a condition's words against these shapes;
the storybooks and the Logbook print it from `says`."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ConditionForm:
    test: str                      # the bundle's `test`
    shape: tuple[str, ...]         # literal words, and one slot: <number>, <label>, <card> (M01) or <word>
    game: str
    says: str                      # the printed clause; {subject} the slot's value
    refers: str | None = None      # the kind of entity the slot names

    def spelling(self) -> str:
        return " ".join(SLOT_SPELLING.get(w, w) for w in self.shape)

    def slot(self) -> int | None:
        return next((i for i, w in enumerate(self.shape) if w.startswith("<")), None)

    def matches(self, words: tuple[tuple[str, object], ...]) -> bool:
        """`words` as (kind, value) pairs, the kind a token's: word, number, label, card."""
        if len(words) != len(self.shape):
            return False
        for want, (kind, value) in zip(self.shape, words):
            if want.startswith("<"):
                if want[1:-1] != kind:
                    return False
            elif kind != "word" or value != want:
                return False
        return True


SLOT_SPELLING = {"<number>": "N", "<label>": "@label", "<card>": "M01", "<word>": "NAME"}


CONDITIONS: tuple[ConditionForm, ...] = (
    ConditionForm("checked_log", ("checked", "log", "<number>"), "vanguard", "if log {subject} is checked", "log"),
    ConditionForm("checked_log", ("checked", "log", "<label>"), "vanguard", "if log {subject} is checked", "log"),
    ConditionForm("has_unique", ("has", "unique", "<number>"), "vanguard",
                  "if you have unique discovery {subject}", "unique"),
    ConditionForm("mission_active", ("mission", "<card>", "active"), "vanguard",
                  "if mission {subject} is active", "mission"),
    # VR 94, 96: what a result may test before it pays out.
    ConditionForm("has_card", ("has", "card", "<number>"), "vantage", "if you have card {subject}", "vcard"),
    ConditionForm("has_skill", ("has", "skill", "<word>"), "vantage", "if you have a [skill] {subject} skill"),
    ConditionForm("has_coins", ("has", "coin", "<number>"), "vantage", "if you have {subject} [coin]"),
    ConditionForm("player_here", ("another", "player", "here"), "vantage",
                  "if another player is at this location"),
)

CONDITION_BY_TEST = {c.test: c for c in CONDITIONS}


def conditions_of_game(game: str) -> tuple[ConditionForm, ...]:
    return tuple(c for c in CONDITIONS if not game or c.game == game)
