"""The language server's answers about the language's own words and the details of a
pack (pytest-lsp, over stdio): a label rename that carries numbers.lock with it, hover on
keywords and effect verbs, completion of exits, skills and cards, definition of a
starred exit, and semantic tokens."""
import asyncio
import json

import pytest
import test_lsp
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient
from test_lsp import LOGBOOK, apply, at, change, opened, settle

from vcompiler.lsp.features import starred_exit
from vcompiler.lsp.tokens import TYPES, word_at

client = test_lsp.client      # the fixture: a server on a copy of the shipped packs

LOCATIONS = "tidal-reach/locations.vcl"


def ident(uri: str) -> lsp.TextDocumentIdentifier:
    return lsp.TextDocumentIdentifier(uri)


@pytest.mark.asyncio
async def test_rename_of_a_label_carries_its_number_in_numbers_lock(client: LanguageClient):
    uri, text = await opened(client, LOGBOOK)
    lock = client.root / "eye-of-the-void" / "numbers.lock"
    edit = await client.text_document_rename_async(
        lsp.RenameParams(ident(uri), at(text, 'log @wake_up "', 6), "coming_to"))
    assert set(edit.changes) == {uri, lock.as_uri()}
    [lock_edit] = edit.changes[lock.as_uri()]
    assert lock_edit.range == lsp.Range(lsp.Position(2, 2), lsp.Position(2, 11))
    renamed_lock = apply(lock.read_text(), edit.changes[lock.as_uri()])
    assert json.loads(renamed_lock) == {"hidden_chamber": 858, "coming_to": 879}
    # Applied as an editor applies it (the lock saved, the log in its buffer), the log
    # keeps its number.
    lock.write_text(renamed_lock)
    client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(
        [lsp.FileEvent(lock.as_uri(), lsp.FileChangeType.Changed)]))
    renamed = apply(text, edit.changes[uri])
    change(client, uri, renamed, 2)

    async def checked() -> str:
        while True:
            hover = await client.text_document_hover_async(
                lsp.HoverParams(ident(uri), at(renamed, "-> log @coming_to", 9)))
            if hover is not None and "@coming_to" in hover.contents.value:
                return hover.contents.value
            await asyncio.sleep(0.05)
    assert "`@coming_to` is numbered 879" in await asyncio.wait_for(checked(), timeout=60)
    assert await settle(client, uri, lambda ds: True) == []


@pytest.mark.asyncio
async def test_rename_to_a_name_no_label_can_have_is_an_error_with_a_message(client: LanguageClient):
    uri, text = await opened(client, LOGBOOK)
    where = at(text, 'log @wake_up "', 6)
    with pytest.raises(JsonRpcException, match=r"`9lives` cannot be a label"):
        await client.text_document_rename_async(lsp.RenameParams(ident(uri), where, "9lives"))
    with pytest.raises(JsonRpcException, match=r"@hidden_chamber is already the label of log 858"):
        await client.text_document_rename_async(lsp.RenameParams(ident(uri), where, "@hidden_chamber"))


@pytest.mark.asyncio
async def test_hover_on_keywords_and_effect_verbs_shows_the_registry_words(client: LanguageClient):
    uri, text = await opened(client, LOCATIONS)

    async def hover(needle: str, offset: int) -> lsp.Hover:
        return await client.text_document_hover_async(lsp.HoverParams(ident(uri), at(text, needle, offset)))

    gain = await hover("      gain skill lore", 8)
    assert gain.range == lsp.Range(at(text, "      gain skill lore", 6), at(text, "      gain skill lore", 10))
    assert gain.contents.value.startswith("**gain** (effect)")
    assert "| `gain skill (SKILL)` | `gain skill climbing` | Gain 1 [skill] climbing skill. |" in gain.contents.value
    # A vanguard-only form is not offered in a vantage pack.
    assert "gain success" not in gain.contents.value
    has = await hover("if has card 1202", 4)
    assert "| `if has card N` | if you have card N |" in has.contents.value
    # On an exit with a number the location is the answer (the hover of its reference).
    north = await hover("  north *", 3)
    assert "the exit to the north" in north.contents.value
    # Words in strings and comments are prose.
    assert await hover("A number on a compass point", 3) is None


@pytest.mark.asyncio
async def test_completion_of_compass_exits_skills_and_has_card(client: LanguageClient):
    uri, text = await opened(client, LOCATIONS)
    edited = text.replace("  north 102 walk\n", "  north \n  look \"Peer\" cost 1 skill \n      if has card \n", 1)
    change(client, uri, edited, 2)
    await settle(client, uri, lambda ds: len(ds) > 0)

    async def labels(needle: str, offset: int) -> dict[str, str | None]:
        result = await client.text_document_completion_async(
            lsp.CompletionParams(ident(uri), at(edited, needle, offset)))
        return {item.label: item.detail for item in result.items}

    exits = await labels("  north \n", 8)
    assert exits["*"] == "the depart entry of this exit"
    assert exits["102"] == "Dune Crest" and exits["103"] == "Gull Rookery"
    assert all(label == "*" or label.isdigit() for label in exits)
    skills = await labels("cost 1 skill \n", 13)
    assert set(skills) == {"bargaining", "charm", "climbing", "crafting", "fire", "gathering", "lore", "rowing",
                           "scouting", "strength", "swimming", "tracking", "wading"}
    cards = await labels("if has card \n", 12)
    assert cards["1202"] == "Tide Lantern" and cards["1601"] == "Relight the Lighthouse"
    assert "101" not in cards
    # A vanguard pack has no compass exits and no skills.
    log_uri, log_text = await opened(client, LOGBOOK)
    logbook = log_text.replace("  return\n", "  north \n  skill \n", 1)
    change(client, log_uri, logbook, 2)
    await settle(client, log_uri, lambda ds: len(ds) > 0)
    for needle in ("  north \n", "  skill \n"):
        result = await client.text_document_completion_async(
            lsp.CompletionParams(ident(log_uri), at(logbook, needle, len(needle) - 1)))
        assert not {item.label for item in result.items} & {"*", "climbing"}


