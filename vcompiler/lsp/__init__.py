"""`vcompiler lsp`: a language server for VCL over stdio (see server.py)."""
from __future__ import annotations

import os
import sys
from typing import BinaryIO, cast


class _Stdin:
    """Standard input that ends the process when the editor closes it: pygls would
    keep reading nothing forever, and a server whose editor is gone has no one to
    answer."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream

    def readline(self) -> bytes:
        return self._or_exit(self.stream.readline())

    def read(self, n: int = -1) -> bytes:
        return self._or_exit(self.stream.read(n))

    @staticmethod
    def _or_exit(data: bytes) -> bytes:
        if not data:
            os._exit(0)
        return data


def serve() -> None:
    import logging

    from vcompiler.lsp.server import server

    # The protocol owns stdout: anything said goes to stderr, which editors show in a log.
    logging.basicConfig(level=logging.WARNING, format="vcompiler lsp: %(levelname)s %(message)s")
    # pygls reads only readline() and read(n) of it.
    server.start_io(stdin=cast(BinaryIO, _Stdin(sys.stdin.buffer)))
