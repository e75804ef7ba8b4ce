"""The printed books: what a reader finds in them (checked with pypdf), that they are
the same bytes every time, that pack text cannot load anything, and the print
options."""
import io
import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from conftest import ROOT, VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.compile import compile_pack
from vcompiler.driver.cli import main
from vcompiler.emit.write import MANIFEST
from vcompiler.render.books import books_of, logbook, sections
from vcompiler.render.fetcher import TEMPLATES, PackageFetcher, RefusedResource
from vcompiler.render.ir import Emphasis, Icon, Ref, Token, Words
from vcompiler.render.pdf import RenderOptions, book_html, heads, render_book
from vcompiler.vocabulary import ICONS

A5 = RenderOptions(paper="a5")


@pytest.fixture(scope="module")
def eye_logbook(eye):
    return render_book(logbook(eye, titles=True), A5)


@pytest.fixture(scope="module")
def tidal_books(shipped_books):
    return {file: pdf for (pack, file), pdf in shipped_books(A5).items() if pack == "tidal_reach"}


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def outline_titles(pdf: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(pdf))

    def walk(items):
        for item in items:
            if isinstance(item, list):
                yield from walk(item)
            else:
                yield item.title
    return list(walk(reader.outline))


def test_logbook_has_cover_entries_in_order_and_index(eye, eye_logbook):
    text = pages_text(eye_logbook)
    assert "The Eye of the Void" in text[0] and "Version 0.1.0" in text[0] and "Logbook" in text[0].title()
    entries = re.sub(r"\s+", " ", " ".join(text[1:-1]))
    found = [re.search(rf"\b{log.number} (☐ )?{re.escape(log.title.plain())}", entries) for log in eye.logs]
    assert all(found)
    positions = [match.start() for match in found]
    assert positions == sorted(positions)       # every entry, in ascending number
    assert "Index" in text[-1] and "Beneath the Spire" in text[-1]
    assert len(text) == 7


def test_entries_speak_in_the_games_voice(eye_logbook):
    body = " ".join(pages_text(eye_logbook)).replace("\n", " ")
    assert "If Log 410 is checked, go to Log 206. Otherwise, go to Log 207." in body
    assert "Follow the tapping: go to Log 228." in body
    assert "Go to Log 879." in body          # @wake_up's number from numbers.lock
    assert "Gain 2" in body and "The exploration ends." in body
    assert "{log" not in body and "@" not in body


def test_running_heads_name_the_first_and_last_entry_of_each_page(eye_logbook):
    text = pages_text(eye_logbook)
    assert "Logs 20–204" in text[1]
    for page in text[1:-2]:
        first, last = map(int, re.search(r"Logs (\d+)–(\d+)", page).groups())
        assert first < last
    assert "Logs 505–879" in text[-2]
    for number, page in enumerate(text[1:], 2):                 # every page but the cover numbered
        assert re.search(rf"(^|\n){number}(\n|$)", page), number
    assert "Index" in text[-1]


def test_a_page_on_which_one_entry_starts_names_it_alone(eye):
    book = logbook(eye, titles=True)
    anchors = tuple(entry.anchor for entry in book.entries)
    pages = [("cover", ()), ("entries", anchors[:-1]), ("entries", anchors[-2:]), ("index", ())]
    assert [(head.outer, head.continued) for head in heads(book, pages)] == [
        ("", ""), ("Logs 20–858", ""), ("Log 879", "858, continued"), ("Index", "")]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
