"""`simulate`: random playthroughs, deterministic for a seed whatever the number of
processes; coverage, rare entries, runs that never end, lengths per region."""
import json

from test_cli import run
from test_tools import HEAD

from conftest import CONTENT


def _report(*args):
    result = run("simulate", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_tidal_reach_is_covered_and_a_seed_gives_the_same_report():
    one = _report(CONTENT / "tidal-reach", "--runs", "3000", "--seed", "5", "--workers", "1")
    two = _report(CONTENT / "tidal-reach", "--runs", "3000", "--seed", "5", "--workers", "2")
    assert one == two
    assert one["reached"] == one["entries"] == 70 and one["never_reached"] == []
    # A stat run out reads the mission's game-end entry, which ends the game.
    assert set(one["endings"]) == {"The game ends.", "Card 1601 complete: a mission victory.",
                                   "Card 1705 complete: a destiny victory.", "Card 1706 complete: a destiny victory."}
    assert sum(one["endings"].values()) == 3000 and one["endless"] == 0
    assert [r["name"] for r in one["regions"]] == ["000s", "100s", "cards"]
    other = _report(CONTENT / "tidal-reach", "--runs", "3000", "--seed", "6")
    assert other["length"] != one["length"]


def test_eye_of_the_void_reaches_every_sector_log_and_shows_what_only_the_outside_leads_to():
    report = _report(CONTENT / "eye-of-the-void", "--runs", "500")
    assert report["endings"] == {"The exploration ends.": 500}
    # From the lander (sector 2) the paths reach every sector, and so the logs read there.
    never = set(report["never_reached"])
    assert not never & {"Log 311 Regrouped", "Log 410 Beneath the Spire", "Log 227 Echoes in the Hull",
                        "Log 420 Through the Glass"}
    assert "Log 720 Rebuilding the Decks" in never           # `external`: read from outside the pack
    assert {r["name"] for r in report["regions"]} == {"The Eye of the Void", "logbook"}


def test_rare_entries_and_runs_that_never_end(write_pack):
    chain = "".join(f'log {n} "Step {n}" {{\n choice "on" -> log {n + 1}\n choice "off" -> log 99\n}}\n'
                    for n in range(1, 8))
    folder = write_pack({"p.vcl": HEAD + chain +
                         'log 8 "Far" {\n choice "loop" -> log 9\n choice "stop" -> log 99\n}\n'
                         'log 9 "Round" {\n -> log 10\n}\nlog 10 "And round" {\n -> log 9\n}\n'
                         'log 99 "Home" {\n end exploration\n}\n'})
    report = _report(folder, "--runs", "6000", "--seed", "3", "--max-steps", "60")
    rare = {r["entry"]: r["share"] for r in report["rare"]}
    assert set(rare) == {"Log 8 Far", "Log 9 Round", "Log 10 And round"}
    assert 0.004 < rare["Log 8 Far"] < 0.01                         # 1 in 128
    assert report["endless"] == round(rare["Log 9 Round"] * 6000)   # the loop never ends
    assert report["length"]["max"] == 60
    text = run("simulate", folder, "--runs", "6000", "--seed", "3", "--max-steps", "60").output
    assert "reached in under 1% of runs (3): Log 8 Far (0." in text
    assert f"runs that never end (over 60 entries): {report['endless']}" in text


def test_a_generated_logbook(generated_pack):
    report = _report(generated_pack(400), "--runs", "3000", "--seed", "1")
    assert report["reached"] == 400 and report["endings"] == {"The exploration ends.": 3000}
    # each log leads one or two on, evenly: about 400 / 1.5 logs a run
    assert 255 < report["length"]["mean"] < 280
    [region] = report["regions"]
    assert region["name"] == "logbook" and region["runs"] == 3000


def test_the_ops_the_simulation_steps_over_are_in_the_registry():
    from vcompiler.play.simulate import _COUNTERS_ONLY, _ENDS
    from vcompiler.registry import FORM_BY_OP, WAYS_OUT

    assert _COUNTERS_ONLY <= set(FORM_BY_OP)
    assert set(_ENDS) <= WAYS_OUT



def test_logs_that_move_time_tracks_are_stepped_without_the_machine_only_when_no_card_has_one(
        generated_pack, tmp_path):
    import shutil

    from vcompiler.compile import compile_pack
    from vcompiler.play.simulate import Plan

    def fast(folder) -> tuple[set, set]:
        pack = compile_pack(folder).pack
        plan = Plan(pack, 100)
        timed = {log.number for log in pack.logs for s in log.statements
                 if getattr(s, "effect", None) and s.effect.options[0].op == "progress_time"}
        return timed, {node[1] for node, i in plan.index.items() if node[0] == "log" and plan.fast[i]}

    timed, stepped = fast(generated_pack(200))
    assert timed and timed <= stepped
    # With a Global Condition whose track's last space leads to a log, the machine moves them.
    folder = tmp_path / "timed"
    shutil.copytree(generated_pack(200), folder)
    (folder / "clock.vcl").write_text('condition G01 "Clock" {\n  time 2 => -> log 1\n}\n')
    timed, stepped = fast(folder)
    assert timed and not timed & stepped
