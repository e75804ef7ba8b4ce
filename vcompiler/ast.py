"""The syntax tree: what the parse stage hands to the model. Every node carries the
span of the text it came from. Nothing here knows about Lark.

Nodes are frozen dataclasses of primitives, tuples, enums and other nodes, so that the
parse cache can store them as data (see parse/serial.py)."""
from __future__ import annotations

from vcompiler.diagnostics import Diagnostic
from vcompiler.source import SourceFile, Span
from vcompiler.util.frozen import frozen


# ---------------------------------------------------------------- text markup
@frozen
class Run:
    """Plain words. Line breaks inside a paragraph are already folded to spaces."""
    text: str


@frozen
class Emphasis:
    children: tuple[Inline, ...]
    strong: bool


@frozen
class Ref:
    """`{log 505}`, `{log @label}`, `{card P101}`, `{card 1201}`, `{location 140}`."""
    kind: str          # "log" | "card" | "location"
    target: Value
    span: Span


@frozen
class Icon:
    name: str
    span: Span


Inline = Run | Emphasis | Ref | Icon
Paragraph = tuple[Inline, ...]


@frozen
class Text:
    """A string as prose: paragraphs of inline markup."""
    paragraphs: tuple[Paragraph, ...]
    span: Span

    def plain(self) -> str:
        return "\n\n".join("".join(_plain(i) for i in p) for p in self.paragraphs)


def _plain(node: Inline) -> str:
    if isinstance(node, Run):
        return node.text
    if isinstance(node, Emphasis):
        return "".join(_plain(c) for c in node.children)
    if isinstance(node, Icon):
        return f"[{node.name}]"
    target = node.target.value
    return f"{node.kind.capitalize()} {'@' if node.target.kind == 'label' else ''}{target}"


# ---------------------------------------------------------------- values
@frozen
class Value:
    """One word of an effect, a requirement or a condition."""
    kind: str          # "word" | "number" | "card" | "string" | "label" | "start" (`log start`)
    value: str | int
    span: Span

    def describe(self) -> str:
        if self.kind == "string":
            return f'"{self.value}"'
        if self.kind == "label":
            return f"`@{self.value}`"
        return f"`{self.value}`"


@frozen
class Goto:
    """`-> log N`, `-> log @label` or `-> location N`."""
    kind: str          # "log" | "location"
    target: Value
    span: Span


@frozen
class VerbEffect:
    verb: Value
    args: tuple[Value, ...]
    span: Span


Effect = Goto | VerbEffect


@frozen
class EffectChoice:
    """One effect, or several joined by `/` of which the players pick one."""
    options: tuple[Effect, ...]
    span: Span


@frozen
class Requirement:
    """Alternatives (joined by `/`), each a set of terms that must all hold (`+`)."""
    alternatives: tuple[tuple[tuple[Value, ...], ...], ...]
    span: Span


# ---------------------------------------------------------------- statements
@frozen
class TextStmt:
    text: Text
    span: Span


@frozen
class CheckStmt:
    span: Span


@frozen
class ChoiceStmt:
    label: Text
    target: Goto
    span: Span


@frozen
class IfStmt:
    condition: tuple[Value, ...]
    target: Goto
    span: Span


@frozen
class ElseStmt:
    target: Goto
    span: Span


@frozen
class EffectStmt:
    effect: EffectChoice
    span: Span


@frozen
class PaidStmt:
    """`pay coin 2 + boost 1 => EFFECTS`: the effects only if every payment is made
    (each payment a `pay` effect)."""
    payments: tuple[VerbEffect, ...]
    effects: tuple[EffectChoice, ...] | None       # None: no `=>` was written
    span: Span


Statement = TextStmt | CheckStmt | ChoiceStmt | IfStmt | ElseStmt | EffectStmt | PaidStmt


@frozen
class Art:
    """`art "FILE"` and `art brief "…"`: the illustration a component prints (a file of
    the pack's folder, as written), and what it should show while there is none."""
    image: Value | None               # a string value: the path, with its span
    brief: str | None
    span: Span                        # the first `art` line
    brief_span: Span | None = None    # the `art brief` line


# ---------------------------------------------------------------- declarations
# Every declaration has `span`, its header (keyword to name), and `allow`, the codes a
# `// allow CODE` comment on its first line silences for it.
@frozen
class GameSetting:
    game: str
    span: Span


@frozen
class TitleSetting:
    title: str
    span: Span


@frozen
class VersionSetting:
    version: str
    span: Span


@frozen
class StartSetting:
    target: Goto
    span: Span


@frozen
class NumberingSetting:
    low: int
    high: int
    seed: int | None
    span: Span


@frozen
class VocabularySetting:
    """`skills …`, `biomes …` or `decks …` in a pack: words it adds to the game's own."""
    what: str                          # skills | biomes | decks
    words: tuple[Value, ...]
    span: Span


@frozen
class GuideSetting:
    """`guide BOOK "TEXT"`: the reference guide on the back cover of a storybook."""
    book: str                         # a story category, or "depart"
    text: Text
    span: Span


