"""Fuzz check (and optionally build --only json) with mutated shipped packs and raw bytes.

    python bench/fuzz.py [--inputs 10000] [--seconds 600] [--seed 1] [--build]
    python bench/fuzz.py --cli [--inputs 10000] [--build]      # the commands, exit codes counted
    python bench/fuzz.py --books 200                            # `build` with books, one process each
    python bench/fuzz.py --lsp 2000                             # requests to the language server
    python bench/fuzz.py --all                                  # the three at the sizes of a release

Each input is one pack file: a shipped .vcl file with random edits (lines dropped,
doubled or swapped, bytes flipped, grammar tokens and hostile snippets inserted), or
raw random bytes. Every input is checked in this process; an exception other than a
diagnostic is a failure, written to bench/fuzz-found/ to be kept as a regression case.
Each input runs under a time limit (--timeout, 20 s: past it, a hang). Prints the
inputs run, failures, E900s, hangs, the slowest input's time, and the slowest input
per kilobyte (what a shape that grows worse than linearly shows first).

`--cli` runs `check` (and with `--build`, `build --only json`) as a user would, through
the command line in this process, and counts exit codes: anything but 0 or 1, or a
traceback, is a failure. `--books N` runs `build` with its books, cards and boards in a
process of its own per input, on whole small packs with one file edited (half of the
edits only in the text, so that most of them build), and counts exit codes, tracebacks
and runs over 20 s (wall and CPU; a run is stopped after 300 s as a hang). `--lsp N`
starts `vcompiler lsp` on a copy of source_content/ and sends N random edits and
requests (tests/test_lsp.py's fuzz_lsp), on crafted addresses too: an error answer, an
exception a handler raised (caught by the server, which answers nothing then, and
counted: `vcompiler/internalErrors`) or a server that stops answering is a failure.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import resource
import shutil
import signal
import subprocess
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


class Hang(Exception):
    """An input ran past its time limit."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Raise Hang in this process after `seconds` (SIGALRM: the main thread only)."""
    def expired(signum, frame):
        raise Hang(f"over {seconds:.0f} s")
    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class Slowest:
    """The slowest input, and the slowest per kilobyte (inputs under 1 KB count as 1 KB,
    so that start-up costs do not make the smallest inputs look slow)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.per_kb = 0.0
        self.per_kb_input = ""

    def add(self, seconds: float, size: int, name: str) -> None:
        self.seconds = max(self.seconds, seconds)
        rate = seconds / max(size / 1024, 1.0)
        if rate > self.per_kb:
            self.per_kb, self.per_kb_input = rate, f"{name} ({size} bytes, {seconds:.2f} s)"

    def __str__(self) -> str:
        return f"slowest {self.seconds:.2f} s, slowest per KB {self.per_kb:.3f} s/KB: {self.per_kb_input}"


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


# What text edits insert: markup, escapes, and characters from every corner of Unicode.
TEXT_SNIPPETS = ["*", "**", "\\*", "\\{", "\\\\", "{log 1}", "{icon die}", "é", "Ω", "→", "☐", "—", "\u2028",
                 "\u200d", "🚀", "漢", "\\", "\x7f", "ﬁ", "\u0301"]


def mutate_text(text: str, rng: random.Random) -> str:
    """Edits inside strings only: the declarations stay whole."""
    lines = text.split("\n")
    quoted = [n for n, line in enumerate(lines) if line.count('"') >= 2 and '"""' not in line]
    for _ in range(rng.randint(1, 3)):
        if not quoted:
            break
        n = rng.choice(quoted)
        line = lines[n]
        first, last = line.index('"'), line.rindex('"')
        cut = rng.randint(first + 1, last)
        piece = rng.choice(TEXT_SNIPPETS) if rng.random() < 0.7 else chr(rng.randrange(0xA0, 0x3000))
        lines[n] = line[:cut] + piece + line[cut:]
    return "\n".join(lines)


def _small_packs(scratch: Path) -> list[Path]:
    """The starter packs and every case file that declares a pack and has no error:
    small enough to print in seconds."""
    from vcompiler.scaffold import new_pack

    packs = []
    for game in ("vanguard", "vantage"):
        folder = scratch / "starters" / game
        new_pack(game, folder)
        packs.append(folder)
    for case in sorted((ROOT / "tests" / "cases").glob("*.vcl")):
        if case.read_text(encoding="utf-8").lstrip().startswith("pack "):
            folder = scratch / "cases" / case.stem
            folder.mkdir(parents=True)
            (folder / case.name).write_text(case.read_text(encoding="utf-8"), encoding="utf-8")
            if compile_pack(folder).ok:
                packs.append(folder)
    return packs


def _mutant(packs: list[Path], target: Path, rng: random.Random) -> None:
    """A copy of one of `packs` at `target` with one of its files edited."""
    source = rng.choice(packs)
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    files = sorted(target.glob("*.vcl"))
    chosen = rng.choice(files)
    text = chosen.read_text(encoding="utf-8")
    chosen.write_text(mutate_text(text, rng) if rng.random() < 0.5 else mutate(text, rng),
                      encoding="utf-8", errors="surrogatepass")


