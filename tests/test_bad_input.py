"""No input, however broken, gives a traceback: a coded diagnostic and exit 1."""
import json
import os

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import CONTENT, VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.driver.cli import main

BAD_FILES = {
    "binary": b"\x00\x01\x02PK\x03\x04" * 50,
    "latin-1": "log 1 \"Caf\xe9\" { return }\n".encode("latin-1"),
    "empty": b"",
    "one-long-line": b"log 1 { text \"" + b"a" * 10_000_000 + b"\" return }",
    "nested-braces": b"log 1 " + b"{" * 500 + b"}" * 500,
    "unterminated-at-eof": b'log 1 "Start" {\n  text "',
    "unterminated-long-at-eof": b'log 1 "Start" {\n  text """',
    "stray-closing": b"}}}}\nlog 1 { return }\n",
    "only-a-comment": b"// nothing here",
    "control-characters": b"log 1 { text \"a\x07b\" \x1b[31m }",
}


def check_json(folder):
    result = CliRunner().invoke(main, ["check", str(folder), "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    report = json.loads(result.output)
    return result.exit_code, report


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_gives_a_diagnostic_not_a_traceback(name, tmp_path):
    folder = tmp_path / name
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER, encoding="utf-8")
    (folder / "bad.vcl").write_bytes(BAD_FILES[name])
    code, report = check_json(folder)
    assert code in (0, 1)
    for d in report["diagnostics"]:
        assert d["code"][0] in "EW" and d["line"] >= 1 and d["column"] >= 1


def test_binary_and_latin_1_are_E103_at_the_right_place(tmp_path):
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + 'log 1 "S" { return }\n')
    (folder / "bin.vcl").write_bytes(BAD_FILES["binary"])
    (folder / "latin.vcl").write_bytes(b'\n\nlog 2 "Caf\xe9" { return }\n')
    code, report = check_json(folder)
    found = [(d["code"], d["file"].rsplit("/", 1)[-1], d["line"], d["column"]) for d in report["diagnostics"]
             if d["code"] == "E103"]
    assert code == 1
    assert found == [("E103", "bin.vcl", 1, 1), ("E103", "latin.vcl", 3, 11)]


def test_a_latin_1_file_shows_its_line_with_a_caret_under_the_bad_byte_and_nothing_else(tmp_path):
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER)       # starts at log 1, which the file defines
    # A character that is UTF-8 before the bad byte: the column counts characters.
    (folder / "latin.vcl").write_bytes(b'\nlog 1 "\xc3\x9cber Caf\xe9" { return }\n')
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].endswith("latin.vcl:2:16: error E103: the file is not UTF-8: byte 0xe9 at line 2")
    assert lines[1] == '    2 | log 1 "\u00dcber Caf\ufffd" { return }'
    assert lines[2] == "      |                " + "^"
    assert "Latin-1" in lines[3] and "save the file as UTF-8" in lines[3]
    assert lines[-1] == "1 error, 0 warnings"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_a_file_in_utf_16_or_32_is_told_to_be_saved_as_utf_8(tmp_path, encoding):
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + 'log 1 "S" { return }\n')
    data = 'log 2 "Two" { return }\n'.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    (folder / "notepad.vcl").write_bytes(data)
    code, report = check_json(folder)
    [found] = [d for d in report["diagnostics"] if d["code"] == "E103"]
    assert code == 1 and (found["line"], found["column"]) == (1, 1)
    assert found["message"] == f"the file is {encoding[:6].upper()}, not UTF-8"
    assert "save it as UTF-8" in found["hint"]


def test_old_mac_line_endings_are_lines(tmp_path):
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + 'log 1 "S" { return }\n')
    (folder / "mac.vcl").write_bytes(b'log 2 "Two" {\r  -> log 99\r}\r')
    code, report = check_json(folder)
    found = [(d["code"], d["line"], d["column"]) for d in report["diagnostics"] if d["file"].endswith("mac.vcl")]
    assert ("E200", 2, 3) in found


TOKENS = st.sampled_from(["{", "}", "\"", '"""', "->", "=>", ";", "/", "log", "@x", "12", "P1",
                          "\n", "gain", "//", "*", "{log 3}", "outcome", "red", ":"])


