"""The catalogue of diagnostic codes is the one home of each code's documentation: in
id order, every entry documented, every code it names a code, and a rule's docstring
no second text. What passes fold diagnostics by is a field, not their wording."""
import inspect
import re

from conftest import VANGUARD_HEADER
from vcompiler.checks import load_rules
from vcompiler.codes import CATALOGUE

CODE = re.compile(r"\b[EW]\d{3}\b")


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
