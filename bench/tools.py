"""Time the playtest tools on a generated logbook, as whole processes.

    python bench/tools.py [N] [--repeat 3]

`simulate --runs 10000` (both cores), `graph`, `stats` and a cold `check` on the
generated pack of N logs (default 10,000), and the simulation alone in one process
(without compiling), split by workers. Prints the median wall time of each."""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import corpus  # noqa: E402


def wall(command: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("n", type=int, nargs="?", default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--runs", type=int, default=10_000)
    args = parser.parse_args()
    folder = str(corpus(args.n))
    cli = [sys.executable, "-m", "vcompiler"]
    with tempfile.TemporaryDirectory() as scratch:
        rows = [("check cold (--no-cache)", cli + ["check", "--no-cache", folder]),
                ("stats", cli + ["stats", folder]),
                ("graph (DOT)", cli + ["graph", folder, "-o", str(Path(scratch) / "g.dot")]),
                (f"simulate --runs {args.runs}", cli + ["simulate", folder, "--runs", str(args.runs)])]
        wall(rows[0][1], 1)          # warm the parse cache and the file system
        print(f"| {args.n:,} logs | wall s (median of {args.repeat}) |\n|---|---:|")
        for name, command in rows:
            print(f"| {name} | {wall(command, args.repeat):.2f} |")

    from vcompiler.compile import compile_pack
    from vcompiler.parse.cache import ParseCache
    from vcompiler.play.simulate import simulate

    pack = compile_pack(Path(folder), ParseCache()).pack
    for workers in (1, 2):
        start = time.perf_counter()
        report = simulate(pack, args.runs, 1, workers=workers)
        print(f"| simulation alone, {workers} worker{'s' if workers > 1 else ''} | "
              f"{time.perf_counter() - start:.2f} |")
    print(f"\n{report.runs} runs, {report.length['mean']:.0f} logs read a run on average, "
          f"coverage {report.coverage:.1%}")


if __name__ == "__main__":
    main()
