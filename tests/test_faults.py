"""Faults during a build: a pack's outputs are one set (the previous one or the new
one, never a mix, no temporary file), an unwritable output is a diagnostic before
anything renders, workers end with the main process, Ctrl-C is one line and 130, and
the compiler's own errors are E900 and exit 2."""
import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CONTENT, ROOT, VANGUARD_HEADER
from vcompiler.driver.cli import main
from vcompiler.emit.write import MANIFEST, write_set

write_module = sys.modules["vcompiler.emit.write"]

SMALL = VANGUARD_HEADER + "".join(
    f'log {n} "Entry {n}" {{\n  text "{"Words of the entry. " * 20}"\n  -> log {n + 1}\n}}\n'
    for n in range(1, 60)) + 'log 60 "The end" {\n  text "Over."\n  end exploration\n}\n'


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_a_set_replaces_the_old_set_and_keeps_other_files(tmp_path):
    out = tmp_path / "pack"
    assert write_set(out, {"bundle.json": b"1", "book.pdf": b"old book"}) == [out / "book.pdf", out / "bundle.json"]
    assert write_set(out, {"bundle.json": b"2"}) == [out / "bundle.json"]
    assert (out / "bundle.json").read_bytes() == b"2" and (out / "book.pdf").read_bytes() == b"old book"
    assert write_set(out, {"bundle.json": b"2"}) == []
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("failing", [1, 2, 3])
def test_a_full_disk_leaves_the_previous_set(tmp_path, monkeypatch, failing):
    out = tmp_path / "pack"
    write_set(out, {"a.pdf": b"old a", "b.pdf": b"old b", "bundle.json": b"old"})
    real_fsync, calls = os.fsync, []

    def full(fd):
        calls.append(fd)
        if len(calls) == failing:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(fd)
    monkeypatch.setattr(write_module.os, "fsync", full)
    with pytest.raises(OSError):
        write_set(out, {"a.pdf": b"new a", "b.pdf": b"new b", "bundle.json": b"new"})
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.name != MANIFEST} == {
        "a.pdf": b"old a", "b.pdf": b"old b", "bundle.json": b"old"}
    assert _leftovers(tmp_path) == []


def test_a_staging_folder_of_a_killed_build_is_removed(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".pack.staging-{dead.stdout.strip()}-abc"
    stale.mkdir()
    (stale / "bundle.json").write_bytes(b"half")
    mine = tmp_path / f".pack.staging-{os.getpid()}-def"      # a build still running: kept
    mine.mkdir()
    write_set(tmp_path / "pack", {"bundle.json": b"x"})
    assert not stale.exists() and mine.exists()


def test_the_set_is_swapped_without_the_exchange_call(tmp_path, monkeypatch):
    monkeypatch.setattr(write_module, "_exchange", lambda a, b: False)
    out = tmp_path / "pack"
    write_set(out, {"bundle.json": b"1"})
    write_set(out, {"bundle.json": b"2"})
    assert (out / "bundle.json").read_bytes() == b"2" and _leftovers(tmp_path) == []


def test_a_previous_set_moved_aside_is_put_back(tmp_path):
    aside = tmp_path / ".pack.old-999999999-x"
    aside.mkdir()
    (aside / "book.pdf").write_bytes(b"old book")
    (aside / MANIFEST).write_text('["book.pdf"]')
    write_set(tmp_path / "pack", {"bundle.json": b"new"})
    assert (tmp_path / "pack" / "book.pdf").read_bytes() == b"old book" and not aside.exists()


def test_an_unwritable_output_is_e104_before_rendering(tmp_path, monkeypatch):
    import vcompiler.render
    rendered = []
    monkeypatch.setattr(vcompiler.render, "render", lambda *a, **k: rendered.append(1) or {})
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = CliRunner().invoke(main, ["build", str(CONTENT / "eye-of-the-void"), "-o", str(blocker / "out"),
                                       "--format", "json"])
    assert result.exit_code == 1 and not rendered
    report = json.loads(result.stdout)
    assert [d["code"] for d in report["diagnostics"]] == ["E104"]
    assert "cannot write the output folder" in report["diagnostics"][0]["message"]
    assert "Traceback" not in result.output


def test_a_full_disk_while_writing_is_e104(tmp_path, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "out" / "eye_of_the_void"))
    monkeypatch.setattr(write_module, "write_set", full)
    import vcompiler.emit as emit
    monkeypatch.setattr(emit, "write_set", full)
    result = CliRunner().invoke(main, ["build", str(CONTENT / "eye-of-the-void"), "-o", str(tmp_path / "out"),
                                       "--only", "json"])
    assert result.exit_code == 1
    assert "error E104" in result.stdout and "the disk is full" in result.stdout
    assert "previous files or its new ones" in result.stderr


