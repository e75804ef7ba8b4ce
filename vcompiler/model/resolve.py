"""Effects, conditions and requirements given their meaning: an effect becomes the op
of the registry form it matches (E207-E209 when none does), a condition its test, and a
requirement's terms are checked (E230, E344). What they name is recorded as references of
the origin the caller passes."""
from __future__ import annotations

import difflib
from collections.abc import Iterable

from vcompiler import ast, codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.model import types as m
from vcompiler.model.effects import Mismatch, match_effect
from vcompiler.model.references import Origin, References
from vcompiler.registry import ANY_CARD, CREW_TARGETS
from vcompiler.registry.conditions import CONDITIONS, conditions_of_game
from vcompiler.source import Span
from vcompiler.vocabulary import DICE_ICONS, DIE_COLOURS, DISCOVERY_KINDS, MAX_COUNT, SKILLS

REQUIREMENT_WORDS = (*DICE_ICONS, *DIE_COLOURS, "die", "same")

# Where docs/language.md lists each game's effects.
_EFFECTS_SECTION = {"vanguard": "Effects", "vantage": "Storybooks and cards"}


def _crew_of(effect: ast.VerbEffect) -> tuple[ast.VerbEffect, ast.Value | None]:
    """The effect without a trailing `for all|random|chosen crew`, and the word that says who."""
    args = effect.args
    if (len(args) >= 3 and args[-3].value == "for" and args[-1].value == "crew" and args[-2].kind == "word"
            and args[-2].value in CREW_TARGETS and all(a.kind == "word" for a in args[-3:])):
        rest = args[:-3]
        span = Span.covering(effect.verb.span, rest[-1].span) if rest else effect.verb.span
        return ast.VerbEffect(effect.verb, rest, span), ast.Value("word", args[-2].value,
                                                                   Span.covering(args[-3].span, args[-1].span))
    return effect, None


def _planet_of(effect: ast.VerbEffect) -> tuple[ast.VerbEffect, ast.Value | None]:
    """The effect without the `of PLANET` after its `sector N`, and the word naming the
    planet (RB 119: one Logbook serves many planets, each board numbering its own)."""
    args = effect.args
    for i in range(len(args) - 3):
        sector, number, of, planet = args[i:i + 4]
        if (sector.kind == "word" and sector.value == "sector" and number.kind == "number"
                and of.kind == "word" and of.value == "of" and planet.kind == "word"):
            return ast.VerbEffect(effect.verb, (*args[:i + 2], *args[i + 4:]), effect.span), planet
    return effect, None


