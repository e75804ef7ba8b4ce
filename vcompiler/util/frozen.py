"""`@frozen`: a frozen dataclass, made in a fraction of the time `@dataclass(frozen=True)`
takes at import.

Every command imports about a hundred of them (the syntax tree, the model, the
diagnostics, the registry), and on Python 3.11 the dataclass decorator compiles each
of a class's six methods from source on its own: about 0.4 ms a class, half of the
time `vcompiler check` takes to import what it runs. `@frozen` lets `dataclasses` read
the fields (so that `fields()`, `replace()` and `is_dataclass()` work as ever) and
compiles the methods at once, with the semantics of `dataclass(frozen=True)`: the same
`__init__` (fields stored through `object.__setattr__`, which keeps instances compact
and their attributes quick to read), equality and hash by the fields' values in order,
and assignment refused with `FrozenInstanceError`."""
from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

_T = TypeVar("_T", bound=type)
_MISSING = dataclasses.MISSING


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(cls: _T) -> _T:
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        if name in vars(cls):
            raise TypeError(f"@frozen makes {cls.__qualname__}.{name} itself")
    if not cls.__doc__:
        # What dataclasses would write, without its inspect.signature() of the class.
        cls.__doc__ = f"{cls.__name__}({', '.join(cls.__annotations__)})"
    # The fields, read by dataclasses, without any method made.
    dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    fields = [f for f in cls.__dataclass_fields__.values()  # type: ignore[attr-defined]
              if f._field_type is dataclasses._FIELD]  # type: ignore[attr-defined]
    if any(f._field_type is dataclasses._FIELD_INITVAR  # type: ignore[attr-defined]
           for f in cls.__dataclass_fields__.values()):  # type: ignore[attr-defined]
        raise TypeError(f"@frozen takes no InitVar ({cls.__qualname__})")
    methods = _methods(cls, fields)
    methods["__init__"] = _init(fields, hasattr(cls, "__post_init__"))
    for name, function in methods.items():
        function.__qualname__ = f"{cls.__qualname__}.{name}"
        function.__module__ = cls.__module__
        setattr(cls, name, function)
    cls.__dataclass_params__.frozen = True  # type: ignore[attr-defined]
    cls.__dataclass_params__.eq = True  # type: ignore[attr-defined]
    return cls


def _init(fields: list[dataclasses.Field[Any]], post_init: bool) -> Callable[..., None]:
    """The __init__ dataclass(frozen=True) writes, compiled the same way."""
    scope: dict[str, Any] = {"setattr": object.__setattr__, "_MISSING": _MISSING}
    positional: list[str] = []
    keyword_only: list[str] = []
    stores: list[str] = []
    for i, field in enumerate(fields):
        name = field.name
        value = name
        if field.default_factory is not _MISSING:
            scope[f"factory{i}"] = field.default_factory
            if field.init:
                stores.append(f"  if {name} is _MISSING: {name} = factory{i}()")
            else:
                value = f"factory{i}()"
        elif field.default is not _MISSING:
            scope[f"default{i}"] = field.default
            if not field.init:
                value = f"default{i}"
        if field.init:
            parameter = name
            if field.default_factory is not _MISSING:
                parameter += "=_MISSING"
            elif field.default is not _MISSING:
                parameter += f"=default{i}"
            (keyword_only if field.kw_only else positional).append(parameter)
        elif value == name:
            continue                     # no value to start with: __post_init__ gives one
        stores.append(f"  setattr(self, {name!r}, {value})")
    if post_init:
        stores.append("  self.__post_init__()")
    parameters = ", ".join(["self", *positional, *(["*", *keyword_only] if keyword_only else [])])
    exec(f"def __init__({parameters}):\n" + "\n".join(stores or ["  pass"]), scope)  # noqa: S102 - as dataclasses does
    return scope["__init__"]


def _values(names: list[str]) -> Callable[[object], tuple[Any, ...]]:
    """The values of the fields `names` of an instance, as a tuple, in C."""
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names) if names else (lambda obj: ())


def _methods(cls: type[Any], fields: list[dataclasses.Field[Any]]) -> dict[str, Callable[..., Any]]:
    """Equality, hash, repr and the refusal to assign, as dataclass(frozen=True) makes
    them, from closures: only __init__, which every node runs, is worth compiling."""
    names = tuple(f.name for f in fields)
    compared = _values([f.name for f in fields if f.compare])
    hashed = _values([f.name for f in fields if (f.compare if f.hash is None else f.hash)])
    shown = [(f.name, attrgetter(f.name)) for f in fields if f.repr]

    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{name}={get(self)!r}' for name, get in shown)})"

    def __setattr__(self: Any, name: str, value: object) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return {"__eq__": __eq__, "__hash__": __hash__, "__repr__": __repr__, "__setattr__": __setattr__,
            "__delattr__": __delattr__}
