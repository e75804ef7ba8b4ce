"""The kinds of entity a pack defines and references name. A kind's `name` is what a
`Reference` and a node of the story graph call it; everything else a stage needs to
know about the kind (its game, how messages, hints, the bundle and the books name it,
how its card prints, its colour in the story graph, what `play` shows) is declared
here, once, so that a new kind is added here and in the grammar only."""
from __future__ import annotations

import re

from vcompiler.registry.games import VANGUARD, VANTAGE
from vcompiler.util.frozen import frozen

# Trim sizes in millimetres (width, height), bleed excluded. Poker size for the
# vanguard decks, which players hold and sort; tarot size for location cards, which
# carry a description read aloud, a compass rose and a list of actions.
POKER = (63.0, 88.0)
TAROT = (70.0, 120.0)


@frozen
class Printed:
    """How the card sheets print a card of a kind."""
    label: str | None                   # what the card calls its kind, front and back ("Point of
                                        # Interest"); None: its own kind word ("Item", "Character")
    size: tuple[float, float] = POKER   # vcompiler.toml's [cards] may change it
    # The back hides the number: a deck drawn at random. Cards the players look up by
    # their number keep it (a face-down pile of POI cards, "take Unique Discovery 1").
    secret_back: bool = False
    goal_word: str = "Goal"             # the divider over its goals: a mission's says "Completion"


@frozen
class Kind:
    name: str                  # Reference.kind and the graph node kind
    game: str | None           # None: a pack of either game
    keyword: str               # the word that declares it: `poi P101 "…" { … }`
    noun: str                  # what messages call it: "undefined poi P102"
    described: str             # the kind in a sentence: "a poi card belongs to the …"
    id_pattern: str            # its id as written in a declaration or an effect
    example: str               # how a hint writes an id of it: P101, N, "Name"
    value: str                 # the word that names it in an effect: card, number or string
    bundle_key: str | None     # where bundle.json lists it ("planets/sectors": inside planets)
    book_name: str | None = None   # how a book names it before its key ("Log 204")
    letter: str | None = None      # the first letter of its card id
    card: bool = False         # a card: an undefined reference to it is E201
    deck: bool = False         # drawn from a deck, so always in play: a root of the story graph
    nested: bool = False       # its keyword also starts lines inside other declarations
    top_level: bool = True     # declared on its own, not only inside another declaration
    numbered: bool = False     # its key is a number (an int in references and graph nodes)
    by_name: bool = False      # a card id, or none: the card is then keyed by its name
    instead: str = ""          # how the other game writes the nearest thing, for a hint
    printed: Printed | None = None     # how its card prints; None: no card sheet prints it
    colour: str | None = None          # its nodes' fill in `vcompiler graph`
    sample: str | int | None = None    # a value of it the language reference shows in an example
    # Effects that put a card of it on the table (ops of registry/forms.py): `play`
    # shows the card as it prints, so that its rules, tracks and actions are at hand.
    shown_by: tuple[str, ...] = ()

    def key(self, ident: str | int) -> str | int:
        """The key references and graph nodes use for an entity of this kind."""
        return int(ident) if self.numbered else str(ident)

    def shown(self, key: object) -> str:
        """The key as a message prints it: injuries are named in quotes."""
        return f'"{key}"' if self.value == "string" else str(key)

    def matches(self, ident: str) -> bool:
        return re.fullmatch(self.id_pattern, ident) is not None

    @property
    def print_facts(self) -> Printed:
        """How its card prints; a card kind the table gives no `printed` still prints,
        under its noun, so that laying out cards never fails on a kind."""
        return self.printed or Printed(self.noun.title())


_NUMBERED_CARD = 'a numbered card: `card N KIND "Name" { … }`'
_LOCATION = 'a location: `location N "Name" { … }`'


