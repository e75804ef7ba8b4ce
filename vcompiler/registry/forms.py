"""The effect forms: every form a verb takes, what it means (`op`), what its words
refer to, and how the books word it. Effects are parsed generically (a verb and its
words); the model matches them against this table (model/effects.py) and the render
stage prints them from the wording beside each form (render/voice.py).

A form is written as it is typed, with `{name:slot}` for a word the writer chooses
(`?` after the slot: it may be left out). A slot is an entity kind of the registry
(the word names an entity, and a reference to it is recorded) or one of
`VALUE_SLOTS` below.

Its wording is one sentence fragment without the capital or the full stop, or
several of which the first whose words are all given is printed (for optional
words). In it `{name}` is the word's value, `{name:a}` the article "a" or "an" for it,
`{name:s}` an "s" unless it is 1, `{name:times}` "once", "twice" or "3 times",
`{name:plural:one=Karte|other=Karten}` the form of the language's plural category for
it (a translation's, see registry/phrasebook.py), `[icon]` an icon, `[{name}]` the icon
the word names, `[die-{name}]` the icon named so with the word after the dash (a die of
its colour, not the Outcome badge of that colour), and `[icon {name}]` an icon bearing
the word (a Danger die shows its letter inside its icon, RB 1455)."""
from __future__ import annotations

import re
from dataclasses import field

from vcompiler import ast
from vcompiler.registry.games import VANGUARD, VANTAGE
from vcompiler.registry.kinds import KINDS, is_kind, kind_named
from vcompiler.util.frozen import frozen
from vcompiler.vocabulary import DIE_COLOURS, DISCOVERY_KINDS, ICONS, OUTCOME_COLOURS

# slot: (the kind of word it takes, how a hint spells it, the words it may be)
VALUE_SLOTS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "n": ("number", "N", ()),
    "colour": ("word", "|".join(DIE_COLOURS), DIE_COLOURS),
    "outcome": ("word", "|".join(OUTCOME_COLOURS), OUTCOME_COLOURS),
    "letter": ("word", "LETTER", ()),
    "discovery": ("word", "|".join(DISCOVERY_KINDS), DISCOVERY_KINDS),
    # Any word: a name outside the game's skills is reported on its own (E227) with the
    # nearest, rather than as a form that does not fit.
    "skill": ("word", "SKILL", ()),
}


def _slot_shape(kind: str) -> tuple[str, str, tuple[str, ...]]:
    if kind in VALUE_SLOTS:
        return VALUE_SLOTS[kind]
    entity = kind_named(kind)
    return entity.value, entity.example, ()


@frozen
class Slot:
    literal: str | None = None       # a fixed word such as `success`
    name: str | None = None          # the parameter's name in the bundle
    kind: str | None = None          # an entity kind or a key of VALUE_SLOTS
    optional: bool = False

    @property
    def refers(self) -> bool:
        """The word names an entity of the pack (a reference the checks follow)."""
        return self.kind is not None and self.kind not in VALUE_SLOTS and is_kind(self.kind)

    def accepts(self, value: ast.Value) -> bool:
        if self.literal is not None:
            return value.kind == "word" and value.value == self.literal
        assert self.kind is not None
        token_kind, _, words = _slot_shape(self.kind)
        if self.kind == "discovery" and value.kind == "string":
            return True      # a deck the pack declares (`decks "Live Specimen"`), checked on its own (E238)
        if value.kind != token_kind:
            return False
        if words:
            return value.value in words
        if self.kind == "letter":
            return len(str(value.value)) == 1 and str(value.value).isupper()
        if self.refers and token_kind == "word":
            return kind_named(self.kind).matches(str(value.value))
        return True

    def spelling(self) -> str:
        if self.literal is not None:
            return self.literal
        assert self.kind is not None
        text = _slot_shape(self.kind)[1]
        return f"({text})" if self.optional else text

    def wanted(self) -> str:
        """What the slot wants, in words, for a message."""
        if self.literal is not None:
            return f"`{self.literal}`"
        assert self.kind is not None
        token_kind, text, words = _slot_shape(self.kind)
        if words:
            return "one of " + ", ".join(f"`{w}`" for w in words)
        if self.kind == "letter" or self.kind == "danger":
            return "a single capital letter"
        return {"number": "a number", "card": f"a card id such as {text}",
                "string": 'a name in quotes ("Name")'}.get(token_kind, "a word")


