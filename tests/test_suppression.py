"""Silencing warnings: `// allow CODE`, vcompiler.toml and [tool.vcompiler]; errors
cannot be silenced; --strict fails on what is left."""
import json

from click.testing import CliRunner

from conftest import VANGUARD_HEADER
from vcompiler.driver.cli import main

PACK = VANGUARD_HEADER + '''
log 1 "Start" { return }
log 2 "Lost" { return }
log 3 "Dead end" { text "nothing" }
'''


def report(folder, *extra):
    result = CliRunner().invoke(main, ["check", str(folder), "--format", "json", *extra])
    return result.exit_code, [(d["code"], d["line"]) for d in json.loads(result.output)["diagnostics"]]


def test_without_configuration_the_warning_and_error_show(write_pack):
    assert report(write_pack({"pack.vcl": PACK})) == (1, [("W400", 9), ("E401", 10), ("W400", 10)])


def test_allow_comment_silences_a_warning_for_that_declaration_only(write_pack):
    text = PACK.replace('log 2 "Lost" { return }', 'log 2 "Lost" { return }  // allow W400')
    assert report(write_pack({"pack.vcl": text})) == (1, [("E401", 10), ("W400", 10)])


def test_allow_comment_cannot_silence_an_error(write_pack):
    dead_end = 'log 3 "Dead end" { text "nothing" }'
    text = PACK.replace(dead_end, dead_end + "  // allow E401, W400")
    assert report(write_pack({"pack.vcl": text})) == (1, [("W400", 9), ("E401", 10), ("W101", 10)])


def test_vcompiler_toml_beside_the_packs_silences_project_wide(write_pack, tmp_path):
    folder = write_pack({"pack.vcl": PACK}, name="packs/one")
    (tmp_path / "packs" / "vcompiler.toml").write_text('ignore = ["W400"]\n')
    assert report(folder) == (1, [("E401", 10)])


def test_pyproject_tool_table_works_too(write_pack, tmp_path):
    folder = write_pack({"pack.vcl": PACK}, name="packs/one")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.vcompiler]\nignore = ["W400"]\n')
    assert report(folder) == (1, [("E401", 10)])


def test_configuration_cannot_silence_errors_and_says_so(write_pack, tmp_path):
    folder = write_pack({"pack.vcl": PACK}, name="packs/one")
    (tmp_path / "packs" / "vcompiler.toml").write_text('# silence\nignore = ["W400", "E401", "W999"]\n')
    code, found = report(folder)
    assert code == 1
    assert ("E401", 10) in found and ("W400", 9) not in found
    assert [f for f in found if f[0] == "E214"] == [("E214", 2), ("E214", 2)]


def test_broken_toml_is_a_diagnostic(write_pack, tmp_path):
    folder = write_pack({"pack.vcl": PACK}, name="packs/one")
    (tmp_path / "packs" / "vcompiler.toml").write_text('ignore = ["W400"\n')
    code, found = report(folder)
    assert code == 1 and [f for f in found if f[0] == "E214"]


def test_strict_fails_on_warnings_only_when_there_are_some(write_pack):
    folder = write_pack({"pack.vcl": PACK.replace('log 3 "Dead end" { text "nothing" }', "")})
    assert report(folder)[0] == 0
    assert report(folder, "--strict")[0] == 1
    clean = write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "Start" { return }\n'}, name="clean")
    assert report(clean, "--strict") == (0, [])


def full_report(folder):
    result = CliRunner().invoke(main, ["check", str(folder), "--format", "json"])
    return [(d["code"], d["line"], d["column"], d["message"], d["hint"])
            for d in json.loads(result.output)["diagnostics"]]


CLEAN = VANGUARD_HEADER + '''
log 1 "Start" { -> log 2 }
log 2 "Two" { return }
log 3 "Lost" { return }
'''


def test_an_allow_on_the_line_above_is_W102_pointing_at_the_declaration(write_pack):
    text = CLEAN.replace('log 3 "Lost"', '// allow W400\nlog 3 "Lost"')
    found = full_report(write_pack({"pack.vcl": text}))
    assert [f[:3] for f in found] == [("W102", 10, 1), ("W400", 11, 1)]
    assert found[0][4] == "put it at the end of line 11, the declaration's first line"


def test_an_allow_on_a_statement_line_is_W102_naming_its_declarations_first_line(write_pack):
    text = CLEAN.replace('log 3 "Lost" { return }', 'log 3 "Lost" {\n  return  // allow W400\n}')
    found = full_report(write_pack({"pack.vcl": text}))
    assert [f[:3] for f in found] == [("W400", 10, 1), ("W102", 11, 11)]
    assert found[1][4] == "put it at the end of line 10, the declaration's first line"


def test_allow_codes_in_lower_case_unknown_or_errors_are_W101_each_at_its_word(write_pack):
    text = CLEAN.replace('log 3 "Lost" { return }', 'log 3 "Lost" { return }  // allow w400, W999, E401, W400')
    found = full_report(write_pack({"pack.vcl": text}))
    assert [f[:4] for f in found] == [
        ("W101", 10, 35, "`w400` is written in lower case"),
        ("W101", 10, 41, "`W999` is not a diagnostic code"),
        ("W101", 10, 47, "E401 is an error, and errors cannot be silenced")]


def test_allow_spelt_in_capitals_is_W101_and_silences_nothing(write_pack):
    text = CLEAN.replace('log 3 "Lost" { return }', 'log 3 "Lost" { return }  // Allow W400')
    assert [f[:3] for f in full_report(write_pack({"pack.vcl": text}))] == [("W400", 10, 1), ("W101", 10, 26)]


def test_an_allow_that_silences_nothing_is_W100_and_an_explanation_may_follow_the_codes(write_pack):
    text = CLEAN.replace('log 2 "Two" { return }', 'log 2 "Two" { return }  // allow W400')
    text = text.replace('log 3 "Lost" { return }', 'log 3 "Lost" { return }  // allow W400 printed on a card')
    found = full_report(write_pack({"pack.vcl": text}))
    assert [f[:4] for f in found] == [("W100", 9, 25, "`// allow W400` silences nothing: this declaration has no W400")]


def test_no_W100_while_errors_may_have_stood_a_warning_down(write_pack):
    text = CLEAN.replace('log 2 "Two" { return }', 'log 2 "Two" { return }  // allow W400')
    text = text.replace('log 3 "Lost" { return }', 'log 3 "Lost" { -> log 99 }')
    assert [f[:2] for f in full_report(write_pack({"pack.vcl": text}))] == [("W400", 10), ("E200", 10)]


def test_allow_inside_a_string_is_text(write_pack):
    text = CLEAN.replace('log 2 "Two" { return }', 'log 2 "Two" {\n  text "say // allow W999"\n  return\n}')
    assert [f[0] for f in full_report(write_pack({"pack.vcl": text}))] == ["W400"]
