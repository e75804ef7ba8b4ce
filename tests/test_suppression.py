"""Silencing warnings: `// allow CODE`, vcompiler.toml and [tool.vcompiler]; errors
cannot be silenced; --strict fails on what is left."""
import json

from click.testing import CliRunner

from conftest import VANGUARD_HEADER
from vcompiler.cli import main

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
    assert report(write_pack({"pack.vcl": text})) == (1, [("W400", 9), ("E401", 10)])


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