PackSetting = (GameSetting | TitleSetting | VersionSetting | StartSetting | NumberingSetting | VocabularySetting
               | GuideSetting)
# How a pack declaration spells each setting.
SETTING_KEYWORDS: dict[type, str] = {GameSetting: "game", TitleSetting: "title", VersionSetting: "version",
                                     StartSetting: "start", NumberingSetting: "numbering",
                                     VocabularySetting: "vocabulary", GuideSetting: "guide"}


@frozen
class PackDecl:
    """The settings in the order written (the model reports one given twice)."""
    name: str
    settings: tuple[PackSetting, ...]
    span: Span
    allow: tuple[str, ...] = ()
    art: Art | None = None            # the books' covers


@frozen
class Sector:
    """What a sector's lines say, in the order written: its printed POIs (`poi P101
    printed`), whether it has a POI slot (`poi slot`) or the lander, its biomes and
    the effects of entering it."""
    number: int
    name: str | None
    printed: tuple[Value, ...]
    slot: bool
    lander: bool
    biomes: tuple[str, ...]
    effects: tuple[EffectChoice, ...]
    span: Span
    at: tuple[tuple[int, int], Span] | None = None    # `at COLUMN, ROW`: its place on the printed board
    actions: tuple[CheckAction, ...] = ()             # Special Actions printed in the sector
    board_poi: CardDecl | None = None                  # `poi printed "Name" { … }`: a POI the board prints


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
    travel: tuple[EffectChoice, ...]
    supplies: int | str | None        # a number, or "unlimited"
    span: Span
    text: tuple[Text, ...] = ()
    rows: tuple[Row, ...] = ()        # its time track, Special Effect and Dice Combination (RB 1680)


@frozen
class Landing:
    """A planet's Landing card: its text, and (energy, text) revealed by scanning."""
    number: int
    text: tuple[Text, ...]
    scans: tuple[tuple[int, Text], ...]
    span: Span


@frozen
class SystemMapEntry:
    """Where the System Maps book lists the planet: its number in the table of the
    system's page, the system, and the Energy that investigating it costs."""
    number: int
    system: str
    cost: int
    span: Span


@frozen
class PlanetDecl:
    id: str
    name: str
    missions: tuple[Value, ...]
    uniques: tuple[tuple[Value, EffectChoice], ...]
    conditions: tuple[PrintedCondition | Value, ...]
    lift_off: tuple[Goto, ...]
    evac: tuple[Goto, ...]
    sectors: tuple[Sector, ...]
    paths: tuple[Path, ...]
    span: Span
    allow: tuple[str, ...] = ()
    text: tuple[Text, ...] = ()       # the planet's own rules, printed on the board
    landing: tuple[Landing, ...] = ()                 # as written; one is expected (E226)
    system_map: tuple[SystemMapEntry, ...] = ()
    rank_ups: tuple[Value, ...] = ()                  # Rank-Up cards dealt to the board, by name
    events: tuple[EventsWhen, ...] = ()               # as written; one is expected (E226)
    setup: tuple[PlanetSetup, ...] = ()               # as written; one is expected (E226)
    art: Art | None = None                             # the board's illustration


@frozen
class PlanetSetup:
    """`setup { … }`: what the table lays out before the first turn (RB 445-448,
    1045-1048, 1511), each list as written."""
    pois: tuple[Value, ...]           # the face-down POI pile beside the board
    injuries: tuple[Value, ...]       # the Injury cards, face up beside the board
    events: tuple[Value, ...]         # the Event cards, shuffled beside the board
    decks: tuple[Value, ...]          # the Discovery decks above the board
    start: tuple[Value, ...]          # the Sectors the Away Team's minis start in
    text: tuple[Text, ...]
    span: Span


@frozen
class EventsWhen:
    """`events if CONDITION`: Event cards are drawn at the end of a turn only while it holds."""
    condition: tuple[Value, ...]
    span: Span


@frozen
class Row:
    """An outcome row, a special, a track, a threat space, a condition's time row, an
    injury line, a threat's attack or a goal: a key, what it needs and the effects
    after `=>`."""
    kind: str       # outcome | special | combination | track | space | time | injury | attack | alone | goal
    key: str | None                   # colour, injury kind
    number: int | None                # track length, space number, time
    requirement: Requirement | None
    effects: tuple[EffectChoice, ...]
    span: Span
    text: Text | None = None          # a goal's requirement, in words


@frozen
class CheckAction:
    """A Special Action: a dice check (its rows), or text and effects only. `danger`
    is how many Danger dice it rolls, `letter` the letter inside their icon (`danger 1
    T`), which picks the Reference card's table."""
    name: str
    danger: int | None
    rows: tuple[Row, ...]
    span: Span
    text: tuple[Text, ...] = ()
    effects: tuple[EffectChoice, ...] = ()
    letter: Value | None = None


