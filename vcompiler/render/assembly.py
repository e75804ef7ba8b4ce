"""Pages of rendered sections -> one book a print shop accepts: the chosen pages of
each section in order, named destinations joined (so links and the outline work
across sections), page numbers laid on every page, one subset per font, compressed
streams, a closed outline built from the book itself, a fixed document identifier."""
from __future__ import annotations

import io
from collections.abc import Iterable

import pikepdf

from vcompiler.render.fonts import merge_fonts
from vcompiler.util.frozen import frozen


@frozen
class Piece:
    """Some pages of one rendered section, or `blank` empty pages."""
    pdf: bytes
    pages: tuple[int, ...]
    blank: int = 0
    names: frozenset[str] = frozenset()    # the destinations it holds (not stand-ins for others')


@frozen
class Composed:
    """Pages made of pages of rendered sections, each drawn moved by (dx, dy) points:
    entries placed where one document would lay them out (render.placement)."""
    sources: tuple[bytes, ...]
    pages: tuple[tuple[tuple[int, int, float, float], ...], ...]    # per page: (source, its page, dx, dy)
    names: frozenset[str] = frozenset()


@frozen
class Mark:
    """An outline item: its title, the anchor it opens, and items under it."""
    title: str
    anchor: str
    children: tuple[Mark, ...] = ()


def _destinations(source: pikepdf.Pdf) -> Iterable[tuple[str, pikepdf.Object]]:
    names = source.Root.get("/Names")
    if names is None or "/Dests" not in names:
        return ()
    return ((str(key), value) for key, value in pikepdf.NameTree(names.Dests).items())


def assemble_pages(pieces: list[Piece | Composed], numbers: list[bytes], outline: list[Mark],
                   metadata: dict[str, str], tagged: bool = False) -> bytes:
    """`numbers`: PDFs whose pages, one after the other, are laid over the book's.
    `tagged`: the pieces are tagged PDFs, whose structure trees the book joins."""
    out = pikepdf.new()
    sources = []
    structure = _Structure(out) if tagged else None
    # anchor -> (page index in the book, x, y); the first place an anchor is drawn wins,
    # which is the entry itself: references elsewhere point there.
    places: dict[str, tuple[int, float, float]] = {}
    for piece in pieces:
        if isinstance(piece, Composed):
            sources += _compose(out, piece, places)
            continue
        if piece.blank:
            _blanks(out, piece.blank)
            continue
        source = pikepdf.open(io.BytesIO(piece.pdf))
        sources.append(source)
        where = {source.pages[i].objgen: len(out.pages) + k for k, i in enumerate(piece.pages)}
        for name, dest in _destinations(source):
            page = where.get(dest[0].objgen)
            if page is not None and name not in places and name in piece.names:
                places[name] = (page, float(dest[2]), float(dest[3]))
        for i in piece.pages:
            out.pages.append(source.pages[i])
        if structure is not None:
            structure.add(source, piece.pages, len(out.pages) - len(piece.pages))
    runs = [pikepdf.open(io.BytesIO(run)) for run in numbers]
    sources += runs
    for page, stamp in zip(out.pages, (stamp for run in runs for stamp in run.pages)):
        _overlay(out, page, stamp, artifact=tagged)
    if structure is not None:
        structure.finish()
    tree = pikepdf.NameTree.new(out)
    for name in sorted(places):
        page, x, y = places[name]
        tree[name] = pikepdf.Array([out.pages[page].obj, pikepdf.Name.XYZ, x, y, 0])
    out.Root.Names = pikepdf.Dictionary(Dests=tree.obj)
    with out.open_outline() as root:
        root.root.extend(_items(outline, places))
    merge_fonts(out)
    info = {f"/{key}": pikepdf.String(value) for key, value in metadata.items()}
    out.docinfo = out.make_indirect(pikepdf.Dictionary(info))
    return saved(out, sources)


def saved(out: pikepdf.Pdf, sources: Iterable[pikepdf.Pdf]) -> bytes:
    """`out`'s bytes as every PDF of a build is written (streams compressed, object
    streams, an id made from the content), its `sources` closed."""
    buffer = io.BytesIO()
    out.save(buffer, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate,
             deterministic_id=True, recompress_flate=False)
    for source in sources:
        source.close()
    return buffer.getvalue()


def _compose(out: pikepdf.Pdf, piece: Composed, places: dict[str, tuple[int, float, float]]) -> list[pikepdf.Pdf]:
    """Append the pages of `piece`; returns the PDFs it opened (open until the book is saved)."""
    opened = [pikepdf.open(io.BytesIO(data)) for data in piece.sources]
    # (source, page) -> the destinations on that page: (name, x, y)
    targets: dict[tuple[int, tuple[int, int]], list[tuple[str, float, float]]] = {}
    for k, source in enumerate(opened):
        for name, dest in _destinations(source):
            if name in piece.names:
                targets.setdefault((k, dest[0].objgen), []).append((name, float(dest[2]), float(dest[3])))
    for spots in piece.pages:
        first = opened[spots[0][0]].pages[spots[0][1]].obj
        page = out.add_blank_page(page_size=(10, 10))
        for box in ("/MediaBox", "/TrimBox", "/BleedBox"):
            if box in first:
                page.obj[box] = pikepdf.Array([float(v) for v in first[box]])
        forms = pikepdf.Dictionary()
        drawn = []
        annotations = pikepdf.Array()
        for n, (k, index, dx, dy) in enumerate(spots):
            source = opened[k].pages[index]
            forms[f"/P{n}"] = out.copy_foreign(source.as_form_xobject())
            drawn.append(f"q 1 0 0 1 {dx:.4f} {dy:.4f} cm /P{n} Do Q".encode())
            for annotation in source.obj.get("/Annots", []):
                copy = out.copy_foreign(annotation)
                x0, y0, x1, y1 = (float(v) for v in copy.Rect)
                copy.Rect = pikepdf.Array([x0 + dx, y0 + dy, x1 + dx, y1 + dy])
                annotations.append(copy)
            for name, x, y in targets.get((k, source.objgen), ()):
                places.setdefault(name, (len(out.pages) - 1, x + dx, y + dy))
        page.obj.Resources = pikepdf.Dictionary(XObject=forms)
        page.obj.Contents = pikepdf.Stream(out, b"\n".join(drawn) + b"\n")
        if len(annotations):
            page.obj.Annots = annotations
    return opened


