"""Lark callbacks that build AST nodes while the LALR parser runs (no parse tree is
built). One instance parses many chunks: `begin` sets the file and the line offset of
the chunk, because each top-level declaration is parsed on its own.

Nothing here imports Lark: the fast reader (parse/fast.py) calls the same callbacks, and
a pack it reads whole never loads Lark. A token is whatever is not a node: Lark's
tokens (a str, or lark-cython's own class), or the fast reader's."""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Any, NamedTuple, TypeVar

from vcompiler import ast
from vcompiler.codes import code_by_id
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.parse.lexer import comment_at
from vcompiler.parse.markup import parse_text, plain_string
from vcompiler.registry import STARTING_LOG
from vcompiler.registry.lines import ONCE
from vcompiler.source import Span, new_span

# The codes an allow names, up to the first word that is not one (an explanation may
# follow). Lower-case and unknown codes are kept: the compiler reports them (W101).
ALLOW_CODE_LIST = r"[A-Za-z]{1,2}\d\w*(?:[ \t]*,[ \t]*[A-Za-z]{1,2}\d\w*)*"
_ALLOW = re.compile(r"//\s*allow\s+(" + ALLOW_CODE_LIST + ")")

# A rule's children as the parser hands them over: tokens, nodes, tuples of nodes, and
# None for an optional part left out.
Children = list[Any]
# A token of either parser (Lark's, lark-cython's, the fast reader's): what the builder
# reads of one is its text, `type` and place.
Token = Any
_T = TypeVar("_T")

class FastToken(str):
    """The part of Lark's Token that the builder reads (the text, `type` and the place),
    made by parse/fast.py. A str, as Lark's Token is, so `str(token)` costs nothing."""

    type: str
    line: int
    column: int
    end_line: int
    end_column: int


def is_token(value: Any) -> bool:
    """A token of either parser rather than a node (every node has a span), a tuple of
    nodes or an optional part left out (None). lark-cython's tokens are of a class of
    their own, not a str."""
    return isinstance(value, str) or not (value is None or isinstance(value, tuple) or hasattr(value, "span"))


_VALUE_KINDS = {"WORD": "word", "NUMBER": "number", "CARD_ID": "card", "STRING": "string",
                "LABEL": "label"}