def run_cli(inputs: int, seed: int, build: bool, seconds: float = 1e9, timeout: float = 20.0) -> dict:
    """`check` (and `build --only json`) through the command line, in this process."""
    from click.testing import CliRunner

    from vcompiler.driver.cli import main as cli

    rng = random.Random(seed)
    corpus = sorted((ROOT / "source_content").rglob("*.vcl")) + sorted((ROOT / "tests" / "cases").glob("*.vcl"))
    texts = [p.read_text(encoding="utf-8") for p in corpus]
    counts: dict = {"runs": 0, "exit": {}, "tracebacks": 0, "E900": 0, "hangs": 0, "over_20s": 0}
    slowest = Slowest()
    start = time.monotonic()
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as scratch:
        packs = _small_packs(Path(scratch))
        folder = Path(scratch) / "pack"
        for n in range(inputs):
            if time.monotonic() - start > seconds:
                break
            if n % 2:
                # A whole pack with one file edited: most of these check clean and build.
                _mutant(packs, folder, rng)
                data = b"".join(p.read_bytes() for p in sorted(folder.glob("*.vcl")))
            else:
                data = (bytes(rng.randrange(256) for _ in range(rng.randint(0, 400))) if n % 10 == 8
                        else mutate(rng.choice(texts), rng).encode("utf-8", "surrogatepass"))
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir()
                (folder / "pack.vcl").write_bytes(data)
            commands = [["check", str(folder), "--format", "json", "--no-cache"]]
            if build:
                commands.append(["build", str(folder), "-o", str(Path(scratch) / "out"), "--only", "json",
                                 "--no-cache"])
            for command in commands:
                began = time.monotonic()
                try:
                    with time_limit(timeout):
                        result = runner.invoke(cli, command, catch_exceptions=True)
                except Hang:
                    counts["hangs"] += 1
                    _keep(data, f"cli-hang-{seed}-{n}", f"{command[0]}: over {timeout} s")
                    continue
                took = time.monotonic() - began
                if result.exit_code in (130, 143):
                    # Ctrl-C or a kill of this process, which the command reports as its exit.
                    raise KeyboardInterrupt
                counts["runs"] += 1
                counts["exit"][result.exit_code] = counts["exit"].get(result.exit_code, 0) + 1
                slowest.add(took, len(data), f"input {n} ({command[0]})")
                counts["over_20s"] += took > 20
                counts["E900"] += "E900" in result.output
                crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
                if crashed or result.exit_code not in (0, 1) or "E900" in result.output:
                    counts["tracebacks"] += crashed
                    _keep(data, f"cli-{seed}-{n}", f"{command[0]}: exit {result.exit_code} {result.exception!r}")
    counts["slowest"] = str(slowest)
    return counts


def run_books(inputs: int, seed: int) -> dict:
    """`build` with books, cards and boards, one process per input."""
    rng = random.Random(seed)
    counts: dict = {"runs": 0, "exit": {}, "tracebacks": 0, "over_20s_wall": 0, "over_20s_cpu": 0,
                    "hangs": 0, "E900": 0, "slowest_wall": 0.0, "slowest_cpu": 0.0, "books_written": 0}
    slowest = Slowest()
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        packs = _small_packs(scratch)
        for n in range(inputs):
            target = scratch / "mutant"
            _mutant(packs, target, rng)
            out = scratch / "out"
            if out.exists():
                shutil.rmtree(out)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            began = time.monotonic()
            try:
                done = subprocess.run([sys.executable, "-m", "vcompiler", "build", str(target), "-o", str(out),
                                       "--no-cache"], capture_output=True, timeout=300, cwd=scratch)
                code, stderr = done.returncode, done.stderr
            except subprocess.TimeoutExpired as error:
                code, stderr = "hang", error.stderr or b""
                counts["hangs"] += 1
            wall = time.monotonic() - began
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            counts["runs"] += 1
            counts["exit"][code] = counts["exit"].get(code, 0) + 1
            counts["slowest_wall"] = max(counts["slowest_wall"], wall)
            slowest.add(wall, sum(f.stat().st_size for f in target.glob("*.vcl")), f"books {n}")
            counts["E900"] += b"E900" in stderr
            counts["slowest_cpu"] = max(counts["slowest_cpu"], cpu)
            counts["over_20s_wall"] += wall > 20
            counts["over_20s_cpu"] += cpu > 20
            counts["books_written"] += len(list(out.rglob("*.pdf"))) if out.exists() else 0
            if b"Traceback" in stderr:
                counts["tracebacks"] += 1
            if code not in (0, 1) or b"Traceback" in stderr or b"E900" in stderr:
                kept = ROOT / "bench" / "fuzz-found" / f"books-{seed}-{n}"
                shutil.copytree(target, kept, dirs_exist_ok=True)
                print(f"input {n}: exit {code}: {stderr.decode(errors='replace').strip().splitlines()[-1:]}")
            print(f"books {n + 1}/{inputs}: exit {code}, {wall:.1f} s wall, {cpu:.1f} s cpu", flush=True)
    counts["slowest_per_kb"] = str(slowest)
    return counts


