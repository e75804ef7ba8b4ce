"""Lark callbacks that build AST nodes while the LALR parser runs (no parse tree is
built). One instance parses many chunks: `begin` sets the file and the line offset of
the chunk, because each top-level declaration is parsed on its own."""
from __future__ import annotations

import re

from lark import Token, Transformer

from vcompiler import ast
from vcompiler.diagnostics import Diagnostic
from vcompiler.parse.markup import parse_text, plain_string
from vcompiler.source import Span

_ALLOW = re.compile(r"//\s*allow\s+([EW]\d{3}(?:\s*,\s*[EW]\d{3})*)")

try:
    # lark-cython (the `fast` extra) lexes into tokens of its own class.
    from lark_cython.lark_cython import Token as _FastToken
    TOKEN_TYPES: tuple[type, ...] = (Token, _FastToken)
except ImportError:
    TOKEN_TYPES = (Token,)

_VALUE_KINDS = {"WORD": "word", "NUMBER": "number", "CARD_ID": "card", "STRING": "string",
                "LABEL": "label"}


class AstBuilder(Transformer):
    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.file = ""
        self.offset = 0
        self.lines: tuple[str, ...] = ()
        self.diagnostics: list[Diagnostic] = []

    def begin(self, file: str, lines: tuple[str, ...], offset: int) -> None:
        self.file, self.lines, self.offset = file, lines, offset
        self.diagnostics = []

    # ------------------------------------------------------------ helpers
    def span(self, first: object, last: object | None = None) -> Span:
        a = self._span_of(first)
        b = self._span_of(last) if last is not None else a
        return Span(self.file, a.line, a.column, b.end_line, b.end_column)

    def _span_of(self, node: object) -> Span:
        if isinstance(node, TOKEN_TYPES):
            return Span(self.file, node.line + self.offset, node.column,
                        node.end_line + self.offset, node.end_column)
        if isinstance(node, tuple) and node and not hasattr(node, "span"):
            return Span.covering(self._span_of(node[0]), self._span_of(node[-1]))
        return node.span

    def value(self, token: Token) -> ast.Value:
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

    def prose(self, token: Token) -> ast.Text:
        text, found = parse_text(str(token), self.file, token.line + self.offset, token.column,
                                 (token.end_line + self.offset, token.end_column))
        self.diagnostics.extend(found)
        return text

    def allow(self, span: Span) -> tuple[str, ...]:
        line = self.lines[span.line - 1] if span.line - 1 < len(self.lines) else ""
        match = _ALLOW.search(line)
        if not match:
            return ()
        return tuple(code.strip() for code in match.group(1).split(","))

    def field(self, key: str, value: object, first: object, last: object | None = None) -> ast.Field:
        return ast.Field(key, value, self.span(first, last))

    # ------------------------------------------------------------ top level
    def start(self, children):
        return list(children)

    def pack(self, c):
        header = self.span(c[0], c[1])
        return ast.PackDecl(str(c[1]), tuple(c[2:]), header, self.allow(header))

    def game(self, c):
        return self.field("game", str(c[1]), c[0], c[1])

    def title(self, c):
        return self.field("title", plain_string(str(c[1])), c[0], c[1])

    def version(self, c):
        return self.field("version", plain_string(str(c[1])), c[0], c[1])

    def start_target(self, c):
        return self.field("start", c[1], c[0], c[1])

    def numbering(self, c):
        seed = int(str(c[4])) if len(c) > 4 else None
        return self.field("numbering", (int(str(c[1])), int(str(c[2])), seed), c[0], c[-1])

    # ------------------------------------------------------------ effects
    def goto_target(self, c):
        return ast.Goto(str(c[0]), self.value(c[1]), self.span(c[0], c[1]))

    def goto(self, c):
        target: ast.Goto = c[1]
        return ast.Goto(target.kind, target.target, self.span(c[0], target))

    def verb_effect(self, c):
        verb = self.value(c[0])
        args = tuple(self.value(t) for t in c[1:])
        return ast.VerbEffect(verb, args, self.span(c[0], c[-1]))

    def effect_choice(self, c):
        return ast.EffectChoice(tuple(c), self.span(c[0], c[-1]))

    def effects(self, c):
        return tuple(c)

    def req_term(self, c):
        return tuple(self.value(t) for t in c)

    def req_all(self, c):
        return tuple(c)

    def requirement(self, c):
        return ast.Requirement(tuple(c), self.span(c[0][0][0], c[-1][-1][-1]))

    def colour(self, c):
        return c[0]

    def _row(self, kind, head, key, number, requirement, effects):
        last = effects[-1] if effects else head
        return ast.Row(kind, key, number, requirement, effects, self.span(head, last))

    def outcome(self, c):
        requirement = c[2] if len(c) == 4 else None
        return self._row("outcome", c[0], str(c[1]), None, requirement, c[-1])

    def special(self, c):
        return self._row("special", c[0], None, None, c[1], c[2])

    def track(self, c):
        return self._row("track", c[0], str(c[1]), int(str(c[2])), None, c[3])

    def space(self, c):
        return self._row("space", c[0], None, int(str(c[1])), None, c[2])

    def time_row(self, c):
        return self._row("time", c[0], None, int(str(c[1])), None, c[2])

    def injury_row(self, c):
        return self._row("injury", c[0], str(c[0]), None, None, c[1])

    def check_action(self, c):
        danger = int(str(c[3])) if len(c) > 2 and isinstance(c[2], TOKEN_TYPES) and c[2].type == "DANGER" else None
        rows = tuple(x for x in c if isinstance(x, ast.Row))
        return ast.CheckAction(plain_string(str(c[1])), danger, rows, self.span(c[0], c[1]))

    # ------------------------------------------------------------ vanguard
    def planet_mission(self, c):
        return ("mission", self.value(c[1]))

    def planet_unique(self, c):
        return ("unique", (self.value(c[1]), c[3]))

    def supplies(self, c):
        value = "unlimited" if c[1].type == "UNLIMITED" else int(str(c[1]))
        return self.field("supplies", value, c[0], c[1])

    def travel(self, c):
        return self.field("travel", c[1], c[0], c[1])

    def printed_condition(self, c):
        travel = tuple(f.value for f in c[3:] if f.key == "travel")
        supplies = next((f for f in c[3:] if f.key == "supplies"), None)
        return ("condition", ast.PrintedCondition(plain_string(str(c[2])), travel, supplies,
                                                  self.span(c[0], c[2])))

    def planet_condition(self, c):
        return ("condition", self.value(c[1]))

    def lift_off(self, c):
        return ("lift_off", c[1])

    def evac(self, c):
        return ("evac", c[1])

    def sector_poi(self, c):
        return self.field("poi_printed", self.value(c[1]), c[0], c[2])

    def sector_slot(self, c):
        return self.field("poi_slot", None, c[0], c[1])

    def lander(self, c):
        return self.field("lander", None, c[0])

    def biomes(self, c):
        return self.field("biomes", tuple(str(t) for t in c[1:]), c[0], c[-1])

    def sector(self, c):
        name = plain_string(str(c[2])) if len(c) > 2 and isinstance(c[2], TOKEN_TYPES) and c[2].type == "STRING" else None
        items = tuple(ast.EffectStmt(x, x.span) if isinstance(x, ast.EffectChoice) else x
                      for x in c[2 + (name is not None):])
        return ("sector", ast.Sector(int(str(c[1])), name, items, self.span(c[0], c[1 + (name is not None)])))

    def path(self, c):
        costs = tuple(c[4:])
        return ("path", ast.Path(int(str(c[1])), int(str(c[3])), c[2].type == "TWO_WAY", costs,
                                 self.span(c[0], c[3])))

    def planet(self, c):
        groups: dict[str, list] = {k: [] for k in
                                   ("mission", "unique", "condition", "lift_off", "evac", "sector", "path")}
        for key, item in c[3:]:
            groups[key].append(item)
        header = self.span(c[0], c[2])
        return ast.PlanetDecl(
            str(c[1]), plain_string(str(c[2])), tuple(groups["mission"]), tuple(groups["unique"]),
            tuple(groups["condition"]), tuple(groups["lift_off"]), tuple(groups["evac"]),
            tuple(groups["sector"]), tuple(groups["path"]), header, self.allow(header))

    def flag(self, c):
        return self.field(str(c[0]), None, c[0])

    def _card(self, kind, c, id_token, name_token, copies, items):
        header = self.span(c[0], name_token)
        fields, actions, rows = [], [], []
        for item in items:
            if isinstance(item, ast.CheckAction):
                actions.append(item)
            elif isinstance(item, ast.Row):
                rows.append(item)
            elif isinstance(item, ast.TextStmt):
                fields.append(ast.Field("text", item.text, item.span))
            else:
                fields.append(item)
        ident = plain_string(str(id_token)) if id_token.type == "STRING" else str(id_token)
        name = plain_string(str(name_token))
        return ast.CardDecl(kind, ident, name, copies, tuple(fields), tuple(actions), tuple(rows),
                            header, self.allow(header))

    def poi(self, c):
        copies = int(str(c[4])) if len(c) > 4 and isinstance(c[3], TOKEN_TYPES) and c[3].type == "COPIES" else None
        items = c[5:] if copies is not None else c[3:]
        return self._card("poi", c, c[1], c[2], copies, items)

    def mission(self, c):
        return self._card("mission", c, c[1], c[2], None, c[3:])

    def condition_card(self, c):
        return self._card("condition", c, c[1], c[2], None, c[3:])

    def secondary(self, c):
        return self.field("secondary", c[1], c[0], c[1])

    def main(self, c):
        return self.field("main", c[1], c[0], c[1])

    def event(self, c):
        return self._card("event", c, c[1], c[2], None, c[3:])

    def threat(self, c):
        return self._card("threat", c, c[1], c[2], None, c[3:])

    def injury(self, c):
        return self._card("injury", c, c[1], c[1], None, c[2:])

    def unique_card(self, c):
        return self._card("unique", c, c[1], c[2], None, c[3:])

    # ------------------------------------------------------------ statements
    def text(self, c):
        return ast.TextStmt(self.prose(c[1]), self.span(c[0], c[1]))

    def check(self, c):
        return ast.CheckStmt(self.span(c[0]))

    def choice(self, c):
        return ast.ChoiceStmt(self.prose(c[1]), c[2], self.span(c[0], c[2]))

    def if_goto(self, c):
        condition = tuple(self.value(t) for t in c[1:-1])
        return ast.IfStmt(condition, c[-1], self.span(c[0], c[-1]))

    def else_goto(self, c):
        return ast.ElseStmt(c[1], self.span(c[0], c[1]))

    def _statements(self, items) -> tuple[ast.Statement, ...]:
        return tuple(ast.EffectStmt(x, x.span) if isinstance(x, ast.EffectChoice) else x for x in items)

    def log_target(self, c):
        return self.value(c[0])

    def log(self, c):
        target: ast.Value = c[1]
        rest = list(c[2:])
        title = None
        if rest and isinstance(rest[0], TOKEN_TYPES) and rest[0].type == "STRING":
            title_token = rest.pop(0)
            title = self.prose(title_token)
        external = bool(rest and isinstance(rest[0], TOKEN_TYPES) and rest[0].type == "EXTERNAL")
        if external:
            rest.pop(0)
        header = self.span(c[0], title or target)
        return ast.LogDecl(target, title, external, self._statements(rest), header, self.allow(header))

    # ------------------------------------------------------------ vantage
    def direction(self, c):
        return c[0]

    def category(self, c):
        return c[0]

    def arrival(self, c):
        return ("arrival", c[1])

    def exit(self, c):
        if len(c) == 3:
            return ast.Exit(str(c[0]), int(str(c[1])), str(c[2]), self.span(c[0], c[2]))
        return ast.Exit(str(c[0]), None, None, self.span(c[0], c[1]))

    def result(self, c):
        return ("result", self._statements(c[1:]))

    def _story_action(self, category, name, cost, rest, first):
        always = bool(rest and isinstance(rest[0], TOKEN_TYPES) and rest[0].type == "ALWAYS")
        items = rest[1:] if always else rest
        texts = tuple(x.text for x in items if isinstance(x, ast.TextStmt))
        results = [x[1] for x in items if isinstance(x, tuple) and x[0] == "result"]
        result = results[0] if results else None
        return ast.StoryAction(str(category), self.prose(name), int(str(cost)), always, texts, result,
                               self.span(first, name))

    def story_action(self, c):
        return self._story_action(c[0], c[1], c[3], list(c[4:]), c[0])

    def card_action(self, c):
        return self._story_action(c[1], c[2], c[4], list(c[5:]), c[0])

    def location(self, c):
        header = self.span(c[0], c[2])
        texts, arrival, exits, actions, choices = [], [], [], [], []
        for item in c[3:]:
            if isinstance(item, ast.TextStmt):
                texts.append(item.text)
            elif isinstance(item, ast.Exit):
                exits.append(item)
            elif isinstance(item, ast.StoryAction):
                actions.append(item)
            elif isinstance(item, ast.ChoiceStmt):
                choices.append(item)
            else:
                arrival.append(item[1])
        return ast.LocationDecl(int(str(c[1])), self.prose(c[2]), tuple(texts), tuple(arrival),
                                tuple(exits), tuple(actions), tuple(choices), header,
                                self.allow(header))

    def depart(self, c):
        header = self.span(c[0], c[3])
        action = self._story_action("depart", c[3], c[5], list(c[6:]), c[0])
        return ast.DepartDecl(int(str(c[1])), str(c[2]), action, header, self.allow(header))

    def orientation(self, c):
        return self.field("orientation", str(c[0]), c[0])

    def boost(self, c):
        return self.field("boost", int(str(c[1])), c[0], c[1])

    def slots(self, c):
        return self.field("slots", int(str(c[1])), c[0], c[1])

    def card(self, c):
        header = self.span(c[0], c[3])
        fields, texts, actions = [], [], []
        for item in c[4:]:
            if isinstance(item, ast.TextStmt):
                texts.append(item.text)
            elif isinstance(item, ast.StoryAction):
                actions.append(item)
            else:
                fields.append(item)
        return ast.VantageCardDecl(int(str(c[1])), str(c[2]), self.prose(c[3]), tuple(fields),
                                   tuple(texts), tuple(actions), header, self.allow(header))

