"""Time the writer's loop on a generated logbook: from a one-file edit to the
diagnostics an editor shows (`vcompiler lsp`) and to the summary line of
`vcompiler watch`, side by side with inkjs-compiler's full compile of the same story.

    python bench/editor.py [--logs 10000] [--edits 10]

Each edit changes one .vcl file of 500 logs (alternately a mistake, an undefined log,
and the original text back): in the language server as an unsaved buffer, in watch
mode as a saved file. The time runs from sending the change (writing the file) to the
publishDiagnostics that reflects it (the summary line printed); an edit after a quiet
spell is checked at once, the keystrokes of a burst after the typing stops
(lsp/server.py, VclServer.schedule). CPU: what the
server or watch process spent over the same time (from /proc), against inkjs-compiler's
CPU time: the steadier figure on a machine that other jobs share. Memory: the peak
resident size of the server and watch processes (VmHWM), of inkjs-compiler (wait4).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from run import CACHE, ROOT, corpus, inkjs_compiler, timed


def cpu_seconds(pid: int) -> float:
    """User and system time of a process so far (every thread)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Server:
    """`vcompiler lsp` over pipes: requests and notifications out, messages in."""

    def __init__(self, root: Path):
        self.process = subprocess.Popen([sys.executable, "-m", "vcompiler", "lsp"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
        self.messages: queue.Queue = queue.Queue()
        self.kept: list[dict] = []
        self.ids = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": {},
                                    "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}]})
        self.notify("initialized", {})

    def _read(self) -> None:
        out = self.process.stdout
        while True:
            length = 0
            while (line := out.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if not line:
                return
            self.messages.put(json.loads(out.read(length)))

    def _send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params: dict) -> dict:
        """The answer; what else comes meanwhile is kept for diagnostics_of."""
        self.ids += 1
        self._send({"jsonrpc": "2.0", "id": self.ids, "method": method, "params": params})
        while True:
            message = self.messages.get(timeout=120)
            if message.get("id") == self.ids:
                return message
            self.kept.append(message)

    def diagnostics_of(self, uri: str, until) -> list:
        while True:
            message = self.kept.pop(0) if self.kept else self.messages.get(timeout=120)
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                if until(message["params"]["diagnostics"]):
                    return message["params"]["diagnostics"]

    def close(self) -> None:
        self.request("shutdown", {})
        self.notify("exit", {})
        self.process.wait(timeout=30)


def edits(original: str, count: int) -> list[tuple[str, object]]:
    """(text, what its diagnostics must be) for each saved edit (watch mode)."""
    wrong = original.replace("-> log ", "-> log 9", 1)
    typo = original.replace("gain ", "gian ", 1)
    cycle = [(wrong, lambda ds: any(d["code"] == "E200" for d in ds)),
             (typo, lambda ds: any(d["code"] == "E207" for d in ds) and not any(d["code"] == "E200" for d in ds)),
             (original, lambda ds: ds == [])]
    return [cycle[i % 3] for i in range(count)]


def _planted(number: int):
    return lambda ds: any(d["code"] == "E200" and str(number) in d["message"] for d in ds)


def _clean(ds: list) -> bool:
    return ds == []


class Lsp:
    """What a writer waits for in the editor, each as a list of seconds (and the server's
    CPU seconds for the edits)."""

    def __init__(self, folder: Path, path: Path, count: int):
        self.uri = path.as_uri()
        self.original = path.read_text(encoding="utf-8")
        self.count = count
        started = time.perf_counter()
        self.server = Server(folder)
        self.server.notify("textDocument/didOpen", {"textDocument": {"uri": self.uri, "languageId": "vcl",
                                                                     "version": 1, "text": self.original}})
        self.server.diagnostics_of(self.uri, _clean)
        self.start = time.perf_counter() - started
        # The opening's checks may publish more than once: none of that is an edit's.
        time.sleep(1)
        while not self.server.messages.empty():
            self.server.messages.get()
        self.version = 1
        # Where a reference to a log stands: a hover there needs the pack's index.
        line = next(n for n, text in enumerate(self.original.splitlines()) if "-> log " in text)
        self.hover_at = {"line": line, "character": self.original.splitlines()[line].index("-> log ") + 8}

    def change(self, text: str) -> None:
        self.version += 1
        self.server.notify("textDocument/didChange", {"textDocument": {"uri": self.uri, "version": self.version},
                                                      "contentChanges": [{"text": text}]})

    def edit(self, text: str, until) -> tuple[float, float]:
        """Seconds from the change to the diagnostics that reflect it, and the server's CPU."""
        time.sleep(0.3)         # a writer's pause: the change comes after a quiet spell
        start, spent = time.perf_counter(), cpu_seconds(self.server.process.pid)
        self.change(text)
        self.server.diagnostics_of(self.uri, until)
        return time.perf_counter() - start, cpu_seconds(self.server.process.pid) - spent

    def text_edits(self) -> tuple[list[float], list[float]]:
        """A word of prose changed into one too long for a line (W514, naming it), then
        mended: an edit that changes no entry, reference or number."""
        runs = []
        for n in range(self.count):
            word = f"{60001 + n}" + "w" * 60
            runs.append(self.edit(self.original.replace(" the ", f" {word} ", 1),
                                  lambda ds, word=word: any(d["code"] == "W514" and word[:5] in d["message"]
                                                            for d in ds)))
            runs.append(self.edit(self.original, _clean))
        return [r[0] for r in runs], [r[1] for r in runs]

    def goto_edits(self) -> tuple[list[float], list[float]]:
        """A dangling goto planted (E200 naming its number), then mended."""
        runs = []
        for n in range(self.count):
            number = 90001 + n
            runs.append(self.edit(self.original.replace("-> log ", f"-> log {number} //", 1), _planted(number)))
            runs.append(self.edit(self.original, _clean))
        return [r[0] for r in runs], [r[1] for r in runs]

    def hovers_while_checking(self) -> list[float]:
        """A hover sent right after a change, while its check runs."""
        times = []
        for n in range(self.count):
            time.sleep(0.3)
            number = 80001 + n
            self.change(self.original.replace("-> log ", f"-> log {number} //", 1))
            start = time.perf_counter()
            self.server.request("textDocument/hover", {"textDocument": {"uri": self.uri}, "position": self.hover_at})
            times.append(time.perf_counter() - start)
            self.server.diagnostics_of(self.uri, _planted(number))
        self.edit(self.original, _clean)
        return times

    def burst(self, keys: int = 20, apart: float = 0.03) -> float:
        """Keystrokes `apart` seconds apart: from the last to the diagnostics of the text
        it leaves."""
        time.sleep(0.3)
        for n in range(keys):
            self.change(self.original.replace("-> log ", f"-> log {70000 + n} //", 1))
            if n < keys - 1:
                time.sleep(apart)
        start = time.perf_counter()
        self.server.diagnostics_of(self.uri, _planted(70000 + keys - 1))
        waited = time.perf_counter() - start
        self.edit(self.original, _clean)
        return waited

    def close(self) -> float:
        memory = peak_mb(self.server.process.pid)
        self.server.close()
        return memory


def bench_watch(folder: Path, path: Path, count: int) -> tuple[list[float], list[float], float]:
    process = subprocess.Popen([sys.executable, "-m", "vcompiler", "watch", str(folder)], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, cwd=ROOT, env={**os.environ, "NO_COLOR": "1"})
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()

    def summary() -> str:
        while "watching for changes" not in (line := lines.get(timeout=120)):
            pass
        return line

    summary()
    time.sleep(1)       # the file watcher starts after the first report
    original = path.read_text(encoding="utf-8")
    times, cpu = [], []
    try:
        for n, (text, _) in enumerate(edits(original, count)):
            start, spent = time.perf_counter(), cpu_seconds(process.pid)
            path.write_text(text, encoding="utf-8")
            line = summary()
            times.append(time.perf_counter() - start)
            cpu.append(cpu_seconds(process.pid) - spent)
            expected = "0 errors" if n % 3 == 2 else "1 error"
            assert expected in line, line
            time.sleep(0.2)
    finally:
        path.write_text(original, encoding="utf-8")
    memory = peak_mb(process.pid)
    process.terminate()
    process.wait(timeout=30)
    return times, cpu, memory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=10_000)
    parser.add_argument("--edits", type=int, default=9)
    args = parser.parse_args()
    folder = corpus(args.logs).resolve()
    path = sorted(folder.glob("logbook-*.vcl"))[len(list(folder.glob("logbook-*.vcl"))) // 2]
    print(f"# {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; {args.logs} logs, {args.edits} edits of {path.name}")
    inkjs = inkjs_compiler()
    ink = None
    if inkjs:
        command = inkjs + [str(folder / "story.ink"), "-o", str(CACHE / "story.json")]
        timed(command)
        runs = [timed(command) for _ in range(3)]
        ink = (statistics.median(r[0] for r in runs), max(r[1] for r in runs), statistics.median(r[2] for r in runs))
    editor = Lsp(folder, path, args.edits)
    text, goto, hovers, burst = editor.text_edits(), editor.goto_edits(), editor.hovers_while_checking(), editor.burst()
    lsp_memory = editor.close()
    watch = bench_watch(folder, path, args.edits)
    print(f"# load average {os.getloadavg()[0]:.1f}")
    print("| case | median s | max s | CPU s | peak MB | time / inkjs | CPU / inkjs | memory / inkjs |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")

    def row(name: str, times: list[float], cpu: list[float] | None = None, memory: float | None = None) -> None:
        median = statistics.median(times)
        spent = f"{statistics.median(cpu):.3f}" if cpu else ""
        mb = f"{memory:.0f}" if memory else ""
        ratios = ["", "", ""]
        if ink:
            ratios[0] = f"{median / ink[0]:.3f}x"
            if cpu:
                ratios[1] = f"{statistics.median(cpu) / ink[2]:.3f}x"
            if memory:
                ratios[2] = f"{memory / ink[1]:.2f}x"
        print(f"| {name} | {median:.3f} | {max(times):.3f} | {spent} | {mb} | {' | '.join(ratios)} |")

    row("lsp: start to first diagnostics", [editor.start])
    row("lsp: text edit to its diagnostics", *text, lsp_memory)
    row("lsp: goto planted or mended to its diagnostics", *goto)
    row("lsp: hover sent while a check runs", hovers)
    row("lsp: 20 keystrokes 30 ms apart, last to its diagnostics", [burst])
    row("watch: save to summary line", *watch)
    if ink:
        print(f"| inkjs-compiler, full compile | {ink[0]:.3f} | | {ink[2]:.3f} | {ink[1]:.0f} | | | |")


if __name__ == "__main__":
    main()
