"""A second reader for the declaration most packs are made of, the `log`, and for the
`pack` header every pack has, several times faster than Lark on them (a pack of logs is
then read without loading Lark at all). It reads the grammar's own rules for a log (see `MIRRORED`)
with one regular expression for the tokens and a few loops for the structure, and hands
the same tokens in the same groups to the same AST builder callbacks that Lark's parser
calls, so the nodes, spans and diagnostics are Lark's.

It is only ever a shortcut: on anything it does not expect (another declaration, a
syntax error, a token the grammar's lexer might read otherwise) it gives up and Lark
parses the declaration, so a mistake is always worded by Lark. It turns itself off when
the grammar's rules for a log differ from the ones it was written for."""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any

from vcompiler.parse.lexer import COMMENT, ONE_LINE_STRING
from vcompiler.parse.transform import AstBuilder, FastToken
from vcompiler.vocabulary import MAX_NUMBER

# The grammar's rules and terminals that this module reads as Lark does. When any of
# them changes, the fast reader is off (slower, never wrong) until it is brought in line
# and MIRRORED_DIGEST updated (tests/test_speed_paths.py says so).
MIRRORED = ("start", "_items", "_simple_line", "pack", "pack_item", "game", "title", "version", "start_target",
            "numbering", "art", "log", "log_target", "_statement", "text", "check",
            "choice", "if_goto", "else_goto", "condition_arg", "effect_choice", "effect", "verb_effect",
            "effect_arg", "goto", "goto_target",
            "ARROW", "_SEMI", "_SLASH", "_DOTDOT", "_LBRACE", "_RBRACE", "STRING", "CARD_ID", "LABEL", "NUMBER",
            "WORD", "_NL", "COMMENT", "%ignore")
MIRRORED_DIGEST = "95e94288f653693f"

_DEFINITION = re.compile(r"^(\??)([A-Za-z_%][A-Za-z0-9_]*)(\.\d+)?(\{[^}]*\})?\s*:?")
_KEYWORD = re.compile(r'^([A-Z_]+):\s*"([a-z_]+)"\s*$')


def mirrored_text(grammar: str) -> str:
    """The definitions of MIRRORED in `grammar`, without comment lines and blank lines."""
    kept: list[str] = []
    keeping = False
    for raw in grammar.splitlines():
        line = raw.rstrip()
        if not line.strip():
            continue
        if line[0] in " \t|":
            if keeping:
                kept.append(line.strip())
            continue
        match = _DEFINITION.match(line)
        keeping = match is not None and match.group(2) in MIRRORED
        if keeping:
            kept.append(line.strip())
    return "\n".join(kept)


def mirrored_digest(grammar: str) -> str:
    return hashlib.sha256(mirrored_text(grammar).encode()).hexdigest()[:16]


def keywords(grammar: str) -> dict[str, str]:
    """Every keyword of the grammar: its text -> its terminal's name."""
    found = {}
    for line in grammar.splitlines():
        match = _KEYWORD.match(line)
        if match:
            found[match.group(2)] = match.group(1)
    return found


# Lark's terminals in the order its lexer tries them (priority, then the longer
# pattern first): a string (of a long string only its opening quotes: tokens() finds
# the closing ones), a card id, a label, a number, a word. The blanks and comments
# before a token are skipped in the same match; a line break, with the blank and
# comment lines after it, is one token, as the grammar's _NL is. Strings and comments
# are parse/lexer.py's.
_TOKEN = re.compile(rf"""
    (?:[\t \f\r]+|{COMMENT})*
    (?:
        (?P<LONG>\"\"\")
      | (?P<STRING>{ONE_LINE_STRING})
      | (?P<ARROW>->)
      | (?P<CARD_ID>[A-Z][0-9]+(?![A-Za-z0-9_]))
      | (?P<LABEL>@[A-Za-z_][A-Za-z0-9_]*)
      | (?P<NUMBER>[0-9]+(?![A-Za-z_]))
      | (?P<WORD>[A-Za-z_][A-Za-z0-9_]*)
      | (?P<NL>\n(?:[\t \f\r]*(?:{COMMENT})?\n)*)
      | (?P<PUNCT><->|=>|\.\.|[{{}}\[\],:;/+*])
      | (?P<END>\Z)
      | (?P<OTHER>.)
    )""", re.VERBOSE)

