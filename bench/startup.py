"""What the safe cache costs at start-up and on a warm check.

    python bench/startup.py [--runs 7] [CORPUS_PACK]

1. The parser: building Lark's LALR tables from the grammar, against loading them from
   the JSON tables file (what vcompiler does) and from a pickle (what Lark's own cache
   does, and what vcompiler no longer does: a planted pickle runs code).
2. Parsed files (when a pack folder is given, e.g. bench/corpus/vanguard-10000): parsing
   every file, against reading the cache's JSON entries back, against unpickling them.
Median of --runs, in one process, the cycle collector off as in the CLI.
"""
from __future__ import annotations

import argparse
import gc
import pickle
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lark import Lark  # noqa: E402

from vcompiler.compile import _entry, _entry_shape, pack_files, read_source  # noqa: E402
from vcompiler.parse import _accelerator, parse_source, serial, tables  # noqa: E402
from vcompiler.parse.transform import AstBuilder  # noqa: E402

OPTIONS = {"parser": "lalr", "lexer": "contextual", "maybe_placeholders": False}


def median_time(action, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pack", nargs="?", type=Path)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    gc.disable()
    grammar = (ROOT / "grammar" / "vcl.lark").read_text()
    with tempfile.TemporaryDirectory() as folder:
        path = tables.table_file(Path(folder), grammar, OPTIONS)
        built = Lark(grammar, transformer=AstBuilder(), **OPTIONS, **_accelerator())
        tables.save(built, path)
        pickled = Path(folder) / "tables.pickle"
        with open(pickled, "wb") as handle:
            built.save(handle, exclude_options=("transformer", "_plugins"))
        build = median_time(lambda: Lark(grammar, transformer=AstBuilder(), **OPTIONS, **_accelerator()), args.runs)
        json_load = median_time(lambda: tables.load(path, transformer=AstBuilder(), **_accelerator()), args.runs)

        def from_pickle():
            with open(pickled, "rb") as handle:
                Lark.load(handle)
        pickle_load = median_time(from_pickle, args.runs)
    print("| parser tables | median s |\n|---|---:|")
    print(f"| built from the grammar | {build:.3f} |\n| loaded from JSON (vcompiler) | {json_load:.3f} |")
    print(f"| loaded from a pickle (Lark's cache) | {pickle_load:.3f} |")
    if args.pack is None:
        return
    sources = [read_source(p, p.name, p.name)[0] for p in pack_files(args.pack)]
    entries = [_entry(parse_source(s)) for s in sources]
    as_json = [serial.dumps(e) for e in entries]
    as_pickle = [pickle.dumps(e, protocol=pickle.HIGHEST_PROTOCOL) for e in entries]
    shape = _entry_shape()
    runs = max(1, args.runs // 2)
    parse = median_time(lambda: [_entry(parse_source(s)) for s in sources], runs)
    load = median_time(lambda: [serial.loads(d, shape) for d in as_json], runs)
    unpickle = median_time(lambda: [pickle.loads(d) for d in as_pickle], runs)
    size = sum(len(s.text) for s in sources)
    print(f"\n| {len(sources)} files, {size / 1e6:.1f} MB of .vcl | median s | cache MB |\n|---|---:|---:|")
    print(f"| parsed (one process) | {parse:.3f} | |")
    print(f"| read from JSON entries (vcompiler) | {load:.3f} | {sum(map(len, as_json)) / 1e6:.1f} |")
    print(f"| read from pickles (before) | {unpickle:.3f} | {sum(map(len, as_pickle)) / 1e6:.1f} |")


if __name__ == "__main__":
    main()
