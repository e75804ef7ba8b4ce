"""The card benchmark: a generated deck of N POI cards (each with an action of two or
three outcome rows and a line of text) printed as `vcompiler build` prints cards.pdf
(8 cards a sheet, fronts and backs, in parallel worker processes, every card measured
for text fit), against the Logbook of bench/render.py rendered on the same machine in
the same run. A sheet is one piece of paper: a page of fronts and its page of backs.
Each rendering runs in a process of its own, so that its peak memory is its own.

    python bench/cards.py [N] [LOGS]        (default 500 cards, 1000 logs)
"""
from __future__ import annotations

import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "bench" / "corpus"
SKILLS = ("physical", "scouting", "science", "technology", "biology", "xenology", "construction", "defense")
BIOMES = ("rocky", "caves", "void", "ruins", "water", "desert", "frigid", "volcanic")


def deck(n: int, folder: Path) -> None:
    """A vanguard pack of n POI cards."""
    folder.mkdir(parents=True, exist_ok=True)
    parts = ['pack deck {\n  game vanguard\n  title "Deck"\n  version "0.1.0"\n  start log 1\n}\n\n'
             'log 1 "Start" {\n  text "Land."\n  end exploration\n}\n\n']
    for i in range(n):
        a, b = SKILLS[i % 8], SKILLS[(i * 3 + 1) % 8]
        yellow = (f"    outcome yellow: 2 {a} + {b} => gain success 2; then green\n" if i % 3 == 0 else "")
        parts.append(
            f'poi P{1000 + i} "Site {i}: {BIOMES[i % 8].capitalize()} Outcrop" {{\n'
            f"  biomes {BIOMES[i % 8]}, {BIOMES[(i + 3) % 8]}\n"
            f'  action "Survey the outcrop {i}" danger {1 + i % 2} {{\n'
            f"{yellow}"
            f"    outcome green: {a} + {b} / 2 {a} => gain success 1; gain supplies 1\n"
            f"    outcome red => roll danger T; spend die\n"
            f"  }}\n}}\n\n")
    (folder / "deck.vcl").write_text("".join(parts), encoding="utf-8")


def child(folder: str) -> None:
    from render import report

    from vcompiler.compile import compile_pack
    from vcompiler.render.components import ComponentOptions, plan_components, render_components

    pack = compile_pack(Path(folder)).pack
    start = time.perf_counter()
    files, found = render_components(plan_components([pack], ComponentOptions(parts=frozenset({"cards"}))))
    assert not found, found[:3]
    report(files[(pack.name, "cards.pdf")], time.perf_counter() - start)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2])
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    logs = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    cards = CORPUS / f"cards-{n}"
    if not (cards / "deck.vcl").exists():
        deck(n, cards)
    logbook = CORPUS / f"vanguard-{logs}"
    if not (logbook / "pack.vcl").exists():
        subprocess.run([sys.executable, str(ROOT / "bench" / "generate.py"), str(logs), str(logbook)], check=True)
    print(f"# {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; {n} POI cards on A4, A5 logbook of {logs} logs")
    # The logbook is rendered by bench/render.py's own child, the way `build` renders it.
    for mode, command in (("cards", [__file__, "--child", str(cards)]),
                          ("logbook", [str(ROOT / "bench" / "render.py"), "--child", "vcompiler", str(logbook)])):
        out = subprocess.run([sys.executable, *command], capture_output=True, text=True, check=True).stdout.split()
        pages, seconds, own, workers = int(out[0]), float(out[1]), float(out[2]), float(out[3])
        unit, count = ("sheets", pages // 2) if mode == "cards" else ("pages", pages)
        print(f"| {mode:<8} | {count:5d} {unit:<6} | {seconds:7.2f} s | {count / seconds:6.1f} {unit}/s "
              f"| peak {own:5.0f} MB main process, {workers:5.0f} MB largest worker |")


if __name__ == "__main__":
    main()
