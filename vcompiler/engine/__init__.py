"""A resident checker for the language server and watch mode. Its results are those of
`compile_pack` on the same text (a property test holds it to that), for less work:

- it reads editor buffers in place of the files on disk, and re-checks only the packs
  an edit or a save touched;
- it keeps every file's parse, and parses again only the declarations whose text
  changed (or moved to another line);
- it keeps, per pack, what each declaration made in the model (its entity, the
  references it makes, its diagnostics): an unchanged declaration is not resolved
  again unless what every declaration depends on changed (the game, the numbers the
  labels got, the kinds of card ids), which is rare while writing;
- it keeps, per pack, the story graph, patched with the references an edit added and
  removed; reachability and loops are worked out again only when its edges or nodes
  changed, what a rule finds about a log on its own only for the logs an edit made
  anew (checks.CheckMemo)."""
from __future__ import annotations

import gc
from collections.abc import Iterable
from pathlib import Path

from vcompiler.checks import CheckMemo
from vcompiler.compile import (
    CompileResult,
    compile_parsed,
    decode_source,
    display_path,
    find_packs,
    pack_files,
    read_source,
    without_cycle_collection,
)
from vcompiler.diagnostics import Diagnostic
from vcompiler.driver.targets import NO_PACK_ABOVE, Stray, in_no_pack, pack_of_file
from vcompiler.model.build import Memo
from vcompiler.parse import Chunks, ParsedFile, parse_source
from vcompiler.source import SourceFile
from vcompiler.util.frozen import frozen


@frozen
class _FileState:
    """One file as last read: `stamp` says whether it may have changed since."""
    stamp: object
    source: SourceFile
    problem: Diagnostic | None
    parsed: ParsedFile | None
    chunks: Chunks


# Every so many checks a full collection, unfrozen: what was frozen alive and has
# since become garbage in a cycle (a failed parse's exception, a request's futures)
# is freed then, not kept for the whole session.
FULL_COLLECTION_EVERY = 100
_settled = 0


def settle() -> None:
    """For a process that keeps a `Workspace`, after a check: what the check keeps (the
    parses, the model, the graph) lives until an edit replaces it and is then freed by
    reference counting. Frozen, it is not walked again by the cycle collector's full
    collections, which come every few edits and take a second and more on a large
    pack. The cycles among what the check threw away are collected first, so that they
    are not frozen with it."""
    global _settled
    _settled += 1
    if _settled % FULL_COLLECTION_EVERY == 0:
        gc.unfreeze()
        gc.collect()
    else:
        gc.collect(1)
    gc.freeze()


