"""Which cards a pack prints, each as a face: plain data in the game's voice, in the
layout the rulebooks describe for its kind. The templates print faces; sheets.py lays
them out on paper. Nothing here knows about paper.

A face's body is a list of blocks (render/ir.py), printed in order."""
from __future__ import annotations

from collections.abc import Sequence

from vcompiler import ast
from vcompiler.model import types as m
from vcompiler.registry import CARD_SIZES, LANDING, MAX_COPIES, PRINTED, SETUP, START_LOCATION, kind_named
from vcompiler.registry.art import card_art_mm
from vcompiler.registry.phrasebook import say
from vcompiler.render.art import ArtView, art_view
from vcompiler.render.ir import (
    ActionHead,
    Block,
    Boxes,
    Choices,
    Compass,
    Emphasis,
    Icon,
    Option,
    Options,
    Paragraph,
    Row,
    Rule,
    Sentence,
    Steps,
    Track,
    Words,
)
from vcompiler.render.voice import effects_sentence, joined, power_line, rich, rich_line, target
from vcompiler.source import Span
from vcompiler.util.frozen import frozen
from vcompiler.vocabulary import DIE_ICONS, ICONS

# Words of a requirement printed as their icon: the dice icons, colours and "same".
REQUIREMENT_ICONS = frozenset(ICONS) | {"same"}

FLAG_WORDS = {"final": "Final", "no_travel": "No Travel", "no_save": "No Save", "important": "Important"}



@frozen
class Back:
    label: str
    number: str                       # "" when the back must not tell the card
    pack_title: str
    # A card with two sides printed (a Rank-Up card's Completed side, RB 804): the back's
    # heading and paragraphs; empty for a back that only says what deck the card is of.
    side: str = ""
    blocks: tuple[Block, ...] = ()


@frozen
class Face:
    key: str                          # what a diagnostic calls the card: "poi P106"
    kind: str                         # poi ... unique, location, vcard
    label: str                        # "Point of Interest", "Item"
    number: str                       # as printed: "P106", "000", "1201"
    title: Sentence
    size: tuple[float, float]         # trim width and height, mm
    icons: tuple[str, ...]            # biome icons
    badges: tuple[str, ...]           # status words: "Final", "Vertical"
    blocks: tuple[Block, ...]
    foot: tuple[Block, ...]           # printed at the bottom (an event's main effect)
    back: Back
    copies: int
    span: Span
    # Where each block of `blocks` and `foot` was written, in the same order, so that a
    # box that overflows is reported at the block that runs past it; the declaration's
    # span where a block has none of its own.
    at: tuple[Span, ...] = ()
    foot_at: tuple[Span, ...] = ()
    art: ArtView | None = None        # the art band under the title, or its placeholder

    def span_of(self, part: str, item: int | None) -> Span:
        """Where the writer wrote block `item` of `part` (title, body or foot)."""
        spans = self.foot_at if part == "foot" else self.at if part == "body" else ()
        return spans[item] if item is not None and 0 <= item < len(spans) else self.span


def requirement(requirement: ast.Requirement | None) -> Sentence:
    """A requirement as the card prints it: dice words as their icons."""
    out: Sentence = []
    if requirement is None:
        return out
    for i, alternative in enumerate(requirement.alternatives):
        if i:
            out.append(Words(" / "))
        for j, term in enumerate(alternative):
            if j:
                out.append(Words(" + "))
            for k, value in enumerate(term):
                if k:
                    out.append(Words(" "))
                word = str(value.value)
                icon = DIE_ICONS.get(word, word)
                out.append(Icon(icon) if value.kind == "word" and word in REQUIREMENT_ICONS else Words(word))
    return out


# A threat's rows beside its time track, by the word printed before them.
THREAT_ROWS = {"attack": "Attack", "alone": "No Crewmember in its Sector"}


def row_lead(row: m.Row) -> Sentence:
    """What a row prints before its effects: its colour and requirement, its track, its
    space, or the word of a threat's row."""
    block = _row(row)
    if isinstance(block, Track):
        return [Icon(block.style if block.style in ICONS else "time"), Words(f" {block.spaces}")]
    return list(block.lead)