_MOST_DIGITS = len(str(MAX_NUMBER))



def _statement_line(keywords: dict[str, str]) -> re.Pattern[str]:
    """The commonest statements of a log, each on a line of its own, matched whole from
    the start of the line: `choice "…" -> log N`, `text "…"` (of a long string only its
    opening quotes) and `-> log N` with no `/` after it; and the last line, `}`. Each
    part is the token _TOKEN would read there, or the pattern does not match (a target
    of too many digits, a label or keyword running into a word) and the line is read a
    token at a time."""
    word = {kind: re.escape(text) + r"(?![A-Za-z0-9_])" for text, kind in keywords.items()}
    blank = r"[\t \f\r]*"
    string = ONE_LINE_STRING
    target = rf"[0-9]{{1,{_MOST_DIGITS}}}(?![0-9A-Za-z_])|@[A-Za-z_][A-Za-z0-9_]*(?![A-Za-z0-9_])"

    def goto(prefix: str) -> str:
        return (rf"(?P<{prefix}a>->){blank}(?P<{prefix}k>{word['LOG']}|{word['LOCATION']}){blank}"
                rf"(?P<{prefix}t>{target})")
    return re.compile(
        rf"{blank}(?:(?P<CHOICE>(?P<c>{word['CHOICE']}){blank}(?P<cs>{string}){blank}{goto('c')})"
        rf'|(?P<TEXT>(?P<x>{word["TEXT"]}){blank}(?P<xs>"""|{string}))'
        rf"|(?P<GOTO>{goto('')}(?!{blank}/(?!/)))"
        # The `}` that closes the chunk's last declaration, then blanks and comments.
        rf"|(?P<CLOSE>\}})(?=(?:[\t \f\r\n]|{COMMENT})*\Z))")


def _log_header(keywords: dict[str, str]) -> re.Pattern[str]:
    """`log N "Title" external {` (the title and `external` optional) as the first line of
    a chunk, as _statement_line reads a statement: the target a number, an @label or
    `start`, the title a one-line string."""
    word = {kind: re.escape(text) + r"(?![A-Za-z0-9_])" for text, kind in keywords.items()}
    blank = r"[\t \f\r]*"
    target = rf"[0-9]{{1,{_MOST_DIGITS}}}(?![0-9A-Za-z_])|@[A-Za-z_][A-Za-z0-9_]*(?![A-Za-z0-9_])|{word['START']}"
    return re.compile(rf"{word['LOG']}{blank}(?P<t>{target}){blank}(?:(?P<s>{ONE_LINE_STRING}){blank})?"
                      rf"(?:(?P<e>{word['EXTERNAL']}){blank})?\{{")


_NL = "\n"
_END = ""
_ARGS = ("WORD", "NUMBER", "CARD_ID", "STRING", "LABEL")
_CONDITION_ARGS = ("WORD", "NUMBER", "CARD_ID", "LABEL")
_LOG_TARGETS = ("NUMBER", "LABEL", "START")      # `log start`: the Starting Log
_GOTO_TARGETS = ("NUMBER", "LABEL")
_DECLARATION_START = re.compile(rf"(?:\s|{COMMENT})*(?:log|pack)\b")


class _GiveUp(Exception):
    """Not a declaration this reader takes: Lark reads it."""


