"""Time the input shapes that once grew worse than linearly, each at two sizes, and
print how the time grows when the input doubles (about 2: linear; about 4: quadratic).

    python bench/shapes.py [--sizes 10000,20000] [--sectors 8,16]

  long word      `check --no-cache` of a pack whose log and mission card each hold one
                 word of N letters (the books' W514 and the card fit's W510 lay it out)
  dense board    the board of a planet of N sectors with every pair joined, placed,
                 routed and drawn (render.board.board_of), with the W513s it gives

Each case runs in a process of its own (`check`), or in this one (the board); wall
time, median of --runs.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HEADER = 'pack test {\n  game vanguard\n  title "Test"\n  version "0.0.1"\n  start log 1\n}\n'


def long_word(letters: int) -> str:
    word = "A" + "a" * (letters - 1)
    return HEADER + f'log 1 "Start" {{\n  text "Before {word} after."\n  reveal mission M01\n  return\n}}\n' + \
        f'mission M01 "Go" {{ text "Go {word} there." }}\n'


def dense_board(sectors: int) -> str:
    numbers = range(1, sectors + 1)
    return HEADER + 'log 1 "Start" {\n  return\n}\nmission M01 "Go" { text "Go." }\n' + \
        'planet p "P" {\n  mission M01\n  lift_off -> log 1\n  evac -> log 1\n' + \
        "".join(f"  sector {n} {{ poi slot }}\n" for n in numbers) + \
        "".join(f"  path {a} <-> {b} [travel]\n" for a in numbers for b in numbers if a < b) + "}\n"


def time_check(folder: Path) -> float:
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "vcompiler", "check", str(folder), "--no-cache"], cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - began


def time_board(folder: Path) -> tuple[float, int]:
    from vcompiler.compile import compile_pack
    from vcompiler.render.board import board_of
    pack = compile_pack(folder).pack
    assert pack is not None
    began = time.perf_counter()
    board = board_of(pack, pack.planets[0], "a4")
    return time.perf_counter() - began, len(board.over)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10000,20000", help="letters of the long word")
    parser.add_argument("--sectors", default="8,16", help="sectors of the dense board")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        rows = []
        for shape, sizes, make in (("long word", args.sizes, long_word), ("dense board", args.sectors, dense_board)):
            times = []
            for size in (int(s) for s in sizes.split(",")):
                folder = Path(scratch) / f"{shape.replace(' ', '-')}-{size}"
                folder.mkdir()
                text = make(size)
                (folder / "pack.vcl").write_text(text, encoding="utf-8")
                if shape == "long word":
                    seconds = statistics.median(time_check(folder) for _ in range(args.runs))
                    extra = ""
                else:
                    found = [time_board(folder) for _ in range(args.runs)]
                    seconds = statistics.median(t for t, _ in found)
                    extra = f", {found[0][1]} W513"
                times.append(seconds)
                rows.append(f"| {shape} | {size} | {len(text.encode()) / 1024:.0f} KB | {seconds:.2f} s{extra} |")
            if len(times) > 1:
                rows.append(f"| {shape} | growth | | x{times[-1] / times[0]:.2f} |")
        print("| shape | size | input | time |\n|---|---|---|---|")
        print("\n".join(rows))


if __name__ == "__main__":
    main()