# ---------------------------------------------------------------- wording
_PIECE = re.compile(r"\[(?P<prefix>[a-z]+-)?\{(?P<icon_of>\w+)\}\]|\[(?P<icon>\w+)(?: \{(?P<borne>\w+)\})?\]"
                    r"|\{(?P<param>\w+)(?::(?P<filter>[as]|times|plural:[^{}]+))?\}")


@frozen
class Piece:
    """Part of a wording: `text` words, an `icon` (bearing the value of `param` when
    both are given), or the value of `param` (printed as an icon when `as_icon`, named
    `prefix` and the value; through `filter` "a", "s" or "times" when one is given)."""
    text: str = ""
    icon: str = ""
    param: str = ""
    as_icon: bool = False
    filter: str = ""
    prefix: str = ""


@frozen
class Wording:
    template: str
    pieces: tuple[Piece, ...]

    @property
    def params(self) -> frozenset[str]:
        return frozenset(p.param for p in self.pieces if p.param)

    @property
    def icons(self) -> frozenset[str]:
        return frozenset(p.icon for p in self.pieces if p.icon)


def wording(template: str) -> Wording:
    pieces: list[Piece] = []
    at = 0
    for match in _PIECE.finditer(template):
        if match.start() > at:
            pieces.append(Piece(text=template[at:match.start()]))
        if match["icon_of"]:
            pieces.append(Piece(param=match["icon_of"], as_icon=True, prefix=match["prefix"] or ""))
        elif match["icon"]:
            pieces.append(Piece(icon=match["icon"], param=match["borne"] or ""))
        else:
            pieces.append(Piece(param=match["param"], filter=match["filter"] or ""))
        at = match.end()
    if at < len(template):
        pieces.append(Piece(text=template[at:]))
    return Wording(template, tuple(pieces))


# ---------------------------------------------------------------- forms
@frozen
class Form:
    verb: str
    slots: tuple[Slot, ...]
    op: str
    game: str | None                 # None: both games
    says: tuple[Wording, ...] = ()   # in the game's voice: the first whose words are all given
    way_out: bool = False            # ends a log's reading (see E401)
    card_only: bool = False          # means something only while a card is resolved (E310)
    travel_cost: bool = False        # a cost a path may print (E312)
    payment: bool = False            # said only before `=>` of `pay ... => ...` (E340)
    # What it does to the entity it names, as an edge of the story graph: gain, reveal or place.
    edge: str = "place"
    # It befalls a Crewmember, so `for all|random|chosen crew` may say which (RB 908, 1258, 1447).
    crew: bool = False
    params: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        named = tuple(s.name for s in self.slots if s.name is not None)
        # `sector N of PLANET` (RB 119): the planet's id, and its name as the books print it.
        qualified = QUALIFIERS if any(s.kind == "sector" for s in self.slots) else ()
        object.__setattr__(self, "params", named + qualified)

    def spelling(self) -> str:
        return " ".join([self.verb, *(s.spelling() for s in self.slots)])

    def wording_for(self, given: set[str] | frozenset[str]) -> Wording:
        """The first wording whose words are all given."""
        for candidate in self.says:
            if candidate.params <= given:
                return candidate
        return self.says[-1]


_SLOT = re.compile(r"\{(\w+):(\w+)(\?)?\}")
# What `sector N of PLANET` adds to an effect that names a sector: the planet's id and name.
QUALIFIERS = ("planet", "board")


def _form(spec: str, op: str, game: str | None, says: str | tuple[str, ...], *,
          way_out: bool = False, card_only: bool = False, travel_cost: bool = False,
          payment: bool = False, crew: bool = False) -> Form:
    verb, *words = spec.split()
    slots = []
    for word in words:
        match = _SLOT.fullmatch(word)
        if match:
            slots.append(Slot(name=match.group(1), kind=match.group(2), optional=bool(match.group(3))))
        else:
            slots.append(Slot(literal=word))
    templates = (says,) if isinstance(says, str) else says
    edge = "gain" if verb in ("gain", "lose") else "reveal" if verb in ("reveal", "complete", "fail") else "place"
    return Form(verb, tuple(slots), op, game, tuple(wording(t) for t in templates), way_out, card_only,
                travel_cost, payment, edge, crew)


