"""Card sheets, location cards and planet boards: where each back lands, what does
not fit, what a broken pack prints, and that a rebuild is byte-identical."""
import io
import math
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from conftest import EXAMPLE_ROOTS, ROOT, VANGUARD_HEADER, VANTAGE_HEADER, expectations
from vcompiler.compile import compile_pack
from vcompiler.driver.cli import main
from vcompiler.emit.write import MANIFEST
from vcompiler.model import types as m
from vcompiler.registry import CARD_SIZES
from vcompiler.render import voice, weasy_compat
from vcompiler.render.board import _cost, board_of, lay_out_board, pinned, place
from vcompiler.render.cards import faces_of, location_faces, location_number
from vcompiler.render.components import ComponentOptions, plan_components, render_components
from vcompiler.render.ir import Compass, Icon, Paragraph, Rule, Words
from vcompiler.render.sheets import BLEED_MM, DUPLEX_NOTE, MARK_GAP_MM, Slot, behind, grid, sheet_pages

CONTENT = ROOT / "source_content"


def words(page) -> list[tuple[str, float, float]]:
    """Each run of text on the page and where it starts, in PDF points."""
    out = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            out.append((text.strip(), tm[4] * cm[0] + tm[5] * cm[2] + cm[4], tm[4] * cm[1] + tm[5] * cm[3] + cm[5]))
    page.extract_text(visitor_text=visit)
    return out


def render(packs, sizes=None, **options):
    plan = plan_components(packs, ComponentOptions(**options), sizes)
    return render_components(plan, workers=1)


def test_location_000_numbers_its_setup_steps_as_the_rulebook_does(tidal):
    # At a location card's width, where its steps wrap.
    files, found = render([tidal], {"tidal_reach": {"start_location": CARD_SIZES["location"]}},
                          parts=frozenset({"cards"}), layout="single")
    assert found == []
    page = PdfReader(io.BytesIO(files[("tidal_reach", "locations.pdf")])).pages[0]
    assert [line for line in page.extract_text().splitlines() if line[1:3] == ". "] == ["1. ", "2. ", "3. "]
    at = {text: x for text, x, _ in words(page)}
    step_lines = ["Place the mission card in the center, as this", "location says.",
                  "Seed the challenge dice pool: 8 dice, and 2", "more for each player.",
                  "Each player rolls a skill die: it gives their", "character, then their crash site."]
    # Each step's lines stand under its first, right of the number; no pointer before a step.
    assert {at[line] for line in step_lines} == {at["Place the mission card in the center, as this"]}
    assert at[step_lines[0]] > at["SETUP"] + 6
    # Choices keep their pointer, and a choice that wraps hangs under its words, not
    # under its pointer ("4 [morale] 4 [health]" of the Daring level).
    assert at["▸"] == at["SETUP"] and at["You rolled 1, 2 or 3: gain character card 1101."] > at["▸"] + 2
    assert at["4  4"] == at["Daring"] == at["You rolled 1, 2 or 3: gain character card 1101."]


def test_each_back_lands_behind_its_front_when_flipped_on_the_long_edge(eye, tidal):
    files, found = render([eye, tidal], parts=frozenset({"cards"}))
    assert found == []
    checked = 0
    for name, numbers in ((("eye_of_the_void", "cards.pdf"), ["P101", "P104", "M02", "T01", "G01"]),
                          (("tidal_reach", "locations.pdf"), [location_number(n) for n in (0, 109, 140)])):
        pages = PdfReader(io.BytesIO(files[name])).pages
        for front, back in zip(pages[0::2], pages[1::2]):
            width, height = float(front.mediabox.width), float(front.mediabox.height)
            on_front = words(front)
            # Every sheet of fronts tells the printer so; a sheet of backs says nothing.
            assert front.extract_text().count(DUPLEX_NOTE) == 1 and DUPLEX_NOTE not in back.extract_text()
            on_back = {text: (x, y) for text, x, y in words(back)}
            for number in numbers:
                # The number prints twice on a front, at the panel's top left and bottom right.
                spots = [(x, y) for text, x, y in on_front if text == number]
                if not spots:
                    continue
                assert len(spots) == 2 and number in on_back
                left, right = min(x for x, _ in spots), max(x for x, _ in spots) + 20
                bottom, top = min(y for _, y in spots), max(y for _, y in spots) + 12
                x, y = on_back[number]
                # Long-edge flip: left-right on a portrait sheet, top-bottom on a landscape one.
                seen = (width - x, y) if width < height else (x, height - y)
                assert left - 15 <= seen[0] <= right + 15 and bottom <= seen[1] <= top, (name, number)
                checked += 1
    assert checked == 8


def test_imposition_mirrors_the_long_edge_and_fits_the_paper():
    layout = grid((63, 88), "a4")
    assert (layout.columns, layout.rows, layout.size) == (4, 2, (297.0, 210.0))
    assert grid((70, 120), "a4").size == (210.0, 297.0)
    assert grid((400, 400), "a4") is None
    assert behind(Slot(10, 20, 69, 94), (210, 297)) == Slot(131, 20, 69, 94)
    assert behind(Slot(10, 20, 69, 94), (297, 210)) == Slot(10, 96, 69, 94)


def _beside(mark, trims, boxes) -> list:
    """The placed cards whose trim line `mark` extends, within a mark's reach of their bleed."""
    x1, y1, x2, y2 = mark
    reach = MARK_GAP_MM + 4.0 + 0.01
    if x1 == x2:
        return [b for t, b in zip(trims, boxes) if x1 in (t[0], t[2])
                and (b[1] - reach <= min(y1, y2) and max(y1, y2) <= b[1]
                     or b[3] <= min(y1, y2) and max(y1, y2) <= b[3] + reach)]
    return [b for t, b in zip(trims, boxes) if y1 in (t[1], t[3])
            and (b[0] - reach <= min(x1, x2) and max(x1, x2) <= b[0]
                 or b[2] <= min(x1, x2) and max(x1, x2) <= b[2] + reach)]


