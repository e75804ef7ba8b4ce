"""Bundles are checked against their published schema before they are written: a
bundle that fails its own schema is a bug in the compiler, never a silent write."""
from __future__ import annotations

import json
from functools import lru_cache

from jsonschema import Draft202012Validator

from vcompiler.resources import data_dir


@lru_cache(maxsize=None)
def validator(name: str) -> Draft202012Validator:
    schema = json.loads((data_dir("schemas") / name).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def schema_errors(document: dict, name: str) -> list[str]:
    errors = sorted(validator(name).iter_errors(document), key=lambda e: list(e.absolute_path))
    return [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors]
