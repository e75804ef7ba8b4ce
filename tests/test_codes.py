"""The catalogue of diagnostic codes is the one home of each code's documentation: in
id order, every entry documented, every code it names a code, and a rule's docstring
no second text. What passes fold diagnostics by is a field, not their wording."""
import inspect
import re

import pytest

from conftest import VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.checks import load_rules
from vcompiler.codes import CATALOGUE

CODE = re.compile(r"\b[EW]\d{3}\b")
EXPECT = re.compile(r"//\s*expect:\s*([EW]\d{3})")
# What an example that is not a whole pack may leave undefined, as docs/ examples may.
NOT_SHOWN = {"E200", "E201", "E202", "E203", "E309"}


def test_the_catalogue_is_in_id_order():
    assert list(CATALOGUE) == sorted(CATALOGUE)


def test_every_code_is_documented():
    for code in CATALOGUE.values():
        assert code.summary.strip(), code.id
        assert len(code.doc.split()) >= 12, f"{code.id}: its documentation is a few words"
        assert code.doc == code.doc.strip() and code.doc.endswith((".", ")")), code.id


def test_the_codes_a_doc_names_are_codes():
    for code in CATALOGUE.values():
        named = set(CODE.findall(code.doc)) - set(CATALOGUE)
        assert not named, f"{code.id} names {sorted(named)}"


def test_a_rules_docstring_only_names_its_code():
    for registered in load_rules():
        doc = inspect.getdoc(registered.function)
        if doc is None:
            continue
        assert "\n" not in doc and doc.startswith(f"{registered.code.id}: "), registered.function.__name__


def test_e208_says_where_its_other_meanings_went():
    doc = CATALOGUE["E208"].doc
    for moved in ("E228", "E229", "E230", "E231", "E232", "E233", "E343", "E344"):
        assert moved in doc
        assert CATALOGUE[moved].severity is CATALOGUE["E208"].severity


def test_a_definition_made_twice_is_grouped_by_its_subject_not_its_message(write_pack):
    from vcompiler.compile import compile_pack
    result = compile_pack(write_pack({"pack.vcl": VANGUARD_HEADER + '''log 1 "Start" { return }
log 1 "Again" { return }
poi P1 "Rock" external { }
poi P1 "Stone" external { }
'''}))
    assert sorted((d.code.id, d.subject) for d in result.diagnostics) == [("E205", "log 1"), ("E205", "poi P1")]


@pytest.mark.parametrize("code", [c for c in CATALOGUE.values() if c.example is not None], ids=lambda c: c.id)
def test_a_codes_example_makes_it_where_it_says(code, write_pack):
    from vcompiler.compile import compile_pack
    header = VANTAGE_HEADER if code.example.game == "vantage" else VANGUARD_HEADER
    offset = header.count("\n")
    result = compile_pack(write_pack({"pack.vcl": header + code.example.text}))
    marked = {(n, m.group(1)) for n, line in enumerate(code.example.text.splitlines(), 1)
              for m in [EXPECT.search(line)] if m}
    assert {m[1] for m in marked} == {code.id}
    found = {(d.span.line - offset, d.code.id) for d in result.diagnostics}
    assert marked <= found
    others = {d.code.id for d in result.diagnostics if d.severity.value == "error"} - {code.id} - NOT_SHOWN
    assert not others
