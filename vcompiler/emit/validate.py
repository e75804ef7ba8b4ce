"""Bundles are checked against their published schema before they are written: a
bundle that fails its own schema is a bug in the compiler, never a silent write.

The verdict comes from jsonschema-rs (a large bundle in a few hundredths of a second,
where jsonschema takes seconds). A bundle that fails is described by jsonschema, whose
messages list every allowed value and every failed alternative; the two agree on what
is valid (tests/test_emit.py compares them on mutated bundles)."""
from __future__ import annotations

import json
from functools import cache

import jsonschema_rs

from vcompiler.emit.bundle import Json
from vcompiler.util.resources import data_dir


@cache
def schema(name: str) -> Json:
    return json.loads((data_dir("schemas") / name).read_text(encoding="utf-8"))


@cache
def validator(name: str) -> jsonschema_rs.Draft202012Validator:
    jsonschema_rs.meta.validate(schema(name))
    return jsonschema_rs.Draft202012Validator(schema(name))


def is_valid(document: Json, name: str) -> bool:
    return validator(name).is_valid(document)


def schema_errors(document: Json, name: str) -> list[str]:
    """Every way `document` fails the schema `name`, ordered by where; [] if valid."""
    if is_valid(document, name):
        return []
    return _explained(document, name) or [
        f"/{'/'.join(map(str, e.instance_path))}: {e.message}" for e in validator(name).iter_errors(document)]


def _explained(document: Json, name: str) -> list[str]:
    from jsonschema import Draft202012Validator

    errors = sorted(Draft202012Validator(schema(name)).iter_errors(document), key=lambda e: list(e.absolute_path))
    return [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors]
