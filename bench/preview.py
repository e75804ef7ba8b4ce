"""The preview benchmark: how long `vcompiler preview` takes to show one entry as it
prints, on the shipped packs and on a generated Logbook of N logs (bench/generate.py).

Per pack: the entries it can show (preview.targets); one entry's printed parts as the
page gets them (preview.pages: the book entry, a card, a board, a location card with
its storybook entries), the median of several; the reader of the whole pack; the story
map's data; and, through the running server as a browser sees it, a save to the new
entry served: the file written, the watcher's notice and the check (/state shows the
new version), then the entry's parts and the first part fetched.

    python bench/preview.py [N]             (default 1000 logs)
"""
from __future__ import annotations

import http.client
import json
import platform
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate import vanguard  # noqa: E402

from vcompiler.compile import compile_pack  # noqa: E402
from vcompiler.preview.pages import document, parts_of  # noqa: E402
from vcompiler.preview.server import serve  # noqa: E402
from vcompiler.preview.storymap import map_data  # noqa: E402
from vcompiler.preview.targets import Target, targets  # noqa: E402
from vcompiler.reader import reader_html  # noqa: E402

RUNS = 9


def _timed(make: Callable[[], object], runs: int = RUNS) -> float:
    """The median of `runs` runs after one that warms the caches (templates, fonts)."""
    make()
    took = []
    for _ in range(runs):
        started = time.perf_counter()
        make()
        took.append(time.perf_counter() - started)
    return statistics.median(took)


def _render(pack: object, target: Target) -> None:
    for part in parts_of(pack, target):        # type: ignore[arg-type]
        document(part)


def _get(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    body = connection.getresponse().read()
    connection.close()
    return body


def _save_to_served(folder: Path, file: Path, old: str, new: str, runs: int = 5) -> float:
    """Median seconds from a save that changes an entry to that entry's printed part served."""
    stop = threading.Event()
    told: list[str] = []
    thread = threading.Thread(target=serve, args=(folder, 0, told.append, stop), daemon=True)
    thread.start()
    while not told:
        time.sleep(0.01)
    port = int(told[0].rsplit(":", 1)[1].strip("/"))
    text = file.read_text(encoding="utf-8")
    took = []
    try:
        for i in range(runs + 1):
            version = json.loads(_get(port, "/state"))["version"]
            started = time.perf_counter()
            file.write_text(text.replace(old, new.format(i=i)), encoding="utf-8")
            while (state := json.loads(_get(port, "/state")))["version"] == version:
                time.sleep(0.02)
            parts = json.loads(_get(port, "/parts/" + state["edited"]))
            _get(port, parts[0]["url"])
            if i:
                took.append(time.perf_counter() - started)
    finally:
        stop.set()
        thread.join(30)
    return statistics.median(took)


def _row(name: str, seconds: float) -> str:
    return f"  {name:<50} {seconds * 1000:9.1f} ms"


def bench_pack(folder: Path, edit: tuple[Path, str, str] | None) -> list[str]:
    result = compile_pack(folder)
    pack = result.model
    found = targets(pack)
    lines = [f"{pack.name}: {len(pack.logs)} logs, {len(pack.locations)} locations, {len(found)} entries to show",
             _row("the entries it can show (targets)", _timed(lambda: targets(pack), 3))]
    for kind in ("log", "card", "planet", "location", "depart", "vcard"):
        chosen = [t for t in found if t.kind == kind]
        if not chosen:
            continue
        sample = chosen[:: max(1, len(chosen) // RUNS)][:RUNS]
        took = [_timed(lambda t=t: _render(pack, t), 3) for t in sample]     # type: ignore[misc]
        lines.append(_row(f"one {kind} as printed (median of {len(sample)})", statistics.median(took)))
    lines.append(_row("the reader of the whole pack", _timed(lambda: reader_html(pack), 3)))
    paths = {display: str(source.path) for display, source in result.sources.items()}
    lines.append(_row("the story map's data", _timed(lambda: map_data(pack, found, paths), 3)))
    if edit is not None:
        lines.append(_row("a save to its entry served (server, median of 5)", _save_to_served(folder, *edit)))
    return lines


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(f"vcompiler preview, {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}")
    with tempfile.TemporaryDirectory() as scratch:
        eye = Path(scratch) / "eye"
        shutil.copytree(ROOT / "source_content" / "eye-of-the-void", eye)
        tidal = Path(scratch) / "tidal"
        shutil.copytree(ROOT / "source_content" / "tidal-reach", tidal)
        big = Path(scratch) / "big"
        big.mkdir()
        vanguard(n, big)
        for folder, edit in ((eye, (eye / "logbook.vcl", "the spire below flares once", "the spire glows {i} times")),
                             (tidal, None),
                             (big, (big / "logbook-000001.vcl", 'log 10 "Entry 10"', 'log 10 "Entry ten, take {i}"'))):
            for line in bench_pack(folder, edit):
                print(line, flush=True)


if __name__ == "__main__":
    main()