V, T = VANGUARD.name, VANTAGE.name
FORMS: tuple[Form, ...] = (
    _form("gain success {amount:n}", "gain_success", V, "gain {amount} [success]"),
    _form("gain supplies {amount:n}", "gain_supplies", V, "gain {amount} [supplies]"),
    _form("lose supplies {amount:n}", "lose_supplies", V, "lose {amount} [supplies]", travel_cost=True),
    _form("gain lead {amount:n}", "gain_lead", V, "gain {amount} [lead]"),
    _form("gain charge {amount:n}", "gain_charge", V, "gain {amount} [charge]"),
    # RB 1353: a Skill is used by discarding a Charge; effects take Charges away too.
    _form("lose charge {amount:n}", "lose_charge", V, "lose {amount} [charge]"),
    _form("draw section {amount:n}", "draw_section", V, "draw {amount} Section card{amount:s}", crew=True),
    _form("gain unique {unique:unique}", "gain_unique", V, "gain Unique Discovery {unique}"),
    _form("gain discovery {kind:discovery}", "gain_discovery", V, "gain {kind:a} {kind} Discovery"),
    _form("gain injury {injury:injury}", "gain_injury", V, "gain {injury:a} “{injury}” Injury", crew=True),
    _form("spend die {colour:colour?}", "spend_die", V, ("spend a [die-{colour}] {colour} die", "spend a die"),
          travel_cost=True, crew=True),
    _form("sacrifice die {colour:colour?}", "sacrifice_die", V,
          ("sacrifice a [die-{colour}] {colour} die", "sacrifice a die"), travel_cost=True, crew=True),
    _form("roll danger {die:danger}", "roll_danger", V, "roll a [danger {die}] Danger die", travel_cost=True,
          crew=True),
    _form("progress time", "progress_time", V, "progress the [time] Time Track", travel_cost=True),
    _form("progress {track:outcome}", "progress_track", V, "progress the [{track}] {track} track", card_only=True),
    _form("reduce time", "reduce_time", V, "reduce the [time] Time Track"),
    _form("reset time", "reset_time", V, "reset the [time] Time Track"),
    _form("replace poi with {card:poi}", "replace_poi", V, "replace this POI with {card}"),
    _form("replace poi in sector {sector:sector} with {card:poi}", "replace_poi_in_sector", V,
          ("replace the POI in Sector {sector} of {board} with {card}",
           "replace the POI in Sector {sector} with {card}")),
    _form("place poi {card:poi} in sector {sector:sector}", "place_poi", V,
          ("place {card} in Sector {sector} of {board}", "place {card} in Sector {sector}")),
    _form("reveal mission {card:mission}", "reveal_mission", V, "reveal Mission {card}"),
    _form("complete mission {card:mission}", "complete_mission", V, "complete Mission {card}"),
    _form("fail mission {card:mission}", "fail_mission", V, "fail Mission {card}"),
    _form("set condition {card:condition}", "set_condition", V, "put Global Condition {card} into play"),
    _form("place threat {card:threat} in sector {sector:sector}", "place_threat", V,
          ("place Threat {card} in Sector {sector} of {board}", "place Threat {card} in Sector {sector}")),
    _form("remove threat {card:threat}", "remove_threat", V, "remove Threat {card}"),
    _form("threat move", "threat_move", V, "the Threat moves", card_only=True),
    _form("threat attack {amount:n}", "threat_attack", V, "the Threat attacks {amount:times}",
          card_only=True),
    _form("then {outcome:outcome}", "then", V, "then resolve the [{outcome}] {outcome} Outcome", card_only=True),
    _form("immediate {outcome:outcome}", "immediate", V, "immediately resolve the [{outcome}] {outcome} Outcome",
          card_only=True),
    _form("nothing", "nothing", V, "nothing happens"),
    _form("travel", "travel", V, "pay the travel cost", card_only=True, travel_cost=True),
    _form("return", "return", V, "return to the planet", way_out=True),
    _form("end exploration", "end_exploration", V, "the exploration ends", way_out=True),
    _form("progress time all", "progress_all_time", V, "progress all [time] Time Tracks"),
    _form("reduce time all", "reduce_all_time", V, "reduce all [time] Time Tracks"),
    _form("reset time all", "reset_all_time", V, "reset all [time] Time Tracks"),
    *(_form(f"{verb} {kind} {{card:{kind}}}", f"{verb}_time_of_{kind}", V, f"{verb} the [time] Time Track of {{card}}")
      for verb in ("progress", "reduce", "reset") for kind in ("poi", "threat", "condition")),
    _form("reduce {track:outcome}", "reduce_track", V, "reduce the [{track}] {track} track", card_only=True),
    _form("gain lead {amount:n} on {deck:discovery}", "gain_lead_on", V,
          "gain {amount} [lead] on the {deck} Discovery deck"),
    _form("gain unique top", "gain_top_unique", V, "take the top Unique Discovery from the Planet board"),
    _form("refresh dice {amount:n}", "refresh_dice", V, "refresh {amount} of your dice", crew=True),
    _form("discard section {amount:n}", "discard_section", V, "discard {amount} Section card{amount:s}",
          crew=True),
    _form("sacrifice section {amount:n}", "sacrifice_section", V, "sacrifice {amount} Section card{amount:s}",
          crew=True),
    _form("remove injury {injury:injury?}", "remove_injury", V,
          ("remove your “{injury}” Injury", "remove one of your Injury cards"), crew=True),
    _form("remove injury die", "remove_injury_die", V, "remove one of your [damage] Injury dice", crew=True),
    _form("flip injury {injury:injury?}", "flip_injury", V,
          ("flip your “{injury}” Injury face down", "flip one of your Injury cards face down"), crew=True),
    _form("move crew to sector {sector:sector}", "move_crew", V,
          ("move your Crewmember to Sector {sector} of {board}", "move your Crewmember to Sector {sector}"),
          crew=True),
    _form("gain shipbook {number:n}", "gain_shipbook", V,
          "put Ship Book card {number} into the “Awaiting…” envelope"),
    _form("remove poi from game", "remove_poi_from_game", V, "remove this POI from the game"),
    _form("remove card from game", "remove_card_from_game", V, "remove this card from the game"),
    # RB 429: what to remove, named: "Remove from the game the … card".
    _form("remove poi {card:poi} from game", "remove_named_poi_from_game", V, "remove {card} from the game"),
    _form("remove card {card:card} from game", "remove_named_card_from_game", V,
          "remove card {card} from the game"),
    _form("return to rulebook", "return_to_rulebook", V, "go back to the Rulebook and read on", way_out=True),
    _form("return to shipbook", "return_to_shipbook", V, "go back to the Ship Book and read on", way_out=True),
    # RB 1699: a D10 roll, read by the `if d10 LOW to HIGH` lines after it.
    _form("roll d10", "roll_d10", V, "roll a D10"),
    # RB 1447: a threat with secondary standees.
    _form("place standee {card:threat} in sector {sector:sector}", "place_standee", V,
          ("place a secondary standee of Threat {card} in Sector {sector} of {board}",
           "place a secondary standee of Threat {card} in Sector {sector}")),
    _form("gain card {card:vcard}", "gain_card", T, "gain card {card}"),
    _form("lose card {card:vcard}", "lose_card", T, "return card {card} to the box"),
    _form("gain time {amount:n}", "gain_time", T, "gain {amount} [time]"),
    _form("gain morale {amount:n}", "gain_morale", T, "gain {amount} [morale]"),
    _form("gain health {amount:n}", "gain_health", T, "gain {amount} [health]"),
    _form("lose time {amount:n}", "lose_time", T, "lose {amount} [time]"),
    _form("lose morale {amount:n}", "lose_morale", T, "lose {amount} [morale]"),
    _form("lose health {amount:n}", "lose_health", T, "lose {amount} [health]"),
    # VR 85: a skill gained unnamed is a random one, rolled on a skill die.
    _form("gain skill {skill:skill?}", "gain_skill", T,
          ("gain 1 [skill] {skill} skill", "gain 1 random [skill] skill (roll a skill die)")),
    _form("gain boost {amount:n}", "gain_boost", T, "gain {amount} boost"),
    _form("gain coin {amount:n}", "gain_coin", T, "gain {amount} [coin]"),
    _form("suffer heat {amount:n}", "suffer_heat", T, "suffer {amount} [heat]"),
    _form("suffer cold {amount:n}", "suffer_cold", T, "suffer {amount} [cold]"),
    _form("suffer hypoxia {amount:n}", "suffer_hypoxia", T, "suffer {amount} [hypoxia]"),
    _form("continue", "continue", T, "continue"),
    _form("may continue", "may_continue", T, "you may continue"),
    _form("end game", "end_game", T, "the game ends", way_out=True),
    # VR 57, 62, 86: losing what you do not have is ignored in a result.
    _form("lose coin {amount:n}", "lose_coin", T, "lose {amount} [coin]"),
    _form("lose boost {amount:n}", "lose_boost", T, "lose {amount} boost"),
    _form("lose skill {skill:skill?}", "lose_skill", T,
          ("discard your [skill] {skill} skill token", "discard a [skill] skill token of your choice")),
    # VR 94: a payment is a cost; what it buys is had only if it is paid in full.
    *(_form(f"pay {what} {{amount:n}}", f"pay_{what}", T, f"pay {{amount}} {icon}", payment=True)
      for what, icon in (("coin", "[coin]"), ("boost", "boost"), ("time", "[time]"), ("morale", "[morale]"),
                         ("health", "[health]"))),
    _form("pay skill {skill:skill?}", "pay_skill", T,
          ("discard a [skill] {skill} skill token", "discard a [skill] skill token"), payment=True),
    # VR 69-70: completing the mission or a destiny lets the table choose to end or go on.
    _form("complete mission {card:vcard}", "complete_mission_card", T,
          "you have completed mission {card}: end the game now, or go on to pursue a destiny"),
    _form("complete destiny {card:vcard}", "complete_destiny", T,
          "you have completed destiny {card}: read its entry to end the game, or go on"),
    _form("place card {card:vcard} in center", "place_in_center", T, "place card {card} in the center"),
    # VR 96: they come along without paying the cost.
    _form("move player with you", "move_player_along", T,
          "another player at your location may come with you without paying the cost"),
)
# Who an effect on a Crewmember befalls, `... for all|random|chosen crew`, and how the
# books say it before the effect (RB 908, 1258; a random one by D10, RB 1699).
CREW_TARGETS: dict[str, str] = {
    "all": "each Crewmember in the Sector",
    "random": "a random Crewmember",
    "chosen": "one Crewmember of your choice",
}
FORM_BY_OP: dict[str, Form] = {f.op: f for f in FORMS}
FORMS_BY_VERB: dict[str, tuple[Form, ...]] = {}
for _f in FORMS:
    FORMS_BY_VERB[_f.verb] = FORMS_BY_VERB.get(_f.verb, ()) + (_f,)
