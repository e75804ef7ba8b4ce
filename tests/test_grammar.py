"""The grammar itself: conflict-free LALR, named terminals, and every reference
construct parsed."""
import json
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.exceptions import UnexpectedInput

from conftest import CONTENT, ROOT
from vcompiler.parse import lexer

GRAMMAR = (ROOT / "grammar" / "vcl.lark").read_text(encoding="utf-8")
TEXTMATE = sorted((ROOT / "editors" / "vscode" / "syntaxes").glob("*.json"))


def test_grammar_has_no_lalr_conflicts():
    # strict=True turns every shift/reduce conflict and terminal collision into an error.
    Lark(GRAMMAR, parser="lalr", lexer="contextual", strict=True)


def test_every_terminal_is_named():
    parser = Lark(GRAMMAR, parser="lalr", lexer="contextual")
    anonymous = [t.name for t in parser.terminals if t.name.startswith("__ANON")]
    assert anonymous == []


@pytest.mark.parametrize("path", sorted(CONTENT.glob("*/*.vcl")), ids=lambda p: f"{p.parent.name}/{p.name}")
def _keywords(grammar: str) -> set[str]:
    """The words the grammar spells out, in terminals and rules alike."""
    code = re.sub(r"//[^\n]*", "", grammar)
    return set(re.findall(r'"([a-z_][a-z0-9_]*)"', code))


def _patterns(node: object) -> list[str]:
    if isinstance(node, dict):
        return [p for key, value in node.items()
                for p in ([value] if key in ("match", "begin") and isinstance(value, str) else _patterns(value))]
    if isinstance(node, list):
        return [p for value in node for p in _patterns(value)]
    return []


@pytest.mark.parametrize("path", TEXTMATE, ids=lambda p: p.name)
def test_every_keyword_of_the_grammar_is_coloured_by_the_editor_grammar(path):
    # The editor's patterns list words as alternatives of a group: `\b(if|else|choice)\b`.
    listed = {word for pattern in _patterns(json.loads(path.read_text(encoding="utf-8")))
              for group in re.findall(r"\(((?:[a-z_][a-z0-9_]*\|)*[a-z_][a-z0-9_]*)\)", pattern)
              for word in group.split("|")}
    keywords = _keywords(GRAMMAR)
    assert {"log", "rank_up", "threat", "if"} <= keywords
    assert sorted(keywords - listed) == [], "run `python -m vcompiler.docs`"


def test_the_keyword_check_sees_a_missing_keyword():
    assert _keywords('FOO: "foo"\nbar: FOO "baz" // "qux"\n') == {"foo", "baz"}


@pytest.mark.parametrize("path", sorted(CONTENT.glob("*/*.vcl")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_reference_files_parse(path):
    parser = Lark(GRAMMAR, parser="lalr", lexer="contextual")
    parser.parse(path.read_text(encoding="utf-8"))


def test_long_string_is_not_lexed_as_empty_string():
    parser = Lark(GRAMMAR, parser="lalr", lexer="contextual")
    tree = parser.parse('log 1 {\n  text """\n  a "quoted" word\n  """\n}\n')
    strings = [t for t in tree.scan_values(lambda v: getattr(v, "type", "") == "STRING")]
    assert len(strings) == 1 and strings[0].startswith('"""')


def test_keywords_come_back_as_words_in_arguments():
    parser = Lark(GRAMMAR, parser="lalr", lexer="contextual")
    tree = parser.parse('log 1 {\n  roll danger T\n  set condition G01\n  gain unique 1\n  return\n}\n')
    words = [str(t) for t in tree.scan_values(lambda v: getattr(v, "type", "") == "WORD")]
    assert words == ["roll", "danger", "T", "set", "condition", "gain", "unique", "return"]


# ---------------------------------------------------------------- strings and comments
# Every reader of source text but the parser finds strings and comments through
# vcompiler.parse.lexer: its patterns must be the grammar's, and read what Lark reads.
def _terminal_patterns(name: str) -> list[str]:
    line = next(line for line in GRAMMAR.splitlines() if line.split(":")[0].split(".")[0] == name)
    return re.findall(r"/((?:[^/\\]|\\.)+)/", line.split(":", 1)[1])


def test_the_lexers_strings_and_comments_are_the_grammars_terminals():
    assert [p.replace("\\/", "/") for p in _terminal_patterns("STRING")] == [lexer.LONG_STRING, lexer.ONE_LINE_STRING]
    assert [p.replace("\\/", "/") for p in _terminal_patterns("COMMENT")] == [lexer.COMMENT]


_PIECES = st.sampled_from(['"', '"""', "\\", '\\"', "/", "//", "\n", " ", "a", "7", "{", "}", ";", "log", "*"])
_BASIC = Lark(GRAMMAR, parser=None, lexer="basic")     # a lexer alone


def _lark_text_spans(text: str) -> list[tuple[int, int]] | None:
    """Where Lark's lexer reads a string or a comment; None when it cannot lex the text.
    A comment is what it ignores between tokens from a `//` on (or, on a line of its own,
    part of the _NL token before it)."""
    spans = []
    gaps = []
    at = 0
    try:
        for token in _BASIC.lex(text):
            gaps.append((at, token.start_pos))
            at = token.end_pos
            if token.type == "STRING":
                spans.append((token.start_pos, token.end_pos))
            elif token.type == "_NL":
                gaps.append((token.start_pos, token.end_pos))
    except UnexpectedInput:
        return None
    gaps.append((at, len(text)))
    for start, end in gaps:
        spans.extend((start + m.start(), start + m.end()) for m in re.finditer(r"//[^\n]*", text[start:end]))
    return sorted(spans)


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=30).map("".join))
def test_the_lexer_finds_the_strings_and_comments_lark_finds(text):
    expected = _lark_text_spans(text)
    assume(expected is not None)
    assert [m.span() for m in re.finditer(lexer.TEXT, text)] == expected
    assert [m.span() for m in lexer.comments(text)] == [s for s in expected if text.startswith("//", s[0])]


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=30).map("".join))
def test_the_possessive_string_reads_as_the_plain_one(text):
    plain = re.compile(lexer.OPEN_ONE_LINE_STRING)
    possessive = re.compile(lexer.OPEN_ONE_LINE_STRING_POSSESSIVE)
    for at in range(len(text)):
        found, fast = plain.match(text, at), possessive.match(text, at)
        assert (found and found.span()) == (fast and fast.span())
    assert re.compile(lexer.COMMENT_POSSESSIVE).findall(text) == re.findall(lexer.COMMENT, text)


def test_words_and_comments_outside_strings():
    line = 'step "a // b { outcome" outcome green // allow W400 "x"'
    assert list(lexer.code_words(line)) == ["step", "outcome", "green"]
    assert [m.group() for m in lexer.comments(line)] == ['// allow W400 "x"']
    assert lexer.comment_at(line) == line.index("// allow")
    assert lexer.string_ending('text "say \\"hi\\""  ').group() == '"say \\"hi\\""'
    assert lexer.string_ending('text "a" b') is None
