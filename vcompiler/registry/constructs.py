"""The words that open a construct only one game has, and how the other game writes
the nearest thing. A writer who knows one game writes its constructs in a pack of the
other: the grammar then stops at a word it has no rule for (E100), or takes the
construct for an effect (E207). The hint names the construct's game and this pack's
way of saying it, from here and from the kinds' own `instead`."""
from __future__ import annotations

import re
from collections.abc import Iterable

from vcompiler.registry.forms import verbs_of_game
from vcompiler.registry.games import GAMES, VANGUARD, VANTAGE
from vcompiler.registry.kinds import KINDS
from vcompiler.util.frozen import frozen
from vcompiler.vocabulary import CATEGORIES, DIRECTIONS


@frozen
class Construct:
    word: str        # the word that opens it
    game: str        # the one game that has it
    what: str        # what it is, in a sentence: "a payment"
    instead: str     # how the other game writes the nearest thing


V, T = VANGUARD.name, VANTAGE.name
_STATEMENTS: tuple[Construct, ...] = (
    Construct("step", T, "a setup step of location 000",
              'text in the Starting Log: `log start "Setup" { text "…" }`'),
    Construct("character", T, "a character a player gains at setup",
              'text in the Starting Log: `log start "Setup" { text "…" }`'),
    Construct("pay", T, "a payment (`pay … => EFFECTS`)",
              '`choice "Pay 1 supplies" -> log N`, and `lose supplies 1` first in log N'),
    Construct("cost", T, "a cost in challenge dice",
              'a Special Action with a dice check: `action "Name" { outcome green: physical => … }`'),
    Construct("result", T, "an action's result",
              "the outcomes of a dice check: `outcome green: physical => EFFECTS`"),
    *(Construct(category, T, f"a location action (`{category}`)",
                'a Special Action on a card or a sector: `action "Name" { … }`') for category in CATEGORIES),
    Construct("outcome", V, "a dice check's outcome",
              "an action's result: `help \"Name\" cost 2 { result { … } }`"),
    Construct("special", V, "a dice check's special effect",
              "an action's result: `help \"Name\" cost 2 { result { … } }`"),
    Construct("path", V, "a path between sectors of a planet", "a compass exit of a location: `north 2 walk`"),
    *(Construct(direction, T, "a compass exit of a location",
                "a path between sectors of a planet: `path 1 <-> 2 [travel]`") for direction in DIRECTIONS),
)


def _constructs() -> dict[str, Construct]:
    out: dict[str, Construct] = {}
    for kind in KINDS:
        if kind.game is not None and kind.instead:
            out[kind.keyword] = Construct(kind.keyword, kind.game, kind.described, kind.instead)
    for construct in _STATEMENTS:
        # A word both games use (`move` is a vanguard effect and a vantage category)
        # tells nothing about the game it was meant for.
        other = next(g.name for g in GAMES if g.name != construct.game)
        if construct.word not in verbs_of_game(other):
            out.setdefault(construct.word, construct)
    return out


CONSTRUCTS: dict[str, Construct] = _constructs()


def foreign_construct(words: Iterable[str], game: str) -> Construct | None:
    """The first of `words` (a line's, outside its strings and comments) that opens a
    construct of another game than `game`."""
    for word in words:
        construct = CONSTRUCTS.get(word)
        if construct is not None and construct.game != game:
            return construct
    return None


_FIRST_WORD = re.compile(r"\s*([A-Za-z_]\w*)")


def declared_construct(header: str, game: str) -> Construct | None:
    """The construct of another game than `game` that the declaration whose first line
    is `header` opens, if it opens one: what a mistake anywhere in its body is part of."""
    match = _FIRST_WORD.match(header)
    construct = CONSTRUCTS.get(match.group(1)) if match else None
    return construct if construct is not None and construct.game != game else None


def other_game_hint(construct: Construct, game: str, line: int | None = None) -> str:
    """`line`: where the construct opens, when not on the line of the mistake."""
    where = f" on line {line}" if line is not None else ""
    return f"`{construct.word}`{where} opens {construct.what}, which belongs to the {construct.game} game; " \
           f"a {game} pack writes {construct.instead}"
