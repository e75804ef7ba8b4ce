"""Each declaration made an entity of the model: its statements, effects and text
resolved, and what it names recorded as references with the entity as their origin."""
from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Callable, Iterable, Mapping
from typing import Protocol, TypeVar

from vcompiler import ast, codes
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.model import types as m
from vcompiler.model.references import Origin, References
from vcompiler.model.resolve import Resolver
from vcompiler.registry import VANTAGE_CARD_KINDS, kind_named
from vcompiler.source import SourceFile, Span
from vcompiler.vocabulary import CARD_FLAGS, CHALLENGE_FACES


class _Spanned(Protocol):
    @property
    def span(self) -> Span: ...


T = TypeVar("T", bound=_Spanned)


class Entities:
    def __init__(self, resolve: Resolver, found: list[Diagnostic], sources: Mapping[str, SourceFile],
                 art: Callable[[ast.Art | None], m.Art | None] = lambda art: None):
        """`sources`: the files by display path, to point a message at one word of a
        declaration's header. `art`: what an `art` line prints (model/art.py)."""
        self.art = art
        self.resolve = resolve
        self.references: References = resolve.references
        self.found = found
        self.sources = sources

    def _word(self, span: Span, word: str) -> Span:
        """The word of a header a message is about (a card's kind, its id)."""
        source = self.sources.get(span.file)
        return source.word_in(span, word) if source is not None else span

    def _written(self, span: Span) -> str:
        """The words of a one-line span as the writer typed them."""
        source = self.sources.get(span.file)
        if source is None or span.end_line != span.line:
            return "…"
        return source.line_text(span.line)[span.column - 1:span.end_column - 1]

    # ------------------------------------------------------------ statements
    def statements(self, origin: Origin, statements: Iterable[ast.Statement]) -> tuple[m.Statement, ...]:
        out: list[m.Statement] = []
        after_if = False
        vantage = self.resolve.game == "vantage"
        # By the node's exact type (no node type is subclassed), the commonest first:
        # this runs for every statement of the pack.
        for s in statements:
            follows_if, after_if = after_if, type(s) is ast.IfStmt
            if vantage and self._vanguard_only(s):
                continue
            if type(s) is ast.TextStmt:
                self.references.text(origin, s.text)
                out.append(m.TextStatement(s.text, s.span))
            elif type(s) is ast.ChoiceStmt:
                out.append(self.choice_statement(origin, s))
            elif type(s) is ast.CheckStmt:
                out.append(m.CheckStatement(s.span))
            elif isinstance(s, ast.IfStmt):
                condition = self.resolve.condition(origin, s.condition,
                                                   Span.covering(s.condition[0].span, s.condition[-1].span))
                target = self.references.goto(origin, s.target, "conditional")
                if condition is not None:
                    out.append(m.IfStatement(condition, target, s.span))
            elif isinstance(s, ast.ElseStmt):
                target = self.references.goto(origin, s.target, "else")
                if follows_if and not (out and isinstance(out[-1], m.IfStatement)):
                    # Its `if` lines were dropped with an error of their own: the `else`
                    # still leads on, and an E315 or E401 here would only repeat that error.
                    out.append(m.EffectStatement(m.Choice((target,), s.span), s.span))
                else:
                    out.append(m.ElseStatement(target, s.span))
            elif isinstance(s, ast.PaidStmt):
                payments = [self.resolve.effect(origin, p, payment=s.effects is not None) for p in s.payments]
                effects = self.resolve.choices(origin, s.effects or ())
                if all(p is not None for p in payments):
                    out.append(m.PaidStatement(tuple(p for p in payments if p is not None), effects, s.span))
            elif isinstance(s, ast.EffectStmt):
                choice = self.resolve.choice(origin, s.effect)
                if choice is not None:
                    out.append(m.EffectStatement(choice, s.span))
        return tuple(out)

    def _vanguard_only(self, s: ast.Statement) -> bool:
        """A Logbook construct in a storybook: its check box and its gotos to a log have
        nothing to print on (E209, once per statement; conditions are the resolver's)."""
        hint = "a storybook result moves with `-> location N`"
        if isinstance(s, ast.CheckStmt):
            what, hint = "`check`", "a storybook has no check boxes: gain a card to remember what happened"
        elif isinstance(s, (ast.ChoiceStmt, ast.IfStmt, ast.ElseStmt)) and s.target.kind == "log":
            what = f"`{type(s).__name__.removesuffix('Stmt').lower()} -> log`"
        elif isinstance(s, ast.EffectStmt) and any(isinstance(o, ast.Goto) and o.kind == "log"
                                                   for o in s.effect.options):
            what = "`-> log`"
        else:
            return False
        self.found.append(diagnostic(codes.OTHER_GAME, s.span, what=what, game="vanguard", pack_game="vantage",
                                     hint=hint + "; see docs/language.md, section \"Vantage\""))
        return True

    def _stray(self, origin: Origin, s: ast.Statement) -> None:
        """A statement of a log or a result written in a location's body: E209 for a
        Logbook construct (from `statements`), else told where it goes."""
        before = len(self.found)
        self.statements(origin, (s,))
        if len(self.found) > before:
            return
        word = type(s).__name__.removesuffix("Stmt").lower()
        what = "`-> location`" if isinstance(s, ast.EffectStmt) else f"`{word}`"
        self.found.append(diagnostic(
            codes.SYNTAX, s.span, message=f"{what} stands in an action's result, not in a location's body",
            hint="put it in the `result { … }` of an action (`look \"Search\" cost 1 { result { … } }`); "
                 "a location leads on by its exits: `north 102 walk`"))

    def choice_statement(self, origin: Origin, s: ast.ChoiceStmt) -> m.ChoiceStatement:
        self.references.text(origin, s.label)
        return m.ChoiceStatement(s.label, self.references.goto(origin, s.target, "choice"), s.span)

    # ------------------------------------------------------------ vanguard
    def log(self, decl: ast.LogDecl, number: int) -> m.Log:
        origin = ("log", number)
        self.references.text(origin, decl.title)
        label = str(decl.target.value) if decl.target.kind == "label" else None
        return m.Log(number, label, decl.title, decl.external, self.statements(origin, decl.statements),
                     decl.span, decl.target.kind == "start")

    def planet(self, decl: ast.PlanetDecl, duplicate: Duplicate) -> m.Planet:
        origin = ("planet", decl.id)
        self.references.text(origin, *decl.text)
        refer = self.references.refer
        for mission in decl.missions:
            refer(origin, "mission", mission.value, mission.span, "board")
        for rank_up in decl.rank_ups:
            refer(origin, "rank_up", rank_up.value, rank_up.span, "board")
        uniques = []
        for number, fallback in decl.uniques:
            refer(origin, "unique", number.value, number.span, "board")
            choice = self.resolve.choice(origin, fallback)
            if choice is not None:
                uniques.append((int(number.value), choice))
        printed, condition_cards = [], []
        for condition in decl.conditions[1:]:
            first = decl.conditions[0]
            self.found.append(diagnostic(
                codes.TWO_CONDITIONS, condition.span, planet=decl.id,
                first=f"Global Condition {first.value}" if isinstance(first, ast.Value)
                else f"the printed condition “{first.name}”",
                hint="keep one `condition` line; put another into play with `set condition G01` in a log or "
                     "on a card", related=[Related(first.span, "the board's Global Condition")]))
        for condition in decl.conditions:
            if isinstance(condition, ast.Value):
                refer(origin, "condition", condition.value, condition.span, "board")
                condition_cards.append(str(condition.value))
            else:
                self.references.text(origin, *condition.text)
                printed.append(m.PrintedCondition(condition.name, self.resolve.choices(origin, condition.travel),
                                                  condition.supplies, condition.span, condition.text,
                                                  self.resolve.rows(origin, condition.rows)))
        lift_off = tuple(self.references.goto(origin, g, "board") for g in decl.lift_off)
        evac = tuple(self.references.goto(origin, g, "board") for g in decl.evac)
        sectors: dict[int, m.Sector] = {}
        board_pois: list[m.Card] = []
        for sector in decl.sectors:
            if sector.number in sectors:
                duplicate("sector", f"{sector.number} of planet {decl.id}", sector.span, sectors[sector.number].span,
                          _lost_sectors(decl))
                continue
            if sector.board_poi is not None:
                poi = dataclasses.replace(sector.board_poi, id=board_poi_id(decl.id, sector.number))
                board_pois.append(self.card(poi))
                sector = dataclasses.replace(sector, printed=(*sector.printed, ast.Value(
                    "card", poi.id, poi.span)))
            sectors[sector.number] = self.sector(origin, sector)
        paths = []
        for path in decl.paths:
            for end in (path.a, path.b):
                if end not in sectors:
                    refer(origin, "sector", end, path.span, "path", scope=decl.id)
            costs = tuple(e for e in (self.resolve.effect(origin, c) for c in path.costs) if e is not None)
            paths.append(m.Path(path.a, path.b, path.two_way, costs, path.span))
        return m.Planet(decl.id, decl.name, tuple(str(x.value) for x in decl.missions), tuple(uniques),
                        tuple(printed), tuple(condition_cards), lift_off, evac,
                        tuple(sectors[n] for n in sorted(sectors)), tuple(paths), decl.span, decl.text,
                        tuple(board_pois),
                        self._landing(origin, decl), self._one(decl.system_map),
                        tuple(str(r.value) for r in decl.rank_ups), self._events(origin, decl),
                        self._setup(origin, decl), self.art(decl.art))

    def _setup(self, origin: Origin, decl: ast.PlanetDecl) -> m.PlanetSetup | None:
        """The planet's setup, every card it names referred to (E201 for one the pack does
        not define; E237 for an id of another kind in the POI pile) and every starting
        Sector looked up on this planet (E203)."""
        setup = self._one(decl.setup)
        if setup is None:
            return None
        refer = self.references.refer
        self.references.text(origin, *setup.text)
        poi = kind_named("poi")
        pois = []
        for card in setup.pois:
            if not poi.matches(str(card.value)):
                self.found.append(diagnostic(
                    codes.NOT_A_PILE_POI, card.span, card=card.value,
                    hint="the face-down pile holds POI cards (P101, P000): put other cards where the setup "
                         "says, `events` for Event cards, `injuries` for Injury cards"))
                continue
            refer(origin, "poi", str(card.value), card.span, "setup")
            pois.append(str(card.value))
        for injury in setup.injuries:
            refer(origin, "injury", str(injury.value), injury.span, "setup")
        for event in setup.events:
            refer(origin, "event", str(event.value), event.span, "setup")
        for sector in setup.start:
            refer(origin, "sector", int(sector.value), sector.span, "setup", scope=decl.id)
        for deck in setup.decks:
            self.resolve.deck(deck)
        return m.PlanetSetup(tuple(pois), tuple(str(i.value) for i in setup.injuries),
                             tuple(str(e.value) for e in setup.events), tuple(str(d.value) for d in setup.decks),
                             tuple(int(s.value) for s in setup.start), setup.text, setup.span,
                             tuple(d.span for d in setup.decks))

    def _events(self, origin: Origin, decl: ast.PlanetDecl) -> m.Condition | None:
        rule = self._one(decl.events)
        return self.resolve.condition(origin, rule.condition, rule.span) if rule is not None else None

    def _landing(self, origin: Origin, decl: ast.PlanetDecl) -> m.Landing | None:
        landing = self._one(decl.landing)
        if landing is None:
            return None
        self.references.text(origin, *landing.text, *(text for _, text in landing.scans))
        return m.Landing(landing.number, landing.text, landing.scans, landing.span)

    @staticmethod
    def _one(given: tuple[T, ...]) -> T | None:
        """The first of a line a planet has once (the parser reports the others, E226)."""
        return given[0] if given else None

    def sector(self, origin: Origin, sector: ast.Sector) -> m.Sector:
        for poi in sector.printed:
            self.references.refer(origin, "poi", str(poi.value), poi.span, "board")
        named = f"sector {sector.number} of planet {origin[1]}"
        for extra in sector.printed[1:]:
            self.found.append(diagnostic(codes.SECTOR_POIS, extra.span, message=f"{named} has two POIs",
                                         hint="the board prints one POI a sector: keep one, and put the other "
                                              "in a sector of its own",
                                         related=[Related(sector.printed[0].span, "the first")]))
        if sector.printed and sector.slot:
            self.found.append(diagnostic(codes.SECTOR_POIS, sector.printed[0].span,
                                         message=f"{named} has a printed POI and a POI slot",
                                         hint="a slot is an empty space for a card placed later: remove "
                                              "`poi slot`, or the printed POI"))
        goto = None
        for choice in self.resolve.choices(origin, sector.effects):
            for effect in choice.options:
                if goto is None:
                    goto = effect
                    continue
                self.found.append(diagnostic(
                    codes.SECTOR_TWO_LOGS, effect.span, number=sector.number, effect=self._written(effect.span),
                    hint="keep one `-> log N` in the sector, and offer the choice in that log: "
                         "`choice \"...\" -> log N`",
                    related=[Related(goto.span, "the log the sector reads")]))
        printed = str(sector.printed[-1].value) if sector.printed else None
        return m.Sector(sector.number, sector.name, printed, sector.slot, sector.lander, sector.biomes, goto,
                        sector.span, sector.at, self.actions(origin, sector.actions))

    def card(self, decl: ast.CardDecl) -> m.Card:
        kind = kind_named(decl.kind)
        origin = (kind.name, kind.key(decl.id))
        letter = kind.letter
        if letter and not decl.id.startswith(letter) and decl.id != decl.name and not decl.board:
            self.found.append(diagnostic(
                codes.CARD_ID_LETTER, self._word(decl.span, decl.id), described=kind.described, letter=letter,
                first=decl.id[0],
                hint=f"number it {letter}{decl.id[1:]}, or declare it as the card it is"))
        self.references.text(origin, *decl.text, *decl.completed)
        flags = tuple(f for f in CARD_FLAGS if f in decl.flags)
        if kind.name == "danger" and not kind.matches(decl.id):
            self.found.append(diagnostic(
                codes.DANGER_NAME, self._word(decl.span, decl.id), name=decl.id,
                hint="name it by the letter inside its icon, such as `danger T \"Tutorial\"`"))
        choices = self.resolve.choices
        return m.Card(
            decl.kind, decl.id, decl.name, decl.copies, decl.biomes, flags, decl.text,
            choices(origin, decl.travel), choices(origin, decl.secondary), choices(origin, decl.main),
            self.actions(origin, decl.actions), self.resolve.rows(origin, decl.rows), decl.span, decl.standees,
            decl.external, decl.board, decl.supplies, decl.completed, self.art(decl.art))

    def actions(self, origin: Origin, actions: Iterable[ast.CheckAction]) -> tuple[m.CheckAction, ...]:
        out = []
        for a in actions:
            self.references.text(origin, *a.text)
            letter = str(a.letter.value) if a.letter is not None else None
            if a.letter is not None:
                self.references.refer(origin, "danger", letter, a.letter.span, "danger")
            out.append(m.CheckAction(a.name, a.danger, self.resolve.rows(origin, a.rows), a.span, a.text,
                                     self.resolve.choices(origin, a.effects), letter))
        return tuple(out)

    # ------------------------------------------------------------ vantage
    def story_action(self, origin: Origin, action: ast.StoryAction) -> m.StoryAction:
        self.references.text(origin, action.name, *action.text)
        cost = action.cost
        for skill in cost.skills:
            self.resolve.skill(skill)
        boost = int(cost.boost.value) if cost.boost is not None else None
        if not action.result:
            at = action.span
            self.found.append(diagnostic(
                codes.NO_RESULT, Span(at.file, at.line, at.column, at.line, at.column + len(action.category)),
                name=f"“{action.name.plain()}”", what="no result" if action.result is None else "an empty result",
                hint="the storybook sends the player to its result to read what acting does: "
                     + ("add `result { … }` after the action's text" if action.result is None
                        else "write it inside `result { … }`")))
        return m.StoryAction(action.category, action.name, cost.dice, action.always, action.text,
                             self.statements(origin, action.result or ()), action.span,
                             tuple(str(s.value) for s in cost.skills), boost,
                             action.excludes)

    def location(self, decl: ast.LocationDecl) -> m.Location:
        origin = ("location", decl.number)
        self.references.text(origin, decl.name, *decl.text, *(s.text for s in decl.steps))
        for exit in decl.exits:
            if exit.target is not None:
                self.references.refer(origin, "location", exit.target, exit.span, "compass")
        characters = []
        for character in decl.characters:
            self.references.text(origin, character.label)
            self.references.refer(origin, "vcard", character.card.value, character.card.span, "character")
            characters.append(m.Character(int(character.card.value), character.label, character.span))
        for stray in decl.stray:
            self._stray(origin, stray)
        return m.Location(
            decl.number, decl.name, decl.text, self.resolve.choices(origin, decl.arrival),
            tuple(m.Exit(e.direction, e.target, e.mode, e.span) for e in decl.exits),
            tuple(self.story_action(origin, a) for a in decl.actions),
            tuple(self.choice_statement(origin, c) for c in decl.choices if not self._vanguard_only(c)), decl.span,
            decl.external, decl.steps, tuple(characters), decl.levels, self.art(decl.art))

    def depart(self, decl: ast.DepartDecl) -> m.Depart:
        origin = ("depart", (decl.number, decl.direction))
        self.references.refer(origin, "location", decl.number, decl.span, "depart_of")
        return m.Depart(decl.number, decl.direction, self.story_action(origin, decl.action), decl.span)

    def vantage_card(self, decl: ast.VantageCardDecl) -> m.VantageCard:
        origin = ("vcard", decl.number)
        if decl.kind not in VANTAGE_CARD_KINDS:
            near = difflib.get_close_matches(decl.kind, VANTAGE_CARD_KINDS, n=1)
            self.found.append(diagnostic(
                codes.UNKNOWN_VANTAGE_KIND, self._word(decl.span, decl.kind), kind=decl.kind,
                hint=(f"did you mean `{near[0]}`? " if near else "") + f"kinds are {', '.join(VANTAGE_CARD_KINDS)}",
                fixes=near))
        self.references.text(origin, decl.name, *decl.text, *(p.text for p in decl.powers))
        slots = []
        for slot in decl.slot_list:
            for face in slot.faces:
                if face.value not in (*CHALLENGE_FACES, "any"):
                    near = difflib.get_close_matches(str(face.value), (*CHALLENGE_FACES, "any"), n=1)
                    self.found.append(diagnostic(
                        codes.BAD_SLOT, face.span, face=face.value,
                        hint=(f"did you mean `{near[0]}`? " if near else "")
                        + f"a slot accepts {', '.join(CHALLENGE_FACES)} or any", fixes=near))
            slots.append(m.Slot(tuple(dict.fromkeys(str(f.value) for f in slot.faces)), slot.impact, slot.span))
        ending = None
        if decl.ending is not None:
            self.references.text(origin, decl.ending.name)
            ending = m.Ending(decl.ending.name, self.statements(origin, decl.ending.statements), decl.ending.span)
        count = len(slots) if slots else decl.slots
        return m.VantageCard(decl.number, decl.kind, decl.name, decl.orientation, decl.boost, count,
                             decl.text, tuple(self.story_action(origin, a) for a in decl.actions), decl.span,
                             decl.external, tuple(slots), decl.powers, self.resolve.choices(origin, decl.placed),
                             ending, self.art(decl.art))