def test_heads_at_the_top_and_page_numbers_at_the_foot(eye_logbook, tmp_path):
    """The stamped heads and numbers are drawn after the page's own content, whose
    transformation must not turn them upside down (which puts heads at the foot)."""
    book = tmp_path / "logbook.pdf"
    book.write_bytes(eye_logbook)
    xml = subprocess.run(["pdftotext", "-bbox", str(book), "-"], capture_output=True,
                         text=True, check=True).stdout
    pages = re.findall(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', xml, re.S)
    seen_heads = 0
    for number, (height, words) in enumerate(pages[1:], 2):
        placed = [(float(y0), float(y1), word) for y0, y1, word in
                  re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<', words)]
        ranges = [y1 for _, y1, word in placed if re.fullmatch(r"\d+–\d+", word)]
        assert all(y1 < float(height) * 0.15 for y1 in ranges), number
        seen_heads += len(ranges)
        assert any(word == str(number) and y0 > float(height) * 0.95 for y0, _, word in placed), number
    assert seen_heads


def test_outline_has_every_entry(eye, eye_logbook):
    titles = outline_titles(eye_logbook)
    for log in eye.logs:
        assert any(t.startswith(f"Log {log.number} ") or t == f"Log {log.number}" for t in titles), log.number
    assert "Index" in titles


def test_checked_logs_have_a_box_and_others_do_not(eye_logbook):
    body = " ".join(pages_text(eye_logbook))
    assert re.search(r"227\s*☐\s*Echoes in the Hull", body)
    assert re.search(r"410\s*☐\s*Beneath the Spire", body)
    assert not re.search(r"204\s*☐", body)


def test_storybooks_one_per_category_and_depart(tidal_books):
    assert sorted(tidal_books) == sorted(f"storybook-{c}.pdf" for c in
                                         ("move", "look", "engage", "help", "take", "overpower", "depart"))


def test_storybook_results_are_apart_from_actions(tidal_books):
    text = pages_text(tidal_books["storybook-look.pdf"])
    actions_page = next(i for i, page in enumerate(text) if "Scan the horizon" in page and "Cost 2" in page)
    results_page = next(i for i, page in enumerate(text) if "Results" in page and "Half buried" in page)
    assert results_page > actions_page
    assert "Half buried" not in text[actions_page]
    assert "After acting, read Result 101" in text[actions_page].replace("\n", " ")


def test_storybook_marks_always_actions_and_keys_cards_by_number(tidal_books):
    help_book = " ".join(pages_text(tidal_books["storybook-help.pdf"])).replace("\n", " ")
    assert "1201" in help_book and "Lend the spear" in help_book and "ALWAYS AVAILABLE" in help_book.upper()
    depart = " ".join(pages_text(tidal_books["storybook-depart.pdf"]))
    assert "101 east" in depart and "Wade into the surf" in depart
    # The running head names the first and last entry of the page.
    assert "Entries 101 east–113 west" in depart
    # A storybook's outline names entries by key only: titles would tell what a number hides.
    assert "Entry 101 east" in outline_titles(tidal_books["storybook-depart.pdf"])
    assert not any("Wade" in t for t in outline_titles(tidal_books["storybook-depart.pdf"]))


def test_rebuilds_are_byte_identical_in_process_and_in_parallel(eye, tidal, eye_logbook, shipped_books):
    assert render_book(logbook(eye, titles=True), A5) == eye_logbook
    parallel = shipped_books(A5)
    assert parallel[("eye_of_the_void", "logbook.pdf")] == render_book(logbook(eye), A5)
    take = next(book for book in books_of(tidal) if book.file_name == "storybook-take.pdf")
    assert parallel[("tidal_reach", "storybook-take.pdf")] == render_book(take, A5)


def test_pages_with_empty_margins_lay_out_no_margin_boxes_and_print_the_same(eye, monkeypatch):
    import weasyprint.layout
    from weasyprint.layout import page as weasy_pages

    from vcompiler.render.pdf import heads, render_html, render_section, stamp_jobs
    from vcompiler.render.weasy_compat import skip_empty_margins

    assert skip_empty_margins()
    book = logbook(eye)
    section = render_section(book, sections(book)[1], A5)
    stamp = stamp_jobs(book, heads(book, [("entries", ()), ("entries", ())]), A5)[0]
    made = weasy_pages.make_margin_boxes
    calls = []

    def counted(context, page, state):
        calls.append(page)
        return made(context, page, state)
    monkeypatch.setattr(weasy_pages, "make_margin_boxes", counted)
    entries, stamps = render_html(*section), render_html(*stamp)
    # The entries' pages have nothing in their margins; the stamps' have heads and numbers.
    assert len(calls) == len(stamps.anchors) == 2
    assert pages_text(stamps.pdf)[1].strip() == "2"
    monkeypatch.setattr(weasyprint.layout, "make_margin_boxes", made)
    assert render_html(*section).pdf == entries.pdf
    assert render_html(*stamp).pdf == stamps.pdf


# A paragraph of the benchmark's A5 Logbook: its fourth line, "ozone ... beyond. See", fits
# but for the space before the reference.
SPACE_BEFORE_A_REFERENCE = (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head>'
    '<body class="logbook paper-a5 units"><main class="entries"><article class="entry" id="log-101">'
    '<p>Beyond the tastes distant something tapping the signal your team wind something your groans your hull '
    'flicker beyond hums the hums flicker ozone dust your waits your hear of tapping something hull beyond. See '
    '<a class="ref" href="#log-101">Log 102</a> later. While your hull distant moves moves team and distant '
    'carries and hums a flicker the distant dust groans moves flicker beyond rust team wind under dust tastes '
    'and waits dust hull the across.</p></article></main></body></html>')


def test_a_line_that_fits_but_for_its_last_space_is_not_cut_after_its_first_word(eye, monkeypatch):
    import weasyprint.layout.inline
    from weasyprint.text import line_break

    from vcompiler.render.pdf import render_html, render_section
    from vcompiler.render.weasy_compat import hang_trailing_spaces

    assert hang_trailing_spaces()
    book = logbook(eye)
    section = render_section(book, sections(book)[1], A5)
    mended, entries = render_html(SPACE_BEFORE_A_REFERENCE, A5).pdf, render_html(*section).pdf
    lines = [line.strip() for line in pages_text(mended)[0].splitlines()]
    assert "ozone dust your waits your hear of tapping something hull beyond. See" in lines
    monkeypatch.setattr(weasyprint.layout.inline, "split_first_line", line_break.split_first_line)
    # WeasyPrint's own leaves the word alone on its line; text without the case prints the same.
    weasy = render_html(SPACE_BEFORE_A_REFERENCE, A5).pdf
    assert "ozone" in [line.strip() for line in pages_text(weasy)[0].splitlines()]
    assert render_html(*section).pdf == entries


def test_books_cascade_with_their_own_user_agent_rules_and_print_the_same(eye, tidal, monkeypatch):
    from weasyprint import HTML

    from vcompiler.render import pdf
    from vcompiler.render.pdf import BOOK_SHEETS, render_html

    # Every element the templates write, links and nested lists included.
    every = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>'
             '<section class="title-page"><h1>Title</h1><p>A <em>b</em> <strong>c</strong> <b>d</b></p></section>'
             '<main class="entries"><article class="entry" id="a"><h2 class="entry-head"><span class="number">1</span>'
             '</h2><p>See <a class="ref" href="#a">Log 1</a>, <a href="#a">here</a> '
             '<img class="icon" src="icons/supplies.svg" alt="s"></p><ul class="choices"><li>One<ul><li>Two</li>'
             '</ul></li></ul></article></main><section class="results"><h3 class="result-head">3</h3><div>x</div>'
             '</section></body></html>')
    storybook = next(book for book in books_of(tidal) if book.kind == "storybook")
    made = (render_html(every, A5).pdf, render_book(logbook(eye, titles=True), A5),
            render_book(storybook, RenderOptions(paper="a4")))
    assert isinstance(pdf._weasy(every, A5, "", BOOK_SHEETS)[0], pdf._BookHTML())
    assert not isinstance(pdf._weasy(every, A5, "", ("base.css", "cards.css"))[0], pdf._BookHTML())
    monkeypatch.setattr(pdf, "_BookHTML", lambda: HTML)
    assert made == (render_html(every, A5).pdf, render_book(logbook(eye, titles=True), A5),
                    render_book(storybook, RenderOptions(paper="a4")))


def font_families(pdf: bytes) -> set[str]:
    """Every font a page draws with, its own or that of a form it draws (entries placed
    on the page, heads and numbers laid over it)."""
    fonts: set[str] = set()

    def walk(resources):
        for font in resources.get("/Font", {}).values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
        for form in resources.get("/XObject", {}).values():
            if "/Resources" in form.get_object():
                walk(form.get_object()["/Resources"].get_object())
    for page in PdfReader(io.BytesIO(pdf)).pages:
        walk(page["/Resources"].get_object())
    return fonts


def test_every_font_is_the_packages_own(eye_logbook):
    fonts = font_families(eye_logbook)
    assert "Book-Serif" in fonts and all(f.startswith("Book-") for f in fonts), fonts


def test_every_icon_has_an_svg_and_renders(tmp_path):
    assert {p.stem for p in (TEMPLATES / "icons").glob("*.svg")} >= set(ICONS)
    text = " ".join(f"{{icon {name}}}" for name in ICONS)
    folder = tmp_path / "icons"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + f'log 1 "Icons" {{\n  text "{text}"\n  return\n}}\n')
    pdf = render_book(logbook(compile_pack(folder).pack), A5)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) >= 2


