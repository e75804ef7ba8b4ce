"""`compile_pack`: the one entry point the CLI, the tests and editor integrations call.
It runs the stages in order (read, parse, model, checks) and hands back the model and
every diagnostic; it writes nothing."""
from __future__ import annotations

import bisect
import gc
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, get_type_hints

from vcompiler import ast, codes, files
from vcompiler.checks import CheckMemo, run_checks
from vcompiler.checks.explained import near_errors
from vcompiler.config import load_config
from vcompiler.diagnostics import Applicability, Diagnostic, Related, diagnostic
from vcompiler.model.build import Memo, build_model
from vcompiler.model.labels import number_text_labels
from vcompiler.model.numbering import LOCK_NAME, read_lock
from vcompiler.model.types import Pack
from vcompiler.parse import (
    ParsedFile,
    cuts,
    for_game,
    joined,
    parse_part,
    parse_source,
    statement_keyword,
    warm_parser,
    weak_hint,
)
from vcompiler.parse.cache import ParseCache
from vcompiler.parse.lexer import code_words
from vcompiler.parse.split import split_declarations
from vcompiler.registry import verbs_of_game
from vcompiler.registry.constructs import declared_construct, foreign_construct, other_game_hint
from vcompiler.source import SourceFile, Span
from vcompiler.suppression import allow_mistakes, apply_allows
from vcompiler.util.frozen import frozen
from vcompiler.util.safeio import Refused, read_regular
from vcompiler.util.workers import forked_shares, idle_cores


@frozen
class CompileResult:
    folder: Path
    pack: Pack | None
    diagnostics: tuple[Diagnostic, ...]
    sources: dict[str, SourceFile]
    card_sizes: tuple[tuple[str, tuple[float, float]], ...] = ()    # vcompiler.toml's [cards]
    spoiler_limit: float | None = 25.0      # [print] spoiler_limit; None: W500 silenced
    ignored: frozenset[str] = frozenset()   # codes silenced by the config: for what `build` finds later

    @property
    def ok(self) -> bool:
        return not any(d.severity is codes.Severity.ERROR for d in self.diagnostics)

    @property
    def model(self) -> Pack:
        """The pack, where there is one: a result without errors always has it."""
        if self.pack is None:
            raise ValueError(f"{self.folder} gave no pack")
        return self.pack


