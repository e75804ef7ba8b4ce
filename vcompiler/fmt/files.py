"""`vcompiler fmt` on files: which files, what each formats to, and writing it whole."""
from __future__ import annotations

import difflib
import os
from pathlib import Path

from vcompiler import codes
from vcompiler.compile import decode_source, display_path
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.files import MAX_SOURCE_BYTES, SUFFIX, list_pack, survey
from vcompiler.fmt import format_source
from vcompiler.source import SourceFile
from vcompiler.util.atomic import write_whole
from vcompiler.util.frozen import frozen
from vcompiler.util.safeio import Refused, read_regular


@frozen
class FileFormatted:
    """One file: its source as read, its text formatted (None: left as it is, for the
    diagnostics' reason), and whether that differs from the file's bytes."""
    path: Path
    source: SourceFile
    text: str | None
    changed: bool
    diagnostics: tuple[Diagnostic, ...]

    def diff(self) -> str:
        if self.text is None or not self.changed:
            return ""
        name = self.source.display
        return "".join(difflib.unified_diff(self.source.text.splitlines(keepends=True),
                                            self.text.splitlines(keepends=True), name, name))


def vcl_files(paths: list[Path]) -> tuple[list[Path], list[Diagnostic]]:
    """The .vcl files named or under the folders named, each once, in the order a
    check reads them; and why any file of those folders cannot be listed. A file
    need not be in a pack to be formatted."""
    found: list[Path] = []
    problems: list[Diagnostic] = []
    for path in paths:
        if not path.is_dir():
            found.append(path)
            continue
        packs, strays = survey(path)
        for folder in packs:
            listed, trouble = list_pack(folder, display=display_path)
            found += listed
            problems += trouble
        found += strays
    seen: set[Path] = set()
    unique = []
    for path in found:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique, problems


def format_file(path: Path) -> FileFormatted:
    display = display_path(path)
    try:
        data = read_regular(path, within=None, limit=MAX_SOURCE_BYTES)
    except (Refused, OSError) as error:
        source = SourceFile.from_text(path, display, display, "")
        why = error.why if isinstance(error, Refused) else (error.strerror or str(error))
        return FileFormatted(path, source, None, False, (diagnostic(
            codes.UNREADABLE, source.whole(), message=f"the file is not read: {why}",
            hint="format .vcl text files only"),))
    source, problem = decode_source(path, display, display, data)
    if problem is not None:
        return FileFormatted(path, source, None, False, (problem,))
    formatted = format_source(source)
    if formatted.text is None:
        return FileFormatted(path, source, None, False, formatted.diagnostics)
    return FileFormatted(path, source, formatted.text, formatted.text.encode("utf-8") != data, ())


def write(result: FileFormatted) -> Diagnostic | None:
    """Write a changed file through a temporary file and a rename, with the file's mode;
    a link is written through to the file it leads to. What keeps it from being
    written, if anything."""
    assert result.text is not None
    target = result.path.resolve()
    try:
        mode = os.stat(target).st_mode & 0o7777
        write_whole(target, result.text.encode("utf-8"))
        os.chmod(target, mode)
    except OSError as error:
        return diagnostic(codes.CANNOT_WRITE, result.source.whole(),
                          message=f"cannot write the formatted file: {error.strerror or error}",
                          hint="give yourself write permission on the file and its folder")
    return None


def accepts(path: Path) -> bool:
    return path.is_dir() or path.suffix == SUFFIX
