"""The parse stage: AST shapes and exact positions, markup, and syntax errors."""
from pathlib import Path

import pytest

from vcompiler import ast
from vcompiler.parse import parse_source
from vcompiler.parse.split import split_declarations
from vcompiler.source import SourceFile


def parse(text: str):
    return parse_source(SourceFile.from_text(Path("f.vcl"), "f.vcl", "f.vcl", text))


def only(result):
    assert len(result.file.declarations) == 1, result.diagnostics
    return result.file.declarations[0]


def codes_at(result):
    return [(d.code.id, d.span.line, d.span.column) for d in result.diagnostics]


def test_log_header_and_statement_positions():
    log = only(parse('log 12 "Title" {\n  gain success 2\n  -> log @next\n}\n'))
    assert (log.span.line, log.span.column, log.span.end_column) == (1, 1, 15)
    assert log.target == ast.Value("number", 12, log.target.span)
    effect = log.statements[0].effect.options[0]
    assert effect.verb.value == "gain" and [a.value for a in effect.args] == ["success", 2]
    assert (effect.span.line, effect.span.column, effect.span.end_column) == (2, 3, 17)
    goto = log.statements[1].effect.options[0]
    assert goto.kind == "log" and goto.target.kind == "label" and goto.target.value == "next"
    assert (goto.target.span.line, goto.target.span.column) == (3, 10)


def test_markup_in_a_long_string_points_at_its_real_line_and_column():
    text = 'log 1 {\n  text """\n      First line.\n      Then {log 7} and {icon success}.\n  """\n  return\n}\n'
    log = only(parse(text))
    paragraph = log.statements[0].text.paragraphs[0]
    ref = next(n for n in paragraph if isinstance(n, ast.Ref))
    icon = next(n for n in paragraph if isinstance(n, ast.Icon))
    assert (ref.span.line, ref.span.column, ref.span.end_column) == (4, 12, 19)
    assert (icon.span.line, icon.span.column) == (4, 24)
    assert paragraph[0] == ast.Run("First line. Then ")


def test_long_string_layout_dedents_and_splits_paragraphs():
    text = 'log 1 {\n  text """\n\n    One\n      two.\n\n    Three.\n\n  """\n  return\n}\n'
    texts = only(parse(text)).statements[0].text
    # A line break inside a paragraph reads as one space, whatever the indentation.
    assert texts.plain() == "One two.\n\nThree."
    assert len(texts.paragraphs) == 2


def test_a_paragraph_indented_with_tabs_and_spaces_mixed_starts_at_its_first_word():
    # The tab counts one character and the spaces four: the lines share one, and the
    # three left over would print before the paragraph.
    text = 'log 1 {\n  text """\n\tOne\n\ttwo.\n\n    {lgo 3} Three.\n  """\n  return\n}\n'
    result = parse(text)
    assert codes_at(result) == [("E102", 6, 5)]
    assert only(parse(text.replace("{lgo 3}", "Then"))).statements[0].text.plain() == "One two.\n\nThen Three."


def test_one_line_string_escapes_keep_positions():
    log = only(parse('log 1 {\n  text "say \\"hi\\" to {log 2}"\n  return\n}\n'))
    paragraph = log.statements[0].text.paragraphs[0]
    assert paragraph[0] == ast.Run('say "hi" to ')
    assert (paragraph[1].span.line, paragraph[1].span.column) == (2, 23)


def test_emphasis_and_strong_nest():
    log = only(parse('log 1 {\n  text "a *b **c** d* e"\n  return\n}\n'))
    paragraph = log.statements[0].text.paragraphs[0]
    emphasis = paragraph[1]
    assert isinstance(emphasis, ast.Emphasis) and not emphasis.strong
    assert emphasis.children[1] == ast.Emphasis((ast.Run("c"),), True)


def test_a_lone_star_between_spaces_is_text():
    log = only(parse('log 1 {\n  text "2 * 3"\n  return\n}\n'))
    assert log.statements[0].text.plain() == "2 * 3"


def test_backslash_escapes_print_markup_characters_as_text():
    result = parse('log 1 {\n  text "5\\* \\*\\*not strong\\*\\* \\{log 2\\} C:\\\\x *em* {log 3}"\n'
                   '  text """\n  long \\* \\{ \\\\ \\n\n  """\n  return\n}\n')
    assert result.diagnostics == ()
    log = only(result)
    first, second = (s.text.paragraphs[0] for s in log.statements[:2])
    assert first[0] == ast.Run("5* **not strong** {log 2} C:\\x ")
    assert first[1] == ast.Emphasis((ast.Run("em"),), False)
    # The reference after the escapes is where the file has it, backslashes counted.
    assert (first[3].span.line, first[3].span.column) == (2, 53)
    assert second == (ast.Run("long * { \\ \\n"),)


