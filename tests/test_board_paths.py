"""A planet board's paths and card spaces: arrowheads, opposed one-way paths drawn side
by side, costs kept off the sectors (W515), card-sized spaces and tiles."""
import base64
import json
import math
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.driver.cli import main
from vcompiler.render import ir
from vcompiler.render.board import BOX, CARD, SPREAD, board_of

CASE = Path(__file__).parent / "cases" / "render" / "W515-cost-over-a-sector.vcl"

OPPOSED = VANGUARD_HEADER + '''log 1 "Start" { return }
danger T "Tremor" { text "Lose a die." }
planet p "P" {
  lift_off -> log 1
  evac -> log 1
  condition printed "Calm" {
    travel spend die
  }
  sector 5 { lander }
  sector 6 { poi slot }
  sector 7 { poi slot }
  path 5 -> 6 [travel, roll danger T]
  path 6 -> 5 [spend die]
  path 6 <-> 7 [travel]
}
'''


def _at(point) -> tuple[float, float]:
    """A point as the drawing writes it, to a hundredth of a millimetre."""
    return (float(f"{point[0]:.2f}"), float(f"{point[1]:.2f}"))


def _heads(board) -> list[tuple[float, float]]:
    """The tips of the arrowheads drawn."""
    svg = base64.b64decode(board.lines.split(",", 1)[1]).decode()
    # Each drawn twice, its white halo under its black head: the heads' group is the last.
    return [tuple(map(float, part.split('"')[1].split()[0].split(",")))
            for part in svg.rpartition('<g fill="#000"')[2].split("<polygon")[1:]]


def test_opposed_one_way_paths_are_two_arrows_each_with_its_own_cost(write_pack):
    pack = compile_pack(write_pack({"pack.vcl": OPPOSED})).pack
    board = board_of(pack, pack.planets[0], "a4")
    there, back, both = (points for _, _, points in board.drawn)
    # Side by side, SPREAD apart, and each from its own first sector to its second.
    (x1, y1), (x2, y2) = there[0], there[-1]
    length = math.dist(there[0], there[-1])
    gap = abs((back[0][0] - x1) * (y2 - y1) - (back[0][1] - y1) * (x2 - x1)) / length
    assert gap == pytest.approx(SPREAD, abs=0.01)
    tips = _heads(board)
    # One arrowhead each for the one-way paths, at their own ends; two for the two-way path.
    assert sorted(tips) == sorted(_at(p) for p in (there[-1], back[-1], both[-1], both[0]))
    assert len(board.marks) == 3 and len({(m.x, m.y) for m in board.marks}) == 3
    assert [len(m.groups) for m in board.marks] == [2, 1, 1]
    # Each cost on its own line.
    for mark, (_, _, points) in zip(board.marks, board.drawn):
        p, q = points[0], points[-1]
        off = abs((mark.x - p[0]) * (q[1] - p[1]) - (mark.y - p[1]) * (q[0] - p[0])) / math.dist(p, q)
        assert off < 0.01
    assert board.unclear == ()


def test_every_space_the_rules_put_a_card_on_is_card_sized(eye):
    planet = eye.planets[0]
    board = board_of(eye, planet, "a4")
    assert BOX[0] > CARD[0] and BOX[1] > CARD[1]
    assert [what for what, _, _ in board.spaces] == ["rank_up", "unique", "mission", "condition"]
    # Unique Discovery in the top right, the Global Condition in the bottom right (RB 434-436).
    unique, condition = board.spaces[1], board.spaces[3]
    assert unique[1] + CARD[0] <= board.width - 9.9 and condition[2] + 6 + CARD[1] <= board.height - 9.9
    assert len(board.track) == 16 and all(y < board.sectors[0].y for _, _, y in board.track)
    # Above the panel, where no path bent round the top row runs.
    rank_up = board.spaces[0]
    assert all(rank_up[1] < x and y + 7 < rank_up[2] for _, x, y in board.track)
    assert max(x for _, x, _ in board.track) + 7 <= board.width - 10
    printed = {s.number: s.printed for s in board.sectors if s.printed}
    assert sorted(printed) == [1, 2, 6, 7]
    # Its Special Actions as its card prints them: a Dice Check's two icons, then its Danger die.
    heads = [b for b in printed[6][1] if isinstance(b, ir.ActionHead)]
    assert [h.tokens for h in heads] == [[ir.Words("Squeeze Through")]] and heads[0].danger == 1
    assert heads[0].lead[:2] == [ir.Icon("action"), ir.Icon("check")]
    # A track prints its boxes to put a marker on (RB 620-627), as on the card.
    crash = [b for b in printed[2][1] if isinstance(b, ir.Track)]
    assert crash and all(t.spaces == 4 for t in crash)


