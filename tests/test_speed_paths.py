"""The ways of going faster change nothing: the parse cache, parsing in several
processes, lark-cython. Same diagnostics, same bundle, every time."""
import os
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark

from conftest import CONTENT, ROOT, renderers_loaded
from vcompiler import ast
from vcompiler.compile import compile_pack
from vcompiler.emit import prepare
from vcompiler.parse.cache import ParseCache
from vcompiler.parse.fast import keywords as grammar_keywords
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


def test_a_large_file_lark_reads_in_part_is_parsed_in_parts_and_kept_in_the_cache(generated, tmp_path,
                                                                                 monkeypatch):
    import shutil

    from vcompiler import compile as compiling
    folder = tmp_path / "pack"
    shutil.copytree(generated, folder)
    large = sorted(folder.glob("logbook-*.vcl"))[1]
    # A declaration the log reader leaves to Lark, in a file cut into parts.
    large.write_text(large.read_text() + '\nevent E01 "Storm" { text "Wind."; return }\n')
    plain = outcome(compile_pack(folder, cache=None, workers=1))
    source = compiling.read_source(large, compiling.display_path(large), large.name)[0]
    assert len(compiling.cuts(source, round(len(source.text) / compiling.PART_BYTES))) > 1
    made = []

    def spied(units, weight, run, *args):
        results = forked_shares(units, weight, run, *args)
        index = [s.display for s in run.sources].index(source.display)
        made.append([r for u, r in zip(units, results) if u[0] == index])      # the large file's
        return results

    from vcompiler.util.workers import forked_shares
    monkeypatch.setattr(compiling, "forked_shares", spied)
    cache = ParseCache(tmp_path / "cache")
    assert outcome(compile_pack(folder, cache=cache, workers=2)) == plain      # parsed in parts, kept
    assert [kind for kind, *_ in made[0]] == ["part"] * len(made[0])
    assert isinstance(cache.get(cache.key(source.display, source.text), compiling._entry_shape()), tuple)
    assert outcome(compile_pack(folder, cache=cache, workers=2)) == plain      # its first part reads it back
    assert made[1][0][0] == "cached"


def test_rules_checked_in_a_forked_process_find_what_one_process_finds(generated, tmp_path, monkeypatch):
    import shutil

    from vcompiler import checks
    folder = tmp_path / "pack"
    shutil.copytree(generated, folder)
    # What the story graph's rules report (W400, E401, W404), beside the E200.
    with open(sorted(folder.glob("logbook-*.vcl"))[-1], "a") as out:
        out.write('\nlog 19998 "Lost" {\n  text "No way in, no way out."\n}\n'
                  'log 19996 "Round" {\n  choice "A" -> log 19997\n  choice "B" -> log 19997\n}\n'
                  'log 19997 "About" {\n  choice "A" -> log 19996\n  choice "B" -> log 19996\n}\n')
    plain = outcome(compile_pack(folder, cache=None, workers=1))
    assert {"E200", "E401", "W400", "W404"} <= {code for code, *_ in plain[0]}
    calls = []

    def spied(items, *args):
        calls.append(len(items))
        return forked_shares(items, *args)

    from vcompiler.util.workers import forked_shares
    monkeypatch.setattr(checks, "FORKED_RULES_LOGS", 0)
    monkeypatch.setattr(checks, "idle_cores", lambda: 2)
    monkeypatch.setattr(checks, "forked_shares", spied)
    assert outcome(compile_pack(folder, cache=None, workers=2)) == plain
    assert calls == [2]


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

    from vcompiler.driver.cli import main
    monkeypatch.setenv("VCOMPILER_CACHE_DIR", str(tmp_path / "c"))
    assert CliRunner().invoke(main, ["check", str(CONTENT / "tidal-reach"), "--no-cache"]).exit_code == 0
    assert not list((tmp_path / "c").glob("parsed-*"))
    assert CliRunner().invoke(main, ["check", str(CONTENT / "tidal-reach")]).exit_code == 0
    assert any((tmp_path / "c").glob("parsed-*/*/*"))


