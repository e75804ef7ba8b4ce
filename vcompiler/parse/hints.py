"""What a syntax error's hint guesses the writer meant. Each hint function takes what
is known of the error (the declaration's text, the token the parser stumbled on, what
it expected there, the token's line around it) and returns a hint, or None when the
mistake it knows is not this one. The functions are tried in order, and the first that
answers wins: a function that guesses a narrower mistake stands before a broader one.

To add a hint: write a function whose docstring says which mistake it guesses, put it
in TOKEN_HINTS (CHARACTER_HINTS for a character no token starts with) before the first
function that answers for the same line now, and add a case to tests/test_syntax_hints.py."""
from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from vcompiler.parse.headers import HEADER
from vcompiler.parse.lexer import comment_at, digits_meant, read_number, string_ending
from vcompiler.registry import Kind, is_kind, kind_named
from vcompiler.registry.forms import VERBS
from vcompiler.vocabulary import pack_name

if TYPE_CHECKING:
    from lark import Token

SYMBOLS = {
    "ARROW": "`->`", "TWO_WAY": "`<->`", "STAR": "`*`", "_FATARROW": "`=>`", "_DOTDOT": "`..`",
    "_LBRACE": "`{`", "_RBRACE": "`}`", "_LSQB": "`[`", "_RSQB": "`]`", "_COMMA": "`,`",
    "_COLON": "`:`", "_SEMI": "`;`", "_SLASH": "`/`", "_PLUS": "`+`", "_NL": "a new line",
    "STRING": "a string", "CARD_ID": "a card id such as P101", "LABEL": "an @label",
    "NUMBER": "a number", "WORD": "a word", "$END": "the end of the file",
}

# The statements a location's body takes only to tell the writer they go elsewhere
# (the grammar's _stray_statement): not offered as what may stand there.
_STRAY = frozenset({"CHECK", "IF", "ELSE", "ARROW"})


def offered(names: set[str] | frozenset[str]) -> set[str]:
    """What the parser expected, less what it takes only to report elsewhere."""
    return set(names - _STRAY if "ARRIVAL" in names else names)


def describe_token(token: Token) -> str:
    if token.type == "$END":
        return "end of the declaration"
    if token.type == "_NL":
        return "end of the line"
    if token.type == "STRING":
        text = str(token)
        return f"string {text if len(text) < 30 else text[:27] + '…'}"
    if token.type in ("WORD", "NUMBER", "CARD_ID", "LABEL"):
        return f"{SYMBOLS[token.type].split(' ', 1)[1] if token.type != 'CARD_ID' else 'card id'} `{token}`"
    return f"`{token}`"


class TokenError(NamedTuple):
    """A token the parser did not expect, and what is known around it."""
    text: str                 # the declaration's text
    token: Token
    expected: frozenset[str]  # the terminals the parser would have taken there
    before: str               # the token's line before it, as written
    after: str                # the token's line from it on, its comment left out, stripped

    @classmethod
    def at(cls, text: str, token: Token, expected: set[str]) -> TokenError:
        start = token.start_pos or 0
        end = text.find("\n", start)
        after = text[start:end if end >= 0 else len(text)]
        return cls(text, token, frozenset(expected), text[text.rfind("\n", 0, start) + 1:start],
                   after[:comment_at(after)].strip())

    @property
    def kind(self) -> str:
        return str(self.token.type)


_WORD = re.compile(r"[a-z_]\w*")


def goto_target_first(e: TokenError) -> str | None:
    """`log 12` written where `-> log 12` goes: the arrow left out."""
    if e.expected == {"ARROW"} and e.kind in ("LOG", "LOCATION"):
        return f"`->` stands before where it leads: `{e.before.strip()} -> {e.after}`"
    return None


def block_comment(e: TokenError) -> str | None:
    """A `/* … */` comment, from another language."""
    if e.kind == "_SLASH" and e.text.startswith("/*", e.token.start_pos or 0):
        return "a comment starts with `//` and runs to the end of its line; VCL has no `/* … */`"
    return None


# The rows a requirement follows (`outcome red` has none).
_REQUIREMENT_ROW = re.compile(r"[ \t]*outcome[ \t]+(?!red\b)\w+")


def requirement_without_colon(e: TokenError) -> str | None:
    """`outcome green physical => …`: the `:` before a requirement left out."""
    row = _REQUIREMENT_ROW.match(e.before)
    if ("_COLON" in e.expected and row is not None and e.before[row.end():].strip() == ""
            and e.kind in ("WORD", "NUMBER") and str(e.token) not in VERBS):
        return f"a requirement follows a `:`: `{row.group().strip()}: {e.token} …`"
    return None