class AstBuilder:
    """Lark finds a rule's callback by the rule's name; a rule without one (an inlined
    rule's node) becomes a Lark Tree, which no rule here lets through."""

    def __init__(self) -> None:
        self.file = ""
        self.offset = 0
        self.lines: tuple[str, ...] = ()
        self.diagnostics: list[Diagnostic] = []

    def begin(self, file: str, lines: tuple[str, ...], offset: int) -> None:
        self.file, self.lines, self.offset = file, lines, offset
        self.diagnostics = []

    # ------------------------------------------------------------ helpers
    def span(self, first: Any, last: Any = None) -> Span:
        # Called for nearly every node: a token's place is read straight off it, with
        # no intermediate Span (lark-cython's tokens, not a str, go by _span_of).
        if last is None:
            last = first
        token: Any
        if isinstance(first, str):
            token = first
            line, column = token.line + self.offset, token.column
        else:
            line, column = self._span_of(first)[1:3]
        if isinstance(last, str):
            token = last
            return new_span((self.file, line, column, token.end_line + self.offset, token.end_column))
        end = self._span_of(last)
        return new_span((self.file, line, column, end.end_line, end.end_column))

    def _span_of(self, node: Any) -> Span:
        """A node's span, a token's place, or the span of a tuple of nodes."""
        span = getattr(node, "span", None)
        if span is not None:
            return span
        if isinstance(node, tuple) and node:
            return Span.covering(self._span_of(node[0]), self._span_of(node[-1]))
        return new_span((self.file, node.line + self.offset, node.column, node.end_line + self.offset,
                         node.end_column))

    def value(self, token: Any) -> ast.Value:
        kind = _VALUE_KINDS[token.type]
        raw = str(token)
        value: str | int
        if kind == "number":
            value = int(raw)
        elif kind == "label":
            value = raw[1:]
        elif kind == "string":
            value = plain_string(raw)
        else:
            value = raw
        return ast.Value(kind, value, self.span(token))

    def prose(self, token: Any) -> ast.Text:
        text, found = parse_text(str(token), self.file, token.line + self.offset, token.column,
                                 (token.end_line + self.offset, token.end_column))
        self.diagnostics.extend(found)
        return text

    def allow(self, span: Span) -> tuple[str, ...]:
        if not self.lines:          # a file with no `allow` in it
            return ()
        line = self.lines[span.line - 1] if span.line - 1 < len(self.lines) else ""
        match = _ALLOW.search(line, comment_at(line))
        if not match:
            return ()
        return tuple(code.strip() for code in match.group(1).split(","))

    def item(self, key: str, value: object, first: object, last: object | None = None) -> _Item:
        return _Item(key, value, self.span(first, last))

    def once(self, construct: str, where: str, lines: Any) -> None:
        """Report each further line of a kind `construct` takes once (registry/lines.py)
        at the line, the first as related. The node keeps one of them, which is never
        built: the error stops the build."""
        table = ONCE[construct]
        first: dict[str, Span] = {}
        for line in lines:
            key = _line_key(line)
            once = table.get(key) if key is not None else None
            if key is None or once is None:
                continue
            if key not in first:
                first[key] = line.span
                continue
            said = once.said
            self.diagnostics.append(diagnostic(
                code_by_id(once.code), line.span, hint=once.hint,
                related=[Related(first[key], "first given here")],
                message=f"{said} is given twice in {where}", said=said, where=where,
                planet=where.removeprefix("planet "), what=once.what))

    # ------------------------------------------------------------ top level
    def start(self, children: Children) -> list[ast.Declaration]:
        return list(children)

    def pack(self, c: Children) -> ast.PackDecl:
        header = self.span(c[0], c[1])
        self.once("pack", f"pack {c[1]}", c[2:])
        return ast.PackDecl(str(c[1]), tuple(x for x in c[2:] if not isinstance(x, _Item)), header,
                            self.allow(header), self.art_of(f"pack {c[1]}", c[2:]))

    def game(self, c: Children) -> ast.GameSetting:
        return ast.GameSetting(str(c[1]), self.span(c[0], c[1]))

    def title(self, c: Children) -> ast.TitleSetting:
        return ast.TitleSetting(plain_string(str(c[1])), self.span(c[0], c[1]))

    def version(self, c: Children) -> ast.VersionSetting:
        return ast.VersionSetting(plain_string(str(c[1])), self.span(c[0], c[1]))

    def start_target(self, c: Children) -> ast.StartSetting:
        return ast.StartSetting(c[1], self.span(c[0], c[1]))

    def vocabulary(self, c: Children) -> ast.VocabularySetting:
        return ast.VocabularySetting(str(c[0]), tuple(self.value(t) for t in c[1:]), self.span(c[0], c[-1]))

    def numbering(self, c: Children) -> ast.NumberingSetting:
        keyword, low, high, _, seed = c
        return ast.NumberingSetting(int(str(low)), int(str(high)), int(str(seed)) if seed is not None else None,
                                    self.span(keyword, seed or high))

    def art(self, c: Children) -> _Item:
        if c[1].type == "BRIEF":
            return self.item("art brief", plain_string(str(c[2])), c[0], c[2])
        return self.item("art", self.value(c[1]), c[0], c[1])

    def art_of(self, where: str, lines: Iterable[Any]) -> ast.Art | None:
        """The `art` lines of a declaration's body as one node; a second of either kind
        is E218."""
        lines = [x for x in lines if isinstance(x, _Item) and x.key in ("art", "art brief")]
        if not lines:
            return None
        self.once("art", where, lines)
        items = _grouped(lines)
        brief = next((line.span for line in lines if line.key == "art brief"), None)
        return ast.Art((items.get("art") or [None])[0], (items.get("art brief") or [None])[0], lines[0].span, brief)

    def guide(self, c: Children) -> ast.GuideSetting:
        return ast.GuideSetting(str(c[1]), self.prose(c[2]), self.span(c[0], c[2]))

    # ------------------------------------------------------------ effects
    def goto_target(self, c: Children) -> ast.Goto:
        return ast.Goto(str(c[0]), self.value(c[1]), self.span(c[0], c[1]))

    def goto(self, c: Children) -> ast.Goto:
        target: ast.Goto = c[1]
        return ast.Goto(target.kind, target.target, self.span(c[0], target))

    def arrow_goto(self, arrow: Any, keyword: Any, target: Any) -> ast.Goto:
        """What `goto_target` then `goto` make of `-> log 12`, without the inner node
        (the fast reader calls it: a log has a goto or two on most lines)."""
        return ast.Goto(str(keyword), self.value(target), self.span(arrow, target))

    # What the callbacks make of a statement that the fast reader read whole, from where
    # its parts stand (a line of the chunk, columns): no token is made for its parts.
    def goto_at(self, line: int, column: int, keyword: str, target: str, target_column: int) -> ast.Goto:
        """`-> log 12` or `-> location @x` on one line, as `arrow_goto`."""
        line += self.offset
        end = target_column + len(target)
        span = new_span((self.file, line, target_column, line, end))
        value = ast.Value("label", target[1:], span) if target[0] == "@" else ast.Value("number", int(target), span)
        return ast.Goto(keyword, value, new_span((self.file, line, column, line, end)))

    def lone_goto(self, goto: ast.Goto) -> ast.EffectChoice:
        """`effect_choice` of one goto."""
        return ast.EffectChoice((goto,), goto.span)

    def choice_at(self, line: int, column: int, string: str, string_column: int, goto: ast.Goto) -> ast.ChoiceStmt:
        """`choice "…" -> log 12` on one line, as `choice`."""
        line += self.offset
        text, found = parse_text(string, self.file, line, string_column, (line, string_column + len(string)))
        if found:
            self.diagnostics.extend(found)
        end = goto.span
        return ast.ChoiceStmt(text, goto, new_span((self.file, line, column, end.end_line, end.end_column)))

    def text_at(self, line: int, column: int, string: str, string_column: int, end_line: int,
                end_column: int) -> ast.TextStmt:
        """`text "…"` (a long string may run to another line), as `text`."""
        line += self.offset
        end_line += self.offset
        text, found = parse_text(string, self.file, line, string_column, (end_line, end_column))
        if found:
            self.diagnostics.extend(found)
        return ast.TextStmt(text, new_span((self.file, line, column, end_line, end_column)))

    def verb_effect(self, c: Children) -> ast.VerbEffect:
        verb = self.value(c[0])
        args = tuple(self.value(t) for t in c[1:])
        return ast.VerbEffect(verb, args, self.span(c[0], c[-1]))

    def effect_choice(self, c: Children) -> ast.EffectChoice:
        return ast.EffectChoice(tuple(c), self.span(c[0], c[-1]))

    def effects(self, c: Children) -> tuple[ast.EffectChoice, ...]:
        return tuple(c)

    def req_term(self, c: Children) -> tuple[ast.Value, ...]:
        return tuple(self.value(t) for t in c if t is not None)

    def req_all(self, c: Children) -> tuple[tuple[ast.Value, ...], ...]:
        return tuple(c)

    def requirement(self, c: Children) -> ast.Requirement:
        return ast.Requirement(tuple(c), self.span(c[0][0][0], c[-1][-1][-1]))

    def colour(self, c: Children) -> Token:
        return c[0]

    def _row(self, kind: str, head: Any, key: str | None, number: int | None,
             requirement: ast.Requirement | None, effects: tuple[ast.EffectChoice, ...]) -> ast.Row:
        last = effects[-1] if effects else head
        return ast.Row(kind, key, number, requirement, effects, self.span(head, last))

    def outcome(self, c: Children) -> ast.Row:
        keyword, colour, requirement, effects = c
        return self._row("outcome", keyword, str(colour), None, requirement, effects)

    def special(self, c: Children) -> ast.Row:
        return self._row("special", c[0], None, None, c[1], c[2])

    def combination(self, c: Children) -> ast.Row:
        return self._row("combination", c[0], None, None, c[1], c[2])

    def track(self, c: Children) -> ast.Row:
        return self._row("track", c[0], str(c[1]), int(str(c[2])), None, c[3])

    def space(self, c: Children) -> ast.Row:
        return self._row("space", c[0], None, int(str(c[1])), None, c[2])

    def time_row(self, c: Children) -> ast.Row:
        return self._row("time", c[0], None, int(str(c[1])), None, c[2])

    def goal(self, c: Children) -> ast.Row:
        keyword, requirement, effects = c
        effects = effects or ()
        return ast.Row("goal", None, None, None, effects, self.span(keyword, effects[-1] if effects else requirement),
                       self.prose(requirement))

    def injury_row(self, c: Children) -> ast.Row:
        return self._row("injury", c[0], str(c[0]), None, None, c[1])

    def attack(self, c: Children) -> ast.Row:
        return self._row("attack", c[0], None, None, None, c[1])

    def alone(self, c: Children) -> ast.Row:
        return self._row("alone", c[0], None, None, None, c[1])

    def standees(self, c: Children) -> _Item:
        return self.item("standees", int(str(c[1])), c[0], c[1])

    def check_action(self, c: Children) -> ast.CheckAction:
        keyword, name, _, danger, letter, *lines = c
        # A line of bare effects arrives as the tuple `effects` makes.
        effects = tuple(choice for x in lines if isinstance(x, tuple) for choice in x)
        return ast.CheckAction(plain_string(str(name)), int(str(danger)) if danger is not None else None,
                               tuple(x for x in lines if isinstance(x, ast.Row)), self.span(keyword, name),
                               tuple(x.text for x in lines if isinstance(x, ast.TextStmt)), effects,
                               ast.Value("word", str(letter), self.span(letter)) if letter is not None else None)

    # ------------------------------------------------------------ vanguard
    def planet_mission(self, c: Children) -> _Item:
        return self.item("mission", self.value(c[1]), c[0], c[1])

    def planet_rank_up(self, c: Children) -> _Item:
        return self.item("rank_up", self.value(c[1]), c[0], c[1])

    def planet_events(self, c: Children) -> _Item:
        rule = ast.EventsWhen(tuple(self.value(t) for t in c[2:]), self.span(c[0], c[-1]))
        return self.item("events", rule, c[0], c[-1])

    def _listed(self, key: str, c: Children, skip: int = 1) -> _Item:
        return self.item(key, tuple(self.value(t) for t in c[skip:]), c[0], c[-1])

    def setup_pois(self, c: Children) -> _Item:
        return self._listed("pois", c)

    def setup_injuries(self, c: Children) -> _Item:
        return self._listed("injuries", c)

    def setup_events(self, c: Children) -> _Item:
        return self._listed("events", c)

    def setup_decks(self, c: Children) -> _Item:
        return self._listed("decks", c)

    def setup_start(self, c: Children) -> _Item:
        return self._listed("start", c, 2)

    def planet_setup(self, c: Children) -> _Item:
        self.once("setup", "the planet's setup", c[1:])
        items = _grouped(x for x in c[1:] if isinstance(x, _Item))

        def joined(key: str) -> tuple[ast.Value, ...]:
            return tuple(v for values in items.get(key, ()) for v in values)
        setup = ast.PlanetSetup(joined("pois"), joined("injuries"), joined("events"), joined("decks"),
                                joined("start"), tuple(x.text for x in c[1:] if isinstance(x, ast.TextStmt)),
                                self.span(c[0]))
        return self.item("setup", setup, c[0])

    def planet_unique(self, c: Children) -> _Item:
        return self.item("unique", (self.value(c[1]), c[3]), c[0], c[3])

    def supplies(self, c: Children) -> _Item:
        value = "unlimited" if c[1].type == "UNLIMITED" else int(str(c[1]))
        return self.item("supplies", value, c[0], c[1])

    def travel(self, c: Children) -> _Item:
        return self.item("travel", c[1], c[0], c[1])

    def printed_condition(self, c: Children) -> _Item:
        self.once("printed condition", f"condition {c[2]}", c[3:])
        items = _grouped(x for x in c[3:] if isinstance(x, _Item))
        supplies = items.get("supplies", [])
        condition = ast.PrintedCondition(plain_string(str(c[2])), tuple(items.get("travel", ())),
                                         supplies[0] if supplies else None, self.span(c[0], c[2]),
                                         tuple(x.text for x in c[3:] if isinstance(x, ast.TextStmt)),
                                         tuple(x for x in c[3:] if isinstance(x, ast.Row)))
        return self.item("condition", condition, c[0], c[2])

    def planet_condition(self, c: Children) -> _Item:
        return self.item("condition", self.value(c[1]), c[0], c[1])

    def lift_off(self, c: Children) -> _Item:
        return self.item("lift_off", c[1], c[0], c[1])

    def evac(self, c: Children) -> _Item:
        return self.item("evac", c[1], c[0], c[1])

    def sector_poi(self, c: Children) -> _Item:
        return self.item("printed", self.value(c[1]), c[0], c[2])

    def board_poi(self, c: Children) -> _Item:
        keyword, _, name, *lines = c
        card = self._card("poi", c, name, name, None, None, lines)
        return self.item("board_poi", dataclasses.replace(card, id="", board=True), keyword, name)

    def sector_slot(self, c: Children) -> _Item:
        return self.item("slot", True, c[0], c[1])

    def lander(self, c: Children) -> _Item:
        return self.item("lander", True, c[0])

    def sector_at(self, c: Children) -> _Item:
        return self.item("at", ((int(str(c[1])), int(str(c[2]))), self.span(c[0], c[2])), c[0], c[2])

    def biomes(self, c: Children) -> _Item:
        return self.item("biomes", tuple(str(t) for t in c[1:]), c[0], c[-1])

    def sector(self, c: Children) -> _Item:
        keyword, number, name, *lines = c
        self.once("sector", f"sector {number}", lines)
        items = _grouped(x if isinstance(x, _Item) else _Item("action", x, x.span) if isinstance(x, ast.CheckAction)
                         else _Item("effect", x, x.span) for x in lines)
        header = self.span(keyword, name or number)
        return self.item("sector", ast.Sector(
            int(str(number)), plain_string(str(name)) if name is not None else None,
            tuple(items.get("printed", ())), bool(items.get("slot")), bool(items.get("lander")),
            tuple(b for names in items.get("biomes", ()) for b in names), tuple(items.get("effect", ())),
            header, (items.get("at") or [None])[0], tuple(items.get("action", ())),
            (items.get("board_poi") or [None])[0]), keyword, name or number)

    def path(self, c: Children) -> _Item:
        path = ast.Path(int(str(c[1])), int(str(c[3])), c[2].type == "TWO_WAY", tuple(c[4:]),
                        self.span(c[0], c[3]))
        return self.item("path", path, c[0], c[3])

    def scan(self, c: Children) -> _Item:
        return self.item("scan", (int(str(c[1])), self.prose(c[2])), c[0], c[2])

    def landing(self, c: Children) -> _Item:
        keyword, number, *lines = c
        texts = tuple(x.text for x in lines if isinstance(x, ast.TextStmt))
        scans = tuple(x.value for x in lines if isinstance(x, _Item))
        return self.item("landing", ast.Landing(int(str(number)), texts, scans, self.span(keyword, number)),
                         keyword, number)

    def system_map(self, c: Children) -> _Item:
        keyword, number, system, _, cost = c
        entry = ast.SystemMapEntry(int(str(number)), plain_string(str(system)), int(str(cost)),
                                   self.span(keyword, cost))
        return self.item("system_map", entry, keyword, cost)

    def planet(self, c: Children) -> ast.PlanetDecl:
        self.once("planet", f"planet {c[1]}", c[3:])
        items = _grouped(x for x in c[3:] if isinstance(x, _Item))
        header = self.span(c[0], c[2])

        def group(key: str) -> tuple[Any, ...]:
            return tuple(items.get(key, ()))
        return ast.PlanetDecl(
            str(c[1]), plain_string(str(c[2])), group("mission"), group("unique"), group("condition"),
            group("lift_off"), group("evac"), group("sector"), group("path"), header, self.allow(header),
            tuple(x.text for x in c[3:] if isinstance(x, ast.TextStmt)),
            group("landing"), group("system_map"), group("rank_up"), group("events"), group("setup"),
            self.art_of(f"planet {c[1]}", c[3:]))

    def flag(self, c: Children) -> _Item:
        return self.item("flag", str(c[0]), c[0])

    def _card(self, kind: str, c: Children, id_token: Token, name_token: Token, copies: int | None,
              external: Token | None, lines: list[Any]) -> ast.CardDecl:
        header = self.span(c[0], name_token)
        items = _grouped(x for x in lines if isinstance(x, _Item))
        texts = tuple(x.text for x in lines if isinstance(x, ast.TextStmt))
        actions = tuple(x for x in lines if isinstance(x, ast.CheckAction))
        rows = tuple(x for x in lines if isinstance(x, ast.Row))
        ident = plain_string(str(id_token)) if id_token.type == "STRING" else str(id_token)
        return ast.CardDecl(
            kind, ident, plain_string(str(name_token)), copies,
            tuple(b for names in items.get("biomes", ()) for b in names), tuple(items.get("flag", ())),
            texts, tuple(items.get("travel", ())), tuple(items.get("secondary", ())),
            tuple(items.get("main", ())), actions, rows, header, self.allow(header),
            (items.get("standees") or [None])[0], external is not None,
            supplies=(items.get("supplies") or [None])[0], completed=tuple(items.get("completed", ())),
            art=self.art_of(f"{kind} {ident}", lines))

    def poi(self, c: Children) -> ast.CardDecl:
        keyword, ident, name, _, copies, external, *lines = c
        return self._card("poi", c, ident, name, int(str(copies)) if copies is not None else None, external, lines)

    def mission(self, c: Children) -> ast.CardDecl:
        return self._card("mission", c, c[1], c[2], None, c[3], c[4:])

    def condition_card(self, c: Children) -> ast.CardDecl:
        self.once("printed condition", f"condition {c[1]}", c[4:])
        return self._card("condition", c, c[1], c[2], None, c[3], c[4:])

    def secondary(self, c: Children) -> _Item:
        return self.item("secondary", c[1], c[0], c[1])

    def main(self, c: Children) -> _Item:
        return self.item("main", c[1], c[0], c[1])

    def event(self, c: Children) -> ast.CardDecl:
        return self._card("event", c, c[1] if c[1] is not None else c[2], c[2], None, c[3], c[4:])

    def threat(self, c: Children) -> ast.CardDecl:
        self.once("threat", f"threat {c[1]}", c[4:])
        return self._card("threat", c, c[1], c[2], None, c[3], c[4:])

    def injury(self, c: Children) -> ast.CardDecl:
        # RB 449: the Tutorial's Injury pile is 4 cards of one Injury: `copies` says how many.
        keyword, name, _, copies, external, *lines = c
        return self._card("injury", c, name, name, int(str(copies)) if copies is not None else None, external, lines)

    def completed(self, c: Children) -> _Item:
        return self.item("completed", self.prose(c[1]), c[0], c[1])

    def rank_up(self, c: Children) -> ast.CardDecl:
        return self._card("rank_up", c, c[1], c[1], None, c[2], c[3:])

    def unique_card(self, c: Children) -> ast.CardDecl:
        return self._card("unique", c, c[1], c[2], None, c[3], c[4:])

    def danger_die(self, c: Children) -> ast.CardDecl:
        return self._card("danger", c, c[1], c[2], None, None, c[3:])

    # ------------------------------------------------------------ statements
    def text(self, c: Children) -> ast.TextStmt:
        return ast.TextStmt(self.prose(c[1]), self.span(c[0], c[1]))

    def check(self, c: Children) -> ast.CheckStmt:
        return ast.CheckStmt(self.span(c[0]))

    def choice(self, c: Children) -> ast.ChoiceStmt:
        return ast.ChoiceStmt(self.prose(c[1]), c[2], self.span(c[0], c[2]))

    def if_goto(self, c: Children) -> ast.IfStmt:
        condition = tuple(self.value(t) for t in c[1:-1])
        return ast.IfStmt(condition, c[-1], self.span(c[0], c[-1]))

    def else_goto(self, c: Children) -> ast.ElseStmt:
        return ast.ElseStmt(c[1], self.span(c[0], c[1]))

    def _statements(self, items: Iterable[Any]) -> tuple[ast.Statement, ...]:
        return tuple(ast.EffectStmt(x, x.span) if isinstance(x, ast.EffectChoice) else x for x in items)

    def log_target(self, c: Children) -> ast.Value:
        if c[0].type == "START":
            return ast.Value("start", STARTING_LOG, self.span(c[0]))
        return self.value(c[0])

    def log(self, c: Children) -> ast.LogDecl:
        keyword, target, title_token, external, *statements = c
        title = self.prose(title_token) if title_token is not None else None
        header = self.span(keyword, title or target)
        return ast.LogDecl(target, title, external is not None, self._statements(statements), header,
                           self.allow(header))

    def log_at(self, line: int, column: int, target: str, target_column: int, title: str | None,
               title_column: int, external: bool, statements: list[Any]) -> ast.LogDecl:
        """A log whose header (`log N "Title" external {`) is on one line, as `log`: the
        target a number, an @label or the Starting Log's keyword."""
        line += self.offset
        end = target_column + len(target)
        span = new_span((self.file, line, target_column, line, end))
        if target[0] == "@":
            value = ast.Value("label", target[1:], span)
        elif target[0] in "0123456789":
            value = ast.Value("number", int(target), span)
        else:
            value = ast.Value("start", STARTING_LOG, span)
        text = None
        if title is not None:
            end = title_column + len(title)
            text, found = parse_text(title, self.file, line, title_column, (line, end))
            if found:
                self.diagnostics.extend(found)
        header = new_span((self.file, line, column, line, end))
        return ast.LogDecl(value, text, external, self._statements(statements), header, self.allow(header))

    # ------------------------------------------------------------ vantage
    def direction(self, c: Children) -> Token:
        return c[0]

    def category(self, c: Children) -> Token:
        return c[0]

    def arrival(self, c: Children) -> _Item:
        return self.item("arrival", c[1], c[0], c[1])

    def exit_to(self, c: Children) -> ast.Exit:
        return ast.Exit(str(c[0]), int(str(c[1])), str(c[2]), self.span(c[0], c[2]))

    def exit_star(self, c: Children) -> ast.Exit:
        return ast.Exit(str(c[0]), None, None, self.span(c[0], c[1]))

    def result(self, c: Children) -> _Item:
        return self.item("result", self._statements(c[1:]), c[0])

    def cost(self, c: Children) -> ast.Cost:
        keyword, dice, *rest = c
        # [SKILL WORD (/ WORD)*] [BOOST NUMBER], placeholders None when left out
        skills = tuple(self.value(t) for t in rest if is_token(t) and t.type == "WORD")
        boost_at = next((i for i, t in enumerate(rest) if is_token(t) and t.type == "BOOST"), None)
        boost = self.value(rest[boost_at + 1]) if boost_at is not None else None
        last = next((t for t in reversed(rest) if t is not None), dice)
        return ast.Cost(int(str(dice)), skills, boost, self.span(keyword, last))

    def excludes(self, c: Children) -> tuple[ast.Value, ...]:
        return tuple(ast.Value("word", str(t), self.span(t)) for t in c[1:])

    def paid(self, c: Children) -> ast.PaidStmt:
        keyword, *rest = c
        *payments, effects = rest
        # Without `=>` the payments buy nothing: the model reports it (E339).
        last = effects[-1] if effects else payments[-1]
        return ast.PaidStmt(tuple(payments), effects, self.span(keyword, last))

    def payment(self, c: Children) -> ast.VerbEffect:
        # Each payment is matched against the registry's `pay` forms, like an effect.
        first = self.value(c[0])
        verb = ast.Value("word", "pay", first.span)
        return ast.VerbEffect(verb, tuple(self.value(t) for t in c), self.span(c[0], c[-1]))

    def _story_action(self, category: Token | str, name: Token, cost: ast.Cost, always: Token | None,
                      items: list[Any], first: Any,
                      excludes: tuple[ast.Value, ...] | None = None) -> ast.StoryAction:
        texts = tuple(x.text for x in items if isinstance(x, ast.TextStmt))
        results = [x.value for x in items if isinstance(x, _Item) and x.key == "result"]
        return ast.StoryAction(str(category), self.prose(name), cost, always is not None, texts,
                               results[0] if results else None, self.span(first, name), excludes or ())

    def story_action(self, c: Children) -> ast.StoryAction:
        category, name, cost, always, excludes, *items = c
        self.once("action", f"{category} action {name}", items)
        return self._story_action(category, name, cost, always, items, category, excludes)

    def card_action(self, c: Children) -> ast.StoryAction:
        keyword, category, name, cost, always, *items = c
        self.once("action", f"{category} action {name}", items)
        return self._story_action(category, name, cost, always, items, keyword)

    def setup_step(self, c: Children) -> ast.SetupStep:
        return ast.SetupStep(self.prose(c[1]), self.span(c[0], c[1]))

    def character(self, c: Children) -> ast.Character:
        keyword, number, label = c
        return ast.Character(self.value(number), self.prose(label) if label is not None else None,
                             self.span(keyword, label if label is not None else number))

    def level(self, c: Children) -> ast.Level:
        keyword, name, _, time, _, morale, _, health, recommended = c
        return ast.Level(str(name), int(str(time)), int(str(morale)), int(str(health)), recommended is not None,
                         self.span(keyword, recommended if recommended is not None else health))

    def location(self, c: Children) -> ast.LocationDecl:
        keyword, number, name, external, *lines = c
        self.once("location", f"location {number}", lines)
        header = self.span(keyword, name)
        items = _grouped(x for x in lines if isinstance(x, _Item))

        def of(kind: type[_T]) -> tuple[_T, ...]:
            return tuple(x for x in lines if isinstance(x, kind))
        return ast.LocationDecl(
            int(str(number)), self.prose(name), tuple(x.text for x in of(ast.TextStmt)),
            tuple(items.get("arrival", ())), of(ast.Exit), of(ast.StoryAction), of(ast.ChoiceStmt), header,
            self.allow(header), external is not None, of(ast.SetupStep), of(ast.Character), of(ast.Level),
            self._statements(ast.EffectChoice((x,), x.span) if isinstance(x, ast.Goto) else x for x in lines
                             if isinstance(x, (ast.CheckStmt, ast.IfStmt, ast.ElseStmt, ast.Goto))),
            self.art_of(f"location {number}", lines))

    def depart(self, c: Children) -> ast.DepartDecl:
        keyword, number, direction, name, cost, *items = c
        self.once("action", f"depart entry {number} {direction}", items)
        header = self.span(keyword, name)
        action = self._story_action("depart", name, cost, None, items, keyword)
        return ast.DepartDecl(int(str(number)), str(direction), action, header, self.allow(header))

    def orientation(self, c: Children) -> _Item:
        return self.item("orientation", str(c[0]), c[0])

    def boost(self, c: Children) -> _Item:
        return self.item("boost", int(str(c[1])), c[0], c[1])

    def slots(self, c: Children) -> _Item:
        return self.item("slots", int(str(c[1])), c[0], c[1])

    def slot(self, c: Children) -> ast.Slot:
        keyword, impact, *faces = c
        return ast.Slot(tuple(self.value(t) for t in faces), impact is not None, self.span(keyword, faces[-1]))

    def power(self, c: Children) -> ast.Power:
        keyword, _, boost, text = c
        return ast.Power(int(str(boost)), self.prose(text), self.span(keyword, text))

    def when_placed(self, c: Children) -> _Item:
        return self.item("placed", c[2], c[0], c[2])

    def ending(self, c: Children) -> ast.Ending:
        keyword, name, *statements = c
        return ast.Ending(self.prose(name), self._statements(statements), self.span(keyword, name))

    def card(self, c: Children) -> ast.VantageCardDecl:
        keyword, number, kind, name, external, *lines = c
        self.once("card", f"card {number}", lines)
        header = self.span(keyword, name)
        items = _grouped(x for x in lines if isinstance(x, _Item))
        spans = {x.key: x.span for x in reversed(lines) if isinstance(x, _Item)}

        # A line given twice keeps the first, which the error (E218) names.
        def first(key: str) -> Any:
            return items[key][0] if key in items else None
        endings = [x for x in lines if isinstance(x, ast.Ending)]
        return ast.VantageCardDecl(
            int(str(number)), str(kind), self.prose(name), first("orientation"), first("boost"), first("slots"),
            tuple(x.text for x in lines if isinstance(x, ast.TextStmt)),
            tuple(x for x in lines if isinstance(x, ast.StoryAction)), header, self.allow(header),
            external is not None, tuple(x for x in lines if isinstance(x, ast.Slot)),
            tuple(x for x in lines if isinstance(x, ast.Power)), tuple(items.get("placed", ())),
            endings[0] if endings else None, spans.get("boost"), self.art_of(f"card {number}", lines))


def _line_key(line: object) -> str | None:
    """What registry/lines.py calls a line of a body."""
    if isinstance(line, _Item):
        return line.key
    if isinstance(line, ast.Exit):
        return line.direction
    if isinstance(line, ast.Ending):
        return "ending"
    return ast.SETTING_KEYWORDS.get(type(line))


class _Item(NamedTuple):
    """A line of a declaration's body on its way into a field of the declaration's
    node; it never leaves the parser."""
    key: str
    value: Any           # what the node's field takes, of as many types as the fields
    span: Span


def _grouped(items: Iterable[_Item]) -> dict[str, list[Any]]:
    """Item values by key, in the order written."""
    out: dict[str, list[Any]] = {}
    for item in items:
        out.setdefault(item.key, []).append(item.value)
    return out
