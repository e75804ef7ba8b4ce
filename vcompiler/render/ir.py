"""What the render stage prints, as values: inline tokens (a sentence is a list of
them) and the blocks of cards and books. The model becomes these in render/voice.py,
render/cards.py and render/books.py; the templates, the card fit, the terminal and the
reader print them, each dispatching on the class (isinstance, `match`, or in a template
the test of the same name: `token is words`, `block is rule`)."""
from __future__ import annotations

from typing import TypeAlias

from vcompiler.util.frozen import frozen


@frozen
class Words:
    """Words, printed as typed (quotes curled, terms tied to their numbers)."""
    text: str


@frozen
class Icon:
    """An icon; `mark`, what is printed inside it (a Danger die's letter, RB 1455)."""
    name: str
    mark: str | None = None


@frozen
class Ref:
    """A reference, printed as its text ("Log 505"); `anchor`, the id of the entry it
    names in this book, or "" when it is elsewhere."""
    text: str
    anchor: str = ""


@frozen
class Emphasis:
    """Emphasised tokens: strong (bold) or not (italic)."""
    tokens: list[Token]
    strong: bool = False


Token: TypeAlias = Words | Icon | Ref | Emphasis
Sentence: TypeAlias = list[Token]


@frozen
class Paragraph:
    tokens: Sentence


@frozen
class ActionHead:
    """An action's name and its Danger dice; `letter`, the letter inside their icon,
    which picks the table of the Danger die Reference card (RB 1670)."""
    tokens: Sentence
    danger: int | None
    letter: str | None = None
    check: bool = False             # a Dice Check: it has Outcomes, tracks or Special Effects

    @property
    def dice(self) -> Sentence:
        """Its Danger dice as printed to the left of its name (RB 890): one icon a die."""
        return [Icon("danger", self.letter) for _ in range(self.danger or 0)]

    @property
    def marks(self) -> Sentence:
        """The icons to the left of its name: a Special Action's, and the Dice Check's
        beside it when it makes one ("indicated by the two icons to the left of the
        name", RB 478); distinct from a Special Effect's (RB 1231)."""
        return [Icon("action"), *([Icon("check")] if self.check else [])]

    @property
    def lead(self) -> Sentence:
        """All it prints before its name: its marks, then its Danger dice."""
        return [*self.marks, *self.dice]


@frozen
class Row:
    """An outcome, special, injury or threat row: `lead`, its requirement or word;
    `style`, its colour."""
    style: str
    lead: Sentence
    tokens: Sentence


@frozen
class Track:
    """A track or time track of `spaces` boxes."""
    style: str
    spaces: int
    tokens: Sentence


@frozen
class Rule:
    """A divider naming what follows ("Main")."""
    word: str


@frozen
class Option:
    """An action a location or card offers: its category and title; `excludes`, the
    actions it may not follow, in words, or ""."""
    category: str
    title: Sentence
    always: bool
    excludes: str


@frozen
class Options:
    """Action options, by category."""
    items: tuple[Option, ...]


@frozen
class Compass:
    """A location's compass rose: (direction, the number it leads to or "*" or "",
    how it is travelled or "blocked"), north, east, south, west."""
    points: tuple[tuple[str, str, str], ...]


@frozen
class Choices:
    items: tuple[Sentence, ...]


@frozen
class Steps:
    """Numbered steps, as the rulebook lists a setup."""
    items: tuple[Sentence, ...]

    @property
    def indent(self) -> float:
        """The mm the numbers stand in (cards.css .steps): wide enough for the last one
        whole ("10." as well as "9.")."""
        return 0.6 + 1.3 * (len(str(len(self.items))) + 1)


@frozen
class Boxes:
    """A row of `count` empty slots with a word before it ("Slots", 2)."""
    word: str
    count: int


@frozen
class Check:
    """A book's "mark the box of this entry" line."""


# What a card's body and foot hold, and what a book's entries hold.
Block: TypeAlias = Paragraph | ActionHead | Row | Track | Rule | Options | Compass | Choices | Steps | Boxes
BookBlock: TypeAlias = Paragraph | Choices | Check

# The templates' tests of what a token or block is.
TEMPLATE_TESTS: dict[str, type] = {
    "words": Words, "icon": Icon, "ref": Ref, "emphasis": Emphasis,
    "paragraph": Paragraph, "head": ActionHead, "row": Row, "track": Track, "rule": Rule, "options": Options,
    "compass": Compass, "choices": Choices, "steps": Steps, "boxes": Boxes, "check": Check,
}


def plain(tokens: Sentence, icon: str = "") -> str:
    """Tokens as plain words: references as their text, an icon as `icon` formatted
    with its name and what it bears ("[{}]" gives "[success]" and "[danger T]"; the
    default leaves icons out)."""
    out = []
    for token in tokens:
        if isinstance(token, (Words, Ref)):
            out.append(token.text)
        elif isinstance(token, Emphasis):
            out.append(plain(token.tokens, icon))
        elif icon:
            out.append(icon.format(token.name if token.mark is None else f"{token.name} {token.mark}"))
    return "".join(out)