def _mutate(text: str, data) -> str:
    lines = text.split("\n")
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(["delete-line", "duplicate-line", "swap-lines", "delete-token",
                                          "duplicate-token", "insert-token", "swap-tokens"]))
        i = data.draw(st.integers(0, len(lines) - 1))
        j = data.draw(st.integers(0, len(lines) - 1))
        words = lines[i].split(" ")
        k = data.draw(st.integers(0, max(0, len(words) - 1)))
        if kind == "delete-line" and len(lines) > 1:
            del lines[i]
        elif kind == "duplicate-line":
            lines.insert(i, lines[i])
        elif kind == "swap-lines":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "delete-token":
            del words[k]
            lines[i] = " ".join(words)
        elif kind == "duplicate-token" and words:
            words.insert(k, words[k])
            lines[i] = " ".join(words)
        elif kind == "insert-token":
            words.insert(k, data.draw(TOKENS))
            lines[i] = " ".join(words)
        elif kind == "swap-tokens" and len(words) > 1:
            m = data.draw(st.integers(0, len(words) - 1))
            words[k], words[m] = words[m], words[k]
            lines[i] = " ".join(words)
    return "\n".join(lines)


FILES = sorted(p for p in CONTENT.glob("*/*.vcl"))


def _mutant_pack(data, tmp_path_factory):
    """A copy of a shipped pack with one of its files mutated."""
    source = data.draw(st.sampled_from(FILES))
    folder = tmp_path_factory.mktemp("mutant")
    for sibling in source.parent.glob("*.vcl"):
        (folder / sibling.name).write_text(sibling.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / source.name).write_text(_mutate(source.read_text(encoding="utf-8"), data), encoding="utf-8")
    return folder


# VCOMPILER_FUZZ_EXAMPLES=2000 for a longer hunt than CI's.
@settings(max_examples=int(os.environ.get("VCOMPILER_FUZZ_EXAMPLES", "60")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_reference_packs_always_give_a_json_report(data, tmp_path_factory):
    folder = _mutant_pack(data, tmp_path_factory)
    code, report = check_json(folder)
    assert code in (0, 1)
    assert (code == 1) == (report["summary"]["errors"] > 0)


@settings(max_examples=int(os.environ.get("VCOMPILER_FUZZ_EXAMPLES", "60")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_packs_either_build_or_report_never_fail_the_schema(data, tmp_path_factory):
    # Content the checks let through must make a bundle its own schema accepts: exit 2
    # (an internal error) is a bug whatever the input.
    folder = _mutant_pack(data, tmp_path_factory)
    out = tmp_path_factory.mktemp("out")
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", "json", "--no-cache"])
    assert result.exit_code in (0, 1), result.output


def _nested_emphasis(depth: int) -> str:
    markers = ["*" if level % 2 == 0 else "**" for level in range(depth)]
    return "".join(m + "w " for m in markers) + "z" + "".join(m + " w" for m in reversed(markers))


def test_emphasis_nested_past_the_limit_is_one_E108_with_the_limit(write_pack):
    text = _nested_emphasis(500)
    folder = write_pack({"a.vcl": VANGUARD_HEADER + f'log 1 "S" {{\n  text "{text}"\n  return\n}}\n'})
    code, report = check_json(folder)
    assert code == 1
    found = [(d["code"], d["line"], d["column"], d["message"]) for d in report["diagnostics"]]
    # The 17th marker opens at the 17th "*w " or "**w " run of the line.
    column = len('  text "') + len(_nested_emphasis(16).split("z")[0]) + 1
    assert found == [("E108", 8, column, "emphasis nested 17 deep; the limit is 16")]


def test_emphasis_at_the_limit_is_checked_cached_and_built(write_pack, tmp_path, monkeypatch):
    monkeypatch.setenv("VCOMPILER_CACHE_DIR", str(tmp_path / "cache"))
    text = _nested_emphasis(16)
    folder = write_pack({"a.vcl": VANGUARD_HEADER + f'log 1 "S" {{\n  text "{text}"\n  return\n}}\n'})
    for _ in range(2):      # the second run reads the parsed file from the cache
        code, report = check_json(folder)
        assert (code, report["diagnostics"]) == (0, [])
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "json"])
    assert result.exit_code == 0, result.output
    bundle = json.loads((tmp_path / "out" / "test" / "bundle.json").read_text(encoding="utf-8"))
    assert "z" in json.dumps(bundle)


def test_a_long_one_line_string_costs_about_its_size(tmp_path):
    import tracemalloc

    from vcompiler.parse import parse_source, warm_parser
    from vcompiler.source import SourceFile

    warm_parser()
    text = VANGUARD_HEADER + 'log 1 "S" {\n  text "' + "word " * 200_000 + '"\n  return\n}\n'
    source = SourceFile.from_text(tmp_path / "a.vcl", "a.vcl", "a.vcl", text)
    tracemalloc.start()
    try:
        parsed = parse_source(source)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert parsed.diagnostics == ()
    # A string terminal that keeps a backtracking frame per character peaked at 120 MB
    # for this 1 MB line; a few copies of the text are what parsing it needs.
    assert peak < 10 * len(text), f"{peak:,} bytes for {len(text):,}"


def _errors(report) -> list[tuple[str, str, int, int]]:
    return [(d["code"], d["file"].rsplit("/", 1)[-1], d["line"], d["column"]) for d in report["diagnostics"]
            if d["severity"] == "error"]


ELSEWHERE = 'log 10 "Ten" {\n  text "Go {log 2} or {log 3}."\n  -> log 2\n}\n'


def test_an_unclosed_long_string_is_one_E101_where_it_opens(write_pack):
    folder = write_pack({"a.vcl": VANGUARD_HEADER
                         + '\nlog 1 "Start" {\n  text """This never\ncloses.\n  -> log 2\n}\n\n'
                         'log 2 "Two" {\n  text "Fine."\n  -> log 3\n}\n\n'
                         'log 3 "Three" {\n  text """See\n  more."""\n  -> log 10\n}\n',
                         "b.vcl": ELSEWHERE})
    code, report = check_json(folder)
    assert _errors(report) == [("E101", "a.vcl", 9, 8)]
    assert report["diagnostics"][0]["message"] == ('unterminated string: `"""` opens here and is not closed '
                                                   'before the declaration on line 14')


def test_a_long_string_closed_by_the_next_texts_opening_is_E101_where_it_opens(write_pack):
    folder = write_pack({"a.vcl": VANGUARD_HEADER + '\nlog 1 "Start" {\n  text """abc\n  -> log 2\n'
                         '  text """def"""\n}\n\nlog 2 "Two" {\n  return\n}\n'})
    code, report = check_json(folder)
    assert _errors(report) == [("E101", "a.vcl", 9, 8)]
    assert "runs to the `\"\"\"` on line 11" in report["diagnostics"][0]["message"]


def test_declarations_an_unclosed_string_swallows_are_not_also_undefined(write_pack):
    # One-line declarations do not end the string, but are still known to exist.
    folder = write_pack({"a.vcl": VANGUARD_HEADER + '\nlog 1 "Start" {\n  text """never closed\n}\n'
                         'log 2 "Two" { return }\nlog 3 "Three" { return }\n',
                         "b.vcl": ELSEWHERE})
    code, report = check_json(folder)
    assert _errors(report) == [("E101", "a.vcl", 9, 8)]


def test_digits_that_int_refuses_in_names_are_names(write_pack, tmp_path):
    # "➍" is a digit to str.isdigit() and not a number to int().
    from types import SimpleNamespace

    from vcompiler.render.books import number_order

    folder = write_pack({"a.vcl": VANGUARD_HEADER + 'log 1 "S" {\n  return\n}\n'
                         'injury "Bruis➍ed" { damage => spend die }\ninjury "➍ Cut" { damage => spend die }\n'})
    code, report = check_json(folder)
    assert (code, [d["code"] for d in report["diagnostics"]]) == (0, [])
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "json"])
    assert result.exit_code == 0, result.output
    keys = ["279 x", "28", "➍ Cut", "1" + "0" * 5000, "101 east", "101"]
    ordered = sorted(keys, key=lambda key: number_order(SimpleNamespace(key=key)))
    assert ordered == ["28", "101", "101 east", "279 x", "1" + "0" * 5000, "➍ Cut"]