def display_path(path: Path) -> str:
    """Paths as diagnostics print them: relative to the working folder when below it,
    so that editors and CI annotations can open them."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return files.shown_name(path.as_posix())
    return files.shown_name(Path(relative).as_posix() if not relative.startswith("..") else path.as_posix())


def find_packs(path: Path) -> list[Path]:
    return files.find_packs(path)


def read_source(path: Path, display: str, relative: str,
                within: Path | None = None) -> tuple[SourceFile, Diagnostic | None]:
    """A .vcl file as a source, or an empty source and why it cannot be read. `within`:
    the pack folder it must lie in once links are resolved."""
    try:
        data = read_regular(path, within=within, limit=files.MAX_SOURCE_BYTES)
    except Refused as refused:
        source = SourceFile.from_text(path, display, relative, "")
        return source, diagnostic(codes.UNREADABLE, source.whole(), message=f"the file is not read: {refused.why}",
                                  hint="keep only .vcl text files in a pack folder, not links out of it")
    except OSError as error:
        source = SourceFile.from_text(path, display, relative, "")
        return source, diagnostic(codes.UNREADABLE, source.whole(),
                                  message=f"cannot read the file: {error.strerror or error}",
                                  hint="check that it exists and that you may read it")
    return decode_source(path, display, relative, data)


# The byte-order marks of the encodings a text file may be in that are not UTF-8,
# longest first (UTF-32's little-endian mark begins with UTF-16's).
_WIDE_MARKS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
               (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


def decode_source(path: Path, display: str, relative: str, data: bytes) -> tuple[SourceFile, Diagnostic | None]:
    """A file's bytes as a source, or an empty source and why it cannot be read."""
    problem = None
    hint = "keep only .vcl text files in a pack folder"
    wide = next((name for bom, name in _WIDE_MARKS if data.startswith(bom)), None)
    if wide is not None:
        problem = f"the file is {wide}, not UTF-8"
        hint = (f"save it as UTF-8 (an editor's \"Save as\" offers the encoding; {wide} is what Windows "
                "Notepad calls \"Unicode\")")
    elif b"\x00" in data:
        stray = _stray_nul(path, display, relative, data)
        if stray is not None:
            return stray
        problem = "the file is binary, not text"
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            line = data[:error.start].count(b"\n") + 1
            line_start = data.rfind(b"\n", 0, error.start) + 1
            # The bytes before the first bad one are UTF-8: the caret's column counts
            # their characters, as an editor does.
            column = len(data[line_start:error.start].decode("utf-8-sig")) + 1
            # Kept only to show the line: the file is not read for the pack.
            shown = data.decode("utf-8-sig", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
            source = SourceFile.from_text(path, display, relative, shown)
            return source, diagnostic(
                codes.UNREADABLE, Span(display, line, column, line, column + 1),
                message=f"the file is not UTF-8: byte 0x{data[error.start]:02x} at line {line}",
                hint="save the file as UTF-8 (it was saved in another encoding, such as Latin-1 or "
                     "Windows-1252: an editor's \"Save as\" offers the encoding)")
    if problem:
        source = SourceFile.from_text(path, display, relative, "")
        return source, diagnostic(codes.UNREADABLE, source.whole(), message=problem, hint=hint)
    # Lines end at \n; a file saved with Windows' \r\n or old Macs' lone \r reads the same.
    return SourceFile.from_text(path, display, relative, text.replace("\r\n", "\n").replace("\r", "\n")), None


# A text file with a few NUL bytes (pasted from a terminal or another program) is still
# the writer's text: the first NUL is shown where it is. More than this share of NULs,
# or bytes that are not UTF-8 around them, and the file is taken for binary.
_STRAY_NUL_SHARE = 0.01
# Control bytes no text file holds (tab, line ends, form feed and escape aside).
_CONTROL = re.compile(rb"[\x01-\x08\x0e-\x1a\x1c-\x1f]")


def _stray_nul(path: Path, display: str, relative: str, data: bytes) -> tuple[SourceFile, Diagnostic] | None:
    if data.count(b"\x00") > max(1, int(len(data) * _STRAY_NUL_SHARE)) or _CONTROL.search(data):
        return None
    try:
        data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    first = data.index(b"\x00")
    line = data[:first].count(b"\n") + 1
    line_start = data.rfind(b"\n", 0, first) + 1
    column = len(data[line_start:first].decode("utf-8-sig")) + 1
    shown = data.replace(b"\x00", b" ").decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    source = SourceFile.from_text(path, display, relative, shown)
    return source, diagnostic(
        codes.UNREADABLE, Span(display, line, column, line, column + 1),
        message="the file holds a NUL character (byte 0x00)",
        hint="delete it: a NUL is invisible in most editors and is often pasted in from a "
             "terminal or another program (the file is not read until it is gone)")


def pack_files(folder: Path) -> list[Path]:
    """The .vcl files of the pack, without what is not the pack's (see files.py)."""
    return files.list_pack(folder, display_path)[0]


# Below this much text, a second process costs more than it saves.
PARALLEL_PARSE_BYTES = 1_000_000
# What sending a file's AST back from a forked process costs, as fractions of parsing
# it (bench/corpus's logs): pickling it there, unpickling it here.
AST_PICKLING_COST = 0.5
AST_UNPICKLING_COST = 0.26
# In two processes, a file is parsed in parts of about this size, so that the shares
# come out even whatever the files' sizes.
PART_BYTES = 150_000


def _entry(parsed: ParsedFile) -> tuple[Any, ...]:
    """What the cache keeps of a parsed file, and what a worker sends back: the fields
    of ParsedFile after its source."""
    return tuple(getattr(parsed, f.name) for f in fields(ParsedFile)[1:])


@lru_cache(maxsize=1)
def _entry_shape() -> object:
    """The annotation a cache entry must match: a tuple of those fields' types."""
    hints = get_type_hints(ParsedFile)
    return tuple.__class_getitem__(tuple(hints[f.name] for f in fields(ParsedFile)[1:]))


class _Entries:
    """A file's entry, and whether it was parsed anew: from the cache if it holds one
    for this text, else parsed, and then kept in the cache if Lark read any of it. The
    log reader parses a file of logs about as fast as the cache gives it back (10,000
    logs: 0.72 s against 0.66 s, bench/startup.py), and slower than that once the
    cache's files are hashed and opened; writing their entries cost a first check
    more than half again."""

    def __init__(self, cache: ParseCache | None):
        self.cache = cache
        self.shape = _entry_shape() if cache is not None else None

    def __call__(self, source: SourceFile) -> tuple[tuple[Any, ...], bool]:
        if self.cache is None:
            return _entry(parse_source(source)), True
        key = self.cache.key(source.display, source.text)
        entry = self.cache.get(key, self.shape)
        if isinstance(entry, tuple):
            return entry, False
        parsed = parse_source(source)
        entry = _entry(parsed)
        if parsed.by_lark:
            self.cache.put(key, entry)
        return entry, True


def _entries_all(sources: list[SourceFile], cache: ParseCache | None, workers: int | None
                 ) -> list[tuple[tuple[Any, ...], bool]]:
    """Every file's entry, and whether it was parsed anew, in forked processes when
    there is much to read and cores to spare (see workers.forked_shares). Reading an
    entry from the cache costs about as much as parsing a file of logs, so both are
    shared out alike."""
    size = sum(len(s.text) for s in sources)
    if size < PARALLEL_PARSE_BYTES:
        workers = 1
    elif workers is None:
        workers = idle_cores()
    entries = _Entries(cache)
    if workers <= 1:
        return [entries(source) for source in sources]
    warm_parser()            # made once, here, for the forked processes to inherit
    units: list[tuple[int, int, int, int]] = []     # (source, start, end, first line)
    for index, source in enumerate(sources):
        places = cuts(source, round(len(source.text) / PART_BYTES))
        ends = [start for start, _ in places[1:]] + [len(source.text)]
        units.extend((index, start, end, line) for (start, line), end in zip(places, ends))
    made = forked_shares(units, lambda u: u[2] - u[1], _Parts(sources, entries), workers,
                         AST_PICKLING_COST, AST_UNPICKLING_COST)
    of_source: list[list[Any]] = [[] for _ in sources]
    for (index, *_), result in zip(units, made):
        of_source[index].append(result)
    found: list[tuple[tuple[Any, ...], bool]] = []
    for source, results in zip(sources, of_source):
        first = results[0]
        if len(results) == 1:                   # the whole file: (entry, anew)
            found.append(first)
        elif first[0] == "cached":
            found.append((first[1], False))
        else:
            parsed = joined(source, [part for _, part, _ in results])
            entry, key = _entry(parsed), first[2]
            if cache is not None and key is not None and parsed.by_lark:
                cache.put(key, entry)
            found.append((entry, True))
    return found


class _Parts:
    """What a unit of `_entries_all` makes: for a whole file, its entry; for a part, the
    part parsed (`("part", part, cache key)`, the key with the first part only), or,
    for the first part of a file the cache holds, the file's entry (`("cached",
    entry)`; its other parts are parsed all the same, as they went to their process
    before it was known)."""

    def __init__(self, sources: list[SourceFile], entries: _Entries):
        self.sources, self.entries = sources, entries

    def __call__(self, unit: tuple[int, int, int, int]) -> tuple[Any, ...]:
        index, start, end, line = unit
        source = self.sources[index]
        if start == 0 and end == len(source.text):          # the whole file
            return self.entries(source)
        cache = self.entries.cache
        key = None
        if cache is not None and start == 0:
            key = cache.key(source.display, source.text)
            entry = cache.get(key, self.entries.shape)
            if isinstance(entry, tuple):
                return "cached", entry
        return "part", parse_part(source, start, end, line), key


def parse_pack(folder: Path, cache: ParseCache | None = None, workers: int | None = None,
               declared: Mapping[Path, bool] | None = None
               ) -> tuple[list[ParsedFile], list[Diagnostic], dict[str, SourceFile]]:
    """Read and parse every .vcl file of the pack: from `cache` where a file is
    unchanged, in `workers` processes where there is much to parse. `declared`: the
    folders `files.survey` found to declare packs, or not."""
    sources: dict[str, SourceFile] = {}
    readable: list[SourceFile] = []
    paths, found = files.list_pack(folder, display_path, declared)
    for path in paths:
        relative = path.relative_to(folder).as_posix()
        source, problem = read_source(path, display_path(path), relative, folder)
        sources[source.display] = source
        if problem is not None:
            found.append(problem)
        else:
            readable.append(source)
    entries = _entries_all(readable, cache, workers)
    parsed = [ParsedFile(source, *entry) for source, (entry, _) in zip(readable, entries)]
    if cache is not None:
        cache.served.extend(source.display for source, (_, anew) in zip(readable, entries) if not anew)
    if cache is not None and any(anew for _, anew in entries):
        cache.prune()
    for result in parsed:
        found.extend(result.diagnostics)
    return parsed, found, sources


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """The AST and the model are trees of frozen values, freed by reference counting;
    the cycle collector would walk every one of them again and again as they grow
    (a third of the time of checking a large pack), and find nothing."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _declaration_lines(source: SourceFile) -> list[int]:
    return [chunk.first_line for chunk in split_declarations(source.text)]


def compile_pack(folder: Path, cache: ParseCache | None = None, workers: int | None = None,
                 keep: list[object] | None = None, declared: Mapping[Path, bool] | None = None) -> CompileResult:
    """Check one pack. `cache`: where parsed files are kept between runs (None: parse
    everything); `workers`: processes to parse in (None: as many as there are idle cores,
    for a large pack). The result does not depend on either. `keep`: where to leave the
    parsed files, for a process that ends without freeing them. `declared`: what
    `files.survey` found of which folders declare packs, so that the files of the
    pack's subfolders are not read again to know it."""
    with without_cycle_collection():
        return _compile(Path(folder), cache, workers, keep, declared)


def _compile(folder: Path, cache: ParseCache | None, workers: int | None, keep: list[object] | None,
             declared: Mapping[Path, bool] | None = None) -> CompileResult:
    parsed, found, sources = parse_pack(folder, cache, workers, declared)
    if keep is not None:
        keep.append(parsed)
    return compile_parsed(folder, parsed, found, sources)


def compile_parsed(folder: Path, parsed: list[ParsedFile], found: list[Diagnostic],
                   sources: dict[str, SourceFile], memo: Memo | None = None,
                   checked: CheckMemo | None = None) -> CompileResult:
    """The stages after parsing, on files parsed elsewhere (a resident checker keeps
    them between edits, with a `memo` of what their declarations made and what the
    rules `checked`). `found`: the diagnostics of reading and parsing them."""
    with without_cycle_collection():
        return _compile_parsed(folder, parsed, list(found), sources, memo, checked)


def _compile_parsed(folder: Path, parsed: list[ParsedFile], found: list[Diagnostic],
                    sources: dict[str, SourceFile], memo: Memo | None = None,
                    checked: CheckMemo | None = None) -> CompileResult:
    # The project's configuration first: what it silences and sizes holds for every stage.
    config = load_config(folder, display_path)
    complete = not any(d.code.id.startswith("E1") for d in found)
    model = build_model(parsed, folder, display_path(folder), complete, memo)
    copies = _copies_among(parsed, list(model.diagnostics))
    apart = _defined_in_two_folders(model.diagnostics, sources)
    if copies or apart:
        # The model keeps the first definition of a thing: the original's (a copy kept in
        # a subfolder is the deeper one), so that what the rules find is told in the file
        # the writer keeps, not in the copy they are told to remove.
        parsed = sorted(parsed, key=lambda p: (p.source.display in copies,
                                               p.source.relative.count("/") if apart else 0))
        model = build_model(parsed, folder, display_path(folder), complete, memo)
    found.extend(model.diagnostics)
    found = _copied_files(found, sources, copies, display_path(folder))
    found = _copied_folders(found, sources, display_path(folder))
    if model.pack is not None and not complete:
        found = _name_other_game(found, model.pack.game, sources)
    if model.pack is not None and any(d.code is codes.UNKNOWN_VERB for d in model.diagnostics):
        found = _name_keywords(found, model.pack.game, sources)
    pack = number_text_labels(model.pack) if model.pack is not None else None
    if pack is not None:
        found.extend(run_checks(pack, checked if memo is not None else None, memo,
                                near_errors(found, sources, _declaration_lines)))
    found.extend(allow_mistakes(parsed))
    found = apply_allows(found, parsed, complete=not any(d.severity is codes.Severity.ERROR for d in found))
    if config.source is not None:
        sources[config.source.display] = config.source
    _show_lock(folder, found, sources)
    found = [d for d in found if d.code.id not in config.ignore] + list(config.diagnostics)
    return CompileResult(folder, pack, tuple(sorted(found, key=Diagnostic.sort_key)), sources,
                         config.card_sizes, None if "W500" in config.ignore else config.spoiler_limit,
                         frozenset(config.ignore))


def _shared_files(result: CompileResult) -> set[str]:
    """The files a result reports on that are not its pack's own: its configuration."""
    folder = display_path(result.folder)
    return {shown for shown in result.sources if not shown.startswith(folder + "/") and shown != folder}


# Names a file manager gives a copy: `logbook copy.vcl`, `logbook copy 2.vcl`, `Copy of
# logbook.vcl`, `logbook - Copy.vcl`, `logbook (1).vcl`, and a writer's own backups.
_COPY_NAME = re.compile(r"\bcopy\b|\bbackup\b|\bbak\b|\bold\b|\(\d+\)|~", re.IGNORECASE)


def _defines(decl: ast.Declaration) -> tuple[Any, ...]:
    """What a declaration defines, as two declarations of one thing share it."""
    if isinstance(decl, ast.LogDecl):
        return ("log", decl.target.kind, decl.target.value)
    if isinstance(decl, (ast.CardDecl, ast.PlanetDecl)):
        return (type(decl).__name__, decl.id)
    if isinstance(decl, ast.DepartDecl):
        return ("depart", decl.number, decl.direction)
    if isinstance(decl, (ast.LocationDecl, ast.VantageCardDecl)):
        return (type(decl).__name__, decl.number)
    return ("pack", decl.name)


def _copies_among(parsed: list[ParsedFile], found: list[Diagnostic]) -> dict[str, tuple[str, bool]]:
    """The files that repeat most of the declarations of another file of their folder
    (a copy made in a file manager beside the original), each with its original and
    whether it may rather hold definitions moved out of it (a part of a larger file,
    not named as a copy); looked for only among the files that define something twice."""
    involved = {span.file for d in found if d.code is codes.DUPLICATE and d.related
                and d.span.file != d.related[0].span.file for span in (d.span, d.related[0].span)}
    files = {p.source.display: p for p in parsed if p.source.display in involved}
    if len(files) < 2:
        return {}
    defines = {display: [_defines(decl) for decl in p.file.declarations] for display, p in files.items()}
    keys = {display: set(found_keys) for display, found_keys in defines.items()}

    def mostly_repeats(copy: str, original: str) -> bool:
        repeated = sum(1 for key in defines[copy] if key in keys[original])
        return 2 * repeated > len(defines[copy])

    def originality(display: str) -> tuple[Any, ...]:
        relative = files[display].source.relative
        stem = Path(relative).stem
        return (bool(_COPY_NAME.search(stem)), len(stem), relative)

    in_folder: dict[str, list[str]] = {}
    for display in sorted(files, key=originality):
        in_folder.setdefault(os.path.dirname(files[display].source.relative), []).append(display)
    copies: dict[str, tuple[str, bool]] = {}
    for names in in_folder.values():
        for at, display in enumerate(names):
            # Of two files that repeat each other, the one with the name of a copy (or the
            # longer name) is the copy; of a file that repeats a larger one, the smaller.
            originals = [other for other in names[:at] if other not in copies and mostly_repeats(display, other)]
            originals += [other for other in names[at + 1:]
                          if mostly_repeats(display, other) and not mostly_repeats(other, display)]
            if originals:
                moved = not _COPY_NAME.search(Path(files[display].source.relative).stem) and \
                    not mostly_repeats(originals[0], display)
                copies[display] = (originals[0], moved)
    return copies


def _copied_files(found: list[Diagnostic], sources: dict[str, SourceFile], copies: dict[str, tuple[str, bool]],
                  shown: str) -> list[Diagnostic]:
    """Each copy's definitions of what its original defines told once, at the copy,
    rather than with one E205 for each definition."""
    by_key: dict[str, list[Diagnostic]] = {}
    for d in found:
        if d.code is codes.DUPLICATE and d.related and d.subject is not None:
            by_key.setdefault(d.subject, []).append(d)
    # Each definition made twice: the files that make it, and where in each.
    places: dict[str, dict[str, Span]] = {}
    for key, repeated in by_key.items():
        where: dict[str, Span] = {}
        for span in (repeated[0].related[0].span, *(d.span for d in repeated)):
            where.setdefault(span.file, span)
        places[key] = where
    folded: set[Span] = set()
    # A mistake the copy repeats where its original makes it (a syntax error copied with
    # the file) is told once, in the original.
    said = {(d.span.file, d.code, d.message, d.span[1:], d.hint) for d in found}
    out = [d for d in found if not (d.code is codes.DUPLICATE and d.subject in places)
           and not (d.span.file in copies
                    and (copies[d.span.file][0], d.code, d.message, d.span[1:], d.hint) in said)]
    for copy, (original, moved) in copies.items():
        shared = sorted(((where[copy], where[original], key) for key, where in places.items()
                         if copy in where and original in where), key=lambda s: (s[0].line, s[0].column))
        if not shared:
            continue
        folded.update(span for span, _, _ in shared)
        span, first, what = shared[0]
        name, other = sources[copy].relative, sources[original].relative
        whose = (f" and {len(shared) - 1} more of the definitions of {other}" if len(shared) > 1
                 else f", as {other} does")
        hint = (f"it looks like a copy of {other}, and every .vcl file in the pack's folder is part of the pack: "
                f"delete it, or move it out of {Path(shown).name or shown}/ (keep old versions in git)")
        if moved:
            hint += f"; if you moved these definitions into {name}, delete them from {other} instead"
        out.append(Diagnostic(codes.DUPLICATE, f"{name} defines again {what}{whose}",
                              span, hint, (Related(first, "defined here"),)))
    for repeated in by_key.values():
        kept = [s for s in (repeated[0].related[0].span, *(d.span for d in repeated)) if s not in folded]
        for d in repeated:
            if not kept:
                break
            if d.span in folded or d.span == kept[0]:
                continue
            if d.related[0].span in folded:
                d = replace(d, related=(Related(kept[0], d.related[0].message), *d.related[1:]))
            out.append(d)
    return out


def _defined_in_two_folders(found: tuple[Diagnostic, ...], sources: dict[str, SourceFile]) -> bool:
    def folder(span: Span) -> str | None:
        return os.path.dirname(sources[span.file].relative) if span.file in sources else None

    return any(d.code is codes.DUPLICATE and d.related and folder(d.span) is not None
               and folder(d.related[0].span) not in (None, folder(d.span)) for d in found)


def _copied_folders(found: list[Diagnostic], sources: dict[str, SourceFile], shown: str) -> list[Diagnostic]:
    """Definitions repeated by the files of a subfolder (a backup copy of the pack kept
    inside it) are told once for the subfolder, which is the mistake, rather than once
    for each definition, and at the copy whatever the order the files were read in."""
    def path(span: Span) -> str:
        return sources[span.file].relative if span.file in sources else ""

    definitions: dict[str, list[Diagnostic]] = {}
    out = []
    for d in found:
        if d.code is codes.DUPLICATE and d.related and d.subject is not None and path(d.span) \
                and path(d.related[0].span):
            definitions.setdefault(d.subject, []).append(d)
        else:
            out.append(d)
    copies: dict[str, list[tuple[str, Span, Span]]] = {}
    for subject, repeated in definitions.items():
        spans = [repeated[0].related[0].span, *(d.span for d in repeated)]
        # The original is the one nearest the pack's top; the others are copies.
        original = min(spans, key=lambda s: (path(s).count("/"), path(s)))
        top = os.path.dirname(path(original))
        above = top.split("/") if top else []
        grouped: set[Span] = set()
        for d in repeated:
            copy = d.span if d.span is not original else d.related[0].span
            parts = path(copy).split("/")[:-1]
            if parts[:len(above)] != above or len(parts) == len(above):
                out.append(d)     # two definitions in one folder: each is a mistake of its own
            elif copy not in grouped:
                grouped.add(copy)
                copies.setdefault("/".join(parts[:len(above) + 1]), []).append((subject, copy, original))
    for folder, copied in copies.items():
        copied.sort(key=lambda r: (path(r[1]), r[1].line, r[1].column))
        what, copy, original = copied[0]
        more = f" and {len(copied) - 1} more of the pack's definitions" if len(copied) > 1 else ""
        out.append(Diagnostic(codes.DUPLICATE, f"the subfolder {folder}/ defines again {what}{more}", copy,
                              f"every .vcl file under the pack's folder is part of the pack, subfolders too: "
                              f"move {folder}/ out of {shown.rstrip('/')}/ (keep a copy outside the pack, or in git)",
                              (Related(original, "defined here"),)))
    return out


def _show_lock(folder: Path, found: list[Diagnostic], sources: dict[str, SourceFile]) -> None:
    """The lock among the sources when a diagnostic points into it, so that its line is
    shown as a .vcl file's is."""
    display = f"{display_path(folder).rstrip('/')}/{LOCK_NAME}"
    if display in sources or not any(d.span.file == display for d in found):
        return
    lock = read_lock(folder)
    if lock.text:
        sources[display] = SourceFile.from_text(folder / LOCK_NAME, display, LOCK_NAME, lock.text)


def _name_other_game(found: list[Diagnostic], game: str, sources: dict[str, SourceFile]) -> list[Diagnostic]:
    """A syntax error on a line that opens a construct of the other game is told so,
    with this game's way of writing it, rather than with the tokens the grammar wanted."""
    out = []
    starts: dict[str, list[int]] = {}      # each file cut once, however many errors it holds
    for d in found:
        source = sources.get(d.span.file)
        if d.code is not codes.SYNTAX or source is None:
            out.append(d)
            continue
        d = for_game(d, game)
        # A hint the reader already gives (a block left open) says more than the game.
        construct = foreign_construct(code_words(source.line_text(d.span.line)[:d.span.end_column - 1]), game)
        if construct is not None and weak_hint(d):
            d = replace(d, hint=other_game_hint(construct, game), applicability=Applicability.ADVICE)
        elif construct is None and (weak_hint(d) or d.applicability is Applicability.FIX):
            # A mistake inside a declaration of the other game (a vantage `location` in a
            # vanguard pack): the whole declaration is in the wrong pack, which says more
            # than the keyword its word is spelt like.
            if source.display not in starts:
                starts[source.display] = _declaration_lines(source)
            first = _declaration_start(starts[source.display], d.span.line)
            construct = declared_construct(source.line_text(first), game)
            if construct is not None:
                d = replace(d, hint=other_game_hint(construct, game, first if first != d.span.line else None),
                            fixes=(), applicability=Applicability.ADVICE)
        out.append(d)
    return out


def _declaration_start(starts: list[int], line: int) -> int:
    """The first line of the declaration that holds `line`, among the first lines of a
    file's declarations (`starts`, cut as the parser cuts them)."""
    at = bisect.bisect_right(starts, line)
    return starts[at - 1] if at else 1


def _name_keywords(found: list[Diagnostic], game: str, sources: dict[str, SourceFile]) -> list[Diagnostic]:
    """An unknown effect verb spelt like a keyword that may start a statement where it
    stands (`txet "Hello"`) is told that keyword, rather than the verb nearest to it."""
    out = []
    for d in found:
        source = sources.get(d.span.file)
        if d.code is codes.UNKNOWN_VERB and source is not None:
            keyword = statement_keyword(source, d.span, verbs_of_game(game))
            if keyword is not None:
                d = replace(d, message=keyword[0], hint=keyword[1], fixes=(keyword[2],),
                            applicability=Applicability.FIX)
        out.append(d)
    return out


def same_names_apart(results: list[CompileResult]) -> list[CompileResult]:
    """Packs checked together must have different names: each builds into
    build/<name>/. A second pack of one name gets E205 at its declaration. A problem
    of a file the packs share (the project's configuration) is told once, with the
    first pack that reads it."""
    first: dict[str, CompileResult] = {}
    out = []
    told: set[tuple[str, Span, str]] = set()
    for result in results:
        shared = [d for d in result.diagnostics if d.span.file in _shared_files(result)]
        if shared:
            again = {id(d) for d in shared if (d.code.id, d.span, d.message) in told}
            told.update((d.code.id, d.span, d.message) for d in shared)
            result = replace(result, diagnostics=tuple(d for d in result.diagnostics if id(d) not in again))
        pack = result.pack
        if pack is not None and pack.name in first:
            earlier = first[pack.name].model
            clash = diagnostic(codes.DUPLICATE, pack.span, kind="pack", name=pack.name,
                               hint="rename one of the packs: each builds into build/<name>/",
                               related=[Related(earlier.span, f"pack {pack.name} in {earlier.folder}")])
            result = replace(result, diagnostics=tuple(sorted((*result.diagnostics, clash), key=Diagnostic.sort_key)))
        elif pack is not None:
            first[pack.name] = result
        out.append(result)
    return out
