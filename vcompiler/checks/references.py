"""References to entities the pack does not define (E200-E203), and the pack's start
(E309)."""
from __future__ import annotations

import bisect
import difflib
from collections.abc import Callable, Iterator, Mapping
from typing import Any, cast

from vcompiler import codes
from vcompiler.checks import CheckContext, rule
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.model.types import Card, Reference
from vcompiler.registry import ANY_CARD, CARD_KINDS, STARTING_LOG, game_named, kind_named
from vcompiler.source import Span
from vcompiler.vocabulary import DANGER_LETTERS


def _near_numbers(wanted: int, numbers: list[int]) -> list[int]:
    at = bisect.bisect_left(numbers, wanted)
    return numbers[max(0, at - 1):at + 1]


def _one_edit(a: str, b: str) -> bool:
    """Whether `b` is `a` with one digit changed, added, dropped or two swapped. Any
    one-digit number is one edit from any other: a single digit typed is too little to
    go on (but 22 may well be 2 with a digit typed twice)."""
    if a == b or abs(len(a) - len(b)) > 1 or len(a) < 2 or (len(a) == len(b) == 1):
        return False
    if len(a) == len(b):
        apart = [i for i in range(len(a)) if a[i] != b[i]]
        return len(apart) == 1 or (len(apart) == 2 and apart[1] == apart[0] + 1
                                   and a[apart[0]] == b[apart[1]] and a[apart[1]] == b[apart[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def _one_edits(typed: str) -> set[str]:
    """Every number one edit from `typed` (see _one_edit), made rather than searched
    for: a hundred strings, where a pack may define ten thousand numbers."""
    if len(typed) < 2:
        return set()
    digits = "0123456789"
    made = {typed[:i] + d + typed[i + 1:] for i in range(len(typed)) for d in digits}
    made |= {typed[:i] + d + typed[i:] for i in range(len(typed) + 1) for d in digits}
    made |= {typed[:i] + typed[i + 1:] for i in range(len(typed))}
    made |= {typed[:i] + typed[i + 1] + typed[i] + typed[i + 2:] for i in range(len(typed) - 1)}
    made.discard(typed)
    return {n for n in made if n and (n[0] != "0" or n == "0") and _one_edit(typed, n)}


# How alike a number must be to the one typed to be suggested (difflib's ratio).
CLOSE = 0.7
# Below this many numbers, difflib reads them all faster than they are sifted.
_SIFT_FROM = 2000


def _may_be_close(context: CheckContext, kind: str, typed: str, shown: list[str]) -> list[str]:
    """The numbers difflib may find close to `typed`: those whose digits, counted, could
    give a ratio of CLOSE (difflib's quick_ratio, an upper bound of its ratio, from the
    digits the two share). The same matches as reading every number, for a fraction of
    the time on a large pack."""
    if len(shown) < _SIFT_FROM:
        return shown
    import numpy as np

    def counts() -> tuple[Any, Any]:
        table = np.zeros((len(shown), 10), dtype=np.int16)
        for row, number in enumerate(shown):
            for digit in number:
                table[row, ord(digit) - 48] += 1
        return table, np.array([len(n) for n in shown], dtype=np.int16)
    table, lengths = context.lasting(("digit counts", kind), counts)
    mine = np.zeros(10, dtype=np.int16)
    for digit in typed:
        mine[ord(digit) - 48] += 1
    shared = np.minimum(table, mine).sum(axis=1)
    keep = np.nonzero(2.0 * shared >= CLOSE * (lengths + len(typed)) - 1e-9)[0]
    return [shown[i] for i in keep.tolist()]


def _number_candidates(context: CheckContext, kind: str, wanted: int) -> tuple[list[str], list[int]]:
    """A mistyped number is usually one digit off (2066 for 206, 22 for 20 or 2): those,
    then the defined numbers either side. Only numbers the writer wrote: the number the
    compiler gave a label is one the writer never sees (and a spoiler in print), so it
    is not what they mistyped; of those, one that nothing else leads to first, which is
    likely what the mistyped reference was for."""
    typed = str(wanted)

    def lasting() -> tuple[list[int], list[int]]:
        # Which numbers are close depends only on the numbers defined: kept across
        # edits that define nothing new (planting a dangling goto, then mending it).
        numbers, shown, defined = context.lasting(("written numbers", kind), written_numbers)
        close = sorted(int(n) for n in _one_edits(typed) if n in defined)
        close += [int(n) for n in difflib.get_close_matches(typed, _may_be_close(context, kind, typed, shown),
                                                            n=2, cutoff=CLOSE)
                  if int(n) not in close]
        return close, _near_numbers(wanted, numbers)

    def written_numbers() -> tuple[list[int], list[str], frozenset[str]]:
        given = _label_numbers(context) if kind == "log" else {}
        numbers = [n for n in _numbered(context, kind) if n not in given]
        shown = [str(n) for n in numbers]
        return numbers, shown, frozenset(shown)

    def make() -> tuple[list[str], list[int]]:
        close, near = context.lasting(("close numbers", kind, wanted), lasting)
        led_to = _led_to(context, kind)
        # A digit typed twice (22 for 2) is the likeliest slip of all.
        doubled = {typed[:i] + typed[i + 1:] for i in range(len(typed) - 1) if typed[i] == typed[i + 1]}
        ranked = sorted(close, key=lambda n: (n in led_to, str(n) not in doubled, abs(n - wanted)))
        return [str(n) for n in ranked[:2]], near
    return context.shared(("near", kind, wanted), make)


def _label_numbers(context: CheckContext) -> dict[int, str]:
    """The numbers the compiler gave labels, and the label of each."""
    return context.shared("label numbers", lambda: {n: name for name, n in context.pack.labels.items()})


def _led_to(context: CheckContext, kind: str) -> set[object]:
    """The numbers of the entries of `kind` that a reference names."""
    def make() -> set[object]:
        labels = context.pack.labels
        return {labels.get(ref.key) if isinstance(ref.key, str) else ref.key
                for ref in context.pack.references if ref.kind == kind}
    return context.shared(("led to", kind), make)


def _number_hint(context: CheckContext, kind: str, wanted: int) -> tuple[str | None, list[str]]:
    """The hint for a number no entry of `kind` has, and the numbers (or labels) it
    suggests writing instead."""
    typo, near = _number_candidates(context, kind, wanted)
    given = _label_numbers(context) if kind == "log" else {}

    def shown(number: object) -> str:
        # A label's number is one the writer never wrote: say whose it is.
        name = given.get(int(str(number)))
        return f"@{name} ({number})" if name is not None else str(number)
    around = f"defined {kind}s near {wanted}: {', '.join(map(shown, near))}" if near else ""
    if typo:
        fixes = [f"@{given[int(str(n))]}" if int(str(n)) in given else str(n) for n in typo]
        return f"did you mean {' or '.join(map(shown, typo))}?" + (f" ({around})" if around else ""), fixes
    return around or None, []


def undefined_test(defined: Mapping[tuple[str, object], object],
                   unparsed: frozenset[tuple[str, object]]) -> Callable[[Reference], bool]:
    """Whether a reference names what the pack does not define (nor declares in a
    declaration that did not parse). The start is the pack's own rule (E309), not one
    more of them."""
    # The sectors of a planet that did not parse are not known: a sector named without
    # its planet may be one of them.
    planets = {key for kind, key in unparsed if kind == "planet"}
    # `{card P101}` names a card of any kind: a poi P101 that did not parse may be it.
    cards = {key for kind, key in unparsed if kind in CARD_KINDS}

    def undefined(ref: Reference) -> bool:
        return (ref.via != "start" and (ref.kind, ref.key) not in defined and (ref.kind, ref.key) not in unparsed
                and not (ref.kind == ANY_CARD.name and ref.key in cards)
                # The box's Danger die letters need no declaration (E217).
                and not (ref.kind == "danger" and ref.key in DANGER_LETTERS)
                and not (planets and ref.kind == "sector"
                         and (not isinstance(ref.key, tuple) or ref.key[0] in planets)))
    return undefined


def _near_labels(context: CheckContext, key: str) -> list[str]:
    return context.shared(("near", "label", key),
                          lambda: difflib.get_close_matches(key[1:], sorted(context.pack.labels), n=2))


def _near_cards(context: CheckContext, kind: str, key: object) -> list[tuple[str, object]]:
    def make() -> list[tuple[str, object]]:
        same = {str(k): (k_kind, k) for k_kind, k in context.defined
                if k_kind == kind or (kind == ANY_CARD.name and k_kind in CARD_KINDS)}
        return [same[n] for n in difflib.get_close_matches(str(key), sorted(same), n=2)]
    return context.shared(("near", kind, key), make)


def intended_targets(context: CheckContext, ref: Reference) -> list[tuple[str, object]]:
    """The entries a dangling reference may have meant: those its hint suggests."""
    if ref.kind == "log" and isinstance(ref.key, str):
        return [("log", context.pack.labels[name]) for name in _near_labels(context, ref.key)]
    if ref.kind in ("log", "location") and isinstance(ref.key, int):
        typo, near = _number_candidates(context, ref.kind, ref.key)
        return [(ref.kind, n) for n in sorted({*map(int, typo), *near})]
    if ref.kind in CARD_KINDS:
        other = [(k, key) for k, key in context.defined if key == ref.key and k in CARD_KINDS]
        return other + _near_cards(context, ref.kind, ref.key)
    return []


def _undefined(context: CheckContext, kinds: tuple[str, ...]) -> Iterator[Reference]:
    for ref in context.dangling:
        if ref.kind in kinds:
            yield ref


def _numbered(context: CheckContext, kind: str) -> list[int]:
    return context.shared(("numbered", kind), lambda: sorted(
        key for k, key in context.defined if k == kind and isinstance(key, int)))


@rule(codes.UNDEFINED_LOG)
def undefined_logs(context: CheckContext) -> Iterator[Diagnostic]:
    """E200: undefined log."""
    for ref in _undefined(context, ("log",)):
        if isinstance(ref.key, str):
            near = _near_labels(context, ref.key)
            fixes = ["@" + n for n in near]
            hint = (f"did you mean {' or '.join(fixes)}?" if near
                    else "no log is named with that label; define it with `log " + ref.key + ' "Title" { … }`')
        else:
            said, fixes = _number_hint(context, "log", cast(int, ref.key))
            hint = said or "the pack defines no log yet"
        yield diagnostic(codes.UNDEFINED_LOG, ref.span, target=ref.key, hint=hint, fixes=fixes)


@rule(codes.UNDEFINED_CARD)
def undefined_cards(context: CheckContext) -> Iterator[Diagnostic]:
    """E201: undefined card."""
    defined = context.defined
    by_id = {key: kind for kind, key in defined if kind in CARD_KINDS}
    for ref in _undefined(context, CARD_KINDS):
        referred = kind_named(ref.kind)
        kind = referred.noun
        other = by_id.get(ref.key)
        near: list[str] = []
        if other is not None and other != ref.kind:
            hint = f"{ref.key} is a {other} card, not a {ref.kind}"
        else:
            same = sorted(str(key) for k, key in defined
                          if k == ref.kind or (ref.kind == ANY_CARD.name and k in CARD_KINDS))
            near = [str(key) for _, key in _near_cards(context, ref.kind, ref.key)]
            hint = (f"did you mean {' or '.join(near)}?" if near
                    else f"defined: {', '.join(same[:8])}" if same
                    else f"the pack defines no {kind}{'' if kind == 'card' else ' card'}")
        shown = referred.shown(ref.key)
        yield diagnostic(codes.UNDEFINED_CARD, ref.span, kind=kind, target=shown, hint=hint, fixes=near)


def number_in(context: CheckContext, span: Span, number: object) -> Span:
    """The number itself within a one-line statement that names it (a path's end, a
    compass exit's neighbour), so that the caret stands under the mistaken number; the
    statement's span where it is not found there."""
    source = next((f for f in context.pack.files if f.display == span.file), None)
    return source.word_in(span, str(number)) if source is not None else span


@rule(codes.UNDEFINED_LOCATION)
def undefined_locations(context: CheckContext) -> Iterator[Diagnostic]:
    """E202: undefined location."""
    for ref in _undefined(context, ("location",)):
        fixes: list[str] = []
        if context.pack.game == "vanguard":
            hint = "locations belong to the vantage game; a vanguard pack sends the reader to a log: `-> log N`"
        elif not isinstance(ref.key, int):
            # A label (`-> location @x`) has no number near which to look for a slip.
            hint = f"no location has the label @{ref.key}: write the number of the location meant"
        else:
            said, fixes = _number_hint(context, "location", ref.key)
            hint = said or "the pack defines no location yet"
        span = number_in(context, ref.span, ref.key) if ref.via == "compass" else ref.span
        yield diagnostic(codes.UNDEFINED_LOCATION, span, target=ref.key, hint=hint, fixes=fixes)


@rule(codes.UNDEFINED_SECTOR)
def undefined_sectors(context: CheckContext) -> Iterator[Diagnostic]:
    """E203: undefined sector."""
    for ref in _undefined(context, ("sector",)):
        if isinstance(ref.key, tuple):
            planet, number = ref.key
            sectors = sorted(k[1] for kind, k in context.defined
                             if kind == "sector" and isinstance(k, tuple) and k[0] == planet)
            span = number_in(context, ref.span, number) if ref.via == "path" else ref.span
            yield diagnostic(codes.UNDEFINED_SECTOR, span, target=f"{number} of planet {planet}",
                             hint=f"planet {planet} has sectors {', '.join(map(str, sectors)) or 'none'}")
        else:
            sectors = sorted({k for kind, k in context.defined if kind == "sector" and isinstance(k, int)})
            yield diagnostic(codes.UNDEFINED_SECTOR, ref.span, target=ref.key,
                             hint=f"the planets have sectors {', '.join(map(str, sectors))}" if sectors
                             else "the pack has no planet with sectors: add one with `planet ID \"Name\" { … }`")


@rule(codes.NO_START)
def start_defined(context: CheckContext) -> Iterator[Diagnostic]:
    """E309: pack without `start`, or start target undefined."""
    pack = context.pack
    game = game_named(pack.game)
    # A file that could not be read, or a Starting Log that did not parse, may be the
    # start: its own error is the one to mend.
    unknown = context.near_errors is None
    if pack.start is None:
        if unknown or ("log", STARTING_LOG) in pack.unparsed:
            return
        example = game.start_example if game else "start log 1"
        yield diagnostic(codes.NO_START, pack.span, message=f"pack {pack.name} has no `start`",
                         hint=f"add `{example}` to the pack declaration")
        return
    kind, key = pack.start.params[0]
    if game and kind != game.start:
        yield diagnostic(codes.NO_START, pack.start.span,
                         message=f"a {game.name} pack starts at a {game.start}",
                         hint=f"start {game.start} N")
    elif (kind, key) not in context.defined and (kind, key) not in pack.unparsed and not unknown:
        yield diagnostic(codes.NO_START, pack.start.span,
                         message=f"the pack starts at {kind} {key}, which is not defined",
                         hint=f"define {kind} {key}, or start somewhere that exists")


def _danger_letters(context: CheckContext) -> dict[str, Card]:
    return {card.id: card for card in context.pack.cards if card.kind == "danger"}


def _misnamed_letters(context: CheckContext) -> set[str]:
    """The letters Danger die declarations not named by one capital letter (E232:
    `danger Tx`) were meant to declare."""
    danger = kind_named("danger")
    return {letter[0].upper() for letter in _danger_letters(context) if not danger.matches(letter)}


def known_danger_letters(context: CheckContext) -> list[str]:
    """The letters a roll may name: the box's and those the pack declares."""
    danger = kind_named("danger")
    return sorted({*DANGER_LETTERS, *(letter for letter in _danger_letters(context) if danger.matches(letter))})


@rule(codes.UNDEFINED_DANGER)
def danger_letters_defined(context: CheckContext) -> Iterator[Diagnostic]:
    """E217: a Danger die letter the pack's `danger` declarations do not define."""
    misnamed = _misnamed_letters(context)
    for ref in _undefined(context, ("danger",)):
        if ref.key in misnamed:
            continue
        hint = (f"the letters are {', '.join(known_danger_letters(context))}; if the Reference card has a table "
                f"{ref.key}, declare it: `danger {ref.key} \"Name\"`")
        yield diagnostic(codes.UNDEFINED_DANGER, ref.span, letter=ref.key, hint=hint)


@rule(codes.UNROLLED_DANGER)
def danger_letters_rolled(context: CheckContext) -> Iterator[Diagnostic]:
    """W409: a declared Danger die letter that no effect rolls."""
    rolled = {ref.key for ref in context.pack.references if ref.kind == "danger"}
    danger = kind_named("danger")
    for letter, card in _danger_letters(context).items():
        if letter not in rolled and danger.matches(letter):
            yield diagnostic(codes.UNROLLED_DANGER, card.span, letter=letter,
                             hint=f"roll it with `roll danger {letter}`, or remove the declaration")
