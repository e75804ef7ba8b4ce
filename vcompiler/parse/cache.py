"""A persistent cache of parsed files, so that checking again after an edit parses
only the files that changed.

The trust model (docs/cache.md): an entry decides a verdict (a forged entry for a file
could drop the goto that is undefined), so an entry is used only if this user's cache
key signed it. Entries are JSON read back by `serial`, which builds only the AST's own
types and checks every field, so a damaged or foreign entry is parsed again and can
run nothing; each carries an HMAC-SHA256 under the cache key, so a well-formed entry
planted by whoever else wrote the folder (a CI cache restored across branches, another
user) is parsed again too. The key is $VCOMPILER_CACHE_KEY where set (a CI secret,
for a cache shared between jobs that share the secret), else a random key made once
in a file of this user's outside the cache folder, so restoring the folder alone
never restores the key. A cache folder that another user owns or may write is not
used at all.

An entry is keyed by the file's content and the path it is shown under (positions in
the AST name it), and the folder by a hash of the compiler's parse code and grammar, so
that any change to how files are parsed starts afresh. Anything wrong with the cache
(unwritable, corrupt, pruned by another process, signed with another key) only means
parsing again."""
from __future__ import annotations

import hashlib
import hmac
import importlib.util
import os
import stat
import tempfile
import time
from functools import lru_cache
from pathlib import Path
from typing import cast

from vcompiler.parse import serial
from vcompiler.util import atomic
from vcompiler.util.resources import data_dir
from vcompiler.util.safeio import Refused, read_regular

# Past this many entries, the least recently used half goes.
MAX_ENTRIES = 4000
_PACKAGE = Path(__file__).resolve().parent.parent
# What a parsed file depends on besides its text: the parse stage, the types it builds,
# the messages it formats, the kinds it knows, the grammar. (A test checks that this
# covers every module the parse stage imports.)
_PARSE_CODE = ("parse", "registry", "ast.py", "source.py", "diagnostics.py", "codes.py", "vocabulary.py",
               "util")


def default_cache_root() -> Path:
    configured = os.environ.get("VCOMPILER_CACHE_DIR")
    if configured:
        return Path(configured)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "vcompiler"


def _lark_release() -> bytes:
    """Lark's package file, where its version is written: read rather than imported,
    since a pack of logs is parsed without Lark."""
    spec = importlib.util.find_spec("lark")
    try:
        return Path(spec.origin).read_bytes() if spec is not None and spec.origin else b""
    except OSError:
        return b""


@lru_cache(maxsize=1)
def parse_code_hash() -> str:
    digest = hashlib.sha256(b"lark\0" + _lark_release() + b"\0")
    files: list[Path] = [data_dir("grammar") / "vcl.lark"]
    for name in _PARSE_CODE:
        path = _PACKAGE / name
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    for path in files:
        try:
            digest.update(path.relative_to(_PACKAGE).as_posix().encode() if path.is_relative_to(_PACKAGE)
                          else path.name.encode())
            digest.update(b"\0" + path.read_bytes() + b"\0")
        except OSError:
            digest.update(b"missing\0")
    return digest.hexdigest()[:20]


# An entry is a few times its file's size: far past any real one, a bigger one is
# not read (a planted file must not fill the memory).
MAX_ENTRY_BYTES = 512 * 1024 * 1024


KEY_VARIABLE = "VCOMPILER_CACHE_KEY"
_KEY_BYTES = 32


def key_file() -> Path:
    """Where this user's cache key is kept: beside the configuration, not in the cache
    folder that CI may restore from elsewhere."""
    configured = os.environ.get("VCOMPILER_KEY_FILE")
    if configured:
        return Path(configured)
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "vcompiler" / "cache-key"


@lru_cache(maxsize=4)
def _cache_key(variable: str | None, where: Path) -> bytes:
    if variable:
        return hashlib.sha256(b"vcompiler cache key\0" + variable.encode("utf-8", "surrogatepass")).digest()
    try:
        return _own_key(where)
    except (OSError, Refused):
        # No key of its own can be kept: entries this process writes are good for it
        # alone, and nothing another wrote is believed.
        return os.urandom(_KEY_BYTES)


def _own_key(where: Path) -> bytes:
    if not private_folder(where.parent, link_ok=True):
        raise Refused("the key's folder is not this user's alone")
    if not os.path.lexists(where):
        # Made whole beside it and linked into place: a process that starts at the same
        # moment reads the one key or makes its own and finds this one there.
        fd, made = tempfile.mkstemp(dir=where.parent, prefix=".cache-key.")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(os.urandom(_KEY_BYTES))
            try:
                os.link(made, where)
            except FileExistsError:
                pass
        finally:
            os.unlink(made)
    key = read_regular(where, within=where.parent, limit=_KEY_BYTES, links=False)
    status = os.stat(where)
    if len(key) != _KEY_BYTES or status.st_mode & 0o077 or (hasattr(os, "getuid") and status.st_uid != os.getuid()):
        raise Refused("the key file is not this user's alone")
    return key


