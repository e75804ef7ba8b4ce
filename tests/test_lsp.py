"""The language server end to end, over stdio, as an editor drives it (pytest-lsp):
every feature on the shipped packs, and hostile input that must not bring it down."""
import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import CONTENT

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "vcompiler", "lsp"])


async def _start(client: LanguageClient, root: Path) -> None:
    await client.initialize_session(lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=root.as_uri(),
        workspace_folders=[lsp.WorkspaceFolder(root.as_uri(), root.name)]))


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient, tmp_path_factory):
    root = tmp_path_factory.mktemp("workspace")
    shutil.copytree(CONTENT, root / "content")
    lsp_client.root = root / "content"
    await _start(lsp_client, root / "content")
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=SERVER)
async def bare_client(lsp_client: LanguageClient, tmp_path_factory):
    root = tmp_path_factory.mktemp("nopack")
    lsp_client.root = root
    await _start(lsp_client, root)
    yield
    await lsp_client.shutdown_session()


async def settle(client: LanguageClient, uri: str, until) -> list[lsp.Diagnostic]:
    """Wait for the diagnostics of `uri` for which `until` holds (a check after an edit)."""
    import asyncio

    async def wait():
        while not (uri in client.diagnostics and until(client.diagnostics[uri])):
            await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return list(client.diagnostics[uri])
    try:
        return await asyncio.wait_for(wait(), timeout=60)
    except TimeoutError:
        raise AssertionError(f"diagnostics of {uri} never settled: {client.diagnostics.get(uri)}") from None


def doc(client: LanguageClient, relative: str) -> tuple[str, str]:
    path = client.root / relative
    return path.as_uri(), path.read_text(encoding="utf-8")


def open_doc(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "vcl", version, text)))


async def opened(client: LanguageClient, relative: str) -> tuple[str, str]:
    """Open a file of the workspace as it is on disk, once its first check is in."""
    uri, text = doc(client, relative)
    open_doc(client, uri, text)
    await settle(client, uri, lambda ds: True)
    return uri, text


def change(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
        [lsp.TextDocumentContentChangeWholeDocument(text=text)]))


def at(text: str, needle: str, offset: int = 0, nth: int = 0) -> lsp.Position:
    """The position of the `nth` occurrence of `needle`, plus `offset` characters."""
    start = -1
    for _ in range(nth + 1):
        start = text.index(needle, start + 1)
    line = text.count("\n", 0, start)
    return lsp.Position(line, start - (text.rfind("\n", 0, start) + 1) + offset)


def apply(text: str, edits: list[lsp.TextEdit]) -> str:
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        s, e = edit.range.start, edit.range.end
        before = "\n".join(lines[:s.line] + [lines[s.line][:s.character]])
        after = "\n".join([lines[e.line][e.character:]] + lines[e.line + 1:])
        lines = (before + edit.new_text + after).split("\n")
    return "\n".join(lines)


LOGBOOK = "eye-of-the-void/logbook.vcl"


@pytest.mark.asyncio
async def test_diagnostics_as_you_type_with_hint_link_and_related(client: LanguageClient):
    uri, text = doc(client, LOGBOOK)
    open_doc(client, uri, text)
    assert await settle(client, uri, lambda ds: True) == []
    change(client, uri, text.replace("-> log 206", "-> log 2066"), 2)
    [d] = await settle(client, uri, lambda ds: len(ds) == 1)
    assert (d.code, d.severity) == ("E200", lsp.DiagnosticSeverity.Error)
    assert d.range == lsp.Range(lsp.Position(24, 21), lsp.Position(24, 32))
    assert d.message.startswith("undefined log 2066\nhelp: did you mean 206?")
    page = Path(d.code_description.href.removeprefix("file://"))
    assert page.read_text().startswith("# E200 (error)")
    # The page is the catalogue's entry, its example with it.
    assert "-> log 99  // expect: E200" in page.read_text()
    assert (d.data["applicability"], d.data["fixes"]) == ("fix", ["206"])
    # The unsaved buffer is checked, not the file on disk.
    assert "-> log 2066" not in (client.root / LOGBOOK).read_text()
    change(client, uri, text + '\nlog 206 "Again" {\n  return\n}\n', 3)
    [dup] = await settle(client, uri, lambda ds: len(ds) == 1 and ds[0].code != "E200")
    assert dup.related_information[0].location.uri == uri
    assert dup.related_information[0].location.range.start.line == 36
    change(client, uri, text, 4)
    assert await settle(client, uri, lambda ds: not ds) == []


