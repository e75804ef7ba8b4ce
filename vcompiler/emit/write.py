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
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

import orjson

from vcompiler.util import atomic
from vcompiler.util.safeio import Refused, holds, read_regular


def bundle_bytes(bundle: dict[str, Any]) -> bytes:
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
    rename (which replaces a link there rather than writing where it leads). Returns
    False, writing nothing, when the file already holds `data`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if holds(path, data):
        return False
    atomic.write_whole(path, data, durable=True)
    return True


# The names of the files a set holds, written with it: a later build that replaces
# some of them (`--only json`) carries over only these, never whatever else the folder
# holds (the folder may have been committed as a link to a folder of secrets).
MANIFEST = ".vcompiler-set.json"
_MANIFEST_LIMIT = 1_000_000
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
    are written to a staging folder beside `folder`, with links to the files of the
    previous set that this one does not replace (books kept by `--only json`: only
    what the previous set's MANIFEST lists), and the folders are then exchanged; the
    files named in `drop` are not kept. A `folder` that is a link is replaced by the
    new set, and nothing of where it leads is read. Returns the files whose bytes
    changed; writes nothing when none did and none is dropped."""
    from vcompiler.util.workers import remove_stale

    parent = folder.parent
    parent.mkdir(parents=True, exist_ok=True)
    _put_back(folder)
    remove_stale(parent, _STAGED.format(name=re.escape(folder.name)))
    linked = os.path.islink(folder)
    previous = [] if linked else _previous_set(folder)
    changed = [folder / name for name, data in sorted(files.items())
               if linked or not holds(folder / name, data)]
    dropped = [name for name in drop if name not in files and name in previous]
    kept = [name for name in previous if name not in files and name not in dropped]
    if not changed and not dropped and (folder / MANIFEST).exists():
        return []
    staging = Path(tempfile.mkdtemp(dir=parent, prefix=STAGING.format(name=folder.name, pid=os.getpid())))
    try:
        for name in kept:
            (staging / name).parent.mkdir(exist_ok=True)
            _link_or_copy_file(folder / name, staging / name)
        files = {**files, MANIFEST: _manifest([*kept, *files])}
        for name, data in sorted(files.items()):
            (staging / name).parent.mkdir(exist_ok=True)
            with open(staging / name, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(staging / name, 0o644)
        for edition in {name.rpartition("/")[0] for name in files if "/" in name}:
            os.chmod(staging / edition, 0o755)
            _sync_folder(staging / edition)
        os.chmod(staging, 0o755)
        _sync_folder(staging)
        if linked:
            os.unlink(folder)          # the link itself; nothing where it leads
        _swap_in(staging, folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)      # the previous set, or a failed one
    _sync_folder(parent)
    return changed


def _manifest(names: list[str]) -> bytes:
    return (json.dumps(sorted(set(names) - {MANIFEST}), indent=0) + "\n").encode("utf-8")


def _previous_set(folder: Path) -> list[str]:
    """The files of the set in `folder` that a build wrote and that are still plain
    files: what its manifest lists, less anything turned into a link, a folder or a
    pipe since. A folder without a manifest has nothing to carry over."""
    try:
        listed = json.loads(read_regular(folder / MANIFEST, within=folder, limit=_MANIFEST_LIMIT, links=False))
    except (OSError, Refused, ValueError, RecursionError):
        return []
    if not isinstance(listed, list):
        return []
    return [name for name in listed if isinstance(name, str) and _plain_name(name) and _regular_file(folder / name)]


# A translated edition's files are in a folder of the set named by its language (de/).
_EDITION = re.compile(r"[a-z]{2,3}(?:_[A-Z]{2})?(?:@[a-z]+)?")


def _plain_name(name: str) -> bool:
    folder, _, file = name.rpartition("/")
    if folder and not _EDITION.fullmatch(folder):
        return False
    return file not in ("", ".", "..", MANIFEST) and "\\" not in file and "\0" not in file


def _regular_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _link_or_copy_file(source: Path, target: Path) -> None:
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
