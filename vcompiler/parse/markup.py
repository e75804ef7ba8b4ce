"""Strings as prose: multi-line layout and text markup, with every position mapped
back to its real line and column in the file."""
from __future__ import annotations

import bisect
import difflib
import re

from vcompiler import ast, codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.source import Span, new_span
from vcompiler.vocabulary import ICONS

REF_KINDS = ("log", "card", "location", "icon")
# Far beyond what prose needs (emphasis inside strong inside emphasis is rare), far
# below what the model, the cache and the book renderer can walk recursively.
MAX_EMPHASIS_DEPTH = 16
MARKUP_FORMS = "{log N}, {log @label}, {card ID}, {location N}, {icon NAME}, *emphasis*, **strong**"

class Positions:
    """Where each character of a paragraph stands in the file, kept as segments (the
    offset where a run of consecutive columns starts, its line and column) rather than
    one entry per character: only the characters of markup are ever looked up."""

    __slots__ = ("offsets", "places")

    def __init__(self) -> None:
        self.offsets: list[int] = []
        self.places: list[tuple[int, int]] = []

    def add(self, offset: int, line: int, column: int) -> None:
        self.offsets.append(offset)
        self.places.append((line, column))

    def at(self, offset: int) -> tuple[int, int]:
        k = bisect.bisect_right(self.offsets, offset) - 1
        line, column = self.places[max(k, 0)]
        return line, column + offset - self.offsets[max(k, 0)]


# What a backslash escapes in text: itself and the characters that open markup (and
# `}`, for symmetry with `{`). A backslash before anything else is printed as it stands.
TEXT_ESCAPES = "\\*{}"
ESCAPED_STAR = "\\*"


def string_value(raw: str, line: int, column: int, prose: bool = False) -> tuple[str, Positions]:
    """The characters of a one-line string token (quotes included in `raw`), escapes
    resolved, and where they stand. `prose`: only `\\"` is resolved here; the markup
    reader resolves the others, which must not open markup."""
    where = Positions()
    body = raw[1:-1]
    if "\\" not in body:
        where.add(0, line, column + 1)
        return body, where
    chars: list[str] = []
    i, end = 1, len(raw) - 1
    where.add(0, line, column + 1)
    while i < end:
        c = raw[i]
        if c == "\\" and i + 1 < end and raw[i + 1] in '"' + TEXT_ESCAPES:
            if prose and raw[i + 1] != '"':
                chars += raw[i:i + 2]
            else:
                chars.append(raw[i + 1])
            i += 2
            # The character after an escape is one column further than its offset says.
            where.add(len(chars), line, column + i)
            continue
        chars.append(c)
        i += 1
    return "".join(chars), where


def long_string_lines(raw: str, line: int, column: int) -> list[tuple[str, int, int]]:
    """The lines of a `\"\"\"` string after layout: leading and trailing blank lines
    dropped, common indentation removed. Each is (text, file line, file column)."""
    body = raw[3:-3]
    pieces = body.split("\n")
    lines = []
    for n, piece in enumerate(pieces):
        start_col = column + 3 if n == 0 else 1
        lines.append((piece.rstrip("\r"), line + n, start_col))
    while lines and not lines[0][0].strip():
        lines.pop(0)
    while lines and not lines[-1][0].strip():
        lines.pop()
    first_line = line
    # A line that shares its line with the opening quotes has no indentation of the
    # block's: leave it out of the common indentation when other lines exist.
    indents = [len(t) - len(t.lstrip(" \t")) for t, ln, _ in lines
               if t.strip() and (ln != first_line or len(lines) == 1)]
    cut = min(indents) if indents else 0
    result = []
    for text, ln, col in lines:
        strip = min(cut, len(text) - len(text.lstrip(" \t")))
        result.append((text[strip:].rstrip(), ln, col + strip))
    return result