def test_a_star_between_digits_is_a_times_sign_not_emphasis():
    result = parse('log 1 {\n  text "It is 5*3 metres deep, 2*2 wide, x*2 high and *very* 4**2 cold: *dig 3*."\n'
                   '  return\n}\n')
    assert result.diagnostics == ()
    assert only(result).statements[0].text.paragraphs[0] == (
        ast.Run("It is 5*3 metres deep, 2*2 wide, x*2 high and "), ast.Emphasis((ast.Run("very"),), False),
        ast.Run(" 4**2 cold: "), ast.Emphasis((ast.Run("dig 3"),), False), ast.Run("."))
    # Between letters a star still opens emphasis, and one between digits still closes it.
    result = parse('log 1 {\n  text "un*believ*able, *page 3*4"\n  return\n}\n')
    assert result.diagnostics == ()
    assert only(result).statements[0].text.paragraphs[0] == (
        ast.Run("un"), ast.Emphasis((ast.Run("believ"),), False), ast.Run("able, "),
        ast.Emphasis((ast.Run("page 3"),), False), ast.Run("4"))


def test_an_escaped_backslash_before_a_star_leaves_the_star_markup():
    log = only(parse('log 1 {\n  text "\\\\*x*"\n  return\n}\n'))
    assert log.statements[0].text.paragraphs[0] == (ast.Run("\\"), ast.Emphasis((ast.Run("x"),), False))


def test_unknown_markup_is_E102_at_its_position_with_a_suggestion():
    result = parse('log 1 {\n  text """\n  fine\n  has {lgo 3} here\n  """\n  return\n}\n')
    assert codes_at(result) == [("E102", 4, 7)]
    assert result.diagnostics[0].hint == "did you mean {log 3}?"


def test_unclosed_emphasis_and_brace_are_E102():
    result = parse('log 1 {\n  text "an *open end"\n  text "a {log 3"\n  return\n}\n')
    assert codes_at(result) == [("E102", 2, 12), ("E102", 3, 11)]


def test_unknown_icon_is_E102_with_the_nearest_icon():
    result = parse('log 1 {\n  text "{icon sucess}"\n  return\n}\n')
    assert codes_at(result) == [("E102", 2, 9)]
    assert "success" in result.diagnostics[0].hint


def test_syntax_error_names_what_was_expected():
    result = parse('log 1 "Start" {\n  -> log "three"\n}\n')
    assert codes_at(result) == [("E100", 2, 10)]
    assert result.diagnostics[0].message == 'unexpected string "three"; expected a number or an @label'


def test_misspelt_keyword_gets_a_suggestion():
    result = parse('pack p {\n  titel "x"\n}\n')
    assert codes_at(result) == [("E100", 2, 3)]
    assert result.diagnostics[0].hint == "did you mean `title`?"


def test_one_syntax_error_per_declaration_and_the_others_still_parse():
    text = ('log 1 {\n  -> log "x"\n  gain gain\n}\n\n'
            'log 2 {\n  return\n}\n\n'
            'log 3 {\n  choice -> log 2\n}\n\n'
            'log 4 {\n  return\n}\n')
    result = parse(text)
    assert codes_at(result) == [("E100", 2, 10), ("E100", 11, 10)]
    assert [d.target.value for d in result.file.declarations] == [2, 4]
    assert result.unparsed == (("log", 1), ("log", 3))


def test_missing_closing_brace_does_not_swallow_the_next_declaration():
    result = parse('log 1 {\n  return\n\nlog 2 {\n  return\n}\n')
    assert codes_at(result) == [("E100", 1, 7)]           # at the `{` left open, not at `return`
    assert result.diagnostics[0].message == ("log 1 is not closed: its `{` opens here and no `}` closes it "
                                             "before the declaration on line 4")
    assert result.diagnostics[0].hint == "add `}` where log 1 ends"
    assert [d.target.value for d in result.file.declarations] == [2]


def test_a_missing_brace_at_the_end_of_the_file_names_the_declaration():
    result = parse('log 2 {\n  return\n}\n\nlog @cave "Cave" {\n  text "{log 2} and } in text"  // }\n  return\n')
    assert codes_at(result) == [("E100", 5, 18)]
    assert result.diagnostics[0].message.startswith("log @cave is not closed")
    assert result.diagnostics[0].message.endswith("before the end of the file")


def test_an_inner_block_missing_its_brace_is_reported_where_it_opens():
    # The last `}` stands where the poi's would, so it is the action's `{` that lacks one.
    result = parse('poi P101 "Wreck" {\n  biomes tutorial\n  action "Search" {\n'
                   '    outcome green => gain success 1\n\n}\n')
    assert codes_at(result) == [("E100", 3, 19)]
    assert result.diagnostics[0].message == 'the block `action "Search" {` of poi P101 opens here and is not closed'
    assert result.diagnostics[0].hint == ("the `}` on line 6 closes it, not poi P101: add the `}` this block lacks")


def test_unterminated_long_string_is_E101_where_it_opens_and_stops_the_file():
    result = parse('log 1 {\n  text """\n  runs on\n  return\n}\n\nlog 2 {\n  return\n}\n')
    assert codes_at(result) == [("E101", 2, 8)]


def test_unterminated_one_line_string_is_E101_and_parsing_goes_on():
    result = parse('log 1 {\n  text "runs on\n  return\n}\n\nlog 2 {\n  return\n}\n')
    assert codes_at(result) == [("E101", 2, 8)]
    assert [d.target.value for d in result.file.declarations] == [2]


