"""The game's phrasebook: every word the books, cards and boards print that no writer
wrote (the effect forms' and conditions' wordings, "Go to Log N", "Results", "Always
available"), in each language vcompiler ships. English is the source: a phrase is
looked up by its English text, and a language's table gives it in that language with
the same `{slots}` and `[icons]`. A phrase a table lacks is an error naming it
(MissingPhrase), never English printed in a German book.

The language spoken is set around the rendering of an edition (`speaking`); what is
rendered in another process is handed its language with its job."""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from vcompiler.registry.conditions import CONDITIONS
from vcompiler.registry.forms import CREW_TARGETS, FORMS, Wording, wording
from vcompiler.registry.kinds import KINDS, LANDING, LANDING_CARD, VANTAGE_CARD_KINDS
from vcompiler.vocabulary import DIE_COLOURS, DISCOVERY_KINDS, OUTCOME_COLOURS

SOURCE = "en"
VALUE_WORDS: tuple[str, ...] = tuple(dict.fromkeys((*DIE_COLOURS, *OUTCOME_COLOURS, *DISCOVERY_KINDS)))
PSEUDO = "qps"

# The pseudo-locale (PSEUDO): no translation file, every string made longer and accented so that
# a writer sees where a card overflows and which words are not translated.
LONGER = 0.4
_ACCENTED = str.maketrans("AaCcEeIiNnOoSsUuYyZz", "ÅåÇçÉéÎîÑñÖöŠšÜüÝýŽž")
# What a pseudo-translation keeps as written: references, icons, a phrase's {slots} and
# [icons], markup and its escapes.
_KEPT = re.compile(r"\\.|\{[^}]*\}|\[[^\]]*\]|\*+|\n+")
_PADDING = ("lörém", "ïpsüm", "dölör", "sït", "åmét")


def pseudo(text: str) -> str:
    """`text` accented and 40 % longer: each paragraph padded with words at its end,
    whatever `_KEPT` matches untouched."""
    out: list[str] = []
    at = 0
    for match in _KEPT.finditer(text):
        out.append(text[at:match.start()].translate(_ACCENTED))
        out.append(match.group())
        at = match.end()
    out.append(text[at:].translate(_ACCENTED))
    paragraphs = "".join(out).split("\n\n")
    return "\n\n".join(_padded(p) for p in paragraphs)


def _padded(paragraph: str) -> str:
    if not paragraph.strip():
        return paragraph
    wanted = int(len(paragraph) * (1 + LONGER) + 0.5)
    words: list[str] = []
    n = 0
    while len(paragraph) + sum(len(w) + 1 for w in words) < wanted:
        words.append(_PADDING[n % len(_PADDING)])
        n += 1
    return paragraph + "".join(" " + w for w in words)


_SPEAKING: ContextVar[str] = ContextVar("speaking", default=SOURCE)

# The phrases printed around what the writers wrote, as the code says them ({slots}
# are filled in, or stand for a reference or a name printed beside them).
FIXED: tuple[str, ...] = (
    # books and their references
    "Log {n}", "Log", "Sector", "card", "Unique Discovery", "Danger die", "Location", "Entry", "Result",
    "Logbook", "Starting Log", "Storybook", "Results", "Index", "Always available",
    "go to {target}", "Otherwise, {target}.", "if {log} is checked", " or ", " and ", ", then ", ", ",
    "Nothing.", "If you can {payment}, do so: {bought}", "(Until the end of the turn.)",
    "Each {icon} {names} token paid lowers it by 1.", "Also pay {n} boost from this card.",
    "Draw an Event card at the end of your turn only {condition}.", "once", "twice", "{n} times",
    "Read this entry when any player's {time} time, {morale} morale or {health} health is reduced to 0.",
    "Move Storybook", "Look Storybook", "Engage Storybook", "Help Storybook", "Take Storybook",
    "Overpower Storybook", "Depart Storybook", "Logs", "Entries", "{key}, continued", "Version {version}",
    "{n} entry", "{n} entries", "Cost {n}", "challenge die", "No cost: roll no challenge dice.",
    "Mark the box of {entry} now: when you read it again, the box says you have been here.",
    "First choose your action on your location card. Then find its entry here, under the location’s or card’s "
    "number: it tells you the cost. Pay it: you may not change your mind now. Then turn to the same number in "
    "{results}, at the back of this book, and read what happens. Never read a result before you have paid for "
    "its action.",
    "After acting, read {result}.", "This book has no entries.",
    "Read a result only after you have taken its action.",
    # cards
    "Combination", "When placed", "On arrival", "Slot: ", "Impact slot: ", "{n} Energy", "{n} boost",
    "Time Track", "Secondary", "Main", "Slots", "Boost", "Setup", "(recommended for a first game)", "Attack",
    "No Crewmember in its Sector", "Final", "No Travel", "No Save", "Important", "Vertical", "Horizontal",
    "{n} standees", "Board, Sector {n}",
    "Your character", "Starting level", "Your crash site", "take character card {card}.",
    "System Maps: {system}, {number}. Investigating it costs {cost}.",
    # boards
    "Success", "Lander", "Point of Interest", "Rank-Up", "Mission", "Global Condition", "Place card {card} here.",
    "Lift-Off", "Evac", "Planet Rules", "Entering: read {log}", "Tile {n} of {count}: row {row}, column {column}.",
    "Print at actual size, double-sided, flip on long edge", "{n} line not printed (warning W510)",
    "{n} lines not printed (warning W510)", "Lay the tiles so that the + marks meet, then trim the overlap.",
)


