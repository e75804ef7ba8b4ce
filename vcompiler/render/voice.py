"""The model in the game's own voice: statements become sentences ("Gain 1 [success].",
"Go to Log 206.", "If Log 410 is checked, go to Log 206. Otherwise, go to Log 207.").

Sentences are lists of inline tokens (render/ir.py), which the templates print."""
from __future__ import annotations

import re
from collections.abc import Callable

from vcompiler import ast
from vcompiler.model import types as m
from vcompiler.registry import CREW_TARGETS, FORM_BY_OP, Wording, kind_named
from vcompiler.registry.conditions import CONDITION_BY_TEST
from vcompiler.registry.forms import wording
from vcompiler.registry.phrasebook import VALUE_WORDS, plural_category, say, speaking_now, worded
from vcompiler.render.ir import BookBlock, Choices, Emphasis, Icon, Paragraph, Ref, Sentence, Token, Words, plain
from vcompiler.util.frozen import frozen
from vcompiler.vocabulary import BIOMES, DICE_ICONS, DIE_COLOURS, DIE_ICONS


def log_anchor(number: int) -> str:
    return f"log-{number}"


def log_ref(number: object) -> Token:
    if isinstance(number, int):
        return Ref(say("Log {n}", n=number), log_anchor(number))
    return Ref(say("Log {n}", n=number))


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
            out.append(Words(" "))
        out.extend(paragraph)
    return out


def power_line(text: ast.Text | None) -> Sentence:
    """A boost power's effect with its reminder that it lasts until the end of the turn
    (VR 63), as a sentence of its own: the writer's text ends with its full stop, so a
    bare "(until the end of the turn)" after it would trail a finished sentence."""
    out = rich_line(text)
    if not plain(out).rstrip().endswith((".", "!", "?")):
        out.append(Words("."))
    return [*out, Words(" " + say("(Until the end of the turn.)"))]


def _inline(node: ast.Inline) -> Token:
    if isinstance(node, ast.Run):
        return Words(node.text)
    if isinstance(node, ast.Emphasis):
        return Emphasis([_inline(c) for c in node.children], node.strong)
    if isinstance(node, ast.Icon):
        return Icon(node.name)
    target = node.target.value
    if node.kind == "log":
        return log_ref(target) if node.target.kind == "number" else log_ref(f"@{target}")
    return Ref(f"{say(kind_named(node.kind).book_name or node.kind)} {target}")


def _said(effect: m.Effect) -> Sentence:
    """An op as a clause in the words its form carries in the registry."""
    given = {name for name, value in effect.params if value is not None}
    words = _worded(worded(FORM_BY_OP[effect.op].wording_for(given)), effect.param)
    crew = effect.param("crew")
    return _joined([Words(f"{say(CREW_TARGETS[str(crew)])}: "), *words]) if crew else words


def _worded(wording: Wording, param: Callable[[str], object]) -> Sentence:
    """A registry wording with its {param}s filled in, [icon]s as icon tokens."""
    out: Sentence = []
    for piece in wording.pieces:
        if piece.icon and piece.param:
            out.append(Icon(piece.icon, str(param(piece.param))))
        elif piece.icon:
            out.append(Icon(piece.icon))
        elif piece.as_icon:
            out.append(Icon(piece.prefix + str(param(piece.param))))
        elif piece.param:
            value = param(piece.param)
            if piece.filter == "a":
                text = "an" if str(value)[:1].lower() in "aeiou" else "a"
            elif piece.filter == "s":
                text = "" if value == 1 else "s"
            elif piece.filter.startswith("plural:"):
                text = plural(piece.filter, value)
            elif piece.filter == "times":
                # RB 1447: a Threat "will Attack ... twice".
                text = say("once") if value == 1 else say("twice") if value == 2 else say("{n} times", n=value)
            elif isinstance(value, str) and value in VALUE_WORDS:
                text = say(value)
            else:
                text = str(value)
            out.append(Words(text))
        else:
            out.append(Words(piece.text))
    return _joined(out)


def plural(spec: str, value: object) -> str:
    """`plural:one=Karte|other=Karten`: the form of the language's plural category
    for `value` (Babel's CLDR rules), `other` where the category is not given."""
    forms = dict(part.split("=", 1) for part in spec.split(":", 1)[1].split("|") if "=" in part)
    category = plural_category(speaking_now(), value) if isinstance(value, int) else "other"
    return forms.get(category, forms.get("other", ""))