@pytest.mark.parametrize("count", [8, 5, 3, 1])
def test_cut_marks_stand_at_both_ends_of_each_placed_cards_trim_lines_and_nowhere_else(count):
    # A last sheet holds fewer cards than it has places: a mark beside an empty place
    # promises a card that is not there.
    layout = grid((63, 88), "a4")
    for page in sheet_pages(list(range(count)), layout):
        trims = [(s.x + BLEED_MM, s.y + BLEED_MM, s.x + s.w - BLEED_MM, s.y + s.h - BLEED_MM) for _, s in page.cards]
        boxes = [(s.x, s.y, s.x + s.w, s.y + s.h) for _, s in page.cards]
        assert all(_beside(mark, trims, boxes) for mark in page.marks), page.side
        # Every trim line of every card is marked at both of its ends.
        for x in {x for t in trims for x in (t[0], t[2])}:
            assert len([m for m in page.marks if m[0] == m[2] == x]) == 2, (page.side, x)
        for y in {y for t in trims for y in (t[1], t[3])}:
            assert len([m for m in page.marks if m[1] == m[3] == y]) == 2, (page.side, y)
        # No mark crosses a card.
        for x1, y1, x2, y2 in page.marks:
            assert not [b for b in boxes if b[0] < max(x1, x2) and min(x1, x2) < b[2]
                        and b[1] < max(y1, y2) and min(y1, y2) < b[3]]


@pytest.mark.parametrize("card", [(63, 88), (70, 120)])
def test_the_printing_note_stands_above_the_first_card_between_its_cut_marks(card):
    layout = grid(card, "a4")
    pages = sheet_pages(list(range(layout.per_sheet + 1)), layout)
    assert [page.side for page in pages] == ["front", "back", "front", "back"]
    assert [page.note is None for page in pages] == [False, True, False, True]
    for front in pages[0::2]:
        note, first = front.note, front.cards[0][1]
        above = sorted(x for x1, y1, x2, y2 in front.marks for x in (x1,) if x1 == x2 and y2 <= first.y)
        # Within the paper, over the first card's trim, touching no cut mark.
        assert 0 < note.y and note.y + note.h <= first.y
        assert (note.x, note.x + note.w) == (first.x + BLEED_MM, first.x + first.w - BLEED_MM)
        assert not [x for x in above if note.x < x < note.x + note.w]
        assert note.x in above and note.x + note.w in above


def test_single_layout_is_one_card_a_page_with_trim_and_bleed_boxes(tidal):
    files, _ = render([tidal], layout="single", parts=frozenset({"cards"}))
    pages = PdfReader(io.BytesIO(files[("tidal_reach", "locations.pdf")])).pages
    assert len(pages) == 2 * len(tidal.locations)
    first = pages[0]
    assert DUPLEX_NOTE not in first.extract_text()      # for a print service, not a home printer
    bleed = 3 * 72 / 25.4
    # Location 000, the back cover of the Book of Vantages, then the location cards.
    assert float(first.mediabox.width) == pytest.approx((148 + 6) * 72 / 25.4, abs=0.5)
    assert float(pages[2].mediabox.width) == pytest.approx((70 + 6) * 72 / 25.4, abs=0.5)
    assert float(first.trimbox.left) == float(pages[2].trimbox.left) == pytest.approx(bleed, abs=0.01)


def test_the_tutorial_events_progress_every_time_track_when_no_biome_matches(eye):
    # RB 907, 911: the secondary effect of the Tutorial's Event cards.
    events = [face for face in faces_of(eye, CARD_SIZES) if face.kind == "event"]
    assert [face.number for face in events] == ["E01", "E02"]
    for face in events:
        secondary = face.blocks[face.blocks.index(Rule("Secondary")) + 1]
        assert isinstance(secondary, Paragraph)
        assert voice.plain(secondary.tokens, "[{}]") == "Progress all [time] Time Tracks."


@pytest.mark.parametrize("name", ["eye-of-the-void", "glacier-of-echoes"])
def test_no_shipped_log_says_in_its_text_what_its_effects_print(name):
    pack = compile_pack(CONTENT / name).pack
    for log in pack.logs:
        text = " ".join(voice.plain(p, "[{}]") for s in log.statements if isinstance(s, m.TextStatement)
                        for p in voice.rich(s.text))
        said = [voice.plain(voice.sentence(s.effect), "[{}]") for s in log.statements
                if isinstance(s, m.EffectStatement)]
        assert not [line for line in said if line in text], log.number


def test_the_outline_of_card_and_location_sheets_lists_each_card_at_its_front(eye, tidal):
    import pikepdf
    files, _ = render([eye, tidal], parts=frozenset({"cards"}))
    for name, expected in ((("eye_of_the_void", "cards.pdf"), "P101 "), (("tidal_reach", "locations.pdf"), "109 ")):
        pdf = pikepdf.open(io.BytesIO(files[name]))
        pages = {page.objgen: n for n, page in enumerate(pdf.pages)}
        with pdf.open_outline() as outline:
            items = [(str(item.title), pages[item.destination[0].objgen]) for item in outline.root]
        # Fronts are the even pages; every one of them has a card in the outline.
        assert items and all(page % 2 == 0 for _, page in items)
        assert {page for _, page in items} == set(range(0, len(pdf.pages), 2))
        [(title, page)] = [(t, p) for t, p in items if t.startswith(expected)]
        words_there = " ".join(text for text, _, _ in words(PdfReader(io.BytesIO(files[name])).pages[page]))
        assert title.split(" ", 1)[1].split()[0] in words_there


