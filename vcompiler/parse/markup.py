"""Strings as prose: multi-line layout and text markup, with every position mapped
back to its real line and column in the file."""
from __future__ import annotations

import difflib

from vcompiler import ast, codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.source import Span
from vcompiler.vocabulary import ICONS

REF_KINDS = ("log", "card", "location", "icon")
MARKUP_FORMS = "{log N}, {log @label}, {card ID}, {location N}, {icon NAME}, *emphasis*, **strong**"

# A paragraph is its characters and, for each, its (line, column) in the file.
Positioned = tuple[str, list[tuple[int, int]]]


def string_value(raw: str, line: int, column: int) -> tuple[str, list[tuple[int, int]]]:
    """The characters of a one-line string token (quotes included in `raw`), escapes
    resolved, with the file position of each."""
    chars: list[str] = []
    where: list[tuple[int, int]] = []
    i, end = 1, len(raw) - 1
    while i < end:
        c = raw[i]
        if c == "\\" and i + 1 < end and raw[i + 1] in '"\\':
            chars.append(raw[i + 1])
            where.append((line, column + i))
            i += 2
            continue
        chars.append(c)
        where.append((line, column + i))
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


def paragraphs_of(raw: str, line: int, column: int) -> list[Positioned]:
    if raw.startswith('"""'):
        paragraphs: list[Positioned] = []
        chars: list[str] = []
        where: list[tuple[int, int]] = []
        for text, ln, col in long_string_lines(raw, line, column) + [("", 0, 0)]:
            if not text.strip():
                if chars:
                    paragraphs.append(("".join(chars), where))
                chars, where = [], []
                continue
            if chars:
                # The line break inside a paragraph reads as one space, whatever the
                # indentation of the next line.
                chars.append(" ")
                where.append((where[-1][0], where[-1][1] + 1))
                indent = len(text) - len(text.lstrip(" \t"))
                text, col = text[indent:], col + indent
            chars.extend(text)
            where.extend((ln, col + k) for k in range(len(text)))
        return paragraphs
    value, where = string_value(raw, line, column)
    return [(value, where)] if value else []


class _MarkupReader:
    def __init__(self, text: str, where: list[tuple[int, int]], file: str,
                 end: tuple[int, int]):
        self.text = text
        self.where = where
        self.file = file
        self.end = end
        self.diagnostics: list[Diagnostic] = []

    def span(self, start: int, stop: int) -> Span:
        line, col = self.where[start] if start < len(self.where) else self.end
        if stop - 1 < len(self.where) and stop > start:
            end_line, end_col = self.where[stop - 1]
            end_col += 1
        else:
            end_line, end_col = line, col + 1
        return Span(self.file, line, col, end_line, end_col)

    def read(self) -> ast.Paragraph:
        # A stack of open emphasis markers: (marker, index in text, children so far).
        stack: list[tuple[str, int, list[ast.Inline]]] = [("", 0, [])]
        run: list[str] = []
        text = self.text
        i, n = 0, len(text)

        def flush() -> None:
            if run:
                stack[-1][2].append(ast.Run("".join(run)))
                run.clear()

        while i < n:
            c = text[i]
            if c == "{":
                close = text.find("}", i + 1)
                if close < 0:
                    self.diagnostics.append(diagnostic(
                        codes.MARKUP, self.span(i, i + 1), message="unclosed `{` in text",
                        hint=f"close it with `}}`; markup is {MARKUP_FORMS}"))
                    run.append(c)
                    i += 1
                    continue
                node = self.reference(i, close)
                if node is not None:
                    flush()
                    stack[-1][2].append(node)
                i = close + 1
                continue
            if c == "*":
                marker = "**" if text.startswith("**", i) else "*"
                after = text[i + len(marker)] if i + len(marker) < n else " "
                before = text[i - 1] if i > 0 else " "
                if stack[-1][0] == marker and not before.isspace():
                    flush()
                    _, _, children = stack.pop()
                    stack[-1][2].append(ast.Emphasis(tuple(children), marker == "**"))
                    i += len(marker)
                    continue
                if not after.isspace() and after != "*":
                    flush()
                    stack.append((marker, i, []))
                    i += len(marker)
                    continue
            run.append(c)
            i += 1
        flush()
        while len(stack) > 1:
            marker, at, children = stack.pop()
            self.diagnostics.append(diagnostic(
                codes.MARKUP, self.span(at, at + len(marker)),
                message=f"`{marker}` opens {'strong' if marker == '**' else 'emphasis'} that is never closed",
                hint=f"close it with `{marker}` before the end of the paragraph"))
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
        hint = f"markup is {MARKUP_FORMS}"
        if words:
            near = difflib.get_close_matches(words[0], REF_KINDS, n=1, cutoff=0.5)
            if near:
                hint = f"did you mean {{{' '.join([near[0], *words[1:]])}}}?"
        self.diagnostics.append(diagnostic(
            codes.MARKUP, span, message=f"unknown markup {{{body}}}", hint=hint))
        return None

    def value(self, kind: str, word: str, span: Span) -> ast.Value | None:
        if kind == "icon":
            if word in ICONS:
                return ast.Value("word", word, span)
            near = difflib.get_close_matches(word, ICONS, n=1)
            hint = f"did you mean {{icon {near[0]}}}?" if near else f"icons are: {', '.join(ICONS)}"
            self.diagnostics.append(diagnostic(
                codes.MARKUP, span, message=f"unknown icon {word!r}", hint=hint))
            return None
        if word.isdigit():
            return ast.Value("number", int(word), span)
        if kind == "log" and word.startswith("@") and word[1:].replace("_", "a").isalnum():
            return ast.Value("label", word[1:], span)
        if kind == "card" and word[:1].isupper() and word[1:].isdigit():
            return ast.Value("card", word, span)
        expected = {"log": "a number or an @label", "card": "a card id such as P101 or a number",
                    "location": "a number"}[kind]
        self.diagnostics.append(diagnostic(
            codes.MARKUP, span, message=f"{{{kind} {word}}} needs {expected}",
            hint=f"write it as {{{kind} N}}" if kind != "card" else "write it as {card P101} or {card 1201}"))
        return None


def parse_text(raw: str, file: str, line: int, column: int, end: tuple[int, int]
               ) -> tuple[ast.Text, list[Diagnostic]]:
    """`raw` is a string token as written, quotes included; `line`/`column` where it
    starts and `end` (line, column) just past it."""
    found: list[Diagnostic] = []
    paragraphs = []
    for chars, where in paragraphs_of(raw, line, column):
        reader = _MarkupReader(chars, where, file, end)
        paragraphs.append(reader.read())
        found.extend(reader.diagnostics)
    span = Span(file, line, column, end[0], end[1])
    return ast.Text(tuple(paragraphs), span), found


def plain_string(raw: str) -> str:
    """A string used as a name (`gain injury "Just a Scratch"`), not as prose."""
    if raw.startswith('"""'):
        return " ".join(t for t, _, _ in long_string_lines(raw, 1, 1))
    return string_value(raw, 1, 1)[0]
