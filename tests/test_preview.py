"""`vcompiler preview`: what the cursor or a save names, what each entry prints, the
story map's data, the server's answers, and (in headless Chromium) the page following
an edit, an error and its mending, and the story map opening the entry clicked."""
from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from vcompiler.compile import compile_pack
from vcompiler.preview.pages import document, parts_of
from vcompiler.preview.server import Preview, serve
from vcompiler.preview.storymap import boards, map_data
from vcompiler.preview.targets import entry_at, first_changed_line, targets

ROOT = Path(__file__).resolve().parent.parent
EYE = ROOT / "source_content" / "eye-of-the-void"
TIDAL = ROOT / "source_content" / "tidal-reach"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


def _pack(folder: Path):
    result = compile_pack(folder)
    assert result.ok, [d.message for d in result.diagnostics]
    return result


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1) if text in line)


def _display(result, name: str) -> str:
    return next(display for display in result.sources if display.endswith(name))


# ---------------------------------------------------------------- what the cursor names

def test_entry_at_names_the_declaration_holding_the_line():
    result = _pack(EYE)
    logbook = _display(result, "logbook.vcl")
    head = _line_of(EYE / "logbook.vcl", 'log 206 "The Spire Remembers"')
    assert entry_at(result.model, logbook, head).anchor == "log-206"
    assert entry_at(result.model, logbook, head + 3).anchor == "log-206"       # inside its text
    assert entry_at(result.model, logbook, head - 1) is None                   # the blank line before it
    assert entry_at(result.model, logbook, 1) is None                          # the file's opening comment
    poi = _display(result, "poi.vcl")
    crash = _line_of(EYE / "poi.vcl", "P104")
    assert entry_at(result.model, poi, crash).anchor == "poi-P104"
    planet = _display(result, "planet.vcl")
    sector = _line_of(EYE / "planet.vcl", "sector 4")
    assert entry_at(result.model, planet, sector).anchor == "planet-eye_of_the_void"


def test_entry_at_in_a_vantage_pack():
    result = _pack(TIDAL)
    locations = _display(result, "locations.vcl")
    line = _line_of(TIDAL / "locations.vcl", "location 101")
    assert entry_at(result.model, locations, line).anchor == "location-101"
    departs = _display(result, "depart.vcl")
    found = entry_at(result.model, departs, _line_of(TIDAL / "depart.vcl", "depart 101 east") + 1)
    assert found is not None and found.anchor == "depart-101-east"


def test_first_changed_line():
    assert first_changed_line("a\nb\nc", "a\nb\nc") is None
    assert first_changed_line("a\nb\nc", "a\nB\nc") == 2
    assert first_changed_line("a\nb", "a\nb\nc") == 3
    assert first_changed_line("", "x") == 1


# ---------------------------------------------------------------- what each prints

def test_a_log_prints_as_its_book_entry():
    result = _pack(EYE)
    target = next(t for t in targets(result.model) if t.anchor == "log-206")
    [part] = parts_of(result.model, target)
    assert part.name == "Logbook" and part.sheets == ("base.css", "book.css")
    html = document(part)
    assert re.search(r'<article class="entry[^"]*" id="log-206">', html)
    assert "The Spire Remembers" in html and "flares once" in html
    assert "log-207" not in html.split('id="log-206"')[1]          # the entry alone
    assert '<base href="/t/">' in html and 'href="book.css"' in html and "/static/print.js" in html


def test_cards_boards_and_locations_print_with_their_templates():
    eye = _pack(EYE).model
    found = {t.anchor: t for t in targets(eye)}
    [card] = parts_of(eye, found["poi-P104"])
    assert card.sheets == ("base.css", "cards.css")
    assert 'class="card front' in card.html and 'class="card back' in card.html and "Crash Site" in card.html
    [board] = parts_of(eye, found["planet-eye_of_the_void"])
    assert board.sheets == ("base.css", "board.css") and 'class="board' in board.html
    tidal = _pack(TIDAL).model
    found = {t.anchor: t for t in targets(tidal)}
    parts = parts_of(tidal, found["location-101"])
    assert parts[0].name == "Card front and back" and "Tidal Flats" in parts[0].html
    books = [p for p in parts[1:]]
    assert books and all(p.sheets == ("base.css", "book.css") for p in books)
    assert any("Scan the horizon" in p.html for p in books)
    [depart] = parts_of(tidal, found["depart-101-east"])
    assert depart.name == "Depart Storybook" and 'id="depart-101-east"' in depart.html


# ---------------------------------------------------------------- the story map

