"""Where things are in a checked pack: every definition (a log, a card, a location, a
sector, a planet) with its title and first sentence, and every mention of one (in
effects, gotos, conditions, the board and text markup), by position. The language
server answers go-to-definition, references, hover, rename and symbols from it."""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from functools import cached_property, partial

from vcompiler import ast
from vcompiler.compile import CompileResult
from vcompiler.model import types as m
from vcompiler.registry import CARD_KINDS
from vcompiler.source import SourceFile, Span
from vcompiler.util.frozen import frozen

# A vanguard card is named by its id whatever its kind (`{card P101}` before the model
# knows P101 is a poi): one identity for all of them.
_VANGUARD_CARDS = frozenset(CARD_KINDS) - {"vcard"}
LABEL = re.compile(r"@[A-Za-z_][A-Za-z0-9_]*")
_PATH_ENDS = re.compile(r"path\s+(\d+)\s*(?:<->|->)\s*(\d+)")
_SENTENCE = re.compile(r"(.+?[.!?])(?:\s|$)", re.S)


def identity(kind: str, key: object) -> tuple[str, object]:
    """What a definition and its mentions share: (family, key)."""
    if kind in _VANGUARD_CARDS:
        return ("card", str(key))
    return (kind, key)


@frozen
class Definition:
    kind: str                   # the registry's kind name
    key: object
    span: Span                  # the declaration's header
    title: str
    # Its texts, in order: the first sentence of the first that has one is its summary,
    # found when asked (a hover), not for every entry of the pack at every check.
    texts: tuple[ast.Text | str | None, ...]
    label: str | None = None    # a log's @label
    container: str | None = None

    @property
    def ident(self) -> tuple[str, object]:
        return identity(self.kind, self.key)

    @property
    def summary(self) -> str:
        """The first sentence of its text."""
        return first_sentence(self.texts)

    def heading(self) -> str:
        shown = {"log": "Log", "location": "Location", "vcard": "Card", "sector": "Sector",
                 "planet": "Planet", "track": "Track"}.get(self.kind, self.kind.capitalize())
        key = self.key[1] if isinstance(self.key, tuple) else self.key
        return f"{shown} {key}" + (f" (@{self.label})" if self.label else "")


@frozen
class Mention:
    ident: tuple[str, object]
    span: Span
    label: str | None = None    # the @label the mention is written with


def first_sentence(texts: Iterable[ast.Text | str | None]) -> str:
    for text in texts:
        if text is None:
            continue
        if isinstance(text, str):
            return text         # a sentence made for the purpose, as it is
        plain = " ".join(text.plain().split())
        if plain:
            match = _SENTENCE.match(plain)
            return match.group(1) if match else plain
    return ""


def _plain(text: ast.Text | str | None) -> str:
    if text is None:
        return ""
    return text if isinstance(text, str) else " ".join(text.plain().split())


def _statement_texts(statements: tuple[m.Statement, ...]) -> tuple[ast.Text | None, ...]:
    return tuple(s.text for s in statements if isinstance(s, m.TextStatement))


def _log_definition(log: m.Log) -> Definition:
    return Definition("log", log.number, log.span, _plain(log.title), _statement_texts(log.statements), log.label)


def _definitions(pack: m.Pack, log_definition: Callable[[m.Log], Definition] = _log_definition) -> list[Definition]:
    found: list[Definition] = list(map(log_definition, pack.logs))
    for card in pack.cards:
        found.append(Definition(card.kind, card.id, card.span, card.name,
                                tuple(card.text)))
    for card in pack.cards:
        for action in card.actions:
            for row in action.rows:
                if row.kind == "track" and row.key:
                    summary = f"{row.number} spaces, on {card.id} “{action.name}”"
                    found.append(Definition("track", (card.id, row.key), row.span, f"{row.key} track", (summary,),
                                            container=card.id))
    for planet in pack.planets:
        found.append(Definition("planet", planet.id, planet.span, planet.name, ()))
        for sector in planet.sectors:
            found.append(Definition("sector", (planet.id, sector.number), sector.span, sector.name or "", (),
                                    container=planet.id))
    for location in pack.locations:
        found.append(Definition("location", location.number, location.span, _plain(location.name),
                                tuple(location.text)))
    for vcard in pack.vantage_cards:
        found.append(Definition("vcard", vcard.number, vcard.span, _plain(vcard.name),
                                tuple(vcard.text)))
    for depart in pack.departs:
        found.append(Definition("depart", (depart.number, depart.direction), depart.span,
                                _plain(depart.action.name), tuple(depart.action.text)))
    return found