def test_copies_print_that_many(eye):
    files, _ = render([eye], parts=frozenset({"cards"}))
    fronts = PdfReader(io.BytesIO(files[("eye_of_the_void", "cards.pdf")])).pages[0::2]
    titles = [text for page in fronts for text, _, _ in words(page) if text == "Nothing Interesting"]
    assert len(titles) == 3


def test_text_that_does_not_fit_is_w510_at_the_block_that_runs_past_its_box(tmp_path):
    case = ROOT / "tests" / "cases" / "render" / "W510-text-overflow.vcl"
    folder = tmp_path / "overflow"
    folder.mkdir()
    shutil.copy(case, folder / case.name)
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards",
                                       "--format", "json"])
    assert result.exit_code == 0, result.output
    import json
    report = json.loads(result.stdout)
    got = {(Path(d["file"]).name, d["line"], d["code"]) for d in report["diagnostics"]}
    assert got == expectations(folder)
    message = report["diagnostics"][0]["message"]
    assert "unique 1" in message and "text box" in message
    lines = int(message.split("overflows by ")[1].split(" ")[0])
    assert 5 <= lines <= 40
    pdf = (tmp_path / "out" / "overflow" / "cards.pdf").read_bytes()
    # The band says what the warning says: the lines that are not printed (on the sheet
    # after the key to the icons and its blank back).
    assert f"{lines} lines not printed (warning W510)" in PdfReader(io.BytesIO(pdf)).pages[2].extract_text()
    strict = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "strict"), "--only", "cards",
                                       "--strict"])
    assert strict.exit_code == 1 and not (tmp_path / "strict").exists()


BAD = '''
pack bad {
  game vanguard
  title "Bad"
  version "0.1.0"
  start log 1
}
log 1 "Start" {
  text "Land."
  gain unique 1
  end exploration
}
poi P001 "%s" copies 500 {
  biomes rocky
  final
}
unique 1 "Rules" {
  text "%s"
}
planet lonely "Lonely Rock" {
  mission M01
  lift_off -> log 1
  evac -> log 1
  sector 1 "Only" {
    poi P001 printed
    lander
  }
}
mission M01 "Stay" {
  text "Stay."
}
'''


def test_bad_input_prints_or_gives_a_coded_diagnostic(tmp_path, write_pack):
    words_2000 = " ".join(["word"] * 2000)
    folder = write_pack({"bad.vcl": BAD % ("T" * 200, words_2000)})
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "W511" in result.output and "500 copies; 60 are printed" in result.output
    assert "W510" in result.output and "title of poi P001" in result.output
    assert "text box of unique 1" in result.output
    written = sorted(p.name for p in (tmp_path / "out" / "bad").iterdir() if p.name != MANIFEST)
    assert written == ["board-lonely.pdf", "bundle.json", "cards.pdf", "logbook.pdf", "reader.html"]
    cards = PdfReader(io.BytesIO((tmp_path / "out" / "bad" / "cards.pdf").read_bytes())).pages
    assert len(cards) == 2 + 2 * 8                # the key to the icons, then 61 cards, 8 a sheet


def test_location_without_exits_prints_every_point_blocked(tidal):
    hatch = next(face for face in location_faces(tidal, CARD_SIZES) if face.number == "140")
    assert hatch.foot == (Compass(tuple((d, "", "blocked") for d in ("north", "east", "south", "west"))),)
    files, _ = render([tidal], parts=frozenset({"cards"}))
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(files[("tidal_reach", "locations.pdf")])).pages)
    assert "Buried Hatch" in text and "Climb back up the shaft" in text


def test_board_layout_is_deterministic_and_crossing_free_for_the_tutorial(eye):
    planet = eye.planets[0]
    cells = place(planet)
    assert cells == place(planet)
    assert len(set(cells.values())) == len(planet.sectors)
    edges = sorted(tuple(sorted((p.a, p.b))) for p in planet.paths)
    crossings_and_paths_over_sectors, sheets, _ = _cost(cells, edges, "a4")
    # Card-sized spaces: six A4 sheets tiled, or one A2 sheet whole.
    assert (crossings_and_paths_over_sectors, sheets) == (0, 6)
    assert _cost(cells, edges, "a2")[1] == 1


def test_component_rebuilds_are_byte_identical_in_process_and_in_parallel(eye, tidal):
    plan = plan_components([eye, tidal], ComponentOptions())
    one, _ = render_components(plan, workers=1)
    two, _ = render_components(plan, workers=2)
    assert one == two
    assert set(one) == {("eye_of_the_void", "cards.pdf"), ("eye_of_the_void", "board-eye_of_the_void.pdf"),
                        ("eye_of_the_void", "board-inner_hull.pdf"), ("tidal_reach", "cards.pdf"),
                        ("tidal_reach", "locations.pdf")}


