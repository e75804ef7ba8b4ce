"""The render stage: model -> books (views) -> HTML (Jinja2) -> PDF (WeasyPrint).

A book renders in sections (cover, runs of entries, runs of results), every section
of every book of a build in parallel processes; then each book's index, which needs
the page numbers the sections ended up on, beside the page-number stamps of the pages
before it; then the rest of the stamps; then the main process assembles each book.
Workers get finished HTML: the model never crosses a process boundary."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor
from typing import Any, TypeVar

from vcompiler import codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.model.types import Pack
from vcompiler.render.books import Book, Section, books_of, index_sections
from vcompiler.render.options import RenderOptions
from vcompiler.render.pdf import (
    STAMP_PAGES,
    Layout,
    RenderedSection,
    assemble,
    book_sections,
    heads,
    lay_out,
    out_of_phase,
    placed_again,
    relay_for,
    render_html,
    render_section,
    stamp_jobs,
    with_index,
)
from vcompiler.render.spoilers import SMALLEST, booklet_exposure, exposure
from vcompiler.source import Span
from vcompiler.util.frozen import frozen
from vcompiler.util.workers import find_libraries_quietly, running
from vcompiler.util.workers import pool as worker_pool

# Before any module of the renderer imports WeasyPrint, which looks its libraries up
# as it loads.
find_libraries_quietly()

__all__ = ["RenderOptions", "RenderPlan", "books_of", "plan", "render", "render_packs"]

_T = TypeVar("_T")

# What the render workers' fork server imports (see workers.pool).
PRELOAD = ("vcompiler.render.preload",)


@frozen
class RenderPlan:
    options: RenderOptions
    books: tuple[tuple[str, Book, tuple[Section, ...], tuple[Section, ...]], ...]  # pack, book, sections, index
    # pack -> (its declaration, the W500 limit in percent or None, the codes it silences),
    # for what layout finds
    packs: tuple[tuple[str, Span, float | None, frozenset[str]], ...] = ()

    @property
    def steps(self) -> int:
        """Units of work, for a progress bar: every section and index section, and
        every book's stamps and assembly."""
        return sum(len(parts) + len(index) + 2 for _, _, parts, index in self.books)


def plan(packs: list[Pack], options: RenderOptions, limits: dict[str, float | None] | None = None,
         silenced: dict[str, frozenset[str]] | None = None) -> RenderPlan:
    """`limits`: the W500 limit of each pack (default 25%; None: not measured);
    `silenced`: the codes each pack's config ignores."""
    limits = limits or {}
    silenced = silenced or {}
    return RenderPlan(options, tuple((pack.name, book, tuple(book_sections(book, options)), tuple(index_sections(book)))
                                     for pack in packs for book in books_of(pack, options.titles, options.one_volume)),
                      tuple((pack.name, pack.span, limits.get(pack.name, 25.0), silenced.get(pack.name, frozenset()))
                            for pack in packs))


def _spoilers(work: RenderPlan, layouts: list[Layout]) -> list[Diagnostic]:
    """W500 for each Logbook whose choices land on their own spread too often; W501
    for each booklet with an outcome on the sheet side of its entry."""
    found = []
    packs = {name: (span, limit, quiet) for name, span, limit, quiet in work.packs}
    for (pack_name, book, _, _), layout in zip(work.books, layouts):
        span, limit, quiet = packs.get(pack_name, (None, None, frozenset()))
        if span is None:
            continue
        if work.options.booklet and "W501" not in quiet:
            found.extend(_sheet_sides(book, layout, span, work.options.signature))
        if book.kind != "logbook" or limit is None:
            continue
        seen = exposure(book, list(layout.pages))
        if seen.total >= SMALLEST and seen.share > limit:
            worst = ", ".join(f"{key} ({n})" for key, n in seen.worst)
            found.append(diagnostic(
                codes.SPOILER_SPREAD, span, share=round(seen.share), book=f"the Logbook of {book.pack_title}",
                same=seen.same, total=seen.total,
                hint=f"most in logs {worst}; number the logs they lead to with `log @name` so that they are "
                     f"shuffled away, or raise [print] spoiler_limit in vcompiler.toml"))
    return found


