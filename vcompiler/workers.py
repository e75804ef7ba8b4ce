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
import ctypes
import multiprocessing
import os
import re
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

_SCRATCH_PREFIX = "vcompiler-scratch-"
_PR_SET_PDEATHSIG = 1
_scratch: str | None = None


def _tie_to_parent(parent: int, scratch: str | None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
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
