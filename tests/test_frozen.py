"""`@frozen` behaves as `@dataclass(frozen=True)` in everything the code relies on."""
from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import vcompiler
from vcompiler import ast
from vcompiler.parse import serial
from vcompiler.source import Span
from vcompiler.util.frozen import frozen


def _pair(body: str) -> tuple[type, type]:
    """The same class body under `@frozen` and under `@dataclass(frozen=True)`."""
    scope: dict = {"frozen": frozen, "dataclass": dataclass, "field": field, "__name__": __name__}
    exec(f"@frozen\nclass Ours:\n{body}\n@dataclass(frozen=True)\nclass Theirs:\n{body}", scope)
    return scope["Ours"], scope["Theirs"]


BODY = """
    name: str
    span: object
    tags: tuple = ()
    notes: list = field(default_factory=list, compare=False)
    labels: dict = field(default_factory=dict, hash=False, repr=False)
    flag: bool = field(default=False, kw_only=True)
"""


def _fields(obj: object) -> list[tuple]:
    return [(f.name, f.default, f.default_factory, f.init, f.repr, f.compare, f.hash, f.kw_only)
            for f in dataclasses.fields(obj)]  # type: ignore[arg-type]


def test_fields_signature_and_defaults_match_dataclass():
    ours, theirs = _pair(BODY)
    assert _fields(ours) == _fields(theirs)
    a, b = ours("n", 1), theirs("n", 1)
    assert (a.tags, a.notes, a.labels, a.flag) == (b.tags, b.notes, b.labels, b.flag)
    assert ours("n", 1).notes is not ours("n", 1).notes          # a fresh default each time
    assert ours("n", 1, flag=True).flag
    with pytest.raises(TypeError):
        ours("n", 1, (), [], {}, True)                           # flag is keyword-only
    with pytest.raises(TypeError):
        ours("n")
    assert dataclasses.is_dataclass(ours) and ours.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_equality_hash_and_repr_match_dataclass():
    ours, theirs = _pair(BODY)
    for args, kwargs in [(("n", 1), {}), (("n", 1, (2,), [3], {"k": 4}), {"flag": True})]:
        a, b = ours(*args, **kwargs), theirs(*args, **kwargs)
        assert hash(a) == hash(b)
        assert repr(a).replace("Ours", "X") == repr(b).replace("Theirs", "X")
    assert ours("n", 1, notes=[1]) == ours("n", 1, notes=[2])       # compare=False
    assert ours("n", 1) != ours("m", 1)
    assert ours("n", 1) != theirs("n", 1)                            # another class
    assert hash(ours("n", 1, labels={"a": 1})) == hash(ours("n", 1, labels={"b": 2}))   # hash=False


def test_assignment_and_deletion_are_refused():
    ours, _ = _pair(BODY)
    value = ours("n", 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.name = "m"
    with pytest.raises(dataclasses.FrozenInstanceError):
        del value.name
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.other = 1


def test_replace_and_post_init():
    ours, theirs = _pair(BODY + "\n    def __post_init__(self):\n        self.notes.append('made')\n")
    for cls in (ours, theirs):
        value = cls("n", Span("f", 1, 2, 3, 4))
        assert value.notes == ["made"]
        changed = dataclasses.replace(value, name="m")
        assert (changed.name, changed.span, changed.notes) == ("m", value.span, ["made", "made"])


def test_a_class_writing_its_own_method_is_refused():
    with pytest.raises(TypeError, match="__eq__"):
        _pair("    x: int\n    def __eq__(self, other):\n        return True\n")


def test_the_syntax_tree_pickles_and_round_trips_the_parse_cache():
    node = ast.Ref("log", ast.Value("number", 12, Span("f", 1, 2, 1, 9)), Span("f", 1, 1, 1, 10))
    assert pickle.loads(pickle.dumps(node)) == node
    assert serial.loads(serial.dumps(node), ast.Ref) == node


def test_every_frozen_value_of_the_package_is_declared_with_frozen():
    package = Path(vcompiler.__file__).parent
    slow = [f"{path.relative_to(package)}:{number}" for path in sorted(package.rglob("*.py"))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if line.strip().startswith("@dataclass(") and "frozen=True" in line]
    assert slow == [], "declare these with @frozen (vcompiler/util/frozen.py): " + ", ".join(slow)
