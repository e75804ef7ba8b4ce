"""What `build` writes, made in memory first (bundles validated, books and components
rendered), so that nothing is written unless everything could be made.

The renderers are imported only by what renders: fontTools, WeasyPrint and pikepdf
would take a `build --only json` a third as long again as the rest of its work."""
from __future__ import annotations

import errno
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from vcompiler import codes
from vcompiler.compile import CompileResult
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.emit import Output, prepare, write
from vcompiler.source import Span

if TYPE_CHECKING:
    from vcompiler.render import RenderOptions
    from vcompiler.render.components import ComponentPlan

# What `--only` picks: the bundle, the books, the card sheets (and location cards), the boards.
ONLY = ("json", "pdf", "cards", "board", "html")


def _books(only: str | None) -> bool:
    return only in (None, "pdf")


def _components(results: list[CompileResult], only: str | None, options: RenderOptions,
                 layout: str) -> ComponentPlan:
    from vcompiler.render.components import ComponentOptions, plan_components

    wanted = {"cards", "board"} if only is None else {only} & {"cards", "board"}
    chosen = ComponentOptions(options.paper, layout, frozenset(wanted), options.bleed_mm, options.crop_marks,
                               options.board_paper)
    return plan_components([r.model for r in results], chosen, {r.model.name: dict(r.card_sizes) for r in results})


def for_outputs(results: list[CompileResult], only: str | None) -> list[CompileResult]:
    """`results` as a build of `only` reads them: the bundle and the reader are not drawn
    with the bundled fonts, so a character those lack (E110) does not stop them."""
    if only not in ("json", "html"):
        return results
    return [replace(r, diagnostics=tuple(d for d in r.diagnostics if d.code is not codes.MISSING_GLYPH))
            for r in results]


def render_steps(results: list[CompileResult], options: RenderOptions, only: str | None = None,
                 layout: str = "sheets") -> int:
    """How many steps rendering takes, for a progress bar."""
    from vcompiler.render import plan

    books = plan([r.model for r in results], options).steps if _books(only) else 0
    return books + _components(results, only, options, layout).steps


def make_outputs(results: list[CompileResult], only: str | None, options: RenderOptions,
                 progress: Callable[[int], None] | None = None, layout: str = "sheets",
                 found: list[Diagnostic] | None = None) -> list[tuple[Output, Path]]:
    """`only`: one of ONLY, or None (everything); `progress` is told of each rendering
    step; `layout`: "sheets" or "single" for the cards; `found` receives what rendering
    finds (text that does not fit a card). Raises emit.InvalidBundle or
    render.options.RenderError: both are bugs."""
    outputs = [(prepare(r.model, with_bundle=only in (None, "json")), r.folder) for r in results]
    if only == "json":
        return outputs
    from vcompiler.reader import FILE_NAME as READER
    from vcompiler.reader import reader_html
    from vcompiler.render import plan, render
    from vcompiler.render.books import stale_books
    from vcompiler.render.components import render_components
    from vcompiler.render.finish import finish

    files: dict[tuple[str, str], bytes] = {}
    if only in (None, "html"):
        files.update(((r.model.name, READER), reader_html(r.model)) for r in results)
    if _books(only):
        limits = {r.model.name: r.spoiler_limit for r in results}
        silenced = {r.model.name: r.ignored for r in results}
        files.update(render(plan([r.model for r in results], options, limits, silenced), progress=progress,
                            found=found))
    components, problems = render_components(_components(results, only, options, layout), progress=progress)
    if options.greyscale or options.pdfx:
        # A home printer's black ink, or a print shop's press, prints the cards and
        # boards too, not only the books.
        components = {key: finish(data, options) for key, data in components.items()}
    files.update(components)
    if found is not None:
        found.extend(problems)
    return [(replace(output, books={file: data for (pack, file), data in files.items()
                                    if pack == output.pack.name},
                     stale=tuple(stale_books(output.pack, options.one_volume)) if _books(only) else ()), folder)
            for output, folder in outputs]


def left_out(results: list[CompileResult], only: str | None, one_volume: bool = False) -> list[tuple[str, str]]:
    """(pack name, file name) of each book the build does not write: it has no entries."""
    if not _books(only):
        return []
    from vcompiler.render.books import empty_books

    return [(r.model.name, name) for r in results for name in empty_books(r.model, one_volume)]


def without_boards(results: list[CompileResult], only: str | None) -> list[tuple[str, str]]:
    """(pack name, why) of each pack `--only board` draws nothing for: boards are drawn
    for planets, and a vantage pack has none."""
    if only != "board":
        return []
    return [(r.model.name, "a vantage pack has no planet board; its locations are cards (--only cards)"
             if r.model.game == "vantage" else "the pack has no planet") for r in results if not r.model.planets]


def write_outputs(outputs: list[tuple[Output, Path]], out_dir: Path) -> list[Path]:
    written: list[Path] = []
    for output, folder in outputs:
        written.extend(write(output, out_dir, folder))
    return written


def unwritable(results: list[CompileResult], out_dir: Path, display: Callable[[Path], str]) -> list[Diagnostic]:
    """E104 for every place the build will write and cannot (the output folder, a
    pack's numbers.lock), found before anything is rendered."""
    from vcompiler.model.numbering import LOCK_NAME

    places = [(out_dir, "the output folder")]
    places += [(r.folder, f"{LOCK_NAME} of pack {r.pack.name}") for r in results
               if r.pack is not None and r.pack.labels]
    problems = []
    for folder, what in places:
        # An output folder committed as a link would have the outputs written wherever
        # it leads (a print pipeline then uploads that folder).
        linked = folder == out_dir and folder.is_symlink()
        problem = "it is a link, and vcompiler does not write through links" if linked else _cannot_write_in(folder)
        if problem:
            span = Span(display(folder), 1, 1, 1, 1)
            hint = ("replace the link with a folder, or build into another folder with -o" if linked
                    else "make it writable, or build into another folder with -o")
            problems.append(diagnostic(codes.CANNOT_WRITE, span, message=f"cannot write {what} {display(folder)}: "
                                       f"{problem}", hint=hint))
    return problems


def _cannot_write_in(folder: Path) -> str | None:
    """Why a file cannot be made in `folder`, or None. Nothing is left behind: a folder
    that does not exist yet is tried in its nearest existing parent."""
    existing = folder
    while not existing.exists() and existing != existing.parent:
        if existing.is_symlink():
            return "it is a broken link"
        existing = existing.parent
    if not existing.is_dir():
        return "it is not a folder" if existing == folder else f"{existing} is not a folder"
    try:
        with tempfile.TemporaryFile(dir=existing):
            pass
    except OSError as error:
        return error.strerror or str(error)
    return None


def write_failure(error: OSError, display: Callable[[Path], str]) -> Diagnostic:
    where = display(Path(error.filename)) if error.filename else "the output folder"
    reason = "the disk is full" if error.errno == errno.ENOSPC else (error.strerror or str(error))
    return diagnostic(codes.CANNOT_WRITE, Span(where, 1, 1, 1, 1), message=f"cannot write {where}: {reason}",
                      hint="the previous outputs of the pack are as they were; free some space or build "
                           "into another folder with -o")
