"""The books as a print shop and a table get them: preflight (Ghostscript, qpdf),
page numbers, fonts, streams, crop marks and imposition; seams, page turns and
spoilers on generated books (a 1,000-log Logbook, a 300-location storybook), read
back with pypdf and pdftotext. Each book is rendered once per session."""
import io
import re
import shutil
import subprocess
import sys
from dataclasses import replace

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from conftest import CONTENT, ROOT, VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.driver.cli import main
from vcompiler.render import RenderPlan, render, render_packs
from vcompiler.render.books import index_sections, logbook, sections, storybooks
from vcompiler.render.pdf import (
    RenderOptions,
    book_html,
    book_sections,
    lay_out,
    out_of_phase,
    placed_again,
    relay_for,
    render_book,
    render_html,
    render_section,
)
from vcompiler.render.preflight import pdfx_problems
from vcompiler.render.spoilers import exposure, sheet_sides, spread

sys.path.insert(0, str(ROOT / "bench"))
import generate  # noqa: E402

A5 = RenderOptions(paper="a5")
MM = 72 / 25.4
TOOLS = ("gs", "qpdf", "pdftotext")


def need(*tools):
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (CI installs them: ghostscript, qpdf, poppler-utils)")


@pytest.fixture(scope="session")
def packs():
    return {name: compile_pack(CONTENT / name).pack for name in ("eye-of-the-void", "tidal-reach")}


@pytest.fixture(scope="session")
def shipped(shipped_books):
    """Every book of the shipped packs, as `build` makes them, in three settings."""
    out = {}
    for label, options in (("a5", A5), ("a4-bleed-crop", RenderOptions(paper="a4", bleed_mm=3, crop_marks=True)),
                           ("booklet-bleed", RenderOptions(paper="a4", booklet=True, bleed_mm=3, crop_marks=True))):
        for (pack, file), data in shipped_books(options).items():
            out[(label, pack, file)] = data
    return out


@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    root = tmp_path_factory.mktemp("generated")
    generate.vanguard(1000, root / "logbook")
    generate.vanguard(80, root / "short")
    generate.vantage(300, root / "storybook")
    return root


@pytest.fixture(scope="session")
def big_logbook(generated):
    pack = compile_pack(generated / "logbook").pack
    return pack, render_packs([pack], A5, workers=2)[(pack.name, "logbook.pdf")]


@pytest.fixture(scope="session")
def big_storybook(generated):
    pack = compile_pack(generated / "storybook").pack
    book = next(b for b in storybooks(pack) if b.file_name == "storybook-look.pdf")
    return book, render_book(book, A5)


def text_of(pdf: bytes) -> list[str]:
    """Per page, the text as pdftotext lays it out (pypdf when it is missing)."""
    if shutil.which("pdftotext") is None:
        return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True)
    return done.stdout.decode("utf-8").split("\f")[:-1]


def preflight(pdf: bytes, path) -> list[str]:
    path.write_bytes(pdf)
    problems = []
    gs = subprocess.run(["gs", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(path)],
                        capture_output=True)
    said = (gs.stdout + gs.stderr).decode("utf-8", "replace")
    if gs.returncode or re.search(r"error|warning|repaired", said, re.I):
        problems.append(f"gs: {said.strip()[-300:]}")
    qpdf = subprocess.run(["qpdf", "--check", str(path)], capture_output=True)
    said = (qpdf.stdout + qpdf.stderr).decode("utf-8", "replace")
    if qpdf.returncode or "WARNING" in said:
        problems.append(f"qpdf: {said[-300:]}")
    return problems


def test_every_shipped_book_passes_ghostscript_and_qpdf(shipped, big_logbook, tmp_path):
    need("gs", "qpdf")
    books = dict(shipped)
    books[("a5", "generated", "logbook.pdf")] = big_logbook[1]
    assert len(books) == 25
    failed = {key: problems for key, pdf in books.items() if (problems := preflight(pdf, tmp_path / "book.pdf"))}
    assert not failed


def _fonts(pdf: bytes, whole_name: bool = False) -> dict[str, set]:
    reader = PdfReader(io.BytesIO(pdf))
    families: dict[str, set] = {}

    def walk(resources):
        for ref in resources.get("/Font", {}).values():
            font = ref.get_object()
            name = str(font["/BaseFont"])
            families.setdefault(name if whole_name else name.split("+")[-1], set()).add(ref.idnum)
        for ref in resources.get("/XObject", {}).values():
            inner = ref.get_object().get("/Resources")
            if inner:
                walk(inner.get_object())
    for page in reader.pages:
        walk(page["/Resources"].get_object())
    return families