def _joined(tokens: Sentence) -> Sentence:
    """Adjacent words as one token."""
    out: Sentence = []
    for token in tokens:
        last = out[-1] if out else None
        if isinstance(token, Words) and isinstance(last, Words):
            out[-1] = Words(last.text + token.text)
        elif token != Words(""):
            out.append(token)
    return out


_LOCATION = kind_named("location").book_name or "Location"


def phrased(english: str, **parts: Sentence) -> Sentence:
    """A fixed phrase in the language spoken, each {slot} filled with its tokens."""
    text = say(english)
    out: Sentence = []
    at = 0
    for match in _SLOT.finditer(text):
        out.append(Words(text[at:match.start()]))
        out.extend(parts[match.group(1)])
        at = match.end()
    out.append(Words(text[at:]))
    return _joined(out)


_SLOT = re.compile(r"\{(\w+)\}")
# Gotos are not effect forms: they print as references into the book.
_GOTOS: dict[str, Callable[[m.Effect], Sentence]] = {
    "goto_log": lambda e: phrased("go to {target}", target=[log_ref(e.param("log"))]),
    "goto_location": lambda e: phrased("go to {target}",
                                       target=[Ref(f"{say(_LOCATION)} {e.param('location')}")]),
}


def said(effect: m.Effect) -> Sentence:
    """An effect as a clause without its full stop, so that `/` options can be joined."""
    goto = _GOTOS.get(effect.op)
    return goto(effect) if goto is not None else _said(effect)


def _capitalise(tokens: Sentence) -> Sentence:
    first = tokens[0] if tokens else None
    if isinstance(first, Words) and first.text:
        return [Words(first.text[0].upper() + first.text[1:]), *tokens[1:]]
    return tokens


def clause(choice: m.Choice) -> Sentence:
    """One effect, or `/` options joined with "or"."""
    out: Sentence = []
    for i, effect in enumerate(choice.options):
        if i:
            out.append(Words(say(" or ")))
        out.extend(said(effect))
    return out


def sentence(choice: m.Choice) -> Sentence:
    return [*_capitalise(clause(choice)), Words(".")]


def effects_sentence(choices: tuple[m.Choice, ...]) -> Sentence:
    """An effect list after `=>`: clauses joined with "then"."""
    out: Sentence = []
    for i, choice in enumerate(choices):
        said_here = clause(choice)
        if i:
            # A connected outcome ("then resolve the green outcome") says its own "then".
            first = said_here[0] if said_here else None
            then = say(", then ")
            starts_with_then = isinstance(first, Words) and first.text.startswith(then.lstrip(", "))
            out.append(Words(say(", ") if starts_with_then else then))
        out.extend(said_here)
    return [*_capitalise(out), Words(".")]


def joined(parts: list[Sentence], last: str = " and ") -> Sentence:
    """Clauses as a list in words: "a", "a and b", "a, b and c"."""
    out: Sentence = []
    for i, part in enumerate(parts):
        if i:
            out.append(Words(say(last) if i == len(parts) - 1 else say(", ")))
        out.extend(part)
    return out


def paid(s: m.PaidStatement) -> Sentence:
    """VR 94: "If you can pay ..., do so: ..." — what is bought comes only with the payment."""
    bought: Sentence = effects_sentence(s.effects) if s.effects else [Words(say("Nothing."))]
    first = bought[0] if bought else None
    if isinstance(first, Words):
        bought = [Words(first.text[:1].lower() + first.text[1:]), *bought[1:]]
    return phrased("If you can {payment}, do so: {bought}", payment=joined([said(p) for p in s.payments]),
                   bought=bought)


def cost_notes(action: m.StoryAction) -> list[Sentence]:
    """What a storybook prints beside an action's cost besides the dice: the skill
    tokens that reduce it (VR 57) and the boost it takes from its card (VR 47)."""
    notes: list[Sentence] = []
    if action.skills and action.cost:
        names = joined([[Words(name)] for name in action.skills], " or ")
        notes.append(phrased("Each {icon} {names} token paid lowers it by 1.", icon=[Icon("skill")], names=names))
    if action.boost:
        notes.append([Words(say("Also pay {n} boost from this card.", n=action.boost))])
    return notes


def condition(c: m.Condition) -> Sentence:
    if c.kind == "checked_log":
        return phrased("if {log} is checked", log=[log_ref(c.key)])
    return _worded(worded(_condition_wording(c.kind)),
                   lambda name: c.key if name == "subject" else c.more[0] if name == "second" and c.more
                   else c.more[-1] if c.more else None)


