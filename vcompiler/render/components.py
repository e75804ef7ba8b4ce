"""A pack's print-and-play components: card sheets (`cards.pdf`), Vantage location
cards (`locations.pdf`) and planet boards (`board-<planet>.pdf`). Planned here from
the model, rendered in worker processes like the books (workers get plain views,
never the model), and measured: a card whose text does not fit is a W510 at its
declaration."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import replace

from vcompiler import codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.model.types import Pack
from vcompiler.registry import CARD_SIZES
from vcompiler.render.board import Board, board_of, render_board_measured
from vcompiler.render.books import danger_key, icon_key
from vcompiler.render.cards import Face, faces_of, location_faces
from vcompiler.render.ir import Icon, Row, Track
from vcompiler.render.sheets import (
    SHEETS_PER_JOB,
    Job,
    Overflow,
    Page,
    RenderedJob,
    assemble_pdf,
    grid,
    legend_pages,
    render_job,
    sheet_pages,
    single_pages,
)
from vcompiler.render.voice import DangerTable
from vcompiler.util.frozen import frozen
from vcompiler.util.workers import pool as worker_pool
from vcompiler.util.workers import running

# A4 for cards even when the books are A5: an A5 sheet holds two cards.
CARD_PAPERS = {"a4": "a4", "letter": "letter", "a5": "a4"}


@frozen
class ComponentOptions:
    paper: str = "a4"
    layout: str = "sheets"            # sheets | single
    parts: frozenset[str] = frozenset({"cards", "board"})
    # A board's page grows by the bleed, with TrimBox and BleedBox, as a book's does; the
    # card sheets carry their own 3 mm bleed around every card (render.sheets).
    bleed_mm: float = 0.0
    crop_marks: bool = False
    board_paper: str = "a4"           # a planet board's sheet (render.board.BOARD_PAPERS)


@frozen
class Deck:
    """One file: of cards (the jobs that print them) or a board (one job)."""
    pack: str
    file_name: str
    jobs: tuple[Job | Board, ...]
    single: bool


Legend = tuple[tuple[str, tuple[tuple[Icon, str], ...]], ...]


def _jobs(title: str, faces: list[Face], options: ComponentOptions,
          legend: Legend = (), tables: tuple[DangerTable, ...] = ()) -> tuple[list[Job], list[Diagnostic]]:
    """`legend`: the key to the icons, printed on a sheet of its own before the cards."""
    problems: list[Diagnostic] = []
    paper = CARD_PAPERS[options.paper]
    by_size: dict[tuple[float, float], list[int]] = {}
    for n, face in enumerate(faces):
        by_size.setdefault(face.size, []).extend([n] * face.copies)
    runs: list[list[Page]] = []
    for size, indices in by_size.items():
        if options.layout == "single":
            pages = single_pages(indices, faces)
            per_job = SHEETS_PER_JOB * 8
        else:
            layout = grid(size, paper)
            if layout is None:
                for n in sorted(set(indices)):
                    problems.append(diagnostic(
                        codes.CARD_TOO_LARGE, faces[n].span, card=faces[n].key,
                        size=f"{size[0]:g}x{size[1]:g} mm", paper=paper.upper(),
                        hint="give its kind a smaller size under [cards] in vcompiler.toml, or print it "
                             "with --card-layout single"))
                continue
            pages = sheet_pages(indices, layout)
            if legend and not runs:
                pages = legend_pages(layout) + pages
            per_job = SHEETS_PER_JOB
        runs.extend(pages[i:i + 2 * per_job] for i in range(0, len(pages), 2 * per_job))
    jobs = []
    measured: set[int] = set()
    for pages in runs:
        keyed = any(page.side == "legend" for page in pages)
        used = sorted({n for page in pages for n, _ in page.cards})
        local = {n: i for i, n in enumerate(used)}
        first = frozenset(local[n] for n in used if n not in measured)
        measured.update(used)
        jobs.append(Job(title, tuple(faces[n] for n in used),
                        tuple(replace(page, cards=tuple((local[n], s) for n, s in page.cards)) for page in pages),
                        first, legend if keyed else (), art_bleed=options.layout == "single" and options.bleed_mm > 0,
                        tables=tables if keyed else ()))
    return jobs, problems



@frozen
class ComponentPlan:
    decks: tuple[Deck, ...]
    diagnostics: tuple[Diagnostic, ...]

    @property
    def steps(self) -> int:
        return sum(len(deck.jobs) + 1 for deck in self.decks)


def plan_components(packs: list[Pack], options: ComponentOptions,
                    sizes: dict[str, dict[str, tuple[float, float]]] | None = None) -> ComponentPlan:
    """`sizes`: by pack name, card sizes that replace the defaults (vcompiler.toml)."""
    decks: list[Deck] = []
    problems: list[Diagnostic] = []
    for pack in packs:
        own = {**CARD_SIZES, **(sizes or {}).get(pack.name, {})}
        files = []
        if "cards" in options.parts:
            files.append(("cards.pdf", faces_of(pack, own)))
            if pack.game == "vantage":
                files.append(("locations.pdf", location_faces(pack, own)))
        for file_name, faces in files:
            if not faces:
                continue
            # The vanguard card sheets open with the key to their icons (Vantage's cards print few).
            keyed = pack.game == "vanguard" and file_name == "cards.pdf"
            key = icon_key(pack) if keyed else ()
            jobs, found = _jobs(f"{pack.title} — {file_name[:-4].capitalize()}", faces, options, key,
                                danger_key(pack) if keyed else ())
            problems += found
            if jobs:
                decks.append(Deck(pack.name, file_name, tuple(jobs), options.layout == "single"))
        if "board" in options.parts:
            for planet in pack.planets:
                board = replace(board_of(pack, planet, options.board_paper), bleed_mm=options.bleed_mm,
                                crop_marks=options.crop_marks)
                decks.append(Deck(pack.name, board.file_name, (board,), False))
                problems += [diagnostic(codes.PATH_OVER_SECTOR, span, a=a, b=b, sector=n, arrow=arrow,
                                        hint=f"no route with one or two bends between the spaces clears it; pin "
                                             f"sectors with `at COLUMN, ROW` so that it runs clear of sector "
                                             f"{n}, or lead it through sector {n}")
                             for span, a, arrow, b, n in board.over]
                problems += [diagnostic(codes.COST_OVER_SECTOR, span, a=a, b=b, sector=n, arrow=arrow,
                                        hint="no place along the path keeps its cost off every space: print "
                                             "the cost as icons or shorter, or pin the sectors with `at COLUMN, "
                                             "ROW` so that the path runs between spaces not side by side")
                             for span, a, arrow, b, n in board.unclear]
    return ComponentPlan(tuple(decks), tuple(problems))


def _render(job: Job | Board) -> RenderedJob:
    if isinstance(job, Board):
        pdf, cut = render_board_measured(job)
        if job.crop_marks:
            from vcompiler.render.impose import MM, crop_marks
            pdf = crop_marks(pdf, job.bleed_mm * MM)
        # A sector's number stands for the face: a board has no faces.
        return RenderedJob(pdf, tuple(Overflow(sector, "poi", lines) for sector, lines in cut), len(job.tiles))
    return render_job(job)


def _overflow_diagnostics(job: Job | Board, rendered: RenderedJob) -> list[Diagnostic]:
    if isinstance(job, Board):
        sectors = {s.number: s for s in job.sectors}
        return [diagnostic(codes.POI_CUT, sectors[o.face].span or job.span, sector=o.face, planet=job.planet,
                           lines=o.lines, s="" if o.lines == 1 else "s",
                           hint="shorten the POI's text or its Special Actions' rows; the card laid on the "
                                "space covers it, but a table reads the printed POI from the board")
                for o in rendered.overflows]
    return overflow_diagnostics(job.faces, rendered.overflows)


def overflow_diagnostics(faces: tuple[Face, ...], overflows: Iterable[Overflow]) -> list[Diagnostic]:
    """W510 for each box of `faces` that overflows."""
    where = {"title": "title", "body": "text box", "foot": "bottom box"}
    return [diagnostic(codes.TEXT_OVERFLOW, faces[o.face].span_of(o.part, o.item), card=faces[o.face].key,
                       part=where.get(o.part, o.part), lines=o.lines, s="" if o.lines == 1 else "s",
                       hint=_overflow_hint(faces[o.face], o.part))
            for o in overflows]


# Blocks that print as a row of their own (a threat's or a Special Action's rows, a
# track): each takes at least a line, however short its text.
_ROWS = (Row, Track)


# Where a card's longer text belongs instead: a Vanguard card's rules in the Logbook, a
# Vantage card's or location's in the storybook entries of its actions (VR 37, 44).
_ELSEWHERE = {"location": "the storybook entries of its actions", "vcard": "the storybook entries of its actions"}


def _overflow_hint(face: Face, part: str) -> str:
    """What to change, for the part that overflowed, what it holds and where else its
    text can go."""
    cut = "the card prints it cut, with a band that says how many lines are not printed"
    larger = f"give {face.kind} cards a larger size under [cards] in vcompiler.toml"
    if part == "title":
        return f"shorten the title; {cut}"
    held = face.foot if part == "foot" else face.blocks
    rows = sum(1 for block in held if isinstance(block, _ROWS))
    if rows and 2 * rows >= len(held):
        each = "at least a line each" if rows > 1 else "at least a line"
        return f"its {rows} row{'s' if rows > 1 else ''} take{'' if rows > 1 else 's'} {each}: use fewer or shorter " \
               f"rows, or {larger}; {cut}"
    return f"shorten the text or move some of it to {_ELSEWHERE.get(face.kind, 'the Logbook')}, or {larger}; {cut}"


def render_components(work: ComponentPlan, workers: int | None = None,
                      progress: Callable[[int], None] | None = None
                      ) -> tuple[dict[tuple[str, str], bytes], list[Diagnostic]]:
    """Every component file of the plan: (pack name, file name) -> PDF bytes, and the
    diagnostics of what did not fit."""
    jobs = [job for deck in work.decks for job in deck.jobs]
    workers = workers or min(max(len(jobs), 1), os.cpu_count() or 1)
    if workers > 1:
        # Spawned, not forked: a fork would copy whatever state the parent's libraries hold.
        with running(worker_pool(workers, "spawn")) as pool:
            done = []
            for result in pool.map(_render, jobs):
                done.append(result)
                if progress:
                    progress(1)
    else:
        done = []
        for job in jobs:
            done.append(_render(job))
            if progress:
                progress(1)
    files: dict[tuple[str, str], bytes] = {}
    found: list[Diagnostic] = list(work.diagnostics)
    results = iter(done)
    for deck in work.decks:
        parts = [next(results) for _ in deck.jobs]
        for job, rendered in zip(deck.jobs, parts):
            found += _overflow_diagnostics(job, rendered)
        trimmed = [deck.single for part in parts for _ in range(part.pages)]
        files[(deck.pack, deck.file_name)] = assemble_pdf([p.pdf for p in parts], deck.jobs[0].title, trimmed)
        if progress:
            progress(1)
    return files, sorted(found, key=Diagnostic.sort_key)
