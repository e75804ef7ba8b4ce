"""When the compiler itself fails: one line that says so and where to report it, and
the traceback only on request (`vcompiler --debug`, or VCOMPILER_DEBUG=1, which the
flag sets so that worker processes see it too)."""
from __future__ import annotations

import os
import traceback

from vcompiler import codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.source import Span

EXIT_INTERNAL = 2
EXIT_INTERRUPTED = 130
REPORT = ("this is a bug in vcompiler, not in the content: please report it with the command and the "
          "files that trigger it (`vcompiler --debug ...` prints the traceback)")


def debugging() -> bool:
    return os.environ.get("VCOMPILER_DEBUG", "") not in ("", "0")


def describe(error: BaseException) -> str:
    """`KeyError: 'x' (in checks/graph.py:120)`: the error and the innermost place of
    the compiler's own code it came from."""
    text = f"{type(error).__name__}: {error}".strip().rstrip(":")
    text = " ".join(text.split())[:300]
    frames = [f for f in traceback.extract_tb(error.__traceback__)
              if f"{os.sep}vcompiler{os.sep}" in f.filename]
    if frames:
        place = frames[-1].filename.rsplit(f"{os.sep}vcompiler{os.sep}", 1)[1]
        text += f" (in {place}:{frames[-1].lineno})"
    return text


def one_line(error: BaseException) -> str:
    return f"vcompiler: internal error E900: {describe(error)}; {REPORT}"


def internal(error: BaseException, span: Span, what: str) -> Diagnostic:
    """E900 at `span` for a failure of `what` (a rule, say) that the rest of the
    command could go on without."""
    return diagnostic(codes.INTERNAL, span, message=f"internal error in {what}: {describe(error)}", hint=REPORT)
