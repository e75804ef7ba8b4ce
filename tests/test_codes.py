"""The catalogue of diagnostic codes is the one home of each code's documentation: in
id order, every entry documented, every code it names a code, and a rule's docstring
no second text."""
import inspect
import re

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