def dangling_plus(e: TokenError) -> str | None:
    """`physical + => …`: a `+` with nothing after it."""
    if e.before.rstrip().endswith("+") and e.expected <= {"NUMBER", "WORD"}:
        return "`+` joins two parts of a requirement: write the part after it, or remove the `+`"
    return None


_EXIT_STAR = re.compile(r"[ \t]*(north|east|south|west)[ \t]*\*[ \t]*$")


def starred_exit_with_travel(e: TokenError) -> str | None:
    """`north * walk`: a way of travel after a starred point, which has none."""
    star = _EXIT_STAR.match(e.before)
    if star is None or not str(e.token).isidentifier():
        return None
    number = HEADER.match(e.text)
    entry = f"depart {number.group(2)} {star.group(1)}" if number else f"depart N {star.group(1)}"
    return (f"`{star.group(1)} *` stands alone: the reader looks up the depart entry "
            f"(`{entry} \"…\" cost N {{ … }}`), whose result says how they go; "
            f"`{star.group(1)} N {e.token}` leads to a neighbour")


_PAY_AFTER = re.compile(r"=>\s*pay\b")


def payment_after_effects(e: TokenError) -> str | None:
    """`gain morale 2 => pay coin 2`: the payment written after what it buys."""
    if e.kind == "_FATARROW" and "_FATARROW" not in e.expected and _PAY_AFTER.match(e.after):
        return f"the payment comes first: `{e.after[2:].strip()} => {e.before.strip()}`"
    return None


def payment_without_fatarrow(e: TokenError) -> str | None:
    """`pay coin 2; gain morale 2`, `pay coin 2 -> location 3`: what a payment buys
    written without the `=>` before it."""
    statement = re.split(r"[{;]", e.before)[-1].strip()
    first = _WORD.match(statement)
    if first is None or first.group() != "pay" or "=>" in e.before or e.kind not in ("_SEMI", "ARROW"):
        return None
    # What closes the blocks the line opened is not bought.
    bought = (e.after[1:] if e.kind == "_SEMI" else e.after).rstrip("} \t").strip()
    return f"a payment buys the effects after `=>`: `{statement} => {bought or 'EFFECTS'}`"


def missing_semicolon(e: TokenError) -> str | None:
    """`gain success 1 -> log 3`, `=> roll danger T -> log 4`: an effect and a goto with
    no `;` between them."""
    if "_SEMI" not in e.expected or e.kind != "ARROW":
        return None
    effects = e.before.rsplit("=>", 1)[-1]
    last = re.split(r"[;{]", effects)[-1].strip()
    verb = _WORD.match(last)
    if verb is None or verb.group() not in VERBS:
        return None
    return f"join two effects with `;`: `{last}; {e.after}`"


def arrow_for_fatarrow(e: TokenError) -> str | None:
    """`outcome green -> gain success 1`: `->` (a goto) where `=>` goes."""
    if e.kind == "ARROW" and "_FATARROW" in e.expected:
        following = _WORD.match(e.after[2:].strip())
        if following is not None and following.group() in VERBS:
            return f"effects follow `=>`, not `->` (a goto): `{e.before.strip()} => {e.after[2:].strip()}`"
    return None


_FATARROW_BEFORE = re.compile(r"=>[^\n]*$")


def second_fatarrow(e: TokenError) -> str | None:
    """`=> gain success 1 => lose supplies 1`: a second `=>` for a second effect."""
    if e.kind != "_FATARROW" or "=>" not in e.before:
        return None
    first = _FATARROW_BEFORE.search(e.before)
    effects = first.group()[2:].strip() if first else ""
    rest = e.after[2:].strip()
    joined = f": `=> {effects}; {rest}`" if effects and rest else ""
    return f"a line has at most one `=>`; join its effects with `;`{joined}"


# The lines that take one effect or a `/` choice of effects, not a `;` list.
_ONE_EFFECT_LINE = re.compile(r"[ \t]*(travel|secondary|main|arrival|when placed|unique \d+ else)\b[^\n]*;[ \t]*$")


def effect_list_on_one_effect_line(e: TokenError) -> str | None:
    """`travel lose supplies 1; lose fuel 1`: a `;` list where one effect goes."""
    one = _ONE_EFFECT_LINE.match(e.before)
    if one is None:
        return None
    keyword = one.group(1).split(" ")[0]
    head = e.before[:e.before.index(keyword) + len(keyword)].strip()
    return (f"`{keyword}` takes one effect (or a `/` choice of effects): repeat the line for a "
            f"second effect: `{head} {e.after}`")