def test_a_card_id_of_thousands_of_digits_sorts_without_int(write_pack):
    long_id = "P" + "9" * 5000
    folder = write_pack({"a.vcl": VANGUARD_HEADER + f'log 1 "S" {{\n  place poi {long_id} in sector 1\n'
                         f'  return\n}}\npoi {long_id} "Long" {{ final }}\npoi P2 "Short" {{ final }}\n'})
    code, report = check_json(folder)
    assert code in (0, 1)
    assert "E900" not in [d["code"] for d in report["diagnostics"]]


def test_a_declaration_numbered_past_the_digit_limit_that_does_not_parse_is_E108(write_pack):
    number = "9" * 5000
    folder = write_pack({"a.vcl": VANGUARD_HEADER + f'log 1 "S" {{\n  return\n}}\nlog {number} "Long" {{\n'
                         '  this does not parse\n}\n'})
    code, report = check_json(folder)
    assert code == 1
    assert [d["code"] for d in report["diagnostics"]] == ["E108"]


_START = 'log 1 "S" {\n  return\n}\n'


@pytest.mark.parametrize("header, body, line, column, message", [
    # What a table counts: amounts, dice, boxes.
    (VANGUARD_HEADER, 'log 1 "S" {\n  gain success 100\n  return\n}\n', 8, 16,
     "an amount of 100 is past the most a table counts, 99"),
    (VANGUARD_HEADER, _START + 'poi P1 "W" {\n  action "A" danger 100 {\n    outcome red => nothing\n  }\n}\n',
     11, 21, "`danger 100` is past the most a table counts, 99"),
    (VANGUARD_HEADER, _START + 'poi P1 "W" {\n  action "A" {\n    outcome green: 300 physical => nothing\n'
     '    outcome red => nothing\n  }\n}\n', 12, 20, "a requirement of 300 dice is past the most a table counts, 99"),
    (VANTAGE_HEADER, 'location 1 "L" {\n  text "T"\n  look "S" cost 120 { result { text "R" } }\n}\n',
     9, 17, "`cost 120` is past the most a table counts, 99"),
    (VANTAGE_HEADER, 'location 1 "L" {\n  text "T"\n}\ncard 1201 item "I" {\n  slots 500\n}\n',
     11, 9, "`slots 500` is past the most a table counts, 99"),
    # What a book numbers: logs, sectors, gotos, and numbers of any size.
    (VANGUARD_HEADER, _START + 'log 1234567 "Far" {\n  return\n}\n', 10, 5,
     "1234567 is past the largest number the language takes, 999,999"),
    (VANGUARD_HEADER, 'log 1 "S" {\n  -> log 10000000\n}\n', 8, 10,
     "10000000 is past the largest number the language takes, 999,999"),
    (VANGUARD_HEADER, _START + 'planet p "P" {\n  lift_off -> log 1\n  sector 1 { lander }\n'
     '  path 1 <-> 4000000 [travel]\n}\n', 13, 14, "4000000 is past the largest number the language takes, 999,999"),
    (VANGUARD_HEADER, 'log 1 "S" {\n  gain success ' + "1" * 40 + '\n  return\n}\n', 8, 16,
     "a number of 40 digits is past the largest number the language takes, 999,999"),
    (VANGUARD_HEADER.replace("  start log 1\n", "  start log 1\n  numbering 1..1000000\n"), _START, 6, 16,
     "numbering range 1..1000000 runs past 999,999, the largest number the language takes"),
])
def test_a_number_past_what_a_table_uses_is_one_E108_at_the_number(write_pack, header, body, line, column, message):
    code, report = check_json(write_pack({"a.vcl": header + body}))
    assert code == 1
    errors = [d for d in report["diagnostics"] if d["severity"] == "error"]
    assert [(d["code"], d["line"], d["column"], d["message"]) for d in errors] == [("E108", line, column, message)]
    assert errors[0]["hint"]


