"""A persistent cache of parsed files, so that checking again after an edit parses
only the files that changed. An entry is keyed by the file's content and the path it
is shown under (positions in the AST name it); the folder is named after the compiler's
version and the grammar's hash, so that a new grammar or version starts afresh.
Anything wrong with the cache (unwritable, corrupt) only means parsing again."""
from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from functools import lru_cache
from pathlib import Path

from vcompiler import __version__
from vcompiler.resources import data_dir

# Past this many entries, the least recently used half goes.
MAX_ENTRIES = 4000


def default_cache_root() -> Path:
    configured = os.environ.get("VCOMPILER_CACHE_DIR")
    if configured:
        return Path(configured)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "vcompiler"


@lru_cache(maxsize=1)
def _grammar_hash() -> str:
    return hashlib.sha256((data_dir("grammar") / "vcl.lark").read_bytes()).hexdigest()[:16]


class ParseCache:
    def __init__(self, root: Path | None = None):
        self.folder = (root or default_cache_root()) / f"parsed-{__version__}-{_grammar_hash()}"
        self.writable = True

    def key(self, display: str, text: str) -> str:
        digest = hashlib.sha256()
        digest.update(display.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
        digest.update(text.encode("utf-8", "surrogatepass"))
        return digest.hexdigest()

    def get(self, key: str):
        path = self.folder / key[:2] / key
        try:
            with open(path, "rb") as handle:
                value = pickle.load(handle)
            os.utime(path)            # recently used: kept longest
            return value
        except Exception:             # missing, corrupt or foreign: parse again
            return None

    def put(self, key: str, value) -> None:
        if not self.writable:
            return
        folder = self.folder / key[:2]
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
            with os.fdopen(fd, "wb") as handle:
                pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, folder / key)
        except OSError:
            self.writable = False
            return

    def prune(self) -> None:
        try:
            entries = [p for p in self.folder.glob("*/*") if not p.name.startswith(".")]
        except OSError:
            return
        if len(entries) <= MAX_ENTRIES:
            return
        entries.sort(key=lambda p: p.stat().st_mtime)
        for path in entries[: len(entries) // 2]:
            try:
                path.unlink()
            except OSError:
                pass
