"""`vcompiler preview`: a local web page (127.0.0.1 only) showing the entry or component
being written as it will print, the reader around it and the story map, checked again
on every save with `watch`'s machinery (driver.watch.saves and a resident engine
Workspace). A save that changes an entry brings that entry up; a save with errors
shows them (code, place, message, hint) where the preview stood. The page hears of
each check through server-sent events (/events) and asks for what it shows:

    /                 the page (static/preview.html)
    /state            the last check: its diagnostics, the entries, the one to show
    /parts/ANCHOR     what an entry prints, part by part (names and addresses)
    /part/ANCHOR/N    one part, a whole HTML document over templates/'s stylesheets
    /reader           the reader (vcompiler.reader) of the last pack without errors
    /map, /map.json, /boards.json    the story map
    /t/...            templates/'s stylesheets, fonts and icons; /static/... the page's own

Everything is served from the package: the pages load nothing from elsewhere."""
from __future__ import annotations

import json
import mimetypes
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from vcompiler import reader
from vcompiler.compile import CompileResult
from vcompiler.diagnostics import Diagnostic
from vcompiler.engine import Workspace, settle
from vcompiler.preview.targets import Target, TargetMemo, first_changed_line, target_at, targets
from vcompiler.render.paths import TEMPLATES
from vcompiler.util.frozen import frozen

STATIC = Path(__file__).resolve().parent / "static"
# The page's own scripts and styles come from /static; the documents' inline styles are
# the renderer's sizes and positions, the board's drawing a data: URI.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; frame-src 'self'; frame-ancestors *")
READER_CSP = reader.CSP + "; frame-ancestors 'self'"
# How often an idle event stream says it is alive, so that a closed page frees its thread.
KEEPALIVE_SECONDS = 10.0


@frozen
class State:
    """One check of the pack, and what the page shows after it."""
    version: int
    result: CompileResult
    found: tuple[Target, ...]         # of the last pack without errors
    focus: str | None                 # the anchor of the entry last edited, or the first
    edited: str | None                # the anchor of the entry this check's save changed
    took: float                       # seconds the check took
    at: str                           # when it ended, HH:MM:SS
    failure: str | None = None        # why the check after it failed: it is still shown, and says so


def _diagnostic(d: Diagnostic, result: CompileResult) -> dict[str, Any]:
    source = result.sources.get(d.span.file)
    return {"code": d.code.id, "severity": d.code.severity.value, "message": d.message, "hint": d.hint,
            "file": d.span.file, "path": str(source.path) if source is not None else d.span.file,
            "line": d.span.line, "column": d.span.column,
            "text": source.line_text(d.span.line) if source is not None else ""}


