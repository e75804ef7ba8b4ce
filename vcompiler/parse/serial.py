"""Frozen values <-> JSON, for the cache of parsed files. Loading builds only the
types of a whitelist (the frozen dataclasses, named tuples and enums of the AST, the
source positions and the diagnostics, and the catalogue's codes) and checks every
field against its annotation, so that a planted or damaged entry can give nothing but
an error, never run code nor hand the model a value of the wrong shape.

The whitelist and the checks are read from the modules themselves: a node that gains,
loses or retypes a field needs no change here.

A node is a one-key JSON object, `{"LogDecl": [field values in order]}`; a tuple is a
JSON array; a code is `{"Code": "E100"}`; an enum member `{"Kind": value}`."""
from __future__ import annotations

import dataclasses
import enum
import json
import sys
import types
import typing
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path, PurePath

from vcompiler import ast, codes, diagnostics, source

# The modules whose types a cache entry may hold.
MODULES = (ast, source, diagnostics)


class Malformed(ValueError):
    """The data is not a value of the expected shape."""


def _is_named_tuple(cls: type) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")


def _frozen_dataclass(cls: type) -> bool:
    return dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


@lru_cache(maxsize=1)
def registry() -> dict[str, type]:
    """Tag -> type, for every frozen dataclass, named tuple and enum defined in MODULES."""
    found: dict[str, type] = {}
    for module in MODULES:
        for obj in vars(module).values():
            if not isinstance(obj, type) or obj.__module__ != module.__name__:
                continue
            if _frozen_dataclass(obj) or _is_named_tuple(obj) or issubclass(obj, enum.Enum):
                if obj.__name__ in found and found[obj.__name__] is not obj:
                    raise TypeError(f"two cacheable types are named {obj.__name__}")
                found[obj.__name__] = obj
    found.pop("Code", None)
    return found


_TAG_OF: dict[type, str] = {}


def _tag(cls: type) -> str:
    try:
        return _TAG_OF[cls]
    except KeyError:
        pass
    tags = {v: k for k, v in registry().items()}
    if cls not in tags:
        raise TypeError(f"{cls.__qualname__} is not a type the cache may hold")
    _TAG_OF[cls] = tags[cls]
    return tags[cls]