def test_card_sizes_come_from_vcompiler_toml(tmp_path, pack_copy):
    folder = pack_copy("tidal-reach")
    (folder / "vcompiler.toml").write_text('[cards]\nlocation = "88x126"\npoi = "huge"\n', encoding="utf-8")
    result = compile_pack(folder)
    assert dict(result.card_sizes) == {"location": (88.0, 126.0)}
    assert [(d.code.id, d.span.line) for d in result.diagnostics] == [("E214", 3)]
    (folder / "vcompiler.toml").write_text('[cards]\nlocation = "250x280"\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards"])
    assert result.exit_code == 1 and "E510" in result.output and not (tmp_path / "out").exists()


def test_a_writer_pins_a_sectors_place_and_two_on_one_place_is_e511(tmp_path, pack_copy):
    folder = pack_copy("eye-of-the-void")
    planet = folder / "planet.vcl"
    text = planet.read_text(encoding="utf-8")
    planet.write_text(text.replace('sector 1 "Twisted Wreckage" {\n', 'sector 1 "Twisted Wreckage" {\n    at 3, 2\n'),
                      encoding="utf-8")
    board = compile_pack(folder).pack.planets[0]
    assert place(board, {1: (3, 2)})[1] == (3, 2)
    assert place(board, pinned(board)[0]) == place(board, {1: (3, 2)})
    planet.write_text(text.replace('sector 1 "Twisted Wreckage" {\n', 'sector 1 "Twisted Wreckage" {\n    at 0, 0\n')
                      .replace('sector 2 "Crash Site" {\n', 'sector 2 "Crash Site" {\n    at 0, 0\n'),
                      encoding="utf-8")
    # `check` finds it, at the second pin, so that nothing check accepts stops the build.
    line = planet.read_text(encoding="utf-8").splitlines().index('  sector 2 "Crash Site" {') + 2
    assert [(d.code.id, d.span.line, d.span.column) for d in compile_pack(folder).diagnostics] == [("E511", line, 5)]
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "json"])
    assert result.exit_code == 1 and not (tmp_path / "out").exists()
    assert (f"planet.vcl:{line}:5: error E511: sectors 1 and 2 of planet eye_of_the_void are both pinned at 0, 0"
            in result.output)


def test_a_paths_cost_on_the_board_names_its_danger_die_and_tells_sacrifice_from_spend(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + """
log 1 "Start" { return }
danger A "Ash Storm" { text "Lose a die." }
planet p "P" {
  sector 1 { lander }
  sector 2 { poi slot }
  sector 3 { poi slot }
  path 1 <-> 2 [roll danger A, spend die red]
  path 2 -> 3 [sacrifice die, lose supplies 1]
}
"""})
    pack = compile_pack(folder).pack
    marks = [mark.groups for mark in board_of(pack, pack.planets[0], "a4").marks]
    assert marks[0] == ([Icon("danger", "A"), Words(" +")], [Icon("die-red")])
    assert marks[1][0] == [Words("sacrifice a die"), Words(",")] and len(marks[1]) == 2
    assert Icon("die") not in marks[1][0] + marks[1][1]


def _boxes(box, cls):
    if cls in (getattr(box, "element", None) is not None and box.element.get("class", "") or "").split():
        yield box                    # its own line and inline boxes carry its element too
        return
    for child in getattr(box, "children", ()):
        yield from _boxes(child, cls)


def _rect(box, centred=False):
    """A box's border box, pt; a centred one is drawn shifted back by half its size
    (`translate(-50%, -50%)`), which the layout's positions do not include."""
    x, y, w, h = box.border_box_x(), box.border_box_y(), box.border_width(), box.border_height()
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2) if centred else (x, y, x + w, y + h)


def test_a_paths_cost_between_spaces_side_by_side_stays_in_the_gap_between_them(write_pack):
    # Worded costs on a two-way path and icons on a one-way one, each wider than the
    # gap between two spaces of a row: they stack rather than cover the spaces' edges.
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + """
log 1 "Start" { return }
danger A "Ash Storm" { text "Lose a die." }
planet p "P" {
  sector 1 { lander
    at 0, 0 }
  sector 2 { poi slot
    at 1, 0 }
  sector 3 { poi slot
    at 2, 0 }
  path 1 <-> 2 [travel, lose supplies 1]
  path 2 -> 3 [spend die, roll danger A]
}
"""})
    pack = compile_pack(folder).pack
    # On one sheet: tiles would put the seam between two of the sectors.
    board = board_of(pack, pack.planets[0], "a2")
    assert [mark.room > 0 for mark in board.marks] == [True, True]
    laid_out, _ = lay_out_board(board)
    page = weasy_compat.page_box(laid_out.pages[0])
    sectors = sorted((_rect(b) for b in _boxes(page, "sector")), key=lambda r: r[0])
    labels = sorted((_rect(b, centred=True) for b in _boxes(page, "cost")), key=lambda r: r[0])
    assert len(sectors) == 3 and len(labels) == 2
    for (left, label, right) in ((sectors[0], labels[0], sectors[1]), (sectors[1], labels[1], sectors[2])):
        assert left[2] < label[0] and label[2] < right[0], (left, label, right)
    # Stacked: the worded cost under the Travel icon.
    assert labels[0][3] - labels[0][1] > 1.5 * (labels[1][3] - labels[1][1]) / 2


THREAT = '''
pack threats {
  game vanguard
  title "Threats"
  version "0.1.0"
  start log 1
}
log 1 "Start" {
  text "Land."
  end exploration
}
threat T01 "Swarm" { // allow W402
  biomes tutorial
  attack => threat attack 1; threat move
  alone => threat move; threat move; threat attack 1
%s  action "Drive It Off" danger 1 {
    outcome yellow: 2 defense => threat move; threat move; threat attack 1
    outcome green: defense => remove threat T01
    outcome red => threat move
  }
}
'''


def _overflows(folder, tmp_path) -> list[dict]:
    """The W510s of building the cards of `folder`, as the JSON report gives them."""
    import json
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards",
                                       "--format", "json"])
    assert result.exit_code == 0, result.output
    return [d for d in json.loads(result.stdout)["diagnostics"] if d["code"] == "W510"]


def test_w510_on_a_threats_rows_says_rows_not_text(tmp_path, write_pack):
    spaces = "".join(f"  space {n} => threat move; threat attack 1\n" for n in range(1, 8))
    found = _overflows(write_pack({"pack.vcl": THREAT % spaces}), tmp_path)
    # At the first row not printed: the sixth space of the time track, which the band
    # over the bottom of the box covers (the seventh runs past it).
    assert [(d["line"], d["column"], d["message"].split(" overflows")[0]) for d in found] == \
        [(21, 3, "the text box of threat T01")]
    hint = found[0]["hint"]
    assert "use fewer or shorter rows" in hint and "threat cards a larger size" in hint
    assert "shorten the text" not in hint


