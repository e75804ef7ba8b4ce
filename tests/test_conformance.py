"""The project's conformance suite, as a user's CI would run it: `vcompiler check
--format json` on every shipped pack (no error, exit 0) and on every pack of
tests/conformance/broken/ (each `// expect: CODE@COLUMN` reported where it says, nothing
else reported, exit 1). The shared folder's examples, when beside the clone, are run the
same way by its own tool (`-m shared`)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CONTENT, EXAMPLES, ROOT, SHARED, expected_columns
from vcompiler.driver.cli import main

BROKEN = ROOT / "tests" / "conformance" / "broken"
REFERENCE = sorted(p for p in CONTENT.iterdir() if (p / "pack.vcl").exists())


def _check(folder: Path) -> tuple[int, list[dict]]:
    result = CliRunner().invoke(main, ["check", str(folder), "--format", "json"])
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.stdout)["diagnostics"]


def test_the_suite_has_a_pack_of_each_game_and_broken_packs_of_both():
    games = {("game vantage" in (p / "pack.vcl").read_text(encoding="utf-8")) for p in REFERENCE}
    assert games == {True, False}
    broken_games = {"game vantage" in path.read_text(encoding="utf-8") for path in BROKEN.rglob("pack.vcl")}
    assert broken_games == {True, False} and len(list(BROKEN.iterdir())) >= 10


@pytest.mark.parametrize("folder", REFERENCE, ids=lambda p: p.name)
def test_a_reference_pack_checks_with_no_error(folder):
    status, diagnostics = _check(folder)
    assert [d for d in diagnostics if d["severity"] == "error"] == [] and status == 0


@pytest.mark.parametrize("folder", sorted(p for p in BROKEN.iterdir() if p.is_dir()), ids=lambda p: p.name)
def test_a_broken_pack_reports_what_it_expects_where_it_expects_it(folder):
    status, diagnostics = _check(folder)
    wanted = expected_columns(folder)
    found = {(Path(d["file"]).name, d["line"], d["code"]): d["column"] for d in diagnostics}
    assert found == {mark: column for mark, column in wanted.items()}
    assert status == 1
    # A syntax error words what would fit in its message; not every token it stops at has a hint yet.
    assert all(d.get("hint") for d in diagnostics if d["code"] != "E100"), "every diagnostic has a hint"


@pytest.mark.shared
def test_the_shared_examples_pass_the_shared_conformance_tool():
    env = dict(os.environ, VCOMPILER=f"{sys.executable} -m vcompiler")
    proc = subprocess.run([sys.executable, str(SHARED / "tools" / "conformance"), str(EXAMPLES)],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
