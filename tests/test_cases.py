"""One small pack per file in tests/cases/, named <CODE>-<what>.vcl, with `// expect:
CODE` on every line where a diagnostic must point (`CODE@N`: at column N). Lines
without a mark are the close variants that must not give the file's code. Every error
must be expected; warnings are compared only in the files of a warning's code, and in
every file that says `// only the marked diagnostics` (one mistake, one diagnostic:
nothing that the marked errors explain is reported beside them)."""
from pathlib import Path

import pytest

from conftest import expected_columns
from vcompiler.codes import Severity
from vcompiler.compile import compile_pack

CASES = sorted((Path(__file__).parent / "cases").glob("*.vcl"))
ONLY = "// only the marked diagnostics"


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case(case, tmp_path):
    folder = tmp_path / case.stem
    folder.mkdir()
    text = case.read_text(encoding="utf-8")
    (folder / case.name).write_text(text, encoding="utf-8")
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
