"""The resolved model: what the checks, the emitter and the renderer read. Labels have
numbers, effects have their meaning (`op`), and every reference to another entity is
a `Reference` keyed by what it names. Entities refer to each other by key rather than
by object, because the story graph has cycles; the pack's tables turn a key into the
entity."""
from __future__ import annotations

from dataclasses import field
from functools import cached_property
from typing import Any

from vcompiler import ast
from vcompiler.source import SourceFile, Span
from vcompiler.util.frozen import frozen


@frozen
class Reference:
    """One mention of another entity. `kind` is what is named (log, location, sector,
    poi, mission, condition, event, threat, injury, unique, card, vcard); `key` its number,
    id or name (a str "@label" for a label no log has); `origin` the entity that
    mentions it, as a graph node (see checks.graph); `via` how (goto, choice,
    conditional, text, board, compass, depart, gain, place, reveal, ...)."""
    kind: str
    key: object
    span: Span
    origin: tuple[str, object]
    via: str


@frozen
class Effect:
    op: str
    params: tuple[tuple[str, object], ...]
    span: Span

    def param(self, name: str, default: object = None) -> object:
        for key, value in self.params:
            if key == name:
                return value
        return default


@frozen
class Choice:
    """One effect, or `/` options of which the players pick one."""
    options: tuple[Effect, ...]
    span: Span


@frozen
class Condition:
    kind: str            # the test of a registry condition (registry/conditions.py)
    key: object          # its first word the writer chose; None when it has none
    span: Span
    more: tuple[object, ...] = ()     # the words of its further slots, in order


# ---------------------------------------------------------------- statements
# What a log or a storybook result says, in order.
@frozen
class TextStatement:
    text: ast.Text
    span: Span


@frozen
class CheckStatement:
    """`check`: the box printed beside the entry's number."""
    span: Span


@frozen
class ChoiceStatement:
    label: ast.Text
    target: Effect                        # the goto
    span: Span


@frozen
class IfStatement:
    condition: Condition
    target: Effect                        # the goto
    span: Span


@frozen
class ElseStatement:
    target: Effect                        # the goto
    span: Span


@frozen
class EffectStatement:
    effect: Choice
    span: Span


@frozen
class PaidStatement:
    """`pay ... => ...`: if every payment can be made, it is, and the effects follow;
    if not, none of it happens."""
    payments: tuple[Effect, ...]
    effects: tuple[Choice, ...]
    span: Span


Statement = (TextStatement | CheckStatement | ChoiceStatement | IfStatement | ElseStatement | EffectStatement
             | PaidStatement)


@frozen
class Row:
    kind: str                             # outcome | special | combination | track | space | time | injury | goal
    key: str | None
    number: int | None
    requirement: ast.Requirement | None
    effects: tuple[Choice, ...]
    span: Span
    text: ast.Text | None = None          # a goal's requirement, in words


@frozen
class CheckAction:
    """A Special Action: a dice check when it has rows; else its text and effects.
    `danger_letter`: the letter inside its Danger dice's icon, which picks the table of
    the Danger die Reference card (RB 1670); None when the writer gave none."""
    name: str
    danger: int | None
    rows: tuple[Row, ...]
    span: Span
    text: tuple[ast.Text, ...] = ()
    effects: tuple[Choice, ...] = ()
    danger_letter: str | None = None

    @property
    def dice_check(self) -> bool:
        return bool(self.rows)


@frozen
class Log:
    number: int
    label: str | None
    title: ast.Text | None
    external: bool
    statements: tuple[Statement, ...]
    span: Span
    starting: bool = False                # the Starting Log: number STARTING_LOG, never printed

    @property
    def shown(self) -> int | str:
        """The log as a message names it: as the writer does (`@label`, with the number
        it was given, or `start`), else its number."""
        if self.starting:
            return "start"
        return f"@{self.label} ({self.number})" if self.label else self.number

    @property
    def written(self) -> int | str:
        """The log as a reference to it is written: `@label`, `start` or its number."""
        return "start" if self.starting else f"@{self.label}" if self.label else self.number

    @property
    def has_check(self) -> bool:
        return any(isinstance(s, CheckStatement) for s in self.statements)


