"""Time each stage of `check` in one process, to see where the time goes.

    python bench/stages.py PACK [PACK ...]

Prints parse, model, the graph stage (building the networkx graph and running every
rule that reads it) and the other checks, in seconds, median of 3.
"""
from __future__ import annotations

import gc
import statistics
import sys
import time
from pathlib import Path

from vcompiler.checks import CheckContext, load_rules
from vcompiler.compile import display_path, parse_pack
from vcompiler.model.build import build_model

GRAPH_MODULE = "vcompiler.checks.graph"


def stage_times(folder: Path) -> dict[str, float]:
    times: dict[str, float] = {}
    start = time.perf_counter()
    parsed, found, _ = parse_pack(folder)
    times["parse"] = time.perf_counter() - start
    start = time.perf_counter()
    model = build_model(parsed, folder, display_path(folder))
    times["model"] = time.perf_counter() - start
    context = CheckContext(model.pack)
    rules = load_rules()
    start = time.perf_counter()
    _ = context.graph  # built once, shared by the graph rules
    for registered in rules:
        if registered.function.__module__ == GRAPH_MODULE:
            list(registered.function(context))
    times["graph"] = time.perf_counter() - start
    start = time.perf_counter()
    for registered in rules:
        if registered.function.__module__ != GRAPH_MODULE:
            list(registered.function(context))
    times["other checks"] = time.perf_counter() - start
    return times


def main() -> None:
    gc.disable()          # as the command does (vcompiler.cli)
    for name in sys.argv[1:]:
        runs = [stage_times(Path(name)) for _ in range(3)]
        medians = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        total = sum(medians.values())
        print(f"{name}: " + ", ".join(f"{k} {v:.3f}s" for k, v in medians.items()) + f", total {total:.3f}s")


if __name__ == "__main__":
    main()