def test_one_subset_per_font_and_compressed_streams(big_logbook, shipped):
    for pdf in (big_logbook[1], shipped[("a5", "tidal_reach", "storybook-look.pdf")]):
        # Subsets of one font are joined; fonts that only share a name keep names of their own.
        assert all(len(ids) == 1 for ids in _fonts(pdf, whole_name=True).values()), _fonts(pdf)
        assert all(len(ids) <= 2 for ids in _fonts(pdf).values()), _fonts(pdf)
        for page in PdfReader(io.BytesIO(pdf)).pages:
            contents = page["/Contents"]
            for stream in (contents if isinstance(contents, list) else [contents]):
                assert stream.get_object().get("/Filter") == "/FlateDecode"
    # the 1,000-log book weighed 9.2 MB with a font copy per section
    assert len(big_logbook[1]) < 2_500_000


def test_every_page_but_the_cover_and_blanks_is_numbered_at_its_outer_foot(big_logbook, shipped):
    for pdf in (big_logbook[1], shipped[("a5", "tidal_reach", "storybook-look.pdf")],
                shipped[("a5", "tidal_reach", "storybook-move.pdf")]):
        pages = text_of(pdf)
        if pdf is not big_logbook[1]:
            # A storybook's back cover: its guide, unnumbered, after the blanks that put
            # it on the back of the last leaf.
            *pages, back = pages
            assert "Reference guide" in back or "Looking around" in back
            assert not re.search(r"^\s*\d+\s*$", back, re.M)
            while not pages[-1].strip():
                pages.pop()
        results = next((i for i, text in enumerate(pages) if re.search(r"^\s*Results\s*$", text, re.M)), None)
        blanks = 0
        for number, text in enumerate(pages[1:], 2):
            lines = [line for line in text.splitlines() if line.strip()]
            if not lines:
                # only the blank page that keeps the results off their actions' spread; as
                # in print, it shows neither a head nor a number
                assert results is not None and number - 1 == results - 1, number
                blanks += 1
                continue
            foot = lines[-1]
            assert foot.strip() == str(number), (number, foot)
            # the outer edge: flush left on even pages, far right on odd ones
            assert (foot == foot.lstrip()) == (number % 2 == 0), (number, foot)
        assert blanks <= (results is not None), blanks


def test_heads_on_the_outer_edge_name_the_entries(big_logbook):
    pages = text_of(big_logbook[1])
    for number, text in enumerate(pages[1:40], 2):
        head = next(line for line in text.splitlines() if line.strip())
        match = re.search(r"Logs? (\d+)(–(\d+))?", head)
        assert match, head
        if match.group(3):
            assert int(match.group(1)) < int(match.group(3))
        # the head stands at the outer edge: at the start of the line on a left page
        assert head.lstrip().startswith("Log") == (number % 2 == 0), (number, head)


def test_a_running_head_stands_clear_of_the_first_entry_below_it(big_logbook, shipped):
    need("pdftotext")
    for pdf in (big_logbook[1], shipped[("a4-bleed-crop", "eye_of_the_void", "logbook.pdf")]):
        done = subprocess.run(["pdftotext", "-f", "2", "-l", "2", "-bbox", "-", "-"], input=pdf,
                              capture_output=True, check=True)
        words = re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<', done.stdout.decode())
        head = float(min((float(top), bottom) for top, bottom, word in words if word in ("Log", "Logs"))[1])
        number = next(float(top) for top, _, word in words if word.isdigit() and float(top) > head)
        # a head touching the entry under it reads as part of its heading
        assert number - head >= 2.5 / 25.4 * 72, (head, number)


def test_crop_marks_sit_outside_the_bleed_at_standard_length(shipped):
    pdf = shipped[("a4-bleed-crop", "eye_of_the_void", "logbook.pdf")]
    page = PdfReader(io.BytesIO(pdf)).pages[1]
    trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
    assert float(trim.width) == pytest.approx(595.28, abs=0.5)
    assert float(bleed.left) == pytest.approx(float(trim.left) - 3 * MM, abs=0.1)
    assert float(trim.left) - float(media.left) >= 3 * MM + 5 * MM
    marks = re.findall(rb"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S", page.get_contents().get_data())
    assert len(marks) == 8
    x0, y0, x1, y1 = (float(v) for v in (trim.left, trim.bottom, trim.right, trim.top))
    for mark in marks:
        ax, ay, bx, by = (float(v) for v in mark)
        assert max(abs(ax - bx), abs(ay - by)) == pytest.approx(5 * MM, abs=0.01)
        for x, y in ((ax, ay), (bx, by)):     # no part of a mark within 3 mm of the trim
            assert x <= x0 - 3 * MM + 0.01 or x >= x1 + 3 * MM - 0.01 or y <= y0 - 3 * MM + 0.01 \
                or y >= y1 + 3 * MM - 0.01