def _contains(span: Span, line: int, column: int) -> bool:
    if (line, column) < (span.line, span.column):
        return False
    return (line, column) < (span.end_line, span.end_column) or (span.end_line, span.end_column) == (line, column)


class Index:
    """The definitions and mentions of one checked pack."""

    def __init__(self, result: CompileResult, earlier: Index | None = None):
        """`earlier`: the index of an earlier check of the same pack, whose answers
        about the logs and references it shares with this one (frozen values, the same
        objects while their declarations are unchanged) are taken over rather than
        worked out again: after a keystroke in a large pack, the first request waits
        for the index of the logs the edit changed, not of all of them."""
        self.result = result
        self.pack = result.pack
        self.sources: dict[str, SourceFile] = result.sources
        self._logs_seen: dict[int, tuple[m.Log, Definition]] = {}
        self._refs_seen: dict[int, tuple[m.Reference, Mention]] = {}
        self._labelled: dict[int, str] = {}
        if self.pack is not None:
            self._labelled = {log.number: log.label for log in self.pack.logs if log.label}
        if earlier is not None and earlier.pack is not None and self.pack is not None:
            logs_before, refs_before = earlier._logs_seen, earlier._refs_seen
            if earlier._labelled != self._labelled:
                refs_before = {}        # a mention's label is read by the labels' numbers
        else:
            logs_before, refs_before = {}, {}
        self.definitions: list[Definition] = (
            _definitions(self.pack, partial(self._log_definition, logs_before)) if self.pack else [])
        self.mentions: list[Mention] = self._mentions(refs_before) if self.pack else []

    def _log_definition(self, before: dict[int, tuple[m.Log, Definition]], log: m.Log) -> Definition:
        kept = before.get(id(log))
        made = kept[1] if kept is not None and kept[0] is log else _log_definition(log)
        # Kept with the log itself, so that no other log can take its id meanwhile.
        self._logs_seen[id(log)] = (log, made)
        return made

    @cached_property
    def by_ident(self) -> dict[tuple[str, object], list[Definition]]:
        table: dict[tuple[str, object], list[Definition]] = defaultdict(list)
        for d in self.definitions:
            table[d.ident].append(d)
        return table

    @cached_property
    def mentions_of(self) -> dict[tuple[str, object], list[Mention]]:
        table: dict[tuple[str, object], list[Mention]] = defaultdict(list)
        for mention in self.mentions:
            table[mention.ident].append(mention)
        return table

    @cached_property
    def _by_file(self) -> dict[str, list[Mention | Definition]]:
        table: dict[str, list[Mention | Definition]] = defaultdict(list)
        items: list[Mention | Definition] = [*self.mentions, *self.definitions]
        for item in items:
            table[item.span.file].append(item)
        return table

    def text_of(self, span: Span) -> str:
        source = self.sources.get(span.file)
        if source is None:
            return ""
        if span.line == span.end_line:
            return source.line_text(span.line)[span.column - 1:span.end_column - 1]
        first = source.line_text(span.line)[span.column - 1:]
        middle = [source.line_text(n) for n in range(span.line + 1, span.end_line)]
        return "\n".join([first, *middle, source.line_text(span.end_line)[:span.end_column - 1]])

    def label_span(self, span: Span, label: str) -> Span | None:
        """Where `@label` is written inside `span` (which starts on its line)."""
        source = self.sources.get(span.file)
        if source is None:
            return None
        for line in range(span.line, span.end_line + 1):
            text = source.line_text(line)
            start = span.column - 1 if line == span.line else 0
            end = span.end_column - 1 if line == span.end_line else len(text)
            for match in LABEL.finditer(text, start, end):
                if match.group(0) == "@" + label:
                    return Span(span.file, line, match.start() + 1, line, match.end() + 1)
        return None

    def _mentions(self, before: dict[int, tuple[m.Reference, Mention]]) -> list[Mention]:
        assert self.pack is not None
        number_of = self._labelled
        found: list[Mention] = []
        seen = self._refs_seen
        for ref in self.pack.references:
            if ref.via in ("depart_of",):
                continue
            kept = before.get(id(ref))
            if kept is not None and kept[0] is ref:
                seen[id(ref)] = kept
                found.append(kept[1])
                continue
            key = ref.key
            if ref.kind == "sector" and not isinstance(key, tuple):
                key = (ref.origin[1], key) if ref.origin[0] == "planet" else key
            label = None
            if ref.kind == "log":
                if isinstance(key, str) and key.startswith("@"):
                    label = key[1:]
                elif key in number_of and "@" + number_of[key] in self.text_of(ref.span):
                    label = number_of[key]
            mention = Mention(identity(ref.kind, key), ref.span, label)
            seen[id(ref)] = (ref, mention)
            found.append(mention)
        # `progress red` moves the red track of the card the effect is on.
        for card in self.pack.cards:
            for action in card.actions:
                for row in action.rows:
                    for choice in row.effects:
                        for effect in choice.options:
                            if effect.op == "progress_track":
                                found.append(Mention(("track", (card.id, effect.param("track"))), effect.span))
        # Paths name their sectors by number: one mention per end, on its digits.
        for planet in self.pack.planets:
            for path in planet.paths:
                text = self.text_of(Span(path.span.file, path.span.line, path.span.column,
                                         path.span.line, 10_000))
                ends = _PATH_ENDS.match(text)
                if ends is None:
                    continue
                for group in (1, 2):
                    column = path.span.column + ends.start(group)
                    found.append(Mention(("sector", (planet.id, int(ends.group(group)))),
                                         Span(path.span.file, path.span.line, column, path.span.line,
                                              column + len(ends.group(group)))))
        return found

    # ------------------------------------------------------------ lookups
    def at(self, file: str, line: int, column: int) -> Mention | Definition | None:
        """The narrowest mention or definition header under a position."""
        best = None
        for item in self._by_file.get(file, ()):
            if _contains(item.span, line, column):
                if best is None or (item.span.end_line - item.span.line, item.span.end_column - item.span.column) \
                        < (best.span.end_line - best.span.line, best.span.end_column - best.span.column):
                    best = item
        return best

    @cached_property
    def _by_kind(self) -> dict[str, list[Definition]]:
        table: dict[str, list[Definition]] = defaultdict(list)
        for d in self.definitions:
            table[d.kind].append(d)
        return table

    def definitions_of_kind(self, kinds: tuple[str, ...]) -> list[Definition]:
        """The definitions of those kinds, in the order of `definitions`."""
        if len(kinds) == 1:
            return self._by_kind.get(kinds[0], [])
        return [d for d in self.definitions if d.kind in kinds]

    @cached_property
    def _by_line(self) -> dict[tuple[str, int], list[Mention]]:
        table: dict[tuple[str, int], list[Mention]] = defaultdict(list)
        for mention in self.mentions:
            table[mention.span.file, mention.span.line].append(mention)
        return table

    def mentions_in(self, file: str, first: int, last: int) -> list[Mention]:
        """The mentions that start on lines `first` to `last` of `file`."""
        return [m for line in range(first, last + 1) for m in self._by_line.get((file, line), ())]

    def definitions_of(self, ident: tuple[str, object]) -> list[Definition]:
        if ident[0] == "sector" and isinstance(ident[1], int):
            # An effect names a sector by number alone: of whichever planet has it.
            return [d for d in self.definitions
                    if d.kind == "sector" and isinstance(d.key, tuple) and d.key[1] == ident[1]]
        return self.by_ident.get(ident, [])

    def references_to(self, ident: tuple[str, object]) -> list[Mention]:
        found = list(self.mentions_of.get(ident, []))
        if ident[0] == "sector" and isinstance(ident[1], tuple):
            found += self.mentions_of.get(("sector", ident[1][1]), [])
        return found

    def labels(self) -> dict[str, int]:
        return dict(self.pack.labels) if self.pack else {}

    def label_occurrences(self, label: str) -> list[Span]:
        """Every place `@label` is written: its log's header and every mention."""
        spans = []
        number = self.labels().get(label)
        for d in self.definitions:
            if d.kind == "log" and d.label == label:
                span = self.label_span(d.span, label)
                if span:
                    spans.append(span)
        for mention in self.mentions:
            if mention.label == label and mention.ident in (("log", number), ("log", "@" + label)):
                span = self.label_span(mention.span, label)
                if span:
                    spans.append(span)
        return sorted(set(spans))
