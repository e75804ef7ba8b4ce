"""Opening the files a pack, its project or its cache holds, as untrusted input.

A committed file may be a link to anything on the machine (`/proc/self/environ`, a
credentials file, `/dev/zero`, a pipe that never ends), and its text may end up in a
report a CI job publishes. So every file vcompiler reads of a pack, a project
configuration or its cache is read here: the link resolved and kept inside the folder
the file belongs to, opened without following a link that appeared since, checked to
be a regular file after it is open (a pipe opened without blocking, then refused),
and read only up to a limit, since `/proc` files report no size."""
from __future__ import annotations

import os
import stat
from pathlib import Path

# A pipe must not block the open: it is refused by what fstat says of it.
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class Refused(Exception):
    """Why a file is not read, in a writer's words ("it is a link to a file outside the
    pack")."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _limit_words(limit: int) -> str:
    return f"{limit:,} bytes"


def read_regular(path: Path, *, within: Path | None, limit: int, links: bool = True) -> bytes:
    """The bytes of `path`, which must be a regular file of at most `limit` bytes.
    `within`: the folder it must lie in once links are resolved (None: anywhere, for a
    file the user named on the command line). `links`: whether `path` may be a link
    at all (never, for a cache entry). Raises Refused or OSError."""
    if not links and stat.S_ISLNK(os.lstat(path).st_mode):
        raise Refused("it is a link, and vcompiler does not follow links here")
    try:
        real = path.resolve(strict=True)
    except RuntimeError as error:        # a loop of links
        raise Refused("it is a link that leads back to itself") from error
    except FileNotFoundError:
        if os.path.islink(path):
            raise Refused("it is a broken link") from None
        raise
    if within is not None:
        try:
            folder = within.resolve()
        except (OSError, RuntimeError) as error:
            raise Refused("the folder it belongs to cannot be resolved") from error
        if not real.is_relative_to(folder):
            raise Refused("it is a link to a file outside its folder")
    fd = os.open(real, _FLAGS | _NOFOLLOW)
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise Refused("it is not a regular file (a pipe, a device or a folder?)")
        if status.st_size > limit:
            raise Refused(f"it is {status.st_size:,} bytes, over the limit of {_limit_words(limit)}")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise Refused(f"it holds more than {_limit_words(limit)}, the limit")
    return data


def holds(path: Path, data: bytes) -> bool:
    """Whether `path` is a plain file holding `data`: what a write may skip. A link never
    holds anything, so that writing replaces it rather than leaving it in place."""
    try:
        return read_regular(path, within=path.parent, limit=len(data), links=False) == data
    except (OSError, Refused):
        return False
