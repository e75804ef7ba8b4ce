"""The documentation in docs/ is true: every ```vcl block compiles (as a pack of its
own, inside a pack of its game when it is not a whole pack), giving the diagnostics it
declares and no other error, and every generated table agrees with the compiler."""
import re

import pytest

from conftest import ROOT, VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.codes import Severity
from vcompiler.compile import compile_pack
from vcompiler.docs import GENERATORS, REGION, regenerate

DOCS = ROOT / "docs"
BLOCK = re.compile(r"^```vcl([^\n]*)\n(.*?)^```", re.S | re.M)
EXPECT = re.compile(r"//\s*expect:\s*([EW]\d{3}(?:\s*,\s*[EW]\d{3})*)")
# A block that is not a whole pack may name what it does not show.
NOT_SHOWN = {"E200", "E201", "E202", "E203", "E309"}


def _blocks():
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            line = text.count("\n", 0, match.start()) + 2
            yield pytest.param(match.group(1).strip(), match.group(2), id=f"{path.name}:{line}")


def _codes(text: str) -> list[str]:
    return re.split(r"\s*,\s*", text)


@pytest.mark.parametrize("info,body", list(_blocks()))
def test_block_compiles(info, body, tmp_path):
    whole = re.search(r"^pack \w+", body, re.M) is not None
    header = "" if whole else (VANTAGE_HEADER if "vantage" in info.split() else VANGUARD_HEADER)
    offset = header.count("\n")
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "block.vcl").write_text(header + body, encoding="utf-8")
    result = compile_pack(folder)
    got = {(d.span.line - offset, d.code.id) for d in result.diagnostics}
    lines = body.splitlines()
    anywhere = set()
    first = EXPECT.search(lines[0]) if lines and lines[0].lstrip().startswith("//") else None
    if first:
        anywhere.update(_codes(first.group(1)))
    info_expect = re.search(r"expect=([\w,]+)", info)
    if info_expect:
        anywhere.update(_codes(info_expect.group(1)))
    placed = {(n, code) for n, text in enumerate(lines, 1) if not (n == 1 and first)
              for match in [EXPECT.search(text)] if match for code in _codes(match.group(1))}
    assert placed <= got, f"expected diagnostics missing: {sorted(placed - got)}"
    assert anywhere <= {code for _, code in got}, f"expected codes missing: {sorted(anywhere)}"
    allowed = anywhere | {code for _, code in placed} | (set() if whole else NOT_SHOWN)
    unexpected = [f"line {d.span.line - offset}: {d.code.id} {d.message}" for d in result.diagnostics
                  if d.severity is Severity.ERROR and d.code.id not in allowed]
    assert not unexpected, unexpected


@pytest.mark.parametrize("path", sorted(DOCS.glob("*.md")), ids=lambda p: p.name)
def test_generated_tables_agree_with_the_compiler(path):
    text = path.read_text(encoding="utf-8")
    _, stale = regenerate(text)
    assert not stale, f"run `python -m vcompiler.docs`: stale regions {stale}"


def test_every_generated_table_is_in_the_reference():
    names = {m.group(2) for m in REGION.finditer((DOCS / "language.md").read_text(encoding="utf-8"))}
    assert names == set(GENERATORS)


def test_readme_links_the_docs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/language.md" in readme and "docs/tutorial.md" in readme



def test_the_tutorial_planet_is_clean_when_its_steps_are_put_together(tmp_path):
    text = (DOCS / "tutorial.md").read_text(encoding="utf-8")
    folder = tmp_path / "my-planet"
    folder.mkdir()
    for i, match in enumerate(BLOCK.finditer(text)):
        (folder / f"step{i}.vcl").write_text(match.group(2), encoding="utf-8")
    result = compile_pack(folder)
    assert [f"{d.code.id} {d.message}" for d in result.diagnostics] == []
