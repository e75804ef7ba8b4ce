"""One small pack per file in tests/cases/, named <CODE>-<what>.vcl, with `// expect:
CODE` on every line where a diagnostic must point (`CODE@N`: at column N). Lines
without a mark are the close variants that must not give the file's code. Every error
must be expected; warnings are compared only in the files of a warning's code, and in
every file that says `// only the marked diagnostics` (one mistake, one diagnostic:
nothing that the marked errors explain is reported beside them)."""
import re
import shutil
from pathlib import Path

import pytest

from conftest import expected_columns
from vcompiler.codes import Severity
from vcompiler.compile import compile_pack
from vcompiler.parse import parse_source
from vcompiler.source import SourceFile

CASES = sorted((Path(__file__).parent / "cases").glob("*.vcl"))
FILES = Path(__file__).parent / "cases" / "files"
ONLY = "// only the marked diagnostics"


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case(case, tmp_path):
    folder = tmp_path / case.stem
    folder.mkdir()
    text = case.read_text(encoding="utf-8")
    (folder / case.name).write_text(text, encoding="utf-8")
    # The files a case names besides itself (the images of `art` lines).
    if (FILES / case.stem).is_dir():
        shutil.copytree(FILES / case.stem, folder, dirs_exist_ok=True)
    code = case.stem.split("-")[0]
    every = ONLY in text
    result = compile_pack(folder)
    wanted = expected_columns(folder)
    found = {(Path(d.span.file).name, d.span.line, d.code.id): d.span.column for d in result.diagnostics
             if d.severity is Severity.ERROR or d.code.id == code or every}
    wanted_here = {w for w in wanted if w[2].startswith("E") or w[2] == code or every}
    assert set(found) == wanted_here
    assert {w: found[w] for w in wanted_here if wanted[w] is not None} == \
        {w: wanted[w] for w in wanted_here if wanted[w] is not None}
    assert any(w[2] == code for w in wanted), "a case file must expect its own code"
    for d in result.diagnostics:
        assert d.message and d.hint, f"{d.code.id} at line {d.span.line} has no hint"


# A hint that shows the mended code ends with it: "…: `CODE`".
SUGGESTED = re.compile(r":\s`([^`]+)`$")


def _mended(line: str, column: int, end: int, code: str) -> list[str]:
    """The line with `code` put in, in each place it may stand for what was written:
    the whole statement (the line from its first word), what follows the word the
    suggestion starts with (`gain success 1; -> log 3` after a row's `=>`), or the
    words the error points at (`P101` for `p101`)."""
    indent = line[:len(line) - len(line.lstrip())]
    first = code.split()[0]
    tails = [i for i in range(len(line)) if line.startswith(first, i) and i < column + len(first)]
    return [indent + code] + [line[:i] + code for i in tails] + [line[:column] + code + line[end:]]


@pytest.mark.parametrize("case", [c for c in CASES if c.stem.startswith("E1")], ids=lambda p: p.stem)
def test_every_fix_a_syntax_hint_shows_parses(case):
    text = case.read_text(encoding="utf-8")
    source = SourceFile(case, case.name, case.name, text)
    lines = text.split("\n")
    for found in parse_source(source).diagnostics:
        suggested = SUGGESTED.search(found.hint or "")
        if not found.code.id.startswith("E1") or suggested is None:
            continue
        row = found.span.line - 1
        tried = []
        end = found.span.end_column - 1 if found.span.end_line == found.span.line else len(lines[row])
        for mended in _mended(lines[row], found.span.column - 1, end, suggested.group(1).replace("…", "x")):
            again = parse_source(SourceFile(case, case.name, case.name,
                                            "\n".join([*lines[:row], mended, *lines[row + 1:]])))
            tried.append((mended, [(d.span.line, d.message) for d in again.diagnostics if d.code.id.startswith("E1")
                                   and d.span.line == found.span.line]))
            if not tried[-1][1]:
                break
        else:
            pytest.fail(f"line {found.span.line}: the hint {found.hint!r} suggests code that does not parse: {tried}")