def _condition_wording(test: str) -> Wording:
    return wording(CONDITION_BY_TEST[test].says)


def events_rule(c: m.Condition) -> Sentence:
    """A planet's `events if` as its board prints it among the planet's rules (RB 747)."""
    return phrased("Draw an Event card at the end of your turn only {condition}.", condition=condition(c))


def target(effect: m.Effect) -> Sentence:
    return said(effect)


# VR 112-113: "continue" ends a result with another action, "you may continue" offers one.
_CONTINUE = ("continue", "may_continue")


def _continuation(s: m.Statement) -> str:
    """The op of a statement that only says whether the turn goes on, or ""."""
    if isinstance(s, m.EffectStatement) and len(s.effect.options) == 1 and s.effect.options[0].op in _CONTINUE:
        return s.effect.options[0].op
    return ""


def _said_once(statements: tuple[m.Statement, ...]) -> list[m.Statement]:
    """The statements with whether the turn goes on said once, where it is last said (it
    ends a result, VR 112): a result that says both "you may continue" and "continue"
    prints "Continue." (the player must act again, which the offer adds nothing to)."""
    said = [i for i, s in enumerate(statements) if _continuation(s)]
    if len(said) < 2:
        return list(statements)
    strongest = "continue" if any(_continuation(statements[i]) == "continue" for i in said) else "may_continue"
    last = statements[said[-1]]
    once = m.EffectStatement(m.Choice((m.Effect(strongest, (), last.span),), last.span), last.span)
    return [once if i == said[-1] else s for i, s in enumerate(statements) if i == said[-1] or i not in said]


def blocks(statements: tuple[m.Statement, ...]) -> list[BookBlock]:
    """Statements as printed blocks, in order: paragraphs and lists of choices.
    Consecutive `if` and `else` lines read as one paragraph; consecutive choices as one
    list; whether the turn goes on, once."""
    out: list[BookBlock] = []
    conditions = -1              # where in `out` the paragraph of `if` and `else` lines is
    for s in _said_once(statements):
        last = out[-1] if out else None
        if isinstance(s, m.TextStatement):
            out.extend(Paragraph(paragraph) for paragraph in rich(s.text))
        elif isinstance(s, m.EffectStatement):
            out.append(Paragraph(sentence(s.effect)))
        elif isinstance(s, m.PaidStatement):
            out.append(Paragraph(paid(s)))
        elif isinstance(s, m.ChoiceStatement):
            item = [*rich_line(s.label), Words(": "), *target(s.target), Words(".")]
            if isinstance(last, Choices):
                out[-1] = Choices((*last.items, item))
            else:
                out.append(Choices((item,)))
        elif isinstance(s, (m.IfStatement, m.ElseStatement)):
            if isinstance(s, m.IfStatement):
                words = [*_capitalise(condition(s.condition)), Words(", "), *target(s.target), Words(".")]
            else:
                words = phrased("Otherwise, {target}.", target=target(s.target))
            if isinstance(last, Paragraph) and conditions == len(out) - 1:
                out[-1] = Paragraph([*last.tokens, Words(" "), *words])
            else:
                out.append(Paragraph(words))
                conditions = len(out) - 1
    return out


# ---------------------------------------------------------------- the table's guides
def logbook_guide(start: Sentence) -> list[Sentence]:
    """How a Logbook is read, for its front page (RB 1012, 1125): `start`, where
    reading begins ("the Starting Log", "Log 1")."""
    return [
        [Emphasis([Words("This book is not read in order.")], strong=True), Words(
            " Read a Log only when a card, the planet board or another Log sends you to it "
            "(“Go to Log 204”), then stop at its end: it says where to go next, or to return to the planet.")],
        [Words("Begin with "), *start, Words(". Never read on into the next Log, nor look ahead: the numbers "
                                             "are out of story order on purpose.")],
        [Words("☐ A box beside a Log’s number is marked when the Log tells you to. A Log that asks "
               "“if Log 410 is checked” asks whether that box is marked. Mark it in pencil, or on a copy, "
               "to play the campaign again.")],
        [Words("The icons are those of the cards and the board; the key below names each.")],
    ]


