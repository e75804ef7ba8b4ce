"""The effect verbs: every form a verb takes, what it means (`op`) and what its
arguments refer to. Effects are parsed generically (a verb and its words); this table
is where a misspelt verb (E207), a wrong argument (E208) or a verb of the other game
(E209) is found, with the forms to suggest."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from vcompiler import ast
from vcompiler.vocabulary import DIE_COLOURS, DISCOVERY_KINDS, OUTCOME_COLOURS

# What an argument slot accepts, and how the hint spells it.
_SLOT_KINDS: dict[str, tuple[str, str]] = {
    # kind: (value kind of the token, how the hint spells it)
    "n": ("number", "N"),
    "poi": ("card", "P101"),
    "mission": ("card", "M01"),
    "condition": ("card", "G01"),
    "threat": ("card", "T01"),
    "unique": ("number", "N"),
    "injury": ("string", '"Name"'),
    "vcard": ("number", "N"),
    "sector": ("number", "N"),
    "colour": ("word", "red|green|blue"),
    "outcome": ("word", "yellow|green|red"),
    "letter": ("word", "LETTER"),
    "discovery": ("word", "|".join(DISCOVERY_KINDS)),
    "word": ("word", "NAME"),
}
_WORD_SETS = {"colour": DIE_COLOURS, "outcome": OUTCOME_COLOURS, "discovery": DISCOVERY_KINDS}
# Slots that name something defined elsewhere in the pack, and the reference kind.
REFERENCE_SLOTS = {"poi": "poi", "mission": "mission", "condition": "condition",
                   "threat": "threat", "unique": "unique", "injury": "injury",
                   "vcard": "vcard", "sector": "sector"}


@dataclass(frozen=True)
class Slot:
    literal: str | None = None       # a fixed word such as `success`
    name: str | None = None          # the parameter's name in the bundle
    kind: str | None = None          # a key of _SLOT_KINDS
    optional: bool = False

    def accepts(self, value: ast.Value) -> bool:
        if self.literal is not None:
            return value.kind == "word" and value.value == self.literal
        token_kind, _ = _SLOT_KINDS[self.kind]
        if value.kind != token_kind:
            return False
        if self.kind in _WORD_SETS:
            return value.value in _WORD_SETS[self.kind]
        if self.kind == "letter":
            return len(str(value.value)) == 1 and str(value.value).isupper()
        return True

    def spelling(self) -> str:
        if self.literal is not None:
            return self.literal
        text = _SLOT_KINDS[self.kind][1]
        return f"({text})" if self.optional else text

    def wanted(self) -> str:
        """What the slot wants, in words, for a message."""
        if self.literal is not None:
            return f"`{self.literal}`"
        token_kind, text = _SLOT_KINDS[self.kind]
        if self.kind in _WORD_SETS:
            return "one of " + ", ".join(f"`{w}`" for w in _WORD_SETS[self.kind])
        return {"number": "a number", "card": f"a card id such as {text}",
                "string": 'a name in quotes ("Name")'}.get(token_kind, "a single capital letter"
                                                          if self.kind == "letter" else "a word")


@dataclass(frozen=True)
class Form:
    verb: str
    slots: tuple[Slot, ...]
    op: str
    game: str | None                 # None: both games

    def spelling(self) -> str:
        return " ".join([self.verb, *(s.spelling() for s in self.slots)])


_SLOT = re.compile(r"\{(\w+):(\w+)(\?)?\}")


def _form(spec: str, op: str, game: str | None = None) -> Form:
    verb, *words = spec.split()
    slots = []
    for word in words:
        match = _SLOT.fullmatch(word)
        if match:
            slots.append(Slot(name=match.group(1), kind=match.group(2), optional=bool(match.group(3))))
        else:
            slots.append(Slot(literal=word))
    return Form(verb, tuple(slots), op, game)


V, T = "vanguard", "vantage"
FORMS: tuple[Form, ...] = (
    _form("gain success {amount:n}", "gain_success", V),
    _form("gain supplies {amount:n}", "gain_supplies", V),
    _form("lose supplies {amount:n}", "lose_supplies", V),
    _form("gain lead {amount:n}", "gain_lead", V),
    _form("gain charge {amount:n}", "gain_charge", V),
    _form("draw section {amount:n}", "draw_section", V),
    _form("gain unique {unique:unique}", "gain_unique", V),
    _form("gain discovery {kind:discovery}", "gain_discovery", V),
    _form("gain injury {injury:injury}", "gain_injury", V),
    _form("spend die {colour:colour?}", "spend_die", V),
    _form("sacrifice die {colour:colour?}", "sacrifice_die", V),
    _form("roll danger {die:letter}", "roll_danger", V),
    _form("progress time", "progress_time", V),
    _form("progress {track:outcome}", "progress_track", V),
    _form("reduce time", "reduce_time", V),
    _form("reset time", "reset_time", V),
    _form("replace poi with {card:poi}", "replace_poi", V),
    _form("replace poi in sector {sector:sector} with {card:poi}", "replace_poi_in_sector", V),
    _form("place poi {card:poi} in sector {sector:sector}", "place_poi", V),
    _form("reveal mission {card:mission}", "reveal_mission", V),
    _form("complete mission {card:mission}", "complete_mission", V),
    _form("fail mission {card:mission}", "fail_mission", V),
    _form("set condition {card:condition}", "set_condition", V),
    _form("place threat {card:threat} in sector {sector:sector}", "place_threat", V),
    _form("remove threat {card:threat}", "remove_threat", V),
    _form("threat move", "threat_move", V),
    _form("threat attack {amount:n}", "threat_attack", V),
    _form("then {outcome:outcome}", "then", V),
    _form("immediate {outcome:outcome}", "immediate", V),
    _form("nothing", "nothing", V),
    _form("travel", "travel", V),
    _form("return", "return", V),
    _form("end exploration", "end_exploration", V),
    _form("gain card {card:vcard}", "gain_card", T),
    _form("lose card {card:vcard}", "lose_card", T),
    _form("gain time {amount:n}", "gain_time", T),
    _form("gain morale {amount:n}", "gain_morale", T),
    _form("gain health {amount:n}", "gain_health", T),
    _form("lose time {amount:n}", "lose_time", T),
    _form("lose morale {amount:n}", "lose_morale", T),
    _form("lose health {amount:n}", "lose_health", T),
    _form("gain skill {skill:word?}", "gain_skill", T),
    _form("gain boost {amount:n}", "gain_boost", T),
    _form("gain coin {amount:n}", "gain_coin", T),
    _form("suffer heat {amount:n}", "suffer_heat", T),
    _form("suffer cold {amount:n}", "suffer_cold", T),
    _form("suffer hypoxia {amount:n}", "suffer_hypoxia", T),
    _form("continue", "continue", T),
    _form("may continue", "may_continue", T),
    _form("end game", "end_game", T),
)
FORMS_BY_VERB: dict[str, tuple[Form, ...]] = {}
for _f in FORMS:
    FORMS_BY_VERB[_f.verb] = FORMS_BY_VERB.get(_f.verb, ()) + (_f,)
VERBS = tuple(sorted(FORMS_BY_VERB))
# The ops that end a log's reading: its ways out (see E401).
WAYS_OUT = frozenset(("return", "end_exploration", "end_game"))


@dataclass(frozen=True)
class Match:
    form: Form
    params: tuple[tuple[str, object, ast.Value], ...]   # (name, value, the word it came from)


@dataclass(frozen=True)
class Mismatch:
    """Why no form fits: the word at fault (None: words are missing) and the forms
    that came closest."""
    unknown_verb: bool
    at: ast.Value | None
    message: str
    hint: str


def _match_form(form: Form, args: tuple[ast.Value, ...]) -> tuple[Match | None, int]:
    """A match, or None and how many words fitted before the first that did not."""
    params = []
    i = 0
    for slot in form.slots:
        if i < len(args) and slot.accepts(args[i]):
            if slot.name is not None:
                params.append((slot.name, args[i].value, args[i]))
            i += 1
        elif slot.optional:
            continue
        else:
            return None, i
    if i < len(args):
        return None, i
    return Match(form, tuple(params)), i


def match_effect(effect: ast.VerbEffect, game: str = "") -> Match | Mismatch:
    """The form `effect` takes. Forms of `game` are tried first; a form of the other
    game is returned only when none of this game's fits (the caller reports E209)."""
    verb = str(effect.verb.value)
    forms = FORMS_BY_VERB.get(verb)
    if forms is not None and game:
        own = tuple(f for f in forms if f.game in (None, game))
        other = tuple(f for f in forms if f.game not in (None, game))
        if own:
            result = _match_forms(verb, own, effect)
            if isinstance(result, Match) or not any(_match_form(f, effect.args)[0] for f in other):
                return result
            forms = other
    if forms is None:
        near = difflib.get_close_matches(verb, VERBS, n=1, cutoff=0.6)
        hint = (f"did you mean `{near[0]}`? ({'; '.join(f.spelling() for f in FORMS_BY_VERB[near[0]][:3])})"
                if near else f"effect verbs are: {', '.join(VERBS)}")
        return Mismatch(True, effect.verb, "", hint)
    return _match_forms(verb, forms, effect)


