"""The hooks of .pre-commit-hooks.yaml as a content repository runs them: pre-commit
installs this repository (as it stands, committed or not) into a hook environment and
runs `vcompiler-check` and `vcompiler-check-strict` on a sample repository of packs.

The environment sees the system's packages (VIRTUALENV_SYSTEM_SITE_PACKAGES), so that
installing it takes seconds rather than fetching WeasyPrint and numpy again; pip still
fetches the build backend (hatchling) from the package index once."""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import CONTENT, ROOT

pytest.importorskip("pre_commit")


def _git(folder, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@t", *args],
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def _hooks_repository(into):
    """This repository's files as they stand (tracked and new, not ignored), committed in
    a repository of their own: what `pre-commit try-repo` makes of a work tree."""
    listed = _git(ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "-z")
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    _git(into, "init", "-q")
    _git(into, "add", "-A")
    _git(into, "commit", "-qm", "hooks")
    return _git(into, "rev-parse", "HEAD")


def test_the_hooks_check_a_content_repository(tmp_path):
    hooks = tmp_path / "vcompiler"
    rev = _hooks_repository(hooks)
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "eye-of-the-void", content / "eye")
    (content / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hooks}\n    rev: {rev}\n    hooks:\n"
        "      - id: vcompiler-check\n      - id: vcompiler-check-strict\n", encoding="utf-8")
    (content / "notes.txt").write_text("not VCL\n", encoding="utf-8")
    _git(content, "init", "-q")
    _git(content, "add", "-A")
    _git(content, "commit", "-qm", "first print")
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "cache"), VIRTUALENV_SYSTEM_SITE_PACKAGES="1",
               PYTHONPATH="")

    def run(*files: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "pre_commit", "run", "--color", "never", "--files", *files],
                              capture_output=True, text=True, cwd=content, env=env, timeout=600)

    clean = run("eye/logbook.vcl", "notes.txt")
    if clean.returncode != 0 and "hatchling" in clean.stdout + clean.stderr and not os.environ.get("CI"):
        pytest.skip("the hook environment's build backend (hatchling) is not reachable on the package index")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert [line.rsplit(".", 1)[-1] for line in clean.stdout.splitlines() if line.startswith("vcompiler")] == \
        ["Passed", "Passed"]
    # The hook's vcompiler is the one installed from the hooks' repository, not this clone's.
    environment = next((tmp_path / "cache").glob("repo*/py_env-*"))
    assert list(environment.glob("lib/python*/site-packages/vcompiler/__init__.py"))

    assert "(no files to check)Skipped" in run("notes.txt").stdout

    logbook = content / "eye" / "logbook.vcl"
    logbook.write_text(logbook.read_text(encoding="utf-8") + '\nlog 990 "Nobody Reads This" {\n  return\n}\n',
                       encoding="utf-8")
    warned = run("eye/logbook.vcl")
    assert warned.returncode == 1
    lines = {line.split(".")[0]: line.rsplit(".", 1)[-1] for line in warned.stdout.splitlines()
             if line.startswith("vcompiler")}
    assert lines == {"vcompiler check": "Passed", "vcompiler check --strict": "Failed"}, warned.stdout
    assert "W400" in warned.stdout and "log 990" in warned.stdout

    logbook.write_text(logbook.read_text(encoding="utf-8").replace('This" {\n  return', 'This" {\n  -> log 9999'),
                       encoding="utf-8")
    broken = run("eye/logbook.vcl")
    lines = {line.split(".")[0]: line.rsplit(".", 1)[-1] for line in broken.stdout.splitlines()
             if line.startswith("vcompiler")}
    assert broken.returncode == 1 and lines == {"vcompiler check": "Failed", "vcompiler check --strict": "Failed"}
    goto = len(logbook.read_text(encoding="utf-8").splitlines()) - 1
    assert [line for line in broken.stdout.splitlines() if ": error E" in line] == \
        [f"eye/logbook.vcl:{goto}:3: error E200: undefined log 9999"] * 2
