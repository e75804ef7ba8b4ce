"""Fuzz check (and optionally build --only json) with mutated shipped packs and raw bytes.

    python bench/fuzz.py [--inputs 10000] [--seconds 600] [--seed 1] [--build]

Each input is one pack file: a shipped .vcl file with random edits (lines dropped,
doubled or swapped, bytes flipped, grammar tokens and hostile snippets inserted), or
raw random bytes. Every input is checked in this process; an exception other than a
diagnostic is a failure, written to bench/fuzz-found/ to be kept as a regression case.
Prints the inputs run, failures, and the slowest input's time.
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vcompiler.compile import compile_pack  # noqa: E402

SNIPPETS = [
    "{", "}", '"', '"""', "->", "=>", "log", "@x", "-> location @x", "{log ²}", "{log ١٢}", "\\*", "\\{",
    "*" * 300, "**", "9" * 5000, "numbering 1..99999999999999999999", "\u2028", "\x85", "\x1b[2J", "\x00",
    "// allow W400", "// allow e999", "card", "choice", "if checked log 1", "else", ";", "/", "\t", "\r",
]


def mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 6)):
        kind = rng.randrange(6)
        at = rng.randrange(len(lines)) if lines else 0
        if kind == 0 and lines:
            del lines[at]
        elif kind == 1 and lines:
            lines.insert(at, lines[rng.randrange(len(lines))])
        elif kind == 2 and lines:
            line = lines[at]
            cut = rng.randint(0, len(line))
            lines[at] = line[:cut] + rng.choice(SNIPPETS) + line[cut:]
        elif kind == 3 and lines:
            line = lines[at]
            if line:
                cut = rng.randrange(len(line))
                lines[at] = line[:cut] + chr(rng.randrange(32, 0x3000)) + line[cut + 1:]
        elif kind == 4 and len(lines) > 1:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
        else:
            lines.insert(at, rng.choice(SNIPPETS))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--build", action="store_true", help="also prepare the bundle of every clean pack")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    corpus = sorted((ROOT / "source_content").rglob("*.vcl")) + sorted((ROOT / "tests" / "cases").glob("*.vcl"))
    texts = [p.read_text(encoding="utf-8") for p in corpus]
    found_dir = ROOT / "bench" / "fuzz-found"
    failures = 0
    slowest = 0.0
    start = time.monotonic()
    done = 0
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "pack"
        folder.mkdir()
        for n in range(args.inputs):
            if time.monotonic() - start > args.seconds:
                break
            data = (bytes(rng.randrange(256) for _ in range(rng.randint(0, 400))) if n % 10 == 9
                    else mutate(rng.choice(texts), rng).encode("utf-8", "surrogatepass"))
            (folder / "pack.vcl").write_bytes(data)
            began = time.monotonic()
            try:
                result = compile_pack(folder)
                if any(d.code.id == "E900" for d in result.diagnostics):
                    raise RuntimeError("E900: " + next(d.message for d in result.diagnostics if d.code.id == "E900"))
                if args.build and result.ok and result.pack is not None:
                    from vcompiler.emit import prepare
                    prepare(result.pack)
            except Exception:
                failures += 1
                found_dir.mkdir(exist_ok=True)
                (found_dir / f"case-{args.seed}-{n}.vcl").write_bytes(data)
                print(f"input {n}: {traceback.format_exc().splitlines()[-1]}")
            slowest = max(slowest, time.monotonic() - began)
            done += 1
    print(f"inputs {done}, failures {failures}, slowest {slowest:.2f} s, total {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