def _row(row: m.Row) -> Row | Track:
    said = effects_sentence(row.effects)
    if row.kind in ("track", "time", "space"):
        style = row.key if row.kind == "track" else "time"
        return Track(style or "", row.number or 0, said)
    if row.kind == "outcome":
        lead: Sentence = [Icon(str(row.key))]
        return Row(row.key or "", lead + ([Words(" "), *requirement(row.requirement)] if row.requirement else []),
                   said)
    if row.kind == "injury":
        return Row("injury", [Icon(row.key)] if row.key in ICONS else [Words(str(row.key))], said)
    if row.kind in THREAT_ROWS:
        return Row(row.kind, [Words(say(THREAT_ROWS[row.kind]))], said)
    if row.kind == "combination":
        # Spent dice, any number of times: not a Special Effect that applies by itself,
        # so it does not wear the special icon.
        return Row("combination", [Words(say("Combination")), Words(" "), *requirement(row.requirement)], said)
    return Row("special", [Icon("special"), Words(" "), *requirement(row.requirement)], said)


# A block and where it was written.
Placed = tuple[Block, Span]


def _paragraphs(texts: tuple[ast.Text, ...]) -> list[Placed]:
    return [(Paragraph(p), t.span) for t in texts for p in rich(t)]


def _blocks(placed: list[Placed]) -> list[Block]:
    return [block for block, _ in placed]


def _spans(placed: list[Placed]) -> tuple[Span, ...]:
    return tuple(span for _, span in placed)


def _threat_rows(rows: tuple[m.Row, ...]) -> list[Placed]:
    """A threat's time track: one box per space, each with what happens there."""
    spaces = [row for row in rows if row.kind == "space"]
    if not spaces:
        return [(_row(r), r.span) for r in rows]
    # What an attack does is read before the time track that makes it attack.
    out: list[Placed] = [(_row(r), r.span) for r in rows if r.kind != "space"] + [(Rule(say("Time Track")),
                                                                                   spaces[0].span)]
    for row in spaces:
        out.append((Row("space", [Words(str(row.number))], effects_sentence(row.effects)), row.span))
    return out


def _card_blocks(card: m.Card) -> tuple[list[Placed], list[Placed]]:
    body: list[Placed] = []
    foot: list[Placed] = []
    if card.travel:
        body.append((Row("travel", [Icon("travel")], effects_sentence(card.travel)), card.travel[0].span))
    if card.supplies is not None:
        # RB 1720: the condition's Supplies limit, as the board's Supplies Track shows one.
        body.append((Row("supplies", [Icon("supplies")], [Words(f"Supplies: {card.supplies}")]), card.span))
    if card.kind == "event":
        if card.secondary:
            at = card.secondary[0].span
            body += [(Rule(say("Secondary")), at), (Paragraph(effects_sentence(card.secondary)), at)]
        if card.main:
            at = card.main[0].span
            foot += [(Rule(say("Main")), at), (Paragraph(effects_sentence(card.main)), at)]
    body += _paragraphs(card.text)
    rows = tuple(r for r in card.rows if r.kind != "goal")
    body += _threat_rows(rows) if card.kind == "threat" else [(_row(r), r.span) for r in rows]
    body += _placed_actions(card.actions)
    for goal in (r for r in card.rows if r.kind == "goal"):
        body.append((Rule(say(kind_named(card.kind).print_facts.goal_word)), goal.span))
        said = rich_line(goal.text) if goal.text is not None else []
        body.append((Row("goal", said, effects_sentence(goal.effects)) if goal.effects else Paragraph(said),
                     goal.span))
    return body, foot


def action_blocks(actions: tuple[m.CheckAction, ...]) -> list[Block]:
    """Each Special Action: its name, then its rows, or its text and effects."""
    return _blocks(_placed_actions(actions))


def _placed_actions(actions: tuple[m.CheckAction, ...]) -> list[Placed]:
    out: list[Placed] = []
    for action in actions:
        out.append((ActionHead([Words(action.name)], action.danger, action.danger_letter, action.dice_check),
                    action.span))
        out += _paragraphs(action.text)
        if action.effects:
            out.append((Paragraph(effects_sentence(action.effects)), action.effects[0].span))
        out += [(_row(r), r.span) for r in action.rows]
    return out


def _board_badge(card: m.Card) -> tuple[str, ...]:
    """A POI printed on the board is printed as a card too, so that a print-and-play
    table has its rules at hand: it says where it lies instead of an id."""
    return (say("Board, Sector {n}", n=card.id.rpartition('.')[2]),) if card.board else ()


