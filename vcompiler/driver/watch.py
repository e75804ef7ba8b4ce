"""`vcompiler watch`: check the packs, then again after every save, printing the current
diagnostics and a one-line summary each time. It keeps the packs in a resident
`Workspace`, so a save re-parses only the saved file."""
from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

from vcompiler.diagnostics import count, format_text
from vcompiler.engine import Workspace, settle

CLEAR = "\x1b[2J\x1b[H"
WATCHED_NAMES = ("vcompiler.toml", "pyproject.toml", "numbers.lock")


def _watched(change: object, path: str) -> bool:
    return path.endswith(".vcl") or Path(path).name in WATCHED_NAMES


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def report(workspace: Workspace, color: bool, started: float) -> str:
    """The screen after a check: every diagnostic, then one summary line."""
    results = workspace.check()
    settle()
    diagnostics = [d for r in results for d in r.diagnostics]
    sources = {k: v for r in results for k, v in r.sources.items()}
    lines = format_text(diagnostics, sources, color=color).splitlines()
    errors, warnings = count(diagnostics)
    took = time.perf_counter() - started
    lines[-1] = (f"[{time.strftime('%H:%M:%S')}] {_plural(errors, 'error')}, {_plural(warnings, 'warning')}"
                 f" in {_plural(len(results), 'pack')} ({took:.2f} s); watching for changes, Ctrl-C stops")
    return "\n".join(lines) + "\n"


def saves(roots: list[Path], stop: threading.Event | None = None,
          ready: Callable[[], None] | None = None) -> Iterator[list[Path]]:
    """The files saved below `roots` that a check reads, a batch per save, until `stop`
    is set (or Ctrl-C, which raises KeyboardInterrupt). `ready` is called once the
    watcher sees every save: a save before it may go unseen."""
    import watchfiles

    for changes in watchfiles.watch(*roots, watch_filter=_watched, stop_event=stop, debounce=50, step=20,
                                    raise_interrupt=True, yield_on_timeout=ready is not None,
                                    rust_timeout=100 if ready is not None else 5000):
        if ready is not None:
            ready()
            ready = None
        if changes:
            yield [Path(path) for _, path in changes]


def watch(roots: list[Path], out: TextIO = sys.stdout, clear: bool = True, color: bool = False,
          stop: threading.Event | None = None, on_report: Callable[[], None] | None = None) -> None:
    """Check `roots` and re-check after every change below them until Ctrl-C (or until
    `stop` is set). Ctrl-C ends it quietly."""
    workspace = Workspace(roots)
    try:
        out.write((CLEAR if clear else "") + report(workspace, color, time.perf_counter()))
        out.flush()
        if on_report:
            on_report()
        for changed in saves(roots, stop):
            started = time.perf_counter()
            workspace.files_changed(changed)
            out.write((CLEAR if clear else "") + report(workspace, color, started))
            out.flush()
            if on_report:
                on_report()
    except KeyboardInterrupt:
        out.write("\n")
        out.flush()
