"""What `check` is pointed at: packs, folders of packs, or single .vcl files. A file is
checked as part of its pack (its references reach into the other files), and the
report keeps that file's diagnostics and the errors elsewhere that stop the pack from
building."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from vcompiler.codes import Severity
from vcompiler.compile import CompileResult, display_path, find_packs
from vcompiler.diagnostics import Diagnostic
from vcompiler.frozen import frozen

_PACK_DECLARATION = re.compile(rb"^[ \t]*pack[ \t]+[A-Za-z_]", re.MULTILINE)


class TargetError(Exception):
    """A path that names neither a pack nor a .vcl file; the message says why."""


def _declares_pack(folder: Path) -> bool:
    for path in folder.glob("*.vcl"):
        try:
            if _PACK_DECLARATION.search(path.read_bytes()):
                return True
        except OSError:
            continue
    return False


def pack_of_file(file: Path) -> Path:
    """The pack folder a .vcl file belongs to: the nearest folder above it (its own
    first) whose .vcl files declare the pack; its own folder when none does (the
    check then says the pack declaration is missing)."""
    file = file.resolve()
    for folder in file.parents:
        if _declares_pack(folder):
            return folder
        if (folder / ".git").exists():
            break
    return file.parent


@frozen
class Target:
    folder: Path
    # The files to report on (display paths); empty: the whole pack.
    files: frozenset[str] = frozenset()

    def keeps(self, d: Diagnostic) -> bool:
        return not self.files or d.span.file in self.files or d.severity is Severity.ERROR


def resolve_targets(paths: list[Path]) -> list[Target]:
    """Packs and files in the order given, each pack once; a pack named whole wins
    over files of it. Packs named whole keep the path as given (diagnostics print
    their files relative to it)."""
    whole: dict[Path, Path] = {}
    files: dict[Path, set[str]] = {}
    for path in paths:
        if path.is_dir():
            found = find_packs(path)
            if not found:
                raise TargetError(f"{path} holds no pack (a folder with .vcl files)")
            for pack in found:
                whole.setdefault(pack.resolve(), pack)
        elif path.suffix != ".vcl":
            raise TargetError(f"{path} is not a .vcl file")
        else:
            folder = pack_of_file(path)
            files.setdefault(folder, set()).add(display_path(path.resolve()))
    targets = [Target(folder) for folder in whole.values()]
    targets += [Target(folder, frozenset(names)) for folder, names in files.items() if folder not in whole]
    return targets


def focus(result: CompileResult, target: Target) -> CompileResult:
    """The result as the target reports it: all of a pack named whole; for files, their
    own diagnostics and the errors of the rest of the pack."""
    if not target.files:
        return result
    return replace(result, diagnostics=tuple(d for d in result.diagnostics if target.keeps(d)))
