"""The documentation in docs/ is true: every ```vcl block compiles (as a pack of its
own, inside a pack of its game when it is not a whole pack), giving the diagnostics it
declares and no other error, and every generated table agrees with the compiler."""
import json
import re

import pytest

from conftest import ROOT, VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.codes import Severity
from vcompiler.compile import compile_pack
from vcompiler.docs import GENERATORS, REGION, example, grammar_keywords, regenerate, with_keywords
from vcompiler.registry import FORMS

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


def test_a_keyword_new_to_the_grammar_is_added_to_the_editor_grammar():
    path = ROOT / "editors" / "vscode" / "syntaxes" / "vcl.tmLanguage.json"
    text = path.read_text(encoding="utf-8")
    assert with_keywords(text, grammar_keywords()) == (text, [])
    # `standees` is said only in the keyword list: without it, the grammar's keyword is put back there.
    without = text.replace("|standees|", "|")
    new, added = with_keywords(without, grammar_keywords() | {"zeppelin"})
    assert added == ["standees", "zeppelin"]
    listed = next(p["match"] for p in json.loads(new)["repository"]["keyword"]["patterns"]
                  if p["name"] == "keyword.other.vcl")
    assert listed.endswith("|standees|zeppelin)\\b")


def test_every_generated_table_is_in_the_reference():
    names = {m.group(2) for m in REGION.finditer((DOCS / "language.md").read_text(encoding="utf-8"))}
    assert names == set(GENERATORS) - {"codes"}
    diagnostics = (DOCS / "diagnostics.md").read_text(encoding="utf-8")
    assert [m.group(2) for m in REGION.finditer(diagnostics)] == ["codes"]


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


# Where each generated example is put to be compiled: the cards and sectors it names,
# and the places an effect of its kind may stand.
_VANGUARD_CONTEXT = '''log 1 "Start" { return }
planet p "P" {
  mission M02
  unique 1 else gain success 1
  sector 1 { lander }
  sector 3 { poi slot }
  path 1 <-> 3 [travel]
}
mission M02 "Goal" { text "Go." }
condition G01 "Storm" external { time 3 => nothing }
threat T01 "Crawler" external { biomes tutorial; standees 2; space 1 => threat move }
unique 1 "Shard" { text "It hums." }
injury "Just a Scratch" { damage => spend die }
poi P101 "Hull" external { time 3 => nothing }
'''
_VANGUARD_PLACES = (
    'log 2 "Here" external {{\n  {effect}\n{way_out}}}\n',
    'poi P102 "Here" external {{\n  action "A" {{\n    outcome green: physical => nothing\n'
    '    outcome red => {effect}\n  }}\n}}\n',
    'poi P102 "Here" external {{\n  action "A" {{\n    special die => {effect}\n    track green 3 => nothing\n'
    '    track red 3 => nothing\n  }}\n}}\n',
)
_VANTAGE_CONTEXT = '''location 1 "Start" { north 2 walk }
location 2 "Cliff" { south 1 walk }
card 1201 item "Lantern" external { vertical }
card 1601 mission "Quest" external { text "Go." }
card 1705 destiny "Fate" external { text "Go." }
'''
_VANTAGE_PLACES = ('location 3 "Here" external {{\n  help "Go" cost 1 {{\n    result {{\n      {effect}\n'
                   '    }}\n  }}\n}}\n',)


def _errors(tmp_path, text: str) -> list[str]:
    folder = tmp_path / f"p{len(list(tmp_path.iterdir()))}"
    folder.mkdir()
    (folder / "p.vcl").write_text(text, encoding="utf-8")
    return [f"{d.code.id} {d.message}" for d in compile_pack(folder).diagnostics if d.severity is Severity.ERROR]


@pytest.mark.parametrize("form", [f for f in FORMS], ids=lambda f: f"{f.game or 'both'}: {f.spelling()}")
def test_every_example_of_the_effect_tables_compiles(form, tmp_path):
    shown, _ = example(form)
    games = [form.game] if form.game else ["vanguard", "vantage"]
    for game in games:
        header, context, places = ((VANGUARD_HEADER, _VANGUARD_CONTEXT, _VANGUARD_PLACES) if game == "vanguard"
                                   else (VANTAGE_HEADER, _VANTAGE_CONTEXT, _VANTAGE_PLACES))
        effect = f"{shown} => gain morale 1" if form.payment else shown
        way_out = "" if form.way_out else "  return\n"
        tried = [_errors(tmp_path, header + context + place.format(effect=effect, way_out=way_out))
                 for place in places]
        assert [] in tried, f"`{shown}` compiles nowhere in a {game} pack: {tried}"