def test_booklet_sheets_are_the_chosen_paper(packs):
    eye = packs["eye-of-the-void"]
    for paper, size in (("a4", (841.89, 595.28)), ("letter", (792, 612))):
        pdf = render_book(logbook(eye), RenderOptions(paper=paper, booklet=True))
        sheets = PdfReader(io.BytesIO(pdf)).pages
        for sheet in sheets:
            assert (float(sheet.mediabox.width), float(sheet.mediabox.height)) == pytest.approx(size, abs=0.05)
        # the first side: the last page on the left, the cover on the right
        assert "The Eye of the Void" in sheets[0].extract_text()


def test_booklet_with_bleed_registers_at_the_fold(shipped):
    pdf = shipped[("booklet-bleed", "eye_of_the_void", "logbook.pdf")]
    sheet = PdfReader(io.BytesIO(pdf)).pages[0]
    trim = sheet.trimbox
    assert (float(trim.width), float(trim.height)) == pytest.approx((841.89, 595.28), abs=0.05)
    assert float(sheet.bleedbox.width) == pytest.approx(841.89 + 6 * MM, abs=0.05)
    # each page clipped to its own half at the fold: the left one ends, the right one starts there
    clip = rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re W n"
    sides = [sorted(tuple(float(v) for v in m) for m in re.findall(clip, side.get_contents().get_data()))
             for side in PdfReader(io.BytesIO(pdf)).pages]
    clips = next(found for found in sides if len(found) == 2)
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data()
    fold = float(trim.left) + 841.89 / 2
    assert len(clips) == 2
    assert clips[0][0] + clips[0][2] == pytest.approx(fold, abs=0.01)
    assert clips[1][0] == pytest.approx(fold, abs=0.01)
    # fold marks beyond the trim, at the fold
    assert re.search(rb"\[2 2\] 0 d", content)


def test_signatures_split_a_long_book_with_collation_marks(packs):
    pdf = render_book(logbook(packs["eye-of-the-void"], titles=True), RenderOptions(paper="a4", booklet=True,
                                                                                    signature=4))
    sheets = PdfReader(io.BytesIO(pdf)).pages
    assert len(sheets) == 4                      # 7 pages: signatures of 4 and 4, two sides each
    marks = [re.findall(rb"0 0 0 1 k ([\d.]+) ([\d.]+) [\d.]+ [\d.]+ re f", s.get_contents().get_data())
             for s in sheets]
    fronts = [m for m in marks if m]
    assert len(fronts) == 2 and fronts[0][0][1] != fronts[1][0][1]     # a staircase down the spine


def _pages(count: int, w: float = 148.5 * MM, h: float = 210 * MM) -> bytes:
    """A book of `count` pages, each a full-width bar at a height of its own."""
    import pikepdf
    pdf = pikepdf.new()
    for i in range(count):
        page = pdf.add_blank_page(page_size=(w, h))
        page.obj.Contents = pikepdf.Stream(pdf, f"0 0 0 rg 0 {10 + 12 * i} {w:.3f} 6 re f".encode())
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


@pytest.mark.parametrize("signature", [0, 4, 8, 12, 16, 40])
def test_every_signature_the_cli_accepts_imposes_a_file_ghostscript_reads_without_repair(signature, tmp_path):
    need("gs", "qpdf")
    from vcompiler.render.impose import impose
    for count in (1, 5, 6, 13):
        for options in (RenderOptions(paper="a4", booklet=True, signature=signature),
                        RenderOptions(paper="a4", booklet=True, signature=signature, bleed_mm=3, crop_marks=True)):
            pdf = impose(_pages(count), options)
            # a side of blank pages only (5 pages in signatures of 4) still has content to read
            assert all(page.get_contents().get_data().strip() for page in PdfReader(io.BytesIO(pdf)).pages)
            gs = subprocess.run(["gs", "-o", "/dev/null", "-sDEVICE=nullpage", "-dPDFSTOPONERROR", "-"],
                                input=pdf, capture_output=True)
            said = (gs.stdout + gs.stderr).decode(errors="replace")
            assert gs.returncode == 0 and "repair" not in said.lower() and "error" not in said.lower(), \
                (count, signature, said[-400:])
            (tmp_path / "booklet.pdf").write_bytes(pdf)
            qpdf = subprocess.run(["qpdf", "--check", str(tmp_path / "booklet.pdf")], capture_output=True)
            assert qpdf.returncode == 0, (count, signature, qpdf.stdout[-300:])