def _sheet_sides(book: Book, layout: Layout, span: Span, signature: int) -> list[Diagnostic]:
    pages = list(layout.pages)
    seen = booklet_exposure(book, pages, signature)
    if not seen.same:
        return []
    one = seen.same == 1
    what = ("result" if one else "results") if book.kind == "storybook" else \
        ("goto or choice" if one else "gotos and choices")
    entries = ", ".join(f"{key} ({n})" if n > 1 else key for key, n in seen.worst)
    word = "entries" if book.kind == "storybook" else "logs"
    mend = "number the logs they lead to with `log @name`, or " if book.kind == "logbook" else ""
    # The largest smaller signature that parts every outcome from its entry, if one does.
    largest = signature or -(-len(pages) // 4) * 4
    parting = next((size for size in range(largest - 4, 3, -4)
                    if not booklet_exposure(book, pages, size).same), None)
    split = f"print signatures of {parting} pages (--signature {parting}), or " if parting else ""
    return [diagnostic(codes.SPOILER_SHEET, span, count=seen.same, what=what, verb="prints" if one else "print",
                       follow="it follows" if one else "they follow", book=f"the {book.subtitle} of {book.pack_title}",
                       hint=f"in {word} {entries}; {mend}{split}print the book without --booklet")]


class _InProcess(Executor):
    """For one worker: no pool to start, the same code path."""

    def map(self, fn: Callable[..., _T], *iterables: Iterable[Any], **kwargs: Any) -> Iterator[_T]:
        return map(fn, *iterables)


def _render(job: tuple[Any, ...]) -> RenderedSection:
    return render_html(*job)


def _each(results: Iterable[_T], progress: Callable[[int], None] | None) -> list[_T]:
    out = []
    for result in results:
        out.append(result)
        if progress:
            progress(1)
    return out


def render(work: RenderPlan, workers: int | None = None, progress: Callable[[int], None] | None = None,
           found: list[Diagnostic] | None = None) -> dict[tuple[str, str], bytes]:
    """Every book of the plan: (pack name, file name) -> PDF bytes. `found` receives
    what the layout shows (W500)."""
    options = work.options
    count = sum(len(parts) for _, _, parts, _ in work.books)
    workers = workers or min(max(count, 1), os.cpu_count() or 1)
    # Not forked from this process: a fork would copy whatever state its libraries hold.
    # Forked from a server that imported WeasyPrint once, rather than each worker started
    # afresh and importing it (a third of a second each).
    with running(worker_pool(workers, "forkserver", PRELOAD)) if workers > 1 else _InProcess() as pool:
        # Each section handed over as soon as its HTML is made, while the workers start.
        made = (render_section(book, part, options) for _, book, parts, _ in work.books for part in parts)
        finished = iter(_each(pool.map(_render, made), progress))
        rendered = [[next(finished) for _ in parts] for _, _, parts, _ in work.books]
        # Sections out of phase with the one-document layout, laid out again together.
        redo = [(b, k, part) for b, ((_, book, parts, _), done) in enumerate(zip(work.books, rendered))
                for k, part in out_of_phase(book, list(parts), done)]
        redone = pool.map(_render, [render_section(work.books[b][1], part, options) for b, _, part in redo])
        for (b, k, _), section in zip(redo, redone):
            rendered[b][k] = section
        bodies: list[Layout] = [lay_out(list(parts), done, relay_for(book, list(parts), options),
                                        placed_again(book, options))
                                for (_, book, parts, _), done in zip(work.books, rendered)]
        index_jobs = []
        for (_, book, _, index), body in zip(work.books, bodies):
            pages = {anchor: page + 1 for anchor, page in body.places().items()}
            index_jobs += [render_section(book, part, options, pages) for part in index]
        # The stamps of the runs of pages that end before the index are laid out beside it:
        # nothing on them depends on it.
        early = [stamp_jobs(book, heads(book, list(body.pages)), options)[:len(body.pages) // STAMP_PAGES]
                 for (_, book, _, _), body in zip(work.books, bodies)]
        done = iter(pool.map(_render, index_jobs + [job for jobs in early for job in jobs]))
        indexes = iter(_each((next(done) for _ in index_jobs), progress))
        layouts = [with_index(body, [next(indexes) for _ in index], options.booklet)
                   for (_, _, _, index), body in zip(work.books, bodies)]
        early_stamps = [[next(done).pdf for _ in jobs] for jobs in early]
        if found is not None:
            found.extend(_spoilers(work, layouts))
        runs = [stamp_jobs(book, heads(book, list(layout.pages)), options, skip=len(first))
                for (_, book, _, _), layout, first in zip(work.books, layouts, early)]
        stamped = iter(pool.map(_render, [job for jobs in runs for job in jobs]))
        results: dict[tuple[str, str], bytes] = {}
        for (pack_name, book, _, _), layout, first, jobs in zip(work.books, layouts, early_stamps, runs):
            page_stamps = first + [next(stamped).pdf for _ in jobs]
            if progress:
                progress(1)
            results[(pack_name, book.file_name)] = assemble(book, layout, options, page_stamps)
            if progress:
                progress(1)
    return results


def render_packs(packs: list[Pack], options: RenderOptions, workers: int | None = None,
                 progress: Callable[[int], None] | None = None) -> dict[tuple[str, str], bytes]:
    return render(plan(packs, options), workers, progress)