# The rows whose effects follow `=>`.
_ROWS = frozenset({"outcome", "special", "track", "time", "space", "attack", "alone", "damage", "heavy",
                   "mental", "combination", "goal", "pay"})


def effects_without_fatarrow(e: TokenError) -> str | None:
    """`outcome green: physical gain success 1`, `pay coin 2 gain morale 2`: a row's
    effects with no `=>` before them (the verb then reads as a word of the row)."""
    row = _WORD.match(e.before.strip())
    if "_FATARROW" not in e.expected or row is None or row.group() not in _ROWS or "=>" in e.before:
        return None
    if e.kind == "WORD" and str(e.token) in VERBS:
        return f"effects follow `=>`: `{e.before.strip()} => {e.after}`"
    # A verb read as a word of the requirement (`2 science gain unique 1`).
    # After the row's word: a payment's `pay` is not the verb of its effects.
    after_row = max(e.before.find(":") + 1, e.before.index(row.group()) + len(row.group()))
    verb = next((w for w in _WORD.finditer(e.before, after_row) if w.group() in VERBS), None)
    if verb is None:
        return None
    return f"effects follow `=>`: `{e.before[:verb.start()].strip()} => {e.before[verb.start():]}{e.after}`"


def text_without_quotes(e: TokenError) -> str | None:
    """`text Hello`: text without its quotes."""
    if e.expected == {"STRING"} and e.kind in ("WORD", "NUMBER", "CARD_ID"):
        return "text goes in quotes: \"…\""
    return None


GOTO_ANYWHERE = "`->` leads to a log (`-> log N`) or, in a vantage pack, a location (`-> location N`)"


def goto_without_kind(e: TokenError) -> str | None:
    """`-> 12`, `-> @name`, `-> poi P202`: a goto that does not say it leads to a log
    (or a location)."""
    if e.expected != {"LOG", "LOCATION"}:
        return None
    if e.kind in ("NUMBER", "LABEL"):
        return f"say what it leads to: `-> log {e.token}` or `-> location {e.token}`"
    return GOTO_ANYWHERE


def card_for_log(e: TokenError) -> str | None:
    """`-> log P101`: a card id where a log's number goes."""
    if e.expected == {"NUMBER", "LABEL"} and e.kind == "CARD_ID":
        return f"a log is named by its number or its @label (`-> log 12`, `-> log @name`); {e.token} names a card"
    return None


def choice_without_goto(e: TokenError) -> str | None:
    """`choice "Go on"` with nothing after it: where it leads left out."""
    if e.expected == {"ARROW"}:
        return "say where it leads: `-> log N` (`-> location N` in a vantage pack)"
    return None


def action_without_cost(e: TokenError) -> str | None:
    """`look "Name" { … }`: a location's action without its cost."""
    if e.expected == {"COST"}:
        return "an action says what it costs in challenge dice: `look \"Name\" cost 2 { … }`"
    return None


def misspelt_keyword(e: TokenError) -> str | None:
    """`outcome gren`: a keyword misspelt where only keywords may stand."""
    near = nearest_keyword(e)
    return f"did you mean `{near}`?" if near else None


def nearest_keyword(e: TokenError) -> str | None:
    """The keyword that may stand where the token does nearest to its word, if any: the
    fix an editor offers."""
    if e.kind not in ("WORD", "CARD_ID"):
        return None
    keywords = [n.lower() for n in offered(e.expected) if n.isupper() and n not in SYMBOLS]
    near = difflib.get_close_matches(str(e.token), keywords, n=1, cutoff=0.6)
    return near[0] if near else None


# Where each kind of row stands.
_DICE_CHECK = 'an action\'s dice check (`action "Name" { outcome green: physical => … }` on a card or a sector)'
_ROW_HOMES = {"outcome": _DICE_CHECK, "track": _DICE_CHECK, "space": "a threat card", "attack": "a threat card",
              "alone": "a threat card", "damage": "an injury card", "heavy": "an injury card",
              "mental": "an injury card"}


def row_outside_its_card(e: TokenError) -> str | None:
    """`outcome green => …` in a log: a row of a card where no card is."""
    first = _WORD.match(e.before.strip())
    header = HEADER.match(e.text)
    if (e.kind == "_FATARROW" and "_FATARROW" not in e.expected and first is not None
            and first.group() in _ROW_HOMES and header is not None):
        return f"`{first.group()}` opens a row of {_ROW_HOMES[first.group()]}, not a line of a {header.group(1)}"
    return None