def test_creep_moves_the_pages_of_a_thick_signatures_inner_sheets_towards_the_fold():
    from vcompiler.render.impose import CREEP_THRESHOLD_MM, creep, impose
    assert creep(5, 0.1) == [0.0] * 5                       # 0.4 mm at the innermost sheet: left alone
    assert creep(10, 0.1) == [round(0.1 * k, 4) for k in range(10)]
    assert creep(3, 0.3) == [0.0, 0.3, 0.6] and (3 - 1) * 0.3 >= CREEP_THRESHOLD_MM

    def offsets(pdf: bytes) -> list[tuple[float, float]]:
        """The x by which each sheet side draws its left and its right page."""
        out = []
        for page in PdfReader(io.BytesIO(pdf)).pages:
            drawn = page.get_contents().get_data()
            found = [float(x) for x in re.findall(rb"1 0 0 1 (-?[\d.]+) -?[\d.]+ cm /P\d Do", drawn)]
            out.append((found[0], found[1]))
        return out
    book = _pages(40)
    w = round(148.5 * MM, 3)
    thin = offsets(impose(book, RenderOptions(paper="a4", booklet=True, signature=40, paper_thickness_mm=0.04)))
    assert thin == [(0.0, w)] * 20                          # 10 sheets of 0.04 mm: 0.36 mm
    thick = offsets(impose(book, RenderOptions(paper="a4", booklet=True, signature=40)))
    for side, (left, right) in enumerate(thick):
        shift = (side // 2) * 0.1 * MM                        # the sheet's place from the outside
        assert left == pytest.approx(shift, abs=0.002) and right == pytest.approx(w - shift, abs=0.002)
    # the innermost sheet: 0.9 mm towards the fold, its pages still clipped to their halves
    assert thick[-1][0] == pytest.approx(0.9 * MM, abs=0.002)
    # signatures of 16 pages (4 sheets, 0.3 mm) are thin enough to be left alone
    assert offsets(impose(book, RenderOptions(paper="a4", booklet=True, signature=16)))[:8] == [(0.0, w)] * 8


def _lengthen(folder, logs: dict[int, int]) -> None:
    """Make the logs `logs` names longer than a page: each gets that many sentences more."""
    sentence = "The corridor goes on and on under flickering lights, and the hull hums around the team. "
    for path in folder.glob("logbook-*.vcl"):
        text = path.read_text(encoding="utf-8")
        for number, count in logs.items():
            text = text.replace(f'log {number} "Entry {number}" {{\n  text """\n',
                                f'log {number} "Entry {number}" {{\n  text """\n  {sentence * count}\n')
        path.write_text(text, encoding="utf-8")


def _book_pages(book, parts, options):
    rendered = [render_html(*render_section(book, part, options)) for part in parts]
    for k, part in out_of_phase(book, parts, rendered):
        rendered[k] = render_html(*render_section(book, part, options))
    return [ids for _, ids in lay_out(parts, rendered, relay_for(book, parts, options),
                                      placed_again(book, options)).pages]


def test_sectioned_book_has_the_pages_of_one_document(generated, tmp_path):
    generate.vanguard(60, tmp_path / "long")
    # longer than an A5 page, an A4 column, both; two in a row; one after a page's top
    _lengthen(tmp_path / "long", {12: 40, 13: 25, 30: 70, 31: 30, 45: 45})
    for folder in (generated / "short", tmp_path / "long"):
        book = logbook(compile_pack(folder).pack)
        # sections and lookahead in the proportions of a build's, a fraction of the size
        parts = sections(book, budget=14_000, lookahead=5_600)
        assert sum(1 for p in parts if p.kind == "entries") >= 3
        for paper in ("a5", "a4"):
            options = RenderOptions(paper=paper)
            whole = render_html(book_html(book, sections(book, budget=10**12), options), options)
            expected = [tuple(a for a in ids) for ids in whole.anchors]
            # each entry laid out once and placed (render.placement)
            placed = book_sections(book, options, parts)
            assert all(part.units for part in placed if part.kind == "entries")
            assert _book_pages(book, placed, options) == expected, (folder.name, paper)
            if folder.name == "short":
                # sections with a lookahead joined at a page top (render.seams): tagged books
                assert _book_pages(book, parts, options) == expected, paper


def test_no_entry_is_split_and_choices_stay_with_their_entry(big_logbook):
    pages = text_of(big_logbook[1])
    starts: dict[str, int] = {}
    for number, text in enumerate(pages[1:], 2):
        if "Index" in text.strip().splitlines()[0]:
            break
        body = [line for line in text.splitlines()[1:] if line.strip()][:-1]
        # no page opens with a choice or the tail of an entry
        assert body and re.match(r"\s*\d+\s+Entry \d+", body[0]), (number, body[:2])
        for line in body:
            found = re.match(r"\s*(\d+)\s+Entry \1\b", line)
            if found:
                assert found.group(1) not in starts
                starts[found.group(1)] = number
    assert len(starts) == 1000


def test_an_entry_longer_than_a_page_says_continued(tmp_path):
    folder = tmp_path / "long"
    folder.mkdir()
    words = " ".join(["The corridor goes on and on under flickering lights."] * 160)
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + f'log 1 "Start" {{\n  -> log 227\n}}\n'
                                     f'log 227 "Long" {{\n  text "{words}"\n  choice "On" -> log 1\n'
                                     f'  choice "Back" -> log 1\n}}\n')
    pages = text_of(render_book(logbook(compile_pack(folder).pack), A5))
    start = next(i for i, text in enumerate(pages) if re.search(r"227\s+Long", text))
    assert "227, continued" in pages[start + 1] and "227, continued" not in pages[start]
    assert pages[start + 1].count("Log 227") == 1          # the head: "Log 227"
    # the choices stay together after the entry's last lines
    choices = next(i for i, text in enumerate(pages) if "On: go to Log 1" in text)
    assert choices > start and "Back: go to Log 1" in pages[choices]


