"""The parse stage: source text -> AST, and syntax errors as E1xx diagnostics. The Lark
tree never leaves this package.

A file is cut into declarations (split.py), each read by the fast log reader (fast.py)
or by Lark (parsers.py) through the one AST builder (transform.py); a declaration that
does not parse is reported by syntax.py, with a hint from hints.py."""
from __future__ import annotations

from typing import cast

from vcompiler import ast
from vcompiler.ast import ParsedFile
from vcompiler.diagnostics import Diagnostic
from vcompiler.parse.headers import header_key, misspelt_header_key
from vcompiler.parse.limits import too_large, too_many_digits
from vcompiler.parse.parsers import accelerator, parser, reader, syntax_errors, warm_parser
from vcompiler.parse.split import HEADER_LINE_AT, Chunk, split_declarations
from vcompiler.parse.syntax import for_game, statement_keyword, syntax_diagnostic, weak_hint
from vcompiler.source import SourceFile

__all__ = ["Chunks", "ParsedFile", "Part", "cuts", "for_game", "joined", "parse_part", "parse_source",
           "statement_keyword", "warm_parser", "weak_hint"]

# The names the benchmarks and tests reach for.
_parser, _accelerator, _header_key = parser, accelerator, header_key



# What each declaration of a file parsed to, by (file, first line, text): a resident
# checker passes it back to parse the file again after an edit.
Chunks = dict[tuple[str, int, str], tuple[tuple[ast.Declaration, ...], tuple[Diagnostic, ...],
                                          tuple[tuple[int, int, tuple[str, ...]], ...]]]


def parse_source(source: SourceFile, chunks: Chunks | None = None) -> ParsedFile:
    """`chunks`: what the declarations of an earlier text of the file parsed to. A
    declaration of the same text on the same line parses to the same declarations,
    which are taken from it rather than parsed again; it is left holding this text's."""
    return joined(source, [_parse_text(source, source.text, 0, chunks)])


# What a part of a file parsed to: the fields of ParsedFile after its source and file,
# with the part's declarations first.
Part = tuple[tuple[ast.Declaration, ...], tuple[Diagnostic, ...], tuple[tuple[str, object], ...],
             tuple[tuple[int, int, tuple[str, ...]], ...], int]


def cuts(source: SourceFile, parts: int) -> list[tuple[int, int]]:
    """Where to cut the file into about `parts` parts of a size, each parsed on its own
    as the same declarations as the whole file (parse_part): (offset, first line) of
    each part. A part starts at a line that reads as a whole declaration header, which
    starts a declaration wherever it stands (parse.split)."""
    text = source.text
    found = [(0, 1)]
    line, counted = 1, 0
    for n in range(1, parts):
        header = HEADER_LINE_AT.search(text, max(found[-1][0], len(text) * n // parts))
        if header is None:
            break
        at = header.start() + 1
        if at <= found[-1][0]:
            continue
        line += text.count("\n", counted, at)
        counted = at
        found.append((at, line))
    return found


def parse_part(source: SourceFile, start: int, end: int, first_line: int) -> Part:
    """What the text of the file from offset `start` to `end` (cut by `cuts`) parses to."""
    text = source.text[start:end - 1] if end < len(source.text) else source.text[start:]
    return _parse_text(source, text, first_line - 1, None)


def joined(source: SourceFile, parts: list[Part]) -> ParsedFile:
    """The file whose parts, in order, parsed to `parts`."""
    if len(parts) == 1:
        declarations, found, unparsed, regions, by_lark = parts[0]
        return ParsedFile(source, ast.File(source.display, declarations), found, unparsed, regions, by_lark)
    return ParsedFile(source, ast.File(source.display, tuple(d for part in parts for d in part[0])),
                      tuple(d for part in parts for d in part[1]), tuple(u for part in parts for u in part[2]),
                      tuple(r for part in parts for r in part[3]), sum(part[4] for part in parts))


def _parse_text(source: SourceFile, text: str, line_offset: int, chunks: Chunks | None) -> Part:
    """`text`: the file's from line `line_offset` + 1 on."""
    builder, fast = reader()
    declarations: list[ast.Declaration] = []
    found: list[Diagnostic] = []
    unparsed: list[tuple[str, object]] = []
    regions: list[tuple[int, int, tuple[str, ...]]] = []
    kept: Chunks = {}
    by_lark = 0
    # The builder reads a line only to find an `// allow`.
    lines = source.lines if "allow" in source.text else ()
    pending = split_declarations(text)[::-1]
    while pending:
        chunk = pending.pop()
        first_line = chunk.first_line + line_offset
        key = (source.display, first_line, chunk.text)
        earlier = chunks.get(key) if chunks is not None else None
        if earlier is not None:
            kept[key] = earlier
            declarations.extend(earlier[0])
            found.extend(earlier[1])
            regions.extend(earlier[2])
            continue
        builder.begin(source.display, lines, first_line - 1)
        try:
            parsed = fast.read(chunk.text)
            if parsed is None:
                by_lark += 1
                builder.begin(source.display, lines, first_line - 1)
                # The transformer's `start` hands back the declarations, not a tree.
                parsed = cast(list[ast.Declaration], parser()[0].parse(chunk.text))
                # Only here: the log reader leaves a number past the largest to Lark,
                # and reads no declaration that counts dice or boxes.
                large = too_large(source, first_line - 1, chunk.text)
                if large is not None:
                    # What the declaration says with that number would be built, printed
                    # and checked as if it meant something: it is left out, as if it had
                    # not parsed.
                    found.append(large)
                    key_of = header_key(chunk.text)
                    if key_of is not None:
                        unparsed.append(key_of)
                    continue
            declarations.extend(parsed)
            chunk_end = first_line + chunk.text.count("\n")
            chunk_regions = []
            for decl, following in zip(parsed, [*parsed[1:], None]):
                if decl.allow:
                    last = following.span.line - 1 if following is not None else chunk_end
                    chunk_regions.append((decl.span.line, max(decl.span.line, last), decl.allow))
            regions.extend(chunk_regions)
        except syntax_errors() as error:
            problem, swallowed, resume = syntax_diagnostic(error, source, first_line - 1, chunk.text)
            found.append(problem)
            if resume is not None:
                cut = sum(len(line) + 1 for line in chunk.text.split("\n")[:resume])
                pending.append(Chunk(chunk.first_line + resume, chunk.text[cut:]))
                chunk = Chunk(chunk.first_line, chunk.text[:cut - 1])
            # An unclosed string hides the declarations after it: references to them
            # are not also "undefined".
            for text in [chunk.text, *(chunk.text.split("\n")[1:] if swallowed else ())]:
                key_of = header_key(text) or (misspelt_header_key(text) if text is chunk.text else None)
                if key_of is not None:
                    unparsed.append(key_of)
            continue
        except ValueError:
            # int() refuses a number of more digits than Python converts.
            too_long = too_many_digits(source, first_line - 1, chunk.text)
            if too_long is None:
                raise
            found.append(too_long)
            key_of = header_key(chunk.text)
            if key_of is not None:
                unparsed.append(key_of)
            continue
        found.extend(builder.diagnostics)
        # Only a declaration that parsed is kept: a syntax error's message may read past it.
        if chunks is not None:
            kept[key] = (tuple(parsed), tuple(builder.diagnostics), tuple(chunk_regions))
    if chunks is not None:
        chunks.clear()
        chunks.update(kept)
    return tuple(declarations), tuple(found), tuple(unparsed), tuple(regions), by_lark
