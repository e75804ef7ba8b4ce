"""The parse stage: source text -> AST, and syntax errors as E1xx diagnostics. The Lark
tree never leaves this package."""
from __future__ import annotations

import difflib
import os
import re
import sys
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from vcompiler import ast, codes
from vcompiler.ast import ParsedFile
from vcompiler.diagnostics import Applicability, Diagnostic, diagnostic
from vcompiler.parse.cache import default_cache_root
from vcompiler.parse.fast import FastLogReader
from vcompiler.parse.split import HEADER_LINE_AT, Chunk, split_declarations
from vcompiler.parse.transform import AstBuilder
from vcompiler.registry import KINDS, STARTING_LOG, Kind, is_kind, kind_declared_by, kind_named
from vcompiler.registry.forms import VERBS
from vcompiler.resources import data_dir
from vcompiler.source import SourceFile, Span
from vcompiler.vocabulary import DIRECTIONS, MAX_COUNT, MAX_NUMBER, pack_name

if TYPE_CHECKING:
    from lark import Lark, Token
    from lark.exceptions import UnexpectedInput

__all__ = ["Chunks", "ParsedFile", "Part", "cuts", "joined", "parse_part", "parse_source", "statement_keyword",
           "warm_parser"]

_HEADER = re.compile("(" + "|".join(k.keyword for k in KINDS if k.top_level) + ")"
                     r"\s+(@?\w+|\"[^\"\n]*\")")


def _header_key(text: str) -> tuple[str, object] | None:
    match = _HEADER.match(text)
    if not match:
        return None
    keyword, key = match.groups()
    kind = kind_declared_by(keyword)
    assert kind is not None
    if key.startswith("@"):
        return ("label", key[1:])
    if kind.name == "log" and key == "start":
        return ("log", STARTING_LOG)
    if key.startswith('"'):
        return (kind.name, key.strip('"'))
    if key.isascii() and key.isdigit():
        if kind.letter:
            # `poi 101`, the id's letter left out: what the pack names P101.
            return (kind.name, kind.letter + key)
        # A number int() refuses (E108) defines nothing that could be referred to.
        if len(key) > sys.get_int_max_str_digits():
            return None
        if kind.name == "depart":
            return ("depart", (int(key), _direction_of(text, match.end())))
        return (kind.name, int(key))
    return (kind.name, key)


_WORD_AFTER = re.compile(r"[ \t]+(\w+)")


def _direction_of(text: str, at: int) -> str | None:
    """The compass point a depart header names, or the one its word is a misspelling
    of (`eats`); None when it names none."""
    word = _WORD_AFTER.match(text, at)
    near = difflib.get_close_matches(word.group(1), DIRECTIONS, n=1, cutoff=0.6) if word else []
    return near[0] if near else None


_ANY_HEADER = re.compile(r"([a-z_]\w*)([ \t]+(?:@\w+|\d+)\b.*)", re.DOTALL)
_TOP_KEYWORDS = sorted(k.keyword for k in KINDS if k.top_level)


def _misspelt_header_key(text: str) -> tuple[str, object] | None:
    """What a declaration whose keyword is misspelt (`lgo @home`) was to declare, read
    with the keyword it is nearest to: the syntax error says so, and references to it
    are not also undefined."""
    match = _ANY_HEADER.match(text)
    if match is None or match.group(1) in _TOP_KEYWORDS:
        return None
    near = difflib.get_close_matches(match.group(1), _TOP_KEYWORDS, n=1, cutoff=0.6)
    return _header_key(near[0] + match.group(2)) if near else None


def _accelerator() -> dict:
    """lark-cython (`pip install vcompiler[fast]`) runs the same LALR tables about 1.4x
    faster; VCOMPILER_PURE_PYTHON=1 turns it off (the tests compare the two)."""
    if os.environ.get("VCOMPILER_PURE_PYTHON"):
        return {}
    try:
        import lark_cython
    except ImportError:
        return {}
    return {"_plugins": lark_cython.plugins}


def _grammar() -> str:
    return (data_dir("grammar") / "vcl.lark").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _reader() -> tuple[AstBuilder, FastLogReader]:
    """The AST builder and the fast reader, which shares it with Lark."""
    builder = AstBuilder()
    return builder, FastLogReader(builder, _grammar())


@lru_cache(maxsize=1)
def _parser() -> tuple[Lark, AstBuilder, FastLogReader]:
    """Lark's parser (its tables read or built), loaded the first time a declaration
    needs it: a pack of logs alone never does."""
    from lark import Lark

    from vcompiler.parse import tables
    builder, fast = _reader()
    grammar = _grammar()
    options = {"parser": "lalr", "lexer": "contextual", "maybe_placeholders": True}
    stored = tables.table_file(default_cache_root(), grammar, options)
    parser = tables.load(stored, transformer=builder, **_accelerator())
    if parser is None:
        parser = Lark(grammar, transformer=builder, **options, **_accelerator())
        try:
            tables.save(parser, stored)
        except (OSError, TypeError):
            pass             # only slower next time
    return parser, builder, fast


def warm_parser() -> None:
    """Make the fast reader now (before worker processes are forked, say). Lark's
    parser is loaded by whichever process first needs it."""
    _reader()


def _syntax_errors() -> tuple[type[UnexpectedInput], ...]:
    # An `except` clause's classes are looked up only once an exception is raised,
    # nearly always by Lark, which is then loaded already.
    from lark.exceptions import UnexpectedInput
    return (UnexpectedInput,)


# What each declaration of a file parsed to, by (file, first line, text): a resident
# checker passes it back to parse the file again after an edit.
Chunks = dict[tuple[str, int, str], tuple[tuple[ast.Declaration, ...], tuple[Diagnostic, ...],
                                          tuple[tuple[int, int, tuple[str, ...]], ...]]]


