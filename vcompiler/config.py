"""Project configuration: `vcompiler.toml` beside the packs (in the pack's folder or
a folder above it, up to the repository's root: the first folder holding `.git` or a
pyproject.toml, never above), or a `[tool.vcompiler]` table in a pyproject.toml
there. The nearest one wins. A folder that another user owns or that anyone may
write (/tmp) ends the search before it, and a file another user owns is not read: a
configuration silences warnings, so it must be the project's. It holds
`ignore = ["W402", ...]`: warnings silenced project-wide, a `[cards]` table of
card sizes by kind (`poi = "63x88"`, in millimetres) and a `[print]` table
(`spoiler_limit = 40`). Its diagnostics stand at the key they are about."""
from __future__ import annotations

import difflib
import os
import re
import stat
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vcompiler import codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.registry import PRINTED
from vcompiler.source import SourceFile, Span
from vcompiler.util.frozen import frozen
from vcompiler.util.safeio import Refused, read_regular


@frozen
class Config:
    ignore: frozenset[str] = frozenset()
    source: SourceFile | None = None
    diagnostics: tuple[Diagnostic, ...] = ()
    card_sizes: tuple[tuple[str, tuple[float, float]], ...] = ()
    # `[print] spoiler_limit`: the share (percent) of a Logbook's gotos and choices
    # that may land on the spread of their entry before W500 says so.
    spoiler_limit: float = 25.0


# Far more than any configuration: a bigger file is not read.
MAX_BYTES = 1_000_000
KEYS = ("ignore", "cards", "print")
PRINT_KEYS = ("spoiler_limit",)


def _trusted(path: Path) -> bool:
    """Owned by this user or by root, and not writable by everyone."""
    try:
        status = path.stat()
    except OSError:
        return False
    owner_ok = not hasattr(os, "getuid") or status.st_uid in (os.getuid(), 0)
    return owner_ok and not status.st_mode & stat.S_IWOTH


def search_folders(folder: Path) -> list[Path]:
    """Where a configuration may be, nearest first."""
    found = []
    for candidate in (folder.resolve(), *folder.resolve().parents):
        if not _trusted(candidate):
            break
        found.append(candidate)
        if (candidate / ".git").exists() or (candidate / "pyproject.toml").exists():
            break
    return found


def _present(path: Path) -> bool:
    try:
        return path.is_file() or path.is_symlink()
    except OSError:
        return False


def _read(path: Path, top: Path) -> str:
    """The text of a configuration file, read as a pack's files are (util.safeio): a
    link to a file outside the project, a pipe or a huge file is refused (Refused), and
    so is a file another user owns or anyone may write."""
    data = read_regular(path, within=top, limit=MAX_BYTES)
    if not _trusted(path):
        raise Refused("another user owns it, or anyone may write it")
    return data.decode("utf-8")


def _find(folder: Path) -> tuple[Path, bool, Path] | None:
    folders = search_folders(folder)
    top = folders[-1] if folders else folder
    for candidate in folders:
        if _present(candidate / "vcompiler.toml"):
            return candidate / "vcompiler.toml", False, top
        pyproject = candidate / "pyproject.toml"
        if _present(pyproject):
            try:
                tool = tomllib.loads(_read(pyproject, top)).get("tool", {})
            except (OSError, Refused, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, ValueError):
                continue
            if isinstance(tool, dict) and "vcompiler" in tool:
                return pyproject, True, top
    return None


def _beyond_limits(text: str, nested: bool) -> tuple[int, int, str]:
    """Where a text TOML reads but Python cannot hold stands: (line, column, what)."""
    if nested:
        depth = 0
        for at, char in enumerate(text):
            depth += char in "[{"
            depth -= char in "]}"
            if depth > 100:
                line = text.count("\n", 0, at) + 1
                return line, at - text.rfind("\n", 0, at), "values are nested too deep"
        return 1, 1, "values are nested too deep"
    longest = max(re.finditer(r"[0-9_]+", text), key=lambda m: len(m.group()), default=None)
    if longest is None:
        return 1, 1, "a value is too large"
    at = longest.start()
    line = text.count("\n", 0, at) + 1
    return line, at - text.rfind("\n", 0, at), f"a number of {len(longest.group()):,} digits is too large"


# Read once per process for every pack it serves (keyed by the file's identity and
# time, so that an edit is seen by a resident checker).
_READ: dict[tuple[object, ...], Config] = {}


