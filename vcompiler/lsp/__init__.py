"""`vcompiler lsp`: a language server for VCL over stdio (see server.py)."""
from __future__ import annotations


def serve() -> None:
    import logging

    from vcompiler.lsp.server import server

    # The protocol owns stdout: anything said goes to stderr, which editors show in a log.
    logging.basicConfig(level=logging.WARNING, format="vcompiler lsp: %(levelname)s %(message)s")
    server.start_io()