def test_a_crash_in_a_rule_is_e900_and_exit_2(monkeypatch):
    from vcompiler import checks

    def broken(context):
        yield from ()
        raise KeyError("boom")
    checks.load_rules()
    monkeypatch.setattr(checks, "RULES", [*checks.RULES, checks.RegisteredRule(checks.RULES[0].code, broken)])
    result = CliRunner().invoke(main, ["check", "--no-cache", str(CONTENT / "tidal-reach")])
    assert result.exit_code == 2
    assert "E900" in result.stdout and "KeyError: 'boom'" in result.stdout and "report it" in result.stdout
    assert "Traceback" not in result.output


def test_an_internal_error_is_one_line_and_the_traceback_is_behind_debug(monkeypatch):
    import vcompiler.driver.cli as cli

    def broken(*args, **kwargs):
        raise ZeroDivisionError("division by zero")
    monkeypatch.setattr(cli, "_check_targets", broken)
    result = CliRunner().invoke(main, ["check", str(CONTENT / "tidal-reach")])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("vcompiler: internal error E900: ZeroDivisionError")
    assert "--debug" in lines[0]
    monkeypatch.delenv("VCOMPILER_DEBUG", raising=False)
    debug = CliRunner().invoke(main, ["--debug", "check", str(CONTENT / "tidal-reach")])
    assert isinstance(debug.exception, ZeroDivisionError)
    os.environ.pop("VCOMPILER_DEBUG", None)


# ---------------------------------------------------------------- processes
def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _start_build(folder: Path, out: Path, cache: Path) -> subprocess.Popen:
    env = dict(os.environ, VCOMPILER_CACHE_DIR=str(cache), TMPDIR=str(cache.parent / "tmp"))
    (cache.parent / "tmp").mkdir(exist_ok=True)
    return subprocess.Popen([sys.executable, "-m", "vcompiler", "build", str(folder), "-o", str(out), "--only", "pdf"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
                            start_new_session=True)


def _descendants(pid: int) -> set[int]:
    """Children and theirs: the workers, forked by a server the build started."""
    found: set[int] = set()
    parents = {pid}
    while parents:
        children = set().union(*(_children(parent) for parent in parents)) - found
        found |= children
        parents = children
    return found


def _wait_for_workers(process: subprocess.Popen) -> set[int]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        workers = _descendants(process.pid)
        if len(workers) >= 2 and process.poll() is None:
            time.sleep(0.5)       # into rendering
            return _descendants(process.pid)
        time.sleep(0.05)
    pytest.skip("the build finished before its workers could be seen")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_workers_die_with_a_killed_build(write_pack, tmp_path):
    folder = write_pack({"pack.vcl": SMALL})
    process = _start_build(folder, tmp_path / "out", tmp_path / "cache")
    workers = _wait_for_workers(process)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{w}").exists() for w in workers):
        time.sleep(0.1)
    alive = [w for w in workers if Path(f"/proc/{w}").exists()
             and "Z" not in (Path(f"/proc/{w}/stat").read_text().rsplit(")", 1)[1].split()[:1])]
    assert alive == []
    # The next build removes what the killed one left: its scratch folder, its staging.
    rebuilt = _start_build(folder, tmp_path / "out", tmp_path / "cache")
    assert rebuilt.wait(timeout=300) == 0
    assert not [p for p in (tmp_path / "tmp").iterdir() if p.name.startswith(("vcompiler-", "weasyprint-"))]
    assert _leftovers(tmp_path / "out") == []


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_exits_130_with_one_line_and_cleans_up(write_pack, tmp_path):
    folder = write_pack({"pack.vcl": SMALL})
    process = _start_build(folder, tmp_path / "out", tmp_path / "cache")
    _wait_for_workers(process)
    os.killpg(process.pid, signal.SIGINT)          # what the terminal does: the whole group
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert stderr.strip().splitlines()[-1] == "vcompiler: interrupted"
    assert "Traceback" not in stderr and len(stderr.strip().splitlines()) <= 2
    assert not [p for p in (tmp_path / "tmp").iterdir() if p.name.startswith(("vcompiler-", "weasyprint-"))]


def test_a_reader_that_stops_reading_ends_the_command_quietly():
    """`vcompiler rules | head -1`: the closed pipe is not an internal error."""
    read_end, write_end = os.pipe()
    os.close(read_end)                  # nobody will read: the first write fails
    proc = subprocess.Popen([sys.executable, "-m", "vcompiler", "rules"], stdout=write_end,
                            stderr=subprocess.PIPE, cwd=ROOT)
    os.close(write_end)
    _, error = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGPIPE
    assert b"E900" not in error and b"Traceback" not in error


@pytest.mark.parametrize("to", ["pipe", "file"])
def test_a_command_that_ends_at_once_has_written_all_its_output(write_pack, tmp_path, to):
    """check ends its process without unwinding (cli._exit): its report is all there,
    into a pipe or a file, and the exit status is its own."""
    folder = write_pack({"pack.vcl": VANGUARD_HEADER, "logbook.vcl": "".join(
        f'log {n} "Log {n}" {{\n  text "Text {n}."\n  -> log {n + 1}\n}}\n' for n in range(1, 400))
        + 'log 400 "End" {\n  -> log 9999\n}\n'})
    command = [sys.executable, "-m", "vcompiler", "check", str(folder), "--format", "json", "--no-cache"]
    if to == "pipe":
        done = subprocess.run(command, capture_output=True, cwd=ROOT, timeout=120)
        out = done.stdout
    else:
        with open(tmp_path / "out.json", "wb") as handle:
            done = subprocess.run(command, stdout=handle, stderr=subprocess.PIPE, cwd=ROOT, timeout=120)
        out = (tmp_path / "out.json").read_bytes()
    assert done.returncode == 1
    found = json.loads(out)
    assert [d["code"] for d in found["diagnostics"]] == ["E200"]


def test_a_closed_pipe_at_the_end_of_a_check_is_not_an_error(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER, "logbook.vcl": 'log 1 "A" {\n  -> log 9999\n}\n'})
    read_end, write_end = os.pipe()
    os.close(read_end)
    proc = subprocess.Popen([sys.executable, "-m", "vcompiler", "check", str(folder)], stdout=write_end,
                            stderr=subprocess.PIPE, cwd=ROOT)
    os.close(write_end)
    _, error = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGPIPE
    assert b"E900" not in error and b"Traceback" not in error