def load_config(folder: Path, display: Callable[[Path], str]) -> Config:
    found = _find(folder)
    if found is None:
        return Config()
    path, in_pyproject, top = found
    try:
        status = path.stat()
        identity: tuple[object, ...] = (path, display(path), status.st_ino, status.st_mtime_ns, status.st_size)
    except OSError:
        return _load(path, in_pyproject, top, display)
    if identity not in _READ:
        if len(_READ) > 64:
            _READ.clear()
        _READ[identity] = _load(path, in_pyproject, top, display)
    return _READ[identity]


def _load(path: Path, in_pyproject: bool, top: Path, display: Callable[[Path], str]) -> Config:
    shown = display(path)
    try:
        text = _read(path, top)
    except Refused as refused:
        # Nothing of it is quoted: a configuration committed as a link to
        # /proc/self/environ would print a CI job's secrets.
        source = SourceFile.from_text(path, shown, path.name, "")
        return Config(source=source, diagnostics=(diagnostic(
            codes.BAD_CONFIG, source.whole(), message=f"{path.name} is not read: {refused.why}",
            hint=f"make {path.name} a plain file of the project (links, pipes and files over "
                 f"{MAX_BYTES:,} bytes are not read)"),))
    except (OSError, UnicodeDecodeError) as error:
        source = SourceFile.from_text(path, shown, path.name, "")
        return Config(source=source, diagnostics=(diagnostic(
            codes.BAD_CONFIG, source.whole(), message=f"cannot read {path.name}: {error}",
            hint="save it as UTF-8 text"),))
    source = SourceFile.from_text(path, shown, path.name, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+), column (\d+)", str(error))
        line, column = (int(match.group(1)), int(match.group(2))) if match else (1, 1)
        return Config(source=source, diagnostics=(diagnostic(
            codes.BAD_CONFIG, Span(shown, line, column, line, column + 1),
            message=f"{path.name} is not valid TOML: {str(error).split(' (at')[0]}",
            hint='write it as `ignore = ["W402"]`'),))
    except (ValueError, RecursionError) as error:
        # Python's own limits: an integer of thousands of digits, arrays nested
        # thousands deep. No configuration holds either.
        line, column, what = _beyond_limits(text, isinstance(error, RecursionError))
        return Config(source=source, diagnostics=(diagnostic(
            codes.BAD_CONFIG, Span(shown, line, column, line, column + 1),
            message=f"{path.name} cannot be read: {what}",
            hint='a configuration holds short values: `ignore = ["W402"]`, `[print] spoiler_limit = 40`'),))
    base: tuple[str, ...] = ("tool", "vcompiler") if in_pyproject else ()
    table = data.get("tool", {}).get("vcompiler", {}) if in_pyproject else data
    problems: list[Diagnostic] = []
    if not isinstance(table, dict):
        return Config(source=source, diagnostics=(diagnostic(
            codes.BAD_CONFIG, key_span(source, ("tool",), "vcompiler"), message="`tool.vcompiler` must be a table",
            hint='write it as `[tool.vcompiler]` with `ignore = ["W402"]` under it'),))
    problems += _unknown(source, base, table, KEYS, {k: "print" for k in PRINT_KEYS})
    ignore = table.get("ignore", [])
    kept: set[str] = set()

    def where(code: str) -> Span:
        for number, line in enumerate(source.lines, 1):
            at = line.find(f'"{code}"')
            if at >= 0:
                return Span(shown, number, at + 1, number, at + len(code) + 3)
        return source.whole()

    if not isinstance(ignore, list) or not all(isinstance(c, str) for c in ignore):
        problems.append(diagnostic(codes.BAD_CONFIG, key_span(source, base, "ignore"),
                                   message="`ignore` must be a list of codes",
                                   hint='write it as `ignore = ["W402"]`'))
        ignore = []
    for code in ignore:
        known = codes.CATALOGUE.get(code)
        if known is None:
            problems.append(diagnostic(codes.BAD_CONFIG, where(code), message=f"unknown code {code}",
                                       hint="`vcompiler rules` lists the codes"))
        elif known.severity is codes.Severity.ERROR:
            problems.append(diagnostic(codes.BAD_CONFIG, where(code),
                                       message=f"{code} is an error, and errors cannot be silenced",
                                       hint=f"mend what {code} reports instead"))
        else:
            kept.add(code)
    sizes = _card_sizes(table.get("cards", {}), problems, source, base + ("cards",))
    printing = table.get("print", {})
    limit = 25.0
    if not isinstance(printing, dict):
        problems.append(diagnostic(codes.BAD_CONFIG, key_span(source, base, "print"),
                                   message="`print` must be a table", hint=_LIMIT_HINT))
    else:
        problems += _unknown(source, base + ("print",), printing, PRINT_KEYS, {})
        limit = printing.get("spoiler_limit", 25.0)
        if isinstance(limit, bool) or not isinstance(limit, (int, float)) or not 0 <= limit <= 100:
            problems.append(diagnostic(codes.BAD_CONFIG, key_span(source, base + ("print",), "spoiler_limit"),
                                       message=f"`spoiler_limit` must be a percentage from 0 to 100, not {limit!r}",
                                       hint="give the share of a Logbook's gotos and choices that may land on the "
                                            "spread of their own entry, e.g. `spoiler_limit = 40` (25 by default)"))
            limit = 25.0
    return Config(frozenset(kept), source, tuple(problems), sizes, float(limit))


