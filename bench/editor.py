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
        self._send({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
        while True:
            message = self.messages.get(timeout=120)
            if message.get("id") == 1:
                return message

    def diagnostics_of(self, uri: str, until) -> list:
        while True:
            message = self.messages.get(timeout=120)
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                if until(message["params"]["diagnostics"]):
                    return message["params"]["diagnostics"]

    def close(self) -> None:
        self.request("shutdown", {})
        self.notify("exit", {})
        self.process.wait(timeout=30)


def edits(original: str, count: int) -> list[tuple[str, object]]:
    """(text, what its diagnostics must be) for each edit."""
    wrong = original.replace("-> log ", "-> log 9", 1)
    typo = original.replace("gain ", "gian ", 1)
    cycle = [(wrong, lambda ds: any(d["code"] == "E200" for d in ds)),
             (typo, lambda ds: any(d["code"] == "E207" for d in ds) and not any(d["code"] == "E200" for d in ds)),
             (original, lambda ds: ds == [])]
    return [cycle[i % 3] for i in range(count)]


def bench_lsp(folder: Path, path: Path, count: int) -> tuple[list[float], list[float], float]:
    server = Server(folder)
    uri = path.as_uri()
    original = path.read_text(encoding="utf-8")
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "vcl", "version": 1,
                                                            "text": original}})
    server.diagnostics_of(uri, lambda ds: ds == [])
    times, cpu = [], []
    for version, (text, wanted) in enumerate(edits(original, count), start=2):
        start, spent = time.perf_counter(), cpu_seconds(server.process.pid)
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [{"text": text}]})
        server.diagnostics_of(uri, wanted)
        times.append(time.perf_counter() - start)
        cpu.append(cpu_seconds(server.process.pid) - spent)
    memory = peak_mb(server.process.pid)
    server.close()
    return times, cpu, memory


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
    lsp = bench_lsp(folder, path, args.edits)
    watch = bench_watch(folder, path, args.edits)
    print(f"# load average {os.getloadavg()[0]:.1f}")
    print("| case | median s | max s | CPU s | peak MB | time / inkjs | CPU / inkjs | memory / inkjs |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, (times, cpu, memory) in (("lsp: edit to published diagnostics", lsp),
                                       ("watch: save to summary line", watch)):
        median, spent = statistics.median(times), statistics.median(cpu)
        ratio = f"{median / ink[0]:.3f}x | {spent / ink[2]:.3f}x | {memory / ink[1]:.2f}x" if ink else " | | "
        print(f"| {name} | {median:.3f} | {max(times):.3f} | {spent:.3f} | {memory:.0f} | {ratio} |")
    if ink:
        print(f"| inkjs-compiler, full compile | {ink[0]:.3f} | | {ink[2]:.3f} | {ink[1]:.0f} | | | |")


if __name__ == "__main__":
    main()