def _card(name: str, letter: str, label: str, colour: str, *, deck: bool = False, nested: bool = False,
          by_name: bool = False, secret_back: bool = False, goal_word: str = "Goal",
          shown_by: tuple[str, ...] = (), sample: str | None = None) -> Kind:
    article = "an" if name[0] in "aeiou" else "a"
    example = f"{letter}101" if letter == "P" else f"{letter}01"
    return Kind(name, VANGUARD.name, name, name, f"{article} {name} card", f"{letter}[0-9]+", example,
                "card", "cards", book_name="card", letter=letter, card=True, deck=deck, nested=nested,
                by_name=by_name, instead=_NUMBERED_CARD,
                printed=Printed(label, secret_back=secret_back, goal_word=goal_word), colour=colour,
                sample=sample or example, shown_by=shown_by)


V, T = VANGUARD.name, VANTAGE.name
KINDS: tuple[Kind, ...] = (
    Kind("pack", None, "pack", "pack", "a pack", r"[A-Za-z_]\w*", "NAME", "word", "pack", colour="#ffffff"),
    Kind("log", V, "log", "log", "a log", r"[0-9]+|@[A-Za-z_]\w*", "N", "number", "logs",
         book_name="Log", numbered=True, instead=_LOCATION + ", or an action's `result { … }`", colour="#fff4d6"),
    Kind("planet", V, "planet", "planet", "a planet", r"[A-Za-z_]\w*", "NAME", "word", "planets",
         instead="locations joined by compass exits: `north 2 walk`", colour="#d8f5d0"),
    Kind("sector", V, "sector", "sector", "a sector", "[0-9]+", "N", "number", "planets/sectors",
         book_name="Sector", nested=True, top_level=False, numbered=True, instead=_LOCATION,
         colour="#eef8e8", sample=3),
    _card("poi", "P", "Point of Interest", "#ffe3e3", nested=True),
    # The reference's examples follow the rulebook's Mission M02 (RB 747).
    _card("mission", "M", "Mission", "#ffe9c7", nested=True, goal_word="Completion",
          shown_by=("reveal_mission",), sample="M02"),
    _card("condition", "G", "Global Condition", "#f3e1f5", nested=True, shown_by=("set_condition",)),
    # RB 244: events are filed in any order
    _card("event", "E", "Event", "#f0f0f0", deck=True, by_name=True, secret_back=True),
    _card("threat", "T", "Threat", "#ffd0c0", shown_by=("place_threat",)),
    Kind("injury", V, "injury", "injury", "an injury card", r'"[^"\n]*"', '"Name"', "string", "cards",
         book_name="card", card=True, deck=True, printed=Printed("Injury", secret_back=True), colour="#ffd6e0",
         sample="Just a Scratch", shown_by=("gain_injury",)),
    # RB 433, 804: a goal for the Away Team, drawn (two, one kept) and never numbered.
    Kind("rank_up", V, "rank_up", "rank-up card", "a rank-up card", r'"[^"\n]*"', '"Name"', "string", "cards",
         book_name="card", card=True, deck=True, printed=Printed("Rank-Up", secret_back=True), colour="#e4ecff"),
    Kind("unique", V, "unique", "unique discovery", "a unique discovery card", "[0-9]+", "N", "number",
         "cards", book_name="Unique Discovery", card=True, nested=True, numbered=True,
         printed=Printed("Unique Discovery"), colour="#fff0a8", sample=1, shown_by=("gain_unique",)),
    # A letter of the Danger die Reference card (RB 1455): the box's, or the pack's own table.
    Kind("danger", V, "danger", "danger die", "a Danger die letter", "[A-Z]", "LETTER", "word", "cards",
         book_name="Danger die", deck=True, printed=Printed("Danger Die"), colour="#ffffff", sample="T"),
    Kind("location", T, "location", "location", "a location", "[0-9]+", "N", "number", "locations",
         book_name="Location", numbered=True,
         instead='a log (`log N "Title" { … }`), or a sector of a planet (`sector N { … }`)',
         printed=Printed("Location", TAROT), colour="#dff0ff"),
    Kind("depart", T, "depart", "depart entry", "a depart entry", "[0-9]+ (north|east|south|west)",
         "N DIRECTION", "number", "departs", instead="a path between sectors: `path 1 <-> 2 [travel]`",
         colour="#e6e0ff"),
    Kind("vcard", T, "card", "card", "a numbered card", "[0-9]+", "N", "number", "vantage_cards",
         book_name="card", card=True, numbered=True,
         instead='a card of its kind, with a lettered id: `poi P101 "Name" { … }`',
         printed=Printed(None), colour="#e0f5f0", sample=1201, shown_by=("gain_card", "place_in_center")),
)
# What `card N KIND` declares in a vantage pack: the word prints as the card's label.
VANTAGE_CARD_KINDS = ("character", "item", "flora", "vehicle", "destiny", "mission", "condition", "companion")
# A planet's Landing card (`landing N { … }` in a planet): printed among the cards,
# though nothing refers to it as an entity of its own.
LANDING = "landing"
LANDING_CARD = Printed("Landing Card")
# A planet's setup (`setup { … }` in a planet): printed as a card of its own beside the
# board, so that the board's layout is the board's and the table reads its setup first;
# a list of steps, at the size of a location card.
SETUP = "setup"
SETUP_CARD = Printed("Planet Setup", TAROT)
# Vantage's location 000 is printed on the back cover of the Book of Vantages (VR 17):
# the size of the book, so that a whole setup (its steps, characters, levels and crash
# sites) fits where a location card's would overflow.
START_LOCATION = "start_location"
START_LOCATION_CARD = Printed("Setup", size=(148.0, 210.0))
# The key of the Starting Log (`log start`): read first, printed first and with no number.
STARTING_LOG = 0
# What `{card X}` in text names before the model knows X's kind: a card of either game.
ANY_CARD = Kind("card", None, "card", "card", "a card", "[A-Z]?[0-9]+", "P101", "card", None,
                book_name="card", card=True)

