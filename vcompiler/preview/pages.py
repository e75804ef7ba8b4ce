"""The printed side of the preview: an entry or component as the renderer writes it
for WeasyPrint (the same templates and stylesheets, render/ and templates/), given to
the browser instead. Each target is one or more parts, each a whole HTML document: a
log's book entry; a card's front and back; a location's card and its storybook
entries; a planet's board."""
from __future__ import annotations

import re
from dataclasses import replace

from vcompiler.model import types as m
from vcompiler.preview.targets import Target
from vcompiler.render.board import board_of
from vcompiler.render.books import Book, Entry, Section, books_of
from vcompiler.render.options import RenderOptions
from vcompiler.render.pdf import BOOK_SHEETS, book_html
from vcompiler.render.sheets import Job, job_html, single_pages
from vcompiler.render.templating import environment
from vcompiler.util.frozen import frozen

# Where the stylesheets, fonts and icons the templates name are served (server.py):
# the documents' relative URLs ("icons/challenge.svg", "fonts/...") resolve there.
TEMPLATE_ROOT = "/t/"
# A page of the book around the part, the width of the A4 page's text (base.css's
# margins), so that a column of a book entry is as wide as it prints.
PAGE_CSS = ("html { background: #e6e3dc; } "
            "body { background: #fff; box-sizing: content-box; margin: 4mm auto; padding: 10mm 13mm; "
            "box-shadow: 0 0 2mm rgba(0,0,0,.25); } "
            "body.logbook, body.storybook { width: 184mm; } "
            "body:not(.logbook):not(.storybook) { width: max-content; padding: 0; } "
            ".sheet { margin: 0 0 4mm; } a.ref { cursor: pointer; text-decoration: underline dotted; }")


@frozen
class Part:
    name: str                         # what the tab says: "Logbook", "Card front and back", "Board"
    sheets: tuple[str, ...]           # the stylesheets of templates/ it prints with
    html: str


def _book_part(book: Book, entries: tuple[Entry, ...], name: str) -> Part:
    parts = [Section("entries", entries, units=True)]
    if any(e.result is not None for e in entries):
        parts.append(Section("results", entries))
    return Part(name, BOOK_SHEETS, book_html(book, parts, RenderOptions()))


def _card_part(pack: m.Pack, target: Target) -> Part:
    assert target.face is not None
    face = target.face
    job = Job(pack.title, (face,), tuple(single_pages([0], [face])), frozenset())
    return Part("Card front and back", ("base.css", "cards.css"), job_html(job))


def parts_of(pack: m.Pack, target: Target) -> list[Part]:
    """What `target` prints, part by part."""
    out: list[Part] = []
    if target.kind == "planet":
        planet = next(p for p in pack.planets if f"planet-{p.id}" == target.anchor)
        board = board_of(pack, planet, "a4")
        html = environment().get_template("board.html.j2").render(board=board, naive=False, created=None,
                                                                  version="")
        return [Part("Board", ("base.css", "board.css"), html)]
    if target.face is not None:
        out.append(_card_part(pack, target))
    if target.kind == "card":
        return out
    books = books_of(_only(pack, target), _titles(pack))
    if target.kind in ("log", "depart"):
        for book in books:
            entries = tuple(e for e in book.entries if e.anchor == target.anchor)
            if entries:
                out.append(_book_part(book, entries, book.subtitle))
        return out
    # A location's or a card's actions are storybook entries under its number (VR 60).
    key = target.anchor.rpartition("-")[2]
    for book in books:
        entries = tuple(e for e in book.entries if e.key == key)
        if entries:
            out.append(_book_part(book, entries, book.subtitle))
    return out


def _titles(pack: m.Pack) -> bool | None:
    """Whether the books show titles, as the whole pack decides it (render.books)."""
    return not any(log.label for log in pack.logs) if pack.game == "vanguard" else None


def _only(pack: m.Pack, target: Target) -> m.Pack:
    """The pack with only the declaration `target` is, for its books: a book of one entry
    is made in the time of one, not of the pack's thousands."""
    kind, key = target.node if target.node is not None else ("", None)
    return replace(pack, logs=tuple(log for log in pack.logs if ("log", log.number) == (kind, key)),
                   locations=tuple(loc for loc in pack.locations if ("location", loc.number) == (kind, key)),
                   departs=tuple(d for d in pack.departs if ("depart", (d.number, d.direction)) == (kind, key)),
                   vantage_cards=tuple(c for c in pack.vantage_cards if ("vcard", c.number) == (kind, key)))


_HEAD = re.compile(r"<head>", re.IGNORECASE)


def document(part: Part) -> str:
    """The part as the browser gets it: its stylesheets linked where WeasyPrint is
    handed them, a page around it, and the script that sends its links to the preview."""
    links = "".join(f'<link rel="stylesheet" href="{name}">' for name in part.sheets)
    head = (f'<head>\n  <base href="{TEMPLATE_ROOT}">{links}<style>{PAGE_CSS}</style>'
            f'<script src="/static/print.js" defer></script>')
    return _HEAD.sub(head, part.html, count=1)