def _copies(declared: int | None) -> int:
    return max(1, min(declared or 1, MAX_COPIES))


def vanguard_faces(pack: m.Pack, sizes: dict[str, tuple[float, float]]) -> list[Face]:
    faces = []
    for card in pack.cards:
        if card.kind == "danger" and not card.text:
            continue         # a table of the box's Reference card: nothing of the pack's to print
        body, foot = _card_blocks(card)
        kind = kind_named(card.kind)
        printed = kind.print_facts
        number = card.id if kind.matches(card.id) else ""    # injuries, rank-ups, events by name
        label = say(printed.label or kind.noun.title())
        size = sizes.get(card.kind, printed.size)
        faces.append(Face(
            key=f"{card.kind} {card.id}", kind=card.kind, label=label, number=number,
            title=[Words(card.name)], size=size,
            icons=tuple(b for b in card.biomes if b in ICONS),
            # A biome the pack declares has no icon of the game's: it prints as a word.
            badges=(*(say(FLAG_WORDS[f]) if f in FLAG_WORDS else f for f in card.flags),
                    *(b for b in card.biomes if b not in ICONS),
                    *(("Incomplete",) if card.completed else ()),
                    *((say("{n} standees", n=card.standees),) if card.standees and card.standees > 1 else ()),
                    *_board_badge(card)),
            blocks=tuple(_blocks(body)), foot=tuple(_blocks(foot)),
            back=Back(label, "" if printed.secret_back else number, pack.title,
                      *(("Completed", tuple(_blocks(_paragraphs(card.completed)))) if card.completed else ())),
            copies=_copies(card.copies), span=card.span, at=_spans(body), foot_at=_spans(foot),
            art=art_view(card.art, card_art_mm(size))))
    return (faces + [_landing_face(pack, planet, sizes) for planet in pack.planets if planet.landing is not None]
            + [_setup_face(pack, planet, sizes) for planet in pack.planets if planet.setup is not None])