_BY_NAME = {k.name: k for k in (*KINDS, ANY_CARD)}
_BY_KEYWORD = {k.keyword: k for k in KINDS if k.top_level}
# Keywords that start nothing but a top-level declaration (see parse/split.py).
TOP_LEVEL_ONLY: frozenset[str] = frozenset(k.keyword for k in KINDS if k.top_level and not k.nested)
CARD_KINDS: tuple[str, ...] = tuple(k.name for k in (*KINDS, ANY_CARD) if k.card)
DECK_KINDS: tuple[str, ...] = tuple(k.name for k in KINDS if k.deck)
# What the card sheets print, by the face's kind, and the size each prints at, which
# vcompiler.toml's [cards] may change.
PRINTED: dict[str, Printed] = {**{k.name: k.printed for k in KINDS if k.printed is not None},
                               LANDING: LANDING_CARD, SETUP: SETUP_CARD,
                               START_LOCATION: START_LOCATION_CARD}
CARD_SIZES: dict[str, tuple[float, float]] = {name: printed.size for name, printed in PRINTED.items()}

# How many of one card a build prints at most: a slip of the finger in `copies`
# must not become a thousand sheets. `check` warns past it, the card sheets stop at it.
MAX_COPIES = 60


def kind_named(name: str) -> Kind:
    """The kind of that name; a KeyError names a kind no table declares."""
    return _BY_NAME[name]


def kind_declared_by(keyword: str) -> Kind | None:
    """The kind a top-level declaration starting with `keyword` defines."""
    return _BY_KEYWORD.get(keyword)


def is_kind(name: object) -> bool:
    return isinstance(name, str) and name in _BY_NAME


def kinds_of_game(game: str) -> tuple[Kind, ...]:
    return tuple(k for k in KINDS if k.game in (None, game))