def test_a_cost_wider_than_the_gap_it_sits_in_is_w515_at_the_path(tmp_path):
    folder = tmp_path / "costs"
    folder.mkdir()
    shutil.copy(CASE, folder / CASE.name)
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "board",
                                       "--format", "json"])
    assert result.exit_code == 0, result.output
    found = [(d["line"], d["column"], d["message"]) for d in json.loads(result.stdout)["diagnostics"]]
    line = next(n for n, text in enumerate(CASE.read_text().splitlines(), 1) if "expect: W515" in text)
    assert found == [(line, 3, "the cost of path 1 <-> 2 is printed over sector 1 on the board")]


def test_a_board_of_forty_sectors_with_a_path_across_it_prints_on_tiles(write_pack, tmp_path):
    sectors = "".join(f"  sector {n} {{ {'lander' if n == 1 else 'poi slot'} }}\n" for n in range(1, 41))
    paths = "".join(f"  path {n} <-> {n + 1} [travel]\n" for n in range(1, 40))
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + f'''log 1 "Start" {{ return }}
planet big "Big" {{
  lift_off -> log 1
  evac -> log 1
  condition printed "Calm" {{
    travel spend die
  }}
{sectors}{paths}  path 1 -> 40 [spend die]
}}
'''})
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "board",
                                       "--board-paper", "A3"])
    assert result.exit_code == 0, result.output
    pack = compile_pack(folder).pack
    board = board_of(pack, pack.planets[0], "a3")
    assert len(board.tiles) > 1 and board.align
    assert len(board.drawn) == 40


def test_a_path_between_sectors_on_opposite_edges_is_bent_round_the_row_between(write_pack):
    sectors = "".join(f"  sector {n} {{ {'lander' if n == 1 else 'poi slot'}\n    at {n - 1}, 0 }}\n"
                      for n in range(1, 6))
    pack = compile_pack(write_pack({"pack.vcl": VANGUARD_HEADER + f'''log 1 "Start" {{ return }}
planet row "Row" {{
  lift_off -> log 1
  evac -> log 1
  condition printed "Calm" {{
    travel spend die
  }}
{sectors}  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
  path 3 <-> 4 [travel]
  path 4 <-> 5 [travel]
  path 1 -> 5 [spend die]
}}
'''})).pack
    board = board_of(pack, pack.planets[0], "a4")
    across = dict(((a, b), points) for a, b, points in board.drawn)[(1, 5)]
    assert len(across) > 2 and board.over == () and board.unclear == ()
    # Round the row, above or below it: never over a space of 2, 3 or 4.
    spaces = [(s.x, s.y, s.x + BOX[0], s.y + BOX[1]) for s in board.sectors if s.number in (2, 3, 4)]
    for p, q in zip(across, across[1:]):
        for left, top, right, bottom in spaces:
            for k in range(101):
                x, y = p[0] + (q[0] - p[0]) * k / 100, p[1] + (q[1] - p[1]) * k / 100
                assert not (left < x < right and top < y < bottom)
    tips = _heads(board)
    assert _at(across[-1]) in tips and _at(across[0]) not in tips


def _board_pdf(tmp_path, *options: str):
    from pypdf import PdfReader

    from conftest import ROOT
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(ROOT / "source_content" / "eye-of-the-void"), "-o", str(out),
                                       "--only", "board", *options])
    assert result.exit_code == 0, result.output
    return PdfReader(out / "eye_of_the_void" / "board-eye_of_the_void.pdf")


def test_the_tutorial_board_tiles_over_a4_sheets_each_holding_only_its_own_part(tmp_path):
    pages = _board_pdf(tmp_path).pages
    assert len(pages) == 6
    texts = [" ".join(page.extract_text().split()) for page in pages]
    for n, (page, text) in enumerate(zip(pages, texts), 1):
        trim = page.trimbox
        assert (round(float(trim.width)), round(float(trim.height))) == (842, 595)
        assert f"Tile {n} of 6" in text
    # Sector 1's POI lies in the first column of sheets: none of its text runs on onto
    # a sheet of the second column (a sheet cut from one long page once carried it).
    assert "Force the Bulkhead Open" in texts[4]
    assert not any("Force the Bulkhead Open" in text for text in texts[1::2])
    # The Global Condition in the bottom right, whole, on a sheet of the second column.
    assert any("Hull Tremors" in text and "Supplies: unlimited" in text for text in texts[1::2])


