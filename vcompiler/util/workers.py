"""Worker processes that live no longer than the command that started them, and a
scratch folder that goes with them.

A worker ignores Ctrl-C (the main process answers it, once) and ends when the main
process dies, however it dies: it reads a pipe (the lifeline) whose only writing end the
main process holds, and the kernel closes that end with the process, so the read ends;
on Linux the kernel kills it too (PR_SET_PDEATHSIG), which the pipe backs where that is
missing or lost (a server started by a wrapper such as coverage's). When the main
process stops early it kills its workers rather than wait for their work. Their
temporary files (WeasyPrint writes fonts to /tmp/weasyprint-*) go to a scratch folder
of the main process, removed when the command ends, or by the next command if it was
killed.

Workers that load a large library (WeasyPrint) are forked from a server process that
loaded it once (multiprocessing's fork server, `pool(..., preload=...)`), rather than
each started afresh and loading it again. The server is tied to the main process as
the workers are to it, so a killed command still leaves nothing running."""
from __future__ import annotations

import contextlib
import os
import pickle
import re
import select
import shutil
import signal
import stat
import struct
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

_SCRATCH_PREFIX = "vcompiler-scratch-"
_PR_SET_PDEATHSIG = 1
_scratch: str | None = None
_outside: str | None = None           # tempfile's folder before the scratch folder
# Set by the main process while it starts a fork server: the server's parent.
_SERVER_PARENT = "VCOMPILER_SERVER_PARENT"
# The fork server's process id, in the server and in the workers it forks.
_server: int | None = None
# Set by the main process while it starts a fork server: the lifeline's reading end, as
# "descriptor inode" (see _lifeline).
_SERVER_LIFELINE = "VCOMPILER_SERVER_LIFELINE"
# Tests set it to see that the lifeline alone ends the workers.
_NO_DEATH_SIGNAL = "VCOMPILER_TEST_NO_PDEATHSIG"
# The lifeline of this process: its reading end, writing end and the process that made it
# (a forked child inherits both ends and must close the writing one).
_lifeline_ends: tuple[int, int, int] | None = None
_watcher: int | None = None           # the process whose thread watches its lifeline


def _lifeline() -> tuple[int, int]:
    """The reading end of this process's lifeline, made once, and its inode: a process
    that is given the descriptor's number checks by the inode that it holds this pipe
    and not whatever else now has that number."""
    global _lifeline_ends
    if _lifeline_ends is None or _lifeline_ends[2] != os.getpid():
        _drop_inherited_lifeline()
        read_end, write_end = os.pipe()
        _lifeline_ends = (read_end, write_end, os.getpid())
    return _lifeline_ends[0], os.fstat(_lifeline_ends[0]).st_ino


def _drop_inherited_lifeline() -> None:
    """In a forked child: close the writing end of its parent's lifeline, which would
    otherwise keep its own (and its siblings') reading end open after the parent died."""
    global _lifeline_ends
    if _lifeline_ends is not None and _lifeline_ends[2] != os.getpid():
        with contextlib.suppress(OSError):
            os.close(_lifeline_ends[1])
        _lifeline_ends = None


def _watch_lifeline(lifeline: tuple[int, int] | None) -> None:
    """End this process when the lifeline's writing end closes (its reader sees the end
    of the pipe), from a thread that does nothing but wait for it."""
    global _watcher
    _drop_inherited_lifeline()
    if lifeline is None or _watcher == os.getpid():     # a forked child has no thread of its parent's
        return
    fd, inode = lifeline
    try:
        held = os.fstat(fd)
    except OSError:
        return
    if held.st_ino != inode or not stat.S_ISFIFO(held.st_mode):
        return
    _watcher = os.getpid()

    def wait() -> None:
        try:
            os.read(fd, 1)
        except OSError:
            return
        os._exit(1)
    threading.Thread(target=wait, name="lifeline", daemon=True).start()