def _entry_pages(pdf: bytes) -> dict[str, int]:
    """Where each entry and each result (its anchor, "result-" + the entry's) starts,
    and the part of results ("results")."""
    import pikepdf
    book = pikepdf.open(io.BytesIO(pdf))
    number = {page.objgen: i for i, page in enumerate(book.pages)}
    return {name: number[dest[0].objgen] for name, dest in pikepdf.NameTree(book.Root.Names.Dests).items()}


def test_no_result_on_the_spread_of_its_action_and_a_blank_page_only_where_that_needs_one(big_storybook, shipped):
    blanked = 0
    for pdf in (big_storybook[1], *(data for (label, _, name), data in shipped.items()
                                    if label in ("a5", "a4-bleed-crop") and name.startswith("storybook-"))):
        pages = text_of(pdf)
        at = _entry_pages(pdf)
        results = at["results"]
        actions_end = max(i for i, text in enumerate(pages[:results]) if "After acting, read" in text)
        assert spread(actions_end) < spread(results)
        actions = {name: page for name, page in at.items() if not name.startswith("result")}
        assert actions and all(spread(at["result-" + name]) != spread(page) for name, page in actions.items()
                               if "result-" + name in at)
        blanks = [i for i in range(len(pages)) if not pages[i].strip()]
        # Before the results, at most one, just before them; after them, only the run that
        # puts the back cover's guide on the back of the last leaf (no other padding).
        before, after = [b for b in blanks if b < results], [b for b in blanks if b > results]
        assert not after or (after == list(range(after[0], len(pages) - 1)) and pages[-1].strip())
        blanks = before
        assert blanks in ([], [results - 1])
        if blanks:
            blanked += 1
            # one page earlier, the results would face the last actions
            assert spread(results - 1) == spread(actions_end)
    assert blanked                               # a run of actions ending on a left page needs one


def test_a_book_of_vantages_holds_every_storybook_in_one_volume_keyed_by_category(packs):
    from vcompiler.render.books import BOOK_OF_VANTAGES, books_of
    pack = packs["tidal-reach"]
    apart = books_of(pack)
    (volume,) = books_of(pack, one_volume=True)
    assert volume.file_name == BOOK_OF_VANTAGES and volume.subtitle == "Book of Vantages"
    # every entry of every storybook, category after category, under its category's name
    assert [e.key for e in volume.entries] == [f"{b.subtitle.removesuffix(' Storybook')} {e.key}"
                                               for b in apart for e in b.entries]
    assert volume.entries[0].key == "Move 105" and volume.entries[-1].key.startswith("Depart ")
    assert len({e.anchor for e in volume.entries}) == len(volume.entries)
    assert [e.action for e in volume.entries] == [e.action for b in apart for e in b.entries]
    assert books_of(packs["eye-of-the-void"], one_volume=True) == books_of(packs["eye-of-the-void"])


