"""The emit stage: model -> bundle dict -> schema validation -> atomic write."""
from __future__ import annotations

from dataclasses import field
from pathlib import Path

from vcompiler.emit.bundle import to_bundle
from vcompiler.emit.validate import schema_errors
from vcompiler.emit.write import bundle_bytes, write_atomic, write_set
from vcompiler.model.numbering import LOCK_NAME, lock_text
from vcompiler.model.types import Pack
from vcompiler.util.frozen import frozen

BUNDLE_SCHEMA = "bundle.schema.json"


class InvalidBundle(Exception):
    """The compiler produced a bundle its own schema rejects."""


@frozen
class Output:
    """Everything a build writes for one pack. `bundle` is None when the build makes
    books only; `books` maps a file name to its PDF."""
    pack: Pack
    bundle: bytes | None
    lock: bytes
    books: dict[str, bytes] = field(default_factory=dict)
    # Files an earlier build wrote that this one must not leave behind (a book that
    # has no entries now).
    stale: tuple[str, ...] = ()


def prepare(pack: Pack, with_bundle: bool = True) -> Output:
    """The pack's outputs in memory, the bundle validated, so that a failure anywhere
    leaves every file untouched."""
    data = None
    if with_bundle:
        bundle = to_bundle(pack)
        errors = schema_errors(bundle, BUNDLE_SCHEMA)
        if errors:
            raise InvalidBundle(f"the bundle of pack {pack.name} fails {BUNDLE_SCHEMA}: " + "; ".join(errors[:5]))
        data = bundle_bytes(bundle)
    return Output(pack, data, lock_text(pack.labels).encode("utf-8"))


def write(output: Output, out_dir: Path, pack_folder: Path) -> list[Path]:
    """The pack's files in out_dir/<pack>/ as one set (see write_set), then its
    numbers.lock (which `build` reads again: the same numbers come back if a kill
    falls between the two)."""
    files = dict(output.books)
    if output.bundle is not None:
        files["bundle.json"] = output.bundle
    written = write_set(out_dir / output.pack.name, files, output.stale)
    # A pack without labels needs no lock; an existing one is kept as it is.
    lock_path = pack_folder / LOCK_NAME
    if output.pack.labels or lock_path.exists():
        if write_atomic(lock_path, output.lock):
            written.append(lock_path)
    return written
