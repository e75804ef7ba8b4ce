"""Time whole processes: vcompiler against inkjs-compiler on the same story.

    python bench/run.py [--sizes 1000,10000,100000] [--runs 5] [--all-cases-up-to 50000]

For each size, a generated vanguard logbook (bench/generate.py: .vcl files of 500 logs,
and the same story as story.ink) is timed four ways, interleaved, median of --runs
after one warm-up each (above --all-cases-up-to logs, the cold check only):

  check cold     vcompiler check --no-cache
  check warm     vcompiler check, the parse cache filled, after one file was edited
  build json     vcompiler build --only json
  inkjs          inkjs-compiler story.ink (npm package inkjs 2.4.0, installed into
                 bench/.cache by this script when node and npm are available)

Wall time, CPU time (user and system, workers included) and peak resident memory come
from wait4() on each process (for a process that starts workers, the largest of them).
The reference packs of source_content/ are timed too. Prints a Markdown table with the
ratios vcompiler / inkjs, then each target against its figure. The load average before
and after says whether other processes shared the cores: CPU time is the steadier
figure on a busy machine.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
CACHE = BENCH / ".cache"
CORPUS = BENCH / "corpus"
INKJS_VERSION = "2.4.0"


def timed(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float, float, int]:
    """(wall seconds, peak RSS in MB, CPU seconds, exit status) of one process."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            os.chdir(ROOT)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            os.execvpe(command[0], command, env or os.environ)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    # ru_maxrss is in kilobytes on Linux.
    return (time.perf_counter() - start, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime,
            os.waitstatus_to_exitcode(status))


def inkjs_compiler() -> list[str] | None:
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        print("# inkjs: skipped, node and npm are not on PATH (install Node.js to compare)")
        return None
    script = CACHE / "node_modules" / "inkjs" / "bin" / "inkjs-compiler.js"
    if not script.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([npm, "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(CACHE),
                               f"inkjs@{INKJS_VERSION}"], capture_output=True, text=True)
        if done.returncode != 0 or not script.exists():
            print(f"# inkjs: skipped, npm could not install inkjs@{INKJS_VERSION}: {done.stderr.strip()[:200]}")
            return None
    return [node, str(script)]


def corpus(n: int) -> Path:
    """The generated pack of n logs, made again whenever generate.py changes."""
    generator = (BENCH / "generate.py").read_bytes()
    stamp = hashlib.sha256(generator).hexdigest()[:12]
    folder = CORPUS / f"vanguard-{n}"
    marker = CORPUS / f"vanguard-{n}.generated-by"
    if not (folder / "pack.vcl").exists() or not marker.exists() or marker.read_text() != stamp:
        shutil.rmtree(folder, ignore_errors=True)
        subprocess.run([sys.executable, str(BENCH / "generate.py"), str(n), str(folder)], check=True)
        marker.write_text(stamp)
    return folder