def parse_source(source: SourceFile, chunks: Chunks | None = None) -> ParsedFile:
    """`chunks`: what the declarations of an earlier text of the file parsed to. A
    declaration of the same text on the same line parses to the same declarations,
    which are taken from it rather than parsed again; it is left holding this text's."""
    return joined(source, [_parse_text(source, source.text, 0, chunks)])


# What a part of a file parsed to: the fields of ParsedFile after its source and file,
# with the part's declarations first.
Part = tuple[tuple[ast.Declaration, ...], tuple[Diagnostic, ...], tuple[tuple[str, object], ...],
             tuple[tuple[int, int, tuple[str, ...]], ...], int]


def cuts(source: SourceFile, parts: int) -> list[tuple[int, int]]:
    """Where to cut the file into about `parts` parts of a size, each parsed on its own
    as the same declarations as the whole file (parse_part): (offset, first line) of
    each part. A part starts at a line that reads as a whole declaration header, which
    starts a declaration wherever it stands (parse.split)."""
    text = source.text
    found = [(0, 1)]
    line, counted = 1, 0
    for n in range(1, parts):
        header = HEADER_LINE_AT.search(text, max(found[-1][0], len(text) * n // parts))
        if header is None:
            break
        at = header.start() + 1
        if at <= found[-1][0]:
            continue
        line += text.count("\n", counted, at)
        counted = at
        found.append((at, line))
    return found


def parse_part(source: SourceFile, start: int, end: int, first_line: int) -> Part:
    """What the text of the file from offset `start` to `end` (cut by `cuts`) parses to."""
    text = source.text[start:end - 1] if end < len(source.text) else source.text[start:]
    return _parse_text(source, text, first_line - 1, None)


def joined(source: SourceFile, parts: list[Part]) -> ParsedFile:
    """The file whose parts, in order, parsed to `parts`."""
    if len(parts) == 1:
        declarations, found, unparsed, regions, by_lark = parts[0]
        return ParsedFile(source, ast.File(source.display, declarations), found, unparsed, regions, by_lark)
    return ParsedFile(source, ast.File(source.display, tuple(d for part in parts for d in part[0])),
                      tuple(d for part in parts for d in part[1]), tuple(u for part in parts for u in part[2]),
                      tuple(r for part in parts for r in part[3]), sum(part[4] for part in parts))


def _parse_text(source: SourceFile, text: str, line_offset: int, chunks: Chunks | None) -> Part:
    """`text`: the file's from line `line_offset` + 1 on."""
    builder, fast = _reader()
    declarations: list[ast.Declaration] = []
    found: list[Diagnostic] = []
    unparsed: list[tuple[str, object]] = []
    regions: list[tuple[int, int, tuple[str, ...]]] = []
    kept: Chunks = {}
    by_lark = 0
    # The builder reads a line only to find an `// allow`.
    lines = source.lines if "allow" in source.text else ()
    pending = split_declarations(text)[::-1]
    while pending:
        chunk = pending.pop()
        first_line = chunk.first_line + line_offset
        key = (source.display, first_line, chunk.text)
        earlier = chunks.get(key) if chunks is not None else None
        if earlier is not None:
            kept[key] = earlier
            declarations.extend(earlier[0])
            found.extend(earlier[1])
            regions.extend(earlier[2])
            continue
        builder.begin(source.display, lines, first_line - 1)
        try:
            parsed = fast.read(chunk.text)
            if parsed is None:
                by_lark += 1
                builder.begin(source.display, lines, first_line - 1)
                # The transformer's `start` hands back the declarations, not a tree.
                parsed = cast(list[ast.Declaration], _parser()[0].parse(chunk.text))
                # Only here: the log reader leaves a number past the largest to Lark,
                # and reads no declaration that counts dice or boxes.
                too_large = _too_large(source, first_line - 1, chunk.text)
                if too_large is not None:
                    # What the declaration says with that number would be built, printed
                    # and checked as if it meant something: it is left out, as if it had
                    # not parsed.
                    found.append(too_large)
                    key_of = _header_key(chunk.text)
                    if key_of is not None:
                        unparsed.append(key_of)
                    continue
            declarations.extend(parsed)
            chunk_end = first_line + chunk.text.count("\n")
            chunk_regions = []
            for decl, following in zip(parsed, [*parsed[1:], None]):
                if decl.allow:
                    last = following.span.line - 1 if following is not None else chunk_end
                    chunk_regions.append((decl.span.line, max(decl.span.line, last), decl.allow))
            regions.extend(chunk_regions)
        except _syntax_errors() as error:
            problem, swallowed, resume = _syntax_diagnostic(error, source, first_line - 1, chunk.text)
            found.append(problem)
            if resume is not None:
                cut = sum(len(line) + 1 for line in chunk.text.split("\n")[:resume])
                pending.append(Chunk(chunk.first_line + resume, chunk.text[cut:]))
                chunk = Chunk(chunk.first_line, chunk.text[:cut - 1])
            # An unclosed string hides the declarations after it: references to them
            # are not also "undefined".
            for text in [chunk.text, *(chunk.text.split("\n")[1:] if swallowed else ())]:
                key_of = _header_key(text) or (_misspelt_header_key(text) if text is chunk.text else None)
                if key_of is not None:
                    unparsed.append(key_of)
            continue
        except ValueError:
            # int() refuses a number of more digits than Python converts.
            too_long = _too_many_digits(source, first_line - 1, chunk.text)
            if too_long is None:
                raise
            found.append(too_long)
            key_of = _header_key(chunk.text)
            if key_of is not None:
                unparsed.append(key_of)
            continue
        found.extend(builder.diagnostics)
        # Only a declaration that parsed is kept: a syntax error's message may read past it.
        if chunks is not None:
            kept[key] = (tuple(parsed), tuple(builder.diagnostics), tuple(chunk_regions))
    if chunks is not None:
        chunks.clear()
        chunks.update(kept)
    return tuple(declarations), tuple(found), tuple(unparsed), tuple(regions), by_lark


# ---------------------------------------------------------------- syntax errors
_SYMBOLS = {
    "ARROW": "`->`", "TWO_WAY": "`<->`", "STAR": "`*`", "_FATARROW": "`=>`", "_DOTDOT": "`..`",
    "_LBRACE": "`{`", "_RBRACE": "`}`", "_LSQB": "`[`", "_RSQB": "`]`", "_COMMA": "`,`",
    "_COLON": "`:`", "_SEMI": "`;`", "_SLASH": "`/`", "_PLUS": "`+`", "_NL": "a new line",
    "STRING": "a string", "CARD_ID": "a card id such as P101", "LABEL": "an @label",
    "NUMBER": "a number", "WORD": "a word", "$END": "the end of the file",
}


# The statements a location's body takes only to tell the writer they go elsewhere
# (the grammar's _stray_statement): not offered as what may stand there.
_STRAY = frozenset({"CHECK", "IF", "ELSE", "ARROW"})


def _offered(names: set[str]) -> set[str]:
    return names - _STRAY if "ARRIVAL" in names else names


def _describe_expected(names: set[str]) -> str:
    words = sorted(_SYMBOLS.get(n, f"`{n.lower()}`") for n in _offered(names) if n != "COMMENT")
    if len(words) > 8:
        return ", ".join(words[:7]) + f" or one of {len(words) - 7} more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _describe_token(token: Token) -> str:
    if token.type == "$END":
        return "end of the declaration"
    if token.type == "_NL":
        return "end of the line"
    if token.type == "STRING":
        text = str(token)
        return f"string {text if len(text) < 30 else text[:27] + '…'}"
    if token.type in ("WORD", "NUMBER", "CARD_ID", "LABEL"):
        return f"{_SYMBOLS[token.type].split(' ', 1)[1] if token.type != 'CARD_ID' else 'card id'} `{token}`"
    return f"`{token}`"


def _keyword_hint(token: Token, expected: set[str]) -> str | None:
    if expected == {"STRING"} and token.type in ("WORD", "NUMBER", "CARD_ID"):
        return "text goes in quotes: \"…\""
    if expected == {"LOG", "LOCATION"} and token.type in ("NUMBER", "LABEL"):
        return f"say what it leads to: `-> log {token}` or `-> location {token}`"
    if expected == {"LOG", "LOCATION"}:
        return _GOTO_ANYWHERE
    if expected == {"NUMBER", "LABEL"} and token.type == "CARD_ID":
        return f"a log is named by its number or its @label (`-> log 12`, `-> log @name`); {token} names a card"
    if expected == {"ARROW"}:
        return "say where it leads: `-> log N` (`-> location N` in a vantage pack)"
    if expected == {"COST"}:
        return "an action says what it costs in challenge dice: `look \"Name\" cost 2 { … }`"
    return None


def _nearest_keyword(token: Token, expected: set[str]) -> str | None:
    """The keyword that may stand where `token` does nearest to its word, if any."""
    if token.type not in ("WORD", "CARD_ID"):
        return None
    keywords = [n.lower() for n in _offered(expected) if n.isupper() and n not in _SYMBOLS]
    near = difflib.get_close_matches(str(token), keywords, n=1, cutoff=0.6)
    return near[0] if near else None


_GOTO_ANYWHERE = "`->` leads to a log (`-> log N`) or, in a vantage pack, a location (`-> location N`)"
# The wording of a syntax error that names what both games write, as each game says it
# (the parser does not know the pack's game; `for_game` is given it).
_BY_GAME: tuple[tuple[re.Pattern[str], dict[str, str]], ...] = (
    (re.compile(r"expected `location` or `log`$"), {"vanguard": "expected `log`", "vantage": "expected `location`"}),
    (re.compile(r"^say what it leads to: `-> log (\S+)` or `-> location \S+`$"),
     {"vanguard": r"say what it leads to: `-> log \1`", "vantage": r"say what it leads to: `-> location \1`"}),
    (re.compile(r"^say where it leads: `-> log N` \(`-> location N` in a vantage pack\)$"),
     {"vanguard": "say where it leads: `-> log N`", "vantage": "say where it leads: `-> location N`"}),
    (re.compile("^" + re.escape(_GOTO_ANYWHERE) + "$"),
     {"vanguard": "`->` leads to a log: `-> log N`",
      "vantage": "`->` leads to a location: `-> location N`"}),
)


def for_game(found: Diagnostic, game: str) -> Diagnostic:
    """A syntax error worded for a pack of `game`: what it names of the other game left
    out (a vanguard pack is not offered `-> location`)."""
    if found.code is not codes.SYNTAX:
        return found
    message, hint = found.message, found.hint
    for pattern, wording in _BY_GAME:
        if game in wording:
            message = pattern.sub(wording[game], message)
            hint = pattern.sub(wording[game], hint) if hint is not None else None
    if (message, hint) == (found.message, found.hint):
        return found
    return replace(found, message=message, hint=hint)


_LAST_WORD = re.compile(r"(\w+)\s*$")


def _card_kind_before(text: str, token: Token) -> Kind | None:
    """The card kind whose keyword stands right before `token` (`mission 5`), so that
    the example of an expected card id is one of that kind (M01, not P101)."""
    lines = text.split("\n")
    line, column = token.line, token.column
    if line is None or column is None or not 0 < line <= len(lines):
        return None
    match = _LAST_WORD.search(lines[line - 1][:column - 1])
    kind = kind_named(match.group(1)) if match and is_kind(match.group(1)) else None
    return kind if kind is not None and kind.letter else None


_LABEL_BEFORE = re.compile(r"@\w+$")
_LABEL_REST = re.compile(r"[\w-]+")


def _character_hint(text: str, at: int, allowed: set[str]) -> str | None:
    """How to mend a character no token starts with, for the mistakes writers make."""
    char = text[at] if at < len(text) else ""
    if char == "-":
        label = _LABEL_BEFORE.search(text, 0, at)
        if label is not None:
            rest = _LABEL_REST.match(text, at)
            meant = label.group() + (rest.group().replace("-", "_") if rest else "")
            return f"a label is letters, digits and `_`: `{meant}`"
        if text[at + 1:at + 2].isdigit():
            return "a number has no sign: `lose`, `spend` or `reduce` takes away"
        if allowed and allowed <= {"ARROW", "TWO_WAY"}:
            return "`->` leads one way, `<->` both ways"
    if char in "\u201c\u201d\u201e":
        # A word processor curls the quotes of text pasted from it.
        return 'write straight quotes: "…" (curly quotes inside a string print curled anyway)'
    if char in "'\u2018\u2019":
        return 'text goes in double quotes: "…"'
    if char == "#":
        return "a comment starts with `//`"
    if char == "/" and text.startswith("/*", at):
        return "a comment starts with `//` and runs to the end of its line; VCL has no `/* … */`"
    if char == "-" or (char.isalnum() and not char.isascii()):
        name = _name_around(text, at)
        if name is not None:
            return f"a name is ASCII letters, digits and `_`: `{name}`"
    return None


def _name_around(text: str, at: int) -> str | None:
    """The word or label that the character at `at` (a dash, a letter of another script)
    stands in, as VCL takes it (é as e, ß as ss, a dash as `_`); None when it stands in
    none."""
    def part_of_name(char: str) -> bool:
        return char.isalnum() or char in "_-"
    start = at
    while start > 0 and part_of_name(text[start - 1]):
        start -= 1
    end = at + 1
    while end < len(text) and part_of_name(text[end]):
        end += 1
    label = text[start - 1:start] == "@"
    if start == at and not label:
        return None
    return ("@" if label else "") + pack_name(text[start:end])


# The lines that take one effect or a `/` choice of effects, not a `;` list.
_ONE_EFFECT_LINE = re.compile(r"[ \t]*(travel|secondary|main|arrival|when placed|unique \d+ else)\b[^\n]*;[ \t]*$")
_FATARROW_BEFORE = re.compile(r"=>[^\n]*$")
_WORD = re.compile(r"[a-z_]\w*")
# The rows whose effects follow `=>`.
_ROWS = frozenset({"outcome", "special", "track", "time", "space", "attack", "alone", "damage", "heavy",
                   "mental", "combination", "goal", "pay"})


def _line_around(text: str, token: Token) -> tuple[str, str] | None:
    """The token's line before it, and from it on (stripped); None for a token with no
    position."""
    start = token.start_pos
    if start is None:
        return None
    end = text.find("\n", start)
    return text[text.rfind("\n", 0, start) + 1:start], text[start:end if end >= 0 else len(text)].strip()


def _line_hint(text: str, token: Token, expected: set[str]) -> str | None:
    """How to mend a line whose shape the writer got wrong: a second `=>`, a `;` list
    where one effect goes, effects with no `=>` before them."""
    around = _line_around(text, token)
    if around is None:
        return None
    before, after = around
    if token.type == "_FATARROW" and "=>" in before:
        first = _FATARROW_BEFORE.search(before)
        effects = first.group()[2:].strip() if first else ""
        rest = after[2:].strip()
        joined = f": `=> {effects}; {rest}`" if effects and rest else ""
        return f"a line has at most one `=>`; join its effects with `;`{joined}"
    one = _ONE_EFFECT_LINE.match(before)
    if one is not None:
        keyword = one.group(1).split(" ")[0]
        head = before[:before.index(keyword) + len(keyword)].strip()
        return (f"`{keyword}` takes one effect (or a `/` choice of effects): repeat the line for a "
                f"second effect: `{head} {after}`")
    row = _WORD.match(before.strip())
    if "_FATARROW" not in expected or row is None or row.group() not in _ROWS:
        return None
    if token.type == "WORD" and str(token) in VERBS:
        return f"effects follow `=>`: `{before.strip()} => {after}`"
    # A verb read as a word of the requirement (`2 science gain unique 1`).
    # After the row's word: a payment's `pay` is not the verb of its effects.
    after_row = max(before.find(":") + 1, before.index(row.group()) + len(row.group()))
    verb = next((w for w in _WORD.finditer(before, after_row) if w.group() in VERBS), None)
    if verb is None:
        return None
    return f"effects follow `=>`: `{before[:verb.start()].strip()} => {before[verb.start():]}{after}`"


_EXIT_STAR = re.compile(r"[ \t]*(north|east|south|west)[ \t]*\*[ \t]*$")
# The rows a requirement follows (`outcome red` has none).
_REQUIREMENT_ROW = re.compile(r"[ \t]*outcome[ \t]+(?!red\b)\w+")


def _misplaced_hint(text: str, token: Token, expected: set[str]) -> str | None:
    """How to mend a line with a word or sign in the wrong place: a `/* */` comment, a
    requirement without its `:`, a `+` that joins nothing, a way of travel after a
    starred point, a payment after the effects it buys, `->` where `=>` goes."""
    start = token.start_pos
    if start is None:
        return None
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    end = text.find("\n", start)
    after = text[start:end if end >= 0 else len(text)].strip()
    if expected == {"ARROW"} and token.type in ("LOG", "LOCATION"):
        return f"`->` stands before where it leads: `{before.strip()} -> {after}`"
    if token.type == "_SLASH" and text.startswith("/*", start):
        return "a comment starts with `//` and runs to the end of its line; VCL has no `/* … */`"
    row = _REQUIREMENT_ROW.match(before)
    if ("_COLON" in expected and row is not None and before[row.end():].strip() == ""
            and token.type in ("WORD", "NUMBER") and str(token) not in VERBS):
        return f"a requirement follows a `:`: `{row.group().strip()}: {token} …`"
    if before.rstrip().endswith("+") and expected <= {"NUMBER", "WORD"}:
        return "`+` joins two parts of a requirement: write the part after it, or remove the `+`"
    star = _EXIT_STAR.match(before)
    if star is not None and str(token).isidentifier():
        number = _HEADER.match(text)
        entry = f"depart {number.group(2)} {star.group(1)}" if number else f"depart N {star.group(1)}"
        return (f"`{star.group(1)} *` stands alone: the reader looks up the depart entry "
                f"(`{entry} \"…\" cost N {{ … }}`), whose result says how they go; "
                f"`{star.group(1)} N {token}` leads to a neighbour")
    if token.type == "_FATARROW" and "_FATARROW" not in expected and re.match(r"=>\s*pay\b", after):
        return f"the payment comes first: `{after[2:].strip()} => {before.strip()}`"
    if token.type == "ARROW" and "_FATARROW" in expected:
        following = _WORD.match(after[2:].strip())
        if following is not None and following.group() in VERBS:
            return f"effects follow `=>`, not `->` (a goto): `{before.strip()} => {after[2:].strip()}`"
    return None


# Where each kind of row stands.
_DICE_CHECK = 'an action\'s dice check (`action "Name" { outcome green: physical => … }` on a card or a sector)'
_ROW_HOMES = {"outcome": _DICE_CHECK, "track": _DICE_CHECK, "space": "a threat card", "attack": "a threat card",
              "alone": "a threat card", "damage": "an injury card", "heavy": "an injury card",
              "mental": "an injury card"}
_IF_TARGET = re.compile(r"[ \t]*if[ \t]+(.+?)[ \t]+(log|location)[ \t]+(@?\w+)[ \t]*$")
_LAST_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"[ \t]*$')


def _shape_hint(text: str, token: Token, expected: set[str]) -> str | None:
    """How to mend a line with more or less on it than its statement takes: a row
    outside its card, an `if` without `->`, two strings, a path without its arrow, a
    second goto."""
    around = _line_around(text, token)
    if around is None:
        return None
    before, after = around
    first = _WORD.match(before.strip())
    header = _HEADER.match(text)
    if (token.type == "_FATARROW" and "_FATARROW" not in expected and first is not None
            and first.group() in _ROW_HOMES and header is not None):
        return f"`{first.group()}` opens a row of {_ROW_HOMES[first.group()]}, not a line of a {header.group(1)}"
    if first is not None and first.group() == "if" and "ARROW" in expected:
        target = _IF_TARGET.match(before + after)
        if target is not None:
            return f"`->` stands before where an `if` leads: `if {target.group(1)} -> {target.group(2)} " \
                   f"{target.group(3)}`"
        return "an `if` line says where it leads after its condition, with `->`"
    if token.type == "STRING" and _LAST_STRING.search(before):
        return "a line takes one string: join the two, or give the second a line of its own"
    if token.type == "NUMBER" and expected and expected <= {"ARROW", "TWO_WAY"}:
        return f"`->` leads one way, `<->` both ways: `{before.strip()} <-> {after}`"
    if token.type == "ARROW" and "->" in before:
        return "a line leads to one place: give the second `->` a line of its own, or remove it"
    return None


_WHOLE_LINE = "the line is whole before "
_STRAY_BRACE = "a `{` opens a block at the end of its header's line"
_ONE_OF = "here stands "


def _last_resort_hint(text: str, token: Token, expected: set[str]) -> str | None:
    """What a token says when nothing else is known about it: a guess that the caller
    of `weak_hint` may replace with a better one (the other game's)."""
    if token.type == "_LBRACE" and "_LBRACE" not in expected:
        return f'{_STRAY_BRACE} (`action "Name" {{`): remove this one, or write the header it lacks'
    start = token.start_pos or 0
    before = text[text.rfind("\n", 0, start) + 1:start].strip()
    keywords = sorted(n.lower() for n in expected if n.isupper() and n not in _SYMBOLS)
    if token.type == "WORD" and before and 0 < len(keywords) == len(expected) <= 3:
        return _ONE_OF + " or ".join(f"`{before} {k}`" for k in keywords)
    if "_NL" in expected and token.type not in ("_NL", "$END", "_RBRACE"):
        return f"{_WHOLE_LINE}{_describe_token(token)}: remove it, or give it a line of its own"
    return None


def weak_hint(found: Diagnostic) -> bool:
    """Whether a syntax error's hint is only the last resort's guess."""
    return found.hint is None or found.applicability is Applicability.GUESS


def _glued_word(text: str, token: Token, file: str, offset: int) -> Diagnostic | None:
    """A word the lexer cut in two (`walks`, `swim2`): where only keywords may stand, it
    reads the longest keyword the word starts with, and the rest is the unexpected
    token. Reported as the whole word, which is the mistake."""
    start = token.start_pos
    if (start is None or token.line is None or token.column is None or not 0 < start < len(text)
            or not (text[start].isalnum() or text[start] == "_")):
        return None
    first = start
    while first > 0 and (text[first - 1].isalnum() or text[first - 1] == "_"):
        first -= 1
    if first == start:
        return None
    end = start
    while end < len(text) and (text[end].isalnum() or text[end] == "_"):
        end += 1
    word, keyword = text[first:end], text[first:start]
    line, column = token.line + offset, token.column - (start - first)
    return diagnostic(codes.SYNTAX, Span(file, line, column, line, column + len(word)),
                      message=f"unexpected word `{word}`", hint=f"did you mean `{keyword}`?", fixes=[keyword])


def _end_of(text: str, offset: int, file: str) -> Span:
    stripped = text.rstrip()
    lines = stripped.split("\n")
    line = len(lines) + offset
    column = max(1, len(lines[-1]))
    return Span(file, line, column, line, column + 1)


def _syntax_diagnostic(error: UnexpectedInput, source: SourceFile, offset: int,
                       text: str) -> tuple[Diagnostic, bool, int | None]:
    """The diagnostic; whether an unclosed string hid the declarations after it; and the
    line of the chunk (from 0) that starts a declaration a block left open swallowed."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken
    file = source.display
    if isinstance(error, UnexpectedCharacters):
        line, column = error.line + offset, error.column
        at = error.pos_in_stream if error.pos_in_stream is not None else len(text)
        char = text[at] if at < len(text) else ""
        if char == '"':
            long = text.startswith('"""', at)
            span = Span(file, line, column, line, column + (3 if long else 1))
            if long:
                following = offset + text.count("\n") + 2
                if following <= len(source.lines):
                    return diagnostic(codes.UNTERMINATED_STRING, span,
                                      message='unterminated string: `"""` opens here and is not closed '
                                              f'before the declaration on line {following}',
                                      hint='close it with `"""` where its text ends'), True, None
                return diagnostic(codes.UNTERMINATED_STRING, span,
                                  message='unterminated string: `"""` opens here and never closes',
                                  hint='close it with `"""`; everything after it was read as text'), True, None
            end = text.find("\n", at)
            rest = text[at + 1:end if end >= 0 else len(text)].rstrip()
            closing = ('close it with `"` on the same line, or use `"""` for text over several lines'
                    if not rest.endswith(("\u201d", "\u201c")) else
                    # Pasted text whose closing quote a word processor curled.
                    f'it ends with a curly `{rest[-1]}`: close it with a straight `"`')
            return diagnostic(codes.UNTERMINATED_STRING, span,
                              message="unterminated string: `\"` opens here and the line ends",
                              hint=closing), False, None
        span = Span(file, line, column, line, column + 1)
        shown = repr(char) if char and not char.isprintable() else f"`{char}`"
        allowed = set(error.allowed or ())
        wanted = _describe_expected(allowed)
        return diagnostic(codes.SYNTAX, span, message=f"unexpected character {shown}; expected {wanted}",
                          hint=_character_hint(text, at, allowed)), False, None
    if isinstance(error, UnexpectedToken) and error.token.type != "$END":
        token = error.token
        opened = _long_string_ending_at(text, token.start_pos)
        if opened is not None and token.line > opened[0]:
            line, column = opened[0] + offset, opened[1]
            return diagnostic(codes.UNTERMINATED_STRING, Span(file, line, column, line, column + 3),
                              message=f'unterminated string: `"""` opens here and runs to the `"""` on line '
                                      f'{token.line + offset}, which opens the next text',
                              hint='close it with `"""` where its text ends'), True, None
        left_open = _block_left_open(text, token, source, offset)
        if left_open is not None:
            row = token.line - 1
            # The declaration the open block swallowed is parsed on its own.
            starts = token.column == 1 and _HEADER.match(text.split("\n")[row]) is not None
            return left_open, False, row if starts else None
        glued = _glued_word(text, token, file, offset)
        if glued is not None:
            return glued, False, None
        misspelt = _misspelt_statement(text, token.start_pos, offset, file)
        if misspelt is not None:
            return misspelt, False, None
        span = Span(file, token.line + offset, token.column,
                    token.end_line + offset, token.end_column)
        if token.type == "_NL":
            span = _after_the_code(text, token.start_pos, span)
        expected = set(error.expected)
        wanted = _describe_expected(expected)
        hint = _misplaced_hint(text, token, expected) or _line_hint(text, token, expected) \
            or _keyword_hint(token, expected)
        keyword = _nearest_keyword(token, expected) if hint is None else None
        if keyword is not None:
            hint = f"did you mean `{keyword}`?"
        hint = hint or _shape_hint(text, token, expected)
        kind = _card_kind_before(text, token) if "CARD_ID" in expected else None
        if kind is not None:
            wanted = wanted.replace(_SYMBOLS["CARD_ID"], f"a {kind.name} card id such as {kind.example}")
            hint = hint or (f"a {kind.name} card's id is {kind.letter} and digits: "
                            f"`{kind.keyword} {kind.example}`")
        if hint is None and token.type == "_SEMI" and text[:token.start_pos].rstrip().endswith(";"):
            hint = "`;` joins two effects: remove the one too many"
        if hint is None and token.type == "_RBRACE" and "_RBRACE" not in expected:
            hint = "this `}` closes no block: remove it, or the `}` above it that closed the block too early"
        if hint is None and token.type == "ARROW" and "_FATARROW" in expected:
            hint = "effects follow `=>`; `->` is a goto among them: `=> -> log 12`"
        if hint is None and token.type == "_NL" and "_LBRACE" in expected:
            hint = "a block opens on the line of its header: put `{` at the end of this line"
        guess = None if hint is not None else _last_resort_hint(text, token, expected)
        hint = hint or guess
        message = f"unexpected {_describe_token(token)}; expected {wanted}"
        return diagnostic(codes.SYNTAX, span, message=message, hint=hint, guess=guess is not None,
                          fixes=[keyword] if keyword else ()), False, None
    expected = set(getattr(error, "expected", ()) or ())
    span = _end_of(text, offset, file)
    if "_RBRACE" in expected:
        unclosed = _unclosed_brace(text, source, offset)
        if unclosed is not None:
            return unclosed, False, None
    hint = "a `}` is probably missing" if "_RBRACE" in expected else None
    return diagnostic(codes.SYNTAX, span,
                      message=f"the declaration ends too early; expected {_describe_expected(expected)}",
                      hint=hint), False, None


_STRING_OR_COMMENT = re.compile(r'"(?:[^"\\\n]|\\.)*"?|//')


def _after_the_code(text: str, end: int, span: Span) -> Span:
    """Where a line that ends too early ends: right after its last word, not after a
    comment or spaces that follow it, which is where what is missing goes."""
    start = text.rfind("\n", 0, end) + 1
    line = text[start:end]
    cut = next((m.start() for m in _STRING_OR_COMMENT.finditer(line) if m.group() == "//"), len(line))
    column = len(line[:cut].rstrip()) + 1
    return Span(span.file, span.line, column, span.line, column + 1)


_FIRST_WORD = re.compile(r"[ \t]*([a-z_]\w*)")


def _misspelt_statement(text: str, position: int, offset: int, file: str) -> Diagnostic | None:
    """A statement whose first word is a misspelt keyword (`choise "Go in" -> log 3`)
    reads as an effect of an unknown verb until the parser stumbles on what follows
    it: reported at the word, with the keyword nearest to it of those that may start
    a statement there, rather than at the token the parser stumbled on."""
    start = 0
    for match in _STATEMENT_ENDS.finditer(text, 0, position):
        if match.group() in "{};\n":
            start = match.end()
    word = _FIRST_WORD.match(text, start)
    if word is None or word.end() >= position or word.group(1) in VERBS:
        return None
    found = _keyword_at(text, word.start(1), word.group(1))
    if found is None:
        return None
    near, listed = found
    at = word.start(1)
    line = text.count("\n", 0, at) + 1 + offset
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    message, hint = _unknown_statement(word.group(1), near, listed)
    return diagnostic(codes.SYNTAX, Span(file, line, column, line, column + len(word.group(1))),
                      message=message, hint=hint, fixes=[near])


def _keyword_at(text: str, at: int, word: str) -> tuple[str, str] | None:
    """The keyword nearest to `word`, which stands at `at` in a declaration's `text`,
    of those that may start a statement there, and all of them listed; None when
    the word is a keyword (in the wrong place, not misspelt) or near none."""
    parser = _parser()[0]
    if word.upper() in {t.name for t in parser.terminals}:
        return None
    _reader()[0].begin("", (), 0)
    state = parser.parse_interactive(text[:at])
    try:
        state.exhaust_lexer()
    except _syntax_errors():
        return None
    choices = _offered(set(state.choices()))
    keywords = sorted(n.lower() for n in choices if n.isupper() and n not in _SYMBOLS)
    near = difflib.get_close_matches(word, keywords, n=1, cutoff=0.6)
    if not near:
        return None
    listed = [f"`{k}`" for k in keywords] + (["an effect's verb"] if "WORD" in choices else [])
    return near[0], ", ".join(listed[:-1]) + " or " + listed[-1] if len(listed) > 1 else listed[0]


def statement_keyword(source: SourceFile, span: Span, verbs: tuple[str, ...]) -> tuple[str, str, str] | None:
    """For an effect verb no form has (E207) that is nearer to a keyword that may
    start a statement where it stands than to any of `verbs` (`txet "Hello"`): the
    message and hint that name that keyword, and the keyword; None otherwise."""
    word = source.line_text(span.line)[span.column - 1:span.end_column - 1]
    chunks = split_declarations(source.text)
    chunk = next((c for c in reversed(chunks) if c.first_line <= span.line), None)
    if chunk is None or not word:
        return None
    lines = chunk.text.split("\n")
    row = span.line - chunk.first_line
    if row >= len(lines):
        return None
    at = sum(len(line) + 1 for line in lines[:row]) + span.column - 1
    found = _keyword_at(chunk.text, at, word)
    if found is None:
        return None
    near, listed = found
    verb = difflib.get_close_matches(word, verbs, n=1, cutoff=0.0)
    if verb and difflib.SequenceMatcher(None, word, verb[0]).ratio() >= \
            difflib.SequenceMatcher(None, word, near).ratio():
        return None
    return (*_unknown_statement(word, near, listed), near)


def _unknown_statement(word: str, near: str, listed: str) -> tuple[str, str]:
    """The message and hint for a statement word that is a misspelt keyword."""
    return f"unknown statement `{word}`: did you mean `{near}`?", f"a statement here starts with {listed}"


def _open_blocks(text: str, end: int) -> tuple[list[tuple[int, int]], tuple[int, int] | None,
                                                tuple[int, int] | None, int | None]:
    """The blocks of `text[:end]` still open, as (line, column) in the chunk from 0;
    the first `{` of all; and the `{` a `}` closed that was meant for an outer block,
    with the line of that `}`: a `}` at another indentation than the line of the `{`
    it closes, on a line of its own, while an outer block is open."""
    lines = text.split("\n")
    opened: list[tuple[int, int]] = []
    outermost: tuple[int, int] | None = None
    culprit: tuple[int, int] | None = None
    closed_by: int | None = None
    for match in _BRACE_LEXEMES.finditer(text, 0, end):
        lexeme = match.group()
        if lexeme not in "{}":
            continue
        line = text.count("\n", 0, match.start())
        column = match.start() - (text.rfind("\n", 0, match.start()) + 1)
        if lexeme == "{":
            outermost = outermost or (line, column)
            opened.append((line, column))
        elif opened:
            start = opened.pop()
            if (culprit is None and opened and lines[line][:column].strip() == ""
                    and _indent(lines[line]) != _indent(lines[start[0]])):
                culprit, closed_by = start, line
    return opened, outermost, culprit, closed_by


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _unclosed_brace(text: str, source: SourceFile, offset: int) -> Diagnostic | None:
    """A declaration that ends with a block still open, reported at the `{` that is
    not closed, as the writer sees it: a `}` at another indentation than the line of
    the `{` it closes was meant for an outer block, so the `{` it closes is the one
    missing its own; else the innermost `{` still open."""
    opened, outermost, culprit, closed_by = _open_blocks(text, len(text))
    if not opened:
        return None
    return _not_closed(text, source, offset, culprit or opened[-1], outermost, closed_by, None)


def _block_left_open(text: str, token: Token, source: SourceFile, offset: int) -> Diagnostic | None:
    """A syntax error on a line that stands, by its indentation, outside a block still
    open, in a declaration with more `{` than `}`: the block's `}` is missing (the
    parser only stumbles on what follows, often the next block's header, or the next
    declaration's when a card's `}` closed the card's action instead). Reported at the
    `{` not closed; a writer who indents nothing is told of the token instead."""
    if token.line is None or token.start_pos is None or token.column is None:
        return None
    braces = [m.group() for m in _BRACE_LEXEMES.finditer(text) if m.group() in "{}"]
    if braces.count("{") <= braces.count("}"):
        return None
    lines = text.split("\n")
    row = token.line - 1
    start = token.start_pos - (token.column - 1)
    opened, outermost, culprit, closed_by = _open_blocks(text, start)
    if not opened or not lines[row].strip():
        return None
    depth = _indent(lines[row])
    if culprit is None:
        # The outermost block the line stands outside of, among those whose lines the
        # writer indented.
        culprit = next((b for b in opened if _indent(lines[b[0]]) >= depth
                        and any(_indent(lines[r]) > _indent(lines[b[0]]) for r in range(b[0] + 1, row)
                                if lines[r].strip())), None)
        if culprit is None:
            return None
    return _not_closed(text, source, offset, culprit, outermost, closed_by, row)


def _not_closed(text: str, source: SourceFile, offset: int, culprit: tuple[int, int],
                outermost: tuple[int, int] | None, closed_by: int | None, before: int | None) -> Diagnostic:
    """`before`: the chunk line (from 0) the block should have closed before."""
    lines = text.split("\n")
    header = _HEADER.match(text)
    declaration = f"{header.group(1)} {header.group(2)}" if header else "the declaration"
    line, column = culprit[0] + offset + 1, culprit[1] + 1
    span = Span(source.display, line, column, line, column + 1)
    following = offset + (len(lines) if before is None else before) + 1
    if before is not None:
        where = f"before line {following}"
    elif following <= len(source.lines):
        where = f"before the declaration on line {following}"
    else:
        where = "before the end of the file"
    if culprit == outermost:
        message = f"{declaration} is not closed: its `{{` opens here and no `}}` closes it {where}"
        hint = f"add `}}` where {declaration} ends"
    else:
        block = lines[culprit[0]][:culprit[1]].strip()
        block = block if len(block) <= 40 else block[:37] + "…"
        message = f"the block `{block} {{` of {declaration} opens here and is not closed"
        if closed_by is not None:
            hint = (f"the `}}` on line {closed_by + offset + 1} closes it, not {declaration}: add the `}}` "
                    f"this block lacks")
        else:
            hint = "add `}` where this block ends" + (f", {where}" if before is not None else "")
    return diagnostic(codes.SYNTAX, span, message=message, hint=hint)


# The lexer's order: a long string, a one-line string, a comment.
_STRINGS_PATTERN = r'"""[\s\S]*?"""|"(?!"")[^"\\\n]*(?:\\.[^"\\\n]*)*"|//[^\n]*'
_STRINGS = re.compile(_STRINGS_PATTERN)
# What braces are counted among: strings and comments, whose braces are text.
_BRACE_LEXEMES = re.compile(_STRINGS_PATTERN + r"|[{}]")
# What ends a statement, among them.
_STATEMENT_ENDS = re.compile(_STRINGS_PATTERN + r"|[{};\n]")


def _long_string_ending_at(text: str, position: int) -> tuple[int, int] | None:
    """Where (line, column in the chunk, from 1) the `\"\"\"` string that ends just before
    `position` opens, if one does and spans lines: a word right after a closing `\"\"\"`
    means that this `\"\"\"` was meant to open a text, and the one before it never closed."""
    if not text.startswith('"""', position - 3):
        return None
    for match in _STRINGS.finditer(text, 0, position):
        if match.end() == position and match.group().startswith('"""') and "\n" in match.group():
            start = match.start()
            return text.count("\n", 0, start) + 1, start - (text.rfind("\n", 0, start) + 1) + 1
    return None


_DIGITS = len(str(MAX_NUMBER)) + 1
# Words followed by a count of dice a table rolls or of boxes a card prints.
_COUNTS = "danger|cost|boost|slots|standees"
# In a declaration: strings and comments (skipped), numbers of more digits than
# MAX_NUMBER, and counts.
_NUMBER_IN_CODE = re.compile(r'"""[\s\S]*?(?:"""|$)|"(?:[^"\\\n]|\\.)*"?|//[^\n]*'
                             r"|(?<![\w@])([0-9]{" + str(_DIGITS) + r",})(?![A-Za-z_])"
                             r"|\b(" + _COUNTS + r")[ \t]+([0-9]+)(?![A-Za-z_])")
_PACK_DECLARATION = re.compile(r"(?:\s|//[^\n]*)*pack\b")


def _too_large(source: SourceFile, offset: int, text: str) -> Diagnostic | None:
    """The first number past MAX_NUMBER in a declaration's code (not in its strings or
    comments), or count past MAX_COUNT. The pack declaration's are its `numbering`
    range's, which the model tells apart from its seed (a seed is any number)."""
    if _PACK_DECLARATION.match(text):
        return None
    for match in _NUMBER_IN_CODE.finditer(text):
        large, word, count = match.groups()
        number = large or count
        if number is None:
            continue
        at = match.start(1 if large else 3)
        if len(number) >= _DIGITS:
            shown = number if len(number) <= 24 else f"a number of {len(number):,} digits"
            message = f"{shown} is past the largest number the language takes, {MAX_NUMBER:,}"
            hint = ("no printed game numbers an entry in more than six digits: a digit typed twice, or a "
                    "number in the wrong place?")
        elif int(number) > MAX_COUNT:
            message = f"`{word} {number}` is past the most a table counts, {MAX_COUNT}"
            hint = "a table rolls a handful of dice, and a card has room for a few boxes: a digit typed twice?"
        else:
            continue
        line = text.count("\n", 0, at) + 1 + offset
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        return diagnostic(codes.LIMIT, Span(source.display, line, column, line, column + len(number)),
                          message=message, hint=hint)
    return None


_LONG_NUMBER = re.compile("[0-9]{" + str(sys.get_int_max_str_digits() + 1) + ",}")


def _too_many_digits(source: SourceFile, offset: int, text: str) -> Diagnostic | None:
    match = _LONG_NUMBER.search(text)
    if match is None:
        return None
    line = text.count("\n", 0, match.start()) + 1 + offset
    column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
    span = Span(source.display, line, column, line, column + len(match.group()))
    return diagnostic(codes.LIMIT, span, message=f"a number of {len(match.group()):,} digits; the limit is "
                      f"{sys.get_int_max_str_digits():,} digits", hint="no game prints a number this long")