@pytest.mark.asyncio
async def test_definition_and_references_of_logs_cards_locations_and_sectors(client: LanguageClient):
    uri, text = await opened(client, LOGBOOK)

    async def definition(uri, position):
        return await client.text_document_definition_async(
            lsp.DefinitionParams(lsp.TextDocumentIdentifier(uri), position))

    [goto] = await definition(uri, at(text, "-> log 206", 8))
    assert (goto.uri, goto.range.start.line) == (uri, 36)
    [markup] = await definition(uri, at(text, "{log 505}", 2))
    assert markup.range.start.line == text[:text.index("log 505 ")].count("\n")
    [card] = await definition(uri, at(text, "{card P101}", 7))
    assert card.uri.endswith("poi.vcl")
    label = await definition(uri, at(text, "-> log @wake_up", 9))
    assert label[0].range.start.line == 14

    planet_uri, planet = doc(client, "eye-of-the-void/planet.vcl")
    [poi] = await definition(planet_uri, at(planet, "poi P100", 5))
    assert poi.uri.endswith("poi.vcl")
    [sector] = await definition(planet_uri, at(planet, "path 1 <-> 5", 11))
    assert sector.range.start.line == at(planet, "sector 5 {").line

    poi_uri, poi_text = doc(client, "eye-of-the-void/poi.vcl")
    [track] = await definition(poi_uri, at(poi_text, "progress red", 10))
    assert track.range.start.line == at(poi_text, "track red 4").line
    track_refs = await client.text_document_references_async(lsp.ReferenceParams(
        text_document=lsp.TextDocumentIdentifier(poi_uri), position=at(poi_text, "track green 4", 1),
        context=lsp.ReferenceContext(include_declaration=False)))
    assert [r.range.start.line for r in track_refs] == [at(poi_text, "progress green").line]

    reach_uri, reach = doc(client, "tidal-reach/locations.vcl")
    [location] = await definition(reach_uri, at(reach, "north 102", 7))
    assert location.range.start.line == at(reach, 'location 102 "').line
    [vcard] = await definition(reach_uri, at(reach, "{card 1201}", 7))
    assert vcard.uri.endswith("cards.vcl")
    [text_location] = await definition(reach_uri, at(reach, "{location 140}", 11))
    assert text_location.range.start.line == at(reach, 'location 140 "').line

    refs = await client.text_document_references_async(lsp.ReferenceParams(
        text_document=lsp.TextDocumentIdentifier(uri), position=at(text, 'log 206 "', 5),
        context=lsp.ReferenceContext(include_declaration=True)))
    assert sorted((r.range.start.line, r.range.start.character) for r in refs) == [(24, 21), (36, 0)]


@pytest.mark.asyncio
async def test_hover_shows_title_first_sentence_and_label_number(client: LanguageClient):
    uri, text = await opened(client, LOGBOOK)
    hover = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri),
                                                                   at(text, "-> log @wake_up", 9)))
    assert hover.contents.value.splitlines()[0] == "**Log 879 (@wake_up)** · Wake-Up Call"
    assert "Your suit's medical unit injects something cold." in hover.contents.value
    assert "`@wake_up` is numbered 879" in hover.contents.value
    plain = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri),
                                                                   at(text, "-> log 206", 8)))
    assert plain.contents.value == ("**Log 206** · The Spire Remembers\n\n"
                                    "As you climb away, the spire below flares once, as if saying goodbye.\n\n"
                                    "Translations: de translated")


@pytest.mark.asyncio
async def test_hover_shows_the_translation_status_of_the_entry_in_each_language(client: LanguageClient):
    import polib

    po_path = client.root / "eye-of-the-void" / "locale" / "de.po"
    po = polib.pofile(str(po_path))
    po.find("log 206/title", by="msgctxt").flags.append("fuzzy")
    po.find("log 207/title", by="msgctxt").msgstr = ""
    po.save(str(po_path))
    shutil.copy(po_path, po_path.with_name("pl.po"))
    uri, text = await opened(client, LOGBOOK)

    async def said(needle: str) -> str:
        hover = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri),
                                                                       at(text, needle, 8)))
        return hover.contents.value.splitlines()[-1]
    assert await said("-> log 206") == "Translations: de fuzzy · pl fuzzy"
    assert await said("-> log 207") == "Translations: de missing · pl missing"
    assert await said("-> log 229") == "Translations: de translated · pl translated"


