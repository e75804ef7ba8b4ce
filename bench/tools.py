"""Time the playtest tools on a generated logbook, as whole processes.

    python bench/tools.py [N] [--repeat 3]

`simulate --runs 10000` (both cores), `graph`, `stats` and a cold `check` on the
generated pack of N logs (default 10,000), and the simulation alone in one process
(without compiling), split by workers. Prints the median wall time of each."""
from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import corpus


def timed(command: list[str], repeat: int) -> tuple[float, float]:
    """Median wall and CPU (user + system, the process and its workers) seconds."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("n", type=int, nargs="?", default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--runs", type=int, default=10_000)
    args = parser.parse_args()
    folder = str(corpus(args.n))
    cli = [sys.executable, "-m", "vcompiler"]
    rows = [("check cold (--no-cache)", cli + ["check", "--no-cache", folder]),
            ("stats", cli + ["stats", folder]),
            ("graph (DOT)", cli + ["graph", folder]),
            (f"simulate --runs {args.runs}", cli + ["simulate", folder, "--runs", str(args.runs)])]
    timed(rows[0][1], 1)          # warm the file system
    timed(rows[1][1], 1)          # and the parse cache
    print(f"| {args.n:,} logs, median of {args.repeat} | wall s | CPU s |\n|---|---:|---:|")
    for name, command in rows:
        wall, cpu = timed(command, args.repeat)
        print(f"| {name} | {wall:.2f} | {cpu:.2f} |")

    from vcompiler.compile import compile_pack
    from vcompiler.parse.cache import ParseCache
    from vcompiler.play.simulate import simulate

    pack = compile_pack(Path(folder), ParseCache()).pack

    def children() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    for workers in (1, 2):
        wall, cpu, workers_cpu = time.perf_counter(), time.process_time(), children()
        report = simulate(pack, args.runs, 1, workers=workers)
        cpu = time.process_time() - cpu + children() - workers_cpu
        print(f"| simulation alone, {workers} worker{'s' if workers > 1 else ''} | "
              f"{time.perf_counter() - wall:.2f} | {cpu:.2f} |")
    print(f"\n{report.runs} runs, {report.length['mean']:.0f} logs read a run on average, "
          f"coverage {report.coverage:.1%}")


if __name__ == "__main__":
    main()
