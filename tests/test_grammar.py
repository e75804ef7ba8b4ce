"""The grammar itself: conflict-free LALR, named terminals, and every reference
construct parsed."""
import pytest
from lark import Lark

from conftest import CONTENT, ROOT

GRAMMAR = (ROOT / "grammar" / "vcl.lark").read_text(encoding="utf-8")


def test_grammar_has_no_lalr_conflicts():
    # strict=True turns every shift/reduce conflict and terminal collision into an error.
    Lark(GRAMMAR, parser="lalr", lexer="contextual", strict=True)


def test_every_terminal_is_named():
    parser = Lark(GRAMMAR, parser="lalr", lexer="contextual")
    anonymous = [t.name for t in parser.terminals if t.name.startswith("__ANON")]
    assert anonymous == []


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