@pytest.mark.asyncio
async def test_completion_of_verbs_arguments_ids_and_numbers(client: LanguageClient):
    uri, text = await opened(client, LOGBOOK)
    edited = text.replace("  else -> log 207\n", "  else -> log \n  gain \n  gain injury \n")
    change(client, uri, edited, 2)
    await settle(client, uri, lambda ds: len(ds) > 0)

    async def labels(needle, offset):
        result = await client.text_document_completion_async(lsp.CompletionParams(
            lsp.TextDocumentIdentifier(uri), at(edited, needle, offset)))
        return {item.label: item.detail for item in result.items}

    logs = await labels("else -> log ", 12)
    assert logs["206"] == "The Spire Remembers" and logs["@wake_up"] == "Wake-Up Call (log 879)"
    verbs = await labels("  gain \n", 2)
    assert "gain" in verbs and "suffer" not in verbs and "choice" in verbs
    gains = await labels("  gain \n", 7)
    assert {"success", "supplies", "injury", "unique"} <= set(gains)
    injuries = await labels("gain injury ", 12)
    assert injuries == {'"Just a Scratch!"': "Just a Scratch!"}


@pytest.mark.asyncio
async def test_rename_a_label_across_its_uses(client: LanguageClient):
    uri, text = await opened(client, LOGBOOK)
    where = at(text, 'log @wake_up "', 6)
    prepared = await client.text_document_prepare_rename_async(
        lsp.PrepareRenameParams(lsp.TextDocumentIdentifier(uri), where))
    assert prepared == lsp.Range(lsp.Position(14, 4), lsp.Position(14, 12))
    edit = await client.text_document_rename_async(
        lsp.RenameParams(lsp.TextDocumentIdentifier(uri), where, "@coming_to"))
    renamed = apply(text, edit.changes[uri])
    assert renamed.count("@coming_to") == 2 and "@wake_up" not in renamed
    change(client, uri, renamed, 2)
    assert await settle(client, uri, lambda ds: not ds) == []


@pytest.mark.asyncio
async def test_document_and_workspace_symbols(client: LanguageClient):
    uri, text = await opened(client, "eye-of-the-void/planet.vcl")
    symbols = await client.text_document_document_symbol_async(
        lsp.DocumentSymbolParams(lsp.TextDocumentIdentifier(uri)))
    assert [s.name for s in symbols] == ["Planet eye_of_the_void The Eye of the Void",
                                         "Planet inner_hull The Inner Hull"]
    assert symbols[0].children[1].name == "Sector 2 Crash Site"
    found = await client.workspace_symbol_async(lsp.WorkspaceSymbolParams(query="spire"))
    assert {s.name for s in found} >= {"Log 206 The Spire Remembers", "Sector 7 Humming Spire"}


@pytest.mark.asyncio
async def test_quick_fix_for_a_did_you_mean_hint(client: LanguageClient):
    uri, text = doc(client, LOGBOOK)
    broken = text.replace("-> log 206", "-> log 2066").replace("gain success 2", "gian success 2")
    open_doc(client, uri, broken)
    diagnostics = await settle(client, uri, lambda ds: len(ds) == 2)
    actions = await client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=lsp.TextDocumentIdentifier(uri), range=lsp.Range(lsp.Position(0, 0), lsp.Position(200, 0)),
        context=lsp.CodeActionContext(diagnostics)))
    assert [a.title for a in actions] == ["Change 2066 to 206", "Change gian to gain"]
    fixed = apply(broken, [e for a in actions for e in a.edit.changes[uri]])
    assert fixed == text
    change(client, uri, fixed, 2)
    assert await settle(client, uri, lambda ds: not ds) == []