def test_a_reference_on_a_card_keeps_its_word_and_number_on_one_line(eye):
    # P106's green row ends "then go to Log 420." where a line is full: the whole
    # reference goes down rather than leave "Log" at the end of the line.
    files, _ = render([eye], parts=frozenset({"cards"}))
    lines = [line.strip() for page in PdfReader(io.BytesIO(files[("eye_of_the_void", "cards.pdf")])).pages
             for line in page.extract_text().splitlines()]
    assert "Log 420." in lines
    assert not [line for line in lines if line.endswith(("Log", "Location"))]


@pytest.mark.parametrize("marks", [False, True])
def test_a_board_honours_bleed_and_crop_marks_as_the_books_do(tmp_path, marks):
    # --bleed grows each board sheet by the bleed outside its trim, with TrimBox and
    # BleedBox for the print shop; --crop-marks draws marks beyond it, as on a book.
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(CONTENT / "glacier-of-echoes"), "-o", str(out), "--only", "board",
                                       "--bleed", "3mm", *(["--crop-marks"] if marks else [])])
    assert result.exit_code == 0, result.output
    page = PdfReader(out / "glacier_of_echoes" / "board-glacier.pdf").pages[0]
    trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
    assert (float(trim.width), float(trim.height)) == (pytest.approx(841.89, abs=0.5), pytest.approx(595.28, abs=0.5))
    assert float(bleed.width) == pytest.approx(float(trim.width) + 2 * 8.5, abs=0.1)    # 3 mm each side
    assert float(bleed.height) == pytest.approx(float(trim.height) + 2 * 8.5, abs=0.1)
    if marks:
        assert float(media.width) > float(bleed.width) + 20                              # room for the marks
    else:
        assert float(media.width) == pytest.approx(float(bleed.width))


def test_a_danger_die_prints_its_letter_inside_its_icon_as_the_rulebook_does(eye):
    # RB 1455: the result is looked up "depending on the letter inside the icon". The
    # letter is text drawn on the die's face, so the page reads "roll a T Danger die".
    files, _ = render([eye], parts=frozenset({"cards"}))
    text = " ".join(" ".join(page.extract_text().split())
                    for page in PdfReader(io.BytesIO(files[("eye_of_the_void", "cards.pdf")])).pages)
    assert "Roll a T Danger die." in text and "roll a T Danger die." in text
    assert "Danger die T" not in text


def test_w510_on_a_location_card_points_at_the_paragraph_that_runs_past_its_box(tmp_path, write_pack):
    long = " ".join(["The cliff path winds on."] * 60)
    folder = write_pack({"pack.vcl": f'''pack coast {{
  game vantage
  title "Coast"
  version "0.1.0"
  start location 1
}}
location 1 "Cliff" {{
  text "A short first paragraph."
  text "{long}"
  north 2 walk
}}
location 2 "Top" {{
  text "The top."
  south 1 walk
}}
'''})
    found = _overflows(folder, tmp_path)
    assert [(d["line"], d["column"], d["message"].split(" overflows")[0]) for d in found] == \
        [(9, 8, "the text box of location 001")]
    # A location's longer text belongs in its actions' storybook entries, not a Logbook.
    assert "storybook entries of its actions" in found[0]["hint"] and "Logbook" not in found[0]["hint"]


def test_a_location_card_cut_short_keeps_its_actions_clear_of_the_compass_and_says_what_is_cut(tmp_path, write_pack):
    long = " ".join(["Sand, wind and a line of cliffs that run along the bay as far as the eye can see."] * 10)
    folder = write_pack({"pack.vcl": VANTAGE_HEADER + f'''location 1 "Beach" {{
  text "{long}"
  arrival suffer cold 1
  north 2 walk
  take "Take the shell" cost 1 {{
    text "A shell."
    result {{ gain morale 1 }}
  }}
  look "Search the sand" cost 2 {{
    text "Sand."
    result {{ gain morale 1 }}
  }}
}}
location 2 "Top" {{
  text "The top."
  south 1 walk
}}
'''})
    found = _overflows(folder, tmp_path)
    assert [(d["line"], d["message"]) for d in found] == [(11, "the text box of location 001 overflows by 2 lines")]
    page = PdfReader(io.BytesIO((tmp_path / "out" / "test" / "locations.pdf").read_bytes())).pages[0]
    placed = words(page)
    band = [y for text, _, y in placed if text.startswith("2 lines not printed (warning W510)")]
    first = min(x for text, x, _ in placed if text == "N")       # location 1's compass, left of location 2's
    north = [y for text, x, y in placed if text == "N" and x == first]
    actions = [y for text, _, y in placed if text in ("Take the shell", "Search the sand")]
    # The band stands above the compass's north box; the actions it cuts (the first half
    # fits, under the band's blank; the second runs past the box, clipped) are set
    # above the compass, never in it.
    assert len(band) == 1 and len(north) == 1 and band[0] > north[0] + 10
    assert len(actions) == 2 and min(actions) > north[0]


def _ring_with_chords(one_way: frozenset[int] = frozenset()) -> str:
    """Twelve sectors in a ring and three chords across it: no grid draws every path
    straight and clear of the spaces. `one_way`: the ring's paths n -> n + 1 one way."""
    sectors = "".join(f"  sector {n} {{ {'lander' if n == 1 else 'poi slot'} }}\n" for n in range(1, 13))
    paths = "".join(f"  path {n} {'->' if n in one_way else '<->'} {n + 1} [travel]\n" for n in range(1, 12))
    return VANGUARD_HEADER + f'''log 1 "Start" {{ return }}
planet ring "Ring" {{
  lift_off -> log 1
  evac -> log 1
  condition printed "Calm" {{
    travel spend die
  }}
{sectors}{paths}  path 12 -> 1 [spend die]
  path 3 <-> 9 [travel]
  path 5 <-> 11 [travel]
  path 2 <-> 7 [travel]
}}
'''