def _match_forms(verb: str, forms: tuple[Form, ...], effect: ast.VerbEffect) -> Match | Mismatch:
    best, best_fit = [], -1
    for form in forms:
        match, fitted = _match_form(form, effect.args)
        if match is not None:
            return match
        if fitted > best_fit:
            best, best_fit = [form], fitted
        elif fitted == best_fit:
            best.append(form)
    expected = "; ".join(f"`{f.spelling()}`" for f in best)
    hint = f"expected {expected}" if len(best) == 1 else f"the forms that fit are: {expected}"
    said = " ".join([verb, *(str(a.value) for a in effect.args[:best_fit])])
    if best_fit < len(effect.args):
        at = effect.args[best_fit]
        slots = [f.slots[best_fit] for f in best if best_fit < len(f.slots)]
        wanted = list(dict.fromkeys(slot.wanted() for slot in slots))
        literals = [slot.literal for slot in slots if slot.literal is not None]
        near = difflib.get_close_matches(str(at.value), literals, n=1, cutoff=0.6) if at.kind == "word" else []
        if near:
            chosen = [f for f in best if best_fit < len(f.slots) and f.slots[best_fit].literal == near[0]]
            return Mismatch(False, at, f"`{said}` does not take {at.describe()}; did you mean `{near[0]}`?",
                            f"expected {'; '.join(f'`{f.spelling()}`' for f in chosen)}")
        if len(wanted) > 4:
            message = f"`{said}` does not take {at.describe()}; it takes one of {', '.join(wanted)}"
        elif wanted:
            message = f"`{said}` needs {' or '.join(wanted)}, not {at.describe()}"
        else:
            message = f"`{said}` takes nothing more, but {at.describe()} follows"
        return Mismatch(False, at, message, hint)
    wanted = list(dict.fromkeys(f.slots[best_fit].wanted() for f in best if best_fit < len(f.slots)))
    message = f"`{said}` needs {' or '.join(wanted)} after it"
    return Mismatch(False, None, message, hint)
