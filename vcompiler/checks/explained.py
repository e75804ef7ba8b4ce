"""What an error could explain. A graph warning (W400 unreachable, W402 unused card,
W404 endless loop) may be only the echo of an error: a `-> log 21` that should say 12
makes log 12 look unreachable. Such warnings stand down for the entries an error could
have meant, and only for those, so that the rest of the pack is still checked:

- a dangling reference may have meant the entries its hint suggests (the numbers
  around it, the ids spelt like it): they count as led to from where it stands;
- a declaration that did not parse, or a line with an error, may have led to whatever
  it mentions (`log 12`, `P101`, `-> 12`, `north 12`, ...): those count as led to from
  the start;
- a log with a dangling reference may have had its way out there; a log holding an
  error may have had its way out in what did not resolve (`retrun`);
- a line with an error may hold the test of a log's check mark (`if checked log 5`);
- a way out whose target was lost to a syntax error (`choice "Go on"` with no `->`,
  `-> poi P202`) may have led anywhere: nothing counts as unreachable while the declaration that held
  it may itself be read.
Only when a whole file could not be read is nothing known: the warnings stand down,
and so do the references to what it may define (E200-E203)."""
from __future__ import annotations

import bisect
import difflib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from vcompiler import codes
from vcompiler.diagnostics import Diagnostic
from vcompiler.parse.lexer import COMMENT, ONE_LINE_STRING, OPEN_ONE_LINE_STRING, read_number
from vcompiler.parse.markup import plain_string
from vcompiler.registry import CARD_KINDS, STARTING_LOG
from vcompiler.source import SourceFile
from vcompiler.util.frozen import frozen

# A file that could not be read at all: anything may have been in it.
UNREAD = frozenset({codes.UNREADABLE.id, codes.OUTSIDE_PACK.id, codes.UNLISTABLE.id, codes.BAD_FILE_NAME.id,
                    codes.NOT_A_VCL_NAME.id})
# Dangling references: their own rule suggests what they meant (see references.py).
_DANGLING = frozenset({codes.UNDEFINED_LOG.id, codes.UNDEFINED_CARD.id, codes.UNDEFINED_LOCATION.id,
                       codes.UNDEFINED_SECTOR.id})
# Errors about lines read in full, whose meaning is known: a `start` beside a Starting
# Log is dropped, as its hint says, so what it names is not led to by it.
_UNDERSTOOD = frozenset({codes.TWO_STARTS.id})
# A card id, or a word spelt like one (`P1O1` on a line that E208 reports).
# A goto that does not say what it leads to (`-> 12`) may mean the log or the location;
# a compass exit (`north 12 walk`) names a location, a character a vantage card; cards
# known by their name (`gain injury "Frostbite"`).
_NUMBERED = {"log": "log", "location": "location", "north": "location", "east": "location",
             "south": "location", "west": "location", "card": "vcard", "character": "vcard",
             "unique": "unique"}
_MENTION = re.compile(r"\b(" + "|".join(_NUMBERED) + r")\s+(@\w+|\d\w*)|\b([A-Za-z][A-Za-z0-9]*\d[A-Za-z0-9]*)\b"
                      r"|->\s*(\d\w*)|\b(injury|rank_up)\s+(" + ONE_LINE_STRING + ")"
                      r"|\b[a-z_]\w*\s+(\d\w*)\s+(?:walk|swim)\b")      # an exit, its compass point misspelt
_WORD = re.compile(r"\w+")


# A test of a log's check mark, its condition word right or not (`if chekced log 5`).
_TEST = re.compile(r"\bif\s+(?:not\s+)?[a-z_]+\s+log\s+(@\w+|\d\w*)")
_DIGITS = re.compile("[0-9]+")


def _number(word: str) -> int | None:
    """The number a word of a line that did not parse means: its digits, some perhaps
    typed as the letters they look like (`2O` is 20), else the digits it starts with."""
    meant = read_number(word)
    if meant is None:
        digits = _DIGITS.match(word)
        meant = digits.group() if digits else None
    return int(meant) if meant is not None and len(meant) < 10 else None


# A way out that lost its target: a choice with no `->`, or a `->` with nothing after it.
_LOST_WAY = re.compile(rf"\bchoice\s+(?:{OPEN_ONE_LINE_STRING})\s*(?:{COMMENT})?$"
                       rf"|->\s*(?:log|location)?\s*(?:{COMMENT})?$")
# What stands before a syntax error in a goto's target (`-> poi P202`, `-> log P201`).
_GOTO_BEFORE = re.compile(r"->\s*(?:log|location)?\s*$")
# The entry a declaration's first line declares: `log 12`, `log @name`, `log start`, `location 000`.
_DECLARED = re.compile(r"\s*(log|location)\s+(\d{1,9}|@\w+|start)\b")


def _declared(header: str) -> tuple[str, object] | None:
    match = _DECLARED.match(header)
    if match is None:
        return None
    kind, key = match.groups()
    if key == "start":
        return ("log", STARTING_LOG) if kind == "log" else None
    return ("label", key[1:]) if key.startswith("@") else (kind, int(key))


def _tests(text: str) -> Iterable[tuple[str, object]]:
    for match in _TEST.finditer(text):
        key = match.group(1)
        if key.startswith("@"):
            yield ("label", key[1:])
        elif (number := _number(key)) is not None:
            yield ("log", number)