def test_numbers_at_the_limits_are_built(write_pack, tmp_path):
    big = 999_999
    folder = write_pack({"a.vcl": VANGUARD_HEADER + f'''log 1 "S" {{
  text "See {{log {big}}}; a year 10000000 in text is no number."    // nor is 10000000 here
  gain success 99
  -> log {big}
}}
log {big} "Far" {{
  place poi P1 in sector {big}
  return
}}
poi P1 "W" copies {big} {{
  action "A" danger 99 {{
    outcome red => nothing
  }}
}}
planet p "P" {{
  lift_off -> log 1
  sector 1 {{ lander }}
  sector {big} {{ }}
  path 1 <-> {big} [travel]
}}
'''})
    code, report = check_json(folder)
    assert code == 0, report
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "json"])
    assert result.exit_code == 0, result.output
    bundle = json.loads((tmp_path / "out" / "test" / "bundle.json").read_text())
    assert big in [log["number"] for log in bundle["logs"]]


def test_a_card_named_in_text_is_not_undefined_when_its_declaration_did_not_parse(write_pack):
    code, report = check_json(write_pack({"a.vcl": VANGUARD_HEADER + 'log 1 "S" {\n  text "See {card P1}."\n'
                                          '  return\n}\npoi P1 "W" {\n  final }}\n}\n'}))
    assert [d["code"] for d in report["diagnostics"]] == ["E100"]


def test_a_label_for_a_location_is_e202_with_a_hint_not_an_internal_error(write_pack):
    from vcompiler.compile import compile_pack
    folder = write_pack({"pack.vcl": VANTAGE_HEADER + 'location 1 "Beach" {\n-> location @x\n  north 2 walk\n}\n'
                                                      'location 2 "Cliff" {\n  south 1 walk\n}\n'})
    found = [(d.code.id, d.span.line, d.hint) for d in compile_pack(folder).diagnostics
             if d.code.id in ("E202", "E900")]
    assert found == [("E202", 8, "no location has the label @x: write the number of the location meant")]


def test_a_stray_nul_in_a_text_file_is_E103_at_the_nul_with_its_line_shown(tmp_path):
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER)
    (folder / "logs.vcl").write_bytes('log 1 "Start" {\n  text "Caf\u00e9\x00 au lait"\n  return\n}\n'.encode())
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].endswith("logs.vcl:2:13: error E103: the file holds a NUL character (byte 0x00)")
    assert lines[1] == '    2 |   text "Caf\u00e9  au lait"'
    assert lines[2] == "      |" + " " * 13 + "^"