_IF_TARGET = re.compile(r"[ \t]*if[ \t]+(.+?)[ \t]+(log|location)[ \t]+(@?\w+)[ \t]*$")


def if_without_arrow(e: TokenError) -> str | None:
    """`if has unique 1 log 5`: an `if` without the `->` to where it leads."""
    first = _WORD.match(e.before.strip())
    if first is None or first.group() != "if" or "ARROW" not in e.expected:
        return None
    target = _IF_TARGET.match(e.before + e.after)
    if target is not None:
        return f"`->` stands before where an `if` leads: `if {target.group(1)} -> {target.group(2)} " \
               f"{target.group(3)}`"
    return "an `if` line says where it leads after its condition, with `->`"


def unescaped_quote(e: TokenError) -> str | None:
    """`text "He said "hi" to me"`: a `"` inside text, which ends the string early."""
    start = e.token.start_pos or 0
    if e.kind == "STRING" or not e.text.startswith('"', start - 1) or not e.after.endswith('"'):
        return None
    opened = string_ending(e.before)
    if opened is None or opened.group().startswith('"""'):
        return None
    inner = e.after[:-1].replace('"', '\\"')
    whole = f'{e.before[:opened.start()]}{opened.group()[:-1]}\\"{inner}"'.strip()
    return f'a `"` inside text is written `\\"`: `{whole}`'


def prose_without_text(e: TokenError) -> str | None:
    """`"The salt glitters."` as a line: prose without the `text` before it."""
    if e.kind != "STRING" or string_ending(e.before) is not None:
        return None
    if not e.before.strip() and {"TEXT", "WORD"} & e.expected:
        return f"prose is a `text` statement: `text {e.token}`"
    # After a whole statement, a string of words (not a name) is prose.
    if "_NL" in e.expected and " " in str(e.token).strip('" '):
        return f"prose is a `text` statement, on a line of its own: `text {e.token}`"
    return None


def two_strings(e: TokenError) -> str | None:
    """`text "One" "Two"`: a second string on a line that takes one."""
    if e.kind == "STRING" and string_ending(e.before) is not None:
        return "a line takes one string: join the two, or give the second a line of its own"
    return None


def path_without_arrow(e: TokenError) -> str | None:
    """`path 1 2 [travel]`: a path without `->` or `<->` between its sectors."""
    if e.kind == "NUMBER" and e.expected and e.expected <= {"ARROW", "TWO_WAY"}:
        return f"`->` leads one way, `<->` both ways: `{e.before.strip()} <-> {e.after}`"
    return None


def second_goto(e: TokenError) -> str | None:
    """`-> log 3 -> log 4`: two gotos on one line."""
    if e.kind == "ARROW" and "->" in e.before:
        return "a line leads to one place: give the second `->` a line of its own, or remove it"
    return None


_LAST_WORD = re.compile(r"(\w+)\s*$")


def card_kind_before(e: TokenError) -> Kind | None:
    """The card kind whose keyword stands right before the token (`mission 5`), so that
    the example of an expected card id is one of that kind (M01, not P101)."""
    if "CARD_ID" not in e.expected:
        return None
    lines = e.text.split("\n")
    line, column = e.token.line, e.token.column
    if line is None or column is None or not 0 < line <= len(lines):
        return None
    match = _LAST_WORD.search(lines[line - 1][:column - 1])
    kind = kind_named(match.group(1)) if match and is_kind(match.group(1)) else None
    return kind if kind is not None and kind.letter else None


def card_id_mistyped(e: TokenError) -> str | None:
    """`poi p101`, `poi PI01`: a card id in lower case, or with a letter for a digit."""
    kind = card_kind_before(e)
    word = str(e.token)
    if kind is None or kind.letter is None or len(word) < 2 or word[0].upper() != kind.letter:
        return None
    digits = digits_meant(word[1:])
    if digits is None or kind.letter + digits == word:
        return None
    meant = kind.letter + digits
    if word.upper() == meant:
        return f"a card's id is written in capitals: `{meant}`"
    return f"`{word}` has a letter for a digit: write `{meant}`"


def card_id_without_letter(e: TokenError) -> str | None:
    """`mission 5`: a card's id without its kind's letter."""
    kind = card_kind_before(e)
    if kind is None:
        return None
    return f"a {kind.name} card's id is {kind.letter} and digits: `{kind.keyword} {kind.example}`"


