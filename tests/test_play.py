"""`play`: scripted playthroughs on standard input, state that resolves `if`s, saving
and loading; the machine underneath, as `simulate` drives it."""
import json

from click.testing import CliRunner

from conftest import CONTENT
from vcompiler.cli import main
from vcompiler.compile import compile_pack
from vcompiler.play.machine import Game


def play(*args, answers=""):
    return CliRunner().invoke(main, ["play", *map(str, args)], input=answers)


def test_tidal_reach_played_to_an_ending():
    # Take a character at location 000, land on the flats, walk north, dig into the
    # hatch, claim the beacon (continue), light it, and end with a destiny victory.
    result = play(CONTENT / "tidal-reach", answers="1\n1\n1\n3\n2\n2\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "── Location 0 · Landfall" in out and "Place card 1601 in the center." in out
    assert "State: time 4, morale 4, health 4 · cards 1601\n  1) You rolled 1, 2 or 3: take character card 1101" in out
    assert "  1) Walk north to Location 102 Dune Crest (cost 1)" in out
    assert "Suffer 1 [heat]." in out and "State: time 3, morale 4, health 4" in out
    assert "── Engage: Dig at the buried hatch (cost 3)" in out
    assert "Take card 1705.\nContinue.\nYou take another action this turn.\nTurn 3 at Location 140" in out
    assert "  2) Card 1705 Keeper of the Beacon: take: Light the beacon (cost 4)" in out
    assert "You have completed destiny 1705: read its entry to end the game, or go on." in out
    assert out.rstrip().endswith("The end: Card 1705 complete: a destiny victory.\n"
                                 "State: time 3, morale 4, health 4 · destiny 1705 complete · cards 1601, 1101, 1705\n"
                                 "7 entries read.")


def test_a_location_action_is_taken_once_unless_always_available():
    result = play(CONTENT / "tidal-reach", "--from", "101", answers="5\n5\n")
    out = result.output.split("» Look: Scan the horizon (cost 2)")[1]
    assert "Half buried in the sand lies a length of pale, hard wood: card 1201." in out
    assert ") Look: Scan the horizon" not in out                   # taken
    assert ") Take: Pocket a shell (cost 1, always available)" in out.split("» Take")[1]  # still there
    assert "Card 1201 Driftwood Spear: overpower: Throw the spear (cost 1)" in out


def test_save_load_and_the_state_resolving_an_if(tmp_path):
    saved = tmp_path / "run.json"
    first = play(CONTENT / "eye-of-the-void", "--from", "410", "--save", saved, answers="q\n")
    assert first.exit_code == 0, first.output
    assert "── Log 410 · Beneath the Spire [ ]\n" in first.output
    assert "You check the box of Log 410." in first.output
    assert "── The Eye of the Void, Sector 2 Crash Site: P104 Crash Site" in first.output
    state = json.loads(saved.read_text())["state"]
    assert state["checked"] == [410] and state["uniques"] == [1] and state["at"] == ["board"]
    assert state["pois"] == {"eye_of_the_void:7": "P000"}
    second = play(CONTENT / "eye-of-the-void", "--load", saved, answers="3\n")
    assert second.exit_code == 0, second.output
    assert "» Lift off" in second.output
    assert "If Log 410 is checked, go to Log 206. (yes)\n── Log 206 · The Spire Remembers" in second.output
    assert "The end: The exploration ends." in second.output
    fresh = play(CONTENT / "eye-of-the-void", "--from", "204")
    assert "If Log 410 is checked, go to Log 206. (no)\nOtherwise, go to Log 207.\n── Log 207" in fresh.output


def test_a_board_dice_check_and_a_log_choice():
    game = Game(compile_pack(CONTENT / "eye-of-the-void").pack)
    state = game.start(227)
    scene = game.advance(state)
    assert [o.label for o in scene.options] == ["Follow the tapping (go to Log 228)",
                                                "Ignore it and press on (go to Log 229)"]
    game.choose(state, scene.options[0])
    scene = game.advance(state)
    assert "Gain 1 [lead]." in scene.lines and state.counters == {"lead": 1}
    check = next(o for o in scene.options if "Save the Supplies" in o.label)
    game.choose(state, check)
    rows = [o.label for o in game.advance(state).options]
    assert rows[2] == "Green track reaches 4: Gain 1 [success], then replace this POI with P102."
    assert rows[0] == "Special (accident): Progress the [red] red track."
    state.at = ["log", 227, 0]                         # the players come back to Log 227
    scene = game.advance(state)
    assert "If Log 227 is checked, go to Log 229. (yes)" in scene.lines
    assert state.read == 4


def test_a_generated_logbook_played_to_its_end(generated_pack):
    result = play(generated_pack(200), answers="1\n" * 200)
    assert result.exit_code == 0
    assert "── Log 200 · Entry 200" in result.output
    assert "The end: The exploration ends." in result.output


def test_bad_starts_and_saves_exit_2(tmp_path):
    assert "has no log 9999" in play(CONTENT / "eye-of-the-void", "--from", "9999").output
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    result = play(CONTENT / "eye-of-the-void", "--load", bad)
    assert result.exit_code == 2 and "not a saved playthrough" in result.output
    other = tmp_path / "other.json"
    play(CONTENT / "tidal-reach", "--save", other, answers="q\n")
    result = play(CONTENT / "eye-of-the-void", "--load", other)
    assert result.exit_code == 2 and "a playthrough of pack tidal_reach" in result.output