HOSTILE = ('<img src="file:///etc/passwd"> <link rel="attachment" href="/etc/hostname"> '
           '<style>@import url(file:///etc/hostname);</style> @import url(http://example.invalid/x.css);')


def test_hostile_text_prints_literally_and_embeds_nothing(tmp_path):
    folder = tmp_path / "hostile"
    folder.mkdir()
    escaped = HOSTILE.replace('"', '\\"')
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + f'log 1 "Start" {{\n  text "{escaped}"\n  return\n}}\n')
    book = logbook(compile_pack(folder).pack)
    html = book_html(book, sections(book), A5)
    # Escaped; its quotes are curled, as all pack text's are.
    straight = str.maketrans("“”‘’", "\"\"''")
    assert "&lt;img src=\"file:///etc/passwd\"&gt;" in html.translate(straight)
    assert "<img src=\"file:///etc/passwd\">" not in html
    pdf = render_book(book, A5)
    reader = PdfReader(io.BytesIO(pdf))
    # Text extraction breaks lines and doubles spaces, and prose is hyphenated (U+2010):
    # compare without either.
    printed = re.sub(r"[\s\u2010]+", "", " ".join(p.extract_text() for p in reader.pages))
    assert re.sub(r"\s+", "", HOSTILE) in printed.translate(straight)
    assert not reader.attachments
    assert b"/EmbeddedFile" not in pdf
    for page in reader.pages:
        for xobject in page["/Resources"].get("/XObject", {}).values():
            assert xobject.get_object().get("/Subtype") != "/Image"