def _mentions(text: str) -> Iterable[tuple[str, object]]:
    for match in _MENTION.finditer(text):
        kind, key, card_id, either, named, name, exit = match.groups()
        if card_id is not None:
            # `poi p101`: an id written in lower case is what it would have placed.
            yield ("card-id", card_id.upper())
        elif exit is not None:
            if (number := _number(exit)) is not None:
                yield ("location", number)
        elif either is not None:
            if (number := _number(either)) is not None:
                yield ("log", number)
                yield ("location", number)
        elif named is not None:
            yield (named, plain_string(name))
        elif key.startswith("@"):
            if kind == "log":
                yield ("label", key[1:])
        elif (number := _number(key)) is not None:
            yield (_NUMBERED[kind], number)


@frozen
class NearErrors:
    """What the errors found before the checks could explain."""
    mentions: frozenset[tuple[str, object]] = frozenset()     # what their lines mention
    tests: frozenset[tuple[str, object]] = frozenset()        # the logs their lines test (`if checked log 5`)
    # (file, first line, word) of the word each error points at, by the declaration
    # holding it: a misspelt keyword (`lnader`) may be what a rule finds missing.
    words: frozenset[tuple[str, int, str]] = frozenset()
    # (file, first line) of each declaration holding one: an effect that did not
    # resolve may have been the way out its log lacks (E401).
    declarations: frozenset[tuple[str, int]] = frozenset()
    # The entries (log, location, label) whose declaration lost a way out's target.
    lost_ways: frozenset[tuple[str, object]] = frozenset()


# What is known when no error was found before the checks.
NO_ERRORS = NearErrors()


def near_errors(diagnostics: Iterable[Diagnostic], sources: Mapping[str, SourceFile],
                first_lines: Callable[[SourceFile], Sequence[int]]) -> NearErrors | None:
    """What the errors' lines mention (the whole declaration, for a syntax error: it
    did not parse at all), and the declarations they are in; None when a file could
    not be read. `first_lines`: where a file's declarations start, cut as the parser
    cuts it."""
    mentions: set[tuple[str, object]] = set()
    tests: set[tuple[str, object]] = set()
    declarations: set[tuple[str, int]] = set()
    words: set[tuple[str, int, str]] = set()
    lost: set[tuple[str, object]] = set()
    starts: dict[str, Sequence[int]] = {}
    for d in diagnostics:
        if d.severity is not codes.Severity.ERROR or d.code.id in _DANGLING or d.code.id in _UNDERSTOOD:
            continue
        if d.code.id in UNREAD:
            return None
        source = sources.get(d.span.file)
        if source is None or not 1 <= d.span.line <= len(source.lines):
            continue
        if d.span.file not in starts:
            starts[d.span.file] = first_lines(source)
        # The lines of the declaration holding the error.
        at = bisect.bisect_right(starts[d.span.file], d.span.line)
        first = starts[d.span.file][at - 1] if at else 1
        declarations.add((d.span.file, first))
        word = _WORD.match(source.line_text(d.span.line), d.span.column - 1)
        if word is not None:
            words.add((d.span.file, first, word.group()))
        if d.code.id.startswith("E1") or d.code.id == codes.DUPLICATE.id:
            # Not read at all, or dropped as a second definition: what the whole
            # declaration says may be what a warning finds missing.
            end = starts[d.span.file][at] if at < len(starts[d.span.file]) else len(source.lines) + 1
            around = range(first, end)
            line = source.line_text(d.span.line)
            # A goto's number or label is a mention (`-> 13`), anything else is lost.
            lost_target = (_GOTO_BEFORE.search(line, 0, d.span.column - 1) is not None
                           and line[d.span.column - 1:d.span.column] not in "@0123456789")
            if d.code.id.startswith("E1") and (_LOST_WAY.search(line) or lost_target):
                declared = _declared(source.line_text(first))
                if declared is not None:
                    lost.add(declared)
        else:
            around = range(d.span.line, d.span.end_line + 1)
        for number in around:
            text = source.line_text(number)
            mentions.update(_mentions(text))
            if "if" in text:
                tests.update(_tests(text))
    return NearErrors(frozenset(mentions), frozenset(tests), frozenset(words), frozenset(declarations),
                      frozenset(lost))


def logs_named(mentions: frozenset[tuple[str, object]], labels: Mapping[str, int]) -> set[int]:
    """The numbers of the logs mentions (or tests) name, by number or by label."""
    found: set[int] = set()
    for kind, key in mentions:
        if kind == "log" and isinstance(key, int):
            found.add(key)
        elif kind == "label" and str(key) in labels:
            found.add(labels[str(key)])
    return found


def nodes_of(mentions: frozenset[tuple[str, object]], nodes: Mapping[tuple[str, object], object],
             labels: Mapping[str, int]) -> set[tuple[str, object]]:
    """The graph nodes the mentions name (a card id spelt like none names the cards
    spelt most like it)."""
    if not mentions:
        return set()
    ids: dict[object, list[tuple[str, object]]] = {}
    for node in nodes:
        if node[0] in CARD_KINDS:
            ids.setdefault(node[1], []).append(node)
    cards = sorted(map(str, ids))
    found: set[tuple[str, object]] = set()
    for kind, key in mentions:
        if kind == "card-id":
            near = [key] if key in ids else difflib.get_close_matches(str(key), cards, n=2, cutoff=0.75)
            found.update(node for name in near for node in ids.get(name, ()))
        elif kind == "label":
            if str(key) in labels:
                found.add(("log", labels[str(key)]))
        elif (kind, key) in nodes:
            found.add((kind, key))
    return found