@pytest.mark.asyncio
async def test_inlay_hints_and_folding(client: LanguageClient):
    uri, text = await opened(client, LOGBOOK)
    hints = await client.text_document_inlay_hint_async(lsp.InlayHintParams(
        text_document=lsp.TextDocumentIdentifier(uri), range=lsp.Range(lsp.Position(0, 0), lsp.Position(200, 0))))
    shown = [(h.position.line, h.position.character, h.label) for h in hints]
    assert shown[:2] == [(11, 17, "= 879"), (14, 12, "= 879")]
    folds = await client.text_document_folding_range_async(lsp.FoldingRangeParams(lsp.TextDocumentIdentifier(uri)))
    assert (3, 12) in {(f.start_line, f.end_line) for f in folds}   # log 1 { ... }
    assert (4, 10) in {(f.start_line, f.end_line) for f in folds}   # its text """ ... """


@pytest.mark.asyncio
async def test_hostile_input_never_brings_the_server_down(client: LanguageClient):
    uri, text = doc(client, LOGBOOK)
    open_doc(client, uri, "log 1 \x00\x01\x02 binary")
    [binary] = await settle(client, uri, lambda ds: any(d.code == "E103" for d in ds))
    assert "binary" in binary.message
    change(client, uri, text[:len(text) // 2], 2)                     # half written
    await settle(client, uri, lambda ds: any(d.code.startswith("E1") for d in ds))
    change(client, uri, text + "// " + "x" * 10_000_000 + "\n", 3)    # 10 MB on one line
    await settle(client, uri, lambda ds: not any(d.code.startswith("E1") for d in ds))
    (client.root / LOGBOOK).unlink()                                 # deleted while open
    client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(
        [lsp.FileEvent(uri, lsp.FileChangeType.Deleted)]))
    change(client, uri, text, 4)
    assert await settle(client, uri, lambda ds: not ds) == []
    client.text_document_did_close(lsp.DidCloseTextDocumentParams(lsp.TextDocumentIdentifier(uri)))
    planet_uri, planet = doc(client, "eye-of-the-void/planet.vcl")
    open_doc(client, planet_uri, planet)
    await settle(client, planet_uri, lambda ds: any(d.code == "E200" for d in ds))
    hover = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(planet_uri),
                                                                   at(planet, "poi P100", 5)))
    assert hover.contents.value.startswith("**Poi P100** · Twisted Wreckage")


@pytest.mark.asyncio
async def test_a_workspace_with_no_pack(bare_client: LanguageClient):
    loose = bare_client.root / "notes.vcl"
    open_doc(bare_client, loose.as_uri(), 'log 1 "Alone" {\n  return\n}\n')
    [d] = await settle(bare_client, loose.as_uri(), lambda ds: len(ds) == 1)
    assert (d.code, d.range.start.line, d.range.start.character) == ("E111", 0, 0)
    hover = await bare_client.text_document_hover_async(lsp.HoverParams(
        lsp.TextDocumentIdentifier(loose.as_uri()), lsp.Position(0, 4)))
    assert hover is None
    other = bare_client.root / "elsewhere.txt"
    open_doc(bare_client, other.as_uri() + "x", "\x00")
    symbols = await bare_client.workspace_symbol_async(lsp.WorkspaceSymbolParams(query=""))
    assert symbols == []


def test_the_server_ends_when_its_editor_closes_the_pipe():
    import subprocess

    done = subprocess.run([sys.executable, "-m", "vcompiler", "lsp"], stdin=subprocess.DEVNULL,
                          capture_output=True, timeout=60)
    assert done.returncode == 0 and done.stdout == b""


# Requests at random places, on files of the workspace and on crafted addresses.
FUZZ_REQUESTS = 150
CRAFTED_URIS = ["file:///etc/passwd", "file:///proc/self/environ", "file://otherhost/share/pack.vcl",
                "file:///%00/x.vcl", "untitled:Untitled-1", "http://example.invalid/pack.vcl",
                "vscode-notebook-cell:/x.vcl#W0", "file:///../../../../etc/hosts", "file:", "", "file:///%FF%FE.vcl"]