def test_build_binds_the_storybooks_as_one_book_of_vantages_on_fewer_pages(pack_copy, tmp_path):
    folder = pack_copy("tidal-reach")
    out = tmp_path / "out"
    apart = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", "pdf"])
    assert apart.exit_code == 0, apart.output
    pages_apart = sum(len(PdfReader(path).pages) for path in (out / "tidal_reach").glob("storybook-*.pdf"))
    one = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", "pdf", "--book-of-vantages"])
    assert one.exit_code == 0, one.output
    # the storybooks the volume replaces are not left beside it
    assert sorted(p.name for p in (out / "tidal_reach").glob("*.pdf")) == ["book-of-vantages.pdf"]
    pdf = (out / "tidal_reach" / "book-of-vantages.pdf").read_bytes()
    pages = text_of(pdf)
    assert len(pages) < pages_apart / 2, (len(pages), pages_apart)
    assert "Look 101" in pages[1] or any("Look 101" in text for text in pages[1:5])
    at = _entry_pages(pdf)
    actions = {name: page for name, page in at.items() if not name.startswith("result")}
    assert actions and all(spread(at["result-" + name]) != spread(page) for name, page in actions.items()
                           if "result-" + name in at)
    assert re.search(r"After acting, read Result Look 101\.", re.sub(r"\s+", " ", " ".join(pages)))


def test_storybook_shows_no_titles_and_an_outline_closed_by_number(big_storybook):
    book, pdf = big_storybook
    reader = PdfReader(io.BytesIO(pdf))
    assert "/PageMode" not in reader.trailer["/Root"] or reader.trailer["/Root"]["/PageMode"] != "/UseOutlines"
    top = reader.trailer["/Root"]["/Outlines"]["/First"].get_object()
    assert top["/Title"] == "Entries" and top["/Count"] < 0            # closed
    titles = [item.title for item in reader.outline[1]]
    assert titles[:3] == ["Entry 1", "Entry 2", "Entry 3"] and not any("Look" in t for t in titles)
    assert not any("Index" in text for text in text_of(pdf)[-2:])


def test_logbook_index_is_sorted_by_number(packs):
    pdf = render_book(logbook(packs["eye-of-the-void"], titles=True), A5)
    index = text_of(pdf)[-1]
    keys = [int(k) for k in re.findall(r"\((\d+)\)", index)]
    assert keys == sorted(keys) and len(keys) == 22


def test_references_are_links_that_resolve(big_logbook):
    reader = PdfReader(io.BytesIO(big_logbook[1]))
    names = set(reader.named_destinations)
    links = [annot.get_object()["/Dest"] for page in reader.pages[1:6] for annot in page.get("/Annots", [])]
    assert len(links) > 20 and all(str(dest) in names for dest in links)
    target = reader.named_destinations["log-500"]
    assert "500" in reader.pages[reader.get_destination_page_number(target)].extract_text()


def test_storybook_cover_teaches_choose_then_pay_then_read(shipped):
    cover = re.sub(r"\s+", " ", text_of(shipped[("a5", "tidal_reach", "storybook-look.pdf")])[0])
    choose, pay, read = cover.index("choose"), cover.index("Pay it"), cover.index("Results")
    assert choose < pay < read
    assert "If you take it, pay" not in cover


def test_a_check_says_when_to_mark_the_box(shipped):
    text = re.sub(r"\s+", " ", " ".join(text_of(shipped[("a5", "eye_of_the_void", "logbook.pdf")])))
    assert re.search(r"If Log 227 is checked, go to Log 229\. ☐ ?Mark the box of Log 227 now", text)


def test_build_warns_when_choices_land_on_their_own_spread(big_logbook, tmp_path):
    pack, pdf = big_logbook
    book = logbook(pack)
    reader = PdfReader(io.BytesIO(pdf))
    on = {}
    for name, dest in reader.named_destinations.items():
        on.setdefault(reader.get_destination_page_number(dest), []).append(name)
    layout = [("cover" if n == 0 else "entries", tuple(on.get(n, ()))) for n in range(len(reader.pages))]
    seen = exposure(book, layout)
    assert seen.total > 1900 and seen.share > 50       # numbered in sequence: the next log is beside you
    # the warning needs 50 links, not a long book
    folder = tmp_path / "small"
    generate.vanguard(40, folder)
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "pdf",
                                       "--paper", "a5"])
    assert result.exit_code == 0, result.output
    assert "warning W500" in result.output and "same spread" not in result.output
    assert "spread of their own entry" in result.output and "log @name" in result.output
    (folder / "vcompiler.toml").write_text("[print]\nspoiler_limit = 100\n")
    quiet = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out2"), "--only", "pdf",
                                      "--paper", "a5"])
    assert quiet.exit_code == 0 and "W500" not in quiet.output