def two_semicolons(e: TokenError) -> str | None:
    """`gain success 1;; return`: one `;` too many."""
    if e.kind == "_SEMI" and e.text[:e.token.start_pos].rstrip().endswith(";"):
        return "`;` joins two effects: remove the one too many"
    return None


def brace_closing_nothing(e: TokenError) -> str | None:
    """A `}` after the block it meant to close was closed already."""
    if e.kind == "_RBRACE" and "_RBRACE" not in e.expected:
        return "this `}` closes no block: remove it, or the `}` above it that closed the block too early"
    return None


def goto_among_effects(e: TokenError) -> str | None:
    """`outcome green -> log 12`: a goto where a row's effects go, without its `=>`."""
    if e.kind == "ARROW" and "_FATARROW" in e.expected:
        return "effects follow `=>`; `->` is a goto among them: `=> -> log 12`"
    return None


def brace_on_next_line(e: TokenError) -> str | None:
    """A block's `{` put on the line after its header."""
    if e.kind == "_NL" and "_LBRACE" in e.expected:
        return "a block opens on the line of its header: put `{` at the end of this line"
    return None


# How the last resorts' hints begin (see LAST_RESORT).
WHOLE_LINE = "the line is whole before "
STRAY_BRACE = "a `{` opens a block at the end of its header's line"
ONE_OF = "here stands "


def stray_brace(e: TokenError) -> str | None:
    """A `{` where no block opens (a header's words left out)."""
    if e.kind == "_LBRACE" and "_LBRACE" not in e.expected:
        return f'{STRAY_BRACE} (`action "Name" {{`): remove this one, or write the header it lacks'
    return None


def one_of_few_keywords(e: TokenError) -> str | None:
    """A word where one of a few keywords goes: each way of going on, written out."""
    before = e.before.strip()
    keywords = sorted(n.lower() for n in e.expected if n.isupper() and n not in SYMBOLS)
    if e.kind == "WORD" and before and 0 < len(keywords) == len(e.expected) <= 3:
        return ONE_OF + " or ".join(f"`{before} {k}`" for k in keywords)
    return None


def list_without_commas(e: TokenError) -> str | None:
    """`biomes frigid ruins`: the words of a list without the `,` between them."""
    if e.kind != "WORD" or "_COMMA" not in e.expected:
        return None
    statement = re.split(r"[;{]", e.before)[-1].strip()
    if not statement:
        return None
    return f"a list's words are joined with `,`: `{statement}, {e.token}`"


def number_left_out(e: TokenError) -> str | None:
    """`start location`: a line that ends before the number it names."""
    if e.kind not in ("_NL", "$END") or not {"NUMBER", "LABEL"} & e.expected:
        return None
    code = e.before.strip()
    code = code[:comment_at(code)].rstrip()
    return f"say which one by its number: `{code} 1`" if code else None


def pack_without_its_keyword(e: TokenError) -> str | None:
    """`frost_moon {` at the top of a file: a pack declared without the word `pack`."""
    if e.kind != "WORD" or e.before.strip() or "PACK" not in e.expected or not e.after.endswith("{"):
        return None
    return f"a pack is declared with its keyword: `pack {e.after}`"


def more_than_the_line_takes(e: TokenError) -> str | None:
    """Something after a statement that is whole: a stray word, or one of its own line."""
    if "_NL" in e.expected and e.kind not in ("_NL", "$END", "_RBRACE"):
        return f"{WHOLE_LINE}{describe_token(e.token)}: remove it, or give it a line of its own"
    return None


TOKEN_HINTS: tuple[Callable[[TokenError], str | None], ...] = (
    goto_target_first, block_comment, requirement_without_colon, dangling_plus, starred_exit_with_travel,
    payment_after_effects, arrow_for_fatarrow, payment_without_fatarrow, missing_semicolon,
    second_fatarrow, effect_list_on_one_effect_line, effects_without_fatarrow,
    text_without_quotes, goto_without_kind, card_for_log, choice_without_goto, action_without_cost,
    misspelt_keyword,
    row_outside_its_card, if_without_arrow, unescaped_quote, two_strings, prose_without_text,
    path_without_arrow, second_goto,
    card_id_mistyped, card_id_without_letter, two_semicolons, brace_closing_nothing, goto_among_effects,
    brace_on_next_line,
    stray_brace, list_without_commas, number_left_out, pack_without_its_keyword, one_of_few_keywords,
    more_than_the_line_takes,
)


