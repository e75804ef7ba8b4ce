"""The commands the README and the tutorials show run as written, from a folder laid
out as a clone is (source_content/ beside them), and succeed. Left out: the ones that
never end (`watch`, `lsp`, `preview`), placeholders (`path/to/pack`), installs, and PDF builds,
which the print tests make."""
import re
import shlex
import shutil
import subprocess

import pytest
import yaml
from click.testing import CliRunner

from conftest import CONTENT, ROOT
from vcompiler.driver.cli import main

SH_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)
NEVER_ENDS = {"watch", "lsp", "preview"}
# A run count a test can afford; every other word of the command is as written.
AFFORDABLE = {"--runs": "200"}


def _commands():
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for block in SH_BLOCK.finditer(text):
            line_number = text.count("\n", 0, block.start()) + 1
            for offset, line in enumerate(block.group(1).splitlines(), 1):
                command = line.split("  #")[0].strip()
                if command.startswith("vcompiler "):
                    yield pytest.param(command, id=f"{path.name}:{line_number + offset}:{command[:40]}")


def _runnable(words: list[str]) -> bool:
    if words[1] in NEVER_ENDS or any("path/to" in w for w in words):
        return False
    # a build without --only renders every book, card sheet and board: the print tests do that
    return not (words[1] == "build" and "--only" not in words)


def test_the_readme_shows_the_commands_it_should():
    shown = [p.values[0] for p in _commands()]
    assert "vcompiler build source_content/ --only html" in shown
    assert any(c.startswith("vcompiler play ") for c in shown)
    assert sum(_runnable(shlex.split(c.split(">")[0])) for c in shown) >= 12


@pytest.mark.parametrize("command", list(_commands()))
def test_a_command_runs_as_written(command, tmp_path, monkeypatch):
    words = shlex.split(command.split(">")[0])
    if not _runnable(words):
        pytest.skip("not run here: never ends, a placeholder, or a PDF build")
    words = [AFFORDABLE.get(words[i - 1], w) if i else w for i, w in enumerate(words)]
    if words[1] == "diff":
        # compares with a git revision: the repository's own history
        if subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "-q", words[2]],
                          capture_output=True).returncode:
            pytest.skip("needs the repository's history")
        monkeypatch.chdir(ROOT)
    else:
        # a copy: a build writes the packs' numbers.lock
        shutil.copytree(CONTENT, tmp_path / "source_content")
        monkeypatch.chdir(tmp_path)
        if words[1] != "new" and ("my-planet" in command or "my-coast" in command):
            game = "vantage" if "my-coast" in command else "vanguard"
            folder = next(w for w in words[2:] if w.startswith(("my-planet", "my-coast")))
            assert CliRunner().invoke(main, ["new", game, folder.split("/")[0]]).exit_code == 0
    result = CliRunner().invoke(main, words[1:], input="")
    # diff exits 1 when something printed has changed since the revision
    assert result.exit_code in ((0, 1) if words[1] == "diff" else (0,)), result.output
    assert "Traceback" not in result.output


INTEGRATION = ROOT / "docs" / "editors-and-ci.md"


def test_the_workflow_installs_vcompiler_from_where_the_pre_commit_hook_gets_it():
    # vcompiler is not on PyPI: `pip install vcompiler` would fail on the first run.
    page = INTEGRATION.read_text(encoding="utf-8")
    hook = re.search(r"- repo: (\S+).*\n\s+rev: (\S+)", page)
    assert hook is not None
    installs = re.findall(r"- run: pip install (.+?)\s*(?:#.*)?$", page, re.M)
    assert installs == [f'"git+{hook.group(1)}@{hook.group(2)}"']


def test_the_snippets_pin_the_tag_the_release_steps_create():
    # docs/releasing.md tags each release vX.Y.Z from vcompiler/__init__.py and notes it
    # in the changelog: a pin to any other tag names nothing that exists.
    from vcompiler import __version__
    hook = re.search(r"\n\s+rev: (\S+)", INTEGRATION.read_text(encoding="utf-8"))
    assert hook is not None and hook.group(1) == f"v{__version__}"
    assert re.search(rf"^## {re.escape(__version__)}\b", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert f"git tag -a v{__version__}" in (ROOT / "docs" / "releasing.md").read_text(encoding="utf-8")


def test_the_workflow_annotates_and_reports_when_the_check_fails():
    # A step that fails skips the steps after it unless they say `if: always()`: a
    # check that finds an error must still leave its annotations and upload its report.
    readme = INTEGRATION.read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(# \.github/workflows/.*?)```", readme, re.S)
    assert block is not None
    steps = yaml.safe_load(block.group(1))["jobs"]["check"]["steps"]
    checks = [i for i, step in enumerate(steps) if "vcompiler check" in step.get("run", "")]
    assert "--format github" in steps[checks[0]]["run"]
    assert all(step.get("if") == "always()" for step in steps[checks[0] + 1:])
    assert any("upload-sarif" in step.get("uses", "") for step in steps[checks[0] + 1:])