def _clips(p, q, rect) -> bool:
    """Whether the segment p-q runs inside the rectangle (left, top, right, bottom),
    by sampling it every tenth of a millimetre: independent of the board's own test."""
    steps = max(1, int(math.dist(p, q) * 10))
    return any(rect[0] < p[0] + (q[0] - p[0]) * k / steps < rect[2] and
               rect[1] < p[1] + (q[1] - p[1]) * k / steps < rect[3] for k in range(steps + 1))


def _meeting(p, q, r, s):
    """Where the segments p-q and r-s cross, or None."""
    d = (q[0] - p[0]) * (s[1] - r[1]) - (q[1] - p[1]) * (s[0] - r[0])
    if abs(d) < 1e-9:
        return None
    t = ((r[0] - p[0]) * (s[1] - r[1]) - (r[1] - p[1]) * (s[0] - r[0])) / d
    u = ((r[0] - p[0]) * (q[1] - p[1]) - (r[1] - p[1]) * (q[0] - p[0])) / d
    return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])) if 0 < t < 1 and 0 < u < 1 else None


def _paths_over_sectors(board) -> list[tuple[int, int, int]]:
    """(a, b, sector) for each drawn path that runs over a space not its own."""
    from vcompiler.render.board import BOX
    return [(a, b, s.number) for a, b, points in board.drawn for p, q in zip(points, points[1:])
            for s in board.sectors if s.number not in (a, b) and _clips(p, q, (s.x, s.y, s.x + BOX[0], s.y + BOX[1]))]


def _svg(board) -> str:
    import base64
    return base64.b64decode(board.lines.split(",", 1)[1]).decode()


def test_a_path_whose_straight_line_runs_over_a_sector_is_drawn_bent_round_it(tmp_path, write_pack):
    import json

    from vcompiler.render.board import _LABEL_HALF, ARROW, BOX, EDGE_INSET, over_sectors

    folder = write_pack({"pack.vcl": _ring_with_chords(one_way=frozenset({5}))})
    pack = compile_pack(folder).pack
    assert pack is not None
    planet = pack.planets[0]
    board = board_of(pack, planet, "a4")
    assert board == board_of(pack, planet, "a4")
    cells = place(planet, paper="a4")
    # The grid leaves two straight lines over a sector; both are drawn bent, clear of it.
    straight_over = {(p.a, p.b) for p in planet.paths if over_sectors(cells, p.a, p.b)}
    assert straight_over == {(5, 6), (3, 9)}
    assert {(a, b) for a, b, points in board.drawn if len(points) > 2} == straight_over
    assert [len(points) for a, b, points in board.drawn if (a, b) in straight_over] == [4, 4]
    assert _paths_over_sectors(board) == [] and board.over == ()
    assert [(a, b) for a, b, _ in board.drawn] == [(p.a, p.b) for p in planet.paths]
    # Each end on the edge of its own space, EDGE_INSET out.
    spaces = {s.number: (s.x, s.y, s.x + BOX[0], s.y + BOX[1]) for s in board.sectors}
    for a, b, points in board.drawn:
        for n, (x, y) in ((a, points[0]), (b, points[-1])):
            left, top, right, bottom = spaces[n]
            assert max(left - x, x - right, top - y, y - bottom) == pytest.approx(EDGE_INSET)
    # The one-way bent path's arrowhead points along its last run, its tip on the space of 6.
    bent = dict(((a, b), points) for a, b, points in board.drawn)[(5, 6)]
    svg = _svg(board)
    tip = f"{bent[-1][0]:.2f},{bent[-1][1]:.2f}"
    head = next(part for part in svg.split("<polygon")[1:] if part.startswith(f' points="{tip} '))
    base = [tuple(map(float, pair.split(","))) for pair in head.split('"')[1].split()[1:]]
    middle = ((base[0][0] + base[1][0]) / 2, (base[0][1] + base[1][1]) / 2)
    run = (bent[-1][0] - bent[-2][0], bent[-1][1] - bent[-2][1])
    back = (bent[-1][0] - middle[0], bent[-1][1] - middle[1])
    assert abs(run[0] * back[1] - run[1] * back[0]) < 0.05 * math.hypot(*run) * math.hypot(*back)
    assert run[0] * back[0] + run[1] * back[1] > 0 and math.hypot(*run) > ARROW
    # One arrowhead on 5 -> 6 and 12 -> 1, two on each of the 13 two-way paths (RB 585),
    # each drawn twice: its white halo, then its black head.
    assert svg.count("<polygon") == 2 * (2 + 2 * 13)
    # Where a bent path crosses another line, it does so away from either line's ends,
    # where the crossing would read as a fork.
    crossings = []
    for a, b, points in board.drawn:
        if len(points) == 2:
            continue
        for c, d, other in board.drawn:
            if (c, d) == (a, b):
                continue
            for p, q in zip(points, points[1:]):
                for r, s in zip(other, other[1:]):
                    meet = _meeting(p, q, r, s)
                    if meet is not None:
                        crossings.append((a, b, c, d))
                        ends = (points[0], points[-1], other[0], other[-1])
                        assert min(math.dist(meet, e) for e in ends) > 6.0, (a, b, c, d)
    assert crossings == [(5, 6, 2, 3), (3, 9, 2, 7)]
    # A bent path's label sits on it, clear of every space, its own two too; the others
    # clear of every space but their own two.
    for mark, path in zip(board.marks, planet.paths):
        points = dict(((a, b), pts) for a, b, pts in board.drawn)[(path.a, path.b)]
        assert any(_clips(p, q, (mark.x - 0.1, mark.y - 0.1, mark.x + 0.1, mark.y + 0.1))
                   for p, q in zip(points, points[1:])), (path.a, path.b)
        for sector in board.sectors:
            if sector.number in (path.a, path.b) and len(points) == 2:
                continue
            inside_x = sector.x - _LABEL_HALF[0] < mark.x < sector.x + BOX[0] + _LABEL_HALF[0]
            inside_y = sector.y - _LABEL_HALF[1] < mark.y < sector.y + BOX[1] + _LABEL_HALF[1]
            assert not (inside_x and inside_y), (path.a, path.b, sector.number)
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "board",
                                       "--format", "json"])
    assert result.exit_code == 0, result.output
    assert [d for d in json.loads(result.stdout)["diagnostics"] if d["code"] == "W513"] == []


