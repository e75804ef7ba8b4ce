"""Every statement of a pack that checks clean reaches its bundle: each part of the
parse tree (a declaration, a line of a block, a row, one effect of a list) is taken
out in turn, its text blanked so that every other position stays, and then either the
bundle changes or the check reports an error. A part whose removal changes nothing
was lost between the source and bundle.json without a word (a sector's second log, a
condition beside the board's own): the shipped packs and generated ones have none."""
import json
import os
import shutil
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.exceptions import UnexpectedInput
from test_check_then_build import vanguard_pack, vantage_pack

from conftest import CONTENT
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle
from vcompiler.parse.cache import ParseCache
from vcompiler.parse.parsers import grammar


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(grammar(), parser="lalr", lexer="contextual", maybe_placeholders=True, propagate_positions=True)


def _parts(text: str) -> list[tuple[int, int]]:
    """Where each part of the file's parse tree stands, as offsets; a part that is
    all of its parent (an effect that is its whole list) once."""
    spans = {(t.meta.start_pos, t.meta.end_pos) for t in _parser().parse(text).iter_subtrees()
             if not t.meta.empty and t.data != "start"}
    return sorted(spans)


def _blanked(text: str, start: int, end: int) -> str:
    """The text with [start, end) made spaces (line breaks kept, so that every other
    statement keeps its line and column), and the separator that joins it to the one
    before it (`/` between options, `,` in a list, `+`) or to the next (`;`)."""
    after = end
    while after < len(text) and text[after] in " \t":
        after += 1
    before = start - 1
    while before >= 0 and text[before] in " \t":
        before -= 1
    if before >= 0 and text[before] in "/,+":
        start = before
    elif after < len(text) and text[after] == ";":
        end = after + 1
    elif after < len(text) and text[after] in "/,+":
        end = after + 1
    return text[:start] + "".join(c if c == "\n" else " " for c in text[start:end]) + text[end:]


def _bundle(folder: Path, cache: ParseCache) -> str | None:
    """The pack's bundle, or None when the check reports an error."""
    result = compile_pack(folder, cache=cache, workers=1)
    if not result.ok:
        return None
    return json.dumps(to_bundle(result.model), sort_keys=True)


def lost_statements(folder: Path, work: Path) -> list[str]:
    """The parts of a clean pack whose removal leaves its bundle as it is, each as
    `file:line: text`."""
    copy = work / "taken-out" / folder.name
    shutil.copytree(folder, copy)
    cache = ParseCache(work / "cache")
    whole = _bundle(copy, cache)
    assert whole is not None, f"{folder.name} does not check clean"
    lost = []
    for path in sorted(copy.rglob("*.vcl")):
        text = path.read_text(encoding="utf-8")
        for start, end in _parts(text):
            without = _blanked(text, start, end)
            try:
                _parser().parse(without)
            except UnexpectedInput:
                continue            # not a part that can stand alone (a colour, a requirement's term)
            path.write_text(without, encoding="utf-8")
            try:
                if _bundle(copy, cache) == whole:
                    line = text.count("\n", 0, start) + 1
                    shown = " ".join(text[start:end].split())
                    lost.append(f"{path.relative_to(copy)}:{line}: {shown[:60]}")
            finally:
                path.write_text(text, encoding="utf-8")
    return lost


@pytest.mark.parametrize("pack", ["eye-of-the-void", "glacier-of-echoes", "tidal-reach"])
def test_every_statement_of_a_shipped_pack_reaches_its_bundle(pack, tmp_path):
    assert lost_statements(CONTENT / pack, tmp_path) == []


@settings(max_examples=int(os.environ.get("VCOMPILER_FUZZ_EXAMPLES", "3")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=st.one_of(vanguard_pack(), vantage_pack()))
def test_every_statement_of_a_generated_clean_pack_reaches_its_bundle(text, tmp_path_factory):
    work = tmp_path_factory.mktemp("reach")
    folder = work / "generated"
    folder.mkdir()
    (folder / "pack.vcl").write_text(text, encoding="utf-8")
    if not compile_pack(folder).ok:
        return
    assert lost_statements(folder, work) == []


def test_a_statement_the_bundle_does_not_carry_is_found(tmp_path, monkeypatch):
    """The walk finds what a bundle drops: here a bundle that leaves out the cards'
    biomes, so that taking out a `biomes` line changes nothing; and an option of a `/`
    choice is taken out with its `/`."""
    import test_statements_reach_the_bundle as walk

    whole = walk.to_bundle

    def without_biomes(pack):
        bundle = whole(pack)
        for card in bundle["cards"]:
            card.pop("biomes")
        return bundle
    monkeypatch.setattr(walk, "to_bundle", without_biomes)
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.vcl").write_text('''pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}
log 1 "Start" { spend die / roll danger T; return }
poi P101 "Ridge" external {
  biomes tutorial, void
  action "Climb" {
    text "Up."
    spend die
  }
}
''', encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    assert walk.lost_statements(folder, work) == ["pack.vcl:9: biomes tutorial, void"]
    assert _blanked("a / b;", 4, 5) == "a    ;" and _blanked("a; b", 0, 1) == "   b"
    assert _blanked("a, b", 0, 1) == "   b"