def test_only_files_that_lark_reads_are_kept(tmp_path):
    """The log reader reads a file of logs faster than the cache gives it back, so only
    files with another declaration are kept; both read the same either way."""
    from vcompiler.compile import display_path, read_source
    from vcompiler.parse import parse_source
    folder = CONTENT / "eye-of-the-void"
    cache = ParseCache(tmp_path / "cache")
    cold = outcome(compile_pack(folder, cache=cache, workers=1))
    stored = {path.name for path in (tmp_path / "cache").glob("parsed-*/*/*")}
    keys = {path.name: cache.key(display_path(path), path.read_text(encoding="utf-8")) for path in folder.glob("*.vcl")}
    by_lark = {path.name for path in folder.glob("*.vcl")
               if parse_source(read_source(path, display_path(path), path.name)[0]).by_lark}
    assert {"cards.vcl", "planet.vcl", "poi.vcl"} <= by_lark and "logbook.vcl" not in by_lark
    assert {name for name, key in keys.items() if key in stored} == by_lark
    assert outcome(compile_pack(folder, cache=cache, workers=1)) == cold


_PROSE = st.lists(st.sampled_from(list('ab {}*\\"\n') + ["{log 5}", "{icon success}", "**", "\n\n", "  "]),
                  max_size=20).map("".join)


@settings(max_examples=300, deadline=None)
@given(_PROSE, st.booleans())
def test_plain_and_braces_only_strings_read_as_the_markup_pattern_reads_them(body, long):
    from vcompiler.parse import markup
    if long:
        raw = f'"""{body.replace(chr(34) * 3, "")}"""'
    else:
        raw = '"' + body.split("\n")[0].replace('"', '\\"') + '"'
    fast = markup.parse_text(raw, "f.vcl", 3, 5, (4, 2))
    # As if every string held emphasis: the reader's pattern finds every opening.
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(markup, "_is_plain", lambda raw: False)
        patched.setattr(markup, "_only_braces", lambda text: False)
        assert markup.parse_text(raw, "f.vcl", 3, 5, (4, 2)) == fast


_BLANKS = st.lists(st.sampled_from([" ", "\t", "\r", "\f", "\u00a0"]), max_size=4).map("".join)
_LINE_PIECES = ["a", "b c", "é", " ", "\t", "\r", "{log 5}", "{card 12}", "{location 7}", "{log @a_1}", "{log @_}",
                "{log @}", "{log  5}", "{ log 5}", "{log 5", "}", "{", "{card P101}", "{icon success}", "{log @é}",
                "{log 0012}", "{card @x}", "{Log 5}", "{log 5 6}", "*", "\\", '\\"', "{{log 5}", "{log 5}}"]
_LINE = st.lists(st.sampled_from(_LINE_PIECES), max_size=12).map("".join)


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.builds("{}\n{}\n{}".format, _BLANKS, _LINE, _BLANKS),
                 st.lists(st.one_of(_LINE, _BLANKS), max_size=5).map("\n".join)), st.booleans())
def test_lone_lines_and_simple_references_read_as_the_layout_and_the_markup_reader_read_them(body, long):
    from vcompiler.parse import markup
    raw = f'"""{body.replace(chr(34), "")}"""' if long else '"' + body.split("\n")[0].replace('"', "") + '"'
    fast = markup.parse_text(raw, "f.vcl", 3, 5, (4, 2))
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(markup, "_lone_line", lambda raw, line: None)
        patched.setattr(markup, "_words_and_references", lambda text, where, file: None)
        assert markup.parse_text(raw, "f.vcl", 3, 5, (4, 2)) == fast


# ---------------------------------------------------------------- the fast log reader
def _fast_and_lark(text: str, display: str = "f.vcl"):
    """For each declaration chunk of `text`: what the fast reader makes of it (None when
    it leaves the chunk to Lark) and what Lark makes of it, with the diagnostics."""
    from vcompiler.parse import _parser
    parser, builder, fast = _parser()
    lines = tuple(text.split("\n"))
    for chunk in split_declarations(text):
        builder.begin(display, lines, chunk.first_line - 1)
        quick = fast.read(chunk.text)
        quick_found = list(builder.diagnostics)
        builder.begin(display, lines, chunk.first_line - 1)
        try:
            slow = parser.parse(chunk.text)
        except Exception as error:          # a syntax error, or a number int() refuses
            slow = type(error).__name__
        yield chunk, (quick, quick_found), (slow, list(builder.diagnostics))