async def fuzz_lsp(client: LanguageClient, outside: Path, requests: int, seed: int) -> dict:
    """Random edits and requests at random positions on files of the workspace, on a
    pack outside it and on crafted addresses: every answer must come back (an error
    response raises), and the server must still answer at the end."""
    import random
    rng = random.Random(seed)
    files = sorted(client.root.rglob("*.vcl"))
    texts = {f.as_uri(): f.read_text(encoding="utf-8") for f in files}
    uris = [*texts, *CRAFTED_URIS, (outside / "pack.vcl").as_uri()]
    versions: dict[str, int] = {}
    counts = {"requests": 0, "edits": 0}
    for _ in range(requests):
        uri = rng.choice(uris)
        text = texts.get(uri, "log 1 {\n  text \"x\"\n}\n")
        if uri not in versions:
            versions[uri] = 1
            open_doc(client, uri, text)
        line = rng.randrange(-2, text.count("\n") + 3)
        position = lsp.Position(max(0, line), rng.choice([0, 1, 5, 40, 10_000]))
        kind = rng.randrange(12)
        ident = lsp.TextDocumentIdentifier(uri)
        if kind == 0:
            lines = text.split("\n")
            at_line = rng.randrange(len(lines))
            lines.insert(at_line, rng.choice(["{", "}", '"', "log", "-> log 9999", "\x00", "é" * 50, "@x"]))
            texts[uri] = text = "\n".join(lines)
            versions[uri] += 1
            change(client, uri, text, versions[uri])
            counts["edits"] += 1
            continue
        whole = lsp.Range(lsp.Position(0, 0), position)
        if kind == 1:
            await client.text_document_hover_async(lsp.HoverParams(ident, position))
        elif kind == 2:
            await client.text_document_definition_async(lsp.DefinitionParams(ident, position))
        elif kind == 3:
            await client.text_document_references_async(lsp.ReferenceParams(
                context=lsp.ReferenceContext(include_declaration=True), text_document=ident, position=position))
        elif kind == 4:
            await client.text_document_completion_async(lsp.CompletionParams(ident, position))
        elif kind == 5:
            await client.text_document_prepare_rename_async(lsp.PrepareRenameParams(ident, position))
            await client.text_document_rename_async(lsp.RenameParams(ident, position, "renamed"))
        elif kind == 6:
            await client.text_document_document_symbol_async(lsp.DocumentSymbolParams(ident))
        elif kind == 7:
            await client.text_document_code_action_async(lsp.CodeActionParams(
                ident, whole, lsp.CodeActionContext(diagnostics=[])))
        elif kind == 8:
            await client.text_document_inlay_hint_async(lsp.InlayHintParams(ident, whole))
        elif kind == 9:
            await client.text_document_folding_range_async(lsp.FoldingRangeParams(ident))
        elif kind == 10:
            await client.text_document_semantic_tokens_full_async(lsp.SemanticTokensParams(ident))
        else:
            await client.text_document_semantic_tokens_range_async(lsp.SemanticTokensRangeParams(
                ident, lsp.Range(position, lsp.Position(position.line + rng.choice([0, 3, 10_000]), 0))))
        counts["requests"] += 1
    symbols = await client.workspace_symbol_async(lsp.WorkspaceSymbolParams(query="log"))
    assert isinstance(symbols, list)            # still answering (every pack may be broken by now)
    failures = await internal_errors(client)
    counts["internal_errors"] = failures["count"]
    counts["first_internal_errors"] = failures["first"][:3]
    return counts


async def internal_errors(client: LanguageClient) -> dict:
    """The failures the server caught (and so answered nothing for) since it started."""
    from vcompiler.lsp.server import INTERNAL_ERRORS
    answer = await client.protocol.send_request_async(INTERNAL_ERRORS, None)
    return {"count": answer["count"], "first": list(answer["first"])} if isinstance(answer, dict) else \
        {"count": answer.count, "first": list(answer.first)}


