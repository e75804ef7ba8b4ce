"""Hover on the language's own words: an effect verb shows its forms as the language
reference's tables show them (the form, an example, and how the book prints it), a
declaration keyword says what it declares, and a condition's first word lists the
conditions it starts. Everything comes from the registry, so that the hover never
disagrees with what `check` accepts; the answer depends on the word alone and is kept."""
from __future__ import annotations

import re
from functools import lru_cache

from vcompiler.registry import forms_of_game, is_kind, kind_named, kinds_of_game
from vcompiler.registry.conditions import SLOT_SPELLING, ConditionForm, conditions_of_game
from vcompiler.vocabulary import DIRECTIONS


@lru_cache(maxsize=256)
def describe(word: str, game: str) -> str | None:
    """Markdown for a word of the language in a pack of `game`; None for any other word."""
    parts = []
    for kind in kinds_of_game(game):
        if kind.keyword == word and kind.top_level:
            parts.append(f"**{word}** declares {kind.described}: `{word} {kind.example} …`")
    if word in DIRECTIONS:
        parts.append(f"**{word}**: the exit to the {word}: a location number and how it is crossed "
                     f"(`{word} 102 walk`), or `*` for the depart entry it opens (`{word} *`)")
    starting = [c for c in conditions_of_game(game) if c.shape[0] == word]
    if word == "if":
        starting = list(conditions_of_game(game))
    if starting:
        rows = ["| condition | printed |", "|---|---|"] + \
               [f"| `if {c.spelling()}` | {_said(c)} |" for c in starting]
        parts.append(f"**{word}** (condition)\n\n" + "\n".join(rows))
    forms = [f for f in forms_of_game(game) if f.verb == word]
    if forms:
        from vcompiler.docs import example, printed
        rows = ["| form | example | printed |", "|---|---|---|"]
        for form in forms:
            shown, effect = example(form)
            rows.append(f"| `{_cell(form.spelling())}` | `{_cell(shown)}` | {_cell(printed(effect))} |")
        parts.append(f"**{word}** (effect)\n\n" + "\n".join(rows))
    return "\n\n".join(parts) or None


def _said(condition: ConditionForm) -> str:
    """The condition's printed clause, its words shown as its spelling shows them."""
    shown = [kind_named(refers).example if refers and is_kind(refers) and condition.shape[i] != "<label>"
             else SLOT_SPELLING.get(condition.shape[i], "")
             for i, refers in zip(condition.slots(), (condition.refers, condition.refers_second))]
    named = dict(zip(("subject", "second"), shown))
    return _cell(re.sub(r"\{(\w+)(?::\w+)?\}", lambda m: named.get(m.group(1), m.group(1)), condition.says))


def _cell(text: str) -> str:
    return text.replace("|", "\\|")
