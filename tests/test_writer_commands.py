"""The writer's conveniences: `check FILE.vcl`, `new`, `watch`, the pre-commit hook."""
import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time

import pytest
import yaml
from test_cli import run

from conftest import ROOT


def _json(result):
    return json.loads(result.output)["diagnostics"]


def test_check_file_reports_that_file_and_errors_elsewhere_in_its_pack(pack_copy):
    pack = pack_copy("eye-of-the-void")
    logbook = pack / "logbook.vcl"
    logbook.write_text(logbook.read_text().replace("-> log 206", "-> log 2066"))
    planet = pack / "planet.vcl"
    planet.write_text(planet.read_text().replace("mission M01", "mission M09"))

    result = run("check", logbook, "--format", "json", cwd=pack)
    assert result.exit_code == 1
    found = {(d["file"], d["line"], d["column"], d["code"]) for d in _json(result)}
    assert found == {("logbook.vcl", 25, 22, "E200"), ("planet.vcl", 7, 11, "E201")}


def test_check_file_leaves_out_warnings_of_other_files(pack_copy):
    pack = pack_copy("eye-of-the-void")
    poi = pack / "poi.vcl"
    poi.write_text(poi.read_text() + '\nlog 998 "Nobody Reads Me" {\n  text "x"\n  return\n}\n')
    whole = run("check", pack, "--format", "json", cwd=pack)
    assert [(d["file"], d["line"], d["code"]) for d in _json(whole)] == [("poi.vcl", 82, "W400")]
    one = run("check", pack / "logbook.vcl", "--format", "json", "--strict", cwd=pack)
    assert one.exit_code == 0 and _json(one) == []
    other = run("check", poi, "--format", "json", cwd=pack)
    assert [(d["file"], d["line"], d["code"]) for d in _json(other)] == [("poi.vcl", 82, "W400")]


def test_check_file_in_a_subfolder_finds_the_pack_above(pack_copy):
    pack = pack_copy("tidal-reach")
    (pack / "more").mkdir()
    (pack / "locations.vcl").rename(pack / "more" / "locations.vcl")
    result = run("check", pack / "more" / "locations.vcl", "--format", "json")
    assert result.exit_code == 0, result.output
    assert _json(result) == []


def test_check_file_and_its_pack_together_report_the_whole_pack_once(pack_copy):
    pack = pack_copy("eye-of-the-void")
    result = run("check", pack / "logbook.vcl", pack, "--format", "json")
    assert result.exit_code == 0, result.output


def test_check_refuses_a_file_that_is_not_vcl():
    result = run("check", ROOT / "README.md")
    assert result.exit_code == 2
    assert "README.md is not a .vcl file" in result.output


@pytest.mark.parametrize("game", ["vanguard", "vantage"])
def test_new_pack_checks_clean_under_strict_with_a_comment_per_construct(tmp_path, game):
    result = run("new", game, tmp_path / "salt-coast")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "salt-coast"
    checked = run("check", folder, "--strict", "--format", "json")
    assert checked.exit_code == 0, checked.output
    assert _json(checked) == []
    text = (folder / "pack.vcl").read_text()
    assert "pack salt_coast {" in text and f"game {game}" in text
    # The first of every kind of declaration has a comment on it or just above it.
    seen = set()
    for path in sorted(folder.glob("*.vcl")):
        lines = path.read_text().splitlines()
        for i, line in enumerate(lines):
            kind = re.match(r"(pack|log|location|depart|card|poi|mission|injury|planet|sector|path)\b", line.strip())
            if kind and kind.group(1) not in seen:
                seen.add(kind.group(1))
                assert "//" in line or lines[i - 1].strip().startswith("//"), f"{path.name}:{i + 1}: {line}"
    assert len(seen) >= 4


def test_new_refuses_a_folder_with_files(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    result = run("new", "vantage", tmp_path / "taken")
    assert result.exit_code == 2
    assert "already exists" in result.output
    assert (tmp_path / "taken" / "notes.txt").read_text() == "mine"


def _lines(stream):
    """The lines of a stream as a queue, so that a test waits for one with a timeout."""
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in stream], daemon=True).start()
    return lines


def test_watch_reprints_after_a_save_and_exits_quietly_on_ctrl_c(tmp_path):
    run("new", "vanguard", tmp_path / "planet")
    logbook = tmp_path / "planet" / "logbook.vcl"
    process = subprocess.Popen([sys.executable, "-m", "vcompiler", "watch", str(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                               env={**os.environ, "NO_COLOR": "1"})
    try:
        out = _lines(process.stdout)
        first = out.get(timeout=30)
        assert re.match(r"\[\d\d:\d\d:\d\d\] 0 errors, 0 warnings in 1 pack \(", first), first
        # The file watcher starts just after the first report is printed.
        time.sleep(1)
        logbook.write_text(logbook.read_text().replace("-> log 2\n", "-> log 22\n"))
        lines = [out.get(timeout=30)]
        while "watching for changes" not in lines[-1]:
            lines.append(out.get(timeout=30))
        assert lines[0].startswith("planet/logbook.vcl:8:40: error E200: undefined log 22")
        assert re.match(r"\[\d\d:\d\d:\d\d\] 1 error, 0 warnings in 1 pack", lines[-1])
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=10)
    err = process.stderr.read()
    assert process.returncode == 0
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_pre_commit_hook_runs_check_on_vcl_files():
    # Read as pre-commit reads it: a plain YAML value holding ": " is a syntax error
    # there, and the hook does not install at all.
    hooks = {hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    assert set(hooks) == {"vcompiler-check", "vcompiler-check-strict", "vcompiler-fmt"}
    assert hooks["vcompiler-check"]["entry"] == "vcompiler check"
    assert hooks["vcompiler-check-strict"]["entry"] == "vcompiler check --strict"
    assert hooks["vcompiler-fmt"]["entry"] == "vcompiler fmt --check"
    for hook in hooks.values():
        assert hook["language"] == "python"
        assert re.search(hook["files"], "planet/logbook.vcl") and not re.search(hook["files"], "notes.txt")
        assert isinstance(hook["name"], str) and isinstance(hook["description"], str)
