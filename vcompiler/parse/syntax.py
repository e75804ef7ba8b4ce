"""Syntax errors as E1xx diagnostics: where the writer's mistake is (a block left open,
a string not closed, a misspelt statement word, a word the lexer cut in two) rather
than where the parser stumbled, and a hint from parse/hints.py."""
from __future__ import annotations

import difflib
import re
from dataclasses import replace
from typing import TYPE_CHECKING

from vcompiler import codes
from vcompiler.diagnostics import Applicability, Diagnostic, diagnostic
from vcompiler.parse.headers import HEADER
from vcompiler.parse.hints import (
    GOTO_ANYWHERE,
    LAST_RESORT,
    SYMBOLS,
    CharacterError,
    TokenError,
    card_kind_before,
    character_hint,
    describe_token,
    misspelt_keyword,
    nearest_keyword,
    number_meant,
    offered,
    token_hint,
)
from vcompiler.parse.lexer import TEXT, comment_at, outside_text
from vcompiler.parse.parsers import parser, reader, syntax_errors
from vcompiler.parse.split import split_declarations
from vcompiler.registry.forms import VERBS
from vcompiler.source import SourceFile, Span

if TYPE_CHECKING:
    from lark import Token
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput


def describe_expected(names: set[str]) -> str:
    words = sorted(SYMBOLS.get(n, f"`{n.lower()}`") for n in offered(names) if n != "COMMENT")
    if len(words) > 8:
        return ", ".join(words[:7]) + f" or one of {len(words) - 7} more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


