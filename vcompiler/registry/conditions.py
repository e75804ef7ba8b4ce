"""The conditions of `if CONDITION -> ...`: each a shape of words, the game it belongs
to, the kinds of entity its slots name (references, checked like an effect's) and its
printed wording. The resolver matches a condition's words against these shapes; the
storybooks and the Logbook print it from `says`."""
from __future__ import annotations

from vcompiler.util.frozen import frozen
from vcompiler.vocabulary import DISCOVERY_KINDS


@frozen
class ConditionForm:
    test: str                      # the bundle's `test`
    # literal words, and slots: <number>, <label>, <card> (M01), <skill> or <discovery> (a kind)
    shape: tuple[str, ...]
    game: str
    says: str                      # the printed clause; {subject} the first slot's value, {second} the next
    refers: str | None = None      # the kind of entity the first slot names
    refers_second: str | None = None
    example: str = ""              # how a hint writes it, when not its spelling ("M01" for a threat)

    def spelling(self) -> str:
        return self.example or " ".join(SLOT_SPELLING.get(w, w) for w in self.shape)

    def slot(self) -> int | None:
        return next(iter(self.slots()), None)

    def slots(self) -> tuple[int, ...]:
        return tuple(i for i, w in enumerate(self.shape) if w.startswith("<"))

    def matches(self, words: tuple[tuple[str, object], ...]) -> bool:
        """`words` as (kind, value) pairs, the kind a token's: word, number, label, card."""
        if len(words) != len(self.shape):
            return False
        for want, (kind, value) in zip(self.shape, words):
            if want in SLOT_WORDS:
                if kind != "word" or value not in SLOT_WORDS[want]:
                    return False
            elif want in WORD_SLOTS:
                if kind != "word":
                    return False
            elif want.startswith("<"):
                if want[1:-1] != kind:
                    return False
            elif kind != "word" or value != want:
                return False
        return True


SLOT_SPELLING = {"<number>": "N", "<label>": "@label", "<card>": "M01", "<skill>": "SKILL", "<planet>": "PLANET",
                 "<discovery>": "|".join(DISCOVERY_KINDS)}
# Slots that take one of a list of words.
SLOT_WORDS = {"<discovery>": DISCOVERY_KINDS}
# Slots that take any word: a skill outside the game's is reported on its own (E227).
WORD_SLOTS = ("<skill>", "<planet>")


CONDITIONS: tuple[ConditionForm, ...] = (
    ConditionForm("checked_log", ("checked", "log", "<number>"), "vanguard", "if log {subject} is checked", "log"),
    ConditionForm("checked_log", ("checked", "log", "<label>"), "vanguard", "if log {subject} is checked", "log"),
    ConditionForm("has_unique", ("has", "unique", "<number>"), "vanguard",
                  "if you have Unique Discovery {subject}", "unique"),
    ConditionForm("mission_active", ("mission", "<card>", "active"), "vanguard",
                  "if Mission {subject} is active", "mission"),
    # RB 747: revealed once, whatever became of it since (completed, failed).
    ConditionForm("mission_revealed", ("mission", "<card>", "revealed"), "vanguard",
                  "if Mission {subject} has been revealed", "mission"),
    # What a log may test besides its check marks: discoveries and successes held, where a
    # threat stands, the D10 the log rolled (RB 1699).
    ConditionForm("has_discovery", ("has", "discovery", "<discovery>"), "vanguard",
                  "if you have {subject:a} {subject} Discovery"),
    ConditionForm("has_success", ("has", "success", "<number>"), "vanguard",
                  "if you have {subject} or more [success]"),
    ConditionForm("threat_in_sector", ("threat", "<card>", "in", "sector", "<number>"), "vanguard",
                  "if Threat {subject} is in Sector {second}", "threat", "sector",
                  example="threat T01 in sector N"),
    # RB 119: the sector of a named planet's board.
    ConditionForm("threat_in_planet_sector", ("threat", "<card>", "in", "sector", "<number>", "of", "<planet>"),
                  "vanguard", "if Threat {subject} is in Sector {second} of {third}", "threat",
                  example="threat T01 in sector N of PLANET"),
    ConditionForm("threat_here", ("threat", "<card>", "here"), "vanguard",
                  "if Threat {subject} is in your Sector", "threat", example="threat T01 here"),
    # RB 451, 734: a Mission that gathers the whole Away Team in one Sector is met only
    # when the last Crewmember arrives; a log read by the first ones tests this.
    ConditionForm("crew_apart", ("crew", "apart"), "vanguard",
                  "if any Crewmember of the Away Team is not in your Sector"),
    ConditionForm("d10", ("d10", "<number>", "to", "<number>"), "vanguard",
                  "if the D10 shows {subject} to {second}", example="d10 LOW to HIGH"),
    # VR 94, 96: what a result may test before it pays out.
    ConditionForm("has_card", ("has", "card", "<number>"), "vantage", "if you have card {subject}", "vcard"),
    ConditionForm("has_skill", ("has", "skill", "<skill>"), "vantage", "if you have a [skill] {subject} skill"),
    ConditionForm("has_coins", ("has", "coin", "<number>"), "vantage", "if you have {subject} [coin]"),
    ConditionForm("player_here", ("another", "player", "here"), "vantage",
                  "if another player is at this location"),
)

CONDITION_BY_TEST = {c.test: c for c in CONDITIONS}


def conditions_of_game(game: str) -> tuple[ConditionForm, ...]:
    return tuple(c for c in CONDITIONS if not game or c.game == game)
