"""Time each stage of `check` in one process, to see where the time goes.

    python bench/stages.py [--lark-only] PACK [PACK ...]

Prints, in seconds of CPU time (steadier than wall time on a shared machine), median
of 3, everything in one process (no parse workers):

  split        cutting files into declarations
  tokens       the fast log reader's tokens (parse/fast.py)
  read         the fast log reader's loops and the AST callbacks they call (markup excluded)
  lex          Lark's lexer alone (a basic lexer over the same terminals, as a measure),
               over the declarations the fast reader leaves to Lark
  parse        Lark's LALR parser, building a plain tree (its lexer excluded), the same
  transform    the callbacks that build the AST, in place of that tree (markup excluded)
  markup       reading the text of strings (paragraphs, {references}, emphasis)
  model        AST -> model
  graph        building the story graph and every rule that reads it
  other checks every other rule
"""
from __future__ import annotations

import gc
import statistics
import sys
import time
from functools import cache
from pathlib import Path

from lark import Lark

from vcompiler.checks import CheckContext, load_rules
from vcompiler.compile import display_path, pack_files, parse_pack, read_source
from vcompiler.model.build import build_model
from vcompiler.parse import _parser, markup, transform
from vcompiler.parse.split import split_declarations
from vcompiler.util.resources import data_dir

GRAPH_MODULE = "vcompiler.checks.graph"
clock = time.process_time


class Timed:
    """Wraps a function and adds up the time spent in it, and apart the time spent in it
    while the function `inside` wraps runs."""

    def __init__(self, function, inside: Timed | None = None):
        self.function, self.inside = function, inside
        self.total = self.within = 0.0
        self.running = False

    def __call__(self, *args, **kwargs):
        start = clock()
        self.running = True
        try:
            return self.function(*args, **kwargs)
        finally:
            self.running = False
            spent = clock() - start
            self.total += spent
            if self.inside is not None and self.inside.running:
                self.within += spent


@cache
def plain_parser(lexer: str = "contextual") -> Lark:
    """The same grammar and accelerator as the compiler's parser, without the AST builder."""
    grammar = (data_dir("grammar") / "vcl.lark").read_text(encoding="utf-8")
    plugins = _parser()[0].options.options.get("_plugins") or {}
    return Lark(grammar, parser="lalr", lexer=lexer, maybe_placeholders=False, _plugins=plugins)


def lex_only(text: str) -> None:
    """Every token of `text` by a basic lexer over the grammar's terminals: about the
    work of the contextual lexer, which cannot run without the parser."""
    basic = plain_parser("basic")
    if not basic.options.options.get("_plugins"):
        for _ in basic.lex(text):
            pass
        return
    from lark_cython.lark_cython import LexerThread
    lexer = basic.parser.lexer
    state = LexerThread.from_text(lexer, text).state
    try:
        while True:
            lexer.next_token(state, None)
    except EOFError:
        pass


def lark_times(folder: Path) -> dict[str, float]:
    """split, lex, parse: Lark without the AST builder, over the declarations that the
    fast reader leaves to it."""
    plain = plain_parser()
    texts = [read_source(p, p.as_posix(), p.name)[0].text for p in pack_files(folder)]
    start = clock()
    chunks = [c.text for text in texts for c in split_declarations(text)]
    split = clock() - start
    reader = _parser()[2]
    reader.builder.begin("", (), 0)
    chunks = [c for c in chunks if reader.read(c) is None]
    start = clock()
    lex_only("\n".join(chunks))
    lex = clock() - start
    start = clock()
    for chunk in chunks:
        try:
            plain.parse(chunk)
        except Exception:  # a syntax error: its time counts all the same
            pass
    tree = clock() - start
    return {"split": split, "lex": lex, "parse": tree - lex}


def stage_times(folder: Path) -> dict[str, float]:
    times = lark_times(folder)
    lark, _, fast = _parser()
    tokens, lark_parse = Timed(fast.tokens), Timed(lark.parse)
    reader = Timed(markup.parse_text, inside=lark_parse)
    transform.parse_text, original = reader, transform.parse_text
    fast.tokens, lark.parse = tokens, lark_parse  # type: ignore[method-assign]
    try:
        start = clock()
        parsed, found, _ = parse_pack(folder, workers=1)
        whole = clock() - start
    finally:
        transform.parse_text = original
        del fast.tokens, lark.parse
    times["tokens"] = tokens.total
    times["read"] = whole - times["split"] - tokens.total - lark_parse.total - (reader.total - reader.within)
    times["transform"] = lark_parse.total - times["lex"] - times["parse"] - reader.within
    times["markup"] = reader.total
    start = clock()
    model = build_model(parsed, folder, display_path(folder))
    times["model"] = clock() - start
    context = CheckContext(model.pack)
    rules = load_rules()
    start = clock()
    _ = context.story  # built once, shared by the graph rules
    for registered in rules:
        if registered.function.__module__ == GRAPH_MODULE:
            list(registered.function(context))
    times["graph"] = clock() - start
    start = clock()
    for registered in rules:
        if registered.function.__module__ != GRAPH_MODULE:
            list(registered.function(context))
    times["other checks"] = clock() - start
    return times


def main() -> None:
    gc.disable()          # as the command does (vcompiler.driver.cli)
    _parser()             # the tables, read or built once, as a worker inherits them
    plain_parser(), plain_parser("basic")
    names = sys.argv[1:]
    if "--lark-only" in names:
        # Everything to Lark, as before the fast log reader: the figures to compare with.
        names.remove("--lark-only")
        _parser()[2].enabled = False
    for name in names:
        runs = [stage_times(Path(name)) for _ in range(3)]
        medians = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        total = sum(medians.values())
        print(f"{name}: " + ", ".join(f"{k} {v:.3f}s" for k, v in medians.items()) + f", total {total:.3f}s")


if __name__ == "__main__":
    main()