def test_sheet_sides_pair_a_signatures_pages_from_its_ends():
    assert sheet_sides(8, 40) == [0, 1, 2, 3, 3, 2, 1, 0]
    # 10 pages in signatures of 8: the second one (pages 9-10 and two blanks) has sides 4 and 5
    assert sheet_sides(10, 8) == [0, 1, 2, 3, 3, 2, 1, 0, 4, 5]
    # one booklet of 12 pages, two of them blank: page 10 faces page 3
    assert sheet_sides(10, 0) == [0, 1, 2, 3, 4, 5, 5, 4, 3, 2]


def _booklet(pack, signature: int, quiet: frozenset = frozenset()):
    """The look storybook of `pack` imposed as a booklet, and what its build reports;
    without its back cover, so that the pages below are the body's alone."""
    book = replace(next(b for b in storybooks(pack) if b.file_name == "storybook-look.pdf"), guide=())
    work = RenderPlan(RenderOptions(paper="a5", booklet=True, signature=signature),
                      ((pack.name, book, tuple(sections(book)), tuple(index_sections(book))),),
                      ((pack.name, pack.span, 25.0, quiet),))
    found: list = []
    return render(work, workers=1, found=found)[(pack.name, book.file_name)], found


def test_booklet_warns_of_results_on_the_sheet_side_of_their_action(tmp_path):
    generate.vantage(12, tmp_path / "small")
    pack = compile_pack(tmp_path / "small").pack
    pdf, found = _booklet(pack, 40)
    # one signature of 8 pages (a cover, actions on pages 2-4, a blank, results on 6-7):
    # the actions of page 3 share a side with the first results (page 6)
    side = next(text for text in text_of(pdf) if "After acting, read Result 6." in text)
    lines = [line for line in side.splitlines() if line.strip()]
    assert lines[1].split()[0] == "Results" and "Results 1–6" in side
    [warning] = found
    assert warning.code.id == "W501" and warning.span == pack.span
    assert warning.message == ("1 result of the Look Storybook of Benchmark bench_vantage_12 prints on the "
                               "booklet sheet side of the entry it follows")
    assert warning.hint == ("in entries 6; print signatures of 4 pages (--signature 4), or print "
                            "the book without --booklet")
    # signatures of one sheet: the actions and the results are on sheets of their own
    pdf, found = _booklet(pack, 4)
    assert not found
    heads = [(re.search(r"Entr(y|ies) \d", text), re.search(r"Results? \d+(–\d+)?( {2,}|\n)", text))
             for text in text_of(pdf)]
    assert any(entries for entries, _ in heads) and any(results for _, results in heads)
    assert not any(entries and results for entries, results in heads)
    assert not _booklet(pack, 40, frozenset({"W501"}))[1]


def _colour_operators(pdf: bytes) -> set[str]:
    import pikepdf

    from vcompiler.render.finish import _streams

    found = set()
    with pikepdf.open(io.BytesIO(pdf)) as book:
        for stream, _ in _streams(book):
            contents = pikepdf.Page(stream) if "/Contents" in stream else stream
            found |= {str(op) for _, op in pikepdf.parse_content_stream(contents)
                      if str(op) in ("rg", "RG", "k", "K", "g", "G")}
    return found


def test_greyscale_and_pdfx_books(packs, tmp_path):
    need("gs", "qpdf", "pdftotext")
    import pikepdf

    book = logbook(packs["eye-of-the-void"])
    plain = render_book(book, RenderOptions(paper="a5"))
    grey = render_book(book, RenderOptions(paper="a5", greyscale=True))
    assert {"rg", "RG"} <= _colour_operators(plain)
    assert _colour_operators(grey) == {"g", "G"}
    assert text_of(grey) == text_of(plain)
    # PDF/X-4 with bleed, crop marks and a booklet: the marks stay in registration colour
    for options in (RenderOptions(paper="a5", pdfx=True, bleed_mm=3, crop_marks=True),
                    RenderOptions(paper="a4", pdfx=True, booklet=True, bleed_mm=3, crop_marks=True)):
        data = render_book(book, options)
        assert not preflight(data, tmp_path / "x.pdf")
        assert not pdfx_problems(data)
        assert _colour_operators(data) == {"k", "K"}
        with pikepdf.open(io.BytesIO(data)) as pdf:
            assert pdf.pdf_version >= "1.6"
            [intent] = pdf.Root.OutputIntents
            assert intent.S == "/GTS_PDFX" and intent.DestOutputProfile.N == 4
            assert intent.OutputConditionIdentifier == "FOGRA39"
            with pdf.open_metadata() as meta:
                assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
                assert meta["xmpMM:DocumentID"].startswith("uuid:") and meta["xmpMM:RenditionClass"] == "default"
            assert pdf.docinfo.Trapped == "/False" and "/CreationDate" in pdf.docinfo and "/ModDate" in pdf.docinfo
            for page in pdf.pages:
                media, trim, bleed = (tuple(float(v) for v in page.obj[box])
                                      for box in ("/MediaBox", "/TrimBox", "/BleedBox"))
                assert media[0] <= bleed[0] < trim[0] and trim[2] < bleed[2] <= media[2]
                assert "/Annots" not in page.obj
        assert "1 1 1 1 K" in "".join(p.get_contents().get_data().decode("latin-1")
                                       for p in PdfReader(io.BytesIO(data)).pages)


