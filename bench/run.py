"""Time whole `vcompiler` processes: wall time and peak memory, median of 5 runs after
a warm-up.

    python bench/run.py [--sizes 1000,10000] [--runs 5]

Prints a table: the reference packs of source_content/ and generated vanguard
logbooks of each size (bench/generate.py, written to bench/corpus/).
"""
from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "bench" / "corpus"


def timed(command: list[str]) -> tuple[float, float, int]:
    """(wall seconds, peak RSS in MB, exit status) of one child process."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.chdir(ROOT)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        try:
            os.execvp(command[0], command)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    # ru_maxrss is in kilobytes on Linux.
    return wall, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def measure(command: list[str], runs: int) -> tuple[float, float]:
    timed(command)  # warm-up: file cache, .pyc files
    samples = [timed(command) for _ in range(runs)]
    bad = [s for s in samples if s[2] not in (0, 1)]
    if bad:
        raise SystemExit(f"{' '.join(command)} exited {bad[0][2]}")
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def corpus(n: int) -> Path:
    folder = CORPUS / f"vanguard-{n}"
    if not (folder / "pack.vcl").exists():
        subprocess.run([sys.executable, str(ROOT / "bench" / "generate.py"), str(n), str(folder)], check=True)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000", help="comma-separated generated logbook sizes")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    vcompiler = [sys.executable, "-m", "vcompiler"]
    cases = [(f"check {p.name}", vcompiler + ["check", str(p)]) for p in sorted((ROOT / "source_content").iterdir())
             if p.is_dir()]
    for n in (int(s) for s in args.sizes.split(",") if s):
        cases.append((f"check {n} logs", vcompiler + ["check", str(corpus(n))]))
    print(f"# {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; median of {args.runs} after a warm-up")
    print(f"| {'case':<28} | {'wall s':>7} | {'peak MB':>8} |")
    print(f"|{'-' * 30}|{'-' * 9}|{'-' * 10}|")
    for name, command in cases:
        wall, rss = measure(command, args.runs)
        print(f"| {name:<28} | {wall:7.3f} | {rss:8.1f} |")


if __name__ == "__main__":
    main()