def run_lsp(requests: int, seed: int) -> dict:
    """`vcompiler lsp` on a copy of source_content/, sent `requests` random edits and
    requests (tests/test_lsp.py's fuzz_lsp)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from lsprotocol import types as lsp
    from pytest_lsp import client_capabilities
    from pytest_lsp.client import make_test_lsp_client
    from test_lsp import fuzz_lsp

    async def session() -> dict:
        with tempfile.TemporaryDirectory() as scratch_name:
            scratch = Path(scratch_name)
            root = scratch / "content"
            shutil.copytree(ROOT / "source_content", root)
            outside = scratch / "outside"
            outside.mkdir()
            (outside / "pack.vcl").write_text('pack secret {\n  game vanguard\n  title "S"\n  version "1"\n'
                                              '  start log 1\n}\nlog 1 "S" {\n  -> log 4040\n}\n')
            client = make_test_lsp_client()
            await client.start_io(sys.executable, "-m", "vcompiler", "lsp")
            client.root = root
            await client.initialize_session(lsp.InitializeParams(
                capabilities=client_capabilities("visual-studio-code"), root_uri=root.as_uri(),
                workspace_folders=[lsp.WorkspaceFolder(root.as_uri(), root.name)]))
            # The first check of the packs, before the requests about them.
            await asyncio.wait_for(client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 120)
            began = time.monotonic()
            counts = await fuzz_lsp(client, outside, requests, seed)
            counts["seconds"] = round(time.monotonic() - began, 1)
            counts["read_outside"] = sum(not u.startswith(root.as_uri()) and u.startswith("file:")
                                         for u in client.diagnostics)
            counts["errors_logged"] = sum("Traceback" in m.message or m.type == lsp.MessageType.Error
                                          for m in getattr(client, "log_messages", []))
            await client.shutdown_session()
            return counts
    return asyncio.run(session())


def _keep(data: bytes, name: str, why: str) -> None:
    found_dir = ROOT / "bench" / "fuzz-found"
    found_dir.mkdir(exist_ok=True)
    (found_dir / f"{name}.vcl").write_bytes(data)
    print(f"{name}: {why}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--build", action="store_true", help="also prepare the bundle of every clean pack")
    parser.add_argument("--cli", action="store_true", help="run the commands and count their exit codes")
    parser.add_argument("--books", type=int, default=0, help="this many `build` runs with books, in processes")
    parser.add_argument("--lsp", type=int, default=0, help="this many requests to the language server")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds an input may take before it is a hang")
    parser.add_argument("--all", action="store_true",
                        help="--cli --build with --inputs, then --books and --lsp (200 and 2000 unless given)")
    args = parser.parse_args()
    if args.all:
        for name, run in (("check and build --only json", lambda: run_cli(args.inputs, args.seed, True, args.seconds,
                                                                            args.timeout)),
                          ("builds with PDFs", lambda: run_books(args.books or 200, args.seed)),
                          ("LSP requests", lambda: run_lsp(args.lsp or 2000, args.seed))):
            began = time.monotonic()
            print(name, run(), f"{time.monotonic() - began:.0f} s", flush=True)
        return
    if args.cli:
        began = time.monotonic()
        print(run_cli(args.inputs, args.seed, args.build, args.seconds, args.timeout),
              f"{time.monotonic() - began:.0f} s")
        return
    if args.lsp:
        began = time.monotonic()
        counts = run_lsp(args.lsp, args.seed)
        print(counts, f"{time.monotonic() - began:.0f} s")
        if counts["internal_errors"]:
            sys.exit(1)
        return
    if args.books:
        began = time.monotonic()
        print(run_books(args.books, args.seed), f"{time.monotonic() - began:.0f} s")
        return
    rng = random.Random(args.seed)
    corpus = sorted((ROOT / "source_content").rglob("*.vcl")) + sorted((ROOT / "tests" / "cases").glob("*.vcl"))
    texts = [p.read_text(encoding="utf-8") for p in corpus]
    found_dir = ROOT / "bench" / "fuzz-found"
    failures = hangs = 0
    slowest = Slowest()
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
                with time_limit(args.timeout):
                    result = compile_pack(folder)
                    if any(d.code.id == "E900" for d in result.diagnostics):
                        raise RuntimeError("E900: " + next(d.message for d in result.diagnostics
                                                           if d.code.id == "E900"))
                    if args.build and result.ok and result.pack is not None:
                        from vcompiler.emit import prepare
                        prepare(result.pack)
            except Hang:
                hangs += 1
                found_dir.mkdir(exist_ok=True)
                (found_dir / f"hang-{args.seed}-{n}.vcl").write_bytes(data)
            except Exception:
                failures += 1
                found_dir.mkdir(exist_ok=True)
                (found_dir / f"case-{args.seed}-{n}.vcl").write_bytes(data)
                print(f"input {n}: {traceback.format_exc().splitlines()[-1]}")
            slowest.add(time.monotonic() - began, len(data), f"input {n}")
            done += 1
    print(f"inputs {done}, failures {failures}, hangs {hangs}, {slowest}, total {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