def _lone_line(raw: str, line: int) -> list[tuple[str, Positions]] | None:
    """What the layout of paragraphs_of makes of the commonest long string, one line of
    prose between the lines of its quotes: that line without its indentation. None for
    any other long string."""
    if raw.count("\n") != 2:
        return None
    first, text, last = raw[3:-3].split("\n")
    if first.strip() or last.strip():
        return None
    text = text.rstrip("\r")
    if not text.strip():
        return []
    indent = len(text) - len(text.lstrip(" \t"))
    where = Positions()
    where.add(0, line + 1, 1 + indent)
    return [(text[indent:].rstrip(), where)]


def paragraphs_of(raw: str, line: int, column: int) -> list[tuple[str, Positions]]:
    if raw.startswith('"""'):
        lone = _lone_line(raw, line)
        if lone is not None:
            return lone
        paragraphs: list[tuple[str, Positions]] = []
        pieces: list[str] = []
        where = Positions()
        length = 0
        for text, ln, col in long_string_lines(raw, line, column) + [("", 0, 0)]:
            if not text.strip():
                if pieces:
                    paragraphs.append(("".join(pieces), where))
                pieces, where, length = [], Positions(), 0
                continue
            # A paragraph is reflowed: the indentation left on its first line (lines
            # indented with tabs and spaces mixed share less than they look to) would
            # print as spaces before it, and a line break inside it reads as one space,
            # whatever the indentation of the next line.
            indent = len(text) - len(text.lstrip(" \t"))
            text, col = text[indent:], col + indent
            if pieces:
                pieces.append(" ")
                length += 1
            where.add(length, ln, col)
            pieces.append(text)
            length += len(text)
        return paragraphs
    value, where = string_value(raw, line, column, prose=True)
    return [(value, where)] if value else []


def _arithmetic(before: str, after: str) -> bool:
    """A star between a digit and a digit or letter (`5*3`, `2*x`) is a times sign: it
    does not open emphasis, which would print "53" with the 3 in italics."""
    return before.isalnum() and after.isalnum() and (before.isdigit() or after.isdigit())


_SPECIAL = re.compile(r"\\[" + re.escape(TEXT_ESCAPES) + r"]|\{|\*\*?")


# Scans of a string for one character each run far faster than a pattern for any of
# several, which is tried at every character.
def _is_plain(raw: str) -> bool:
    """No markup and no escape: the string is its words."""
    return "{" not in raw and "*" not in raw and "\\" not in raw


def _only_braces(text: str) -> bool:
    """No emphasis and no escape: only `{` can open markup."""
    return "*" not in text and "\\" not in text


# A reference by number (or a log's by ASCII label), written as the examples write it:
# what _MarkupReader.reference makes of it without a word to check.
_SIMPLE_REFERENCE = re.compile(r"\{(?:(log|card|location) ([0-9]+)|log @([A-Za-z0-9_]+))\}")


def _words_and_references(text: str, where: Positions, file: str) -> ast.Paragraph | None:
    """A paragraph of words and simple references (no emphasis, no escape), as
    _MarkupReader reads it; None for one with any other markup."""
    inlines: list[ast.Inline] = []
    start = 0
    at = text.find("{")
    match = _SIMPLE_REFERENCE.match
    while at >= 0:
        found = match(text, at)
        if found is None:
            return None
        if at > start:
            inlines.append(ast.Run(text[start:at]))
        start = found.end()
        if len(where.offsets) == 1:         # a paragraph of one line, with no escape before
            line, column = where.places[0]
            column -= where.offsets[0]
            span = new_span((file, line, column + at, line, column + start))
        else:
            line, column = where.at(at)
            end_line, end_column = where.at(start - 1)
            span = new_span((file, line, column, end_line, end_column + 1))
        kind, number, label = found.groups()
        if label is None:
            inlines.append(ast.Ref(kind, ast.Value("number", int(number), span), span))
        else:
            inlines.append(ast.Ref("log", ast.Value("label", label, span), span))
        at = text.find("{", start)
    if start < len(text):
        inlines.append(ast.Run(text[start:]))
    return tuple(inlines)