@pytest.mark.asyncio
async def test_random_requests_edits_and_crafted_addresses_never_fail_or_read_outside(client: LanguageClient,
                                                                                      tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    (outside / "pack.vcl").write_text('pack secret {\n  game vanguard\n  title "Secret"\n  version "1"\n'
                                      '  start log 1\n}\nlog 1 "Secret" {\n  -> log 4040\n}\n', encoding="utf-8")
    counts = await fuzz_lsp(client, outside, FUZZ_REQUESTS, seed=8)
    assert counts["requests"] > FUZZ_REQUESTS // 2
    assert counts["internal_errors"] == 0, counts["first_internal_errors"]
    # A last edit in the workspace, checked: every check before it has been published.
    uri, text = doc(client, LOGBOOK)
    change(client, uri, text + "\nlog 9001 \"Last\" {\n  -> log 9999\n}\n", 10_000)
    await settle(client, uri, lambda ds: any(d.code == "E200" and "9999" in d.message for d in ds))
    # Nothing outside the workspace was checked: its pack (with an undefined log) is never read.
    root = client.root.parent
    assert all(Path(u[len("file://"):]).is_relative_to(root) for u in client.diagnostics if u.startswith("file://"))
    assert not any("4040" in d.message for ds in client.diagnostics.values() for d in ds)


def test_a_handler_that_raises_is_logged_and_counted_for_the_fuzz(caplog):
    from vcompiler.lsp import server as lsp_server

    @lsp_server._safe(default=[])
    def broken(ls, params):
        raise KeyError("no such thing")

    before = lsp_server.internal_errors(lsp_server.server, None)["count"]
    assert broken(lsp_server.server, None) == []
    after = lsp_server.internal_errors(lsp_server.server, None)
    assert after["count"] == before + 1
    assert any("broken: KeyError: 'no such thing'" == f for f in after["first"])
    assert "broken failed" in caplog.text


def test_a_link_planted_among_the_rule_pages_is_replaced_not_written_through(tmp_path, monkeypatch):
    from vcompiler import __version__
    from vcompiler.lsp import server

    monkeypatch.setenv("VCOMPILER_CACHE_DIR", str(tmp_path / "cache"))
    pages = tmp_path / "cache" / f"rules-{__version__}"
    pages.mkdir(parents=True, mode=0o700)
    (tmp_path / "cache").chmod(0o700)
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    (pages / "E100.md").symlink_to(victim)
    found = server._rule_pages()
    assert victim.read_text() == "mine"
    assert not (pages / "E100.md").is_symlink() and (pages / "E100.md").read_text().startswith("# E100")
    assert found["E100"] == (pages / "E100.md").as_uri()


def test_a_change_after_a_quiet_spell_is_checked_at_once_and_a_burst_waits_for_the_typing_to_stop(monkeypatch):
    import asyncio

    from vcompiler.lsp import server as module

    delays: list[float] = []

    class Loop:
        def call_later(self, delay, callback):
            delays.append(delay)

    monkeypatch.setattr(asyncio, "get_running_loop", lambda: Loop())
    clock = [100.0]
    monkeypatch.setattr(module.time, "monotonic", lambda: clock[0])
    ls = module.VclServer()
    ls.schedule()                       # the first change of the session
    for _ in range(3):                  # a burst, 30 ms apart
        clock[0] += 0.03
        ls.schedule()
    clock[0] += 1.0                     # a quiet second, then one edit
    ls.schedule()
    ls.checking = 1                     # a change while a check runs waits its turn
    clock[0] += 1.0
    ls.schedule()
    assert delays == [0, *[module.DEBOUNCE_SECONDS] * 3, 0, module.DEBOUNCE_SECONDS]


@pytest.mark.asyncio
async def test_entry_at_names_the_entry_the_cursor_is_in(client: LanguageClient):
    from vcompiler.lsp.server import ENTRY_AT

    uri, text = await opened(client, "eye-of-the-void/logbook.vcl")

    async def entry(position: lsp.Position) -> dict | None:
        where = {"line": position.line, "character": position.character}
        answer = await client.protocol.send_request_async(ENTRY_AT, {"textDocument": {"uri": uri}, "position": where})
        return answer if answer is None or isinstance(answer, dict) else dict(answer._asdict())

    inside = await entry(at(text, "As you climb away"))
    assert inside is not None and inside["anchor"] == "log-206" and inside["kind"] == "log"
    assert inside["title"] == "Log 206 The Spire Remembers" and inside["line"] == at(text, 'log 206 "').line
    assert (await entry(lsp.Position(0, 0))) is None                 # the file's opening comment
    uri, text = await opened(client, "eye-of-the-void/poi.vcl")
    poi = await entry(at(text, "P104"))
    assert poi is not None and poi["anchor"] == "poi-P104"
