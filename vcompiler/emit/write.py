"""Writing outputs: whole files or nothing. A reader never sees half a bundle, and a
failed build leaves the previous outputs as they were."""
from __future__ import annotations

import ctypes
import errno
import glob
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import orjson

from vcompiler import atomic


def bundle_bytes(bundle: dict) -> bytes:
    """The bundle as written: sorted keys and a fixed layout (two spaces, UTF-8 text
    unescaped), so that two builds of one pack are byte-identical. orjson writes the
    same bytes as the json module ten times faster; json takes what orjson refuses
    (an integer past 64 bits)."""
    try:
        return orjson.dumps(bundle, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n"
    except orjson.JSONEncodeError:
        return (json.dumps(bundle, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def write_atomic(path: Path, data: bytes) -> bool:
    """Write `data` to `path` through a temporary file in the same folder and a
    rename. Returns False, writing nothing, when the file already holds `data`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass
    atomic.write_whole(path, data, durable=True)
    return True


STAGING = ".{name}.staging-{pid}-"
_STAGED = r"\.{name}\.(?:staging|old)-(?P<pid>\d+)-.*"


def _put_back(folder: Path) -> None:
    """A build killed between the two renames of _swap_in left no `folder`, and the
    previous set aside: put it back."""
    if folder.exists():
        return
    for aside in sorted(folder.parent.glob(f".{glob.escape(folder.name)}.old-*")):
        try:
            os.rename(aside, folder)
            return
        except OSError:
            continue


def write_set(folder: Path, files: dict[str, bytes], drop: tuple[str, ...] = ()) -> list[Path]:
    """Make `folder` hold `files` (name -> bytes) as one set: a reader, or a build
    killed at any point, sees the previous set or the new one, never a mix. The files
    are written to a staging folder beside `folder`, with links to the files of
    `folder` that the set does not replace (books kept by `--only json`), and the
    folders are then exchanged; the files named in `drop` are not kept. Returns the
    files whose bytes changed; writes nothing when none did and none is dropped."""
    from vcompiler.workers import remove_stale

    parent = folder.parent
    parent.mkdir(parents=True, exist_ok=True)
    _put_back(folder)
    remove_stale(parent, _STAGED.format(name=re.escape(folder.name)))
    changed = [folder / name for name, data in sorted(files.items()) if not _holds(folder / name, data)]
    dropped = [name for name in drop if name not in files and (folder / name).exists()]
    if not changed and not dropped:
        return []
    staging = Path(tempfile.mkdtemp(dir=parent, prefix=STAGING.format(name=folder.name, pid=os.getpid())))
    try:
        if folder.is_dir():
            for entry in folder.iterdir():
                if entry.name not in files and entry.name not in dropped:
                    _link_or_copy(entry, staging / entry.name)
        for name, data in sorted(files.items()):
            with open(staging / name, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(staging / name, 0o644)
        os.chmod(staging, 0o755)
        _sync_folder(staging)
        _swap_in(staging, folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)      # the previous set, or a failed one
    _sync_folder(parent)
    return changed


def _holds(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def _link_or_copy(source: Path, target: Path) -> None:
    if source.is_dir() and not source.is_symlink():
        shutil.copytree(source, target, symlinks=True, copy_function=_link_or_copy_file)
    else:
        _link_or_copy_file(source, target)


def _link_or_copy_file(source, target) -> None:
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:
        shutil.copy2(source, target, follow_symlinks=False)


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_RENAME_EXCHANGE = 2


def _swap_in(staging: Path, folder: Path) -> None:
    """Move `staging` to `folder`; an existing `folder` ends up at `staging`. Linux
    exchanges the two in one step (renameat2); elsewhere the old folder is moved
    aside first, and a build killed between the two renames leaves it at
    .<name>.old-<pid>-*, which the next build puts back."""
    if not folder.exists():
        os.rename(staging, folder)
        return
    if _exchange(staging, folder):
        return
    aside = Path(tempfile.mkdtemp(dir=folder.parent, prefix=f".{folder.name}.old-{os.getpid()}-"))
    os.rmdir(aside)
    os.rename(folder, aside)
    try:
        os.rename(staging, folder)
    except OSError:
        os.rename(aside, folder)
        raise
    os.rename(aside, staging)


def _exchange(a: Path, b: Path) -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd = -100
    result = renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), _RENAME_EXCHANGE)
    if result == 0:
        return True
    error = ctypes.get_errno()
    if error in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):     # kernel or file system without it
        return False
    raise OSError(error, os.strerror(error), str(b))