class _MarkupReader:
    def __init__(self, text: str, where: Positions, file: str):
        self.text = text
        self.where = where
        self.file = file
        self.diagnostics: list[Diagnostic] = []

    def span(self, start: int, stop: int) -> Span:
        line, col = self.where.at(start)
        end_line, end_col = self.where.at(max(start, stop - 1))
        return new_span((self.file, line, col, end_line, end_col + 1))

    def read(self) -> ast.Paragraph:
        # A stack of open emphasis markers: (marker, offset in text, children so far).
        stack: list[tuple[str, int, list[ast.Inline]]] = [("", 0, [])]
        text = self.text
        run_start = 0
        # The current run's text before its last escape, escapes resolved: an escaped
        # character joins the words around it in one run.
        pending: list[str] = []

        def flush(upto: int) -> None:
            words = "".join(pending) + text[run_start:upto]
            pending.clear()
            if words:
                stack[-1][2].append(ast.Run(words))

        search = _SPECIAL.search
        # Most prose marks up references only: str.find finds the next brace.
        braces_only = _only_braces(text)
        i = 0
        while True:
            if braces_only:
                at = text.find("{", i)
                if at < 0:
                    break
                marker = "{"
            else:
                match = search(text, i)
                if match is None:
                    break
                at = match.start()
                marker = match.group()
            if text[at] == "\\":
                pending.append(text[run_start:at] + text[at + 1])
                i = run_start = at + 2
                continue
            if text[at] == "{":
                close = text.find("}", at + 1)
                if close < 0:
                    self.diagnostics.append(diagnostic(
                        codes.MARKUP, self.span(at, at + 1), message="unclosed `{` in text",
                        hint=f"close it with `}}`, or write `\\{{` for a brace; markup is {MARKUP_FORMS}"))
                    i = at + 1
                    continue
                node = self.reference(at, close)
                flush(at)
                if node is not None:
                    stack[-1][2].append(node)
                i = run_start = close + 1
                continue
            after = text[at + len(marker)] if at + len(marker) < len(text) else " "
            before = text[at - 1] if at > 0 else " "
            if stack[-1][0] == marker and not before.isspace():
                flush(at)
                _, _, children = stack.pop()
                stack[-1][2].append(ast.Emphasis(tuple(children), marker == "**"))
                i = run_start = at + len(marker)
            elif not after.isspace() and after != "*" and not _arithmetic(before, after):
                flush(at)
                if len(stack) > MAX_EMPHASIS_DEPTH:
                    self.diagnostics.append(diagnostic(
                        codes.LIMIT, self.span(at, at + len(marker)),
                        message=f"emphasis nested {len(stack)} deep; the limit is {MAX_EMPHASIS_DEPTH}",
                        hint="close some `*` or `**` before opening more"))
                    # The rest of the paragraph as it stands: every later stage walks
                    # emphasis recursively, so nothing deeper may reach them.
                    run_start = at
                    break
                stack.append((marker, at, []))
                i = run_start = at + len(marker)
            else:
                i = at + len(marker)
        flush(len(text))
        too_deep = len(stack) > MAX_EMPHASIS_DEPTH
        while len(stack) > 1:
            marker, at, children = stack.pop()
            if not too_deep:
                self.diagnostics.append(diagnostic(
                    codes.MARKUP, self.span(at, at + len(marker)),
                    message=f"`{marker}` opens {'strong' if marker == '**' else 'emphasis'} that is never closed",
                    hint=f"close it with `{marker}` before the end of the paragraph, "
                         f"or write `{ESCAPED_STAR * len(marker)}` for {'stars' if marker == '**' else 'a star'}"))
            stack[-1][2].append(ast.Run(marker))
            stack[-1][2].extend(children)
        return tuple(stack[0][2])

    def reference(self, start: int, close: int) -> ast.Inline | None:
        body = self.text[start + 1:close]
        words = body.split()
        span = self.span(start, close + 1)
        if len(words) == 2 and words[0] in REF_KINDS:
            kind, word = words
            value = self.value(kind, word, span)
            if value is not None:
                if kind == "icon":
                    return ast.Icon(word, span)
                return ast.Ref(kind, value, span)
            return None
        if words and words[0] in REF_KINDS:
            # The kind is right; what it names is missing or more than one word.
            kind = words[0]
            self.diagnostics.append(diagnostic(
                codes.MARKUP, span, message=f"{{{body}}} needs {_NEEDS[kind]}", hint=_WRITE_AS[kind]))
            return None
        hint = f"markup is {MARKUP_FORMS}"
        fixes: list[str] = []
        if words:
            near = difflib.get_close_matches(words[0], REF_KINDS, n=1, cutoff=0.5)
            if near:
                fixes = ["{" + " ".join([near[0], *words[1:]]) + "}"]
                hint = f"did you mean {fixes[0]}?"
        self.diagnostics.append(diagnostic(
            codes.MARKUP, span, message=f"unknown markup {{{body}}}", hint=hint, fixes=fixes))
        return None

    def value(self, kind: str, word: str, span: Span) -> ast.Value | None:
        if kind == "icon":
            if word in ICONS:
                return ast.Value("word", word, span)
            near = difflib.get_close_matches(word, ICONS, n=1)
            hint = f"did you mean {{icon {near[0]}}}?" if near else f"icons are: {', '.join(ICONS)}"
            self.diagnostics.append(diagnostic(
                codes.MARKUP, span, message=f"unknown icon {word!r}", hint=hint,
                fixes=[f"{{icon {near[0]}}}"] if near else ()))
            return None
        # ASCII digits only: isdigit() is true of "²" (which int() refuses) and of
        # "١٢" (which int() reads as 12).
        if word.isascii() and word.isdigit():
            return ast.Value("number", int(word), span)
        if kind == "log" and word.startswith("@") and word[1:].replace("_", "a").isalnum():
            return ast.Value("label", word[1:], span)
        if kind == "card" and word.isascii() and word[:1].isupper() and word[1:].isdigit():
            return ast.Value("card", word, span)
        self.diagnostics.append(diagnostic(
            codes.MARKUP, span, message=f"{{{kind} {word}}} needs {_NEEDS[kind]}",
            hint=f"write it as {{{kind} N}}" if kind != "card" else "write it as {card P101} or {card 1201}"))
        return None


