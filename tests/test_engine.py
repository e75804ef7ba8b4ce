"""The resident checker: after any edit, its results are what a cold check of the same
text gives."""

from vcompiler.compile import compile_pack
from vcompiler.engine import Workspace


def _same_as_cold(workspace: Workspace) -> None:
    for result in workspace.check():
        cold = compile_pack(result.folder)
        assert result.diagnostics == cold.diagnostics
        assert (result.pack is None) == (cold.pack is None)


def test_saved_edits_deleted_and_new_files_match_a_cold_check(pack_copy):
    pack = pack_copy("eye-of-the-void")
    workspace = Workspace([pack.parent])
    assert [r.diagnostics for r in workspace.check()] == [()]
    logbook = pack / "logbook.vcl"
    logbook.write_text(logbook.read_text().replace("-> log 206", "-> log 2066"))
    workspace.files_changed([logbook])
    _same_as_cold(workspace)
    assert [d.code.id for d in workspace.check()[0].diagnostics] == ["E200"]
    (pack / "cards.vcl").unlink()
    workspace.files_changed([pack / "cards.vcl"])
    _same_as_cold(workspace)
    (pack / "extra.vcl").write_text('log 900 "Extra" {\n  -> log 9999\n}\n')
    workspace.files_changed([pack / "extra.vcl"])
    _same_as_cold(workspace)
    assert any(d.span.file.endswith("extra.vcl") for d in workspace.check()[0].diagnostics)


def test_buffers_are_checked_instead_of_the_files(pack_copy):
    pack = pack_copy("eye-of-the-void")
    logbook = pack / "logbook.vcl"
    workspace = Workspace([pack])
    workspace.set_buffer(logbook, logbook.read_text().replace("-> log 206", "-> log 2066"))
    [result] = workspace.check()
    assert [(d.code.id, d.span.line, d.span.column) for d in result.diagnostics] == [("E200", 25, 22)]
    assert logbook.read_text().count("-> log 206\n") == 1
    workspace.drop_buffer(logbook)
    assert workspace.check()[0].diagnostics == ()


def test_binary_half_written_and_packless_buffers_give_diagnostics(tmp_path, pack_copy):
    pack = pack_copy("tidal-reach")
    workspace = Workspace([pack])
    workspace.set_buffer(pack / "cards.vcl", "card 12\x00\x01")
    [binary] = [d for d in workspace.check()[0].diagnostics if d.span.file.endswith("cards.vcl")]
    assert (binary.code.id, binary.message) == ("E103", "the file is binary, not text")
    workspace.set_buffer(pack / "cards.vcl", 'card 1201 item "Driftwood Spear" {\n  vertical\n  boost')
    assert any(d.code.id.startswith("E1") for d in workspace.check()[0].diagnostics)
    loose = tmp_path / "loose" / "notes.vcl"
    loose.parent.mkdir()
    workspace.set_buffer(loose, 'log 1 "Alone" {\n  return\n}\n')
    by_folder = {r.folder: r for r in workspace.check()}
    assert loose.parent.resolve() not in by_folder         # the folder around it is not read as a pack
    assert by_folder[loose.resolve()].pack is None
    assert [(d.code.id, d.span.line) for d in by_folder[loose.resolve()].diagnostics] == [("E111", 1)]
    assert by_folder[loose.resolve()].sources[by_folder[loose.resolve()].diagnostics[0].span.file].text \
        .startswith('log 1 "Alone"')


GRAPH_PACK = '''pack loops {
  game vanguard
  title "Loops"
  version "0.1.0"
  start log 1
}

log 1 "Start" {
  choice "Left" -> log 2
  choice "Right" -> log 3
}

log 2 "Left" {
  return
}

log 3 "Right" {
  text "A wreck: {card P101}."
  return
}

poi P101 "Wreck" {
  biomes tutorial
  action "Search" {
    outcome green: scouting => gain success 1
    outcome red => spend die
  }
}
'''


def test_the_graph_warnings_follow_the_edits(tmp_path):
    """Edits that make and break a loop, leave a log unreachable, a card unused and a
    log without a way out: after each, the kept graph gives what a cold check gives."""
    pack = tmp_path / "loops"
    pack.mkdir()
    main = pack / "pack.vcl"
    main.write_text(GRAPH_PACK)
    workspace = Workspace([pack])
    steps = [
        (GRAPH_PACK, []),
        (GRAPH_PACK.replace('  choice "Right" -> log 3', '  choice "Right" -> log 2'), ["W400"]),
        (GRAPH_PACK.replace("log 2 \"Left\" {\n  return", "log 2 \"Left\" {\n  -> log 4")
         + 'log 4 "Round" {\n  -> log 2\n}\n', ["W404"]),
        (GRAPH_PACK.replace("log 2 \"Left\" {\n  return", "log 2 \"Left\" {\n  -> log 4")
         + 'log 4 "Round" {\n  -> log 2\n}\n'.replace("-> log 2", "return"), []),
        (GRAPH_PACK.replace("log 2 \"Left\" {\n  return", "log 2 \"Left\" {\n  gain success 1"), ["E401"]),
        (GRAPH_PACK.replace("{card P101}", "nothing"), ["W402"]),
        (GRAPH_PACK, []),
    ]
    for text, codes in steps:
        workspace.set_buffer(main, text)
        [result] = workspace.check()
        main.write_text(text)
        assert [d.code.id for d in result.diagnostics] == codes
        assert result.diagnostics == compile_pack(pack).diagnostics
        workspace.drop_buffer(main)