@pytest.mark.asyncio
async def test_definition_of_a_starred_exit_opens_its_depart_entry(client: LanguageClient):
    uri, text = await opened(client, LOCATIONS)
    depart = (client.root / "tidal-reach" / "depart.vcl")
    departs = depart.read_text()
    [north] = await client.text_document_definition_async(lsp.DefinitionParams(ident(uri), at(text, "  north *", 8)))
    assert north.uri == depart.as_uri()
    assert north.range.start == at(departs, "depart 103 north")
    [east] = await client.text_document_definition_async(lsp.DefinitionParams(ident(uri), at(text, "  east *", 2)))
    assert east.range.start == at(departs, "depart 101 east")
    # An exit with a number goes to that location, as before.
    [walk] = await client.text_document_definition_async(
        lsp.DefinitionParams(ident(uri), at(text, "  east 105 walk", 2)))
    assert (walk.uri, walk.range.start) == (uri, at(text, 'location 105 "'))


def decoded(data: list[int], text: str) -> dict[tuple[int, int], tuple[str, str]]:
    """(line, column) -> (the token's text, its type)."""
    lines = text.split("\n")
    out = {}
    line = column = 0
    for i in range(0, len(data), 5):
        delta_line, delta_column, length, kind, _ = data[i:i + 5]
        line += delta_line
        column = column + delta_column if delta_line == 0 else delta_column
        out[(line, column)] = (lines[line][column:column + length], TYPES[kind])
    return out


@pytest.mark.asyncio
async def test_semantic_tokens_of_keywords_numbers_strings_labels_references_comments(client: LanguageClient):
    uri, text = await opened(client, LOGBOOK)
    tokens = decoded((await client.text_document_semantic_tokens_full_async(
        lsp.SemanticTokensParams(ident(uri)))).data, text)

    def token(needle: str, offset: int = 0) -> tuple[str, str]:
        position = at(text, needle, offset)
        return tokens[(position.line, position.character)]

    assert token("// The logbook.") == ("// The logbook. Numbers are fixed where the board or a card prints them;",
                                        "comment")
    assert token('log 20 "Impact"') == ("log", "keyword")
    assert token('log 20 "Impact"', 4) == ("20", "number")
    assert token('log 20 "Impact"', 7) == ('"Impact"', "string")
    # A long string: one token a line, from its text on.
    assert token("  The proximity alarm", 2) == ("The proximity alarm is the last clear sound you remember. "
                                                 "Then the dark hull", "string")
    assert token("-> log @wake_up", 7) == ("@wake_up", "label")
    assert token("log @wake_up", 4) == ("@wake_up", "label")
    assert token("if checked log 410 -> log 206", 26) == ("206", "variable")
    assert token("if checked log 410 -> log 206") == ("if", "keyword")
    assert token("  end exploration", 2) == ("end", "function")
    # Every token lies inside its line.
    lines = text.split("\n")
    assert all(column + len(shown) <= len(lines[line]) for (line, column), (shown, _) in tokens.items())


@pytest.mark.asyncio
async def test_semantic_tokens_of_a_range_are_those_of_the_whole_document_there(client: LanguageClient):
    uri, text = await opened(client, LOGBOOK)
    whole = decoded((await client.text_document_semantic_tokens_full_async(
        lsp.SemanticTokensParams(ident(uri)))).data, text)
    # From inside a long string to the middle of the next log: read from the entry's start.
    first, last = at(text, "fills the viewport").line, at(text, "if checked log 410").line
    shown = decoded((await client.text_document_semantic_tokens_range_async(lsp.SemanticTokensRangeParams(
        ident(uri), lsp.Range(lsp.Position(first, 0), lsp.Position(last, 0))))).data, text)
    assert shown == {where: token for where, token in whole.items() if first <= where[0] <= last}
    assert shown[(first, 2)] == ("fills the viewport, and the world turns over.", "string")
    assert shown[at(text, '"Lift-Off"').line, 8] == ('"Lift-Off"', "string")


def test_the_word_under_the_cursor_is_never_one_of_a_string_or_a_comment():
    lines = ['log 1 "Gain" {\n', '  text """\n', '  you gain a card\n', '  """\n', '  gain success 1 // gain\n', '}\n']
    assert word_at(lines, 2, 7) is None                     # a long string's line
    assert word_at(lines, 0, 8) is None                     # a one-line string
    assert word_at(lines, 4, 21) is None                    # a comment
    assert word_at(lines, 4, 3) == ("gain", 2, 6)
    assert word_at(lines, 4, 6) == ("gain", 2, 6)           # just after it, as an editor's cursor stands
    assert word_at(lines, 4, 7) == ("success", 7, 14)
    assert word_at(lines, 4, 15) is None                    # a number
    assert word_at(lines, 0, 0) == ("log", 0, 3)


def test_a_starred_exit_is_keyed_by_the_location_it_is_in():
    lines = ["location 7 \"Cove\" {\n", "  text \"x\"\n", "  west *  // the cliff\n", "}\n", "  north *\n"]
    assert starred_exit(lines, 2, 2) == (7, "west")
    assert starred_exit(lines, 2, 8) == (7, "west")             # just after the star
    assert starred_exit(lines, 2, 12) is None                   # in its comment
    assert starred_exit(lines, 1, 3) is None                    # not an exit
    assert starred_exit(lines, 4, 3) is None                    # outside any location
    assert starred_exit(lines, 9, 0) is None
