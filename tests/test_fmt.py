"""The formatter: its layout, comments kept where they stand, files with errors left
as they are, the command line; and, over every shipped pack, every ```vcl block of
the docs, every case and mutants of them, that formatting twice is formatting once
and that a formatted pack compiles to the bundle of the pack as written (the
positions of its entries aside: a bundle says where each entry stands in its file)."""
import random
import re
import shutil
import sys

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import CONTENT, ROOT, VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.compile import compile_pack
from vcompiler.driver.cli import main
from vcompiler.emit.bundle import to_bundle
from vcompiler.fmt import _pieces, format_text

sys.path.insert(0, str(ROOT / "bench"))
from fuzz import mutate, mutate_text  # noqa: E402

DOCS_BLOCK = re.compile(r"^```vcl([^\n]*)\n(.*?)^```", re.S | re.M)
SHIPPED = sorted(CONTENT.rglob("*.vcl"))
CASES = sorted((ROOT / "tests" / "cases").glob("*.vcl"))


def fmt(text: str) -> str:
    formatted = format_text(text, "t.vcl")
    assert formatted.text is not None, [(d.code.id, d.message) for d in formatted.diagnostics]
    return formatted.text


# ---------------------------------------------------------------- layout
def test_layout_of_every_construct_of_a_line():
    messy = ('pack demo{game vanguard;title "T";version "1";start log 1\nnumbering 1 .. 99 seed 7}\n'
             'planet p "P"{path 1<->2[travel,spend die]\n sector 1{at 2 ,1}\n'
             ' sector 2 {poi slot;}}\n'
             'poi P1 "Q"{action "Try" danger 2{outcome green:a+b/2 c=>gain x 1;gain y 2;\n'
             'outcome red=>lose z 1;}}\n'
             'location 1 "L" { north * ; east 2 walk\n}\n')
    assert fmt(messy) == '''pack demo {
  game vanguard
  title "T"
  version "1"
  start log 1
  numbering 1..99 seed 7
}

planet p "P" {
  path 1 <-> 2 [travel, spend die]
  sector 1 { at 2, 1 }
  sector 2 { poi slot }
}

poi P1 "Q" {
  action "Try" danger 2 {
    outcome green: a + b / 2 c => gain x 1; gain y 2
    outcome red => lose z 1
  }
}

location 1 "L" {
  north *
  east 2 walk
}
'''


def test_comments_stay_where_they_stand():
    text = ('// the file\'s comment\n\n\n'
            'log 1 "A" { // allow W400\n'
            '      text "x" ; gain success 1   // after two statements\n'
            '// inside, at column 1\n'
            '\n\n\n'
            '  end exploration\n'
            '    // before the brace\n'
            '}  // after the brace\n'
            '// between\n'
            'log 2 { text "y"\n}\n'
            '// at the end')
    assert fmt(text) == '''// the file's comment

log 1 "A" {  // allow W400
  text "x"   // after two statements
  gain success 1
  // inside, at column 1

  end exploration
  // before the brace
}  // after the brace

// between
log 2 {
  text "y"
}

// at the end
'''


def test_comments_after_code_on_neighbouring_lines_are_aligned():
    text = ('planet p "P" {\n  mission M01 // one\n  unique 1 else gain success 1    // two\n  sector 1 {\n'
            '    lander // three\n  }\n\n  path 1 <-> 2 [travel]      // four\n}\n')
    assert fmt(text) == (
        'planet p "P" {\n  mission M01                   // one\n  unique 1 else gain success 1  // two\n'
        '  sector 1 {\n    lander                      // three\n  }\n\n  path 1 <-> 2 [travel]  // four\n}\n')


def test_an_allow_stays_on_the_first_line_of_its_declaration():
    text = 'danger A "Acid" { text "x"; text "y"  // allow W400\n}\n'
    assert fmt(text).splitlines()[0] == 'danger A "Acid" {  // allow W400'
    assert fmt('danger A "Acid" {text "x";}// allow W400\n') == 'danger A "Acid" { text "x" }  // allow W400\n'


def test_a_long_string_is_indented_as_its_line_and_its_words_are_kept():
    text = 'log 1 {\n        text """\n        First line\n          indented more   \n\n        Second\n    """\n}\n'
    assert fmt(text) == 'log 1 {\n  text """\n  First line\n    indented more\n\n  Second\n  """\n}\n'
    one_line = 'log 1 { text "  spaced   //  not a comment  " ; return }\n'
    assert fmt(one_line) == 'log 1 { text "  spaced   //  not a comment  "; return }\n'


def test_a_block_written_on_one_line_stays_on_one_line_when_it_fits():
    text = 'planet p "P" {\n  sector 1 {\n    poi slot\n  }\n  sector 2 {poi slot}\n  sector 3 {}\n}\n'
    assert fmt(text) == 'planet p "P" {\n  sector 1 {\n    poi slot\n  }\n  sector 2 { poi slot }\n  sector 3 {}\n}\n'
    nested = 'card 1 item "C" { action look "L" cost 1 { result { gain coin 1 } } }\n'
    assert fmt(nested) == nested
    long = 'log 1 { text "' + "w" * 80 + '"; return }\n'
    assert fmt(long) == 'log 1 {\n  text "' + "w" * 80 + '"\n  return\n}\n'
    assert fmt(fmt(long)) == fmt(long)