def legend(danger_letters: tuple[str, ...]) -> list[tuple[str, list[tuple[Icon, str]]]]:
    """The key to the icons the cards, the board and the books print, group by group,
    each in the Rulebook's words (RB 1728-1830). `danger_letters`: the tables of the
    Danger die Reference card the pack rolls on, each an icon of its own."""
    dice_words = {"physical": "Physical", "gathering": "Gathering", "defense": "Defense", "scouting": "Scouting",
                  "biology": "Biology", "xenology": "Xenology", "construction": "Construction",
                  "science": "Science", "technology": "Technology", "vanguard": "Vanguard: any icon",
                  "basic": "Basic: as your Crewmember card says", "accident": "Accident: no Combination"}
    return [
        ("Actions", [(Icon("action"), "Special Action, once a turn (RB 1097)"),
                     (Icon("check"), "beside it: the Action makes a Dice Check (RB 478)")]),
        ("Outcomes", [(Icon("yellow"), "yellow Outcome"), (Icon("green"), "green Outcome"),
                      (Icon("red"), "red Outcome"), (Icon("special"), "Special Effect; Special on an Injury die")]),
        ("Dice to roll or spend", [
            (Icon("die"), "a Section die of any colour"),
            # RB 1277: a die of the colour counts whatever it shows ("the red die with the
            # Accident result still counts as a red die").
            *((Icon(DIE_ICONS[c]), f"a {c} Section die, showing any result (an Accident too)")
              for c in DIE_COLOURS),
            (Icon("same"), "several identical icons"),
            *((Icon("danger", letter), f"Danger die: read table {letter} (below)")
              for letter in danger_letters)]),
        ("Section dice icons", [(Icon(name), dice_words[name]) for name in DICE_ICONS]),
        ("Injury dice", [(Icon("damage"), "Damage"), (Icon("heavy"), "Heavy Damage"), (Icon("mental"), "Mental")]),
        ("Tokens and tracks", [(Icon("success"), "Success"), (Icon("supplies"), "Supplies"), (Icon("lead"), "Lead"),
                               (Icon("charge"), "Charge"), (Icon("time"), "Time Track"),
                               (Icon("travel"), "Travel")]),
        ("Biomes", [(Icon(name), name.capitalize()) for name in BIOMES]),
    ]


# ------------------------------------------------------ the Danger die's tables
@frozen
class DangerTable:
    """A table of the Danger die Reference card, as the card sheets' key prints it:
    the die's icon with its letter, a heading, and what the table says, line by line."""
    icon: Icon
    title: str
    lines: tuple[Sentence, ...]


# RB 1820-1824: what the die shows; the letter picks what each face does.
DANGER_FACES = "Common, Uncommon, Rare or Special"
# RB 595-600: the box's Tutorial table, as far as the rulebook gives it.
TUTORIAL_TABLE: tuple[Sentence, ...] = (
    [Words("Used only in the Tutorial; it lists two effects (RB 597):")],
    [Icon("die"), Words(" Spend a die: move a die of any colour from your Crew board to your Spent Pool.")],
    [Words("Gain a “Just a Scratch!” Injury.")],
    [Words("A face it does not list: no effect (RB 595).")],
    [Emphasis([Words("The rulebook does not say which face gives which effect: the box’s Reference card does.")])],
)


def danger_tables(letters: tuple[str, ...], declared: dict[str, tuple[str, list[Sentence]]]) -> tuple[DangerTable, ...]:
    """The tables a pack rolls on (`letters`), each as far as it is known: the pack's
    own (`declared`: by letter, its name and text), or the box's Tutorial table (T) as
    the rulebook gives it, or a table of the box's card the rulebook does not print."""
    faces: Sentence = [Words(f"The die shows {DANGER_FACES} (RB 1820-1824); find its face in the table of the letter "
                             "inside the icon and do what it says.")]
    out = [DangerTable(Icon("danger"), "How to read it", (faces,))]
    unknown: Sentence = [Emphasis([Words("A table of the box’s Danger die Reference card; "
                                         "the rulebook does not print it.")])]
    for letter in letters:
        name, text = declared.get(letter, ("", []))
        if letter == "T" and not text:
            name = name or "Tutorial"
        title = f"Table {letter}: {name}" if name else f"Table {letter}"
        lines: tuple[Sentence, ...]
        if text:
            lines = (*text, [Emphasis([Words("This pack’s own table, as it gives it.")])])
        else:
            lines = TUTORIAL_TABLE if letter == "T" else (unknown,)
        out.append(DangerTable(Icon("danger", letter), title, lines))
    return tuple(out)
