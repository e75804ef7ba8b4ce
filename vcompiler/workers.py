"""Worker processes that live no longer than the command that started them, and a
scratch folder that goes with them.

A worker ignores Ctrl-C (the main process answers it, once) and is killed by the
kernel when the main process dies, however it dies (Linux: PR_SET_PDEATHSIG); when the
main process stops early it kills its workers rather than wait for their work. Their
temporary files (WeasyPrint writes fonts to /tmp/weasyprint-*) go to a scratch folder
of the main process, removed when the command ends, or by the next command if it was
killed."""
from __future__ import annotations

import contextlib
import os
import pickle
import re
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

_SCRATCH_PREFIX = "vcompiler-scratch-"
_PR_SET_PDEATHSIG = 1
_scratch: str | None = None


def _tie_to_parent(parent: int, scratch: str | None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:        # the parent died before the line above
        os._exit(1)
    if scratch is not None:
        tempfile.tempdir = scratch


def pool(workers: int, method: str) -> ProcessPoolExecutor:
    """A process pool whose workers are tied to this process (see above). `method`:
    "fork" or "spawn" (fork where the platform has none)."""
    # Imported here: the commands that only fork (see forked_shares) need neither.
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    if method not in multiprocessing.get_all_start_methods():
        method = "spawn"
    executor = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method),
                                   initializer=_tie_to_parent, initargs=(os.getpid(), _scratch))
    # Started now, with Ctrl-C ignored: a worker inherits that, and so cannot be
    # interrupted while it imports, before its initializer runs (a traceback each).
    launch = getattr(executor, "_launch_processes", None)
    if launch is not None and threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            launch()
        finally:
            signal.signal(signal.SIGINT, previous)
    return executor


@contextlib.contextmanager
def running(executor: ProcessPoolExecutor) -> Iterator[ProcessPoolExecutor]:
    """`with running(pool(...)) as p:` as `with ProcessPoolExecutor(...)`, except that
    leaving on an exception (Ctrl-C, an error) kills the workers at once."""
    try:
        yield executor
    except BaseException:
        # The pool has no public way to stop work under way.
        for process in list(getattr(executor, "_processes", {}).values()):
            with contextlib.suppress(Exception):
                process.kill()
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    executor.shutdown(wait=True)


def idle_cores() -> int:
    """Cores that no other process keeps busy right now: a second process on a core that
    is already taken only adds the cost of pickling its results. Linux says how many
    tasks are running at this moment (/proc/loadavg, this one included); elsewhere the
    last minute's load average stands in, which lags (a command that just ended still
    counts)."""
    cores = min(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1,
                _cpu_quota())
    try:
        with open("/proc/loadavg", encoding="ascii") as handle:
            busy = float(handle.read().split()[3].split("/")[0]) - 1
    except (OSError, ValueError, IndexError):
        try:
            busy = os.getloadavg()[0]
        except (AttributeError, OSError):
            return cores
    return max(1, min(cores, int(cores - busy + 0.5)))


_CPU_MAX = "/sys/fs/cgroup/cpu.max"


def _cpu_quota() -> int:
    """The cores a container's CPU limit allows (cgroup v2's cpu.max, rounded up), or a
    large number when there is no limit: a container may see every core of its host."""
    try:
        with open(_CPU_MAX, encoding="ascii") as handle:
            quota, period = handle.read().split()[:2]
        return max(1, -(-int(quota) // int(period)))
    except (OSError, ValueError):
        return 1 << 16


def forked_shares(items: Sequence[T], weight: Callable[[T], int], run: Callable[[T], R], processes: int,
                  result_cost: float) -> list[R]:
    """[run(item) for item in items], in `processes` processes: this one and forked
    children, which inherit everything (the items, loaded tables) without pickling and
    send back only their results, pickled. `result_cost`: what pickling a result costs
    a child, as a fraction of making it; children take that much less of the work
    (by `weight`), so that all end together. A child that fails or dies costs nothing
    but time: this process makes its share itself. Where there is no fork, or this
    process runs threads (a fork copies their locks, held or not), one process does
    everything."""
    if processes <= 1 or len(items) < 2 or not hasattr(os, "fork") or threading.active_count() > 1:
        return [run(item) for item in items]
    children = min(processes, len(items)) - 1
    # Shares by time: this process makes m, each child c with m = c * (1 + result_cost),
    # and afterwards unpickles the children's results, which is cheap beside the rest.
    child_part = 1 / (1 + result_cost + children)
    budgets = [1 - children * child_part] + [child_part] * children
    total = sum(weight(item) for item in items) or 1
    shares: list[list[int]] = [[] for _ in budgets]
    given = [0.0] * len(budgets)
    for index in sorted(range(len(items)), key=lambda i: -weight(items[i])):
        party = max(range(len(budgets)), key=lambda p: budgets[p] - given[p])
        shares[party].append(index)
        given[party] += weight(items[index]) / total
    results: dict[int, R] = {}
    children_running: dict[int, list[int]] = {}
    pipes: dict[int, int] = {}
    try:
        for share in shares[1:]:
            if share:
                pid, pipes[pid] = _fork_child(items, run, share)
                children_running[pid] = share
        for index in shares[0]:
            results[index] = run(items[index])
        for pid, share in list(children_running.items()):
            values = _collect(pid, pipes.pop(pid), len(share))
            del children_running[pid]
            if values is None:
                values = [run(items[i]) for i in share]
            results.update(zip(share, values))
    finally:
        for pid in children_running:             # stopped early (Ctrl-C, an error)
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.waitpid(pid, 0)
        for pipe in pipes.values():
            os.close(pipe)
    return [results[i] for i in range(len(items))]


def _fork_child(items: Sequence[T], run: Callable[[T], R], share: list[int]) -> tuple[int, int]:
    parent = os.getpid()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:                                 # the child: never returns
        status = 1
        try:
            os.close(read_end)
            _tie_to_parent(parent, None)
            data = pickle.dumps([run(items[i]) for i in share], protocol=pickle.HIGHEST_PROTOCOL)
            with open(write_end, "wb") as out:
                out.write(data)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    return pid, read_end


def _collect(pid: int, pipe: int, count: int) -> list | None:
    """A child's results, or None if it failed. Closes `pipe`, and reaps the child
    unless interrupted while reading."""
    with open(pipe, "rb") as handle:
        data = handle.read()
    _, status = os.waitpid(pid, 0)
    if status != 0:
        return None
    try:
        values = pickle.loads(data)
    except Exception:
        return None
    return values if isinstance(values, list) and len(values) == count else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale(folder: Path, pattern: str) -> None:
    """Remove the entries of `folder` matching `pattern` (a regular expression whose
    group `pid` is the process that made them) whose process is gone."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        match = re.fullmatch(pattern, name)
        if match and not _alive(int(match.group("pid"))):
            path = folder / name
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                with contextlib.suppress(OSError):
                    path.unlink()


@contextlib.contextmanager
def scratch() -> Iterator[Path]:
    """A private temporary folder for this command and its workers, made the default
    of `tempfile` meanwhile, removed at the end."""
    global _scratch
    base = Path(tempfile.gettempdir())
    remove_stale(base, re.escape(_SCRATCH_PREFIX) + r"(?P<pid>\d+)-.*")
    folder = tempfile.mkdtemp(prefix=f"{_SCRATCH_PREFIX}{os.getpid()}-")
    previous, _scratch = tempfile.tempdir, folder
    tempfile.tempdir = folder
    try:
        yield Path(folder)
    finally:
        tempfile.tempdir, _scratch = previous, None
        shutil.rmtree(folder, ignore_errors=True)
