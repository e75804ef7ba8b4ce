"""What is a pack's: the packs under a folder, and the .vcl files of a pack.

A pack is what its folder holds, but for the folders below it that declare a pack of
their own. A file or folder that is a link leading outside the
pack folder is not read (E105): a pack copied elsewhere would lose it, and a link
could show any file of the machine in the diagnostics. A folder that cannot be listed,
or that leads back into itself through a link, is E106 rather than a traceback, a hang
or files left out in silence; a name that is not UTF-8 is E107 (no report format can
name it). Every folder is visited once, however many links lead to it."""
from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Mapping
from pathlib import Path

from vcompiler import codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.source import Span
from vcompiler.util.safeio import Refused, read_regular

SUFFIX = ".vcl"
# Far past any pack's file (100,000 logs take some 15 MB): a bigger one is not read.
MAX_SOURCE_BYTES = 64 * 1024 * 1024
# A `pack` declaration at the start of a line: enough to tell a pack's folder from
# the folders below and above it without parsing anything.
_PACK_DECLARATION = re.compile(rb"^[ \t]*pack[ \t]+[A-Za-z_]", re.MULTILINE)


def shown_name(path: Path | str) -> str:
    """A path as text that every report can hold: bytes that are not UTF-8 as \\xNN."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def _utf8(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _problem(code: codes.Code, path: Path, display: Callable[[Path], str], message: str, hint: str) -> Diagnostic:
    return diagnostic(code, Span(display(path), 1, 1, 1, 1), message=message, hint=hint)


def _identity(status: os.stat_result) -> tuple[int, int]:
    return status.st_dev, status.st_ino


def declares_pack(folder: Path) -> bool:
    """Whether a .vcl file right in `folder` declares a pack. Such a folder is a pack
    of its own: never part of a pack above it, however deep it lies."""
    try:
        with os.scandir(folder) as listing:
            sources = [Path(e.path) for e in listing if e.name.endswith(SUFFIX) and _is_file(e)]
    except OSError:
        return False
    return _declare(sources)


def _declare(sources: list[Path]) -> bool:
    # pack.vcl first, then the smallest, where a pack is usually declared: finding the
    # packs then seldom reads a pack's files of logs (9 MB of them took 0.18 s).
    for path in sorted(sources, key=lambda p: (p.name != "pack.vcl", _size(p))):
        try:
            if _PACK_DECLARATION.search(read_regular(path, within=path.parent, limit=MAX_SOURCE_BYTES)):
                return True
        except (OSError, Refused):
            continue
    return False


def find_packs(path: Path) -> list[Path]:
    return survey(path)[0]


def survey(path: Path, declared: dict[Path, bool] | None = None) -> tuple[list[Path], list[Path]]:
    """The packs at or below `path`, and the .vcl files that are in none of them;
    `declared`, when given, is told whether each folder searched declares a pack, so
    that `list_pack` need not read the files of a pack's subfolders again.

    A folder whose .vcl files declare a pack is a pack, with everything below it but
    the folders that declare packs of their own. A folder with .vcl files and no
    declaration is a pack that lacks one, unless there are packs below it: its files
    are then in no pack (a note beside the packs), and reading the folder as a pack
    would merge every pack below into one. Any other folder holds packs, at any depth.
    A folder reached again through a link is not searched again; a folder that cannot
    be listed is returned as a pack, so that checking it reports why."""
    strays: list[Path] = []
    seen: set[tuple[int, int]] = set()
    root = path.resolve()

    def visit(folder: Path, in_pack: bool) -> list[tuple[Path, bool]]:
        """The packs at or below `folder`, each with whether it declares itself."""
        try:
            identity = _identity(folder.stat())
        except OSError:
            return []
        if identity in seen:
            return []
        seen.add(identity)
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError:
            return [] if in_pack else [(folder, False)]
        sources = [Path(e.path) for e in entries if e.name.endswith(SUFFIX) and _is_file(e)]
        declares = _declare(sources)
        if declared is not None:
            declared[folder] = declares
        inside = in_pack or declares
        below = [found for e in entries
                 if not e.name.startswith(".") and _is_dir(e) and not _leads_up(Path(e.path), root)
                 # A link inside a pack is the pack's to report (E105), not a way out of it.
                 and not (inside and e.is_symlink())
                 for found in visit(Path(e.path), inside)]
        declared_below = [found for found in below if found[1]]
        if declares:
            return [(folder, True), *declared_below]
        if in_pack:
            return declared_below
        if sources and not declared_below:
            return [(folder, False)]
        strays.extend(sources)
        return below

    if path.is_dir():
        return [folder for folder, _ in visit(path, False)], strays
    return [], strays


def _leads_up(path: Path, root: Path) -> bool:
    """A link to a folder that holds `root`: following it would search everything
    around the packs (a link to / would search the whole machine)."""
    try:
        return path.is_symlink() and root.is_relative_to(path.resolve())
    except (OSError, RuntimeError):
        return True


def _is_file(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return False


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def list_pack(folder: Path, display: Callable[[Path], str] = shown_name, declared: Mapping[Path, bool] | None = None
              ) -> tuple[list[Path], list[Diagnostic]]:
    """The .vcl files of the pack in `folder`, sorted by their path in it, and what
    keeps any file of it from being read. `declared`: what `survey` found of whether
    its subfolders declare packs (a folder it did not search is read here)."""
    root = folder.resolve()
    files: list[Path] = []
    problems: list[Diagnostic] = []
    seen: set[tuple[int, int]] = set()

    def inside(path: Path) -> bool:
        try:
            return path.resolve().is_relative_to(root)
        except (OSError, RuntimeError):       # a loop of links
            return False

    def visit(current: Path) -> None:
        try:
            seen.add(_identity(current.stat()))
            with os.scandir(current) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as error:
            problems.append(_problem(codes.UNLISTABLE, current, display,
                                     f"cannot list this folder: {error.strerror or error}",
                                     "give yourself read and search permission on it; its files would be "
                                     "left out of the pack"))
            return
        for entry in entries:
            path = Path(entry.path)
            is_link = entry.is_symlink()
            if _is_dir(entry):
                if is_link and not inside(path):
                    problems.append(_problem(codes.OUTSIDE_PACK, path, display,
                                             "this folder is a link to a folder outside the pack; it is not read",
                                             "copy what it holds into the pack"))
                    continue
                try:
                    identity = _identity(path.stat())
                except OSError:
                    continue
                if identity in seen:
                    if is_link:
                        problems.append(_problem(codes.UNLISTABLE, path, display,
                                                 "this folder is a link back to a folder of the pack; it is not "
                                                 "read again", "remove the link"))
                    continue
                if not _utf8(entry.name):
                    problems.append(_problem(codes.BAD_FILE_NAME, path, display,
                                             "this folder's name is not UTF-8; its files are not read",
                                             "rename the folder"))
                    continue
                own = declared.get(path) if declared is not None else None
                if own if own is not None else declares_pack(path):
                    continue        # a pack of its own
                visit(path)
            elif _nearly_vcl(entry.name) and not _is_dir(entry):
                problems.append(diagnostic(codes.NOT_A_VCL_NAME, Span(display(path), 1, 1, 1, 1),
                                           name=shown_name(entry.name),
                                           hint=f"rename it {shown_name(_vcl_name(entry.name))}"))
            elif entry.name.endswith(SUFFIX):
                if not _utf8(entry.name):
                    problems.append(_problem(codes.BAD_FILE_NAME, path, display,
                                             "this file's name is not UTF-8; it is not read",
                                             "rename the file"))
                elif is_link and not inside(path):
                    problems.append(_problem(codes.OUTSIDE_PACK, path, display,
                                             "this file is a link to a file outside the pack; it is not read",
                                             "copy the file into the pack instead of linking to it"))
                elif _regular(path):
                    files.append(path)
                elif is_link and not path.exists():
                    problems.append(_problem(codes.UNREADABLE, path, display, "this file is a broken link",
                                             "remove it, or point it at a file of the pack"))
                elif path.exists():
                    problems.append(_problem(codes.UNREADABLE, path, display,
                                             "this is not a regular file (a pipe, a device?); it is not read",
                                             "keep only .vcl text files in a pack folder"))
    visit(folder)
    files.sort(key=lambda p: p.relative_to(folder).as_posix())
    return files, problems


# What a writer's tools make of a .vcl file's name: Notepad's `.vcl.txt`, a suffix in
# capitals. (An editor's backup, `logbook.vcl~` or `.bak`, is meant not to be read.)
_NEARLY = re.compile(r"(?i)(.*\.vcl)(\.txt)?")


def _nearly_vcl(name: str) -> bool:
    return _NEARLY.fullmatch(name) is not None and not name.endswith(SUFFIX) and not name.startswith(".")


def _vcl_name(name: str) -> str:
    match = _NEARLY.fullmatch(name)
    assert match is not None
    return match.group(1)[:-len(SUFFIX)] + SUFFIX


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _regular(path: Path) -> bool:
    """A regular file (not a FIFO, a device or a socket, which could block or never end)."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False
