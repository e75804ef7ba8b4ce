"""The render stage: model -> books (views) -> HTML (Jinja2) -> PDF (WeasyPrint).

A book renders in sections (cover, runs of entries, runs of results), every section
of every book of a build in parallel processes; then each book's index, which needs
the page numbers the sections ended up on; then each book's page-number stamps; then
the main process assembles each book. Workers get finished HTML: the model never
crosses a process boundary."""
from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass

from vcompiler.model.types import Pack
from vcompiler.render.books import Book, Section, books_of, index_sections, sections
from vcompiler.render.pdf import (RenderOptions, RenderedSection, assemble, book_html, index_pages, page_count,
                                  page_numbers, render_html)

__all__ = ["RenderOptions", "RenderPlan", "books_of", "plan", "render", "render_packs"]


@dataclass(frozen=True)
class RenderPlan:
    options: RenderOptions
    books: tuple[tuple[str, Book, tuple[Section, ...], tuple[Section, ...]], ...]  # pack, book, sections, index

    @property
    def steps(self) -> int:
        """Units of work, for a progress bar: every section and index section, and
        every book's stamps and assembly."""
        return sum(len(parts) + len(index) + 2 for _, _, parts, index in self.books)


def plan(packs: list[Pack], options: RenderOptions) -> RenderPlan:
    return RenderPlan(options, tuple((pack.name, book, tuple(sections(book)), tuple(index_sections(book)))
                                     for pack in packs for book in books_of(pack)))


class _InProcess(Executor):
    """For one worker: no pool to start, the same code path."""

    def map(self, fn, *iterables, **kwargs):
        return map(fn, *iterables)


def _render(job: tuple[str, RenderOptions]) -> RenderedSection:
    return render_html(*job)


def _numbers(job: tuple[int, RenderOptions]) -> bytes:
    return page_numbers(*job)


def _each(results: Iterable, progress: Callable[[int], None] | None) -> list:
    out = []
    for result in results:
        out.append(result)
        if progress:
            progress(1)
    return out


def render(work: RenderPlan, workers: int | None = None,
           progress: Callable[[int], None] | None = None) -> dict[tuple[str, str], bytes]:
    """Every book of the plan: (pack name, file name) -> PDF bytes."""
    options = work.options
    jobs = [(book_html(book, [part], options), options) for _, book, parts, _ in work.books for part in parts]
    workers = workers or min(max(len(jobs), 1), os.cpu_count() or 1)
    # Spawned, not forked: a fork would copy whatever state the parent's libraries hold.
    pool = (ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
            if workers > 1 else _InProcess())
    with pool:
        finished = iter(_each(pool.map(_render, jobs), progress))
        rendered = [[next(finished) for _ in parts] for _, _, parts, _ in work.books]
        index_jobs = []
        for (_, book, _, index), done in zip(work.books, rendered):
            pages = index_pages(done)
            index_jobs += [(book_html(book, [part], options, pages), options) for part in index]
        indexes = iter(_each(pool.map(_render, index_jobs), progress))
        for (_, _, _, index), done in zip(work.books, rendered):
            done.extend(next(indexes) for _ in index)
        numbers = _each(pool.map(_numbers, [(page_count(done), options) for done in rendered]), progress)
        results: dict[tuple[str, str], bytes] = {}
        for (pack_name, book, _, _), done, stamp in zip(work.books, rendered, numbers):
            results[(pack_name, book.file_name)] = assemble(book, done, stamp, options)
            if progress:
                progress(1)
    return results


def render_packs(packs: list[Pack], options: RenderOptions, workers: int | None = None,
                 progress: Callable[[int], None] | None = None) -> dict[tuple[str, str], bytes]:
    return render(plan(packs, options), workers, progress)
