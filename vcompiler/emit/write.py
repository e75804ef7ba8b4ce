"""Writing outputs: whole files or nothing. A reader never sees half a bundle, and a
failed build leaves the previous outputs as they were."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def bundle_text(bundle: dict) -> str:
    # Sorted keys and a fixed layout: two builds of one pack are byte-identical.
    return json.dumps(bundle, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_atomic(path: Path, data: bytes) -> bool:
    """Write `data` to `path` through a temporary file in the same folder and a
    rename. Returns False, writing nothing, when the file already holds `data`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    return True
