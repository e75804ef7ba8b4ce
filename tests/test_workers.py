"""Work shared out to forked processes (workers.forked_shares): the same results in the
same order as one process, whatever a child does, and no child outlives the call."""
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CONTENT
from vcompiler.util import workers
from vcompiler.util.workers import forked_shares

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")


def _children() -> set[int]:
    """This process's children, zombies included (a child not waited for)."""
    me = str(os.getpid())
    found = set()
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == me:
            found.add(int(status.parent.name))
    return found


def test_results_come_back_in_order_from_more_than_one_process():
    before = _children()
    items = [f"item {i}" * (i + 1) for i in range(40)]
    results = forked_shares(items, len, lambda item: (item.upper(), os.getpid()), 3, 0.85)
    assert [text for text, _ in results] == [item.upper() for item in items]
    makers = {pid for _, pid in results}
    assert os.getpid() in makers and len(makers) == 3
    assert _children() <= before


def test_the_largest_items_go_to_this_process_and_children_take_less():
    items = list(range(1, 21))
    pids = forked_shares(items, lambda n: n, lambda n: os.getpid(), 2, 0.85)
    mine = sum(n for n, pid in zip(items, pids) if pid == os.getpid())
    # A child gets 1 / 2.85 of the work: it pays for pickling its results too.
    assert mine / sum(items) == pytest.approx(1 - 1 / 2.85, abs=0.05)
    assert pids[-1] == os.getpid()


@pytest.mark.parametrize("failure", ["raises", "dies"])
def test_a_child_that_fails_costs_only_time(failure):
    before = _children()
    parent = os.getpid()

    def run(n):
        if os.getpid() != parent:
            if failure == "raises":
                raise RuntimeError("broken")
            os._exit(3)
        return n * n

    assert forked_shares(list(range(30)), lambda n: 1, run, 2, 0.85) == [n * n for n in range(30)]
    assert _children() <= before


def test_an_interrupted_call_leaves_no_child_behind():
    before = _children()
    parent = os.getpid()

    def run(n):
        if os.getpid() == parent and n == 0:
            raise KeyboardInterrupt
        return n

    with pytest.raises(KeyboardInterrupt):
        forked_shares(list(range(30)), lambda n: 1, run, 2, 0.85)
    assert _children() <= before


def test_one_process_forks_nothing():
    assert forked_shares([1, 2, 3], lambda n: n, lambda n: os.getpid(), 1, 0.85) == [os.getpid()] * 3


@pytest.mark.parametrize("limit, cores", [("max 100000", 1 << 16), ("150000 100000", 2), ("50000 100000", 1),
                                          (None, 1 << 16)])
def test_a_containers_cpu_limit_caps_the_cores(tmp_path, monkeypatch, limit, cores):
    path = tmp_path / "cpu.max"
    if limit is not None:
        path.write_text(limit + "\n")
    monkeypatch.setattr(workers, "_CPU_MAX", str(path))
    assert workers._cpu_quota() == cores
    if cores == 1:
        assert workers.idle_cores() == 1


def test_results_larger_than_a_pipe_holds_come_back_whole():
    items = list(range(12))
    results = forked_shares(items, lambda n: 1, lambda n: (str(n) * 700_000, os.getpid()), 2, 0.5, 0.25)
    assert [text for text, _ in results] == [str(n) * 700_000 for n in items]
    assert len({pid for _, pid in results}) == 2


def test_a_child_that_dies_after_sending_some_results_costs_only_time():
    before = _children()
    parent = os.getpid()
    made = []

    def run(n):
        if os.getpid() != parent:
            made.append(n)
            if len(made) == 3:          # two results sent, then gone
                os._exit(9)
        return n * 10

    assert forked_shares(list(range(40)), lambda n: 1, run, 2, 0.5, 0.25) == [n * 10 for n in range(40)]
    assert _children() <= before


def test_this_process_takes_less_when_it_reads_what_children_send():
    items = list(range(1, 41))
    pids = forked_shares(items, lambda n: n, lambda n: os.getpid(), 2, 0.5, 0.25)
    mine = sum(n for n, pid in zip(items, pids) if pid == os.getpid())
    # m + 0.25 c = 1.5 c and m + c = 1: a child gets 1 / 2.25 of the work.
    assert mine / sum(items) == pytest.approx(1 - 1 / 2.25, abs=0.03)


def _lineage(_: int) -> tuple[int, int, bool, bool]:
    """In a worker: its process id, its parent's, and whether it holds what the fork
    server preloaded (tabnanny, which neither this module nor vcompiler.util.workers imports)
    and the module that ties the server to this process."""
    import sys
    import time
    start = time.process_time()
    while time.process_time() - start < 0.05:        # some work, for the time it counts
        pass
    return os.getpid(), os.getppid(), "tabnanny" in sys.modules, "vcompiler.util.server" in sys.modules


