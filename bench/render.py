"""The render benchmark: a generated vanguard pack of N logs (about 70 words each, two
choices) rendered to an A5 logbook, the way `vcompiler build` renders it (sections in
parallel worker processes, page numbers stamped on) and the naive way (the same book
in one HTML document with every reference a target-counter, so that each prints its
page number). Each rendering runs in a process of its own, so that its peak memory
is its own.

    python bench/render.py [N]        (default 1000)
"""
from __future__ import annotations

import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "bench" / "corpus"


def child(mode: str, folder: str) -> None:
    from vcompiler.compile import compile_pack
    from vcompiler.render import render_packs
    from vcompiler.render.books import logbook
    from vcompiler.render.pdf import RenderOptions, render_naive

    pack = compile_pack(Path(folder)).pack
    options = RenderOptions(paper="a5")
    start = time.perf_counter()
    if mode == "naive":
        pdf = render_naive(logbook(pack), options)
    else:
        pdf = render_packs([pack], options)[(pack.name, "logbook.pdf")]
    report(pdf, time.perf_counter() - start)


def report(pdf: bytes, seconds: float) -> None:
    """What a child process prints: pages, seconds, its peak memory and its largest
    worker's, in MB."""
    import io

    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as document:
        pages = len(document.pages)
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    # ru_maxrss of RUSAGE_CHILDREN is the largest child's, not their sum.
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"{pages} {seconds:.3f} {own:.1f} {workers:.1f}")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    folder = CORPUS / f"vanguard-{n}"
    if not (folder / "pack.vcl").exists():
        subprocess.run([sys.executable, str(ROOT / "bench" / "generate.py"), str(n), str(folder)], check=True)
    print(f"# {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; A5 logbook of {n} logs")
    rows, work = {}, {}
    for mode in ("naive", "vcompiler"):
        before = _cpu()
        out = subprocess.run([sys.executable, __file__, "--child", mode, str(folder)], capture_output=True,
                             text=True, check=True).stdout.split()
        # CPU seconds of the child and its workers, start-up included: on a machine others
        # share, the work done, which wall time is not.
        cpu = _cpu() - before
        pages, seconds, own, workers = int(out[0]), float(out[1]), float(out[2]), float(out[3])
        rows[mode], work[mode] = pages / seconds, cpu / pages
        print(f"| {mode:<10} | {pages:5d} pages | {seconds:7.2f} s | {pages / seconds:6.1f} pages/s "
              f"| {cpu:7.2f} s CPU | peak {own:5.0f} MB main process, {workers:5.0f} MB largest worker |")
    print(f"speed-up: {rows['vcompiler'] / rows['naive']:.2f}x; CPU per page: {work['vcompiler'] / work['naive']:.2f}"
          f" of the naive render's; load average {os.getloadavg()[0]:.1f}")


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
