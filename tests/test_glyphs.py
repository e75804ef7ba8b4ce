"""E110: characters the bundled fonts cannot draw are found by `check`, from a table of
what the fonts cover, and a build stops at exactly what `check` reports."""
import json

from click.testing import CliRunner
from test_render import A5, font_families, pages_text

from conftest import VANGUARD_HEADER, renderers_loaded
from vcompiler.checks.glyphs import drawn
from vcompiler.checks.printable import BOUNDS
from vcompiler.compile import compile_pack
from vcompiler.driver.cli import main
from vcompiler.render import coverage
from vcompiler.render.books import logbook
from vcompiler.render.pdf import render_book


def _log(text: str, number: int = 1, then: str = "return") -> str:
    return f'log {number} "Log {number}" {{\n  text "{text}"\n  {then}\n}}\n'


def _e110(diagnostics) -> list[tuple[int, int, int, str]]:
    return [(d["line"], d["column"], d["end_column"], d["message"]) for d in diagnostics if d["code"] == "E110"]


def test_the_table_is_what_the_bundled_fonts_draw():
    points = coverage.printable()
    assert coverage.TABLE.read_text(encoding="utf-8") == coverage.table_text(points), \
        "run `python -m vcompiler.render.coverage`"
    assert tuple(coverage.bounds(points)) == BOUNDS
    # Every code point on either side of every bound, read from the table as check reads it.
    for point in {p + d for p in BOUNDS for d in (-1, 0)}:
        if chr(point).isprintable():
            assert drawn(chr(point)) == (point in points), hex(point)


def test_check_marks_the_character_itself_with_its_line_a_caret_and_a_hint(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + _log("Lift off \U0001f680 now, 漢字.")})
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1
    report = result.output
    assert ("pack.vcl:8:18: error E110: log 1 has characters the printed fonts cannot draw: "
            "`\U0001f680` (U+1F680 rocket), `漢` (U+6F22 cjk unified ideograph-6f22), "
            "`字` (U+5B57 cjk unified ideograph-5b57)") in report
    lines = report.splitlines()
    source = next(i for i, line in enumerate(lines) if 'text "Lift off' in line)
    caret = lines[source + 1]
    assert lines[source][caret.index("^")] == "\U0001f680" and caret.count("^") == 1
    assert "DejaVu Serif" in report and "no emoji, no Chinese, Japanese or Korean" in report
    # What to write instead of the emoji, and of the letters of a script the fonts lack.
    assert "write it in words" in report and "{icon NAME}" in report and "spell the word in letters" in report


def test_check_and_build_agree_on_emoji_cjk_marks_and_accented_latin(write_pack, tmp_path):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER
                         + _log("Café, naïve, e\u0301té, Łódź.", 1, "-> log 2")
                         + _log("A star \u2b50 above.", 2, "-> log 3")
                         + _log("The sign 門 is carved.", 3, "-> log 4")
                         + _log("Old ink: a\u0363 mark.", 4, "-> log 5")
                         + _log("// a \U0001f680 in the text of a string is printed", 5, "-> log 6")
                         + _log("A private sign \ue000, a zero\u200bwidth space, an ideographic\u3000space.", 6),
                         "notes.vcl": "// A comment is not printed: \U0001f680 漢\n"})
    check = CliRunner().invoke(main, ["check", str(folder), "--format", "json"])
    assert check.exit_code == 1
    found = _e110(json.loads(check.stdout)["diagnostics"])
    assert found == [
        (12, 16, 17, "log 2 has a character the printed fonts cannot draw: `\u2b50` (U+2B50 white medium star)"),
        (16, 18, 19, "log 3 has a character the printed fonts cannot draw: `門` (U+9580 cjk unified ideograph-9580)"),
        (20, 19, 20, "log 4 has a character the printed fonts cannot draw: "
                     "`\u0363` (U+0363 combining latin small letter a)"),
        (24, 14, 15, "log 5 has a character the printed fonts cannot draw: `\U0001f680` (U+1F680 rocket)"),
        # A private-use code point takes a glyph no bundled font has; spaces take none.
        (28, 24, 25, "log 6 has a character the printed fonts cannot draw: `\ue000` (U+E000 private use)")]
    out = tmp_path / "out"
    build = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--format", "json"])
    assert build.exit_code == 1
    assert json.loads(build.stdout)["diagnostics"] == json.loads(check.stdout)["diagnostics"]
    assert not out.exists()
    # The bundle and the reader are not printed with the fonts.
    for only in ("json", "html"):
        assert CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", only]).exit_code == 0