class Resolver:
    def __init__(self, game: str, references: References, found: list[Diagnostic],
                 vocabulary: m.Vocabulary | None = None, planets: dict[str, str] | None = None):
        """`planets`: the name of each planet of the pack, by id, for `sector N of PLANET`."""
        self.game = game
        self.planets = planets or {}
        self.references = references
        self.found = found
        vocabulary = vocabulary or m.Vocabulary()
        self.skills = (*SKILLS, *vocabulary.skills)
        self.decks = (*DISCOVERY_KINDS, *vocabulary.decks)

    # ------------------------------------------------------------ effects
    def effect(self, origin: Origin, effect: ast.Effect, via: str = "goto", payment: bool = False) -> m.Effect | None:
        """`payment`: the effect is a payment of `pay ... =>`, the one place a `pay`
        form may stand (E339 elsewhere)."""
        if isinstance(effect, ast.Goto):
            return self.references.goto(origin, effect, via)
        effect, crew = _crew_of(effect)
        effect, planet = _planet_of(effect)
        result = match_effect(effect, self.game)
        if isinstance(result, Mismatch):
            if result.unknown_verb:
                self.found.append(diagnostic(codes.UNKNOWN_VERB, effect.verb.span, verb=str(effect.verb.value),
                                             hint=result.hint, fixes=result.fixes))
            else:
                span = result.at.span if result.at is not None else effect.span
                self.found.append(diagnostic(codes.BAD_ARGUMENTS, span, message=result.message, hint=result.hint,
                                             fixes=result.fixes))
            return None
        form = result.form
        if form.game and self.game and form.game != self.game:
            self.found.append(diagnostic(codes.OTHER_GAME, effect.span, what=f"`{form.spelling()}`",
                                         game=form.game, pack_game=self.game,
                                         hint=f"{self.game} effects are listed in docs/language.md, "
                                              f"section \"{_EFFECTS_SECTION[self.game]}\""))
            return None
        if form.payment and not payment:
            self.found.append(diagnostic(codes.PAYMENT_ALONE, effect.span, form=form.spelling(),
                                         hint=f"write `{form.spelling()} => EFFECTS` on a line of its own, "
                                              f"or `lose` for a loss"))
            return None
        params: list[tuple[str, object]] = []
        for slot in form.slots:
            if slot.name is None:
                continue
            word = next((w for name, _, w in result.params if name == slot.name), None)
            if word is None:
                continue
            if slot.name == "amount" and isinstance(word.value, int) and word.value > MAX_COUNT:
                self.found.append(diagnostic(
                    codes.LIMIT, word.span,
                    message=f"an amount of {word.value} is past the most a table counts, {MAX_COUNT}",
                    hint="a table holds a few dozen of any token: a digit typed twice?"))
                return None
            if slot.name == "amount" and word.value == 0:
                self.found.append(diagnostic(codes.ZERO_AMOUNT, word.span,
                                             form=" ".join(str(w.value) for w in (effect.verb, *effect.args)),
                                             hint="write the amount meant, or remove the effect"))
            params.append((slot.name, word.value))
            if slot.kind == "skill":
                self.skill(word)
            if slot.kind == "discovery":
                self.deck(word)
            if slot.refers and slot.kind == "sector" and planet is not None:
                if not self.planet(planet):
                    return None
                self.references.refer(origin, "sector", word.value, word.span, form.op, scope=planet.value)
                params += [("planet", planet.value), ("board", self.planets[str(planet.value)])]
            elif slot.refers and slot.kind is not None:
                # A card of any kind (`remove card G01 from game`) is referred to as the kind it is.
                kind = (self.references.card_kinds.get(str(word.value), slot.kind) if slot.kind == ANY_CARD.name
                        else slot.kind)
                self.references.refer(origin, kind, word.value, word.span, form.op)
        if crew is not None:
            if not form.crew:
                self.found.append(diagnostic(
                    codes.CREW_ON_TEAM_EFFECT, crew.span, form=form.spelling(),
                    hint="`for all|random|chosen crew` follows an effect on a Crewmember, such as "
                         "`spend die` or `gain injury \"Name\"`"))
                return None
            params.append(("crew", crew.value))
            return m.Effect(form.op, tuple(params), Span.covering(effect.span, crew.span))
        return m.Effect(form.op, tuple(params), effect.span)

    def planet(self, word: ast.Value) -> bool:
        """A planet of the pack, as `sector N of PLANET` names it (E239 otherwise)."""
        if word.value in self.planets:
            return True
        near = difflib.get_close_matches(str(word.value), list(self.planets), n=1)
        self.found.append(diagnostic(
            codes.UNKNOWN_PLANET, word.span, planet=word.value,
            hint=(f"did you mean `{near[0]}`? " if near else "")
            + (f"the pack's planets are {', '.join(sorted(self.planets))}" if self.planets
               else "the pack has no planet: declare one with `planet ID \"Name\" { … }`"), fixes=near))
        return False

    def choice(self, origin: Origin, choice: ast.EffectChoice) -> m.Choice | None:
        options = [self.effect(origin, option) for option in choice.options]
        kept = tuple(o for o in options if o is not None)
        if len(kept) != len(options):
            return None
        return m.Choice(kept, choice.span)

    def choices(self, origin: Origin, choices: Iterable[ast.EffectChoice]) -> tuple[m.Choice, ...]:
        return tuple(c for c in (self.choice(origin, x) for x in choices) if c is not None)

    def rows(self, origin: Origin, rows: Iterable[ast.Row]) -> tuple[m.Row, ...]:
        out = []
        for row in rows:
            if row.requirement is not None:
                self.requirement(row.requirement, special=row.kind == "special")
                if row.kind == "combination":
                    self.combination(row.requirement)
            if row.text is not None:
                self.references.text(origin, row.text)
            out.append(m.Row(row.kind, row.key, row.number, row.requirement, self.choices(origin, row.effects),
                             row.span, row.text))
        return tuple(out)

    # ------------------------------------------------------------ conditions
    def condition(self, origin: Origin, words: tuple[ast.Value, ...], span: Span) -> m.Condition | None:
        pairs = tuple((w.kind, w.value) for w in words)
        form = next((c for c in CONDITIONS if c.matches(pairs)), None)
        if form is not None and form.game != self.game and self.game:
            self.found.append(diagnostic(codes.OTHER_GAME, span, what=f"`if {form.spelling()}`", game=form.game,
                                         pack_game=self.game, hint=self._conditions_hint()))
            return None
        if form is not None:
            values = []
            for slot, refers in zip(form.slots(), (form.refers, form.refers_second)):
                word = words[slot]
                if form.shape[slot] == "<skill>":
                    self.skill(word)
                key = self.references.log_key(word) if refers == "log" else word.value
                if key is None:
                    return None
                if refers is not None:
                    self.references.refer(origin, refers, key, word.span, "test")
                values.append(key)
            if form.test == "d10" and not 1 <= int(str(values[0])) <= int(str(values[1])) <= 10:
                self.found.append(diagnostic(codes.D10_RANGE, span, low=values[0], high=values[1],
                                             hint="write the low face first, both from 1 to 10: `d10 1 to 4`"))
                return None
            return m.Condition(form.test, values[0] if values else None, span, tuple(values[1:]))
        at = words[0].span if words else span
        shown = " ".join(str(w.value) if w.kind != "label" else "@" + str(w.value) for w in words)
        near = self._nearest_condition(words)
        self.found.append(diagnostic(
            codes.UNKNOWN_CONDITION, Span.covering(at, words[-1].span) if words else span, shown=shown,
            hint=(f"did you mean `{near}`? " if near else "") + self._conditions_hint(), fixes=[near] if near else ()))
        return None

    def _nearest_condition(self, words: tuple[ast.Value, ...]) -> str | None:
        """The condition of the pack's game whose fixed words the writer's come closest
        to, as a hint spells it. Words that fill a slot (a discovery kind, a skill) are
        left out of the comparison: they are not what was misspelt."""
        filled = (*DISCOVERY_KINDS, *SKILLS)
        said = " ".join(str(w.value) for w in words if w.kind == "word" and w.value not in filled)
        forms = conditions_of_game(self.game)
        fixed = [" ".join(w for w in c.shape if not w.startswith("<")) for c in forms]
        near = difflib.get_close_matches(said, fixed, n=1, cutoff=0.6)
        if not near:
            return None
        candidates = [c for c, key in zip(forms, fixed) if key == near[0]]
        for form in candidates:
            # The writer's own values in the form's slots, where they fit them.
            if len(form.shape) == len(words):
                mended = tuple(("word", w) if not w.startswith("<") else (given.kind, given.value)
                               for w, given in zip(form.shape, words))
                if form.matches(mended):
                    return " ".join(str(v) if k != "label" else f"@{v}" for k, v in mended)
        return candidates[0].spelling()

    def _conditions_hint(self) -> str:
        return "conditions are " + ", ".join(f"`{c.spelling()}`" for c in conditions_of_game(self.game))

    def skill(self, word: ast.Value) -> None:
        """A skill token's name, one the game has (E227)."""
        if word.value in self.skills:
            return
        near = difflib.get_close_matches(str(word.value), self.skills, n=1)
        self.found.append(diagnostic(codes.UNKNOWN_SKILL, word.span, name=word.value,
                                     hint=(f"did you mean `{near[0]}`? " if near else "")
                                     + "the skills are listed in docs/language.md, section \"Skills\"; a pack "
                                       f"adds its own in its `pack`: `skills {word.value}`", fixes=near))

    def deck(self, word: ast.Value) -> None:
        """A Discovery deck the game has or the pack declares (E238)."""
        unknown = unknown_deck(word, self.decks)
        if unknown is not None:
            self.found.append(unknown)

    # ------------------------------------------------------------ requirements
    def combination(self, requirement: ast.Requirement) -> None:
        """A Dice Combination is never paid with an Accident (RB 1195, 1331, 1770): E348."""
        for alternative in requirement.alternatives:
            for words in alternative:
                accident = next((w for w in words if w.value == "accident"), None)
                if accident is not None:
                    self.found.append(diagnostic(
                        codes.ACCIDENT_COMBINATION, accident.span,
                        hint="name the icons that pay for it; an effect on Accidents is "
                             "`special accident => EFFECTS`"))

    def requirement(self, requirement: ast.Requirement, special: bool) -> None:
        """Each term: an optional count of at least 1 and an icon, a die colour, `die`
        or `same`; in a special, `missing ICON` too."""
        for alternative in requirement.alternatives:
            for words in alternative:
                rest = list(words)
                if rest and rest[0].kind == "number":
                    count = rest.pop(0)
                    if int(count.value) < 1:
                        self.found.append(diagnostic(codes.NO_DICE_REQUIRED, count.span, count=count.value,
                                                     hint="leave the count out for one die"))
                        continue
                    if int(count.value) > MAX_COUNT:
                        self.found.append(diagnostic(
                            codes.LIMIT, count.span,
                            message=f"a requirement of {count.value} dice is past the most a table counts, {MAX_COUNT}",
                            hint="a table rolls a handful of dice: a digit typed twice?"))
                        continue
                if special and len(rest) == 2 and rest[0].value == "missing":
                    rest.pop(0)
                if len(rest) != 1 or rest[0].kind != "word" or rest[0].value not in REQUIREMENT_WORDS:
                    at = rest[0] if rest else words[0]
                    near = difflib.get_close_matches(str(at.value), REQUIREMENT_WORDS, n=1)
                    # An icon cut short, as writers abbreviate them: `tech`, `xeno`, `sci`.
                    near = near or [w for w in REQUIREMENT_WORDS
                                    if len(str(at.value)) >= 3 and w.startswith(str(at.value))][:1]
                    shown = " ".join(str(w.value) for w in words)
                    self.found.append(diagnostic(
                        codes.UNKNOWN_REQUIREMENT, Span.covering(at.span, words[-1].span), shown=shown,
                        hint=(f"did you mean `{near[0]}`? " if near else "")
                        + "a term is an optional count and an icon, a die colour, `die` or `same`"
                        + ("; a special may also say `missing ICON`" if special else ""), fixes=near))


def unknown_deck(word: ast.Value, decks: tuple[str, ...]) -> Diagnostic | None:
    """E238 for a Discovery deck neither the game nor the pack has, else None."""
    if word.value in decks:
        return None
    near = difflib.get_close_matches(str(word.value), decks, n=1)
    shown = f'"{word.value}"' if word.kind == "string" else str(word.value)
    return diagnostic(codes.UNKNOWN_DECK, word.span, name=word.value,
                      hint=(f"did you mean `{near[0]}`? " if near else "")
                      + f"the decks are {', '.join(decks)}; a pack declares its own in its `pack`: "
                        f"`decks {shown}`", fixes=near)