_LIMIT_HINT = "write it as `[print]` then, on the next line, `spoiler_limit = 25`"


def _unknown(source: SourceFile, table: tuple[str, ...], found: dict[str, Any], known: tuple[str, ...],
             elsewhere: dict[str, str]) -> list[Diagnostic]:
    """W103 for every key of `found` (the table at `table`) not in `known`; a key that
    belongs to another table (`elsewhere`) is told where it goes."""
    problems = []
    for key in found:
        if key in known:
            continue
        near: list[str] = []
        if key in elsewhere:
            hint = f"it belongs in the `[{elsewhere[key]}]` table: move it under a `[{elsewhere[key]}]` line"
        elif near := difflib.get_close_matches(key, known, n=1):
            hint = f"did you mean `{near[0]}`?"
        else:
            hint = "the settings here are " + ", ".join(f"`{k}`" for k in known)
        name = key if table in ((), ("tool", "vcompiler")) else f"{table[-1]}.{key}"
        problems.append(diagnostic(codes.UNKNOWN_SETTING, key_span(source, table, key),
                                   name=name, hint=hint, fixes=near))
    return problems


_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*")


def _card_sizes(table: object, problems: list[Diagnostic], source: SourceFile, at: tuple[str, ...]
                ) -> tuple[tuple[str, tuple[float, float]], ...]:
    """`[cards]` (the table at `at`): a size in millimetres, width x height, for any of
    the kinds the card sheets print (registry.PRINTED)."""
    def where(key: str) -> Span:
        return key_span(source, at, key)

    hint = 'write a size in millimetres, width x height, e.g. `poi = "63x88"`'
    if not isinstance(table, dict):
        problems.append(diagnostic(codes.BAD_CONFIG, key_span(source, at[:-1], at[-1]),
                                   message="`cards` must be a table", hint=hint))
        return ()
    sizes = []
    for kind, value in sorted(table.items()):
        match = _SIZE.fullmatch(value) if isinstance(value, str) else None
        if kind not in PRINTED:
            problems.append(diagnostic(codes.BAD_CONFIG, where(kind), message=f"no card kind {kind!r}",
                                       hint="the kinds are " + ", ".join(PRINTED)))
        elif match is None or not all(20 <= float(n) <= 300 for n in match.groups()):
            problems.append(diagnostic(codes.BAD_CONFIG, where(kind), message=f"bad card size for {kind}: {value!r}",
                                       hint=hint + ", each side from 20 to 300 mm"))
        else:
            sizes.append((kind, (float(match.group(1)), float(match.group(2)))))
    return tuple(sizes)


_HEADER = re.compile(r"\s*\[\s*([^\[\]]*?)\s*\]")


def _parts(dotted: str) -> tuple[str, ...]:
    return tuple(part.strip().strip('"\'') for part in dotted.split("."))


def key_span(source: SourceFile, table: tuple[str, ...], key: str) -> Span:
    """Where `key` of the table at `table` is written: its name in a table header
    (`[print]`, `[tool.vcompiler.print]`) or before an `=` (`key =`, `print.key =`);
    the file's start when it cannot be found (a TOML form this does not follow)."""
    current: tuple[str, ...] = ()
    wanted = (*table, key)
    for number, line in enumerate(source.lines, 1):
        header = _HEADER.match(line)
        if header:
            current = _parts(header.group(1))
            found = current[:len(wanted)] == wanted
            name = header.group(1)
        else:
            name = line.split("=")[0]
            found = "=" in line and (*current, *_parts(name))[:len(wanted)] == wanted
        if found:
            # The key's own mention: after those of the tables it is in.
            at = line.find(key, line.find(name) + len(".".join(wanted[len(current) if not header else 0:-1])))
            return Span(source.display, number, at + 1, number, at + len(key) + 1)
    return source.whole()
