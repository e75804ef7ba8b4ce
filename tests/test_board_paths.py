"""A planet board's paths and card spaces: arrowheads, opposed one-way paths drawn side
by side, costs kept off the sectors (W515), card-sized spaces and tiles."""
import base64
import json
import math
import shutil
from pathlib import Path

from click.testing import CliRunner

from conftest import VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.driver.cli import main
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


def _heads(board) -> list[tuple[float, float]]:
    svg = base64.b64decode(board.lines.split(",", 1)[1]).decode()
    return [tuple(map(float, part.split('"')[1].split()[0].split(","))) for part in svg.split("<polygon")[1:]]


def test_opposed_one_way_paths_are_two_arrows_each_with_its_own_cost(write_pack):
    pack = compile_pack(write_pack({"pack.vcl": OPPOSED})).pack
    board = board_of(pack, pack.planets[0], "a4")
    there, back, both = (points for _, _, points in board.drawn)
    # Side by side, SPREAD apart, and each from its own first sector to its second.
    (x1, y1), (x2, y2) = there[0], there[-1]
    length = math.dist(there[0], there[-1])
    gap = abs((back[0][0] - x1) * (y2 - y1) - (back[0][1] - y1) * (x2 - x1)) / length
    assert gap == __import__("pytest").approx(SPREAD, abs=0.01)
    tips = _heads(board)
    # One arrowhead each for the one-way paths, at their own ends; two for the two-way path.
    assert sorted(tips) == sorted([there[-1], back[-1], both[-1], both[0]])
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
    printed = {s.number: s.printed for s in board.sectors if s.printed}
    assert sorted(printed) == [1, 2, 6, 7]
    assert [name for name, _, _ in printed[6][1]] == ["Squeeze Through"] and printed[6][1][0][2] == 1


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