def test_a_path_no_route_with_two_bends_clears_is_w513_and_drawn_straight(tmp_path, write_pack):
    import json

    # A full grid of three by three: 4 -> 6 and 8 -> 2 bend round sector 5 through the
    # gaps beside it; 1 -> 9 and 7 <-> 3 from corner to corner would need three bends.
    sectors = "".join(f"  sector {n} {{ {'lander' if n == 1 else 'poi slot'}\n    at {(n - 1) % 3}, {(n - 1) // 3} }}\n"
                      for n in range(1, 10))
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + f'''log 1 "Start" {{ return }}
planet grid "Grid" {{
  lift_off -> log 1
  evac -> log 1
  condition printed "Calm" {{
    travel spend die
  }}
{sectors}  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
  path 1 -> 9 [travel]
  path 4 -> 6 [spend die]
  path 7 <-> 3 [travel]
  path 8 -> 2 [travel]
}}
'''})
    pack = compile_pack(folder).pack
    board = board_of(pack, pack.planets[0], "a4")
    assert {(a, b): len(points) - 2 for a, b, points in board.drawn} == \
        {(1, 2): 0, (2, 3): 0, (1, 9): 0, (4, 6): 2, (7, 3): 0, (8, 2): 2}
    assert sorted(_paths_over_sectors(board)) == [(1, 9, 5), (7, 3, 5)]
    assert [(a, arrow, b, n) for _, a, arrow, b, n in board.over] == [(1, "->", 9, 5), (7, "<->", 3, 5)]
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "board",
                                       "--format", "json"])
    found = [(d["line"], d["message"]) for d in json.loads(result.stdout)["diagnostics"] if d["code"] == "W513"]
    lines = folder.joinpath("pack.vcl").read_text(encoding="utf-8").splitlines()
    assert found == [(lines.index("  path 1 -> 9 [travel]") + 1, "path 1 -> 9 is drawn over sector 5 on the board"),
                     (lines.index("  path 7 <-> 3 [travel]") + 1, "path 7 <-> 3 is drawn over sector 5 on the board")]


def _with_boards(parent: Path) -> list[Path]:
    return sorted(p for p in parent.iterdir()
                  if (p / "pack.vcl").exists() and "game vanguard" in (p / "pack.vcl").read_text(encoding="utf-8"))


