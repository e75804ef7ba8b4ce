"""Whole-file writes shared by the stages that write (the parse cache, the build's
outputs): a reader sees the old file or the new one, never a part, and no temporary
file is left behind."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_whole(path: Path, data: bytes, *, durable: bool = False) -> None:
    """Write `data` to `path` through a temporary file beside it and a rename.
    `durable` also syncs it to disk and gives it the usual file mode: for outputs a
    user keeps, not for a cache that may be rebuilt."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        if durable:
            os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
