"""The grammar itself: conflict-free LALR, named terminals, and every reference
construct parsed."""
import json
import re

import pytest
from lark import Lark

from conftest import CONTENT, ROOT

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