@pytest.mark.parametrize("url", ["file:///etc/passwd", "http://example.invalid/a.css", "https://example.invalid/",
                                 f"{TEMPLATES.as_uri()}/../__init__.py", "ftp://example.invalid/x"])
def test_fetcher_refuses_anything_outside_the_package(url):
    with pytest.raises(RefusedResource):
        PackageFetcher().fetch(url)


def test_fetcher_serves_package_files_and_data_uris():
    assert PackageFetcher().fetch(f"{TEMPLATES.as_uri()}/icons/success.svg").status == 200
    assert PackageFetcher().fetch("data:text/plain,hello").read() == b"hello"


def test_booklet_imposes_a5_pages_two_up_padded_to_four(eye, shipped_books):
    options = RenderOptions(paper="a5", booklet=True)
    pdf = render_book(logbook(eye), options)
    single = PdfReader(io.BytesIO(shipped_books(A5)[("eye_of_the_void", "logbook.pdf")]))
    sheets = PdfReader(io.BytesIO(pdf)).pages
    padded = -(-len(single.pages) // 4) * 4
    assert len(sheets) == padded // 2
    box = sheets[0].mediabox
    assert (round(float(box.width), 1), round(float(box.height), 1)) == (841.9, 595.3)   # exactly A4
    # The first side carries the last page (left) and the cover (right).
    assert "The Eye of the Void" in sheets[0].extract_text()


def test_bleed_and_crop_marks_set_trim_and_bleed_boxes(shipped_books):
    pdf = shipped_books(RenderOptions(paper="a4", bleed_mm=3, crop_marks=True))[("eye_of_the_void", "logbook.pdf")]
    page = PdfReader(io.BytesIO(pdf)).pages[1]
    trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
    assert float(trim.width) == pytest.approx(595.28, abs=1)           # A4 width in points
    assert float(bleed.width) == pytest.approx(595.28 + 2 * 8.5, abs=1)  # 3mm on each side
    assert float(media.width) >= float(bleed.width)


def test_html_of_the_entries_matches_golden(eye, update_golden):
    book = logbook(eye)
    html = book_html(book, [s for s in sections(book) if s.kind == "entries"], A5)
    golden = ROOT / "tests" / "golden" / "html" / "eye_of_the_void.entries.html"
    if update_golden:
        golden.write_text(html, encoding="utf-8")
    assert html == golden.read_text(encoding="utf-8")


def test_build_writes_books_and_honours_only(tmp_path, pack_copy):
    folder = pack_copy("tidal-reach")
    runner = CliRunner()
    result = runner.invoke(main, ["build", str(folder), "-o", str(tmp_path / "both"), "--paper", "a5"])
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in (tmp_path / "both" / "tidal_reach").iterdir() if p.name != MANIFEST)
    assert "bundle.json" in written and "storybook-depart.pdf" in written and len(written) == 11
    assert "cards.pdf" in written and "locations.pdf" in written and "reader.html" in written
    runner.invoke(main, ["build", str(folder), "-o", str(tmp_path / "json"), "--only", "json"])
    assert [p.name for p in (tmp_path / "json" / "tidal_reach").iterdir() if p.name != MANIFEST] == ["bundle.json"]
    runner.invoke(main, ["build", str(folder), "-o", str(tmp_path / "pdf"), "--only", "pdf"])
    books = [p.name for p in (tmp_path / "pdf" / "tidal_reach").iterdir() if p.name != MANIFEST]
    assert "bundle.json" not in books and "cards.pdf" not in books and len(books) == 7
    runner.invoke(main, ["build", str(folder), "-o", str(tmp_path / "cards"), "--only", "cards"])
    assert sorted(p.name for p in (tmp_path / "cards" / "tidal_reach").iterdir()
                  if p.name != MANIFEST) == ["cards.pdf", "locations.pdf"]


