"""A board with every pair of its sectors joined: placing and routing it make a bounded
number of geometric tests, and the paths that could not be routed are drawn straight,
each over-sector crossing a W513."""
import pytest

from conftest import VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.render import board as board_module

# A board of 16 sectors, all joined, took minutes: tens of millions of tests.
MOST_TESTS = 1_500_000


def _dense_pack(write_pack, sectors: int):
    numbers = range(1, sectors + 1)
    text = VANGUARD_HEADER + 'log 1 "Start" {\n  return\n}\nmission M01 "Go" { text "Go." }\n' + \
        'planet p "P" {\n  mission M01\n  lift_off -> log 1\n  evac -> log 1\n' + \
        "".join(f"  sector {n} {{ poi slot }}\n" for n in numbers) + \
        "".join(f"  path {a} <-> {b} [travel]\n" for a in numbers for b in numbers if a < b) + "}\n"
    return compile_pack(write_pack({"pack.vcl": text}, name=f"k{sectors}")).pack


@pytest.mark.parametrize("sectors", [16, 24])
def test_a_board_with_every_pair_of_sectors_joined_is_drawn_in_bounded_work(write_pack, monkeypatch, sectors):
    pack = _dense_pack(write_pack, sectors)
    tests = [0]

    def counting(test):
        def counted(*args):
            tests[0] += 1
            if tests[0] > MOST_TESTS:
                raise AssertionError(f"more than {MOST_TESTS} geometric tests")
            return test(*args)
        return counted
    for name in ("_cross", "_hits", "_shared_run"):
        monkeypatch.setattr(board_module, name, counting(getattr(board_module, name)))
    board = board_module.board_of(pack, pack.planets[0], "a4")
    assert len(board.drawn) == sectors * (sectors - 1) // 2
    # What was not routed runs over sectors: each a W513 of the build (render.components).
    assert board.over
    assert {(a, b) for _, a, _, b, _ in board.over} <= {(a, b) for a, b, _ in board.drawn}