VERBS: tuple[str, ...] = tuple(sorted(FORMS_BY_VERB))
# The ops that end a log's reading: its ways out (see E401).
WAYS_OUT = frozenset(f.op for f in FORMS if f.way_out)
CARD_ONLY = frozenset(f.op for f in FORMS if f.card_only)
TRAVEL_COSTS = frozenset(f.op for f in FORMS if f.travel_cost)
PAYMENTS = frozenset(f.op for f in FORMS if f.payment)
# Effects that put a card on the table (Kind.shown_by): the word its printed face is
# keyed by ("threat T01", "card 1201") and the parameter that names the card.
SHOWN_CARDS: dict[str, tuple[str, str]] = {
    op: (kind.keyword, slot.name) for kind in KINDS for op in kind.shown_by if op in FORM_BY_OP
    for slot in FORM_BY_OP[op].slots if slot.kind == kind.name and slot.name is not None}


def forms_of_game(game: str) -> tuple[Form, ...]:
    return tuple(f for f in FORMS if f.game in (None, game))


def verbs_of_game(game: str) -> tuple[str, ...]:
    return tuple(sorted({f.verb for f in forms_of_game(game)}))


def _check_table() -> None:
    """A form whose wording names a word it does not have, or an icon there is no
    picture of, fails on import rather than when a book is printed."""
    if len(FORM_BY_OP) != len(FORMS):
        raise ValueError("two effect forms share an op")
    for form in FORMS:
        if not form.says:
            raise ValueError(f"effect form `{form.spelling()}` has no wording")
        for said in form.says:
            unknown = said.params - set(form.params)
            if unknown or not said.icons <= set(ICONS):
                raise ValueError(f"the wording of `{form.spelling()}` names {sorted(unknown) or sorted(said.icons)}")


_check_table()