@frozen
class Sector:
    number: int
    name: str | None
    printed_poi: str | None
    slot: bool
    lander: bool
    biomes: tuple[str, ...]
    goto: Effect | None
    span: Span
    # Where the printed board puts the sector, (column, row) from 0, and where the
    # writer said so; None: laid out from the board's graph.
    at: tuple[tuple[int, int], Span] | None = None
    actions: tuple[CheckAction, ...] = ()


@frozen
class Path:
    a: int
    b: int
    two_way: bool
    costs: tuple[Effect, ...]
    span: Span


@frozen
class PrintedCondition:
    name: str
    travel: tuple[Choice, ...]
    supplies: str | int | None
    span: Span
    text: tuple[ast.Text, ...] = ()
    rows: tuple[Row, ...] = ()            # time track, Special Effect, Dice Combination


@frozen
class Landing:
    number: int
    text: tuple[ast.Text, ...]
    scans: tuple[tuple[int, ast.Text], ...]      # (Energy spent, what it reveals), as written
    span: Span


@frozen
class ArtImage:
    """An image an `art` line names, read and looked at: its path in the pack's folder,
    its format (png, jpeg, svg), its size in pixels (an SVG's in its own units, 0 when
    it gives none), its bytes and their SHA-256."""
    path: str
    format: str
    width: int
    height: int
    data: bytes = field(repr=False)
    digest: str
    misnamed: bool = False                # its name ends in another format's extension


@frozen
class Art:
    """What a component prints as its illustration: the image, or None (a placeholder),
    and the brief of what it should show."""
    image: ArtImage | None
    brief: str | None
    span: Span
    at: Span                              # the image's path as written; the first line without one


@frozen
class Planet:
    id: str
    name: str
    missions: tuple[str, ...]
    uniques: tuple[tuple[int, Choice], ...]
    printed_conditions: tuple[PrintedCondition, ...]
    condition_cards: tuple[str, ...]
    lift_off: tuple[Effect, ...]
    evac: tuple[Effect, ...]
    sectors: tuple[Sector, ...]
    paths: tuple[Path, ...]
    span: Span
    text: tuple[ast.Text, ...] = ()
    board_pois: tuple[Card, ...] = ()      # the POIs printed on its sectors
    landing: Landing | None = None
    system_map: ast.SystemMapEntry | None = None
    rank_ups: tuple[str, ...] = ()         # the Rank-Up cards dealt to its Rank-Up space
    events: Condition | None = None        # Event cards are drawn only while it holds; None: always
    setup: PlanetSetup | None = None       # what the table lays out before the first turn
    art: Art | None = None


@frozen
class PlanetSetup:
    """What the table lays out before the first turn (RB 445-448, 1045-1048, 1511): the
    ids of the face-down POI pile, the Injury cards (by name), the Event cards (by id,
    or by name for one without), the Discovery decks, the starting Sectors."""
    pois: tuple[str, ...]
    injuries: tuple[str, ...]
    events: tuple[str, ...]
    decks: tuple[str, ...]
    start: tuple[int, ...]
    text: tuple[ast.Text, ...]
    span: Span
    deck_spans: tuple[Span, ...] = ()      # where each deck is named, for the checks


@frozen
class Card:
    """A vanguard card: poi, mission, condition, event, threat, injury or unique. `id`
    is P101/M01/G01/E01/T01, the name of an injury, the number (as text) of a unique."""
    kind: str
    id: str
    name: str
    copies: int | None
    biomes: tuple[str, ...]
    flags: tuple[str, ...]
    text: tuple[ast.Text, ...]
    travel: tuple[Choice, ...]
    secondary: tuple[Choice, ...]
    main: tuple[Choice, ...]
    actions: tuple[CheckAction, ...]
    rows: tuple[Row, ...]
    span: Span
    standees: int | None = None
    external: bool = False          # brought into play from outside the pack: a root of the story graph
    board: bool = False             # printed on a sector of the board; its id is PLANET.SECTOR
    supplies: str | int | None = None   # a condition card's Supplies limit (RB 1720)
    completed: tuple[ast.Text, ...] = ()   # a Rank-Up card's Completed side (RB 433, 804)
    art: Art | None = None