def _lost_sectors(decl: ast.PlanetDecl) -> str | None:
    """The hint for a sector numbered like another: the numbers the planet's paths lead
    to that no sector has, which the second was likely meant to have."""
    numbers = {sector.number for sector in decl.sectors}
    lost = sorted({end for path in decl.paths for end in (path.a, path.b)} - numbers)
    if not lost:
        return None
    shown = ", ".join(map(str, lost[:-1])) + (" or " if len(lost) > 1 else "") + str(lost[-1])
    return (f"its paths lead to sector {shown}, which planet {decl.id} does not have: was this one meant to be "
            f"sector {shown}? Else renumber or remove one of them")


def board_poi_id(planet: str, sector: int) -> str:
    """The key of a POI printed on the board: it has no card id, and never prints one."""
    return f"{planet}.{sector}"


class Duplicate:
    """Reports a second definition of one key (E205), pointing at the first."""
    def __init__(self, found: list[Diagnostic]):
        self.found = found

    def __call__(self, kind: str, name: object, span: Span, first: Span, hint: str | None = None) -> None:
        noun = kind_named(kind).noun
        self.found.append(diagnostic(codes.DUPLICATE, span, kind=noun, name=name, subject=f"{noun} {name}",
                                     hint=hint or "renumber or remove one of them",
                                     related=[Related(first, "first defined here")]))
