"""The command line, as users and CI pipelines run it."""
import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from conftest import CONTENT, ROOT
from vcompiler import __version__
from vcompiler.driver.cli import main

REPORT_SCHEMA = json.loads((ROOT / "schemas" / "report.schema.json").read_text())


def run(*args, cwd=None):
    runner = CliRunner()
    if cwd is None:
        return runner.invoke(main, [str(a) for a in args])
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return runner.invoke(main, [str(a) for a in args])
    finally:
        os.chdir(old)


def test_check_clean_packs_exits_0():
    result = run("check", CONTENT)
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("0 errors, 0 warnings")


def test_check_broken_pack_exits_1_with_source_line_caret_and_hint(case_pack):
    result = run("check", case_pack("E207-unknown-verb"))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    at = next(i for i, line in enumerate(lines) if " E207: " in line)
    assert lines[at].endswith("case.vcl:9:3: error E207: unknown effect verb `gian`")
    assert lines[at + 1] == "    9 |   gian success 1  // expect: E207"
    assert lines[at + 2] == "      |   ^^^^"
    assert lines[at + 3].startswith("      = help: did you mean `gain`?")


def test_json_report_follows_its_schema(case_pack):
    result = run("check", case_pack("E200-undefined-log"), "--format", "json")
    report = json.loads(result.output)
    Draft202012Validator(REPORT_SCHEMA).validate(report)
    assert report["summary"]["errors"] == 3
    first = report["diagnostics"][0]
    assert (first["code"], first["line"], first["column"], first["end_line"], first["end_column"]) == \
        ("E200", 9, 26, 9, 34)
    assert first["hint"] == "defined logs near 99: 2"


def test_missing_path_and_empty_folder_exit_2(tmp_path):
    assert run("check", tmp_path / "nothere").exit_code == 2
    result = run("check", tmp_path)
    assert result.exit_code == 2 and "holds no pack" in result.output


def test_default_path_is_source_content(tmp_path):
    assert run("check", cwd=ROOT).exit_code == 0
    result = run("check", cwd=tmp_path)
    assert result.exit_code == 2 and "source_content" in result.output


def test_strict_fails_on_warnings(write_pack):
    from conftest import VANGUARD_HEADER
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "S" { return }\nlog 2 "Lost" { return }\n'})
    report = json.loads(run("check", folder, "--format", "json").output)
    if not report["summary"]["warnings"]:
        pytest.skip("no warning rule applies to this pack yet")
    assert run("check", folder).exit_code == 0
    assert run("check", folder, "--strict").exit_code == 1
    # The summary says "0 errors": the failure says why to whoever reads it.
    for fmt in ("text", "github"):
        strict = run("check", folder, "--strict", "--format", fmt)
        assert "0 errors, 1 warning" in strict.stdout
        assert strict.stderr == "check: warnings fail under --strict\n"
    assert run("check", folder).stderr == ""
    assert run("check", folder, "--strict", "--format", "json").stderr == ""


def test_every_command_has_help_with_an_example():
    for command in ([], ["check"], ["build"], ["rules"]):
        result = run(*command, "--help")
        assert result.exit_code == 0 and "Example:" in result.output


def test_version():
    assert run("--version").output.strip() == f"vcompiler, version {__version__}"


def test_build_writes_bundles_and_two_builds_are_byte_identical(tmp_path, pack_copy):
    folder = pack_copy("eye-of-the-void")
    assert run("build", folder, "-o", tmp_path / "one").exit_code == 0
    assert run("build", folder, "-o", tmp_path / "two").exit_code == 0
    one = (tmp_path / "one" / "eye_of_the_void" / "bundle.json").read_bytes()
    assert one == (tmp_path / "two" / "eye_of_the_void" / "bundle.json").read_bytes()
    assert (folder / "numbers.lock").is_file()


