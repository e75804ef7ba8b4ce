"""Formatting through the language server (pytest-lsp), as an editor asks for it: the
whole document, a range, and a document that does not parse."""
import sys

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from vcompiler.fmt import format_text

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "vcompiler", "lsp"])

MESSY = """pack demo { game vanguard; title "Demo"; version "1"
  start log 1 }
log 1 "One" { text "A" ; -> log 2   // first
}
log 2 "Two" {
      gain success 1 ;   end exploration
}
"""


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient, tmp_path_factory):
    root = tmp_path_factory.mktemp("workspace")
    (root / "demo").mkdir()
    lsp_client.root = root / "demo"
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=root.as_uri(),
        workspace_folders=[lsp.WorkspaceFolder(root.as_uri(), root.name)]))
    yield
    await lsp_client.shutdown_session()


def _open(client: LanguageClient, text: str) -> str:
    uri = (client.root / "pack.vcl").as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "vcl", 1, text)))
    return uri


def _apply(text: str, edits: list[lsp.TextEdit]) -> str:
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def at(position: lsp.Position) -> int:
        return offsets[position.line] + position.character
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:at(edit.range.start)] + edit.new_text + text[at(edit.range.end):]
    return text


@pytest.mark.asyncio
async def test_formatting_the_document_gives_the_formatter_s_text(client: LanguageClient):
    uri = _open(client, MESSY)
    options = lsp.FormattingOptions(tab_size=2, insert_spaces=True)
    edits = await client.text_document_formatting_async(
        lsp.DocumentFormattingParams(lsp.TextDocumentIdentifier(uri), options))
    formatted = _apply(MESSY, edits)
    assert formatted == format_text(MESSY).text
    assert formatted.splitlines()[:7] == ["pack demo {", '  game vanguard', '  title "Demo"', '  version "1"',
                                          "  start log 1", "}", ""]
    assert 'log 1 "One" {  // first' in formatted.splitlines()
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
        [lsp.TextDocumentContentChangeWholeDocument(formatted)]))
    again = await client.text_document_formatting_async(
        lsp.DocumentFormattingParams(lsp.TextDocumentIdentifier(uri), options))
    assert again is not None and list(again) == []


@pytest.mark.asyncio
async def test_range_formatting_formats_only_the_declarations_the_range_touches(client: LanguageClient):
    uri = _open(client, MESSY)
    options = lsp.FormattingOptions(tab_size=2, insert_spaces=True)
    # A selection inside log 2's body (line 5, 0-based).
    edits = await client.text_document_range_formatting_async(lsp.DocumentRangeFormattingParams(
        lsp.TextDocumentIdentifier(uri), lsp.Range(lsp.Position(5, 2), lsp.Position(5, 8)), options))
    assert [(e.range.start.line, e.range.end.line) for e in edits] == [(4, 6)]
    after = _apply(MESSY, edits).splitlines()
    assert after[:4] == MESSY.splitlines()[:4]          # the pack and log 1 as they were
    assert after[4:] == ['log 2 "Two" {', "  gain success 1", "  end exploration", "}"]
    # Whole lines selected from the pack's first line up to the start of log 1's last.
    edits = await client.text_document_range_formatting_async(lsp.DocumentRangeFormattingParams(
        lsp.TextDocumentIdentifier(uri), lsp.Range(lsp.Position(0, 0), lsp.Position(3, 0)), options))
    assert [(e.range.start.line, e.range.end.line) for e in edits] == [(0, 1), (2, 3)]
    after = _apply(MESSY, edits).splitlines()
    assert after[:10] == ["pack demo {", '  game vanguard', '  title "Demo"', '  version "1"', "  start log 1", "}",
                          'log 1 "One" {  // first', '  text "A"', "  -> log 2", "}"]
    assert after[10:] == MESSY.splitlines()[4:]


@pytest.mark.asyncio
async def test_a_document_with_a_syntax_error_is_not_formatted(client: LanguageClient):
    uri = _open(client, MESSY.replace("end exploration", "end exploration }}"))
    options = lsp.FormattingOptions(tab_size=2, insert_spaces=True)
    assert await client.text_document_formatting_async(
        lsp.DocumentFormattingParams(lsp.TextDocumentIdentifier(uri), options)) is None
    assert await client.text_document_range_formatting_async(lsp.DocumentRangeFormattingParams(
        lsp.TextDocumentIdentifier(uri), lsp.Range(lsp.Position(0, 0), lsp.Position(1, 0)), options)) is None


def test_declarations_that_share_a_line_are_formatted_together():
    from vcompiler.lsp.formatting import range_edits

    text = 'log 1 {\n  return\n}\nlog 2 { return }   log 3 {\n    return\n}\nlog 4 {\n      return\n}\n'
    edits = range_edits(text, "t.vcl", 3, 3)
    assert [(e.range.start.line, e.range.end.line) for e in edits] == [(3, 5)]
    assert edits[0].new_text == 'log 2 { return }\n\nlog 3 {\n  return\n}'
