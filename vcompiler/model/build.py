"""The model stage: the AST of a pack's files -> a resolved `Pack`. Here labels get
numbers, effects get their meaning, duplicates and constructs of the other game are
found, and every mention of another entity becomes a `Reference` for the checks."""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from vcompiler import ast, codes
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.model import types as m
from vcompiler.model.effects import Mismatch, match_effect
from vcompiler.model.numbering import LOCK_NAME, assign_numbers, read_lock
from vcompiler.parse import ParsedFile
from vcompiler.registry import ANY_CARD, GAMES, Kind, kind_named
from vcompiler.source import Span
from vcompiler.vocabulary import DICE_ICONS, DIE_COLOURS, VANTAGE_CARD_KINDS

DEFAULT_NUMBERING = (1, 999, 0)

REQUIREMENT_WORDS = (*DICE_ICONS, *DIE_COLOURS, "die", "same")
_KIND_OF: dict[type, str] = {
    ast.PlanetDecl: "planet", ast.LogDecl: "log", ast.LocationDecl: "location",
    ast.DepartDecl: "depart", ast.VantageCardDecl: "vcard",
}


def kind_of(decl: ast.Declaration) -> Kind:
    """What a declaration defines; a vanguard card declaration says its own kind."""
    if isinstance(decl, ast.CardDecl):
        return kind_named(decl.kind)
    return kind_named(_KIND_OF[type(decl)])


@dataclass(frozen=True)
class ModelResult:
    pack: m.Pack | None
    diagnostics: tuple[Diagnostic, ...]


def build_model(parsed: list[ParsedFile], folder: Path, folder_display: str,
                complete: bool = True) -> ModelResult:
    """`complete`: every file of the pack was read and parsed without error."""
    return _Resolver(parsed, folder, folder_display, complete).run()