def test_the_fast_reader_follows_the_grammar():
    from vcompiler.parse import fast
    grammar = (ROOT / "grammar" / "vcl.lark").read_text()
    assert fast.mirrored_digest(grammar) == fast.MIRRORED_DIGEST, (
        "the grammar's rules for a log changed: bring vcompiler/parse/fast.py in line with them, "
        "then set MIRRORED_DIGEST to " + fast.mirrored_digest(grammar))
    assert fast.mirrored_digest(grammar.replace("else_goto: ELSE goto", "else_goto: ELSE goto WORD?")) \
        != fast.MIRRORED_DIGEST


def test_the_fast_reader_reads_every_log_as_lark_does(generated):
    files = [*CONTENT.rglob("*.vcl"), *sorted(generated.glob("*.vcl"))[:2], *(ROOT / "tests").rglob("*.vcl")]
    taken = logs = 0
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for chunk, (quick, quick_found), (slow, slow_found) in _fast_and_lark(text, path.name):
            logs += chunk.text.lstrip().startswith("log ")
            if quick is not None:
                taken += 1
                assert (quick, quick_found) == (slow, slow_found), (path, chunk.first_line)
    assert taken > 0.9 * logs > 1000


# Words of every kind where a log takes a word (keywords of the grammar among them, which
# Lark reads as words where no keyword can come), and stray tokens now and then.
_KEYWORDS = sorted(grammar_keywords((ROOT / "grammar" / "vcl.lark").read_text()))
_WORDS = st.one_of(st.sampled_from(["gain", "checked", "supplies", "2", "P101", "5", "@a_1", '"T"', "99999999",
                                    "1x", "é", "->", "=>", "<->", "+", ":"]),
                   st.sampled_from(_KEYWORDS))
_STRINGS = st.sampled_from(['"T"', '"a {log 2} *b*"', '"""\n  x\n\n  {card P1}\n  """', '"\\"q"', '"{lgo 1}"',
                            '"open', '""', '"""a"""'])
_TARGET = st.tuples(st.sampled_from(["log", "location", "log", "log", "card"]),
                    st.sampled_from(["5", "@b", "7", "12", "P1", "x", "start"])).map(" ".join)
_STATEMENT = st.one_of(
    st.builds("text {}".format, _STRINGS), st.just("check"),
    st.builds("choice {} -> {}".format, _STRINGS, _TARGET),
    st.builds(lambda words, target: f"if {' '.join(words)} -> {target}", st.lists(_WORDS, max_size=3), _TARGET),
    st.builds("else -> {}".format, _TARGET),
    st.lists(st.one_of(st.builds("-> {}".format, _TARGET), st.lists(_WORDS, min_size=1, max_size=4).map(" ".join)),
             min_size=1, max_size=3).map(" / ".join))
_BETWEEN = st.sampled_from(["\n", "\n", "\n", "\n", "; ", "; ", ";\n", "\n\n  // c\n  ", " ", "\r\n", ";;", " // x\n"])


_PACK_ITEM = st.one_of(
    st.builds("game {}".format, st.sampled_from(["vanguard", "vantage", "chess", '"vanguard"'])),
    st.builds("{} {}".format, st.sampled_from(["title", "version"]), _STRINGS),
    st.builds("start {}".format, _TARGET),
    st.builds("numbering {}..{}{}".format, st.sampled_from(["1", "0", "x"]), st.sampled_from(["99", "5 ", "P1"]),
              st.sampled_from(["", " seed 7", " seed", " seed @a"])),
    _WORDS)


_LOG_OR_PACK = st.one_of(
    st.tuples(st.sampled_from(["log 1", 'log @x "T"', "log 2 external", 'log 3 "A" external', "log P1", "log 4\n"]),
              st.lists(st.tuples(_STATEMENT, _BETWEEN), max_size=6)),
    st.tuples(st.sampled_from(["pack p", "pack log", "pack P1", "pack 5", "pack x_1\n", "pack"]),
              st.lists(st.tuples(_PACK_ITEM, _BETWEEN), max_size=6)))


@settings(max_examples=700, deadline=None)
@given(_LOG_OR_PACK)
def test_the_fast_reader_agrees_with_lark_on_any_log_or_pack(declaration):
    header, body = declaration
    text = header + " {\n  " + "".join(s + between for s, between in body) + "}\n"
    for chunk, quick, slow in _fast_and_lark(text):
        if quick[0] is not None:
            assert quick == slow, chunk.text