def test_settle_freezes_what_a_check_keeps_and_frees_frozen_cycles_in_time(monkeypatch):
    import gc
    import weakref

    from vcompiler import engine

    class Node:
        pass

    cycle = Node()
    cycle.me = cycle
    alive = weakref.ref(cycle)
    monkeypatch.setattr(engine, "FULL_COLLECTION_EVERY", 3)
    monkeypatch.setattr(engine, "_settled", 0)
    try:
        engine.settle()
        assert gc.get_freeze_count() > 0
        del cycle
        engine.settle()
        assert alive() is not None      # frozen while it was alive: the young collection skips it
        engine.settle()
        assert alive() is None          # the third settle collects everything, unfrozen
    finally:
        gc.unfreeze()


def test_graph_warnings_beside_errors_follow_the_edits(tmp_path):
    """Errors come and go beside graph warnings: what each explains (a did-you-mean
    target, what a broken declaration mentions, a loop a wrong goto may leave) is
    spared, the rest is reported, after each edit as by a cold check."""
    from test_graph import PLANTED
    pack = tmp_path / "planted"
    pack.mkdir()
    main = pack / "pack.vcl"
    main.write_text(PLANTED)
    workspace = Workspace([pack])
    fixed_typo = PLANTED.replace("-> log 122", "-> log 12")
    fixed_parse = fixed_typo.replace('choice "x" -> 13', 'choice "x" -> log 13')
    fixed_loop = fixed_parse.replace('choice "Out" -> log 99', 'choice "Out" -> log 62')
    unrelated = {("W400", 26), ("W402", 51), ("W404", 28), ("W404", 30)}
    steps = [
        (PLANTED, unrelated),
        (fixed_typo, unrelated),
        (fixed_parse, unrelated),
        # `-> log 62` still leads to nothing: the loop of logs 60 and 61 is spared ...
        (fixed_loop, unrelated),
        # ... until log 62 is there and leads back into it.
        (fixed_loop + 'log 62 "Round" { -> log 60 }\n', unrelated | {("W404", 32)}),
        (PLANTED, unrelated),
    ]
    for text, warnings in steps:
        workspace.set_buffer(main, text)
        [result] = workspace.check()
        main.write_text(text)
        graph = {(d.code.id, d.span.line) for d in result.diagnostics if d.code.id in ("W400", "W402", "W404")}
        assert graph == warnings
        assert result.diagnostics == compile_pack(pack).diagnostics
        workspace.drop_buffer(main)


def test_an_index_made_from_the_last_one_is_a_fresh_index_and_reuses_only_unchanged_logs(pack_copy):
    from vcompiler.engine.index import Index
    pack = pack_copy("eye-of-the-void")
    logbook = pack / "logbook.vcl"
    workspace = Workspace([pack])
    first = Index(workspace.check()[0])
    text = logbook.read_text()
    # A title and a goto changed: both show in the index; the other logs' definitions
    # are taken over as they were.
    edited = text.replace('"Wake-Up Call"', '"Rude Awakening"').replace("-> log 206", "-> log 207")
    workspace.set_buffer(logbook, edited)
    result = workspace.check()[0]
    second, cold = Index(result, first), Index(result)
    assert second.definitions == cold.definitions and second.mentions == cold.mentions
    titles = [d.title for d in second.definitions]
    assert "Rude Awakening" in titles and "Wake-Up Call" not in titles
    before = {id(d) for d in first.definitions}
    taken = [d for d in second.definitions if id(d) in before]
    assert taken and len(taken) < len([d for d in second.definitions if d.kind == "log"])
    # A label renamed renumbers nothing here, but every mention is read again.
    workspace.set_buffer(logbook, text.replace("@hidden_chamber", "@secret_chamber"))
    result = workspace.check()[0]
    third, cold = Index(result, second), Index(result)
    assert third.definitions == cold.definitions and third.mentions == cold.mentions
    assert any(m.label == "secret_chamber" for m in third.mentions)
