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
    # A stat run out reads the mission's game-end entry, which ends the game; runs that
    # start at the easygoing level last long enough to complete both (VR 74).
    assert set(one["endings"]) == {"The game ends.", "Card 1601 complete: a mission victory.",
                                   "Card 1705 complete: a destiny victory.", "Card 1706 complete: a destiny victory.",
                                   "Card 1706 complete: an epic victory."}
    assert sum(one["endings"].values()) == 3000 and one["endless"] == 0
    assert [r["name"] for r in one["regions"]] == ["000s", "100s", "cards"]
    other = _report(CONTENT / "tidal-reach", "--runs", "3000", "--seed", "6")
    assert other["length"] != one["length"]


def test_eye_of_the_void_reaches_every_sector_log_and_shows_what_only_the_outside_leads_to():
    report = _report(CONTENT / "eye-of-the-void", "--runs", "500")
    # the runs that do not end are stopped at the cap, wandering the board with choices open
    assert report["endings"]["The exploration ends."] + report["capped_choices"] == 500
    assert report["loops"] == report["capped_entries"] == 0
    # From the lander (sector 2) the paths reach every sector, and so the logs read there.
    never = set(report["never_reached"])
    assert not never & {"Log 311 Regrouped", "Log 410 Beneath the Spire", "Log 227 Echoes in the Hull",
                        "Log 420 Through the Glass"}
    assert "Log 720 Rebuilding the Decks" in never           # `external`: read from outside the pack
    # RB 907, 1420: the Events drawn at the end of each turn progress G01's track off their
    # biomes, and its last space reads Log 505
    assert "Log 505 Lights Out" not in never
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
    # the loop never ends, and no choice leads out of it
    assert report["endless"] == report["loops"] == round(rare["Log 9 Round"] * 6000)
    assert report["capped_entries"] == report["capped_choices"] == 0
    assert report["length"]["max"] == 60
    text = run("simulate", folder, "--runs", "6000", "--seed", "3", "--max-steps", "60").output
    assert "reached in under 1% of runs (3): Log 8 Far (0." in text
    assert f"  runs that reached an ending: {6000 - report['loops']}: The exploration ends. ×" in text
    assert (f"  runs that never end: {report['loops']}\n"
            f"    caught in a loop (more than 11 entries read with no choice between them, so no choice leads out): "
            f"{report['loops']}\n"
            "    stopped at the cap with choices still open (60 entries read: 0; 60 choices made: 0)") in text


def test_a_run_is_stopped_at_the_cap_and_a_loop_is_told_from_a_long_walk(write_pack):
    # Log 9 and 10 go round with no choice (each reads an `if`, so the machine reads
    # them, not the table of plain logs); logs 1 and 2 choose, and rarely choose to stop.
    folder = write_pack({"p.vcl": HEAD +
                         'log 1 "Walk" {\n choice "on" -> log 2\n choice "round" -> log 9\n}\n'
                         'log 2 "Walk on" {\n choice "back" -> log 1\n choice "again" -> log 2\n'
                         ' choice "a" -> log 1\n choice "b" -> log 2\n choice "stop" -> log 99\n}\n'
                         'log 9 "Round" {\n if checked log 99 -> log 99\n -> log 10\n}\n'
                         'log 10 "And round" {\n if checked log 99 -> log 99\n -> log 9\n}\n'
                         'log 99 "Home" {\n check\n end exploration\n}\n'})
    report = _report(folder, "--runs", "2000", "--seed", "4", "--max-steps", "15")
    # no run reads past the cap, a loop of gotos included
    assert report["length"]["max"] == 15
    assert report["loops"] + report["capped_entries"] + sum(report["endings"].values()) == 2000
    assert report["capped_choices"] == 0
    # 3 runs in 4 end up going round (half from log 1, a third of the others back from log 2);
    # of the others, those still walking at 15 entries are capped
    assert 1400 < report["loops"] < 1600 and report["capped_entries"] > 0
    assert report["endless"] == report["loops"] + report["capped_entries"]
    # without a cap of its own, the machine would have read its 1,000 gotos before calling it a loop
    default = _report(folder, "--runs", "200", "--seed", "4")
    assert default["length"]["max"] <= default["max_steps"] == 10 * 5 + 100


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
                 if getattr(s, "effect", None) and s.effect.options[0].op == "progress_all_time"}
        return timed, {node[1] for node, i in plan.index.items() if node[0] == "log" and plan.fast[i]}

    timed, stepped = fast(generated_pack(200))
    assert timed and timed <= stepped
    # With a Global Condition whose track's last space leads to a log, the machine moves them.
    folder = tmp_path / "timed"
    shutil.copytree(generated_pack(200), folder)
    (folder / "clock.vcl").write_text('condition G01 "Clock" {\n  time 2 => -> log 1\n}\n')
    timed, stepped = fast(folder)
    assert timed and not timed & stepped