@pytest.mark.parametrize("folder", [*_with_boards(CONTENT),
                                    *(pytest.param(p, marks=pytest.mark.shared)
                                      for root in EXAMPLE_ROOTS for p in _with_boards(root))],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_shipped_boards_draw_no_path_over_a_sector(folder, tmp_path):
    copy = tmp_path / folder.name             # the examples are read-only
    shutil.copytree(folder, copy)
    pack = compile_pack(copy).pack
    assert pack is not None and pack.planets
    for planet in pack.planets:
        board = board_of(pack, planet, "a4")
        assert board.drawn and _paths_over_sectors(board) == [] and board.over == (), planet.id


def test_a_location_action_says_always_available_as_the_rulebook_and_storybook_do(tidal):
    # VR 38: an action "marked 'always available'"; the storybook entry prints the same words.
    files, _ = render([tidal], parts=frozenset({"cards"}))
    # The sheet after location 000's own, which is the size of the Book of Vantages' cover.
    flats = PdfReader(io.BytesIO(files[("tidal_reach", "locations.pdf")])).pages[2].extract_text()
    line = next(line for line in flats.splitlines() if "Pocket a shell" in line)
    assert line.upper().endswith("ALWAYS AVAILABLE")


def _crowded_poi(actions: int) -> str:
    """A POI card with `actions` Special Actions of three lines each (name, text, "Nothing
    happens."): far more than its text box holds, most of it past the bottom of the page."""
    each = "".join(f'  action "Act {n}" {{\n    text "Short."\n    nothing\n  }}\n' for n in range(actions))
    return VANGUARD_HEADER + f'''log 1 "Start" {{
  text "Land."
  end exploration
}}
poi P203 "Crowded" copies 10 {{
  biomes volcanic
{each}}}
'''


def _cut_lines(write_pack, actions: int, layout: str) -> tuple[list, list]:
    pack = compile_pack(write_pack({"pack.vcl": _crowded_poi(actions)}, name=f"p{actions}{layout}")).pack
    files, found = render([pack], parts=frozenset({"cards"}), layout=layout)
    return [d for d in found if d.code.id == "W510"], PdfReader(io.BytesIO(files[("test", "cards.pdf")])).pages


def test_a_card_cut_near_the_bottom_of_its_page_counts_every_line_and_bands_every_copy(write_pack, monkeypatch):
    # WeasyPrint lays out no line below the page: a card on the bottom row of a sheet,
    # or one card a page, used to lose the lines there uncounted, and the band after them.
    # One sheet a job: the ten copies are printed by two jobs.
    monkeypatch.setattr("vcompiler.render.components.SHEETS_PER_JOB", 1)
    counts = {}
    for actions, layout in ((30, "sheets"), (31, "sheets"), (30, "single")):
        found, pages = _cut_lines(write_pack, actions, layout)
        assert len(found) == 1 and found[0].message.startswith("the text box of poi P203 overflows by ")
        lines = int(found[0].message.split("overflows by ")[1].split(" ")[0])
        counts[actions, layout] = lines
        band = f"{lines} lines not printed (warning W510)"
        fronts = pages[0::2]
        # Every copy, on every sheet, also those of a later run of sheets (a worker job).
        assert sum(page.extract_text().count(band) for page in fronts) == 10
        # The band stands inside the card, above its footer.
        placed = words(fronts[0] if layout == "single" else fronts[-1])
        bands = sorted(y for text, _, y in placed if text.startswith(band))
        footers = sorted(y for text, _, y in placed if text == "POINT OF INTEREST")
        assert bands and len(bands) == len(footers)
        assert all(2 < b - f < 15 for b, f in zip(bands, footers))
    # One more action of three lines is three more lines not printed, wherever it is printed.
    assert counts[31, "sheets"] == counts[30, "sheets"] + 3
    assert counts[30, "single"] == counts[30, "sheets"]


def test_the_tutorial_injury_is_named_as_the_rulebook_names_it(eye):
    # RB 814: "you gain ”Just a Scratch!” Injury": the "!" is part of its name.
    injuries = [voice.plain(face.title) for face in faces_of(eye) if face.kind == "injury"]
    assert injuries == ["Just a Scratch!"]


def _font_programs(data: bytes) -> list[tuple[str, bytes]]:
    """(subset name, embedded program) of every font object of a PDF."""
    import pikepdf
    pdf = pikepdf.open(io.BytesIO(data))
    return [(str(o.FontName), o.FontFile2.read_bytes()) for o in pdf.objects
            if isinstance(o, pikepdf.Dictionary) and "/FontFile2" in o]


def test_a_sheet_file_of_many_jobs_embeds_one_font_per_family_under_a_name_of_its_own(
        generated_pack, monkeypatch):
    # 60 locations: four to an A4 sheet, six sheets a job, so three jobs each with its subsets
    pack = compile_pack(generated_pack(60, "vantage")).pack
    files, found = render([pack], parts=frozenset({"cards"}))
    merged = files[(pack.name, "locations.pdf")]
    fonts = _font_programs(merged)
    families = [name.split("+", 1)[1] for name, _ in fonts]
    assert len(set(name for name, _ in fonts)) == len(fonts) and len(set(families)) == len(families), fonts
    monkeypatch.setattr("vcompiler.render.fonts.merge_fonts", lambda pdf: 0)
    apart = render([pack], parts=frozenset({"cards"}))[0][(pack.name, "locations.pdf")]
    # each job brought its own copy of each font, all under one name
    assert len(_font_programs(apart)) == 3 * len(fonts) and len({n for n, _ in _font_programs(apart)}) == len(fonts)
    assert len(merged) < len(apart)
    # every page reads and prints the same: no glyph printed as another
    assert [p.extract_text() for p in PdfReader(io.BytesIO(merged)).pages] == \
        [p.extract_text() for p in PdfReader(io.BytesIO(apart)).pages]
    assert _pixels(merged) == _pixels(apart)


def _pixels(data: bytes) -> bytes:
    import subprocess
    return subprocess.run(["pdftoppm", "-r", "40", "-gray"], input=data, capture_output=True, check=True).stdout


def _image(pdf: bytes, page: int, dpi: int = 200) -> tuple[int, int, bytes]:
    """A page as RGB pixels: width, height, 3 bytes a pixel."""
    import subprocess
    ppm = subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page + 1), "-l", str(page + 1)], input=pdf,
                         capture_output=True, check=True).stdout
    magic, width, height, depth, data = ppm.split(maxsplit=4)
    assert magic == b"P6" and depth == b"255"
    return int(width), int(height), data


def test_the_band_over_a_cut_card_prints_above_its_icons(write_pack):
    # Every line of every action has red health icons, the band's line too.
    each = "".join(f'  action "Act {n}" {{\n    text "Lose {{icon health}} and {{icon health}} {{icon health}} '
                   f'or {{icon health}} here."\n    nothing\n  }}\n' for n in range(12))
    pack = compile_pack(write_pack({"pack.vcl": VANGUARD_HEADER + f'''log 1 "Start" {{
  text "Land."
  end exploration
}}
poi P203 "Crowded" {{
  biomes volcanic
{each}}}
'''})).pack
    files, found = render([pack], parts=frozenset({"cards"}), layout="single")
    assert [d.code.id for d in found] == ["W510"]
    width, height, data = _image(files[("test", "cards.pdf")], 0)

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        at = 3 * (y * width + x)
        return data[at], data[at + 1], data[at + 2]
    # the band: the rows mostly black across the card's middle
    middle = range(width // 4, 3 * width // 4)
    band = [y for y in range(height) if sum(max(pixel(x, y)) < 60 for x in middle) > 0.6 * len(middle)]
    assert band and band[-1] - band[0] < 40, band       # 3.2 mm at 200 dpi: about 25 rows
    red = [(x, y) for y in range(band[0], band[-1] + 1) for x in range(width)
           if (p := pixel(x, y))[0] - max(p[1], p[2]) > 80]
    assert red == []
    # the icons are there, above the band
    assert any(pixel(x, y)[0] - max(pixel(x, y)[1:]) > 80 for y in range(band[0] - 200, band[0]) for x in middle)
