"""The two readers of a declaration, each made once per process: the fast log reader
(parse/fast.py), and Lark's LALR parser, loaded only when a declaration needs it. Both
call the one AST builder."""
from __future__ import annotations

import os
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from vcompiler.parse.cache import default_cache_root
from vcompiler.parse.fast import FastLogReader
from vcompiler.parse.transform import AstBuilder
from vcompiler.util.resources import data_dir

if TYPE_CHECKING:
    from lark import Lark
    from lark.exceptions import UnexpectedInput


def accelerator() -> dict[str, Any]:
    """lark-cython (`pip install vcompiler[fast]`) runs the same LALR tables about 1.4x
    faster; VCOMPILER_PURE_PYTHON=1 turns it off (the tests compare the two)."""
    if os.environ.get("VCOMPILER_PURE_PYTHON"):
        return {}
    try:
        import lark_cython
    except ImportError:
        return {}
    return {"_plugins": lark_cython.plugins}


def grammar() -> str:
    return (data_dir("grammar") / "vcl.lark").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def reader() -> tuple[AstBuilder, FastLogReader]:
    """The AST builder and the fast reader, which shares it with Lark."""
    builder = AstBuilder()
    return builder, FastLogReader(builder, grammar())


@lru_cache(maxsize=1)
def parser() -> tuple[Lark, AstBuilder, FastLogReader]:
    """Lark's parser (its tables read or built), loaded the first time a declaration
    needs it: a pack of logs alone never does."""
    from lark import Lark

    from vcompiler.parse import tables
    builder, fast = reader()
    text = grammar()
    options: dict[str, Any] = {"parser": "lalr", "lexer": "contextual", "maybe_placeholders": True}
    stored = tables.table_file(default_cache_root(), text, options)
    loaded = tables.load(stored, transformer=builder, **accelerator())
    if loaded is None:
        loaded = Lark(text, transformer=builder, **options, **accelerator())
        try:
            tables.save(loaded, stored)
        except (OSError, TypeError):
            pass             # only slower next time
    return loaded, builder, fast


def warm_parser() -> None:
    """Make the fast reader now (before worker processes are forked, say). Lark's
    parser is loaded by whichever process first needs it."""
    reader()


def syntax_errors() -> tuple[type[UnexpectedInput], ...]:
    # An `except` clause's classes are looked up only once an exception is raised,
    # nearly always by Lark, which is then loaded already.
    from lark.exceptions import UnexpectedInput
    return (UnexpectedInput,)