@frozen
class StoryAction:
    category: str
    name: ast.Text
    cost: int                             # challenge dice; 0: none are rolled
    always: bool
    text: tuple[ast.Text, ...]
    result: tuple[Statement, ...]
    span: Span
    skills: tuple[str, ...] = ()          # tokens of these skills reduce the cost by 1 each
    boost: int | None = None              # boost paid from the card (card actions)
    # Categories a later visitor may not take after this one, as written (words with their place).
    excludes: tuple[ast.Value, ...] = ()

    @property
    def excluded(self) -> tuple[str, ...]:
        return tuple(str(v.value) for v in self.excludes)


@frozen
class Exit:
    direction: str
    target: int | None
    mode: str | None
    span: Span


@frozen
class Location:
    number: int
    name: ast.Text
    text: tuple[ast.Text, ...]
    arrival: tuple[Choice, ...]
    exits: tuple[Exit, ...]
    actions: tuple[StoryAction, ...]
    choices: tuple[ChoiceStatement, ...]
    span: Span
    external: bool = False                # the rules or another pack bring players here
    steps: tuple[ast.SetupStep, ...] = ()  # location 000: setup steps, in order
    characters: tuple[Character, ...] = ()
    levels: tuple[ast.Level, ...] = ()
    art: Art | None = None


@frozen
class Character:
    """A character card a player may gain at location 000, and what decides it."""
    card: int
    label: ast.Text | None
    span: Span


@frozen
class Depart:
    number: int
    direction: str
    action: StoryAction
    span: Span


@frozen
class VantageCard:
    number: int
    kind: str
    name: ast.Text
    orientation: str | None
    boost: int | None
    slots: int | None
    text: tuple[ast.Text, ...]
    actions: tuple[StoryAction, ...]
    span: Span
    external: bool = False                # the rules bring it into play (a character, destiny 1705)
    slot_list: tuple[Slot, ...] = ()      # empty: `slots N` plain slots, or none
    powers: tuple[ast.Power, ...] = ()
    placed: tuple[Choice, ...] = ()       # "when placed" effects
    ending: Ending | None = None
    art: Art | None = None


@frozen
class Slot:
    faces: tuple[str, ...]                # the challenge die faces it accepts; ("any",) any
    impact: bool
    span: Span


@frozen
class Ending:
    """A mission's game-end entry, printed in the take storybook under its number."""
    name: ast.Text
    statements: tuple[Statement, ...]
    span: Span


@frozen
class Numbering:
    low: int
    high: int
    seed: int


@frozen
class Vocabulary:
    """The words a pack adds to its game's open vocabularies (`skills`, `biomes`,
    `decks` in its `pack`); the built-in ones stay."""
    skills: tuple[str, ...] = ()
    biomes: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()


@frozen
class Pack:
    name: str
    game: str
    title: str
    version: str
    start: Effect | None
    numbering: Numbering
    span: Span
    folder: str
    files: tuple[SourceFile, ...]
    logs: tuple[Log, ...]                  # ascending number
    planets: tuple[Planet, ...]
    cards: tuple[Card, ...]                # vanguard cards, in kind then id order
    locations: tuple[Location, ...]        # ascending number
    departs: tuple[Depart, ...]
    vantage_cards: tuple[VantageCard, ...]
    labels: dict[str, int] = field(hash=False)
    references: tuple[Reference, ...] = ()
    # What declarations that failed to parse would have defined: references to these
    # are not reported, since the syntax error already is.
    unparsed: frozenset[tuple[str, Any]] = frozenset()
    # False when a file could not be read or a declaration could not be parsed: the
    # story graph then misses edges, and the rules that need all of it stand down.
    complete: bool = True
    vocabulary: Vocabulary = Vocabulary()
    art: Art | None = None                 # the books' covers
    # The back-cover guides the pack words for its storybooks (VR 14), by book
    # (a story category or "depart"); a book not listed prints the default guide.
    guides: tuple[tuple[str, ast.Text], ...] = ()
    # The language of a translated edition (i18n.apply); "" for the source edition.
    language: str = ""

    def log(self, number: int) -> Log | None:
        return self._logs_by_number.get(number)

    @cached_property
    def _logs_by_number(self) -> dict[int, Log]:
        return {log.number: log for log in self.logs}