# ---------------------------------------------------------------- writing
def _plain(value: object) -> object:
    if value is None or isinstance(value, (bool, str, int, float)):
        return value
    if isinstance(value, codes.Code):
        return {"Code": value.id}
    if isinstance(value, enum.Enum):
        return {_tag(type(value)): _plain(value.value)}
    if isinstance(value, tuple) and _is_named_tuple(type(value)):
        return {_tag(type(value)): [_plain(v) for v in value]}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        tag = _tag(type(value))
        return {tag: [_plain(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init]}
    if isinstance(value, PurePath):
        return {"$path": str(value)}
    raise TypeError(f"a {type(value).__qualname__} is not a value the cache may hold")


def dumps(value: object) -> bytes:
    """ASCII JSON (lone surrogates of undecodable file names survive as escapes).
    TypeError for a value outside the whitelist; RecursionError for one too deep."""
    return json.dumps(_plain(value), ensure_ascii=True, separators=(",", ":"),
                      allow_nan=False).encode("ascii")


# ---------------------------------------------------------------- reading
Check = Callable[[object], object]     # returns the value converted, or raises Malformed


def _fail(expected: str, value: object) -> typing.NoReturn:
    raise Malformed(f"expected {expected}, found {type(value).__name__}")


def _exact(*kinds: type) -> Check:
    names = " or ".join(k.__name__ for k in kinds)

    def check(value: object) -> object:
        # bool is an int to isinstance, not to an annotation that says int.
        if type(value) in kinds:
            return value
        return _fail(names, value)
    return check


def _instance(cls: type) -> Check:
    def check(value: object) -> object:
        if isinstance(value, cls):
            return value
        return _fail(cls.__name__, value)
    return check


def _anything(value: object) -> object:
    """An `object` field: any value the format can hold, arrays as tuples."""
    if isinstance(value, list):
        return tuple(_anything(v) for v in value)
    return value


def _union(options: list[Check], text: str) -> Check:
    def check(value: object) -> object:
        for option in options:
            try:
                return option(value)
            except Malformed:
                continue
        return _fail(text, value)
    return check


def _tuple_of(item: Check) -> Check:
    def check(value: object) -> object:
        if not isinstance(value, list):
            return _fail("an array", value)
        return tuple(item(v) for v in value)
    return check


def _tuple_fixed(items: list[Check]) -> Check:
    def check(value: object) -> object:
        if not isinstance(value, list) or len(value) != len(items):
            return _fail(f"an array of {len(items)}", value)
        return tuple(c(v) for c, v in zip(items, value))
    return check


def _literal(options: tuple[object, ...]) -> Check:
    def check(value: object) -> object:
        if any(type(value) is type(o) and value == o for o in options):
            return value
        return _fail(f"one of {options!r}", value)
    return check


def compile_hint(hint: object) -> Check:
    """A check for values of the annotation `hint`. Raises TypeError for an annotation
    the format cannot hold (a test runs this over every field of every type)."""
    if hint is object or hint is typing.Any:
        return _anything
    if hint is None or hint is type(None):
        return _literal((None,))
    if hint in (str, int, float, bool):
        return _exact(int, float) if hint is float else _exact(hint)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        return _union([compile_hint(a) for a in args], str(hint))
    if origin is typing.Literal:
        return _literal(args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_of(compile_hint(args[0]))
        if args == ((),):
            return _tuple_fixed([])
        return _tuple_fixed([compile_hint(a) for a in args])
    if hint is tuple:
        return _tuple_of(_anything)
    if origin is typing.Annotated:
        return compile_hint(args[0])
    if isinstance(hint, type) and (hint is codes.Code or hint in registry().values()):
        return _instance(hint)
    if isinstance(hint, type) and issubclass(hint, PurePath):
        return _instance(PurePath)
    raise TypeError(f"the cache cannot hold a field annotated {hint!r}")


_SCALARS = (str, int, float, bool)


def _maker(cls: type) -> Callable[[list[typing.Any]], object]:
    """A function that makes a `cls` from the array of its field values, or raises
    Malformed. Nodes are most of what a cache entry holds, so it is written out for
    each type, from the type's own annotations (never from the data), the way
    dataclasses writes __init__: scalar and node fields are checked inline, others by
    their compiled check, and a frozen dataclass without a __post_init__ is filled in
    directly, as pickle would, rather than through its __init__."""
    hints = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))
    if _is_named_tuple(cls):
        names = list(cls._fields)  # type: ignore[attr-defined]
    else:
        names = [f.name for f in dataclasses.fields(cls) if f.init]
    direct = (_frozen_dataclass(cls) and not hasattr(cls, "__post_init__") and "__slots__" not in vars(cls)
              and all(f.init for f in dataclasses.fields(cls)))
    scope: dict[str, object] = {"Malformed": Malformed, "cls": cls, "new": object.__new__,
                                "tuple_new": tuple.__new__}
    values = [f"v{i}" for i in range(len(names))]
    body = [f"if type(data) is not list or len(data) != {len(names)}:",
            f"    raise Malformed('{cls.__name__} has {len(names)} fields')"]
    if names:
        body.append(f"{', '.join(values)}, = data")
    for i, name in enumerate(names):
        hint = hints[name]
        wrong = f"    raise Malformed('{cls.__name__}.{name} has the wrong type')"
        if hint in _SCALARS and hint is not float:
            scope[f"t{i}"] = hint
            body += [f"if type(v{i}) is not t{i}:", wrong]
        elif isinstance(hint, type) and hint in registry().values() and not issubclass(hint, enum.Enum):
            scope[f"t{i}"] = hint
            body += [f"if not isinstance(v{i}, t{i}):", wrong]
        else:
            scope[f"c{i}"] = compile_hint(hint)
            body.append(f"v{i} = c{i}(v{i})")
    if direct:
        pairs = ", ".join(f"{name!r}: v{i}" for i, name in enumerate(names))
        body += ["obj = new(cls)", f"obj.__dict__.update({{{pairs}}})", "return obj"]
    elif _is_named_tuple(cls):
        body.append(f"return tuple_new(cls, ({', '.join(values)}{',' if len(values) == 1 else ''}))")
    else:
        body.append(f"return cls({', '.join(values)})")
    source = "def make(data):\n" + "".join(f"    {line}\n" for line in body)
    exec(source, scope)     # noqa: S102 - text made above from annotations only
    return scope["make"]  # type: ignore[return-value]


@lru_cache(maxsize=1)
def _makers() -> dict[str, Callable[[typing.Any], object]]:
    makers: dict[str, Callable[[typing.Any], object]] = {"Code": _code, "$path": _path}
    for tag, cls in registry().items():
        makers[tag] = _member(cls) if issubclass(cls, enum.Enum) else _maker(cls)
    return makers


def _code(data: object) -> codes.Code:
    if type(data) is str and data in codes.CATALOGUE:
        return codes.CATALOGUE[data]
    raise Malformed(f"no code {data!r}")


def _path(data: object) -> Path:
    if type(data) is str:
        return Path(data)
    raise Malformed("a path is a string")


def _member(cls: type[enum.Enum]) -> Callable[[object], object]:
    def make(data: object) -> object:
        try:
            return cls(data)
        except (ValueError, TypeError):
            raise Malformed(f"{data!r} is not a {cls.__name__}") from None
    return make


def _object_hook(pairs: list[tuple[str, object]]) -> object:
    if len(pairs) != 1:
        raise Malformed("a node is an object of one key")
    tag, data = pairs[0]
    make = _makers().get(tag)
    if make is None:
        raise Malformed(f"{tag!r} is not a type the cache may hold")
    return make(data)


def loads(data: bytes, expect: object) -> object:
    """The value that `dumps` wrote, checked against the annotation `expect`.
    Malformed for anything else (including JSON that does not parse, and nesting
    deeper than the interpreter allows)."""
    try:
        tree = json.loads(data.decode("ascii"), object_pairs_hook=_object_hook)
    except Malformed:
        raise
    except (ValueError, RecursionError, UnicodeDecodeError, TypeError) as error:
        raise Malformed(str(error)) from None
    return compile_hint(expect)(tree)