class MissingPhrase(Exception):
    """A language's table lacks a phrase the build prints."""

    def __init__(self, phrase: str, language: str):
        super().__init__(f"the {language} phrasebook has no translation of “{phrase}”")
        self.phrase = phrase
        self.language = language


def phrases() -> tuple[str, ...]:
    """Every phrase vcompiler prints, in English, each once."""
    found = [said.template for form in FORMS for said in form.says]
    found += [c.says for c in CONDITIONS] + list(CREW_TARGETS.values()) + list(FIXED)
    # What a card calls its kind, front and back, and the divider over its goals.
    for kind in KINDS:
        facts = kind.print_facts
        found += [facts.label or kind.noun.title(), facts.goal_word]
    found += [LANDING_CARD.label or LANDING] + [k.capitalize() for k in VANTAGE_CARD_KINDS]
    # The words an effect takes from a list: a die's or an outcome's colour, a discovery's kind.
    found += list(VALUE_WORDS)
    return tuple(dict.fromkeys(found))


def _tables() -> dict[str, dict[str, str]]:
    from vcompiler.registry.phrases_de import GERMAN

    return {"de": GERMAN}


@lru_cache(maxsize=1)
def tables() -> dict[str, dict[str, str]]:
    return _tables()


def languages() -> tuple[str, ...]:
    """The languages vcompiler prints, besides English and the pseudo-locale."""
    return tuple(sorted(tables()))


def speaks(language: str) -> bool:
    return language in (SOURCE, PSEUDO) or language.split("_")[0].split("@")[0] in tables()


def _table(language: str) -> dict[str, str] | None:
    base = language.split("_")[0].split("@")[0]
    return tables().get(language) or tables().get(base)


def phrase(english: str, language: str) -> str:
    """`english` in `language`; MissingPhrase when its table lacks it."""
    if language == SOURCE:
        return english
    if language == PSEUDO:
        return pseudo(english)
    table = _table(language)
    if table is None or english not in table:
        raise MissingPhrase(english, language)
    return table[english]


def missing(language: str) -> list[str]:
    """The phrases `language`'s table lacks, in the order of `phrases()`."""
    if language in (SOURCE, PSEUDO):
        return []
    table = _table(language) or {}
    return [p for p in phrases() if p not in table]


def speaking_now() -> str:
    return _SPEAKING.get()


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Print in `language` within: every phrase is looked up in its table."""
    token = _SPEAKING.set(language)
    try:
        yield
    finally:
        _SPEAKING.reset(token)


def say(english: str, **values: object) -> str:
    """A fixed phrase in the language spoken, its {slots} filled in with `values`."""
    text = phrase(english, _SPEAKING.get())
    return text.format(**values) if values else text


def say_in(language: str, english: str, **values: object) -> str:
    text = phrase(english, language)
    return text.format(**values) if values else text


def plural_category(language: str, n: int) -> str:
    """CLDR's plural category of `n` in `language` ("one", "few", "other"), by Babel."""
    from babel import Locale, UnknownLocaleError

    try:
        return str(Locale.parse(SOURCE if language == PSEUDO else language).plural_form(n))
    except (ValueError, TypeError, UnknownLocaleError):
        return "one" if n == 1 else "other"


def counted(language: str, one: str, other: str, n: int) -> str:
    """The phrase for `n` things: `one` where the language's rules say "one", else `other`."""
    return say_in(language, one if plural_category(language, n) == "one" else other, n=n)


@lru_cache(maxsize=4096)
def _wording(template: str, language: str) -> Wording:
    return wording(phrase(template, language))


def worded(said: Wording) -> Wording:
    """A form's or condition's wording in the language spoken."""
    language = _SPEAKING.get()
    return said if language == SOURCE else _wording(said.template, language)


_SLOTS = re.compile(r"\{(\w+)(?::[^}]*)?\}|\[[^\]]*\]")


def slots(text: str) -> list[str]:
    """A phrase's slots and icons, in order of first use: what a translation keeps."""
    return sorted(set(m.group() if m.group().startswith("[") else "{" + m.group(1) + "}"
                      for m in _SLOTS.finditer(text)))