class Preview:
    """The pack as last checked, and what each entry prints (made when first asked
    for, kept until the next check)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.workspace = Workspace([folder])
        self.changed = threading.Condition()
        self.lock = threading.Lock()
        self.state: State | None = None
        self.good: CompileResult | None = None         # the last result without errors
        self._made: dict[tuple[int, str], Any] = {}
        self.memo = TargetMemo()

    def check(self, saved: list[Path] | None = None) -> State:
        started = time.perf_counter()
        with self.lock:
            if saved:
                self.workspace.files_changed(saved)
            results = self.workspace.check()
            settle()
        result = next((r for r in results if r.folder == self.folder), None) or results[0]
        before = self.state
        if result.ok and result.pack is not None:
            self.good = result
        found = tuple(targets(self.good.model, self.memo)) if self.good is not None else ()
        edited = self._edited(before.result, result, list(found)) if before is not None else None
        focus = edited or (before.focus if before is not None else None) or (found[0].anchor if found else None)
        state = State((before.version + 1) if before else 1, result, found, focus, edited,
                      time.perf_counter() - started, time.strftime("%H:%M:%S"))
        with self.changed:
            self.state = state
            self._made = {}
            self.changed.notify_all()
        return state

    @staticmethod
    def _edited(old: CompileResult, new: CompileResult, found: list[Target]) -> str | None:
        """The entry whose text a save changed (the first changed line's)."""
        for display, source in new.sources.items():
            was = old.sources.get(display)
            line = first_changed_line(was.text if was is not None else "", source.text)
            if line is not None:
                target = target_at(found, display, line)
                if target is not None:
                    return target.anchor
        return None

    def failed(self, error: BaseException) -> None:
        """A check that raised: the last one stays up, saying that it is the last."""
        with self.changed:
            if self.state is not None:
                self.state = replace(self.state, version=self.state.version + 1, edited=None,
                                     failure=f"{type(error).__name__}: {error}", at=time.strftime("%H:%M:%S"))
                self._made = {}
            self.changed.notify_all()

    def made(self, key: str, make: Callable[[], Any]) -> Any:
        """What `make` gives for the current check, made once."""
        state = self.state
        assert state is not None
        cache_key = (state.version, key)
        if cache_key not in self._made:
            self._made[cache_key] = make()
        return self._made[cache_key]

    def state_json(self) -> dict[str, Any]:
        state = self.state
        assert state is not None
        result = state.result
        pack = self.good.model if self.good is not None else None
        paths = {display: str(source.path) for display, source in result.sources.items()}
        return {
            "version": state.version, "ok": result.ok, "at": state.at, "took": round(state.took, 3),
            "pack": pack.name if pack else result.folder.name, "title": pack.title if pack else "",
            "game": pack.game if pack else "", "focus": state.focus, "edited": state.edited,
            "failure": state.failure,
            "diagnostics": [_diagnostic(d, result) for d in result.diagnostics],
            "targets": [{"anchor": t.anchor, "kind": t.kind, "title": t.title, "file": t.span.file,
                         "path": paths.get(t.span.file, t.span.file), "line": t.span.line}
                        for t in state.found],
        }


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, body: bytes, kind: str, status: HTTPStatus = HTTPStatus.OK, csp: str = CSP) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", csp)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, value: object) -> None:
        self._send(json.dumps(value).encode("utf-8"), "application/json")

    def _file(self, root: Path, name: str) -> None:
        path = (root / unquote(name)).resolve()
        if not path.is_relative_to(root.resolve()) or not path.is_file():
            self._send(b"not found", "text/plain", HTTPStatus.NOT_FOUND)
            return
        kind = "font/ttf" if path.suffix == ".ttf" else mimetypes.guess_type(path.name)[0] or "text/plain"
        if kind.startswith("text/") or kind.endswith("javascript"):
            kind += "; charset=utf-8"
        self._send(path.read_bytes(), kind)

    def _allowed_host(self) -> bool:
        # A page elsewhere that renames its own host to 127.0.0.1 (DNS rebinding)
        # still sends its own name as Host: only this server's names are answered.
        host = (self.headers.get("Host") or "").rpartition(":")[0]
        return host in ("127.0.0.1", "localhost")

    def do_GET(self) -> None:
        if not self._allowed_host():
            self._send(b"refused", "text/plain", HTTPStatus.FORBIDDEN)
            return
        url = urlsplit(self.path)
        route = url.path
        preview = self.server.preview
        try:
            if route in ("/", "/index.html"):
                self._file(STATIC, "preview.html")
            elif route == "/map":
                self._file(STATIC, "map.html")
            elif route.startswith("/static/"):
                self._file(STATIC, route[len("/static/"):])
            elif route.startswith("/t/"):
                self._file(TEMPLATES, route[len("/t/"):])
            elif route == "/events":
                self._events()
            elif route == "/state":
                # Asked by every page after every check: made once a check.
                self._send(preview.made("state", lambda: json.dumps(preview.state_json()).encode("utf-8")),
                           "application/json")
            elif route.startswith("/parts/"):
                self._json(self.server.parts(unquote(route[len("/parts/"):])))
            elif route.startswith("/part/"):
                anchor, _, number = unquote(route[len("/part/"):]).rpartition("/")
                html = self.server.part(anchor, int(number) if number.isdigit() else -1)
                if html is None:
                    self._send(b"no such part", "text/plain", HTTPStatus.NOT_FOUND)
                else:
                    self._send(html.encode("utf-8"), "text/html; charset=utf-8")
            elif route == "/reader":
                # The reader is one file with its script inline, under its own policy.
                self._send(self.server.reader(), "text/html; charset=utf-8", csp=READER_CSP)
            elif route == "/map.json":
                self._json(self.server.map())
            elif route == "/boards.json":
                self._json(self.server.boards())
            else:
                self._send(b"not found", "text/plain", HTTPStatus.NOT_FOUND)
        except (BrokenPipeError, ConnectionResetError):
            pass
        except Exception as error:  # noqa: BLE001 - one request that fails must not end the preview
            self.server.failed(route, error)
            self._send(f"vcompiler preview could not make {route}: {error}".encode(), "text/plain",
                       HTTPStatus.INTERNAL_SERVER_ERROR)

    def _events(self) -> None:
        """The version of each check as it ends, one event each."""
        preview = self.server.preview
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        seen = -1
        while not self.server.stopping.is_set():
            with preview.changed:
                state = preview.state
                if state is None or state.version == seen:
                    preview.changed.wait(KEEPALIVE_SECONDS)
                    state = preview.state
            if state is not None and state.version != seen:
                seen = state.version
                self.wfile.write(f"event: check\ndata: {json.dumps({'version': seen})}\n\n".encode())
            else:
                self.wfile.write(b": alive\n\n")
            self.wfile.flush()


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], preview: Preview):
        super().__init__(address, _Handler)
        self.preview = preview
        self.stopping = threading.Event()

    def failed(self, what: str, error: BaseException) -> None:
        print(f"preview: {what} failed: {type(error).__name__}: {error}", file=sys.stderr, flush=True)

    def _target(self, anchor: str) -> Target | None:
        state = self.preview.state
        return next((t for t in state.found if t.anchor == anchor), None) if state else None

    def _parts(self, anchor: str) -> list[Any]:
        from vcompiler.preview.pages import parts_of

        target = self._target(anchor)
        good = self.preview.good
        if target is None or good is None:
            return []
        return self.preview.made(f"parts {anchor}", lambda: parts_of(good.model, target))

    def parts(self, anchor: str) -> list[dict[str, str]]:
        version = self.preview.state.version if self.preview.state else 0
        return [{"name": part.name, "url": f"/part/{anchor}/{n}?v={version}"}
                for n, part in enumerate(self._parts(anchor))]

    def part(self, anchor: str, number: int) -> str | None:
        from vcompiler.preview.pages import document

        made = self._parts(anchor)
        return document(made[number]) if 0 <= number < len(made) else None

    def reader(self) -> bytes:
        from vcompiler.reader import reader_html

        good = self.preview.good
        if good is None:
            return b"<!DOCTYPE html><p>The pack has not yet been checked without errors.</p>"
        return self.preview.made("reader", lambda: reader_html(good.model)) 

    def map(self) -> dict[str, Any]:
        from vcompiler.preview.storymap import map_data

        good = self.preview.good
        if good is None:
            return {"nodes": [], "edges": []}
        state = self.preview.state
        assert state is not None
        paths = {display: str(source.path) for display, source in good.sources.items()}
        return self.preview.made("map", lambda: map_data(good.model, list(state.found), paths))

    def boards(self) -> list[dict[str, Any]]:
        from vcompiler.preview.storymap import boards

        good = self.preview.good
        return self.preview.made("boards", lambda: boards(good.model)) if good is not None else []