# The wording of a syntax error that names what both games write, as each game says it
# (the parser does not know the pack's game; `for_game` is given it).
_BY_GAME: tuple[tuple[re.Pattern[str], dict[str, str]], ...] = (
    (re.compile(r"expected `location` or `log`$"), {"vanguard": "expected `log`", "vantage": "expected `location`"}),
    (re.compile(r"^say what it leads to: `-> log (\S+)` or `-> location \S+`$"),
     {"vanguard": r"say what it leads to: `-> log \1`", "vantage": r"say what it leads to: `-> location \1`"}),
    (re.compile(r"^say where it leads: `-> log N` \(`-> location N` in a vantage pack\)$"),
     {"vanguard": "say where it leads: `-> log N`", "vantage": "say where it leads: `-> location N`"}),
    (re.compile("^" + re.escape(GOTO_ANYWHERE) + "$"),
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


# What syntax_diagnostic returns: the diagnostic; whether an unclosed string hid the
# declarations after it; and the line of the chunk (from 0) that starts a declaration a
# block left open swallowed.
Found = tuple[Diagnostic, bool, int | None]


def syntax_diagnostic(error: UnexpectedInput, source: SourceFile, offset: int, text: str) -> Found:
    """What the writer is told of Lark's `error` in the declaration `text`, which starts
    on the file's line `offset` + 1."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken
    if isinstance(error, UnexpectedCharacters):
        return _unexpected_character(error, source, offset, text)
    if isinstance(error, UnexpectedToken) and error.token.type != "$END":
        return _unexpected_token(error.token, set(error.expected), source, offset, text)
    return _ends_too_early(set(getattr(error, "expected", ()) or ()), source, offset, text)


def _ends_too_early(expected: set[str], source: SourceFile, offset: int, text: str) -> Found:
    span = _end_of(text, offset, source.display)
    if "_RBRACE" in expected:
        unclosed = _unclosed_brace(text, source, offset)
        if unclosed is not None:
            return unclosed, False, None
    if "_RBRACE" in expected:
        hint = "a `}` is probably missing"
    else:
        # The text stops partway through a line (a file cut off, a save interrupted).
        header = HEADER.match(text)
        named = f"{header.group(1)} {header.group(2)}" if header else "the declaration"
        hint = f"finish this line, and close {named} with `}}` where it ends"
    return diagnostic(codes.SYNTAX, span,
                      message=f"the declaration ends too early; expected {describe_expected(expected)}",
                      hint=hint), False, None


def _unexpected_character(error: UnexpectedCharacters, source: SourceFile, offset: int, text: str) -> Found:
    file = source.display
    line, column = error.line + offset, error.column
    at = error.pos_in_stream if error.pos_in_stream is not None else len(text)
    char = text[at] if at < len(text) else ""
    if char == '"':
        return _unterminated_string(source, offset, text, at, Span(file, line, column, line, column + 1))
    span = Span(file, line, column, line, column + 1)
    shown = repr(char) if char and not char.isprintable() else f"`{char}`"
    message = f"unexpected character {shown}"
    number = number_meant(text, at)
    if number is not None:
        # The mistake is the word (`2O`), not the digit the lexer stopped at.
        start, written, _ = number
        span = Span(file, line, column - (at - start), line, column - (at - start) + len(written))
        message = f"`{written}` is not a number"
    allowed = set(error.allowed or ())
    wanted = describe_expected(allowed)
    return diagnostic(codes.SYNTAX, span, message=f"{message}; expected {wanted}",
                      hint=character_hint(CharacterError(text, at, frozenset(allowed)))), False, None


def _unterminated_string(source: SourceFile, offset: int, text: str, at: int, span: Span) -> Found:
    """A `"` the lexer could not read a string from: `span` is where it stands."""
    if text.startswith('"""', at):
        span = Span(span.file, span.line, span.column, span.line, span.column + 3)
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


def _unexpected_token(token: Token, expected: set[str], source: SourceFile, offset: int, text: str) -> Found:
    file = source.display
    start, line, column = token.start_pos, token.line, token.column
    end_line, end_column = token.end_line, token.end_column
    if start is None or line is None or column is None or end_line is None or end_column is None:
        # Only the end of the input comes without a place.
        return _ends_too_early(expected, source, offset, text)
    opened = _long_string_ending_at(text, start)
    if opened is not None and line > opened[0]:
        at_line, at_column = opened[0] + offset, opened[1]
        return diagnostic(codes.UNTERMINATED_STRING, Span(file, at_line, at_column, at_line, at_column + 3),
                          message=f'unterminated string: `"""` opens here and runs to the `"""` on line '
                                  f'{line + offset}, which opens the next text',
                          hint='close it with `"""` where its text ends'), True, None
    left_open = _block_left_open(text, token, source, offset)
    if left_open is not None:
        row = line - 1
        # The declaration the open block swallowed is parsed on its own.
        starts = column == 1 and HEADER.match(text.split("\n")[row]) is not None
        return left_open, False, row if starts else None
    found = _glued_word(text, token, file, offset) or _misspelt_statement(text, start, offset, file)
    if found is not None:
        return found, False, None
    span = Span(file, line + offset, column, end_line + offset, end_column)
    if token.type == "_NL":
        span = _after_the_code(text, start, span)
    error = TokenError.at(text, token, expected)
    wanted = describe_expected(expected)
    kind = card_kind_before(error)
    if kind is not None:
        wanted = wanted.replace(SYMBOLS["CARD_ID"], f"a {kind.name} card id such as {kind.example}")
    message = f"unexpected {describe_token(token)}; expected {wanted}"
    hint, by = token_hint(error)
    keyword = nearest_keyword(error) if by is misspelt_keyword else None
    return diagnostic(codes.SYNTAX, span, message=message, hint=hint, guess=by in LAST_RESORT,
                      fixes=[keyword] if keyword else ()), False, None


def _after_the_code(text: str, end: int, span: Span) -> Span:
    """Where a line that ends too early ends: right after its last word, not after a
    comment or spaces that follow it, which is where what is missing goes."""
    start = text.rfind("\n", 0, end) + 1
    line = text[start:end]
    column = len(line[:comment_at(line)].rstrip()) + 1
    return Span(span.file, span.line, column, span.line, column + 1)


_FIRST_WORD = re.compile(r"[ \t]*([A-Za-z_]\w*)")


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
    end = text.find("\n", at)
    message, hint = _unknown_statement(word.group(1), near, listed, text[word.end(1):end if end >= 0 else len(text)])
    return diagnostic(codes.SYNTAX, Span(file, line, column, line, column + len(word.group(1))),
                      message=message, hint=hint, fixes=[near])


def _keyword_at(text: str, at: int, word: str) -> tuple[str, str] | None:
    """The keyword nearest to `word`, which stands at `at` in a declaration's `text`,
    of those that may start a statement there, and all of them listed; None when
    the word is a keyword (in the wrong place, not misspelt) or near none."""
    lark = parser()[0]
    if word.islower() and word.upper() in {t.name for t in lark.terminals}:
        return None
    reader()[0].begin("", (), 0)
    state = lark.parse_interactive(text[:at])
    try:
        state.exhaust_lexer()
    except syntax_errors():
        return None
    choices = offered(set(state.choices()))
    keywords = sorted(n.lower() for n in choices if n.isupper() and n not in SYMBOLS)
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
    return (*_unknown_statement(word, near, listed, source.line_text(span.line)[span.end_column - 1:]), near)


def _unknown_statement(word: str, near: str, listed: str, rest: str) -> tuple[str, str]:
    """The message and hint for a statement word that is a misspelt keyword; `rest`:
    its line after it."""
    if near == word.lower():
        return (f"unknown statement `{word}`: did you mean `{near}`?",
                f"keywords are written in lower case: `{near}{rest[:comment_at(rest)].rstrip()}`")
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
    header = HEADER.match(text)
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


_STRINGS = re.compile(TEXT)
# What braces are counted among: strings and comments, whose braces are text.
_BRACE_LEXEMES = outside_text(r"[{}]", closed=True)
# What ends a statement, among them.
_STATEMENT_ENDS = outside_text(r"[{};\n]", closed=True)


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