# Statements the tokenizer reads whole (True), and shapes near them that it must leave
# to a token at a time (False): a `/` after a goto, a long string in a choice, a number
# of too many digits, a keyword or target running into a word, a goto to a card.
_WHOLE_LINES = [
    ('choice "Go" -> log 2', True), ('\tchoice\t"Go"->log\t@next_1', True), ('choice"Go"->location 12', True),
    ('choice "a \\"q\\" {log 3} \\{x\\}" -> log 2', True), ('choice "Go" -> log 2 // note', True),
    ('choice "Go" -> log 2; text "x"', True), ('choice "" -> log 2', True), ('choice "{lgo 1}" -> log 2', True),
    ('text """\n    One *two*.\n\n\t  Three {log 4}.\n    """\n  -> log 3', True), ('text "x \\{y\\}"', True),
    ('text """One"""; -> log 2', True), ('text """\n  open {log\n  """', True), ('text "a"  // c', True),
    ('-> log 5', True), ('-> location @a_b // x', True), ('-> log 5 //', True),
    ('-> log 5 / gain success 1', False), ('-> log 5/lose supplies 1', False), ('-> log @ab/gain x', False),
    ('-> log @ab /', False), ('choice """Go""" -> log 2', False), ('choice "Go" -> log 1234567', False),
    ('choice "Go" -> log 12x', False), ('choice "Go" -> logs 2', False), ('choices "Go" -> log 2', False),
    ('texts "x"', False), ('text\n"x"', False), ('choice "Go" -> card 2', False), ('-> log start', False),
    ('choice "Go" -> log', False), ('text', False), ('-> log P1', False), ('text """never closed', False),
]


@pytest.mark.parametrize("body, whole", _WHOLE_LINES)
@pytest.mark.parametrize("line_break", ["\n", "\r\n"])
def test_statements_read_whole_are_read_as_lark_reads_them(body, whole, line_break):
    from vcompiler.parse import _parser
    text = ('log 1 "T" {\n  gain success 1\n  ' + body + '\n  check\n}\n').replace("\n", line_break)
    from vcompiler.parse.fast import _GiveUp
    try:
        tokens = _parser()[2].tokens(text)
    except _GiveUp:
        tokens = [()]
    assert type(tokens[0]) is tuple and any(type(t) is tuple for t in tokens[1:]) == whole
    [(chunk, quick, slow)] = list(_fast_and_lark(text))
    if whole:
        assert quick[0] is not None
    if quick[0] is not None:
        assert quick == slow


# Log headers the tokenizer reads whole (True) and shapes near them it must not.
_HEADERS = [
    ('log 1 "T" {', True), ("log @a_b {", True), ('log start "Wake-Up" {', True), ("log 2 external {", True),
    ('log 3 "A" external {', True), ('log\t4\t"x"{', True), ('log 5"x"external{', True), ('log 0012 "" {', True),
    ('log 6 "{log 2} *b* {lgo}" {', True), ('log 7 "a \\"q\\"" { // c', True), ('log 8 { check', True),
    ("log 1234567 {", False), ("log P1 {", False), ("log x {", False), ('log 1 """T""" {', False),
    ('log 1 "T"\n{', False), ('log 1 "T" "U" {', False), ("logs 1 {", False), ("log 1x {", False),
    ('log 1 external "T" {', False), ("  log 1 {", False), ("log @ab-c {", False), ("log start_1 {", False),
    ("log 1 externals {", False), ('log 1 "open {', False), ("log {", False),
]


@pytest.mark.parametrize("header, whole", _HEADERS)
@pytest.mark.parametrize("line_break", ["\n", "\r\n"])
def test_log_headers_read_whole_are_read_as_lark_reads_them(header, whole, line_break):
    from vcompiler.parse import _parser
    from vcompiler.parse.fast import _GiveUp
    text = (header + "\n  choice \"Go\" -> log 2\n}\n").replace("\n", line_break)
    try:
        tokens = _parser()[2].tokens(text)
    except _GiveUp:
        tokens = [None]
    assert (type(tokens[0]) is tuple) == whole
    [(chunk, quick, slow)] = list(_fast_and_lark(text))
    if whole:
        assert quick[0] is not None
    if quick[0] is not None:
        assert quick == slow