# What a reference of each kind names, and how it is written.
_NEEDS = {"log": "a number or an @label", "card": "a card id such as P101 or a number", "location": "a number",
          "icon": "an icon's name"}
_WRITE_AS = {"log": "write it as {log N} or {log @label}, with the log it names",
             "card": "write it as {card P101} or {card 1201}, with the card it names",
             "location": "write it as {location N}, with the location it names",
             "icon": f"write it as {{icon NAME}}; icons are: {', '.join(ICONS)}"}


def parse_text(raw: str, file: str, line: int, column: int, end: tuple[int, int]
               ) -> tuple[ast.Text, list[Diagnostic]]:
    """`raw` is a string token as written, quotes included; `line`/`column` where it
    starts and `end` (line, column) just past it."""
    found: list[Diagnostic] = []
    span = new_span((file, line, column, *end))
    if _is_plain(raw):
        # Most strings are plain text: no positions to map, nothing to read.
        if not raw.startswith('"""'):
            return ast.Text(((ast.Run(raw[1:-1]),),) if len(raw) > 2 else (), span), found
        return ast.Text(tuple((ast.Run(chars),) for chars, _ in paragraphs_of(raw, line, column)), span), found
    paragraphs = []
    for chars, where in paragraphs_of(raw, line, column):
        if _only_braces(chars):
            simple = _words_and_references(chars, where, file)
            if simple is not None:
                paragraphs.append(simple)
                continue
        reader = _MarkupReader(chars, where, file)
        paragraphs.append(reader.read())
        found.extend(reader.diagnostics)
    return ast.Text(tuple(paragraphs), span), found


def plain_string(raw: str) -> str:
    """A string used as a name (`gain injury "Just a Scratch"`), not as prose."""
    if raw.startswith('"""'):
        return " ".join(t.lstrip(" \t") for t, _, _ in long_string_lines(raw, 1, 1))
    return string_value(raw, 1, 1)[0]