def _overlay(out: pikepdf.Pdf, page: pikepdf.Page, stamp: pikepdf.Page, artifact: bool = False) -> None:
    """Draw `stamp` (a page of the same boxes) over `page`, under a fixed name: the
    same book gives the same bytes. `artifact`: marked as such, for a tagged book
    (heads and numbers are not part of its text)."""
    form = out.copy_foreign(stamp.as_form_xobject())
    # A copy of the resources: pages of a section may share one dictionary.
    resources = pikepdf.Dictionary({key: value for key, value in page.obj.get("/Resources", {}).items()})
    xobjects = pikepdf.Dictionary({key: value for key, value in resources.get("/XObject", {}).items()})
    xobjects["/Stamp"] = form
    resources["/XObject"] = xobjects
    page.obj.Resources = resources
    # The page's own content may leave its coordinates changed: draw over it from a
    # clean state.
    page.contents_add(pikepdf.Stream(out, b"q\n"), prepend=True)
    draw = b"/Artifact BMC q /Stamp Do Q EMC" if artifact else b"q /Stamp Do Q"
    page.contents_add(pikepdf.Stream(out, b"\nQ " + draw), prepend=False)


def _blanks(out: pikepdf.Pdf, count: int) -> None:
    """Empty pages with the page boxes of the page before."""
    model = out.pages[-1].obj
    for _ in range(count):
        page = out.add_blank_page(page_size=(10, 10))
        # Not an empty stream: compressed, one is a stream error to Ghostscript.
        page.obj.Contents = pikepdf.Stream(out, b"q Q\n")
        for box in ("/MediaBox", "/TrimBox", "/BleedBox"):
            if box in model:
                page.obj[box] = pikepdf.Array(list(model[box]))


def _items(marks: list[Mark] | tuple[Mark, ...], places: dict[str, tuple[int, float, float]]
           ) -> list[pikepdf.OutlineItem]:
    items = []
    for mark in marks:
        place = places.get(mark.anchor)
        if place is None:
            continue
        page, _, y = place
        item = pikepdf.OutlineItem(mark.title, page, "XYZ", top=y)
        item.children.extend(_items(mark.children, places))
        # Closed: opening the panel shows the parts, not every entry's title at once.
        item.is_closed = True
        items.append(item)
    return items


class _Structure:
    """The structure tree of a book joined from its tagged sections. A section's tree
    (WeasyPrint's) is a Document element whose children each belong to one page: the
    book keeps those of the pages it takes, renumbers the pages' and links' keys into
    one parent tree, and hangs them under one Document element."""

    def __init__(self, out: pikepdf.Pdf):
        self.out = out
        self.kids = pikepdf.Array()
        self.parents: list[tuple[int, pikepdf.Object]] = []     # (key, element or array of elements)

    def add(self, source: pikepdf.Pdf, taken: tuple[int, ...], first: int) -> None:
        root = source.Root.get("/StructTreeRoot")
        if root is None:
            return
        pages = {source.pages[i].objgen for i in taken}
        tree = dict(pikepdf.NumberTree(root.ParentTree).items())
        document = root.K[0] if isinstance(root.K, pikepdf.Array) else root.K
        for kid in document.K:
            if kid.get("/Pg") is not None and kid.Pg.objgen in pages:
                del kid["/P"]          # else the copy would bring the section's whole tree
                self.kids.append(self.out.copy_foreign(kid))
        for k, i in enumerate(taken):
            page = self.out.pages[first + k].obj
            old = source.pages[i].obj.get("/StructParents")
            if old is not None and int(old) in tree:
                page.StructParents = self._key(self._copy(tree[int(old)]))
            for annotation in page.get("/Annots", []):
                old = annotation.get("/StructParent")
                if old is not None and int(old) in tree:
                    annotation.StructParent = self._key(self._copy(tree[int(old)]))

    def _copy(self, value: pikepdf.Object) -> pikepdf.Object:
        """An element, or a page's array of them (direct), copied into the book."""
        if isinstance(value, pikepdf.Array) and not value.is_indirect:
            return pikepdf.Array([self.out.copy_foreign(element) for element in value])
        return self.out.copy_foreign(value)

    def _key(self, value: pikepdf.Object) -> int:
        self.parents.append((len(self.parents), value))
        return len(self.parents) - 1

    def finish(self) -> None:
        out = self.out
        root = out.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructTreeRoot))
        document = out.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name.Document,
                                                        P=root, K=self.kids))
        for kid in self.kids:
            kid.P = document
        tree = pikepdf.NumberTree.new(out)
        for key, value in self.parents:
            tree[key] = value
        root.K = pikepdf.Array([document])
        root.ParentTree = tree.obj
        root.ParentTreeNextKey = len(self.parents)
        out.Root.StructTreeRoot = root
        out.Root.MarkInfo = pikepdf.Dictionary(Marked=True)
        out.Root.Lang = pikepdf.String("en")
        out.Root.ViewerPreferences = pikepdf.Dictionary(DisplayDocTitle=True)