def test_board_paper_a2_holds_the_tutorial_board_whole_and_bleed_grows_its_sheet(tmp_path):
    pages = _board_pdf(tmp_path, "--board-paper", "A2", "--bleed", "3mm").pages
    assert len(pages) == 1
    trim, bleed = pages[0].trimbox, pages[0].bleedbox
    assert (round(float(trim.width)), round(float(trim.height))) == (1684, 1191)
    assert float(bleed.width) == pytest.approx(float(trim.width) + 2 * 8.5, abs=0.1)
    text = pages[0].extract_text()
    assert "Tile" not in text and "Twisted Wreckage" in text and "Hull Tremors" in text
    # The board's ground is painted from the bleed's edge, 3 mm (11.34 CSS px) outside the trim.
    import re
    ground = re.search(rb"0\.956863 0\.945098 0\.917647 rg\s+(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re",
                       pages[0].get_contents().get_data())
    assert ground is not None
    assert [float(v) for v in ground.groups()[:2]] == [pytest.approx(-3 * 96 / 25.4, abs=0.01)] * 2
    assert float(ground.group(3)) == pytest.approx((594 + 6) * 96 / 25.4, abs=0.1)


def test_opposed_paths_bent_round_a_sector_stay_side_by_side_and_clear_of_it(write_pack):
    sectors = "".join(f"  sector {n} {{ {'lander' if n == 1 else 'poi slot'}\n    at {n - 1}, 0 }}\n"
                      for n in range(1, 4))
    pack = compile_pack(write_pack({"pack.vcl": VANGUARD_HEADER + f'''log 1 "Start" {{ return }}
planet row "Row" {{
  lift_off -> log 1
  evac -> log 1
  condition printed "Calm" {{
    travel spend die
  }}
{sectors}  path 1 <-> 2 [travel]
  path 2 <-> 3 [travel]
  path 1 -> 3 [travel]
  path 3 -> 1 [spend die]
}}
'''})).pack
    board = board_of(pack, pack.planets[0], "a4")
    lines = dict(((a, b), points) for a, b, points in board.drawn)
    there, back = lines[(1, 3)], lines[(3, 1)]
    assert len(there) == len(back) > 2 and board.over == () and board.unclear == ()
    # The same route, SPREAD apart at every bend, run the other way.
    for p, q in zip(there[1:-1], back[-2:0:-1]):
        assert SPREAD - 0.01 <= math.dist(p, q) <= SPREAD * math.sqrt(2) + 0.01
    middle = next(s for s in board.sectors if s.number == 2)
    for line in (there, back):
        for p, q in zip(line, line[1:]):
            for k in range(101):
                x, y = p[0] + (q[0] - p[0]) * k / 100, p[1] + (q[1] - p[1]) * k / 100
                assert not (middle.x < x < middle.x + BOX[0] and middle.y < y < middle.y + BOX[1])
    tips = _heads(board)
    assert _at(there[-1]) in tips and _at(back[-1]) in tips and _at(there[0]) not in tips


def test_a_poi_printed_on_the_board_longer_than_its_card_space_is_w516_at_its_sector(tmp_path):
    from conftest import expectations
    case = Path(__file__).parent / "cases" / "render" / "W516-board-poi-cut.vcl"
    folder = tmp_path / "cut"
    folder.mkdir()
    shutil.copy(case, folder / case.name)
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "board",
                                       "--format", "json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)["diagnostics"]
    assert {(Path(d["file"]).name, d["line"], d["code"]) for d in found} == expectations(folder)
    assert found[0]["message"].startswith("the POI printed on sector 1 of P overflows its card space by ")


def test_a_sheet_that_would_hold_only_ground_is_not_printed_and_the_others_say_so(pack_copy):
    folder = pack_copy("eye-of-the-void")
    pack = compile_pack(folder).pack
    hull = next(p for p in pack.planets if p.id == "inner_hull")
    board = board_of(pack, hull, "a4")
    # Two sectors and the panel: the sheet under the sectors holds nothing.
    assert [t.place for t in board.tiles] == [(1, 1), (1, 2), (2, 2)]
    assert [t.label.split(":")[0] for t in board.tiles] == ["Tile 1 of 3", "Tile 2 of 3", "Tile 3 of 3"]
    assert all("(Row 2, column 1: bare ground, not printed.)" in t.label for t in board.tiles)
    # What it would have shown of the board, between the sheets kept, is nothing drawn.
    condition = next((x, y) for what, x, y in board.spaces if what == "condition")
    assert condition[0] >= board.tiles[2].x
