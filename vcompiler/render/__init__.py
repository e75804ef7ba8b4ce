"""The render stage: model -> books (views) -> HTML (Jinja2) -> PDF (WeasyPrint).

A book renders in sections (cover, runs of entries, runs of results), every section
of every book of a build in parallel processes; then each book's index, which needs
the page numbers the sections ended up on; then each book is assembled and its page
numbers stamped on. Workers get finished HTML: the model never crosses a process
boundary."""
from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor

from vcompiler.model.types import Pack
from vcompiler.render.books import Book, Section, books_of, index_sections, sections
from vcompiler.render.pdf import (RenderOptions, RenderedSection, assemble, book_html, index_pages, page_count,
                                  page_numbers, render_html)

__all__ = ["RenderOptions", "book_count", "books_of", "render_packs"]


class _InProcess(Executor):
    """For one worker: no pool to start, same code path."""

    def map(self, fn, *iterables, **kwargs):
        return map(fn, *iterables)


def _render(job: tuple[str, RenderOptions]) -> RenderedSection:
    return render_html(*job)


def _numbers(job: tuple[int, RenderOptions]) -> bytes:
    return page_numbers(*job)


def render_packs(packs: list[Pack], options: RenderOptions, workers: int | None = None,
                 progress: Callable[[int], None] | None = None) -> dict[tuple[str, str], bytes]:
    """Every book of every pack: (pack name, file name) -> PDF bytes."""
    books: list[tuple[str, Book, list[Section]]] = [
        (pack.name, book, sections(book)) for pack in packs for book in books_of(pack)]
    jobs = [(book_html(book, [part], options), options) for _, book, parts in books for part in parts]
    workers = workers or min(len(jobs), os.cpu_count() or 1)
    # Spawned, not forked: a fork would copy whatever state the parent's libraries hold.
    pool = (ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
            if workers > 1 else _InProcess())
    with pool:
        rendered_sections = iter(list(pool.map(_render, jobs)))
        rendered = [[next(rendered_sections) for _ in parts] for _, _, parts in books]
        index_parts = [index_sections(book) for _, book, _ in books]
        index_jobs = []
        for (_, book, _), done, parts in zip(books, rendered, index_parts):
            pages, _ = index_pages(done)
            index_jobs += [(book_html(book, [part], options, pages), options) for part in parts]
        indexes = iter(list(pool.map(_render, index_jobs)))
        for done, parts in zip(rendered, index_parts):
            done.extend(next(indexes) for _ in parts)
        # The page-number stamps render in the workers too: the main process only merges.
        numbers = list(pool.map(_numbers, [(page_count(done), options) for done in rendered]))
        results: dict[tuple[str, str], bytes] = {}
        for (pack_name, book, _), done, stamp in zip(books, rendered, numbers):
            results[(pack_name, book.file_name)] = assemble(book, done, stamp, options)
            if progress:
                progress(1)
    return results


def book_count(packs: list[Pack]) -> int:
    return sum(len(books_of(p)) for p in packs)