class EditOneFile:
    """Before each warm run, change one .vcl file (a comment at its end), as a writer
    saving a file would."""

    def __init__(self, folder: Path):
        self.path = sorted(folder.glob("logbook-*.vcl"))[len(list(folder.glob("logbook-*.vcl"))) // 2]
        self.original = self.path.read_text(encoding="utf-8")
        self.count = 0

    def __call__(self) -> None:
        self.count += 1
        self.path.write_text(self.original + f"\n// edit {self.count}\n", encoding="utf-8")

    def restore(self) -> None:
        self.path.write_text(self.original, encoding="utf-8")


Figures = tuple[float, float, float]      # wall s, peak MB, CPU s: medians


def measure(cases: list[tuple[str, list[str], object]], runs: int, env: dict[str, str]) -> dict[str, Figures]:
    for _, command, before in cases:          # warm-up: file cache, bytecode, the parse cache
        if before:
            before()
        timed(command, env)
    samples: dict[str, list[tuple[float, float, float]]] = {name: [] for name, _, _ in cases}
    for _ in range(runs):                     # interleaved, so that a slow moment hits every case
        for name, command, before in cases:
            if before:
                before()
            wall, rss, cpu, code = timed(command, env)
            if code not in (0, 1):
                raise SystemExit(f"{name}: {' '.join(command)} exited {code}")
            samples[name].append((wall, rss, cpu))
    return {name: (statistics.median(w for w, _, _ in s), statistics.median(r for _, r, _ in s),
                   statistics.median(c for _, _, c in s))
            for name, s in samples.items()}


def targets(results: dict[int, dict[str, Figures]]) -> list[str]:
    """Each target against its figure (those whose sizes were timed)."""
    lines = []
    ten = results.get(10000, {})
    ink = ten.get("inkjs-compiler")
    if ink and "check cold" in ten:
        wall, rss, cpu = ten["check cold"]
        lines.append(f"cold check of 10,000 logs: {wall / ink[0]:.2f}x inkjs's wall time (target 0.30x; "
                     f"{cpu / ink[2]:.2f}x its CPU time), {rss / ink[1]:.2f}x its memory (target 0.30x)")
    if ink and "build --only json" in ten:
        wall, _, cpu = ten["build --only json"]
        lines.append(f"build --only json of 10,000 logs: {wall / ink[0]:.2f}x inkjs's wall time (target 0.50x; "
                     f"{cpu / ink[2]:.2f}x its CPU time)")
    big = max((n for n in results if n > 10000 and "check cold" in results[n]), default=None)
    if big and "check cold" in ten:
        wall, rss, cpu = results[big]["check cold"]
        lines.append(f"cold check of {big:,} logs: {wall / ten['check cold'][0]:.1f}x the wall time of 10,000 "
                     f"({cpu / ten['check cold'][2]:.1f}x its CPU time; target {big / 10000 * 1.1:.0f}x), "
                     f"peak {rss:.0f} MB (target under 2048)")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,100000", help="comma-separated numbers of logs")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--all-cases-up-to", type=int, default=50000,
                        help="above this many logs, time the cold check only")
    args = parser.parse_args()
    env = dict(os.environ, VCOMPILER_CACHE_DIR=str(CACHE / "vcompiler-cache"))
    # The warm-up writes vcompiler's bytecode, which an installed package has (pip
    # compiles it when it installs): a shell that forbids writing it would time Python
    # compiling the source again in every run.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    vcompiler = [sys.executable, "-m", "vcompiler"]
    inkjs = inkjs_compiler()
    accelerated = subprocess.run([sys.executable, "-c", "import lark_cython"], capture_output=True).returncode == 0
    print(f"# {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, lark-cython {'on' if accelerated else 'off'}; "
          f"median of {args.runs} after a warm-up, interleaved; load average {load()}")
    print("| logs | case | wall s | CPU s | peak MB | wall / inkjs | CPU / inkjs | memory / inkjs |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    for pack in sorted(p for p in (ROOT / "source_content").iterdir() if p.is_dir()):
        result = measure([("check", vcompiler + ["check", "--no-cache", str(pack)], None)], args.runs, env)
        wall, rss, cpu = result["check"]
        print(f"| {pack.name} | check cold | {wall:.2f} | {cpu:.2f} | {rss:.0f} | | | |")
    by_size: dict[int, dict[str, Figures]] = {}
    for n in (int(s) for s in args.sizes.split(",") if s):
        folder = corpus(n)
        out = CACHE / "build"
        edit = EditOneFile(folder)
        cases = [("check cold", vcompiler + ["check", "--no-cache", str(folder)], None),
                 ("check warm, one file edited", vcompiler + ["check", str(folder)], edit),
                 ("build --only json", vcompiler + ["build", "--only", "json", "-o", str(out), str(folder)], None)]
        if n > args.all_cases_up_to:
            cases = cases[:1]
        elif inkjs:
            cases.append(("inkjs-compiler", inkjs + [str(folder / "story.ink"), "-o", str(CACHE / "story.json")], None))
        try:
            result = measure(cases, args.runs, env)
        finally:
            edit.restore()
        by_size[n] = result
        ink = result.get("inkjs-compiler")
        for name, (wall, rss, cpu) in result.items():
            ratio = (f"{wall / ink[0]:.2f}x | {cpu / ink[2]:.2f}x | {rss / ink[1]:.2f}x"
                     if ink and name != "inkjs-compiler" else " | | ")
            print(f"| {n:,} | {name} | {wall:.2f} | {cpu:.2f} | {rss:.0f} | {ratio} |")
    print(f"\n# load average after: {load()}")
    for line in targets(by_size):
        print(f"- {line}")


def load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


if __name__ == "__main__":
    main()
