"""What reaches the terminal is safe, and points where the lexer points: control
characters in source lines, messages and file names are shown escaped, and every
Unicode line separator counts as the lexer counts it (not at all)."""
import pytest

from conftest import VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.diagnostics import format_text, printable


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1e"])
def test_line_separators_do_not_shift_lines_or_allows(write_pack, separator):
    text = VANGUARD_HEADER + (
        f'// a comment with a separator{separator}in it\n'
        f'log 1 "Start" {{\n  text "A text{separator}with one too."\n  end exploration\n}}\n'
        'log 2 "Silenced" { // allow W400\n  end exploration\n}\n'
        'log 3 "Reported" {\n  end exploration\n}\n')
    folder = write_pack({"pack.vcl": text})
    result = compile_pack(folder)
    lines = text.split("\n")
    found = [(d.code.id, d.span.line) for d in result.diagnostics]
    # The separator in the text prints wrong (E110); neither moves a line after it.
    assert found == [("E110", lines.index(f'  text "A text{separator}with one too."') + 1),
                     ("W400", lines.index('log 3 "Reported" {') + 1)]
    report = format_text(list(result.diagnostics), result.sources)
    assert ' | log 3 "Reported" {' in report
    assert separator not in report


def test_control_characters_in_a_source_line_are_escaped_and_the_caret_follows(write_pack):
    text = VANGUARD_HEADER + 'log 1 "Start" {\n  text "\x1b[2J\x1b]0;owned\x07 here {log 99}"\n  end exploration\n}\n'
    folder = write_pack({"pack.vcl": text})
    result = compile_pack(folder)
    whole = format_text(list(result.diagnostics), result.sources)     # E110 at the bell too
    assert "\x1b" not in whole and "\x07" not in whole and "E110" in whole
    report = format_text([d for d in result.diagnostics if d.code.id == "E200"], result.sources)
    assert "\\x1b[2J\\x1b]0;owned\\x07 here {log 99}" in report
    source_line, caret_line = [line for line in report.splitlines() if " | " in line][:2]
    start = source_line.index("{log 99}")
    assert caret_line.index("^") == start and caret_line.count("^") == len("{log 99}")


def test_bidirectional_controls_are_shown():
    assert printable("abc\u202edcba") == "abc\\u202edcba"
    assert printable("plain text, ünïcödé") == "plain text, ünïcödé"