class _Resolver:
    def __init__(self, parsed: list[ParsedFile], folder: Path, folder_display: str, complete: bool):
        self.parsed = parsed
        self.complete = complete
        self.folder = folder
        self.folder_display = folder_display
        self.found: list[Diagnostic] = []
        self.references: list[m.Reference] = []
        self.game = ""
        self.labels: dict[str, int] = {}
        self.declared_labels: set[str] = set()
        self.card_kinds: dict[str, str] = {}
        self.origin: tuple[str, object] = ("pack", "")

    # ------------------------------------------------------------ the pass
    def run(self) -> ModelResult:
        declarations = [d for p in self.parsed for d in p.file.declarations]
        packs = [d for d in declarations if isinstance(d, ast.PackDecl)]
        if not packs and any(kind == "pack" for p in self.parsed for kind, _ in p.unparsed):
            # The pack declaration is there but did not parse (E100 says where): without
            # its game and start there is nothing more to check.
            return ModelResult(None, tuple(self.found))
        if not packs:
            span = self.parsed[0].source.whole() if self.parsed else Span(self.folder_display, 1, 1, 1, 1)
            where = "its .vcl files" if self.parsed else "it: the folder has no .vcl file"
            self.found.append(diagnostic(
                codes.NO_PACK, span, message=f"{self.folder_display} has no `pack` declaration in {where}",
                hint='add a pack.vcl: pack NAME { game vanguard; title "…"; version "0.1.0"; start log 1 }'))
            return ModelResult(None, tuple(self.found))
        for extra in packs[1:]:
            self._duplicate("pack", extra.name, extra.span, packs[0].span)
        header = packs[0]
        fields = self._pack_fields(header)
        self.game = str(fields["game"].value) if "game" in fields else ""
        low, high, seed = fields["numbering"].value if "numbering" in fields else DEFAULT_NUMBERING
        if low > high:
            self.found.append(diagnostic(codes.BAD_PACK, fields["numbering"].span,
                                         message=f"numbering range {low}..{high} is empty",
                                         hint="write the lower number first"))
            low, high = high, low
        seed = seed if seed is not None else 0

        kept = [d for d in declarations if not isinstance(d, ast.PackDecl) and self._right_game(d)]
        self._collect_card_kinds(kept)
        self._number_logs(kept, low, high, seed)

        logs: dict[int, m.Log] = {}
        planets: dict[str, m.Planet] = {}
        cards: dict[tuple[str, str], m.Card] = {}
        locations: dict[int, m.Location] = {}
        departs: dict[tuple[int, str], m.Depart] = {}
        vcards: dict[int, m.VantageCard] = {}
        first_span: dict[tuple, Span] = {}

        def register(key, what: str, name: object, span: Span, namespace: str = "") -> bool:
            full = (namespace or what, key)
            if full in first_span:
                self._duplicate(what, name, span, first_span[full])
                return False
            first_span[full] = span
            return True

        for decl in kept:
            if isinstance(decl, ast.LogDecl):
                number = self._log_number(decl.target)
                if number is None:
                    continue
                shown = f"@{decl.target.value}" if decl.target.kind == "label" else number
                if register(number, "log", shown, decl.span):
                    logs[number] = self._log(decl, number)
            elif isinstance(decl, ast.PlanetDecl):
                if register(decl.id, "planet", decl.id, decl.span):
                    planets[decl.id] = self._planet(decl)
            elif isinstance(decl, ast.CardDecl):
                if register(decl.id, decl.kind, self._card_name(decl), decl.span, "card"):
                    cards[(decl.kind, decl.id)] = self._card(decl)
            elif isinstance(decl, ast.LocationDecl):
                if register(decl.number, "location", decl.number, decl.span):
                    locations[decl.number] = self._location(decl)
            elif isinstance(decl, ast.DepartDecl):
                key = (decl.number, decl.direction)
                if register(key, "depart", f"{decl.number} {decl.direction}", decl.span):
                    departs[key] = self._depart(decl)
            elif isinstance(decl, ast.VantageCardDecl):
                if register(decl.number, "vcard", decl.number, decl.span):
                    vcards[decl.number] = self._vantage_card(decl)

        self.origin = ("pack", header.name)
        start = None
        if "start" in fields:
            start = self._goto(fields["start"].value, "start")
        pack = m.Pack(
            name=header.name, game=self.game,
            title=str(fields["title"].value) if "title" in fields else header.name,
            version=str(fields["version"].value) if "version" in fields else "",
            start=start, numbering=m.Numbering(low, high, seed), span=header.span,
            folder=self.folder_display, files=tuple(p.source for p in self.parsed),
            logs=tuple(logs[n] for n in sorted(logs)),
            planets=tuple(planets[k] for k in sorted(planets)),
            cards=tuple(cards[k] for k in sorted(cards, key=lambda k: (k[0], _natural(k[1])))),
            locations=tuple(locations[n] for n in sorted(locations)),
            departs=tuple(departs[k] for k in sorted(departs)),
            vantage_cards=tuple(vcards[n] for n in sorted(vcards)),
            labels=dict(sorted(self.labels.items())),
            references=tuple(self.references),
            unparsed=frozenset(key for p in self.parsed for key in p.unparsed if key[0] != "label"),
            complete=self.complete,
        )
        return ModelResult(pack, tuple(self.found))

    # ------------------------------------------------------------ pack header
    def _pack_fields(self, header: ast.PackDecl) -> dict[str, ast.Field]:
        fields: dict[str, ast.Field] = {}
        for item in header.fields:
            if item.key in fields:
                self.found.append(diagnostic(
                    codes.BAD_PACK, item.span, message=f"`{item.key}` is given twice in pack {header.name}",
                    hint="keep one", related=[Related(fields[item.key].span, "first given here")]))
                continue
            fields[item.key] = item
        for required in ("game", "title", "version"):
            if required not in fields:
                self.found.append(diagnostic(
                    codes.BAD_PACK, header.span, message=f"pack {header.name} has no `{required}`",
                    hint={"game": "add " + " or ".join(f"`game {g.name}`" for g in GAMES),
                          "title": 'add `title "The Name on the Box"`',
                          "version": 'add `version "0.1.0"`'}[required]))
        return fields

    def _right_game(self, decl: ast.Declaration) -> bool:
        kind = kind_of(decl)
        game = kind.game
        if not self.game or game is None or game == self.game:
            return True
        self.found.append(diagnostic(codes.OTHER_GAME, decl.span, what=kind.described.capitalize(), game=game,
                                     pack_game=self.game,
                                     hint=f"move it to a {game} pack"))
        return False

    def _duplicate(self, what: str, name: object, span: Span, first: Span) -> None:
        self.found.append(diagnostic(codes.DUPLICATE, span, kind=kind_named(what).noun, name=name,
                                     hint="renumber or remove one of them",
                                     related=[Related(first, "first defined here")]))

    def _collect_card_kinds(self, declarations) -> None:
        for decl in declarations:
            if isinstance(decl, ast.CardDecl):
                self.card_kinds.setdefault(decl.id, decl.kind)

    @staticmethod
    def _card_name(decl: ast.CardDecl) -> str:
        return kind_named(decl.kind).shown(decl.id)

    # ------------------------------------------------------------ numbering
    def _number_logs(self, declarations, low: int, high: int, seed: int) -> None:
        fixed: dict[int, Span] = {}
        labels: list[tuple[str, Span]] = []
        for decl in declarations:
            if not isinstance(decl, ast.LogDecl):
                continue
            target = decl.target
            if target.kind == "number":
                fixed.setdefault(int(target.value), target.span)
            elif str(target.value) not in self.declared_labels:
                self.declared_labels.add(str(target.value))
                labels.append((str(target.value), target.span))
        # A label whose log failed to parse is declared all the same: references to it
        # are not undefined, they just have no number to print yet.
        self.declared_labels.update(str(key) for p in self.parsed for kind, key in p.unparsed if kind == "label")
        lock = read_lock(self.folder)
        if lock.problem:
            lock_span = Span(f"{self.folder_display.rstrip('/')}/{LOCK_NAME}", 1, 1, 1, 2)
            self.found.append(diagnostic(codes.UNREADABLE, lock_span, message=lock.problem,
                                         hint="fix the file, or delete it to number the labels afresh"))
        self.labels, problems = assign_numbers(fixed, labels, lock.labels, low, high, seed)
        self.found.extend(problems)

    def _log_number(self, target: ast.Value) -> int | None:
        if target.kind == "number":
            return int(target.value)
        return self.labels.get(str(target.value))

    def _log_key(self, target: ast.Value) -> object:
        """The key a reference to a log has: its number, or "@label" for a label no log
        declares (reported as undefined); None for a declared label left without a
        number (already reported as E211)."""
        if target.kind == "number":
            return int(target.value)
        label = str(target.value)
        if label in self.labels:
            return self.labels[label]
        return None if label in self.declared_labels else f"@{label}"

    # ------------------------------------------------------------ references
    def _refer(self, kind: str, key: object, span: Span, via: str, scope: object = None) -> None:
        if key is None:
            return
        if scope is not None:
            key = (scope, key)
        self.references.append(m.Reference(kind, key, span, self.origin, via))

    def _text(self, text: ast.Text | None) -> None:
        if text is None:
            return
        for paragraph in text.paragraphs:
            self._inline(paragraph)

    def _inline(self, nodes) -> None:
        for node in nodes:
            if isinstance(node, ast.Emphasis):
                self._inline(node.children)
            elif isinstance(node, ast.Ref):
                if node.kind == "log":
                    self._refer("log", self._log_key(node.target), node.span, "text")
                elif node.kind == "location":
                    self._refer("location", node.target.value, node.span, "text")
                elif node.target.kind == "number":
                    self._refer("vcard", node.target.value, node.span, "text")
                else:
                    ident = str(node.target.value)
                    self._refer(self.card_kinds.get(ident, ANY_CARD.name), ident, node.span, "text")

    # ------------------------------------------------------------ effects
    def _goto(self, goto: ast.Goto, via: str) -> m.Effect:
        if goto.kind == "log":
            key = self._log_key(goto.target)
            self._refer("log", key, goto.span, via)
            return m.Effect("goto_log", (("log", key),), goto.span)
        self._refer("location", goto.target.value, goto.span, via)
        return m.Effect("goto_location", (("location", goto.target.value),), goto.span)

    def _effect(self, effect: ast.Effect, via: str = "goto") -> m.Effect | None:
        if isinstance(effect, ast.Goto):
            return self._goto(effect, via)
        result = match_effect(effect, self.game)
        if isinstance(result, Mismatch):
            if result.unknown_verb:
                self.found.append(diagnostic(codes.UNKNOWN_VERB, effect.verb.span, verb=str(effect.verb.value),
                                             hint=result.hint))
            else:
                span = result.at.span if result.at is not None else effect.span
                self.found.append(diagnostic(codes.BAD_ARGUMENTS, span, message=result.message, hint=result.hint))
            return None
        form = result.form
        if form.game and self.game and form.game != self.game:
            self.found.append(diagnostic(codes.OTHER_GAME, effect.span, what=f"`{form.spelling()}`",
                                         game=form.game, pack_game=self.game,
                                         hint=f"{self.game} effects are listed in the language guide"))
            return None
        params = []
        for slot in form.slots:
            if slot.name is None:
                continue
            word = next((w for name, _, w in result.params if name == slot.name), None)
            if word is None:
                continue
            params.append((slot.name, word.value))
            if slot.refers:
                assert slot.kind is not None
                self._refer(slot.kind, word.value, word.span, form.op)
        return m.Effect(form.op, tuple(params), effect.span)

    def _choice(self, choice: ast.EffectChoice | None) -> m.Choice | None:
        if choice is None:
            return None
        options = [self._effect(option) for option in choice.options]
        if any(o is None for o in options):
            return None
        return m.Choice(tuple(options), choice.span)

    def _choices(self, choices) -> tuple[m.Choice, ...]:
        return tuple(c for c in (self._choice(x) for x in choices) if c is not None)

    def _condition(self, words: tuple[ast.Value, ...], span: Span) -> m.Condition | None:
        shape = tuple(w.value if w.kind == "word" else w.kind for w in words)
        if shape in (("checked", "log", "number"), ("checked", "log", "label")):
            key = self._log_key(words[2])
            self._refer("log", key, words[2].span, "test")
            return m.Condition("checked_log", key, span) if key is not None else None
        if shape == ("has", "unique", "number"):
            self._refer("unique", words[2].value, words[2].span, "test")
            return m.Condition("has_unique", words[2].value, span)
        if shape == ("mission", "card", "active"):
            self._refer("mission", words[1].value, words[1].span, "test")
            return m.Condition("mission_active", words[1].value, span)
        at = words[0].span if words else span
        self.found.append(diagnostic(
            codes.BAD_ARGUMENTS, Span.covering(at, words[-1].span) if words else span,
            message=f"unknown condition `{' '.join(str(w.value) if w.kind != 'label' else '@' + str(w.value) for w in words)}`",
            hint="conditions are `checked log N`, `has unique N` and `mission M01 active`"))
        return None

    # ------------------------------------------------------------ statements
    def _statements(self, statements) -> tuple[m.Statement, ...]:
        out = []
        for s in statements:
            if isinstance(s, ast.TextStmt):
                self._text(s.text)
                out.append(m.Statement("text", s.span, text=s.text))
            elif isinstance(s, ast.CheckStmt):
                out.append(m.Statement("check", s.span))
            elif isinstance(s, ast.ChoiceStmt):
                self._text(s.label)
                out.append(m.Statement("choice", s.span, text=s.label, target=self._goto(s.target, "choice")))
            elif isinstance(s, ast.IfStmt):
                condition = self._condition(s.condition, Span.covering(s.condition[0].span, s.condition[-1].span))
                target = self._goto(s.target, "conditional")
                if condition is not None:
                    out.append(m.Statement("if", s.span, target=target, condition=condition))
            elif isinstance(s, ast.ElseStmt):
                out.append(m.Statement("else", s.span, target=self._goto(s.target, "else")))
            else:
                choice = self._choice(s.effect)
                if choice is not None:
                    out.append(m.Statement("do", s.span, effect=choice))
        return tuple(out)

    # ------------------------------------------------------------ vanguard
    def _log(self, decl: ast.LogDecl, number: int) -> m.Log:
        self.origin = ("log", number)
        self._text(decl.title)
        label = str(decl.target.value) if decl.target.kind == "label" else None
        return m.Log(number, label, decl.title, decl.external, self._statements(decl.statements),
                     decl.span)

    def _planet(self, decl: ast.PlanetDecl) -> m.Planet:
        self.origin = ("planet", decl.id)
        for mission in decl.missions:
            self._refer("mission", mission.value, mission.span, "board")
        uniques = []
        for number, fallback in decl.uniques:
            self._refer("unique", number.value, number.span, "board")
            choice = self._choice(fallback)
            if choice is not None:
                uniques.append((int(number.value), choice))
        printed, condition_cards = [], []
        for condition in decl.conditions:
            if isinstance(condition, ast.Value):
                self._refer("condition", condition.value, condition.span, "board")
                condition_cards.append(str(condition.value))
            else:
                printed.append(m.PrintedCondition(
                    condition.name, self._choices(condition.travel),
                    condition.supplies.value if condition.supplies else None, condition.span))
        lift_off = tuple(self._goto(g, "board") for g in decl.lift_off)
        evac = tuple(self._goto(g, "board") for g in decl.evac)
        sectors: dict[int, m.Sector] = {}
        for sector in decl.sectors:
            if sector.number in sectors:
                self._duplicate("sector", f"{sector.number} of planet {decl.id}", sector.span,
                                sectors[sector.number].span)
                continue
            sectors[sector.number] = self._sector(sector)
        paths = []
        for path in decl.paths:
            for end in (path.a, path.b):
                if end not in sectors:
                    self._refer("sector", end, path.span, "path", scope=decl.id)
            costs = tuple(e for e in (self._effect(c) for c in path.costs) if e is not None)
            paths.append(m.Path(path.a, path.b, path.two_way, costs, path.span))
        return m.Planet(decl.id, decl.name, tuple(str(x.value) for x in decl.missions), tuple(uniques),
                        tuple(printed), tuple(condition_cards), lift_off, evac,
                        tuple(sectors[n] for n in sorted(sectors)), tuple(paths), decl.span)

    def _sector(self, sector: ast.Sector) -> m.Sector:
        printed, slot, lander, biomes, goto = None, False, False, (), None
        for item in sector.items:
            if isinstance(item, ast.EffectStmt):
                choice = self._choice(item.effect)
                if choice is not None:
                    goto = choice.options[0]
            elif item.key == "poi_printed":
                printed = str(item.value.value)
                self._refer("poi", printed, item.value.span, "board")
            elif item.key == "poi_slot":
                slot = True
            elif item.key == "lander":
                lander = True
            elif item.key == "biomes":
                biomes = item.value
        return m.Sector(sector.number, sector.name, printed, slot, lander, biomes, goto, sector.span)

    def _rows(self, rows) -> tuple[m.Row, ...]:
        for row in rows:
            if row.requirement is not None:
                self._requirement(row.requirement, special=row.kind == "special")
        return tuple(m.Row(r.kind, r.key, r.number, r.requirement, self._choices(r.effects), r.span)
                     for r in rows)

    def _requirement(self, requirement: ast.Requirement, special: bool) -> None:
        """Each term: an optional count of at least 1 and an icon, a die colour, `die`
        or `same`; in a special, `missing ICON` too."""
        for alternative in requirement.alternatives:
            for words in alternative:
                rest = list(words)
                if rest and rest[0].kind == "number":
                    count = rest.pop(0)
                    if int(count.value) < 1:
                        self.found.append(diagnostic(codes.BAD_ARGUMENTS, count.span,
                                                     message=f"a requirement needs at least 1 die, not {count.value}",
                                                     hint="leave the count out for one die"))
                        continue
                if special and len(rest) == 2 and rest[0].value == "missing":
                    rest.pop(0)
                if len(rest) != 1 or rest[0].kind != "word" or rest[0].value not in REQUIREMENT_WORDS:
                    at = rest[0] if rest else words[0]
                    near = difflib.get_close_matches(str(at.value), REQUIREMENT_WORDS, n=1)
                    shown = " ".join(str(w.value) for w in words)
                    self.found.append(diagnostic(
                        codes.BAD_ARGUMENTS, Span.covering(at.span, words[-1].span),
                        message=f"`{shown}` is not a requirement term",
                        hint=(f"did you mean `{near[0]}`? " if near else "")
                        + "a term is an optional count and an icon, a die colour, `die` or `same`"
                        + ("; a special may also say `missing ICON`" if special else "")))

    def _card(self, decl: ast.CardDecl) -> m.Card:
        kind = kind_named(decl.kind)
        self.origin = (kind.name, kind.key(decl.id))
        letter = kind.letter
        if letter and not decl.id.startswith(letter):
            self.found.append(diagnostic(
                codes.BAD_ARGUMENTS, decl.span,
                message=f"a {decl.kind} card's id starts with {letter}, not {decl.id[0]}",
                hint=f"number it {letter}{decl.id[1:]}, or declare it as the card it is"))
        by_key: dict[str, list] = {}
        for item in decl.fields:
            by_key.setdefault(item.key, []).append(item)
        texts = tuple(f.value for f in by_key.get("text", ()))
        for text in texts:
            self._text(text)
        flags = tuple(k for k in ("no_travel", "final", "important", "no_save") if k in by_key)
        biomes = tuple(b for f in by_key.get("biomes", ()) for b in f.value)
        actions = tuple(m.CheckAction(a.name, a.danger, self._rows(a.rows), a.span) for a in decl.actions)
        return m.Card(
            decl.kind, decl.id, decl.name, decl.copies, biomes, flags, texts,
            self._choices(f.value for f in by_key.get("travel", ())),
            self._choices(f.value for f in by_key.get("secondary", ())),
            self._choices(f.value for f in by_key.get("main", ())),
            actions, self._rows(decl.rows), decl.span)

    # ------------------------------------------------------------ vantage
    def _story_action(self, action: ast.StoryAction) -> m.StoryAction:
        self._text(action.name)
        for text in action.text:
            self._text(text)
        return m.StoryAction(action.category, action.name, action.cost, action.always, action.text,
                             self._statements(action.result or ()), action.span)

    def _location(self, decl: ast.LocationDecl) -> m.Location:
        self.origin = ("location", decl.number)
        self._text(decl.name)
        for text in decl.text:
            self._text(text)
        for exit in decl.exits:
            if exit.target is not None:
                self._refer("location", exit.target, exit.span, "compass")
        return m.Location(
            decl.number, decl.name, decl.text, self._choices(decl.arrival),
            tuple(m.Exit(e.direction, e.target, e.mode, e.span) for e in decl.exits),
            tuple(self._story_action(a) for a in decl.actions),
            self._statements(decl.choices), decl.span)

    def _depart(self, decl: ast.DepartDecl) -> m.Depart:
        self.origin = ("depart", (decl.number, decl.direction))
        self._refer("location", decl.number, decl.span, "depart_of")
        return m.Depart(decl.number, decl.direction, self._story_action(decl.action), decl.span)

    def _vantage_card(self, decl: ast.VantageCardDecl) -> m.VantageCard:
        self.origin = ("vcard", decl.number)
        if decl.kind not in VANTAGE_CARD_KINDS:
            near = difflib.get_close_matches(decl.kind, VANTAGE_CARD_KINDS, n=1)
            self.found.append(diagnostic(
                codes.BAD_ARGUMENTS, decl.span, message=f"`{decl.kind}` is not a kind of card",
                hint=(f"did you mean `{near[0]}`? " if near else "") + f"kinds are {', '.join(VANTAGE_CARD_KINDS)}"))
        self._text(decl.name)
        for text in decl.text:
            self._text(text)
        fields = {f.key: f.value for f in decl.fields}
        return m.VantageCard(decl.number, decl.kind, decl.name, fields.get("orientation"),
                             fields.get("boost"), fields.get("slots"), decl.text,
                             tuple(self._story_action(a) for a in decl.actions), decl.span)


def _natural(ident: str) -> tuple:
    digits = "".join(ch for ch in ident if ch.isdigit())
    return (ident.rstrip("0123456789"), int(digits) if digits else 0, ident)
