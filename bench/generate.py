"""Generate a deterministic corpus for benchmarks.

    python bench/generate.py N OUT [--game vanguard|vantage]

vanguard: a branching Logbook of N logs (a title, about 70 words of text with one
{log N} reference, two choices, an effect on every fifth log), in .vcl files of 500
logs each, plus a pack.vcl; and the same story as ink, OUT/story.ink (one knot per log,
the same text and choices, the effect as a variable change), for inkjs-compiler.
vantage: N locations in a grid with two-way compass exits, an action each, and a card
for every tenth location.
"""
from __future__ import annotations

import argparse
import random
from pathlib import Path

WORDS = ("the hull hums under your boots while the lights flicker and something moves beyond "
         "the glass a cold wind carries dust across the plain you hear distant tapping "
         "metal groans the air tastes of rust and ozone your team waits for a signal").split()
EFFECTS = ("gain success 1", "gain supplies 1", "spend die", "roll danger T", "gain lead 1",
           "progress time all", "lose supplies 1", "gain charge 1")
# The same effects as ink variable changes.
INK_EFFECTS = {"gain success 1": "~ success += 1", "gain supplies 1": "~ supplies += 1",
               "spend die": "~ dice -= 1", "roll danger T": "~ danger += 1", "gain lead 1": "~ lead += 1",
               "progress time all": "~ time += 1", "lose supplies 1": "~ supplies -= 1",
               "gain charge 1": "~ charge += 1"}
PER_FILE = 500


def _sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."


def _start_pack(out: Path, name: str, game: str, start: str, extra: str = "") -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "pack.vcl").write_text(
        f'pack {name} {{\n  game {game}\n  title "Benchmark {name}"\n  version "1.0.0"\n'
        f'  start {start}\n{extra}}}\n', encoding="utf-8")


def vanguard(n: int, out: Path) -> None:
    rng = random.Random(n)
    _start_pack(out, f"bench_{n}", "vanguard", "log 1", f"  numbering 1..{n * 2} seed 1\n")
    ink = ["VAR success = 0", "VAR supplies = 0", "VAR dice = 0", "VAR danger = 0", "VAR lead = 0",
           "VAR time = 0", "VAR charge = 0", "", "-> log_1", ""]
    for first in range(1, n + 1, PER_FILE):
        parts = []
        for number in range(first, min(first + PER_FILE, n + 1)):
            later = [x for x in (number + 1, number + 2, number + rng.randint(3, 40)) if x <= n]
            mention = rng.choice(later) if later else 1
            before, after = _sentence(rng, 33), _sentence(rng, 33)
            lines = [f'log {number} "Entry {number}" {{',
                     f'  text """\n  {before} See {{log {mention}}} later. {after}\n  """']
            ink += [f"=== log_{number} ===", f"# title: Entry {number}", f"{before} See Log {mention} later. {after}"]
            if number % 5 == 0:
                effect = rng.choice(EFFECTS)
                lines.append(f"  {effect}")
                ink.append(INK_EFFECTS[effect])
            if number + 2 <= n:
                lines.append(f'  choice "Press on" -> log {number + 1}')
                lines.append(f'  choice "Turn aside" -> log {number + 2}')
                ink += [f"* [Press on] -> log_{number + 1}", f"* [Turn aside] -> log_{number + 2}"]
            elif number + 1 <= n:
                lines.append(f"  -> log {number + 1}")
                ink.append(f"-> log_{number + 1}")
            else:
                lines.append("  end exploration")
                ink.append("-> END")
            lines.append("}\n")
            ink.append("")
            parts.append("\n".join(lines))
        (out / f"logbook-{first:06d}.vcl").write_text("\n".join(parts), encoding="utf-8")
    (out / "story.ink").write_text("\n".join(ink), encoding="utf-8")


def vantage(n: int, out: Path) -> None:
    rng = random.Random(n)
    _start_pack(out, f"bench_vantage_{n}", "vantage", "location 1")
    width = max(1, int(n ** 0.5))
    parts, cards = [], []
    for number in range(1, n + 1):
        row, col = divmod(number - 1, width)
        lines = [f'location {number} "Place {number}" {{', f'  text "{_sentence(rng, 20)}"']
        for direction, (dr, dc) in (("north", (-1, 0)), ("east", (0, 1)), ("south", (1, 0)), ("west", (0, -1))):
            r, c = row + dr, col + dc
            other = r * width + c + 1
            if 0 <= r and 0 <= c < width and 1 <= other <= n:
                lines.append(f"  {direction} {other} {'walk' if rng.random() < 0.8 else 'swim'}")
        gain = f"\n      gain card {10000 + number}" if number % 10 == 0 else ""
        lines.append(f'  look "Look around" cost 1 {{\n    text "{_sentence(rng, 12)}"\n'
                     f'    result {{\n      text "{_sentence(rng, 15)}"{gain}\n      gain morale 1\n    }}\n  }}')
        lines.append("}\n")
        parts.append("\n".join(lines))
        if number % 10 == 0:
            cards.append(f'card {10000 + number} item "Find {number}" {{\n  vertical\n'
                         f'  text "{_sentence(rng, 10)}"\n}}\n')
    (out / "locations.vcl").write_text("\n".join(parts), encoding="utf-8")
    (out / "cards.vcl").write_text("\n".join(cards), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("n", type=int)
    parser.add_argument("out", type=Path)
    parser.add_argument("--game", choices=("vanguard", "vantage"), default="vanguard")
    args = parser.parse_args()
    (vanguard if args.game == "vanguard" else vantage)(args.n, args.out)


if __name__ == "__main__":
    main()
