"""What `build` writes, made in memory first (bundles validated, books rendered), so
that nothing is written unless everything could be made."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from vcompiler.compile import CompileResult
from vcompiler.emit import Output, prepare, write
from vcompiler.render import RenderOptions, plan, render


def render_steps(results: list[CompileResult], options: RenderOptions) -> int:
    """How many steps rendering the books takes, for a progress bar."""
    return plan([r.pack for r in results], options).steps


def make_outputs(results: list[CompileResult], only: str | None, options: RenderOptions,
                 progress: Callable[[int], None] | None = None) -> list[tuple[Output, Path]]:
    """`only`: "json" (bundles), "pdf" (books) or None (both); `progress` is told of
    each rendering step. Raises emit.InvalidBundle or render.pdf.RenderError: both
    are bugs."""
    outputs = [(prepare(r.pack, with_bundle=only != "pdf"), r.folder) for r in results]
    if only == "json":
        return outputs
    books = render(plan([r.pack for r in results], options), progress=progress)
    return [(replace(output, books={file: data for (pack, file), data in books.items()
                                    if pack == output.pack.name}), folder)
            for output, folder in outputs]


def write_outputs(outputs: list[tuple[Output, Path]], out_dir: Path) -> list[Path]:
    written: list[Path] = []
    for output, folder in outputs:
        written.extend(write(output, out_dir, folder))
    return written