def _listed(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def setup_steps(pack: m.Pack, planet: m.Planet) -> tuple[Sentence, ...]:
    """A planet's setup as the rulebook words one (RB 429-448): the board's spaces first,
    then the piles beside it, the decks above it and where the minis start."""
    setup = planet.setup
    assert setup is not None
    copies = {card.id: _copies(card.copies) for card in pack.cards}
    steps: list[Sentence] = []
    for rank_up in planet.rank_ups:
        steps.append([Words(f"Place the Rank-Up card “{rank_up}” “Incomplete” side up in the Rank-Up space.")])
    for number, _ in planet.uniques:
        steps.append([Words(f"Place Unique Discovery {number} face down in the Unique Discovery space.")])
    for mission in planet.missions:
        steps.append([Words(f"Place Mission {mission} face up in the Mission space; do not read it yet.")])
    for card in planet.condition_cards[:1]:
        steps.append([Words(f"Place Global Condition {card} in the Global Condition space.")])
    for printed in planet.printed_conditions[:1]:
        # RB 436: the starting Global Condition is printed on the board; nothing is placed.
        steps.append([Words(f"The Global Condition “{printed.name}” printed on the board is in play.")])
    if setup.pois:
        pile = [f"{copies[p]} × {p}" if copies.get(p, 1) > 1 else p for p in setup.pois]
        count = sum(copies.get(p, 1) for p in setup.pois)
        steps.append([Words(f"Place the {count} POI cards {_listed(pile)} face down next to the board.")])
    if setup.injuries:
        # RB 449: the pile is counted as the POI pile is, every copy of a card in it.
        hurt = [f"{copies[i]} × “{i}”" if copies.get(i, 1) > 1 else f"“{i}”" for i in setup.injuries]
        count = sum(copies.get(i, 1) for i in setup.injuries)
        steps.append([Words(f"Place the {count} Injury cards {_listed(hurt)} face up next to the board." if count > 1
                            else f"Place the Injury card {hurt[0]} face up next to the board.")])
    if setup.events:
        steps.append([Words(f"Shuffle the Event cards {_listed(list(setup.events))} and place them face down "
                            "next to the board.")])
    if setup.decks:
        steps.append([Words(f"Place the Discovery decks ({_listed(list(setup.decks))}) above the board.")])
    if setup.start:
        sectors = [str(n) for n in setup.start]
        steps.append([Words(f"Place the Away Team's minis in Sector {sectors[0]}." if len(sectors) == 1 else
                            f"Place the Away Team's minis in Sectors {_listed(sectors)}, at least one in each.")])
    steps += [line for text in setup.text for line in rich(text)]
    return tuple(steps)


def _setup_face(pack: m.Pack, planet: m.Planet, sizes: dict[str, tuple[float, float]]) -> Face:
    """A planet's setup card: the steps that lay the table out before the first turn."""
    setup = planet.setup
    assert setup is not None
    body: list[Placed] = [(Steps(setup_steps(pack, planet)), setup.span)]
    printed = PRINTED[SETUP]
    label = printed.label or SETUP
    return Face(key=f"{SETUP} {planet.id}", kind=SETUP, label=label, number="", title=[Words(planet.name)],
                size=sizes.get(SETUP, printed.size), icons=(), badges=(), blocks=tuple(_blocks(body)), foot=(),
                back=Back(label, "", pack.title), copies=1, span=setup.span, at=_spans(body), foot_at=())


def _landing_face(pack: m.Pack, planet: m.Planet, sizes: dict[str, tuple[float, float]]) -> Face:
    """A planet's Landing card: what it always shows, then what each scan reveals
    (the Planetary Scanner uncovers it piece by piece, RB 1696); its System Maps entry
    at the foot, so the card says where the planet is found."""
    landing = planet.landing
    assert landing is not None
    body = _paragraphs(landing.text) + [(Row("scan", [Words(say("{n} Energy", n=energy))], rich_line(text)), text.span)
                                        for energy, text in landing.scans]
    foot: list[Placed] = []
    if planet.system_map is not None:
        entry = planet.system_map
        foot.append((Paragraph([Words(say("System Maps: {system}, {number}. Investigating it costs {cost}.",
                                          system=entry.system, number=entry.number,
                                          cost=say("{n} Energy", n=entry.cost)))]), entry.span))
    number = str(landing.number)
    printed = PRINTED[LANDING]
    label = say(printed.label or LANDING)
    return Face(key=f"{LANDING} {number}", kind=LANDING, label=label, number=number,
                title=[Words(planet.name)], size=sizes.get(LANDING, printed.size), icons=(), badges=(),
                blocks=tuple(_blocks(body)), foot=tuple(_blocks(foot)), back=Back(label, number, pack.title), copies=1,
                span=landing.span, at=_spans(body), foot_at=_spans(foot))


def _options(actions: tuple[m.StoryAction, ...]) -> Options:
    """Action options by category and title: their costs and results stay in the
    storybooks. An action that contradicts others says so on the card, where the
    player chooses (VR 39)."""
    return Options(tuple(Option(a.category, rich_line(a.name), a.always,
                                "not after " + " or ".join(c.capitalize() for c in a.excluded) if a.excluded else "")
                         for a in actions))


def _slot_line(slot: m.Slot) -> Sentence:
    faces: list[Sentence] = [[Icon(f), Words(f" {f}")] if f in ICONS else [Words(f)] for f in slot.faces]
    return [Words(say("Impact slot: ") if slot.impact else say("Slot: ")), *joined(faces, " or ")]


def vantage_faces(pack: m.Pack, sizes: dict[str, tuple[float, float]]) -> list[Face]:
    faces = []
    for card in pack.vantage_cards:
        body: list[Placed] = _paragraphs(card.text)
        if card.placed:
            body.append((Row("arrival", [Words(say("When placed"))], effects_sentence(card.placed)),
                         card.placed[0].span))
        if card.slots:
            body.append((Boxes(say("Slots"), card.slots), card.slot_list[0].span if card.slot_list else card.span))
        if any(s.impact or s.faces != ("any",) for s in card.slot_list):
            body.append((Choices(tuple(_slot_line(s) for s in card.slot_list)), card.slot_list[0].span))
        if card.boost is not None:
            body.append((Boxes(say("Boost"), card.boost), card.span))
        for power in card.powers:
            body.append((Row("special", [Words(say("{n} boost", n=power.boost))], power_line(power.text)), power.span))
        if card.actions:
            body.append((_options(card.actions), card.actions[0].span))
        width, height = sizes.get("vcard", kind_named("vcard").print_facts.size)
        size = (max(width, height), min(width, height)) if card.orientation == "horizontal" else (width, height)
        label = say(card.kind.capitalize())
        faces.append(Face(
            key=f"card {card.number}", kind="vcard", label=label, number=str(card.number),
            title=rich_line(card.name), size=size, icons=(),
            badges=(say(card.orientation.capitalize()),) if card.orientation else (),
            blocks=tuple(_blocks(body)), foot=(), back=Back(label, str(card.number), pack.title), copies=1,
            span=card.span, at=_spans(body), art=art_view(card.art, card_art_mm(size))))
    return faces


def location_number(number: int) -> str:
    return f"{number:03d}"


def _exit_target(exit: m.Exit | None) -> str:
    if exit is None:
        return ""
    return "*" if exit.target is None else location_number(exit.target)


def setup_blocks(location: m.Location) -> list[Block]:
    """Location 000's setup (VR 17-18): its steps in order, the characters players
    gain, the starting levels of time, morale and health, and the heading of its
    choices, which send each player to their crash site (VR 7, 17)."""
    return _blocks(_placed_setup(location))


def _placed_setup(location: m.Location) -> list[Placed]:
    body: list[Placed] = []
    if location.steps:
        at = location.steps[0].span
        body.append((Rule(say("Setup")), at))
        body.append((Steps(tuple(rich_line(step.text) for step in location.steps)), at))
    if location.characters:
        at = location.characters[0].span
        body.append((Rule(say("Your character")), at))
        body.append((Choices(tuple([*((*rich_line(c.label), Words(": ")) if c.label else ()),
                                    Words(say("gain character card {card}.", card=c.card))]
                                   for c in location.characters)), at))
    if location.levels:
        at = location.levels[0].span
        body.append((Rule(say("Starting level")), at))
        body.append((Choices(tuple(
            [Emphasis([Words(level.name.capitalize())], strong=True),
             Words(" " + say("(recommended for a first game)") if level.recommended else ""),
             Words(f": {level.time} "), Icon("time"), Words(f" {level.morale} "), Icon("morale"),
             Words(f" {level.health} "), Icon("health")] for level in location.levels)), at))
    if location.number == 0 and location.choices:
        body.append((Rule(say("Your crash site")), location.choices[0].span))
    return body


def location_faces(pack: m.Pack, sizes: dict[str, tuple[float, float]]) -> list[Face]:
    printed = kind_named("location").print_facts
    label = say(printed.label or "Location")
    faces = []
    for location in pack.locations:
        body: list[Placed] = _paragraphs(location.text)
        if location.arrival:
            body.append((Row("arrival", [Words(say("On arrival"))], effects_sentence(location.arrival)),
                         location.arrival[0].span))
        body += _placed_setup(location)
        choices = tuple([*rich_line(s.label), Words(": "), *target(s.target), Words(".")]
                        for s in location.choices)
        if choices:
            body.append((Choices(choices), location.choices[0].span))
        if location.actions:
            body.append((_options(location.actions), location.actions[0].span))
        exits = {e.direction: e for e in location.exits}
        compass = tuple((d, _exit_target(exits.get(d)), exits[d].mode or "" if d in exits else "blocked")
                        for d in ("north", "east", "south", "west"))
        number = location_number(location.number)
        setup = location.number == 0
        size = sizes.get(START_LOCATION, PRINTED[START_LOCATION].size) if setup else sizes.get("location", printed.size)
        faces.append(Face(
            key=f"location {number}", kind="location", label=say("Setup") if setup else label, number=number,
            title=rich_line(location.name), size=size, icons=(), badges=(),
            blocks=tuple(_blocks(body)), foot=() if setup and not location.exits else (Compass(compass),),
            back=Back(label, number, pack.title), copies=1, span=location.span, at=_spans(body),
            foot_at=(location.exits[0].span if location.exits else location.span,),
            art=art_view(location.art, card_art_mm(size))))
    return faces


def faces_of(pack: m.Pack, sizes: dict[str, tuple[float, float]] | None = None) -> list[Face]:
    """Every card the pack prints, in deck order: by kind, then as the model orders them."""
    sizes = {**CARD_SIZES, **(sizes or {})}
    if pack.game == "vanguard":
        return vanguard_faces(pack, sizes)
    return vantage_faces(pack, sizes)