def test_bad_print_options_exit_2(pack_copy):
    folder = pack_copy("eye-of-the-void")
    runner = CliRunner()
    assert runner.invoke(main, ["build", str(folder), "--bleed", "3cm"]).exit_code == 2
    assert runner.invoke(main, ["build", str(folder), "--paper", "a3"]).exit_code == 2
    tagged = runner.invoke(main, ["build", str(folder), "--tagged", "--booklet"])
    assert tagged.exit_code == 2 and "without --booklet and --pdfx" in tagged.output
    assert runner.invoke(main, ["build", str(folder), "--booklet", "--paper-thickness", "2mm"]).exit_code == 2


@pytest.mark.parametrize("given", [["--signature", "8"], ["--signature", "40"], ["--paper-thickness", "0.1mm"]])
def test_a_booklet_option_without_booklet_is_e522_and_writes_nothing(pack_copy, tmp_path, given):
    folder = pack_copy("eye-of-the-void")
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "pdf", *given])
    assert result.exit_code == 2 and not (tmp_path / "out").exists()
    assert f"error E522: {given[0]} is for booklets" in result.output and "add --booklet" in result.output


def test_escaped_markup_characters_print_as_written(tmp_path):
    folder = tmp_path / "escapes"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + 'log 1 "Start" {\n'
                                     '  text "A 5\\* rating, \\*\\*not bold\\*\\*, \\{log 2\\} and C:\\\\hold."\n'
                                     '  return\n}\n')
    result = compile_pack(folder)
    assert result.diagnostics == ()
    printed = re.sub(r"[\s\u2010]+", " ", " ".join(pages_text(render_book(logbook(result.pack), A5))))
    assert "A 5* rating, **not bold**, {log 2} and C:\\hold." in printed


