"""What `check` is pointed at: packs, folders of packs, or single .vcl files. A file is
checked as part of its pack (its references reach into the other files), and the
report keeps that file's diagnostics and the errors elsewhere that stop the pack from
building."""
from __future__ import annotations

import stat
from dataclasses import replace
from pathlib import Path

from vcompiler import codes
from vcompiler.codes import Severity
from vcompiler.compile import CompileResult, display_path, read_source
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.files import declares_pack, survey
from vcompiler.source import SourceFile
from vcompiler.util.frozen import frozen


class TargetError(Exception):
    """A path that names neither a pack nor a .vcl file; the message says why."""


def _anyones(folder: Path) -> bool:
    """A folder anyone may write in (as the configuration's search also stops at)."""
    try:
        return bool(folder.stat().st_mode & stat.S_IWOTH)
    except OSError:
        return True


def pack_of_file(file: Path, declared: dict[Path, bool] | None = None) -> Path | None:
    """The pack folder a .vcl file belongs to: the nearest folder above it (its own
    first) whose .vcl files declare the pack, up to the repository's root and below any
    folder anyone may write in; None when none does. Its own folder is not taken for a
    pack that lacks its declaration: that folder could be /tmp or a home folder, and
    reading it would read all below it.
    `declared` learns what was found of the folders on the way (see files.survey)."""
    file = file.resolve()
    for folder in file.parents:
        if _anyones(folder):
            # /tmp, a shared drop folder: a .vcl file anyone planted there would make
            # every file below it part of their pack.
            break
        declares = declares_pack(folder)
        if declared is not None:
            declared[folder] = declares
        if declares:
            return folder
        if (folder / ".git").exists():
            break
    return None


@frozen
class Target:
    folder: Path
    # The files to report on (display paths); empty: the whole pack.
    files: frozenset[str] = frozenset()

    def keeps(self, d: Diagnostic) -> bool:
        return not self.files or d.span.file in self.files or d.severity is Severity.ERROR


NO_PACK_ABOVE = "neither its folder nor a folder above it declares a pack"


@frozen
class Stray:
    """A .vcl file in no pack, and why: it is reported, never read as a pack."""
    file: Path
    why: str


def in_no_pack(stray: Stray, text: str | None = None) -> CompileResult:
    """The report of a file in no pack: E111 at its first line (which it shows). `text`:
    an editor's unsaved text of it, else it is read from the disk."""
    path = stray.file
    if text is not None:
        source = SourceFile.from_text(path, display_path(path), path.name, text)
    elif path.is_file():
        source = read_source(path, display_path(path), path.name, path.parent)[0]
    else:
        source = SourceFile.from_text(path, display_path(path), path.name, "")
    found = diagnostic(codes.IN_NO_PACK, source.whole(), name=path.name, why=stray.why,
                       hint="move it into the folder of the pack it belongs to, or give its folder a pack.vcl: "
                            'pack NAME { game vanguard; title "…"; version "0.1.0"; start log 1 }')
    return CompileResult(path, None, (found,), {source.display: source})


def strays_beside(strays: list[Path]) -> list[Stray]:
    return [Stray(path, f"{display_path(path.parent)}/ holds packs but does not declare one itself")
            for path in strays]


def resolve_targets(paths: list[Path], declared: dict[Path, bool] | None = None
                    ) -> tuple[list[Target], list[Stray]]:
    """Packs and files in the order given, each pack once; a pack named whole wins
    over files of it. Packs named whole keep the path as given (diagnostics print
    their files relative to it). Beside them, the files in no pack. `declared` learns
    which folders declare packs (see files.survey)."""
    whole: dict[Path, Path] = {}
    files: dict[Path, set[str]] = {}
    strays: list[Stray] = []
    for path in paths:
        if path.is_dir():
            found, beside = survey(path, declared)
            if not found and not beside:
                raise TargetError(f"{path} holds no pack (a folder with .vcl files)")
            for pack in found:
                whole.setdefault(pack.resolve(), pack)
            strays += strays_beside(beside)
        elif path.suffix != ".vcl":
            raise TargetError(f"{path} is not a .vcl file")
        elif (folder := pack_of_file(path, declared)) is None:
            strays.append(Stray(path, NO_PACK_ABOVE))
        else:
            files.setdefault(folder, set()).add(display_path(path.resolve()))
    targets = [Target(folder) for folder in whole.values()]
    targets += [Target(folder, frozenset(names)) for folder, names in files.items() if folder not in whole]
    return targets, strays


def focus(result: CompileResult, target: Target) -> CompileResult:
    """The result as the target reports it: all of a pack named whole; for files, their
    own diagnostics and the errors of the rest of the pack."""
    if not target.files:
        return result
    return replace(result, diagnostics=tuple(d for d in result.diagnostics if target.keeps(d)))