# The last resorts: their hints are guesses (Applicability.GUESS), which a caller with
# a better explanation of the line replaces.
LAST_RESORT = frozenset({stray_brace, one_of_few_keywords, more_than_the_line_takes})


def token_hint(e: TokenError) -> tuple[str | None, Callable[[TokenError], str | None] | None]:
    """The first hint of TOKEN_HINTS that answers, and the function that gave it."""
    for hint in TOKEN_HINTS:
        found = hint(e)
        if found is not None:
            return found, hint
    return None, None


class CharacterError(NamedTuple):
    """A character no token starts with."""
    text: str                 # the declaration's text
    at: int                   # where the character stands in it
    allowed: frozenset[str]   # the terminals the lexer would have taken there

    @property
    def char(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""


_LABEL_BEFORE = re.compile(r"@\w+$")
_LABEL_REST = re.compile(r"[\w-]+")


def dash_in_label(e: CharacterError) -> str | None:
    """`@the-end`: a dash in a label."""
    label = _LABEL_BEFORE.search(e.text, 0, e.at) if e.char == "-" else None
    if label is None:
        return None
    rest = _LABEL_REST.match(e.text, e.at)
    meant = label.group() + (rest.group().replace("-", "_") if rest else "")
    return f"a label is letters, digits and `_`: `{meant}`"


def negative_number(e: CharacterError) -> str | None:
    """`gain supplies -1`: a sign before a number."""
    if e.char == "-" and e.text[e.at + 1:e.at + 2].isdigit():
        return "a number has no sign: `lose`, `spend` or `reduce` takes away"
    return None


def half_arrow(e: CharacterError) -> str | None:
    """`path 1 - 2`: a dash where an arrow goes."""
    if e.char == "-" and e.allowed and e.allowed <= {"ARROW", "TWO_WAY"}:
        return "`->` leads one way, `<->` both ways"
    return None


def curly_quotes(e: CharacterError) -> str | None:
    """Quotes a word processor curled, in text pasted from it."""
    if e.char and e.char in "\u201c\u201d\u201e":
        return 'write straight quotes: "…" (curly quotes inside a string print curled anyway)'
    return None


def single_quotes(e: CharacterError) -> str | None:
    """`text 'Hello'`: text in single quotes."""
    if e.char and e.char in "'\u2018\u2019":
        return 'text goes in double quotes: "…"'
    return None


def hash_comment(e: CharacterError) -> str | None:
    """`# note`: a comment of another language."""
    return "a comment starts with `//`" if e.char == "#" else None


def block_comment_opening(e: CharacterError) -> str | None:
    """`/* note */`: a block comment of another language."""
    if e.char == "/" and e.text.startswith("/*", e.at):
        return "a comment starts with `//` and runs to the end of its line; VCL has no `/* … */`"
    return None


_NAME_CHARACTER = re.compile(r"\w")


def number_meant(text: str, at: int) -> tuple[int, str, str] | None:
    """The word that the character at `at` stands in when it starts with a digit and
    reads as a number with letters that look like digits (`2O`, `1l`): where it starts,
    the word and the number meant; None for any other word."""
    start = at
    while start > 0 and _NAME_CHARACTER.match(text, start - 1):
        start -= 1
    end = at
    while end < len(text) and _NAME_CHARACTER.match(text, end):
        end += 1
    word = text[start:end]
    meant = read_number(word)
    return (start, word, meant) if meant is not None and meant != word else None


def letter_for_digit(e: CharacterError) -> str | None:
    """`2O` for `20`, `1l` for `11`: a letter typed for the digit it looks like."""
    meant = number_meant(e.text, e.at)
    if meant is None:
        return None
    _, written, number = meant
    return f"`{written}` has a letter for a digit: write `{number}`"


def foreign_name(e: CharacterError) -> str | None:
    """`café`, `north-east`: a name with a letter of another script or a dash."""
    if e.char == "-" or (e.char.isalnum() and not e.char.isascii()):
        name = _name_around(e.text, e.at)
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


CHARACTER_HINTS: tuple[Callable[[CharacterError], str | None], ...] = (
    dash_in_label, negative_number, half_arrow, curly_quotes, single_quotes, hash_comment,
    block_comment_opening, letter_for_digit, foreign_name,
)


def character_hint(e: CharacterError) -> str | None:
    """The first hint of CHARACTER_HINTS that answers."""
    for hint in CHARACTER_HINTS:
        found = hint(e)
        if found is not None:
            return found
    return None