def _stamps(folder: Path) -> dict[Path, int]:
    return {path: path.stat().st_mtime_ns for path in folder.rglob("*") if path.is_file()}


def serve(folder: Path, port: int, announce: Callable[[str], None], stop: threading.Event | None = None) -> None:
    """Serve the preview of the pack in `folder` on 127.0.0.1:`port` (0: a free port)
    until Ctrl-C or `stop`; `announce` is told the page's address once the page answers
    and every save is seen."""
    from vcompiler.driver.watch import saves

    before = _stamps(folder)
    preview = Preview(folder)
    preview.check()
    server = _Server(("127.0.0.1", port), preview)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                              name="vcompiler-preview", daemon=True)
    thread.start()

    def ready() -> None:
        # What was saved while the watcher started is checked now.
        now = _stamps(folder)
        if now != before:
            preview.check([path for path in {*now, *before} if now.get(path) != before.get(path)])
        announce(f"http://127.0.0.1:{server.server_address[1]}/")

    try:
        for saved in saves([folder], stop, ready):
            try:
                preview.check(saved)
            except Exception as error:  # noqa: BLE001 - the last check stays up, and says it failed
                server.failed("check", error)
                preview.failed(error)
    except KeyboardInterrupt:
        pass
    finally:
        server.stopping.set()
        with preview.changed:
            preview.changed.notify_all()
        server.shutdown()
        server.server_close()