def cache_key() -> bytes:
    return _cache_key(os.environ.get(KEY_VARIABLE) or None, key_file())


def seal(data: bytes) -> bytes:
    """`data` with the signature that lets `unseal` believe it."""
    return hmac.new(cache_key(), data, hashlib.sha256).digest() + data


def unseal(sealed: bytes) -> bytes | None:
    """What `seal` signed, or None for bytes this user's key did not sign."""
    mac, data = sealed[:32], sealed[32:]
    if len(mac) != 32 or not hmac.compare_digest(mac, hmac.new(cache_key(), data, hashlib.sha256).digest()):
        return None
    return data


def private_folder(folder: Path, *, link_ok: bool = False) -> bool:
    """Make `folder` if need be; True if it is ours alone (owned by this user, and
    nobody else may write in it), the only kind of folder the cache reads. A folder
    inside the cache that is a link is not ours (`link_ok` for the cache's root, which
    a user may link to another disk): entries written into it would land wherever it
    leads."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not link_ok and stat.S_ISLNK(os.lstat(folder).st_mode):
            return False
        status = folder.stat()
    except OSError:
        return False
    if not stat.S_ISDIR(status.st_mode):
        return False
    if hasattr(os, "getuid") and status.st_uid != os.getuid():
        return False
    return not status.st_mode & 0o022


def write_whole(folder: Path, name: str, data: bytes) -> None:
    """Write a file of `folder` so that a reader sees the old file or the new one."""
    atomic.write_whole(folder / name, data)


class ParseCache:
    def __init__(self, root: Path | None = None):
        self.root = root or default_cache_root()
        self.folder = self.root / f"parsed-{parse_code_hash()}"
        self._usable: bool | None = None
        # What this process took from the cache, as reports name it (`check --explain-cache`).
        self.served: list[str] = []

    @property
    def usable(self) -> bool:
        if self._usable is None:
            self._usable = private_folder(self.root, link_ok=True) and private_folder(self.folder)
        return self._usable

    def key(self, display: str, text: str) -> str:
        digest = hashlib.sha256()
        digest.update(display.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
        digest.update(text.encode("utf-8", "surrogatepass"))
        return digest.hexdigest()

    def get(self, key: str, expect: object) -> object | None:
        """The entry stored under `key` if it is a value of the annotation `expect`;
        None if there is none, or it is damaged, foreign or of another shape."""
        if not self.usable:
            return None
        path = self.folder / key[:2] / key
        try:
            data = unseal(read_regular(path, within=self.folder, limit=MAX_ENTRY_BYTES, links=False))
            if data is None:               # not signed with this user's key: planted or foreign
                return None
            entry = serial.loads(data, tuple[str, expect])  # type: ignore[valid-type]
            stored_key, value = cast(tuple[str, object], entry)
            if stored_key != key:          # an entry copied from another file's place
                return None
            os.utime(path)                 # recently used: kept longest
            return value
        except (OSError, Refused, serial.Malformed):
            return None

    def put(self, key: str, value: object) -> None:
        if not self.usable:
            return
        try:
            data = seal(serial.dumps((key, value)))
        except (TypeError, ValueError, RecursionError):
            return                         # not a value the cache holds: parsed again next time
        folder = self.folder / key[:2]
        try:
            if not private_folder(folder):
                return
            write_whole(folder, key, data)
        except OSError:
            self._usable = False

    def prune(self) -> None:
        """Drop the least recently used half once there are too many entries. Another
        process may be pruning too: what it removed first is simply gone."""
        if not self.usable:
            return
        entries: list[tuple[float, Path]] = []
        try:
            for bucket in os.scandir(self.folder):
                if not bucket.is_dir(follow_symlinks=False):
                    continue
                for entry in os.scandir(bucket.path):
                    try:
                        used = entry.stat(follow_symlinks=False).st_mtime
                    except OSError:
                        continue
                    if not entry.name.startswith("."):
                        entries.append((used, Path(entry.path)))
                    elif used < time.time() - 3600:      # left by a process that was killed
                        _remove(Path(entry.path))
        except OSError:
            return
        if len(entries) <= MAX_ENTRIES:
            return
        entries.sort()
        for _, path in entries[: len(entries) // 2]:
            _remove(path)


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