def test_one_line_blocks_and_semicolons():
    log = only(parse('log @top "Top" { gain success 1; return }\n'))
    assert len(log.statements) == 2


def test_effect_list_after_arrow_takes_the_rest_of_the_line():
    card = only(parse('threat T01 "X" {\n  space 3 => threat attack 1; reset time\n'
                      '  space 4 => spend die; gain lead 1 / roll danger A\n}\n'))
    first, second = card.rows
    assert len(first.effects) == 2
    assert [len(c.options) for c in second.effects] == [1, 2]


def test_comments_are_ignored_but_not_inside_strings():
    log = only(parse('// head\nlog 1 { // trailing\n  // own line\n  text "a // b"\n  return\n}\n'))
    assert log.statements[0].text.plain() == "a // b"


def test_allow_comment_is_read_from_the_first_line():
    log = only(parse('log 5 "X" {  // allow W400, W406\n  return\n}\n'))
    assert log.allow == ("W400", "W406")


def test_split_ignores_braces_and_keywords_inside_strings():
    text = 'log 1 {\n  text """\nlog 9 { is text\n  """\n  return\n}\nlog 2 {\n  return\n}\n'
    chunks = split_declarations(text)
    assert [c.first_line for c in chunks] == [1, 7]


def test_a_number_where_text_belongs_gets_a_quotes_hint():
    result = parse('pack p {\n  version 1.0\n}\n')
    assert codes_at(result) == [("E100", 2, 11)]
    assert result.diagnostics[0].hint == 'text goes in quotes: "…"'


def test_a_goto_without_log_or_location_gets_a_hint():
    result = parse('log 1 "Start" {\n  choice "Go" -> 5\n  choice "Stay" -> log 6\n}\n')
    assert codes_at(result) == [("E100", 2, 18)]
    assert result.diagnostics[0].hint == "say what it leads to: `-> log 5` or `-> location 5`"


def test_an_expected_card_id_is_exemplified_by_the_kind_being_declared():
    result = parse('mission 5 "Regroup" {\n  text "x"\n}\n')
    assert codes_at(result) == [("E100", 1, 9)]
    assert result.diagnostics[0].message == "unexpected number `5`; expected a mission card id such as M01"
    assert result.diagnostics[0].hint == "a mission card's id is M and digits: `mission M01`"
    result = parse('planet q "Q" {\n  condition 9\n}\n')
    assert codes_at(result) == [("E100", 2, 13)]
    assert "a condition card id such as G01" in result.diagnostics[0].message
    result = parse('planet q "Q" {\n  sector 1 { poi 5 printed }\n}\n')
    assert "a poi card id such as P101" in result.diagnostics[0].message


# ---------------------------------------------------------------- files parsed in parts
def _parts(source: SourceFile, count: int):
    from vcompiler.parse import cuts, parse_part
    places = cuts(source, count)
    ends = [start for start, _ in places[1:]] + [len(source.text)]
    return [parse_part(source, start, end, line) for (start, line), end in zip(places, ends)]


_TRICKY = '''log 1 "One" {  // allow W400
  text """
  Prose with a {log 2} and a brace } and a quote " here.
  """
  choice "On" -> log 2
  choice "Back" -> log 3
}

log 2 "Two" {
  text """
  An unclosed string swallows what follows it, up to a header line:
log 3 "Three" {
  text "closed"
  choice "A" -> log 1
  choice "B" -> log @far
}

log @far "Far" {
  txet "misspelt"
}

log 4 "Four" {
  choice "A" -> log 1
  choice "B" -> log 99
'''


def test_a_file_parsed_in_parts_is_the_file_parsed_whole():
    source = SourceFile.from_text(Path("f.vcl"), "f.vcl", "f.vcl", _TRICKY)
    whole = parse_source(source)
    assert {d.code.id for d in whole.diagnostics} and whole.unparsed and whole.allow_regions
    from vcompiler.parse import joined
    for count in range(2, 8):
        parts = _parts(source, count)
        assert len(parts) > 1
        assert joined(source, parts) == whole, count


def test_every_shipped_and_conformance_file_parses_the_same_in_parts():
    repository = Path(__file__).parent.parent
    _parses_the_same_in_parts([repository / "source_content", repository / "tests" / "conformance"])


@pytest.mark.shared
def test_every_shared_example_parses_the_same_in_parts():
    from conftest import EXAMPLES
    _parses_the_same_in_parts([EXAMPLES])


def _parses_the_same_in_parts(roots: list[Path]) -> None:
    from vcompiler.parse import joined
    files = [path for root in roots if root.exists() for path in sorted(root.rglob("*.vcl"))]
    assert files
    cut = 0
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        source = SourceFile.from_text(path, str(path), path.name, text)
        whole = parse_source(source)
        for count in (2, 5):
            parts = _parts(source, count)
            cut += len(parts) > 1
            assert joined(source, parts) == whole, (path, count)
    assert cut > len(files) // 2