# ------------------------------------------------- an output folder committed as a link
def test_a_pack_folder_linked_outside_is_replaced_and_nothing_of_it_copied(tmp_path):
    secrets = tmp_path / "home" / ".ssh"
    secrets.mkdir(parents=True)
    (secrets / "id_ed25519").write_text("PRIVATE KEY")
    out = tmp_path / "build"
    out.mkdir()
    (out / "pack").symlink_to(secrets)
    write_set(out / "pack", {"bundle.json": b"{}"})
    assert not (out / "pack").is_symlink()
    assert sorted(p.name for p in (out / "pack").iterdir()) == [MANIFEST, "bundle.json"]
    assert sorted(p.name for p in secrets.iterdir()) == ["id_ed25519"]
    assert _leftovers(out) == []


def test_only_the_files_a_build_wrote_are_kept(tmp_path):
    out = tmp_path / "pack"
    write_set(out, {"bundle.json": b"1", "book.pdf": b"book"})
    (out / "notes.txt").write_text("planted")
    (out / "key").symlink_to(tmp_path)
    (tmp_path / "secret").write_text("x")
    (out / "book.pdf").unlink()
    (out / "book.pdf").symlink_to(tmp_path / "secret")     # a kept name turned into a link
    write_set(out, {"bundle.json": b"2"})
    assert sorted(p.name for p in out.iterdir()) == [MANIFEST, "bundle.json"]


def test_a_build_into_an_output_folder_that_is_a_link_is_e104(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "build").symlink_to(elsewhere)
    result = CliRunner().invoke(main, ["build", str(CONTENT / "eye-of-the-void"), "-o", str(tmp_path / "build"),
                                       "--only", "json", "--format", "json"])
    assert result.exit_code == 1
    [found] = json.loads(result.stdout)["diagnostics"]
    assert found["code"] == "E104" and "it is a link" in found["message"]
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("fault", [errno.ENOSPC, errno.EFBIG])
def test_a_full_temporary_folder_or_a_file_size_limit_is_e104_with_the_path(tmp_path, monkeypatch, fault):
    import tempfile

    from vcompiler.util import workers
    temp = tmp_path / "tmp"

    def full(*args, **kwargs):
        raise OSError(fault, os.strerror(fault), str(temp / "vcompiler-scratch-1-x"))
    monkeypatch.setattr(workers.tempfile, "mkdtemp", full)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = CliRunner().invoke(main, ["build", str(CONTENT / "eye-of-the-void"), "-o", str(tmp_path / "out"),
                                       "--only", "json", "--no-cache"])
    assert result.exit_code == 1
    assert f"error E104: cannot write {temp / 'vcompiler-scratch-1-x'}: " in result.stderr
    assert "E900" not in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_full_disk_inside_a_render_worker_is_e104(tmp_path, monkeypatch):
    import vcompiler.render
    from vcompiler.render.pdf import RenderError

    def failing(*args, **kwargs):
        try:
            raise OSError(errno.ENOSPC, "No space left on device", "/tmp/weasyprint-font")
        except OSError as error:
            raise RenderError("a worker failed") from error
    monkeypatch.setattr(vcompiler.render, "render", failing)
    result = CliRunner().invoke(main, ["build", str(CONTENT / "eye-of-the-void"), "-o", str(tmp_path / "out"),
                                       "--no-cache"])
    assert result.exit_code == 1
    assert "error E104: cannot write /tmp/weasyprint-font: the disk is full" in result.stderr
    assert "E900" not in result.output