@pytest.mark.parametrize("ending, whole", [
    ("}", True), ("}\n", True), ("} // c", True), ("}\n\n  // c\n\t\r\n", True), ("}\n// c", True),
    ("}\nx", False), ("} }", False), ("}\nlog 2 { check }", False), ("}\u00a0", False), ("};", False),
])
def test_the_closing_line_read_whole_ends_the_tokens_as_lark_reads_them(ending, whole):
    from vcompiler.parse import _parser
    from vcompiler.parse.fast import _GiveUp
    text = 'log 1 "T" {\n  check\n' + ending
    try:
        tokens = _parser()[2].tokens(text)
    except _GiveUp:
        tokens = []
    closed = ["}", "\n", ""] if "\n" in ending else ["}", ""]
    assert (tokens[-len(closed):] == closed and len(tokens) == 4 + len(closed)) == whole
    chunk, quick, slow = next(_fast_and_lark(text))
    if whole:
        assert quick[0] is not None
    if quick[0] is not None:
        assert quick == slow


def test_a_statement_read_whole_has_its_real_positions():
    from vcompiler.parse import parse_source
    from vcompiler.source import SourceFile
    text = ('log 1 "T" {\n\ttext """\n\t  A \\*b\\* and\n\t  then {log 2}.\n\t  """ ; -> log 3\n'
            '  choice "Go \\"on\\" {log @x}" -> location @x\n}\nlog 2 {\n  -> log 1\n}\n')
    parsed = parse_source(SourceFile.from_text(ROOT / "f.vcl", "f.vcl", "f.vcl", text))
    assert parsed.by_lark == 0 and parsed.diagnostics == ()
    first, second = parsed.file.declarations
    prose, goto, choice = first.statements
    assert prose.span[1:] == (2, 2, 5, 7)
    assert prose.text.paragraphs[0][0] == ast.Run("A *b* and then ")
    ref = prose.text.paragraphs[0][1]
    assert (ref.target.value, ref.span[1:]) == (2, (4, 9, 4, 16))
    assert goto.span[1:] == (5, 10, 5, 18) and goto.effect.options[0].target.span[1:] == (5, 17, 5, 18)
    assert choice.span[1:] == (6, 3, 6, 45)
    assert choice.label.paragraphs[0][0] == ast.Run('Go "on" ')
    assert choice.label.paragraphs[0][1].span[1:] == (6, 21, 6, 29)
    assert choice.target.target == ast.Value("label", "x", choice.target.target.span)
    assert choice.target.target.span[1:] == (6, 43, 6, 45)
    assert second.statements[0].span[1:] == (9, 3, 9, 11)


def test_a_goto_to_the_starting_log_is_a_syntax_error_not_a_crash():
    from vcompiler.parse import parse_source
    from vcompiler.source import SourceFile
    text = 'log 1 "A" {\n  choice "x" -> log start\n}\n'
    parsed = parse_source(SourceFile.from_text(ROOT / "f.vcl", "f.vcl", "f.vcl", text))
    [problem] = parsed.diagnostics
    assert (problem.code.id, problem.span.line, problem.span.column) == ("E100", 2, 21)
    assert "expected a number or an @label" in problem.message


