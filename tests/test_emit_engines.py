"""The fast engines of the emit stage decide exactly what the reference ones do:
jsonschema-rs gives jsonschema's verdict on valid and invalid bundles, and orjson
writes json's bytes."""
import copy
import json

import jsonschema
import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from conftest import CONTENT, ROOT
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle
from vcompiler.emit.validate import is_valid, schema_errors
from vcompiler.emit.write import bundle_bytes

SCHEMA = json.loads((ROOT / "schemas" / "bundle.schema.json").read_text(encoding="utf-8"))
REFERENCE = jsonschema.Draft202012Validator(SCHEMA)
NAME = "bundle.schema.json"


BUNDLES = [to_bundle(compile_pack(CONTENT / name).pack) for name in ("eye-of-the-void", "tidal-reach")]

# Values of every JSON type, with the strings that engines are known to read differently
# (a trailing newline against `$`, non-ASCII, control characters, empty).
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-2**63, 2**63 - 1),
    st.sampled_from(["", "A", "A\n", "a", "P101", "red", "goto_log", "vanguard", "é", "\u2028", "1"]),
    st.text(max_size=6))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["kind", "op", "log", "text", "x"]), inner,
                                                 max_size=3)), max_leaves=6)


def _places(node, path=()):
    """Every (path, value) in the document, the root included."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _places(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _places(value, (*path, index))


def _at(document, path):
    for step in path:
        document = document[step]
    return document


@st.composite
def mutated_bundles(draw):
    """A real bundle with one to three changes: a value replaced by any JSON value or by
    another value of the same bundle (often still valid), a key removed or added, an item
    of a list dropped or repeated."""
    document = copy.deepcopy(draw(st.sampled_from(BUNDLES)))
    for _ in range(draw(st.integers(1, 3))):
        places = list(_places(document))
        path, value = draw(st.sampled_from(places[1:]))
        parent, last = _at(document, path[:-1]), path[-1]
        how = draw(st.sampled_from(["any", "borrow", "remove", "add", "repeat"]))
        if how == "any":
            parent[last] = draw(VALUES)
        elif how == "borrow":
            parent[last] = copy.deepcopy(draw(st.sampled_from(places))[1])
        elif how == "remove":
            del parent[last]
        elif how == "add" and isinstance(value, dict):
            value[draw(st.sampled_from(["extra", "kind", "op", "label", "source"]))] = draw(VALUES)
        elif how == "repeat" and isinstance(value, list) and value:
            value.append(copy.deepcopy(value[0]))
    return document


def test_shipped_bundles_are_valid_in_both():
    for bundle in BUNDLES:
        assert is_valid(bundle, NAME) and REFERENCE.is_valid(bundle)
        assert schema_errors(bundle, NAME) == []


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_bundles())
def test_both_engines_give_one_verdict(document):
    verdict = REFERENCE.is_valid(document)
    assert is_valid(document, NAME) == verdict
    # A failing bundle is described in jsonschema's words, every error of it.
    errors = schema_errors(document, NAME)
    assert bool(errors) != verdict
    assert len(errors) == len(list(REFERENCE.iter_errors(document)))


def test_the_mutations_reach_both_verdicts():
    """The property above is only worth something if it sees valid and invalid bundles."""
    seen = set()

    @seed(0)
    @settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(mutated_bundles())
    def collect(document):
        seen.add(REFERENCE.is_valid(document))
    collect()
    assert seen == {True, False}


def test_a_failing_bundle_is_described_by_jsonschema():
    bundle = copy.deepcopy(BUNDLES[0])
    bundle["logs"][0]["statements"][0]["kind"] = "bogus"
    [error] = schema_errors(bundle, NAME)
    assert error.startswith("/logs/0/statements/0/kind: 'bogus' is not one of ['text', 'check', ")


# Text as a decoded source file can hold it: any character but a lone surrogate.
TEXT = st.text(st.characters(blacklist_categories=("Cs",)))
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(TEXT, JSON, max_size=4))
def test_orjson_writes_the_bytes_json_writes(document):
    expected = (json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
    assert bundle_bytes(document) == expected


@pytest.mark.parametrize("bundle", BUNDLES, ids=["vanguard", "vantage"])
def test_shipped_bundles_are_written_as_json_writes_them(bundle):
    expected = (json.dumps(bundle, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
    assert bundle_bytes(bundle) == expected