def test_a_book_with_no_entries_is_left_out_and_the_build_says_so(tmp_path, write_pack):
    folder = write_pack({"pack.vcl": VANTAGE_HEADER + '''
location 1 "One" {
  north 2 walk
  look "Look Around" cost 1 { text "Dust."; result { text "Nothing." } }
}
location 2 "Two" { south 1 walk }
'''})
    out = tmp_path / "out"
    # an earlier build of the pack left a book that is empty now
    (out / "test").mkdir(parents=True)
    (out / "test" / "storybook-help.pdf").write_bytes(b"%PDF-1.7 an empty book")
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", "pdf", "--no-cache"])
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in (out / "test").iterdir() if p.name != MANIFEST)
    assert written == ["storybook-look.pdf"]
    left = [line for line in result.output.splitlines() if line.startswith("left out")]
    assert left == [f"left out {out / 'test' / name}: the book has no entries"
                    for name in ("storybook-move.pdf", "storybook-engage.pdf", "storybook-help.pdf",
                                 "storybook-take.pdf", "storybook-overpower.pdf", "storybook-depart.pdf")]


SMALL_VANTAGE = VANTAGE_HEADER + '''
location 1 "One" {
  north 2 walk
  look "Look Around" cost 1 { text "Dust."; result { text "Nothing." } }
}
location 2 "Two" { south 1 walk }
'''


def test_only_board_says_which_packs_have_no_board(tmp_path, write_pack):
    folder = write_pack({"pack.vcl": SMALL_VANTAGE})
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", "board", "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "no board for pack test: a vantage pack has no planet board; its locations are cards (--only cards)" \
        in result.output.splitlines()


def test_a_booklet_on_a5_paper_says_it_prints_a5_pages_on_a4_sheets(tmp_path, write_pack):
    folder = write_pack({"pack.vcl": SMALL_VANTAGE})
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", "pdf", "--no-cache",
                                       "--paper", "a5", "--booklet"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("--paper a5 --booklet: a booklet's pages are half its sheet, and A5 is the "
                                    "smallest page, so the books are A5 pages two-up on A4 sheets")
    box = PdfReader(out / "test" / "storybook-look.pdf").pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (842, 595)        # A4, landscape


def test_the_templates_have_a_test_for_every_kind_of_token_and_block():
    from typing import get_args

    from vcompiler.render import ir
    from vcompiler.render.templating import environment

    kinds = {*get_args(ir.Token), *get_args(ir.Block), *get_args(ir.BookBlock)}
    assert kinds == set(ir.TEMPLATE_TESTS.values())
    tests = environment().tests
    assert tests["rule"](ir.Rule("Main")) and not tests["rule"](ir.Paragraph([]))
    assert tests["words"](ir.Words("a")) and not tests["words"](ir.Ref("a"))
    inline = environment().from_string('{% from "inline.html.j2" import inline %}{{ inline(t) }}',
                                       globals={"naive": False})
    said = inline.render(t=[ir.Words("a's "), ir.Icon("danger", "T"), ir.Icon("time"), ir.Ref("Log 4", "log-4"),
                            ir.Emphasis([ir.Words("c")], strong=True), ir.Emphasis([ir.Words("d")])])
    assert said == ('a’s <span class="marked marked-danger">T</span><img class="icon" src="icons/time.svg" alt="time">'
                    '<span class="ref">Log 4</span><strong>c</strong><em>d</em>')


def test_quotes_curl_by_what_stands_around_them():
    from vcompiler.render.typeset import quotes
    assert quotes('"Coin," she says. "Ask on the beach."') == "“Coin,” she says. “Ask on the beach.”"
    assert quotes("The keeper's ghost, 'lost' at sea (\"drowned\")") == "The keeper’s ghost, ‘lost’ at sea (“drowned”)"
    # At a token's ends its neighbours decide: a quote before a reference opens, one
    # after emphasis closes, an apostrophe after a reference is one.
    tokens: list[Token] = [Words('see "'), Ref("Log 4"), Words('" and '), Emphasis([Words("Calder")]), Words("'s boat")]
    assert [quotes(t.text, tokens, i) for i, t in enumerate(tokens) if isinstance(t, Words)] == \
        ["see “", "” and ", "’s boat"]


def test_a_term_and_the_number_it_names_are_kept_on_one_line():
    from vcompiler.render.typeset import ties
    assert ties("Bring everyone to Sector 4.") == 'Bring everyone to <span class="tie">Sector 4</span>.'
    assert ties("Place Threat T01 in Sector 6.") == ('Place <span class="tie">Threat T01</span> in '
                                                     '<span class="tie">Sector 6</span>.')
    # Of a term of two words only the last: the line may break after "Unique".
    assert ties("Gain Unique Discovery 1.") == 'Gain Unique <span class="tie">Discovery 1</span>.'
    # Escaped like any pack text; a term without a number is left to break.
    assert ties("<b> Sector & the card</b>") == "&lt;b&gt; Sector &amp; the card&lt;/b&gt;"