def test_a_pack_of_logs_is_checked_without_loading_lark(generated):
    # Loading Lark and its tables takes about as long as reading a thousand logs.
    script = ("import sys; from pathlib import Path; from vcompiler.compile import compile_pack; "
              f"result = compile_pack(Path({str(generated)!r}), workers=1); "
              "assert result.diagnostics; print(sorted(m for m in sys.modules if m.startswith('lark')))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_a_pack_checks_the_same_without_the_fast_reader(generated, monkeypatch):
    from vcompiler.parse import _parser
    with_fast = outcome(compile_pack(generated, cache=None, workers=1))
    monkeypatch.setattr(_parser()[2], "enabled", False)
    assert outcome(compile_pack(generated, cache=None, workers=1)) == with_fast


def test_the_fast_reader_takes_the_starting_log():
    [(chunk, (quick, quick_found), (slow, slow_found))] = list(_fast_and_lark('log start "Wake-Up" {\n  return\n}\n'))
    assert quick is not None and (quick, quick_found) == (slow, slow_found)
    assert quick[0].target.kind == "start"


def test_a_json_build_loads_no_renderer(tmp_path):
    # fontTools and WeasyPrint alone take a fifth of a large pack's `build --only json`.
    loaded, _ = renderers_loaded(["build", str(CONTENT / "eye-of-the-void"), "--only", "json", "-o", str(tmp_path)], 0)
    assert loaded == [] and (tmp_path / "eye_of_the_void" / "bundle.json").exists()


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one worker renders in the main process")
def test_a_book_build_loads_weasyprint_in_its_workers_only(tmp_path):
    # The workers are forked from a server that imported it once: the process that
    # writes the HTML and assembles the books imports it neither (half a second each).
    loaded, _ = renderers_loaded(["build", str(CONTENT / "eye-of-the-void"), "--only", "pdf", "-o", str(tmp_path)], 0)
    assert loaded == ["fontTools", "jinja2", "pikepdf"]
    assert (tmp_path / "eye_of_the_void" / "logbook.pdf").exists()


# ---------------------------------------------------------------- the cut into declarations
def _split_line_by_line(text: str) -> list[tuple[int, str]]:
    """The cut as first written, a line at a time (vcompiler/parse/split.py says the
    rules): what the one-pass cut must give on any text."""
    from vcompiler.parse.split import HEADER_LINE, TOP_LEVEL_ONLY
    lexeme_pattern = re.compile(r'"""|"[^"\\\n]*(?:\\.[^"\\\n]*)*"?|//[^\n]*|[{}]')
    lines = text.split("\n")
    starts, depth, in_long_string = [0], 0, False
    for index, line in enumerate(lines):
        if in_long_string and HEADER_LINE.match(line):
            in_long_string = False
        if not in_long_string and index > 0 and line[:1].isalpha():
            word = re.match(r"[a-z_]+", line)
            if depth == 0 or (word and word.group() in TOP_LEVEL_ONLY):
                if starts[-1] != index:
                    starts.append(index)
                depth = 0
        position = 0
        while True:
            if in_long_string:
                close = line.find('"""', position)
                if close < 0:
                    break
                in_long_string, position = False, close + 3
                continue
            match = lexeme_pattern.search(line, position)
            if match is None or match.group().startswith("//"):
                break
            lexeme = match.group()
            in_long_string = in_long_string or lexeme == '"""'
            depth = depth + 1 if lexeme == "{" else max(0, depth - 1) if lexeme == "}" else depth
            position = match.end()
    starts.append(len(lines))
    return [(a + 1, "\n".join(lines[a:b])) for a, b in zip(starts, starts[1:]) if a < b]


_PIECES = st.sampled_from(['log 1 "T" {', "log 2 {", 'planet p "P" {', "}", "{", '"""', '"', '"a\\"b"', "// c",
                           '//"""', 'text """', "x", " ", "\n", "\n", "\n", "\r\n", "é", "²", "log", "\t",
                           'card 5 "x" { // y', "pack p {", "  "])


@settings(max_examples=1000, deadline=None)
@given(st.lists(_PIECES, max_size=40).map("".join))
def test_the_cut_into_declarations_is_the_line_by_line_cut(text):
    assert [(c.first_line, c.text) for c in split_declarations(text)] == _split_line_by_line(text)


def test_the_cut_is_the_line_by_line_cut_on_every_pack(generated):
    for path in [*CONTENT.rglob("*.vcl"), *(ROOT / "tests").rglob("*.vcl"), sorted(generated.glob("*.vcl"))[0]]:
        text = path.read_text(encoding="utf-8", errors="replace")
        assert [(c.first_line, c.text) for c in split_declarations(text)] == _split_line_by_line(text), path


@pytest.mark.shared
def test_the_shared_examples_are_read_and_cut_as_the_shipped_packs_are():
    from conftest import EXAMPLES
    files = sorted(EXAMPLES.rglob("*.vcl"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for chunk, (quick, quick_found), (slow, slow_found) in _fast_and_lark(text, path.name):
            if quick is not None:
                assert (quick, quick_found) == (slow, slow_found), (path, chunk.first_line)
        assert [(c.first_line, c.text) for c in split_declarations(text)] == _split_line_by_line(text), path
