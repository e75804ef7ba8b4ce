"""One small pack per file in tests/cases/, named <CODE>-<what>.vcl, with `// expect:
CODE` on every line where a diagnostic must point. Lines without a mark are the close
variants that must not give the file's code. Every error must be expected; warnings
are compared only in the files of a warning's code."""
from pathlib import Path

import pytest

from conftest import expectations
from vcompiler.codes import Severity
from vcompiler.compile import compile_pack

CASES = sorted((Path(__file__).parent / "cases").glob("*.vcl"))


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case(case, tmp_path):
    folder = tmp_path / case.stem
    folder.mkdir()
    (folder / case.name).write_text(case.read_text(encoding="utf-8"), encoding="utf-8")
    code = case.stem.split("-")[0]
    result = compile_pack(folder)
    wanted = expectations(folder)
    got = {(Path(d.span.file).name, d.span.line, d.code.id) for d in result.diagnostics
           if d.severity is Severity.ERROR or d.code.id == code}
    wanted_here = {w for w in wanted if w[2].startswith("E") or w[2] == code}
    assert got == wanted_here
    assert any(w[2] == code for w in wanted), "a case file must expect its own code"
    for d in result.diagnostics:
        assert d.message and (d.hint or d.code.id in ("E100",)), f"{d.code.id} at line {d.span.line} has no hint"
