"""The model in the game's own voice: statements become sentences ("Gain 1 [success].",
"Go to Log 206.", "If Log 410 is checked, go to Log 206. Otherwise, go to Log 207.").

Sentences are lists of inline tokens, which the templates print:
  ("t", text)          words
  ("i", icon)          an icon
  ("r", text, anchor)  a reference, printed as text ("Log 505"); `anchor` is the id of
                       the entry it names in this book, or "" when it is elsewhere
  ("e", tokens)        emphasis
  ("s", tokens)        strong
"""
from __future__ import annotations

from vcompiler import ast
from vcompiler.model import types as m

Token = tuple
Sentence = list


def log_anchor(number: int) -> str:
    return f"log-{number}"


def log_ref(number: object) -> Token:
    if isinstance(number, int):
        return ("r", f"Log {number}", log_anchor(number))
    return ("r", f"Log {number}", "")


def rich(text: ast.Text | None) -> list[Sentence]:
    """Paragraphs of markup as paragraphs of tokens."""
    if text is None:
        return []
    return [[_inline(node) for node in paragraph] for paragraph in text.paragraphs]


def rich_line(text: ast.Text | None) -> Sentence:
    """A one-paragraph text (a title, a choice label) as one list of tokens."""
    paragraphs = rich(text)
    out: Sentence = []
    for i, paragraph in enumerate(paragraphs):
        if i:
            out.append(("t", " "))
        out.extend(paragraph)
    return out


def _inline(node: ast.Inline) -> Token:
    if isinstance(node, ast.Run):
        return ("t", node.text)
    if isinstance(node, ast.Emphasis):
        return ("s" if node.strong else "e", [_inline(c) for c in node.children])
    if isinstance(node, ast.Icon):
        return ("i", node.name)
    target = node.target.value
    if node.kind == "log":
        return log_ref(target) if node.target.kind == "number" else ("r", f"Log @{target}", "")
    if node.kind == "location":
        return ("r", f"Location {target}", "")
    return ("r", f"card {target}", "")


def _n(effect: m.Effect, name: str = "amount") -> str:
    return str(effect.param(name))


def _gain(verb: str, icon: str) -> callable:
    return lambda e: [("t", f"{verb} {_n(e)} "), ("i", icon)]


def _colour(e: m.Effect, name: str) -> Sentence:
    colour = e.param(name)
    return [("i", colour), ("t", f" {colour}")]


# Each op as a clause without its full stop, so that `/` options can be joined.
CLAUSES = {
    "goto_log": lambda e: [("t", "go to "), log_ref(e.param("log"))],
    "goto_location": lambda e: [("t", "go to "), ("r", f"Location {e.param('location')}", "")],
    "gain_success": _gain("gain", "success"),
    "gain_supplies": _gain("gain", "supplies"),
    "lose_supplies": _gain("lose", "supplies"),
    "gain_lead": _gain("gain", "lead"),
    "gain_charge": _gain("gain", "charge"),
    "draw_section": lambda e: [("t", f"draw {_n(e)} section card{'s' if e.param('amount') != 1 else ''}")],
    "gain_unique": lambda e: [("t", f"gain unique discovery {_n(e, 'unique')}")],
    "gain_discovery": lambda e: [("t", f"gain {'an' if str(e.param('kind'))[0] in 'aeiou' else 'a'} "
                                       f"{e.param('kind')} discovery")],
    "gain_injury": lambda e: [("t", f"gain the injury “{e.param('injury')}”")],
    "spend_die": lambda e: ([("t", "spend a "), *_colour(e, "colour"), ("t", " die")] if e.param("colour")
                            else [("t", "spend a die")]),
    "sacrifice_die": lambda e: ([("t", "sacrifice a "), *_colour(e, "colour"), ("t", " die")] if e.param("colour")
                                else [("t", "sacrifice a die")]),
    "roll_danger": lambda e: [("t", "roll a "), ("i", "danger"), ("t", f" danger die {e.param('die')}")],
    "progress_time": lambda e: [("t", "progress the "), ("i", "time"), ("t", " time track")],
    "progress_track": lambda e: [("t", "progress the "), *_colour(e, "track"), ("t", " track")],
    "reduce_time": lambda e: [("t", "reduce the "), ("i", "time"), ("t", " time track")],
    "reset_time": lambda e: [("t", "reset the "), ("i", "time"), ("t", " time track")],
    "replace_poi": lambda e: [("t", f"replace this POI with {e.param('card')}")],
    "replace_poi_in_sector": lambda e: [("t", f"replace the POI in Sector {e.param('sector')} with {e.param('card')}")],
    "place_poi": lambda e: [("t", f"place {e.param('card')} in Sector {e.param('sector')}")],
    "reveal_mission": lambda e: [("t", f"reveal mission {e.param('card')}")],
    "complete_mission": lambda e: [("t", f"complete mission {e.param('card')}")],
    "fail_mission": lambda e: [("t", f"fail mission {e.param('card')}")],
    "set_condition": lambda e: [("t", f"put global condition {e.param('card')} into play")],
    "place_threat": lambda e: [("t", f"place threat {e.param('card')} in Sector {e.param('sector')}")],
    "remove_threat": lambda e: [("t", f"remove threat {e.param('card')}")],
    "threat_move": lambda e: [("t", "the threat moves")],
    "threat_attack": lambda e: [("t", f"the threat attacks ({_n(e)})")],
    "then": lambda e: [("t", "then resolve the "), *_colour(e, "outcome"), ("t", " outcome")],
    "immediate": lambda e: [("t", "immediately resolve the "), *_colour(e, "outcome"), ("t", " outcome")],
    "nothing": lambda e: [("t", "nothing happens")],
    "travel": lambda e: [("t", "pay the travel cost")],
    "return": lambda e: [("t", "return to the planet")],
    "end_exploration": lambda e: [("t", "the exploration ends")],
    "gain_card": lambda e: [("t", f"take card {e.param('card')}")],
    "lose_card": lambda e: [("t", f"return card {e.param('card')} to the box")],
    "gain_time": _gain("gain", "time"),
    "gain_morale": _gain("gain", "morale"),
    "gain_health": _gain("gain", "health"),
    "lose_time": _gain("lose", "time"),
    "lose_morale": _gain("lose", "morale"),
    "lose_health": _gain("lose", "health"),
    "gain_skill": lambda e: ([("t", "gain the "), ("i", "skill"), ("t", f" {e.param('skill')} skill")]
                             if e.param("skill") else [("t", "gain a "), ("i", "skill"), ("t", " skill")]),
    "gain_boost": lambda e: [("t", f"gain {_n(e)} boost")],
    "gain_coin": _gain("gain", "coin"),
    "suffer_heat": _gain("suffer", "heat"),
    "suffer_cold": _gain("suffer", "cold"),
    "suffer_hypoxia": _gain("suffer", "hypoxia"),
    "continue": lambda e: [("t", "continue")],
    "may_continue": lambda e: [("t", "you may continue")],
    "end_game": lambda e: [("t", "the game ends")],
}