def test_what_check_accepts_prints_with_the_packages_fonts_only(write_pack):
    text = "Fine: é e\u0301 ñ ß Ω ≤ → ✓ ★ • ½ *Ærø* **Łódź** Жук א"
    folder = write_pack({"pack.vcl": VANGUARD_HEADER.replace('"Test"', '"Départ — “ñ” ☐ ▸"') + _log(text)})
    result = compile_pack(folder)
    assert result.diagnostics == ()
    pdf = render_book(logbook(result.model), A5)
    fonts = font_families(pdf)
    assert "Book-Serif" in fonts and all(f.startswith("Book-") for f in fonts), fonts
    assert "Жук" in " ".join(pages_text(pdf))


def test_check_loads_no_font_to_find_a_missing_glyph(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + _log("Lift off \U0001f680.")})
    loaded, printed = renderers_loaded(["check", str(folder)], 1)
    assert loaded == [] and "error E110" in printed


def test_a_labelled_log_is_named_as_written_with_its_number(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER.replace("start log 1", "start log 1\n  numbering 10..10")
                         + _log("Go on.", 1, "-> log @map")
                         + 'log @map "The Map \U0001f5fa" {\n  return\n}\n'})
    [found] = [d for d in compile_pack(folder).diagnostics if d.code.id == "E110"]
    assert found.message == ("log @map (10) has a character the printed fonts cannot draw: "
                             "`\U0001f5fa` (U+1F5FA world map)")


def test_invisible_characters_that_print_wrong_are_e110_each_where_it_stands(write_pack):
    # A bell and a line separator print as empty boxes (the separator breaks the line
    # too); a right-to-left override turns the words after it around. A tab, a
    # zero-width space, a soft hyphen and a direction mark print as meant; a control
    # character in a comment is not printed at all.
    folder = write_pack({"pack.vcl": VANGUARD_HEADER
                         + _log("a line\u2028separator, ctrl\x07bell", 1, "-> log 2")
                         + _log("Tab\there, zero\u200bwidth, soft\u00adhyphen, mark\u200e.", 2, "-> log 3")
                         + _log("reversed \u202eafter", 3)
                         + "// a bell \x07 in a comment\n"})
    check = CliRunner().invoke(main, ["check", str(folder), "--format", "json"])
    assert check.exit_code == 1
    diagnostics = json.loads(check.stdout)["diagnostics"]
    assert _e110(diagnostics) == [
        (8, 15, 16, "log 1 has invisible characters that print wrong: U+2028 (line separator: prints as an "
                    "empty box and breaks the line), U+0007 (bell: prints as an empty box)"),
        (16, 18, 19, "log 3 has an invisible character that prints wrong: U+202E (right-to-left override: "
                     "can print the words after it in another order)")]
    first = diagnostics[0]
    assert first["related"] == [{"message": "U+0007 (bell)", "file": first["file"], "line": 8, "column": 31,
                                 "end_line": 8, "end_column": 32}]
    assert "blank line" in first["hint"] and "delete the control character" in first["hint"]
    # In a terminal the characters are shown escaped, the caret under the first.
    text = CliRunner().invoke(main, ["check", str(folder)]).output.splitlines()
    source = next(i for i, line in enumerate(text) if "a line\\u2028separator" in line)
    assert "\x07" not in text[source] and "ctrl\\x07bell" in text[source]
    assert text[source][text[source + 1].index("^"):].startswith("\\u2028") and text[source + 1].count("^") == 6
