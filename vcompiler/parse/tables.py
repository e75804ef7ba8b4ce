"""Lark's LALR tables, kept between runs as JSON: building them takes longer than
checking a small pack, and Lark's own cache (`cache=`, `Lark.save`/`Lark.load`) is a
pickle, which would run whatever a planted file says. JSON gives back nothing but
dicts, lists, strings and numbers; Lark then rebuilds its parser from them, making
only its own rule and terminal types. A file that is not exactly that (damaged,
planted, of another Lark) means building the tables again."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import lark
from lark import Lark, Token
from lark.grammar import Rule
from lark.lexer import TerminalDef

from vcompiler.parse.cache import private_folder, seal, unseal, write_whole
from vcompiler.util.safeio import read_regular

# The options Lark takes again when it loads tables (the transformer, the plugins):
# they are not data and are not written.
_GIVEN_AT_LOAD = ("transformer", "postlex", "lexer_callbacks", "use_bytes", "debug", "g_regex_flags",
                  "regex", "propagate_positions", "tree_class", "_plugins")
_FORMAT = "1"


def table_file(root: Path, grammar: str, options: dict[str, Any]) -> Path:
    settings = repr(sorted((k, v) for k, v in options.items() if k not in _GIVEN_AT_LOAD))
    digest = hashlib.sha256("\0".join((_FORMAT, lark.__version__, settings, grammar)).encode())
    return root / f"lark-tables-{digest.hexdigest()[:20]}.json"


# JSON has no tuples and only string keys; Lark's tables have both. A tuple is written
# {"t": [...]} and a dict that JSON cannot hold as it is {"k": [[key, value], ...]}.
def _encode(value: object) -> object:
    if isinstance(value, Token):
        return str(value)
    if isinstance(value, tuple):
        return {"t": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        if all(type(k) is str for k in value) and not (len(value) == 1 and next(iter(value)) in ("t", "k")):
            return {k: _encode(v) for k, v in value.items()}
        return {"k": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"a {type(value).__name__} in Lark's tables")


def _decode(obj: dict[str, Any]) -> object:
    if len(obj) == 1:
        (tag, items), = obj.items()
        if tag == "t" and isinstance(items, list):
            return tuple(items)
        if tag == "k" and isinstance(items, list):
            return dict(items)
    return obj


def save(parser: Lark, path: Path) -> None:
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k not in _GIVEN_AT_LOAD}
    text = json.dumps(_encode({"data": data, "memo": memo}), separators=(",", ":"))
    if private_folder(path.parent, link_ok=True):
        write_whole(path.parent, path.name, seal(text.encode("utf-8")))


# Lark's tables for the grammar take about a megabyte.
MAX_TABLES_BYTES = 64 * 1024 * 1024


def load(path: Path, **given: Any) -> Lark | None:
    """The parser from the tables in `path`, or None if there are none fit to use."""
    if not private_folder(path.parent, link_ok=True):
        return None
    try:
        # Tables decide what parses: only tables this user's key signed are used.
        signed = unseal(read_regular(path, within=path.parent, limit=MAX_TABLES_BYTES, links=False))
        if signed is None:
            return None
        stored = json.loads(signed, object_hook=_decode)
        return Lark._load_from_dict(stored["data"], stored["memo"], **given)
    except Exception:      # missing, damaged or foreign: whatever it is, the tables are built again
        return None
