"""The ways of going faster change nothing: the parse cache, parsing in several
processes, lark-cython. Same diagnostics, same bundle, every time."""
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark

from conftest import CONTENT, ROOT
from vcompiler.compile import compile_pack
from vcompiler.emit import prepare
from vcompiler.parse.cache import ParseCache
from vcompiler.parse.split import split_declarations
from vcompiler.parse.transform import AstBuilder


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gen") / "pack"
    # 2,500 logs in five files, over a megabyte: parsing goes to worker processes.
    subprocess.run([sys.executable, str(ROOT / "bench" / "generate.py"), "2500", str(folder)], check=True)
    (folder / "story.ink").unlink()
    # A mistake in one file, so that diagnostics are compared too.
    first = sorted(folder.glob("logbook-*.vcl"))[0]
    first.write_text(first.read_text().replace('choice "Press on" -> log 2\n', 'choice "Press on" -> log 99999\n', 1))
    return folder


def outcome(result):
    bundle = prepare(result.pack).bundle if result.ok else None
    return [(d.code.id, d.span, d.message, d.hint) for d in result.diagnostics], bundle


@pytest.mark.parametrize("name", ["eye-of-the-void", "tidal-reach", "generated"])
def test_cache_and_workers_change_nothing(name, generated, tmp_path):
    folder = generated if name == "generated" else CONTENT / name
    plain = outcome(compile_pack(folder, cache=None, workers=1))
    cache = ParseCache(tmp_path / "cache")
    assert outcome(compile_pack(folder, cache=cache, workers=2)) == plain     # cold: fills the cache
    assert outcome(compile_pack(folder, cache=cache, workers=1)) == plain     # warm: reads it
    assert outcome(compile_pack(folder, cache=None, workers=2)) == plain
    if name == "generated":
        assert any(code == "E200" for code, *_ in plain[0])


def test_an_edited_file_is_parsed_again(generated, tmp_path):
    import shutil
    folder = tmp_path / "pack"
    shutil.copytree(generated, folder)
    cache = ParseCache(tmp_path / "cache")
    compile_pack(folder, cache=cache)
    last = sorted(folder.glob("logbook-*.vcl"))[-1]
    last.write_text(last.read_text() + '\nlog 99999 "Late" { return }\n')
    warm = compile_pack(folder, cache=cache)
    assert not [d for d in warm.diagnostics if d.code.id == "E200"]     # the new log is seen
    assert outcome(warm) == outcome(compile_pack(folder, cache=None))


def test_lark_cython_builds_the_same_ast(generated):
    lark_cython = pytest.importorskip("lark_cython")
    grammar = (ROOT / "grammar" / "vcl.lark").read_text()
    text = sorted(generated.glob("logbook-*.vcl"))[0].read_text()
    trees = []
    for plugins in ({}, {"_plugins": lark_cython.plugins}):
        builder = AstBuilder()
        parser = Lark(grammar, parser="lalr", lexer="contextual", transformer=builder, maybe_placeholders=False,
                      **plugins)
        found = []
        for chunk in split_declarations(text):
            builder.begin("f.vcl", tuple(text.splitlines()), chunk.first_line - 1)
            found.extend(parser.parse(chunk.text))
        trees.append(found)
    assert trees[0] == trees[1] and len(trees[0]) == 500


def test_no_cache_flag_writes_no_parsed_files(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from vcompiler.cli import main
    monkeypatch.setenv("VCOMPILER_CACHE_DIR", str(tmp_path / "c"))
    assert CliRunner().invoke(main, ["check", str(CONTENT / "tidal-reach"), "--no-cache"]).exit_code == 0
    assert not list((tmp_path / "c").glob("parsed-*"))
    assert CliRunner().invoke(main, ["check", str(CONTENT / "tidal-reach")]).exit_code == 0
    assert any((tmp_path / "c").glob("parsed-*/*/*"))


_PROSE = st.lists(st.sampled_from(list('ab {}*\\"\n') + ["{log 5}", "{icon success}", "**", "\n\n", "  "]),
                  max_size=20).map("".join)


@settings(max_examples=300, deadline=None)
@given(_PROSE, st.booleans())
def test_plain_strings_skip_the_markup_reader_and_read_the_same(body, long):
    from vcompiler.parse import markup
    if long:
        raw = f'"""{body.replace(chr(34) * 3, "")}"""'
    else:
        raw = '"' + body.split("\n")[0].replace('"', '\\"') + '"'
    fast = markup.parse_text(raw, "f.vcl", 3, 5, (4, 2))
    everything = re.compile("")      # as if every string held markup
    original, markup._HAS_MARKUP_OR_ESCAPE = markup._HAS_MARKUP_OR_ESCAPE, everything
    try:
        assert markup.parse_text(raw, "f.vcl", 3, 5, (4, 2)) == fast
    finally:
        markup._HAS_MARKUP_OR_ESCAPE = original