def test_build_writes_nothing_when_any_pack_has_an_error(tmp_path, pack_copy):
    good = pack_copy("eye-of-the-void")
    (good / "numbers.lock").unlink()
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "case.vcl").write_text((ROOT / "tests" / "cases" / "E207-unknown-verb.vcl").read_text())
    result = run("build", good, tmp_path / "broken", "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert not (tmp_path / "out").exists()
    assert not (good / "numbers.lock").exists()


def test_check_never_writes(pack_copy):
    folder = pack_copy("eye-of-the-void")
    (folder / "numbers.lock").unlink()
    before = sorted(p.name for p in folder.iterdir())
    assert run("check", folder).exit_code == 0
    assert sorted(p.name for p in folder.iterdir()) == before


def test_python_dash_m_runs_as_a_real_process(case_pack):
    proc = subprocess.run([sys.executable, "-m", "vcompiler", "check", str(case_pack("E100-syntax-cascade")),
                           "--format", "json"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 1
    assert [d["code"] for d in json.loads(proc.stdout)["diagnostics"]] == ["E100", "E100"]
    assert "Traceback" not in proc.stderr


def test_two_packs_of_one_name_are_E205_and_nothing_is_built(tmp_path, pack_copy):
    import shutil
    first = pack_copy("tidal-reach")
    second = tmp_path / "copy-of-tidal"
    shutil.copytree(first, second)
    report = json.loads(run("check", first, second, "--format", "json").output)
    clash = [d for d in report["diagnostics"] if d["code"] == "E205"]
    assert len(clash) == 1 and "copy-of-tidal" in clash[0]["file"] and clash[0]["line"] == 3
    assert run("build", first, second, "-o", tmp_path / "out").exit_code == 1
    assert not (tmp_path / "out").exists()


def test_a_broken_pack_declaration_is_one_error_not_two(write_pack):
    folder = write_pack({"pack.vcl": 'pack p {\n  game vanguard\n  version 1.0\n}\n\nlog 1 "S" { return }\n'})
    report = json.loads(run("check", folder, "--format", "json").output)
    assert [(d["code"], d["line"]) for d in report["diagnostics"]] == [("E100", 3)]


def test_paper_is_read_in_either_case(tmp_path, pack_copy, monkeypatch):
    import vcompiler.driver.outputs as outputs
    seen = []
    real = outputs.make_outputs

    def spy(results, only, options, *args, **kwargs):
        seen.append(options.paper)
        return real(results, only, options, *args, **kwargs)

    monkeypatch.setattr(outputs, "make_outputs", spy)
    folder = pack_copy("eye-of-the-void")
    assert run("build", folder, "-o", tmp_path / "out", "--only", "json", "--paper", "A5").exit_code == 0
    assert seen == ["a5"]
    refused = run("build", folder, "-o", tmp_path / "out", "--only", "json", "--paper", "A3")
    assert refused.exit_code == 2 and "'a4', 'letter', 'a5'" in refused.output


@pytest.mark.parametrize("args, word", [
    (("check", "{pack}", "--format", "JSON"), '"diagnostics"'),
    (("build", "{pack}", "-o", "{out}", "--only", "JSON", "--card-layout", "Single", "--paper", "Letter"), "wrote"),
    (("stats", "{pack}", "--format", "Json"), '"'),
    (("simulate", "{pack}", "--runs", "2", "--format", "JSON"), "{"),
])
def test_every_option_word_is_read_in_either_case(tmp_path, pack_copy, args, word):
    folder = pack_copy("eye-of-the-void")
    result = run(*(a.format(pack=folder, out=tmp_path / "out") for a in args))
    assert result.exit_code == 0, result.output
    assert word in result.output


def test_new_takes_its_game_in_either_case(tmp_path):
    result = run("new", "Vantage", tmp_path / "coast")
    assert result.exit_code == 0, result.output
    assert "game vantage" in (tmp_path / "coast" / "pack.vcl").read_text()


@pytest.mark.parametrize("folder, name", [("Été", "Ete"), ("Straße", "Strasse"), ("Øresund-Bay", "Oresund_Bay"),
                                          ("日本", "pack"), ("123abc", "pack_123abc")])
def test_new_names_the_pack_in_ascii_and_says_so(tmp_path, folder, name):
    result = run("new", "vanguard", tmp_path / folder)
    assert result.exit_code == 0, result.output
    assert f"the pack is named {name} (a pack's name is ASCII letters, digits and _; rename it in pack.vcl)" \
        in result.output.splitlines()
    assert f"pack {name} {{" in (tmp_path / folder / "pack.vcl").read_text()
    assert run("check", "--strict", tmp_path / folder).exit_code == 0


def test_new_says_the_name_of_a_pack_named_as_its_folder(tmp_path):
    result = run("new", "vantage", tmp_path / "coast")
    assert result.output.splitlines()[-1] == "the pack is named coast"