LOOSE_LOGS = """
log 901 "Nobody Comes Here" {
  text "A log no other entry leads to."
  end exploration
}

log 902 "Round" {
  text "Around."
  -> log 903
}

log 903 "And Round" {
  text "And around again."
  -> log 902
}
"""


def test_map_marks_unreachable_and_looping_entries(tmp_path):
    pack = tmp_path / "eye"
    shutil.copytree(EYE, pack)
    with (pack / "logbook.vcl").open("a", encoding="utf-8") as f:
        f.write(LOOSE_LOGS)
    result = compile_pack(pack)
    assert result.pack is not None
    paths = {display: str(source.path) for display, source in result.sources.items()}
    data = map_data(result.pack, targets(result.pack), paths)
    nodes = {n["id"]: n for n in data["nodes"]}
    assert nodes["log:901"]["unreachable"] and not nodes["log:901"]["loop"]
    assert nodes["log:902"]["loop"] and nodes["log:903"]["loop"]
    assert not nodes["log:206"]["unreachable"] and not nodes["log:206"]["loop"]
    assert nodes["log:206"]["anchor"] == "log-206"
    assert nodes["log:206"]["file"] == str(pack / "logbook.vcl")
    assert nodes["log:206"]["line"] == _line_of(pack / "logbook.vcl", 'log 206 "The Spire Remembers"')
    assert nodes["sector:4"]["anchor"] == "planet-eye_of_the_void"          # printed on its board
    # the unreachable stand in a column of their own, after every reachable one
    assert nodes["log:901"]["x"] > max(n["x"] for n in data["nodes"] if not n["unreachable"])
    index = {n["id"]: i for i, n in enumerate(data["nodes"])}
    assert [index["log:902"], index["log:903"], "goto", True] in data["edges"]


def test_boards_lead_from_spaces_to_their_logs():
    [board] = [b for b in boards(_pack(EYE).model) if b["planet"] == "eye_of_the_void"]
    assert board["lines"].startswith("data:image/svg+xml;base64,")
    spaces = {s["number"]: s for s in board["sectors"]}
    assert spaces[4]["anchor"] == "log-311" and spaces[5]["anchor"] == "log-227" and spaces[1]["anchor"] is None


# ---------------------------------------------------------------- the server

def _get(port: int, path: str, host: str = "127.0.0.1") -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers={"Host": f"{host}:{port}"})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


def _state(port: int) -> dict:
    return json.loads(_get(port, "/state")[1])


def _wait(what, timeout: float = 20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = what()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("waited in vain")


@pytest.fixture
def served(tmp_path):
    pack = tmp_path / "eye"
    shutil.copytree(EYE, pack)
    stop = threading.Event()
    told: list[str] = []
    thread = threading.Thread(target=serve, args=(pack, 0, told.append, stop), daemon=True)
    thread.start()
    url = _wait(lambda: told and told[0])
    port = int(url.rsplit(":", 1)[1].strip("/"))
    yield pack, port
    stop.set()
    thread.join(10)
    assert not thread.is_alive()


def test_the_server_answers_what_the_page_asks(served):
    pack, port = served
    state = _state(port)
    assert state["ok"] and state["pack"] == "eye_of_the_void" and state["focus"] == "log-20"
    parts = json.loads(_get(port, "/parts/log-206")[1])
    assert [p["name"] for p in parts] == ["Logbook"]
    status, html = _get(port, parts[0]["url"])
    assert status == 200 and b"The Spire Remembers" in html
    assert _get(port, "/part/log-206/1")[0] == 404
    assert b'id="log-206"' in _get(port, "/reader")[1]
    assert _get(port, "/t/book.css")[0] == 200
    assert _get(port, "/t/fonts/DejaVuSerif.ttf")[0] == 200
    assert _get(port, "/t/../preview/server.py")[0] == 404          # nothing outside templates/
    assert _get(port, "/static/../server.py")[0] == 404
    assert _get(port, "/state", host="evil.example")[0] == 403      # another site's name for this address
    data = json.loads(_get(port, "/map.json")[1])
    assert any(n["anchor"] == "log-206" for n in data["nodes"])


def test_a_save_brings_its_entry_up_and_an_error_shows_its_diagnostic(served):
    pack, port = served
    logbook = pack / "logbook.vcl"
    text = logbook.read_text(encoding="utf-8")
    logbook.write_text(text.replace("The structure falls silent behind you.", "The structure hums."), encoding="utf-8")
    state = _wait(lambda: (s := _state(port))["version"] >= 2 and s)
    assert state["ok"] and state["edited"] == "log-207" and state["focus"] == "log-207"
    assert b"The structure hums." in _get(port, "/part/log-207/0")[1]
    logbook.write_text(text.replace("-> log 206", "-> log 9999"), encoding="utf-8")
    state = _wait(lambda: (s := _state(port))["version"] >= 3 and s)
    assert not state["ok"]
    [error] = [d for d in state["diagnostics"] if d["severity"] == "error"]
    assert error["line"] == _line_of(logbook, "-> log 9999") and error["hint"]
    assert error["file"].endswith("logbook.vcl") and "9999" in error["message"]


def test_a_busy_port_is_a_usage_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "vcompiler", "preview", str(EYE), "--port", str(port)],
                              capture_output=True, text=True, timeout=60, env=_env())
    assert done.returncode == 2 and f"port {port} is in use" in done.stderr and "Traceback" not in done.stderr