class FastLogReader:
    def __init__(self, builder: AstBuilder, grammar: str):
        self.builder = builder
        self.enabled = mirrored_digest(grammar) == MIRRORED_DIGEST
        self.keywords = keywords(grammar)
        self.statement_line = _statement_line(self.keywords)
        self.log_header = _log_header(self.keywords)

    def read(self, text: str) -> list[Any] | None:
        """The declarations of `text` if it holds only logs this reader takes, else None
        (and whatever the builder noted on the way is to be dropped)."""
        if not self.enabled or not _DECLARATION_START.match(text):
            return None
        try:
            return _Reader(self.builder, self.tokens(text)).start()
        except (_GiveUp, IndexError, ValueError):
            return None

    def tokens(self, text: str) -> list[Any]:
        """FastTokens for what the builder reads (keywords typed by their terminal),
        other punctuation as its text, a line break as "\\n", and "" at the end."""
        out: list[Any] = []
        append = out.append
        line, line_start = 1, 0
        keywords = self.keywords
        statement_line = self.statement_line.match
        match = _TOKEN.match
        find = text.find
        position = 0
        header = self.log_header.match(text)
        if header is not None:
            # The header of a log, the chunk's first line, to its `{` (_Reader.log_at).
            position = header.end()
            title = header.group("s")
            append(("LOG", 1, 1, header.group("t"), header.start("t") + 1, title,
                    header.start("s") + 1 if title is not None else 0, header.group("e") is not None))
        while True:
            found = match(text, position)
            if found is None:
                raise _GiveUp
            kind = found.lastgroup
            if kind == "PUNCT":
                append(found.group(kind))
                position = found.end()
                continue
            if kind == "NL":
                start, position = found.span(kind)
                line += text.count("\n", start, position)
                line_start = text.rindex("\n", start, position) + 1
                append(_NL)
                whole = statement_line(text, position)
                if whole is None:
                    continue
                # A whole common statement: its parts, where they stand (_Reader.line).
                kind = whole.lastgroup
                position = whole.end()
                if kind == "CLOSE":
                    # The tokens _TOKEN reads to the end: "}", a line break if one is left.
                    append("}")
                    if find("\n", position) >= 0:
                        append(_NL)
                    append(_END)
                    return out
                if kind == "GOTO":
                    append((kind, line, whole.start("a") - line_start + 1, whole.group("k"), whole.group("t"),
                            whole.start("t") - line_start + 1))
                elif kind == "CHOICE":
                    start = whole.start("cs")
                    append((kind, line, whole.start("c") - line_start + 1, whole.group("cs"),
                            start - line_start + 1, whole.start("ca") - line_start + 1, whole.group("ck"),
                            whole.group("ct"), whole.start("ct") - line_start + 1))
                else:
                    start = whole.start("xs")
                    first, keyword_column, column = line, whole.start("x") - line_start + 1, start - line_start + 1
                    if whole.group("xs") == '"""':
                        close = find('"""', position)
                        if close < 0:
                            raise _GiveUp
                        position = close + 3
                    string = text[start:position]
                    if "\n" in string:
                        line += string.count("\n")
                        line_start = text.rindex("\n", start, position) + 1
                    append((kind, first, keyword_column, string, column, line, position - line_start + 1))
                continue
            if kind == "WORD":                      # the commonest token, on one line
                start, position = found.span(kind)
                token = FastToken(text[start:position])
                column = start - line_start + 1
                # One dict made whole: five attribute stores cost more, on a str.
                token.__dict__ = {"type": keywords.get(token, kind), "line": line, "column": column,
                                  "end_line": line, "end_column": column + position - start}
                append(token)
                continue
            if kind == "END":
                append(_END)
                return out
            if kind == "OTHER" or kind is None:
                raise _GiveUp
            start, position = found.span(kind)
            if kind == "NUMBER" and position - start > _MOST_DIGITS:
                raise _GiveUp          # past the largest number: Lark's, and its E108 (parse_source)
            if kind == "LONG":
                # What `"""[\s\S]*?"""` matches, found by str.find: the regular expression
                # would step through the prose one character at a time.
                close = find('"""', position)
                if close < 0:
                    raise _GiveUp
                position = close + 3
                kind = "STRING"
            token = FastToken(text[start:position])
            first, column = line, start - line_start + 1
            if kind == "STRING" and "\n" in token:
                line += token.count("\n")
                line_start = text.rindex("\n", start, position) + 1
                end_column = position - line_start + 1
            else:
                end_column = column + position - start
            token.__dict__ = {"type": kind, "line": first, "column": column, "end_line": line,
                              "end_column": end_column}
            append(token)


def _is(token: Any, text: str) -> bool:
    """Punctuation, a line break or the end (FastToken is a str too)."""
    return type(token) is str and token == text