def test_greyscale_prints_cards_and_boards_in_grey_too(tmp_path):
    pack = CONTENT / "glacier-of-echoes"
    for only, name in (("cards", "cards.pdf"), ("board", "board-glacier.pdf")):
        for flags, folder in (([], f"plain-{only}"), (["--greyscale"], f"grey-{only}")):
            result = CliRunner().invoke(main, ["build", str(pack), "-o", str(tmp_path / folder), "--only", only,
                                               *flags])
            assert result.exit_code == 0, result.output
        plain = (tmp_path / f"plain-{only}" / "glacier_of_echoes" / name).read_bytes()
        grey = (tmp_path / f"grey-{only}" / "glacier_of_echoes" / name).read_bytes()
        assert {"rg", "RG"} & _colour_operators(plain), name
        assert not {"rg", "RG", "k", "K"} & _colour_operators(grey), name


def test_tagged_book_joins_its_sections_into_one_structure_tree(tmp_path, monkeypatch):
    need("pdfinfo", "gs", "qpdf")
    import pikepdf

    import vcompiler.render.pdf as pdf_module

    generate.vanguard(60, tmp_path / "pack")
    book = logbook(compile_pack(tmp_path / "pack").pack)
    # small sections: the book joins several, each with the first entries of the next
    monkeypatch.setattr(pdf_module, "sections", lambda book: sections(book, budget=8_000))
    assert sum(1 for part in pdf_module.sections(book) if part.kind == "entries") >= 3
    data = render_book(book, RenderOptions(paper="a5", tagged=True))
    assert not preflight(data, tmp_path / "tagged.pdf")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert pdf.Root.MarkInfo.Marked and str(pdf.Root.Lang) == "en"
        pages = {page.objgen for page in pdf.pages}
        # no element of a page the book did not take (a section's lookahead)
        assert all(kid.Pg.objgen in pages for kid in pdf.Root.StructTreeRoot.K[0].K)
        keys = [int(page.obj.StructParents) for page in pdf.pages if "/StructParents" in page.obj]
        assert len(keys) == len(set(keys)) and len(keys) >= len(pdf.pages) - 2     # blank pages have none
    tree = subprocess.run(["pdfinfo", "-struct-text", str(tmp_path / "tagged.pdf")], capture_output=True,
                          text=True, check=True).stdout
    # every entry once, in order, read from the content the tree points at: an article
    # whose heading starts with its number
    numbers = [int(n) for n in re.findall(r'^ {4}Art\n {6}H2 \(block\)\n(?: {8}.*\n)*? {12}"(\d+)"', tree, re.M)]
    assert numbers == list(range(1, 61))
    # heads and page numbers are artifacts, not text of the book
    assert '"Logs ' not in tree and "Benchmark bench_60" not in tree.split("Part", 1)[1]


def test_a_storybook_ends_on_its_back_cover_guide_the_packs_own_or_the_default(tmp_path):
    # VR 14: "The backs of most storybooks have reference guides."
    need("pdftotext")
    folder = tmp_path / "coast"
    folder.mkdir()
    (folder / "pack.vcl").write_text('''pack coast {
  game vantage
  title "Coast"
  version "0.1.0"
  start location 1
  guide look "**Looking around.** Read the cost, roll, then the result."
}
location 1 "Beach" {
  look "Scan the horizon" cost 1 { result { gain coin 1 } }
  take "Pocket a shell" cost 1 { result { gain coin 1 } }
}
''', encoding="utf-8")
    books = {b.file_name: b for b in storybooks(compile_pack(folder).pack)}
    look = text_of(render_book(books["storybook-look.pdf"], A5))
    take = text_of(render_book(books["storybook-take.pdf"], A5))
    for pages in (look, take):
        assert len(pages) % 2 == 0                  # the back cover is the back of the last leaf
        assert not re.search(r"^\s*\d+\s*$", pages[-1], re.M)     # no page number on it
    assert " ".join(look[-1].split()) == "Looking around. Read the cost, roll, then the result."
    assert "Reference guide: your turn" in take[-1] and "End your turn, unless the result says to" in take[-1]
    assert not any("Reference guide" in page for page in look)
