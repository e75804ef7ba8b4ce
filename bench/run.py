"""Time whole processes: vcompiler against inkjs-compiler on the same story.

    python bench/run.py [--sizes 1000,10000,50000] [--runs 5]

For each size, a generated vanguard logbook (bench/generate.py: .vcl files of 500 logs,
and the same story as story.ink) is timed four ways, interleaved, median of --runs
after one warm-up each:

  check cold     vcompiler check --no-cache
  check warm     vcompiler check, the parse cache filled, after one file was edited
  build json     vcompiler build --only json
  inkjs          inkjs-compiler story.ink (npm package inkjs 2.4.0, installed into
                 bench/.cache by this script when node and npm are available)

Wall time and peak resident memory come from wait4() on each process (for a process
that starts workers, the largest of them). The reference packs of source_content/ are
timed too. Prints a Markdown table with the ratios vcompiler / inkjs.
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


def timed(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float, int]:
    """(wall seconds, peak RSS in MB, exit status) of one process."""
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
    return time.perf_counter() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


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


def measure(cases: list[tuple[str, list[str], object]], runs: int,
            env: dict[str, str]) -> dict[str, tuple[float, float]]:
    for _, command, before in cases:          # warm-up: file cache, .pyc files, the parse cache
        if before:
            before()
        timed(command, env)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in cases}
    for _ in range(runs):                     # interleaved, so that a slow moment hits every case
        for name, command, before in cases:
            if before:
                before()
            wall, rss, code = timed(command, env)
            if code not in (0, 1):
                raise SystemExit(f"{name}: {' '.join(command)} exited {code}")
            samples[name].append((wall, rss))
    return {name: (statistics.median(w for w, _ in s), statistics.median(r for _, r in s))
            for name, s in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,50000", help="comma-separated numbers of logs")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    env = dict(os.environ, VCOMPILER_CACHE_DIR=str(CACHE / "vcompiler-cache"))
    vcompiler = [sys.executable, "-m", "vcompiler"]
    inkjs = inkjs_compiler()
    accelerated = subprocess.run([sys.executable, "-c", "import lark_cython"], capture_output=True).returncode == 0
    print(f"# {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, lark-cython {'on' if accelerated else 'off'}; "
          f"median of {args.runs} after a warm-up, interleaved")
    print("| logs | case | wall s | peak MB | wall / inkjs | memory / inkjs |")
    print("|---:|---|---:|---:|---:|---:|")
    for pack in sorted(p for p in (ROOT / "source_content").iterdir() if p.is_dir()):
        result = measure([("check", vcompiler + ["check", "--no-cache", str(pack)], None)], args.runs, env)
        wall, rss = result["check"]
        print(f"| {pack.name} | check cold | {wall:.2f} | {rss:.0f} | | |")
    cold_by_size = {}
    for n in (int(s) for s in args.sizes.split(",") if s):
        folder = corpus(n)
        out = CACHE / "build"
        edit = EditOneFile(folder)
        cases = [("check cold", vcompiler + ["check", "--no-cache", str(folder)], None),
                 ("check warm, one file edited", vcompiler + ["check", str(folder)], edit),
                 ("build --only json", vcompiler + ["build", "--only", "json", "-o", str(out), str(folder)], None)]
        if inkjs:
            cases.append(("inkjs-compiler", inkjs + [str(folder / "story.ink"), "-o", str(CACHE / "story.json")], None))
        try:
            result = measure(cases, args.runs, env)
        finally:
            edit.restore()
        cold_by_size[n] = result["check cold"][0]
        ink = result.get("inkjs-compiler")
        for name, (wall, rss) in result.items():
            ratio = f"{wall / ink[0]:.2f}x | {rss / ink[1]:.2f}x" if ink and name != "inkjs-compiler" else " | "
            print(f"| {n:,} | {name} | {wall:.2f} | {rss:.0f} | {ratio} |")
    if 10000 in cold_by_size and 50000 in cold_by_size:
        print(f"\nscaling: cold check of 50,000 logs takes {cold_by_size[50000] / cold_by_size[10000]:.2f}x "
              f"the time of 10,000")


if __name__ == "__main__":
    main()