def test_a_file_that_does_not_parse_is_not_formatted():
    formatted = format_text('log 1 {\n  text "x"\n  choise "y" -> log 2\n}\n', "t.vcl")
    assert formatted.text is None
    assert [(d.code.id, d.span.line, d.span.column) for d in formatted.diagnostics] == [("E100", 3, 3)]


# ---------------------------------------------------------------- the command
def test_fmt_check_writes_nothing_and_lists_the_files_that_would_change(tmp_path):
    pack = tmp_path / "demo"
    shutil.copytree(CONTENT / "eye-of-the-void", pack)
    for file in pack.glob("*.vcl"):
        file.write_text(fmt(file.read_text(encoding="utf-8")), encoding="utf-8")
    planet = pack / "planet.vcl"
    messy = planet.read_text(encoding="utf-8").replace("  mission M01\n", "      mission M01   \n")
    planet.write_text(messy, encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", "--check", str(pack)])
    assert result.exit_code == 1
    assert f"would reformat {planet}" in result.output
    assert "logbook.vcl" not in result.output
    assert planet.read_text(encoding="utf-8") == messy
    diff = CliRunner().invoke(main, ["fmt", "--diff", str(planet)])
    assert diff.exit_code == 1 and "-      mission M01   \n+  mission M01\n" in diff.output
    assert planet.read_text(encoding="utf-8") == messy
    planet.chmod(0o640)
    done = CliRunner().invoke(main, ["fmt", str(pack)])
    assert done.exit_code == 0, done.output
    assert planet.read_text(encoding="utf-8") == fmt(messy)
    assert planet.stat().st_mode & 0o777 == 0o640
    assert not [p for p in pack.iterdir() if p.name.startswith(".")]       # no temporary file left
    assert CliRunner().invoke(main, ["fmt", "--check", str(pack)]).exit_code == 0


def test_fmt_leaves_a_file_with_a_syntax_error_as_it_is_and_reports_it(tmp_path):
    pack = tmp_path / "demo"
    pack.mkdir()
    good = pack / "pack.vcl"
    good.write_text(VANGUARD_HEADER.replace("  game", "game"), encoding="utf-8")
    bad = pack / "logs.vcl"
    broken = 'log 1 {\n      text "x"\n  choise "y" -> log 2\n}\n'
    bad.write_text(broken, encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", str(pack)])
    assert result.exit_code == 1
    assert f"{bad}:3:3: error E100" in result.output
    assert bad.read_text(encoding="utf-8") == broken
    assert good.read_text(encoding="utf-8") == VANGUARD_HEADER


def test_fmt_refuses_what_is_not_a_vcl_file(tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("x", encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", str(other)])
    assert result.exit_code == 2 and "is not a .vcl file" in result.output


# ---------------------------------------------------------------- properties
def _without_positions(value):
    """A bundle with each entry's source file kept, and its line and column left out."""
    if isinstance(value, dict):
        return {k: {"file": v["file"]} if k == "source" else _without_positions(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_positions(v) for v in value]
    return value


def _outcome(folder):
    """What a pack compiles to, wherever its entries stand in its files."""
    result = compile_pack(folder)
    codes = sorted(d.code.id for d in result.diagnostics)
    bundle = _without_positions(to_bundle(result.pack)) if result.pack is not None else None
    return codes, bundle


def _same_pack_formatted(files: dict[str, str], tmp_path) -> set[str]:
    """Format each file of a pack; formatting again changes nothing, and the pack
    compiles as before. Which files were formatted."""
    formatted = {}
    for name, text in files.items():
        result = format_text(text, name)
        if result.text is not None:
            assert format_text(result.text, name).text == result.text, name
            formatted[name] = result.text
    if all(files[name] == text for name, text in formatted.items()):
        return set(formatted)
    before, after = tmp_path / "before", tmp_path / "after"
    for folder, texts in ((before, files), (after, {**files, **formatted})):
        folder.mkdir(parents=True)
        for name, text in texts.items():
            (folder / name).write_text(text, encoding="utf-8")
    assert _outcome(after) == _outcome(before)
    return set(formatted)


@pytest.mark.parametrize("pack", sorted(p.name for p in CONTENT.iterdir() if p.is_dir()))
def test_a_shipped_pack_formats_to_the_same_bundle(pack, tmp_path):
    files = {p.name: p.read_text(encoding="utf-8") for p in (CONTENT / pack).glob("*.vcl")}
    assert _same_pack_formatted(files, tmp_path) == set(files)


def _docs_blocks():
    for path in sorted((ROOT / "docs").glob("*.md")):
        for match in DOCS_BLOCK.finditer(path.read_text(encoding="utf-8")):
            yield match.group(1), match.group(2)


def _as_pack(info: str, body: str) -> dict[str, str]:
    if re.search(r"^pack \w+", body, re.M):
        return {"block.vcl": body}
    return {"pack.vcl": VANTAGE_HEADER if "vantage" in info.split() else VANGUARD_HEADER, "block.vcl": body}


def test_every_docs_block_and_case_that_parses_formats_to_the_same_pack(tmp_path):
    packs = [_as_pack(info, body) for info, body in _docs_blocks()]
    blocks = len(packs)
    for case in CASES:
        text = case.read_text(encoding="utf-8")
        packs.append({"case.vcl": text} if re.search(r"^pack \w+", text, re.M)
                     else {"pack.vcl": VANTAGE_HEADER if "game vantage" in text else VANGUARD_HEADER,
                           "case.vcl": text})
    formatted = [_same_pack_formatted(files, tmp_path / str(n)) for n, files in enumerate(packs)]
    assert sum("block.vcl" in f for f in formatted) == blocks         # every block of the docs parses
    assert sum("case.vcl" in f for f in formatted) >= 80              # those of syntax errors do not


def test_fuzzed_packs_that_parse_format_to_the_same_pack(tmp_path):
    rng = random.Random(2026)
    corpus = [p.read_text(encoding="utf-8") for p in SHIPPED + CASES]
    formatted = 0
    for n in range(40):
        text = rng.choice(corpus)
        mutant = mutate(text, rng) if n % 2 else mutate_text(text, rng)
        done = _same_pack_formatted({"pack.vcl": VANGUARD_HEADER, "mutant.vcl": mutant}, tmp_path / str(n))
        formatted += "mutant.vcl" in done
    assert formatted >= 10


def _inside_long_strings(text: str) -> set[int]:
    """The lines (1-based) after the first of each `\"\"\"` string."""
    return {n for piece in _pieces(text) if getattr(piece, "type", "") == "STRING"
            for n in range(piece.line + 1, piece.end_line + 1)}


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_the_layout_does_not_depend_on_how_the_file_was_laid_out(data):
    """Any indentation (but none inside a block: a line at column 1 that starts with a
    declaration's keyword starts a declaration), spaces at line ends and blank lines
    doubled: the same text."""
    text = data.draw(st.sampled_from([p.read_text(encoding="utf-8") for p in SHIPPED]))
    inside = _inside_long_strings(text)
    lines = []
    for n, line in enumerate(text.split("\n"), 1):
        if n not in inside:
            least = 1 if line.startswith(" ") else 0
            line = " " * data.draw(st.integers(least, 7)) + line.strip(" ") + " " * data.draw(st.integers(0, 3))
            if not line.strip() and n + 1 not in inside and data.draw(st.booleans()):
                lines.append("")
        lines.append(line)
    assert fmt("\n".join(lines)) == fmt(text)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), path=st.sampled_from(SHIPPED + CASES))
def test_a_mutant_formats_once_or_is_left_as_it_is_with_its_diagnostics(seed, path):
    mutant = mutate(path.read_text(encoding="utf-8"), random.Random(seed))
    formatted = format_text(mutant, "m.vcl")
    if formatted.text is None:
        assert formatted.diagnostics and all(d.code.id != "E900" for d in formatted.diagnostics)
    else:
        assert format_text(formatted.text, "m.vcl").text == formatted.text


def test_the_shipped_packs_are_formatted():
    result = CliRunner().invoke(main, ["fmt", "--check", str(CONTENT)])
    assert result.exit_code == 0, result.output



def test_a_text_the_formatter_would_change_the_meaning_of_is_left_as_it_is(monkeypatch):
    import vcompiler.fmt as formatter

    monkeypatch.setattr(formatter, "_long_string", lambda raw, indent: raw.replace("first", "frist"))
    formatted = format_text('log 1 {\n  text """\n  first\n  """\n}\n', "t.vcl")
    assert formatted.text is None
    assert [(d.code.id, d.message) for d in formatted.diagnostics] == [
        ("E900", "the formatter would change what this file says; it is left as it is")]


def test_a_long_string_s_indentation_is_what_the_parse_stage_counts_as_one():
    # A form feed is not indentation to the parse stage: it stays before its word.
    text = 'log 1 {\n  text """\n      \ffoo\n        bar\n  """\n}\n'
    assert fmt(text) == 'log 1 {\n  text """\n  \ffoo\n    bar\n  """\n}\n'


def test_fmt_writes_a_file_of_windows_line_endings_and_a_byte_order_mark_as_lf_and_utf_8(tmp_path):
    file = tmp_path / "logs.vcl"
    file.write_bytes(b'\xef\xbb\xbflog 1 {\r\n  return\r\n}\r\n')
    assert CliRunner().invoke(main, ["fmt", "--check", str(file)]).exit_code == 1
    assert CliRunner().invoke(main, ["fmt", str(file)]).exit_code == 0
    assert file.read_bytes() == b"log 1 {\n  return\n}\n"
