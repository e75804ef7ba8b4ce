"""The render stage: model -> books (views) -> HTML (Jinja2) -> PDF (WeasyPrint).

Books of one build render in parallel processes; each process gets finished HTML,
so that the model never crosses a process boundary."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed

from vcompiler.model.types import Pack
from vcompiler.render.books import Book, books_of
from vcompiler.render.pdf import RenderOptions, book_html, html_to_pdf

__all__ = ["RenderOptions", "books_of", "render_packs"]


def _render_job(job: tuple[str, RenderOptions]) -> bytes:
    html, options = job
    return html_to_pdf(html, options)


def render_packs(packs: list[Pack], options: RenderOptions, workers: int | None = None,
                 progress: Callable[[int], None] | None = None) -> dict[tuple[str, str], bytes]:
    """Every book of every pack: (pack name, file name) -> PDF bytes."""
    jobs: list[tuple[tuple[str, str], tuple[str, RenderOptions]]] = []
    for pack in packs:
        for book in books_of(pack):
            jobs.append(((pack.name, book.file_name), (book_html(book, options), options)))
    workers = workers or min(len(jobs), os.cpu_count() or 1)
    results: dict[tuple[str, str], bytes] = {}
    if workers <= 1 or len(jobs) <= 1:
        for key, job in jobs:
            results[key] = _render_job(job)
            if progress:
                progress(1)
        return results
    # Spawned, not forked: a fork would copy whatever state the parent's libraries hold.
    context = __import__("multiprocessing").get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = {pool.submit(_render_job, job): key for key, job in jobs}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if progress:
                progress(1)
    return dict(sorted(results.items()))


def book_count(packs: list[Pack]) -> int:
    return sum(len(books_of(p)) for p in packs)


def progress_stream():
    return sys.stderr