@contextlib.contextmanager
def _passing_lifeline(lifeline: tuple[int, int]) -> Iterator[None]:
    """Meanwhile the processes multiprocessing starts afresh (spawn, the fork server)
    keep the lifeline's reading end: it closes every other descriptor of theirs."""
    from multiprocessing import resource_tracker, util
    resource_tracker.ensure_running()    # its own pipe ends it: no lifeline to hold
    spawn = util.spawnv_passfds

    def passing(path: Any, args: Any, passfds: Any) -> Any:
        return spawn(path, args, sorted({*passfds, lifeline[0]}))
    util.spawnv_passfds = passing
    try:
        yield
    finally:
        util.spawnv_passfds = spawn


def _die_with_parent() -> None:
    if sys.platform.startswith("linux") and not os.environ.get(_NO_DEATH_SIGNAL):
        try:
            import ctypes
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass


def _tie_to_parent(parent: int | None, scratch: str | None, lifeline: tuple[int, int] | None = None) -> None:
    """A worker's initializer. `parent`: the process that started it, or None for the
    fork server it was forked from; `lifeline`: the lifeline's reading end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()
    _watch_lifeline(lifeline)
    if parent is None:
        parent = _server if _server is not None else os.getppid()
    if os.getppid() != parent:        # the parent died before the line above
        os._exit(1)
    if scratch is not None:
        tempfile.tempdir = scratch


def serving() -> None:
    """What the fork server does first, on importing vcompiler.util.server: die with the
    main process that started it (its workers die with it in turn). Elsewhere nothing."""
    global _server
    if os.environ.get(_SERVER_PARENT) != str(os.getppid()):
        return
    _die_with_parent()
    with contextlib.suppress(ValueError):
        fd, inode = (int(n) for n in os.environ.pop(_SERVER_LIFELINE, "").split())
        _watch_lifeline((fd, inode))
    if os.environ.get(_SERVER_PARENT) != str(os.getppid()):   # it died meanwhile
        os._exit(1)
    _server = os.getpid()


def _server_folder() -> None:
    """multiprocessing's temporary folder (pymp-*), which holds the fork server's
    socket, made outside the scratch folder in one of its own named after this process:
    removed with the server (_stop_server), or by the next command if this one was
    killed (remove_stale). multiprocessing would remove it only at the interpreter's
    exit, which a command that ends at once (os._exit) never reaches."""
    from multiprocessing import process, util
    held = tempfile.tempdir
    if getattr(process.current_process(), "_config", {}).get("tempdir") is not None:
        return
    prefix = f"{_SCRATCH_PREFIX}{os.getpid()}-server-"
    base = _outside if _scratch is not None and held == _scratch else None
    if len(os.path.join(base or tempfile.gettempdir(), prefix)) + _BELOW_HOLDER > _SOCKET_PATH and \
            os.path.isdir(_SHORT_TEMP):
        # A Unix socket's path holds at most 107 bytes, which a long TMPDIR (a CI job's,
        # a test's) leaves no room for: the E900 "AF_UNIX path too long" of a book build.
        base = _SHORT_TEMP
        remove_stale(Path(base), re.escape(_SCRATCH_PREFIX) + r"(?P<pid>\d+)-server-.*")
    holder = tempfile.mkdtemp(prefix=prefix, dir=base)
    tempfile.tempdir = holder
    try:
        util.get_temp_dir()
    finally:
        tempfile.tempdir = held
    _server_folders.append(holder)


_server_folders: list[str] = []
# What Linux's sockaddr_un holds of a path, and what multiprocessing puts below the
# holder: its 8 random letters, /pymp-XXXXXXXX, then the socket, /listener-XXXXXXXX.
_SOCKET_PATH = 107
_BELOW_HOLDER = 8 + 14 + 18
_SHORT_TEMP = "/tmp"


def pool(workers: int, method: str, preload: tuple[str, ...] = ()) -> ProcessPoolExecutor:
    """A process pool whose workers are tied to this process (see above). `method`:
    "fork", "spawn", or "forkserver": forked from a server process that imported the
    modules `preload` once (spawn where the platform has no such method). The fork
    server is started once a command, with the `preload` of its first pool."""
    # Imported here: the commands that only fork (see forked_shares) need neither.
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    if method not in multiprocessing.get_all_start_methods():
        method = "spawn"
    context = multiprocessing.get_context(method)
    parent: int | None = os.getpid()
    lifeline = _lifeline()
    if method == "forkserver":
        context.set_forkserver_preload(["vcompiler.util.server", *preload])
        parent = None
        _server_folder()
    executor = ProcessPoolExecutor(workers, mp_context=context, initializer=_tie_to_parent,
                                   initargs=(parent, _scratch, lifeline))
    # Started now, with Ctrl-C ignored: a worker (or the fork server, and so the workers
    # it forks) inherits that, and so cannot be interrupted while it imports, before its
    # initializer runs (a traceback each).
    launch = getattr(executor, "_launch_processes", None)
    if launch is not None and threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            if method == "forkserver":
                from multiprocessing import forkserver
                os.environ[_SERVER_PARENT] = str(os.getpid())
                os.environ[_SERVER_LIFELINE] = "{} {}".format(*lifeline)
                with _passing_lifeline(lifeline):
                    forkserver.ensure_running()
            elif method == "spawn":
                with _passing_lifeline(lifeline):
                    launch()
            else:
                launch()
        finally:
            signal.signal(signal.SIGINT, previous)
            os.environ.pop(_SERVER_PARENT, None)
            os.environ.pop(_SERVER_LIFELINE, None)
        if method == "forkserver":
            # Forked once the server has imported what it preloads: this process waits
            # meanwhile, and Ctrl-C must still stop it.
            try:
                launch()
            except BaseException:
                _stop_now(executor)
                with contextlib.suppress(Exception):
                    _stop_server(now=True)
                raise
    return executor


@contextlib.contextmanager
def running(executor: ProcessPoolExecutor) -> Iterator[ProcessPoolExecutor]:
    """`with running(pool(...)) as p:` as `with ProcessPoolExecutor(...)`, except that
    leaving on an exception (Ctrl-C, an error) kills the workers at once."""
    context = getattr(executor, "_mp_context", None)
    served = context is not None and context.get_start_method() == "forkserver"
    try:
        yield executor
    except BaseException:
        _stop_now(executor)
        if served:
            with contextlib.suppress(Exception):
                _stop_server(now=True)
        raise
    executor.shutdown(wait=True)
    if served:
        _stop_server()


def _stop_now(executor: ProcessPoolExecutor) -> None:
    # The pool has no public way to stop work under way.
    processes = list(getattr(executor, "_processes", {}).values())
    for process in processes:
        with contextlib.suppress(Exception):
            process.kill()
    # Waited for: a worker still starting when this process ends would find the pool's
    # semaphores gone (multiprocessing unlinks them at exit) and print a traceback.
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(1.0)
    executor.shutdown(wait=False, cancel_futures=True)


def _stop_server(now: bool = False) -> None:
    """Ends the fork server and waits for it, now that its workers are done: its time
    and theirs count as this command's (getrusage's RUSAGE_CHILDREN), and no server
    lives on with what it loaded for one pool. `now`: stopped early (Ctrl-C, an error),
    the server is killed first, and its workers with it (they die with their parent).
    It ends of itself only once every process it forked has let go of the pipe that
    keeps it alive: a worker forked while Ctrl-C stopped the pool's launch is not yet
    the pool's to kill, and it waits for work, which would keep this process waiting
    for the server for ever."""
    from multiprocessing import forkserver, process
    server = getattr(forkserver, "_forkserver", None)
    if now and getattr(server, "_forkserver_pid", None):
        with contextlib.suppress(OSError):
            os.kill(server._forkserver_pid, signal.SIGKILL)  # type: ignore[union-attr]
    stop = getattr(server, "_stop", None)
    if stop is not None:
        stop()
    if _server_folders:
        # multiprocessing's own finalizer removes its folder and forgets it, once: left
        # to the interpreter's exit it would find the folder gone (a traceback).
        from multiprocessing import util
        remove = getattr(util, "_remove_temp_dir", None)
        for finalizer in list(getattr(util, "_finalizer_registry", {}).values()):
            if remove is not None and getattr(finalizer, "_callback", None) is remove:
                with contextlib.suppress(Exception):
                    finalizer()
        getattr(process.current_process(), "_config", {})["tempdir"] = None
        while _server_folders:
            shutil.rmtree(_server_folders.pop(), ignore_errors=True)


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
                  result_cost: float, receive_cost: float = 0.0) -> list[R]:
    """[run(item) for item in items], in `processes` processes: this one and forked
    children, which inherit everything (the items, loaded tables) without pickling and
    send back only their results, pickled, each as soon as it is made. `result_cost`:
    what pickling a result costs a child, and `receive_cost` what unpickling it costs
    this process, as fractions of making it; children take less of the work (by
    `weight`) so that all end together, this process unpickling what they send while
    they make the rest. A child that fails or dies costs nothing but time: this process
    makes its share itself. Where there is no fork, or this process runs threads (a
    fork copies their locks, held or not), one process does everything."""
    if processes <= 1 or len(items) < 2 or not hasattr(os, "fork") or threading.active_count() > 1:
        return [run(item) for item in items]
    children = min(processes, len(items)) - 1
    # Shares by time: this process makes m and unpickles what the children send
    # (receive_cost * their shares), each child makes c and pickles it, and all end
    # together: m + receive_cost * children * c = (1 + result_cost) * c, m + children * c = 1.
    child_part = 1 / (1 + result_cost + children * (1 - receive_cost))
    budgets = [1 - children * child_part] + [child_part] * children
    total = sum(weight(item) for item in items) or 1
    shares: list[list[int]] = [[] for _ in budgets]
    given = [0.0] * len(budgets)
    for index in sorted(range(len(items)), key=lambda i: -weight(items[i])):
        party = max(range(len(budgets)), key=lambda p: budgets[p] - given[p])
        shares[party].append(index)
        given[party] += weight(items[index]) / total
    results: dict[int, R] = {}
    streams: dict[int, _Stream] = {}
    try:
        for share in shares[1:]:
            if share:
                pid, pipe = _fork_child(items, run, share)
                streams[pid] = _Stream(pid, pipe, share)
        for index in shares[0]:
            results[index] = run(items[index])
            for stream in streams.values():
                stream.take(block=False)
        for pid, stream in list(streams.items()):
            values = stream.finish()
            del streams[pid]
            if values is None:
                values = [run(items[i]) for i in stream.share]
            results.update(zip(stream.share, values))
    finally:
        for stream in streams.values():          # stopped early (Ctrl-C, an error)
            stream.kill()
    return [results[i] for i in range(len(items))]


_FRAME = struct.Struct("<Q")
_F_SETPIPE_SZ = 1031                 # Linux's fcntl for a pipe's buffer size
_PIPE_SIZE = 1 << 20                 # Linux's default largest: a child rarely waits for room


def _fork_child(items: Sequence[T], run: Callable[[T], R], share: list[int]) -> tuple[int, int]:
    parent = os.getpid()
    lifeline = _lifeline()
    read_end, write_end = os.pipe()
    with contextlib.suppress(OSError, ImportError):
        import fcntl
        fcntl.fcntl(write_end, _F_SETPIPE_SZ, _PIPE_SIZE)
    pid = os.fork()
    if pid == 0:                                 # the child: never returns
        status = 1
        try:
            os.close(read_end)
            _tie_to_parent(parent, None, lifeline)
            with open(write_end, "wb") as out:
                for index in share:
                    data = pickle.dumps(run(items[index]), protocol=pickle.HIGHEST_PROTOCOL)
                    out.write(_FRAME.pack(len(data)))
                    out.write(data)
                    out.flush()
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    return pid, read_end


class _Stream:
    """A child's results as they come through its pipe: each a frame, its length then
    its pickle."""

    def __init__(self, pid: int, pipe: int, share: list[int]):
        self.pid, self.pipe, self.share = pid, pipe, share
        self.buffer = bytearray()
        self.values: list[Any] = []
        self.broken = False
        self.open = True
        os.set_blocking(pipe, False)

    def take(self, block: bool) -> None:
        """Read what the pipe holds (`block`: until the child closes it) and unpickle
        every whole frame."""
        while self.open:
            try:
                data = os.read(self.pipe, _PIPE_SIZE)
            except BlockingIOError:
                if not block:
                    break
                select.select([self.pipe], [], [])
                continue
            if not data:
                self._close()
                break
            self.buffer += data
            self._unpickle()

    def _unpickle(self) -> None:
        at = 0
        size = len(self.buffer)
        while not self.broken and size - at >= _FRAME.size:
            (length,) = _FRAME.unpack_from(self.buffer, at)
            if size - at - _FRAME.size < length:
                break
            start = at + _FRAME.size
            try:
                self.values.append(pickle.loads(self.buffer[start:start + length]))
            except Exception:
                self.broken = True
            at = start + length
        del self.buffer[:at]

    def _close(self) -> None:
        self.open = False
        os.close(self.pipe)

    def finish(self) -> list[Any] | None:
        """Every result of the child, or None if it failed. Reaps the child."""
        self.take(block=True)
        _, status = os.waitpid(self.pid, 0)
        if status != 0 or self.broken or self.buffer or len(self.values) != len(self.share):
            return None
        return self.values

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            os.kill(self.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.waitpid(self.pid, 0)
        if self.open:
            self._close()


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
    global _scratch, _outside
    base = Path(tempfile.gettempdir())
    remove_stale(base, re.escape(_SCRATCH_PREFIX) + r"(?P<pid>\d+)-.*")
    folder = tempfile.mkdtemp(prefix=f"{_SCRATCH_PREFIX}{os.getpid()}-")
    previous, _scratch, _outside = tempfile.tempdir, folder, tempfile.tempdir
    tempfile.tempdir = folder
    try:
        yield Path(folder)
    finally:
        tempfile.tempdir, _scratch, _outside = previous, None, None
        shutil.rmtree(folder, ignore_errors=True)
        if _server_folders:          # stopped while a pool was being made
            with contextlib.suppress(Exception):
                _stop_server(now=True)


# Where the dynamic linker looks, after LD_LIBRARY_PATH and the folders /etc/ld.so.conf names.
_LINKER_FOLDERS = ("/lib", "/usr/lib", "/lib64", "/usr/lib64", "/usr/local/lib")


def _linker_folders() -> list[str]:
    import glob
    folders = [f for f in os.environ.get("LD_LIBRARY_PATH", "").split(":") if f]
    pending = ["/etc/ld.so.conf"]
    while pending:
        try:
            with open(pending.pop(), encoding="utf-8", errors="replace") as handle:
                lines = handle.read().splitlines()
        except OSError:
            continue
        for line in (raw.split("#")[0].strip() for raw in lines):
            if line.startswith("include "):
                pending.extend(sorted(glob.glob(line.split(None, 1)[1].strip())))
            elif line:
                folders.append(line)
    machine = os.uname().machine if hasattr(os, "uname") else ""
    folders += [f"{base}/{machine}-linux-gnu" for base in ("/lib", "/usr/lib")] + list(_LINKER_FOLDERS)
    return list(dict.fromkeys(folders))


def _find_library_in_folders(name: str, folders: list[str]) -> str | None:
    """What ctypes.util.find_library answers on Linux (the shared object's name, such as
    libpango-1.0.so.0), read from the linker's folders rather than from `ldconfig -p`,
    a C compiler and the linker run for each name."""
    stem = f"lib{name}.so"
    for folder in folders:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        found = [n for n in names if n == stem or n.startswith(stem + ".")]
        if found:
            # The shortest is the soname (libfontconfig.so.1 beside libfontconfig.so.1.12.0).
            versioned = [n for n in found if n != stem]
            return min(versioned or found, key=lambda n: (len(n), n))
    return None


def find_libraries_quietly() -> None:
    """Make ctypes.util.find_library look in the linker's folders, once a name, instead
    of running ldconfig, gcc and ld (WeasyPrint's import asks it for 22 names, each a
    try: 54 programs started, some 200 with the compiler's own, and temporary files in
    the temporary folder). Linux only: elsewhere the library's own search stays."""
    import ctypes.util
    if not sys.platform.startswith("linux") or getattr(ctypes.util.find_library, "_quiet", False):
        return
    folders: list[str] = []
    answers: dict[str, str | None] = {}

    def find_library(name: str) -> str | None:
        if name not in answers:
            if not folders:
                folders.extend(_linker_folders())
            answers[name] = _find_library_in_folders(name, folders)
        return answers[name]
    find_library._quiet = True  # type: ignore[attr-defined]
    find_library._original = ctypes.util.find_library  # type: ignore[attr-defined]
    ctypes.util.find_library = find_library