@frozen
class CardDecl:
    """A vanguard card: poi, mission, condition, event, threat, injury, unique; and a
    letter of the Danger die Reference card (`danger`)."""
    kind: str
    id: str                           # "P101", "M01"; the name for injuries; the number for uniques
    name: str
    copies: int | None
    biomes: tuple[str, ...]
    flags: tuple[str, ...]            # as written: no_travel, final, important, no_save
    text: tuple[Text, ...]
    travel: tuple[EffectChoice, ...]
    secondary: tuple[EffectChoice, ...]
    main: tuple[EffectChoice, ...]
    actions: tuple[CheckAction, ...]
    rows: tuple[Row, ...]             # threat spaces, condition time rows, injury lines
    span: Span
    allow: tuple[str, ...] = ()
    standees: int | None = None       # a threat's standees, the first its main one
    external: bool = False            # brought into play by a rule or the Rulebook, not by the pack
    board: bool = False               # a POI printed on a sector of the board: no card, no id of its own
    supplies: int | str | None = None  # a condition card's Supplies limit: a number, or "unlimited"
    completed: tuple[Text, ...] = ()   # a Rank-Up card's Completed side (RB 433, 804)
    art: Art | None = None


@frozen
class LogDecl:
    target: Value                     # a number or a label
    title: Text | None
    external: bool
    statements: tuple[Statement, ...]
    span: Span
    allow: tuple[str, ...] = ()


@frozen
class Cost:
    """`cost N skill A / B boost M`: challenge dice, the skills whose tokens reduce
    them, and the boost a card action takes from its card."""
    dice: int
    skills: tuple[Value, ...]
    boost: Value | None
    span: Span


@frozen
class StoryAction:
    category: str
    name: Text
    cost: Cost
    always: bool
    text: tuple[Text, ...]
    result: tuple[Statement, ...] | None
    span: Span
    excludes: tuple[Value, ...] = ()  # categories a later visitor may not take after this one


@frozen
class SetupStep:
    text: Text
    span: Span


@frozen
class Character:
    card: Value
    label: Text | None
    span: Span


@frozen
class Level:
    """A starting level of location 000: the time, morale and health it starts at."""
    name: str
    time: int
    morale: int
    health: int
    recommended: bool
    span: Span


@frozen
class Exit:
    direction: str
    target: int | None                # None for `*`
    mode: str | None                  # walk | swim
    span: Span


@frozen
class LocationDecl:
    number: int
    name: Text
    text: tuple[Text, ...]
    arrival: tuple[EffectChoice, ...]
    exits: tuple[Exit, ...]
    actions: tuple[StoryAction, ...]
    choices: tuple[ChoiceStmt, ...]
    span: Span
    allow: tuple[str, ...] = ()
    external: bool = False
    steps: tuple[SetupStep, ...] = ()
    characters: tuple[Character, ...] = ()
    levels: tuple[Level, ...] = ()
    # Statements of a log or an action's result written in the location's body.
    stray: tuple[Statement, ...] = ()
    art: Art | None = None


@frozen
class DepartDecl:
    number: int
    direction: str
    action: StoryAction
    span: Span
    allow: tuple[str, ...] = ()


@frozen
class VantageCardDecl:
    number: int
    kind: str
    name: Text
    orientation: str | None           # vertical | horizontal; the last one written
    boost: int | None
    slots: int | None
    text: tuple[Text, ...]
    actions: tuple[StoryAction, ...]
    span: Span
    allow: tuple[str, ...] = ()
    external: bool = False
    slot_list: tuple[Slot, ...] = ()
    powers: tuple[Power, ...] = ()
    placed: tuple[EffectChoice, ...] = ()
    ending: Ending | None = None
    boost_span: Span | None = None
    art: Art | None = None


@frozen
class Slot:
    """`slot impact time / blank`: the challenge die faces it accepts; `impact`: other
    players may place on it."""
    faces: tuple[Value, ...]
    impact: bool
    span: Span


@frozen
class Power:
    """`power boost N "TEXT"`: pay N boost from the card for what the text says, until
    the end of the turn."""
    boost: int
    text: Text
    span: Span


@frozen
class Ending:
    """A mission's game-end entry in the take storybook."""
    name: Text
    statements: tuple[Statement, ...]
    span: Span


Declaration = PackDecl | PlanetDecl | CardDecl | LogDecl | LocationDecl | DepartDecl | VantageCardDecl


@frozen
class File:
    source_display: str
    declarations: tuple[Declaration, ...]


@frozen
class ParsedFile:
    """What the parse stage hands to the model for one file. `unparsed` names what the
    declarations that failed to parse would have defined (("log", 12), ("label",
    "vent"), ("poi", "P101"), ...), so that references to them are not reported as
    undefined on top of the syntax error."""
    source: SourceFile
    file: File
    diagnostics: tuple[Diagnostic, ...]
    unparsed: tuple[tuple[str, object], ...] = ()
    # (first line, last line, codes): a `// allow CODE` on a declaration's first line
    # silences those codes from that line to the end of the declaration.
    allow_regions: tuple[tuple[int, int, tuple[str, ...]], ...] = ()
    # How many declarations Lark read (the log reader did not take them): a file with
    # none is parsed again about as fast as it is read back from the parse cache, so
    # the cache does not keep it.
    by_lark: int = 0