class Workspace:
    """The packs under `roots`, and any pack an open file belongs to."""

    def __init__(self, roots: Iterable[Path] = ()):
        self.roots = [Path(r).resolve() for r in roots]
        self._buffers: dict[Path, str] = {}
        self._files: dict[Path, _FileState] = {}
        self._results: dict[Path, CompileResult] = {}
        self._memos: dict[Path, tuple[Memo, CheckMemo]] = {}
        self._dirty: set[Path] = set()
        self._folders: list[Path] = []
        self._strays: list[Path] = []       # open files in no pack
        self.rescan()

    # ------------------------------------------------------------ what changed
    def rescan(self) -> None:
        """Find the packs again (a folder or a pack file was made or removed)."""
        folders: list[Path] = []
        for root in self.roots:
            folders.extend(p.resolve() for p in find_packs(root))
        strays: list[Path] = []
        for path in self._buffers:
            folder = pack_of_file(path)
            if folder is None:
                strays.append(path)
            elif folder not in folders:
                folders.append(folder)
        self._strays = strays
        self._folders = list(dict.fromkeys(folders))
        for folder in list(self._results):
            if folder not in self._folders:
                del self._results[folder]
                self._memos.pop(folder, None)
        self._dirty.update(f for f in self._folders if f not in self._results)

    def set_buffer(self, path: Path, text: str) -> None:
        """An editor's unsaved text for `path`: checked instead of the file on disk."""
        path = Path(path).resolve()
        known = path in self._buffers
        self._buffers[path] = text
        if not known and self.pack_of(path) is None:
            self.rescan()
        self._touch(path)

    def drop_buffer(self, path: Path) -> None:
        """The editor closed `path`: the file on disk counts again."""
        path = Path(path).resolve()
        if self._buffers.pop(path, None) is not None:
            self._touch(path)
            if not path.exists():
                self.rescan()

    def files_changed(self, paths: Iterable[Path]) -> None:
        """Files changed on disk (saved, made, deleted)."""
        rescan = False
        for path in paths:
            path = Path(path).resolve()
            if path.suffix == ".vcl" and (not path.exists() or path not in self._files):
                rescan = True
            self._touch(path)
        if rescan:
            self.rescan()

    def _touch(self, path: Path) -> None:
        folder = self.pack_of(path)
        if folder is not None:
            self._dirty.add(folder)
        elif path.name in ("vcompiler.toml", "pyproject.toml"):
            # A configuration file counts for every pack below its folder.
            self._dirty.update(f for f in self._folders if f.is_relative_to(path.parent))

    # ------------------------------------------------------------ results
    @property
    def folders(self) -> list[Path]:
        return list(self._folders)

    def pack_of(self, path: Path) -> Path | None:
        """The pack folder `path` belongs to, among the known packs (the nearest)."""
        path = Path(path).resolve()
        best = None
        for folder in self._folders:
            if path.is_relative_to(folder) and (best is None or len(folder.parts) > len(best.parts)):
                best = folder
        return best

    def check(self) -> list[CompileResult]:
        """Every pack's result, re-checking the packs changed since the last call."""
        dirty = [f for f in self._folders if f in self._dirty]
        if dirty:
            with without_cycle_collection():
                for folder in dirty:
                    self._results[folder] = self._check_pack(folder)
            self._dirty.clear()
        return [self._results[f] for f in self._folders if f in self._results] + \
            [in_no_pack(Stray(p, NO_PACK_ABOVE), self._buffers[p]) for p in self._strays if p in self._buffers]

    def result(self, folder: Path) -> CompileResult | None:
        self.check()
        return self._results.get(Path(folder).resolve())

    def _check_pack(self, folder: Path) -> CompileResult:
        paths = pack_files(folder) if folder.is_dir() else []
        paths += [p for p in self._buffers if p not in paths and self.pack_of(p) == folder]
        found: list[Diagnostic] = []
        sources: dict[str, SourceFile] = {}
        parsed: list[ParsedFile] = []
        for path in sorted(paths, key=lambda p: p.relative_to(folder).as_posix()):
            state = self._read(folder, path)
            sources[state.source.display] = state.source
            if state.problem is not None:
                found.append(state.problem)
            elif state.parsed is not None:
                parsed.append(state.parsed)
                found.extend(state.parsed.diagnostics)
        for stale in [p for p in self._files if p not in paths and p.is_relative_to(folder)]:
            del self._files[stale]
        memo, checked = self._memos.setdefault(folder, (Memo(), CheckMemo()))
        return compile_parsed(folder, parsed, found, sources, memo, checked)

    def _read(self, folder: Path, path: Path) -> _FileState:
        relative = path.relative_to(folder).as_posix()
        display = display_path(path)
        if path in self._buffers:
            text = self._buffers[path]
            stamp: object = ("buffer", text)
        else:
            try:
                info = path.stat()
                stamp = ("disk", info.st_mtime_ns, info.st_size)
            except OSError:
                stamp = ("missing",)
        known = self._files.get(path)
        if known is not None and known.stamp == stamp and known.source.display == display:
            return known
        if path in self._buffers:
            data = self._buffers[path].encode("utf-8", "surrogatepass")
            source, problem = decode_source(path, display, relative, data)
        else:
            source, problem = read_source(path, display, relative, folder)
        chunks = known.chunks if known is not None else {}
        state = _FileState(stamp, source, problem, parse_source(source, chunks) if problem is None else None, chunks)
        self._files[path] = state
        return state