class _Reader:
    def __init__(self, builder: AstBuilder, tokens: list[Any]):
        self.b = builder
        self.tokens = tokens
        self.i = 0

    def next(self) -> Any:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def next_of(self, types: tuple[str, ...]) -> Any:
        token = self.tokens[self.i]
        self.i += 1
        if type(token) is not FastToken or token.type not in types:
            raise _GiveUp
        return token

    def next_token(self) -> Any:
        token = self.tokens[self.i]
        self.i += 1
        if type(token) is not FastToken:
            raise _GiveUp
        return token

    # start: _NL? (_decl _NL?)*   where every _decl is a log or a pack
    def start(self) -> list[Any]:
        declarations = []
        if _is(self.tokens[0], _NL):
            self.i = 1
        while not _is(self.tokens[self.i], _END):
            head = self.next()
            if type(head) is tuple:
                declarations.append(self.log_at(head))
            elif type(head) is not FastToken:
                raise _GiveUp
            elif head.type == "LOG":
                declarations.append(self.log(head))
            elif head.type == "PACK":
                declarations.append(self.pack(head))
            else:
                raise _GiveUp
            if _is(self.tokens[self.i], _NL):
                self.i += 1
        return declarations

    # pack: PACK WORD _LBRACE _items{pack_item} _RBRACE
    def pack(self, keyword: Any) -> Any:
        children: list[Any] = [keyword, self.argument(self.next_token(), ("WORD",))]
        if not _is(self.next(), "{"):
            raise _GiveUp
        self.items(children, self.pack_item)
        return self.b.pack(children)

    # pack_item: game | title | version | start_target | numbering | vocabulary | art | guide
    # (a pack declaring vocabulary words or a guide is read by Lark: the `_GiveUp` below)
    def pack_item(self, token: Any) -> Any:
        b = self.b
        kind = token.type
        if kind == "GAME":            # game: GAME (VANGUARD | VANTAGE)
            return b.game([token, self.next_of(("VANGUARD", "VANTAGE"))])
        if kind == "TITLE":           # title: TITLE STRING
            return b.title([token, self.next_of(("STRING",))])
        if kind == "VERSION":         # version: VERSION STRING
            return b.version([token, self.next_of(("STRING",))])
        if kind == "START":           # start_target: START goto_target
            return b.start_target([token, self.goto_target()])
        if kind == "NUMBERING":       # numbering: NUMBERING NUMBER _DOTDOT NUMBER [SEED NUMBER]
            low = self.next_of(("NUMBER",))
            if not _is(self.next(), ".."):
                raise _GiveUp
            children = [token, low, self.next_of(("NUMBER",))]
            following = self.tokens[self.i]
            if type(following) is FastToken and following.type == "SEED":
                self.i += 1
                children += [following, self.next_of(("NUMBER",))]
            else:
                children += [None, None]
            return b.numbering(children)
        if kind == "ART":             # art: ART STRING | ART BRIEF STRING
            following = self.next_of(("STRING", "BRIEF"))
            if following.type == "BRIEF":
                return b.art([token, following, self.next_of(("STRING",))])
            return b.art([token, following])
        raise _GiveUp

    # log: LOG log_target [STRING] [EXTERNAL] _LBRACE _items{_statement} _RBRACE
    def log(self, keyword: Any) -> Any:
        children: list[Any] = [keyword, self.b.log_target([self.next_of(_LOG_TARGETS)])]
        for optional in ("STRING", "EXTERNAL"):
            token = self.tokens[self.i]
            if type(token) is FastToken and token.type == optional:
                children.append(token)
                self.i += 1
            else:
                children.append(None)
        if not _is(self.next(), "{"):
            raise _GiveUp
        self.items(children, self.statement, self.line)
        return self.b.log(children)

    # A log whose header the tokenizer read whole (FastLogReader.tokens): what `log`
    # makes of it.
    def log_at(self, header: tuple[Any, ...]) -> Any:
        _, line, column, target, target_column, title, title_column, external = header
        statements: list[Any] = []
        self.items(statements, self.statement, self.line)
        return self.b.log_at(line, column, target, target_column, title, title_column, external, statements)

    # _items{item}: _NL? (_simple_line _NL)* _simple_line?   and the _RBRACE
    # _simple_line{item}: item (_SEMI item)* _SEMI?
    def items(self, into: list[Any], item: Callable[[Any], Any],
              line: Callable[[tuple[Any, ...]], Any] | None = None) -> None:
        tokens = self.tokens
        if _is(tokens[self.i], _NL):
            self.i += 1
        while True:
            token = self.next()
            kind = type(token)
            if kind is FastToken:
                into.append(item(token))
            elif kind is tuple and line is not None:
                into.append(line(token))
            elif token == "}" and kind is str:
                return
            else:
                raise _GiveUp
            while True:
                token = self.next()
                if token == ";" and type(token) is str:
                    token = self.next()
                    if type(token) is FastToken:
                        into.append(item(token))
                        continue
                if type(token) is not str or token not in (_NL, "}"):
                    raise _GiveUp
                if token == "}":
                    return
                break

    # A statement the tokenizer read whole (FastLogReader.tokens): what `statement` makes
    # of its tokens.
    def line(self, whole: tuple[Any, ...]) -> Any:
        b = self.b
        kind = whole[0]
        if kind == "CHOICE":
            _, line, column, string, string_column, arrow_column, keyword, target, target_column = whole
            return b.choice_at(line, column, string, string_column,
                               b.goto_at(line, arrow_column, keyword, target, target_column))
        if kind == "GOTO":
            _, line, column, keyword, target, target_column = whole
            return b.lone_goto(b.goto_at(line, column, keyword, target, target_column))
        _, line, column, string, string_column, end_line, end_column = whole
        return b.text_at(line, column, string, string_column, end_line, end_column)

    # _statement: text | check | choice | if_goto | else_goto | effect_choice
    def statement(self, token: Any) -> Any:
        b = self.b
        kind = token.type
        if kind == "TEXT":
            return b.text([token, self.next_of(("STRING",))])
        if kind == "CHECK":
            return b.check([token])
        if kind == "CHOICE":
            return b.choice([token, self.next_of(("STRING",)), self.goto(self.next_of(("ARROW",)))])
        if kind == "IF":
            children = [token]
            arg = self.next_token()
            while arg.type != "ARROW":
                children.append(self.argument(arg, _CONDITION_ARGS))
                arg = self.next_token()
            if len(children) == 1:
                raise _GiveUp
            children.append(self.goto(arg))
            return b.if_goto(children)
        if kind == "ELSE":
            return b.else_goto([token, self.goto(self.next_of(("ARROW",)))])
        return b.effect_choice(self.effect_choice(token))

    def argument(self, token: Any, types: tuple[str, ...]) -> Any:
        if token.type in types:
            return token
        if token.type in ("ARROW", "STRING", "CARD_ID", "NUMBER", "LABEL"):
            raise _GiveUp
        # A keyword where the grammar takes any word: no keyword can come next there,
        # so Lark's contextual lexer reads it as a WORD.
        token.type = "WORD"
        return token

    # goto: ARROW goto_target
    def goto(self, arrow: Any) -> Any:
        return self.b.arrow_goto(arrow, self.next_of(("LOG", "LOCATION")), self.next_of(_GOTO_TARGETS))

    # goto_target: (LOG | LOCATION) (NUMBER | LABEL)
    def goto_target(self) -> Any:
        return self.b.goto_target([self.next_of(("LOG", "LOCATION")), self.next_of(_GOTO_TARGETS)])

    # effect_choice: effect (_SLASH effect)*;  effect: goto | verb_effect
    # verb_effect: WORD effect_arg*;  effect_arg: WORD | NUMBER | CARD_ID | STRING | LABEL
    def effect_choice(self, head: Any) -> list[Any]:
        options = []
        tokens = self.tokens
        while True:
            if head.type == "ARROW":
                options.append(self.goto(head))
            else:
                children = [self.argument(head, ("WORD",))]
                while type(tokens[self.i]) is FastToken:
                    children.append(self.argument(self.next(), _ARGS))
                options.append(self.b.verb_effect(children))
            if not _is(tokens[self.i], "/"):
                return options
            self.i += 1
            head = self.next_token()