def plain(tokens: Sentence, icon: str = "") -> str:
    """Tokens as plain words: references as their text, an icon as `icon` formatted
    with its name ("[{}]" gives "[success]"; the default leaves icons out)."""
    out = []
    for token in tokens:
        if token[0] in ("t", "r"):
            out.append(token[1])
        elif token[0] in ("e", "s"):
            out.append(plain(token[1], icon))
        elif token[0] == "i" and icon:
            out.append(icon.format(token[1]))
    return "".join(out)


def _capitalise(tokens: Sentence) -> Sentence:
    if tokens and tokens[0][0] == "t" and tokens[0][1]:
        text = tokens[0][1]
        return [("t", text[0].upper() + text[1:]), *tokens[1:]]
    return tokens


def clause(choice: m.Choice) -> Sentence:
    """One effect, or `/` options joined with "or"."""
    out: Sentence = []
    for i, effect in enumerate(choice.options):
        if i:
            out.append(("t", " or "))
        out.extend(CLAUSES[effect.op](effect))
    return out


def sentence(choice: m.Choice) -> Sentence:
    return [*_capitalise(clause(choice)), ("t", ".")]


def effects_sentence(choices: tuple[m.Choice, ...]) -> Sentence:
    """An effect list after `=>`: clauses joined with "then"."""
    out: Sentence = []
    for i, choice in enumerate(choices):
        if i:
            out.append(("t", ", then "))
        out.extend(clause(choice))
    return [*_capitalise(out), ("t", ".")]


def condition(c: m.Condition) -> Sentence:
    if c.kind == "checked_log":
        return [("t", "if "), log_ref(c.key), ("t", " is checked")]
    if c.kind == "has_unique":
        return [("t", f"if you have unique discovery {c.key}")]
    return [("t", f"if mission {c.key} is active")]


def target(effect: m.Effect) -> Sentence:
    return CLAUSES[effect.op](effect)


def blocks(statements: tuple[m.Statement, ...]) -> list[tuple[str, object]]:
    """Statements as printed blocks, in order: ("p", tokens) a paragraph,
    ("choices", [tokens]) a list of choices. Consecutive `if` and `else` lines read as
    one paragraph; consecutive choices as one list."""
    out: list[tuple[str, object]] = []
    for s in statements:
        if s.kind == "text":
            out.extend(("p", paragraph) for paragraph in rich(s.text))
        elif s.kind == "do":
            out.append(("p", sentence(s.effect)))
        elif s.kind == "choice":
            item = [*rich_line(s.text), ("t", ": "), *target(s.target), ("t", ".")]
            if out and out[-1][0] == "choices":
                out[-1][1].append(item)
            else:
                out.append(("choices", [item]))
        elif s.kind in ("if", "else"):
            if s.kind == "if":
                words = [*_capitalise(condition(s.condition)), ("t", ", "), *target(s.target), ("t", ".")]
            else:
                words = [("t", "Otherwise, "), *target(s.target), ("t", ".")]
            if out and out[-1][0] == "cond":
                out[-1][1].extend([("t", " "), *words])
            else:
                out.append(("cond", words))
    return [("p", tokens) if kind == "cond" else (kind, tokens) for kind, tokens in out]