def test_the_check_of_a_preview_is_the_check_of_the_pack(tmp_path):
    preview = Preview(EYE.resolve())
    state = preview.check()
    assert [d.code.id for d in state.result.diagnostics] == [d.code.id for d in compile_pack(EYE).diagnostics]
    assert state.focus == "log-20" and state.edited is None


# ---------------------------------------------------------------- in a browser

def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("no Chromium at /usr/bin/chromium (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def preview_process(tmp_path):
    pack = tmp_path / "eye"
    shutil.copytree(EYE, pack)
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "vcompiler", "preview", str(pack), "--port", str(port)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
    try:
        line = process.stdout.readline() if process.stdout else ""
        assert f"http://127.0.0.1:{port}/" in line, line + (process.stderr.read() if process.stderr else "")
        yield pack, f"http://127.0.0.1:{port}/"
    finally:
        process.terminate()
        process.wait(10)


SHOTS = Path(os.environ.get("VCOMPILER_PREVIEW_SHOTS", "")) if os.environ.get("VCOMPILER_PREVIEW_SHOTS") else None


def _shot(page, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"))


PRINTED = """() => [...document.querySelectorAll('#print iframe')]
    .map(f => f.contentDocument && f.contentDocument.body ? f.contentDocument.body.innerText : '').join('\\n')"""


def _printed(page) -> str:
    """The text of the printed parts the page shows."""
    return page.evaluate(PRINTED)


def _wait_printed(page, text: str) -> None:
    page.wait_for_function(f"() => ({PRINTED})().includes({json.dumps(text)})", timeout=15000)


def test_the_page_follows_an_edit_an_error_and_its_mending(browser, preview_process):
    pack, url = preview_process
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(url + "?entry=log-206")
    page.wait_for_function("() => document.body.dataset.anchor === 'log-206'")
    _wait_printed(page, "flares once")
    logbook = pack / "logbook.vcl"
    text = logbook.read_text(encoding="utf-8")

    edited = text.replace("the spire below flares once", "the spire below glows violet")
    logbook.write_text(edited, encoding="utf-8")
    _wait_printed(page, "glows violet")
    assert "flares once" not in _printed(page)
    assert page.locator("#problems").is_hidden()
    _shot(page, "1-edited")

    broken = edited.replace("gain success 2", "gain succes 2")
    logbook.write_text(broken, encoding="utf-8")
    page.wait_for_selector("#problems .diagnostic", state="visible", timeout=15000)
    assert page.locator("#print").is_hidden()
    shown = page.locator("#problems .diagnostic").first
    line = _line_of(logbook, "gain succes 2")
    assert shown.get_attribute("data-code").startswith("E")
    assert f"logbook.vcl:{line}:" in shown.locator(".where").inner_text()
    assert "succes" in shown.inner_text() and shown.locator(".hint").inner_text()
    assert page.locator("#status").get_attribute("class") == "bad"
    assert page.locator("#stale").is_visible()
    _shot(page, "2-error")

    logbook.write_text(edited, encoding="utf-8")
    page.wait_for_selector("#print", state="visible", timeout=15000)
    page.wait_for_function("() => document.body.dataset.ok === 'true'")
    assert page.locator("#problems").is_hidden()
    _wait_printed(page, "glows violet")
    _shot(page, "3-mended")

    # a reference clicked in the printed entry is followed, in both panes
    page.goto(url + "?entry=log-20")
    page.wait_for_function("() => document.body.dataset.anchor === 'log-20'")
    frame = page.frame_locator("#print iframe").first
    frame.locator("a.ref").first.click()
    page.wait_for_function("() => document.body.dataset.anchor !== 'log-20'")
    followed = page.evaluate("() => document.body.dataset.anchor")
    assert followed.startswith("log-")
    page.wait_for_function(f"() => document.getElementById('reader').contentWindow.location.hash === '#{followed}'")


def test_the_story_map_opens_the_entry_clicked(browser, preview_process):
    pack, url = preview_process
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(url + "?entry=log-20&tab=map")
    page.wait_for_function("() => document.body.dataset.anchor === 'log-20'")
    story_map = page.frame_locator("#map")
    node = story_map.locator('.node[data-anchor="log-311"]')
    node.wait_for()
    node.click()
    page.wait_for_function("() => document.body.dataset.anchor === 'log-311'")
    page.wait_for_function("() => document.getElementById('reader').contentWindow.location.hash === '#log-311'")
    reader = page.frame_locator("#reader")
    assert "Regrouped" in reader.locator("#log-311").inner_text()
    source = story_map.locator("#open-source")
    line = _line_of(pack / "logbook.vcl", "log 311")
    assert source.get_attribute("href") == f"vscode://file{pack / 'logbook.vcl'}:{line}"
    # search finds by number
    story_map.locator("#search").fill("858")
    assert story_map.locator(".node.match").count() == 1
    _shot(page, "4-map")
    # a planet's board, drawn as it prints: a space that sends a reader to a log opens it
    story_map.locator("#board").select_option("eye_of_the_void")
    spaces = story_map.locator("#boardview .sector")
    spaces.first.wait_for()
    assert spaces.count() == 8
    _shot(page, "5-board")
    story_map.locator("#boardview .sector.goto", has_text="Log 227").click()
    page.wait_for_function("() => document.body.dataset.anchor === 'log-227'")
    # the map is drawn again after a save: a new log appears in it
    with (pack / "logbook.vcl").open("a", encoding="utf-8") as f:
        f.write('\nlog 950 "A Fresh Page" {\n  text "New."\n  end exploration\n}\n')
    story_map.locator('.node[data-anchor="log-950"]').wait_for(timeout=15000)
    assert "unreachable" in (story_map.locator('.node[data-anchor="log-950"]').get_attribute("class") or "")


def test_a_check_that_fails_leaves_the_last_one_up_and_says_so(monkeypatch):
    preview = Preview(EYE.resolve())
    first = preview.check()
    preview.failed(RuntimeError("the disk went away"))
    state = preview.state_json()
    assert state["version"] == first.version + 1 and state["ok"]
    assert state["failure"] == "RuntimeError: the disk went away" and state["edited"] is None


def test_a_folder_of_several_packs_is_a_usage_error():
    done = subprocess.run([sys.executable, "-m", "vcompiler", "preview", str(ROOT / "source_content"), "--port", "0"],
                          capture_output=True, text=True, timeout=60, env=_env())
    assert done.returncode == 2 and "holds 3 packs; name one of them" in done.stderr


def test_ctrl_c_stops_the_preview_quietly(tmp_path):
    import signal

    process = subprocess.Popen([sys.executable, "-m", "vcompiler", "preview", str(EYE), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
    try:
        assert process.stdout is not None and "http://127.0.0.1:" in process.stdout.readline()
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0 and "Traceback" not in err


def test_targets_kept_between_checks_are_those_found_afresh(tmp_path):
    pack = tmp_path / "eye"
    shutil.copytree(EYE, pack)
    more = pack / "more.vcl"
    more.write_text('log 930 "Far" {\n  text "Far."\n  -> log 931\n}\n\nlog 931 "Farther" {\n  text "Farther."\n'
                    '  end exploration\n}\n', encoding="utf-8")
    preview = Preview(pack.resolve())
    first = preview.check()
    assert [t.span.end_line for t in first.found if t.anchor in ("log-930", "log-931")] == [4, 9]
    logbook = pack / "logbook.vcl"
    text = logbook.read_text(encoding="utf-8")
    edits = [text.replace('log 206 "The Spire Remembers" {', '// a note\n\nlog 206 "The Spire Remembers" {'),
             text.replace("  end exploration\n}\n\nlog 207", "  end exploration\n}\n\nlog 208 \"New\" {\n"
                          "  text \"New.\"\n  end exploration\n}\n\nlog 207"),
             text]
    for edited in edits:
        logbook.write_text(edited, encoding="utf-8")
        state = preview.check([logbook])
        assert state.result.ok
        assert list(state.found) == targets(state.result.model)
    # a target kept from the check before is the same object: it was not made again
    assert next(t for t in state.found if t.anchor == "log-930") is next(
        t for t in first.found if t.anchor == "log-930")
    more.write_text(more.read_text(encoding="utf-8").replace('  -> log 931\n', '  -> log 931\n\n\n'),
                    encoding="utf-8")
    state = preview.check([more])
    assert list(state.found) == targets(state.result.model)
    assert [t.span.end_line for t in state.found if t.anchor in ("log-930", "log-931")] == [6, 11]