def test_a_paragraph_holding_words_that_may_not_break_is_set_ragged_and_a_quoted_name_whole():
    from vcompiler.render.typeset import ties, unbreakable
    assert unbreakable([Words("If you have a xenological Discovery, go to "), Ref("Log 1106", "log-1106")])
    assert unbreakable([Words("Place a secondary standee of Threat T11 in Sector 2.")])
    assert unbreakable([Words("A random Crewmember: gain the Injury \u201cFrostbite\u201d.")])
    assert unbreakable([Emphasis([Words('the "Awaiting" envelope')])])
    assert not unbreakable([Words("The Stalker was waiting in the dark. "), Icon("time")])
    assert ties("gain a \u201cJust a Scratch!\u201d Injury") == (
        'gain a <span class="named">\u201cJust a Scratch!\u201d</span> <span class="named">Injury</span>')


def test_a_capitalised_game_term_is_never_hyphenated_but_one_naming_an_id_keeps_its_tie():
    # The glacier's Danger die card printed "In-" "jury": two words that are not the term.
    from vcompiler.render.typeset import ties
    assert ties("If you have none, gain the Injury instead.") == (
        'If you have none, gain the <span class="named">Injury</span> instead.')
    assert ties("Each Crewmember spends Supplies.") == (
        'Each <span class="named">Crewmember</span> spends <span class="named">Supplies</span>.')
    assert ties("Gain Unique Discovery 1 and a mineral Discovery.") == (
        'Gain Unique <span class="tie">Discovery 1</span> and a mineral <span class="named">Discovery</span>.')
    # Lower case, it is a word like any other.
    assert ties("an injury to a crewmember") == "an injury to a crewmember"


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
def test_a_line_that_cannot_end_inside_a_reference_or_a_name_keeps_its_words_together(tmp_path):
    # In a column of the glacier's logbook "Log 1106" and "\u201cFrostbite\u201d" did not fit
    # at the end of a justified line: the words before them spread wide apart, and
    # the name was hyphenated ("\u201cFrost-" "bite\u201d").
    pack = compile_pack(ROOT / "source_content" / "glacier-of-echoes").pack
    book = tmp_path / "logbook.pdf"
    book.write_bytes(render_book(logbook(pack, titles=True), RenderOptions()))
    xml = subprocess.run(["pdftotext", "-bbox", str(book), "-"], capture_output=True, text=True, check=True).stdout
    lines: dict[tuple[int, str], list[tuple[float, float, str]]] = {}
    for number, page in enumerate(re.findall(r"<page .*?</page>", xml, re.S)):
        for x0, y0, x1, word in re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<',
                                           page):
            lines.setdefault((number, y0), []).append((float(x0), float(x1), word))
    text = [[word for _, _, word in words] for words in lines.values()]
    assert any("\u201cFrostbite\u201d" in line for line in text)
    for words in lines.values():
        said = " ".join(word for _, _, word in words)
        if said.startswith(("If you have a xenological", "A random Crewmember", "Place a secondary")):
            gaps = [b[0] - a[1] for a, b in zip(words, words[1:]) if b[0] > a[1]]
            assert max(gaps) < 4.5, (said, gaps)       # a space of 9.5 pt type is about 3 pt


def test_writers_straight_quotes_print_curled_like_the_games_own_wording(tidal_books):
    take = re.sub(r"\s+", " ", " ".join(pages_text(tidal_books["storybook-take.pdf"])))
    assert "“Coin,” she says" in take and "“Three coins,” he says, “and not a coin less.”" in take
    assert "Buy the hermit’s chart" in take                   # a title, in its entry and its result
    assert "location’s or card’s number" in take              # the book's own words too
    for file, pdf in tidal_books.items():
        assert not re.findall("[\"']", " ".join(pages_text(pdf))), file