def _children_time() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_fork_server_pool_forks_its_workers_from_one_server_that_preloaded_and_is_gone_after():
    import sys
    assert "tabnanny" not in sys.modules
    before = _children()
    spent = _children_time()
    with workers.running(workers.pool(2, "forkserver", ("tabnanny",))) as executor:
        seen = list(executor.map(_lineage, range(8)))
        servers = {parent for _, parent, _, _ in seen}
        # Both workers are forked from one server, a child of this process.
        assert len(servers) == 1 and _parent_of(servers.pop()) == os.getpid()
        assert all(preloaded and tied for _, _, preloaded, tied in seen)
    # The server was stopped and waited for with its workers: nothing is left running
    # (but multiprocessing's resource tracker, which any pool starts), and their time is
    # counted as this process's.
    from multiprocessing import resource_tracker
    assert _children() - {resource_tracker._resource_tracker._pid} <= before
    assert _children_time() - spent >= 8 * 0.05 * 0.9
    assert "tabnanny" not in sys.modules and workers._SERVER_PARENT not in os.environ


def test_the_fork_server_ties_itself_only_when_its_parent_started_it(monkeypatch):
    monkeypatch.setattr(workers, "_server", None)
    monkeypatch.setenv(workers._SERVER_PARENT, str(os.getpid()))      # this process is no server
    workers.serving()
    assert workers._server is None


_COUNT_PROGRAMS = """
import subprocess, sys
started = []
real = subprocess.Popen.__init__
def counted(self, args, *rest, **kwargs):
    started.append(args)
    real(self, args, *rest, **kwargs)
subprocess.Popen.__init__ = counted
import {first}
import weasyprint
print(len(started), sorted({{str(a[0] if isinstance(a, (list, tuple)) else a) for a in started}}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the linker's folders of Linux")
@pytest.mark.parametrize("first", ["vcompiler.render", "vcompiler.util.server"])
def test_weasyprint_finds_its_libraries_without_running_ldconfig_or_a_compiler(first, monkeypatch):
    import subprocess
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parent.parent))
    monkeypatch.delenv(workers._SERVER_PARENT, raising=False)
    done = subprocess.run([sys.executable, "-c", _COUNT_PROGRAMS.format(first=first)], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "0 []", done.stdout


def test_the_library_look_up_answers_as_ctypes_does():
    import ctypes.util
    ldconfig = getattr(ctypes.util.find_library, "_original", ctypes.util.find_library)
    folders = workers._linker_folders()
    for name in ("c", "m", "gobject-2.0", "pango-1.0", "harfbuzz", "fontconfig", "libgobject-2.0-0", "no-such-lib"):
        assert workers._find_library_in_folders(name, folders) == ldconfig(name), name


_BUSY_COMMAND = """
import os, sys, time
from vcompiler.util import workers

def spin(_):
    while True:
        time.sleep(0.01)

if __name__ == "__main__":
    method = sys.argv[1]
    if method == "shares":
        def run(n):
            if os.getpid() != parent:
                print(os.getpid(), flush=True)
                spin(n)
            print(os.getpid(), flush=True)
            spin(n)
        parent = os.getpid()
        workers.forked_shares([1, 2, 3], lambda n: 1, run, 3, 0.5)
    executor = workers.pool(2, method)
    list(executor.map(abs, range(4)))
    for pid in executor._processes:
        print(pid, flush=True)
    from multiprocessing import forkserver, resource_tracker
    print(resource_tracker._resource_tracker._pid or "", flush=True)
    print(forkserver._forkserver._forkserver_pid or "", flush=True)
    for _ in range(2):
        executor.submit(spin, 0)
    print("busy", flush=True)
    time.sleep(60)
"""


def _running(pid: int) -> bool:
    """Whether `pid` runs, a zombie (ended, its parent gone or not waiting) not counted."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("method", ["forkserver", "spawn", "fork", "shares"])
def test_busy_workers_end_with_a_killed_command_by_their_lifeline_alone(method, tmp_path, monkeypatch):
    """The command is killed (SIGKILL: nothing of it runs) while its workers work, with
    the kernel's death signal turned off: the workers, the fork server and the resource
    tracker read the end of their pipes and go."""
    import signal
    import subprocess
    import time
    script = tmp_path / "busy.py"
    script.write_text(_BUSY_COMMAND)
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parent.parent))
    monkeypatch.setenv(workers._NO_DEATH_SIGNAL, "1")
    command = subprocess.Popen([sys.executable, str(script), method], stdout=subprocess.PIPE, text=True)
    started: list[int] = []
    try:
        for line in command.stdout:
            if line.strip() == "busy":
                break
            if line.strip():
                started.append(int(line))
            if method == "shares" and len(started) == 3:       # this process and two children
                break
        time.sleep(0.2)
    finally:
        command.kill()
        command.wait()
    expected = {"forkserver": 4, "spawn": 3, "fork": 2, "shares": 2}[method]
    helpers = [pid for pid in started if pid != command.pid]
    assert len(set(helpers)) == expected, started
    deadline = time.monotonic() + 5
    while (left := [pid for pid in helpers if _running(pid)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []


def test_a_build_under_a_long_temporary_folder_runs_its_render_server(tmp_path):
    # A Unix socket's path holds at most 107 bytes: the render server's must not sit
    # below a long TMPDIR.
    long = tmp_path / ("a-temporary-folder-with-a-long-name-" * 3)
    long.mkdir()
    done = subprocess.run([sys.executable, "-m", "vcompiler", "build", str(CONTENT / "eye-of-the-void"), "-o",
                           str(tmp_path / "out"), "--only", "pdf", "--no-cache"], capture_output=True, text=True,
                          env={**os.environ, "TMPDIR": str(long)}, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "out" / "eye_of_the_void" / "logbook.pdf").exists() and list(long.iterdir()) == []
