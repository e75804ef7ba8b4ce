"""`play`: scripted playthroughs on standard input, state that resolves `if`s, saving
and loading; the machine underneath, as `simulate` drives it."""
import json
import random
import re

import pytest
from click.testing import CliRunner

from conftest import CONTENT, VANGUARD_HEADER
from vcompiler.cli import main
from vcompiler.compile import compile_pack
from vcompiler.model import types as m
from vcompiler.play.machine import Game


def play(*args, answers=""):
    return CliRunner().invoke(main, ["play", *map(str, args)], input=answers)


def test_tidal_reach_played_to_an_ending():
    # Take a character at location 000, land on the flats, walk north, dig into the
    # hatch, claim the beacon (continue), light it, and end with a destiny victory.
    result = play(CONTENT / "tidal-reach", answers="1\n1\n1\n3\n2\n2\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "── Location 000 · Landfall" in out and "Place card 1601 in the center." in out
    assert ("State: time 4, morale 4, health 4 · cards: 1601 Relight the Lighthouse\n"
            "  1) You rolled 1, 2 or 3: take character card 1101") in out
    assert "  1) Walk north to Location 102 Dune Crest (cost 1)" in out
    assert "Suffer 1 [heat]." in out and "State: time 3, morale 4, health 4" in out
    assert "── Engage: Dig at the buried hatch (cost 3)" in out
    # the dig was turn 2's action, the claim turn 3's, and the claim says to continue
    assert "Turn 3 at Location 140" in out.split("» Engage: Dig")[1]
    # a card taken is shown as its sheet prints it
    assert ("Take card 1705.\n┌ Destiny 1705 Keeper of the Beacon\n"
            "│ Bring the beacon's light back to where it was made.\n│    Take: Light the beacon\n"
            "Continue.\nYou take another action this turn.\nTurn 3 at Location 140") in out
    assert "» You rolled 1, 2 or 3: take character card 1101\n┌ Character 1101 The Diver\n│ Slots: ☐☐\n" in out
    assert "  2) Card 1705 Keeper of the Beacon: Take: Light the beacon (cost 4)" in out
    assert "You have completed destiny 1705: read its entry to end the game, or go on." in out
    assert out.rstrip().endswith("The end: Card 1705 complete: a destiny victory.\n"
                                 "State: time 3, morale 4, health 4 · destiny 1705 Keeper of the Beacon: complete · "
                                 "cards: 1601 Relight the Lighthouse, 1101 The Diver, 1705 Keeper of the Beacon\n"
                                 "7 entries read.")


def test_a_location_action_is_taken_once_unless_always_available():
    result = play(CONTENT / "tidal-reach", "--from", "101", answers="5\n5\n")
    out = result.output.split("» Look: Scan the horizon (cost 2)")[1]
    assert "Half buried in the sand lies a length of pale, hard wood: card 1201." in out
    assert ") Look: Scan the horizon" not in out                   # taken
    assert ") Take: Pocket a shell (cost 1; always available)" in out.split("» Take")[1]  # still there
    assert "Card 1201 Driftwood Spear: Overpower: Throw the spear (cost 1)" in out


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
    scene = game.advance(state)
    rows = [o.label for o in scene.options]
    # the tracks are not rolled: a special row marks a space, the last space gives the effect
    assert rows == ["Special ([accident]): Progress the [red] red track.",
                    "Special ([die]): Progress the [green] green track."]
    assert ("[green] track: 0 of 4 spaces marked; then: Gain 1 [success], then replace this POI with P102."
            in scene.lines)
    for _ in range(3):
        game.choose(state, scene.options[1])
        assert game.advance(state).options[0].label.startswith("Travel to Sector 3")
        game.choose(state, check)
        scene = game.advance(state)
    game.choose(state, scene.options[1])
    scene = game.advance(state)
    assert scene.lines[:4] == ["Progress the [green] green track.", "The [green] track: 4 of 4 spaces marked.",
                               "Gain 1 [success].",
                               "Replace this POI with P102."]
    assert state.pois == {"eye_of_the_void:2": "P102"} and state.counters["success"] == 1
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


def test_a_threat_comes_into_play_as_its_card_prints_it():
    # Land, travel to Sector 2, then into the Ice Caves where the Stalker waits, and act on it.
    result = play(CONTENT / "glacier-of-echoes", answers="1\n3\n2\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    placed = out.split("Place threat T11 in Sector 4.\n")[1]
    assert placed.startswith("┌ Threat T11 Ice Stalker · [frigid], 2 standees\n"
                             "│ It never enters Sector 1.\n"
                             "│    Attack: Each Crewmember in the Sector: spend a die.\n"
                             "│    No Crewmember in its Sector: The threat moves.\n"
                             "│ Time track:\n"
                             "│    1: Nothing happens.\n"
                             "│    2: The threat moves.\n"
                             "│    3: The threat attacks (1), then reset the [time] time track of T11.\n"
                             "│ Drive It Into the Dark (1 [danger] Danger die):\n")
    # The global condition of the log before it, and the planet's mission at landing, as printed too.
    assert "Put global condition G11 into play.\n┌ Global Condition G11 Endless Snowfall\n" in out
    assert "── Landing on The Glacier of Echoes\n" in out and "┌ Mission M11 Echoes Beneath\n" in out
    caves = out.split("» Travel to Sector 4 Ice Caves")[1]
    assert ("Progress the [time] time track of T11.\n"
            "Time track of T11 Ice Stalker: space 1 of 3: Nothing happens.\n") in caves
    assert "── The Glacier of Echoes, Sector 4 Ice Caves\nThreat T11 Ice Stalker is in this Sector.\n" in caves
    assert ("· threat T11 Ice Stalker in Sector 4 (secondary standees in Sector 2) · "
            "time tracks: T11 Ice Stalker 1 of 3\n") in caves
    assert "  2) T11 Ice Stalker: Drive It Into the Dark (dice check, 1 [danger] Danger die)\n" in caves
    assert "» Special ([accident]): Progress the [red] red track.\nProgress the [red] red track.\n" \
           "The [red] track: 1 of 3 spaces marked.\n" in caves
    # Back at Sector 2, only the secondary standee is there: its Special Action is not offered.
    game = Game(compile_pack(CONTENT / "glacier-of-echoes").pack)
    state = game.start()
    game.advance(state)
    state.threats, state.standees, state.sector = {"T11": 4}, {"T11": [2]}, 2
    scene = game.advance(state)
    assert "A secondary standee of threat T11 Ice Stalker is in this Sector." in scene.lines
    assert not any("Drive It" in o.label for o in scene.options)


def test_a_threat_time_track_attacks_the_crew_in_its_sector_or_moves_toward_them():
    game = Game(compile_pack(CONTENT / "glacier-of-echoes").pack)
    state = game.start()
    game.advance(state)
    progress = m.Effect("progress_time_of_threat", (("card", "T11"),), None)
    state.threats, state.sector = {"T11": 4}, 4
    for _ in range(3):
        game._apply(state, progress, None)
    scene = game.advance(state)
    assert scene.lines[:4] == ["Time track of T11 Ice Stalker: space 1 of 3: Nothing happens.",
                               "Time track of T11 Ice Stalker: space 2 of 3: The threat moves.",
                               "Time track of T11 Ice Stalker: space 3 of 3: "
                               "The threat attacks (1), then reset the [time] time track of T11.",
                               "Attack: Each Crewmember in the Sector: spend a die."]
    assert state.tracks.get("T11") is None and state.threats == {"T11": 4}          # reset, and stayed
    state.sector = 3                                       # alone: it moves, one path toward the crew
    for _ in range(3):
        game._apply(state, progress, None)
    lines = game.advance(state).lines
    assert "No Crewmember in its Sector: The threat moves." in lines
    assert "Threat T11 Ice Stalker moves to Sector 1." in lines and state.threats == {"T11": 2}


def test_the_time_track_of_a_global_condition_leads_to_its_log():
    # Log 298 puts G01 into play; its track's fourth space reads Log 505.
    game = Game(compile_pack(CONTENT / "eye-of-the-void").pack)
    state = game.start(298)
    scene = game.advance(state)
    at = scene.lines.index("Put global condition G01 into play.")
    assert scene.lines[at + 1] == "┌ Global Condition G01 Flickering Lights"
    assert "│    [time] track ☐☐☐☐ Go to Log 505." in scene.lines
    state.sector = 7
    for space in range(1, 5):
        state.at = ["check", "P107", 0]
        red = game.advance(state).options[1]
        assert red.label == "Red outcome: Progress the [time] time track."
        game.choose(state, red)
        scene = game.advance(state)
        assert f"Time track of G01 Flickering Lights: space {space} of 4" + (
            ": Go to Log 505." if space == 4 else ".") in scene.lines
    assert "── Log 505 · Lights Out" in scene.lines


# What a player never reads: an identifier of the language or the bundle.
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\b\w+\.\d+\b|\bvcard\b|\bLocation 0\b"
                      r"|: (?:move|look|engage|help|take|overpower):")


@pytest.mark.parametrize("pack", ["eye-of-the-void", "glacier-of-echoes", "tidal-reach"])
def test_what_play_shows_is_worded_as_printed(pack):
    from vcompiler.play.terminal import state_line

    game = Game(compile_pack(CONTENT / pack).pack)
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(60):
        state = game.start()
        for _ in range(120):
            scene = game.advance(state)
            seen.update(scene.lines)
            seen.add(state_line(game, state))
            if scene.ended:
                break
            seen.update(o.label for o in scene.options)
            game.choose(state, rng.choice(scene.options))
    assert len(seen) > 100
    assert [line for line in seen if INTERNAL.search(line)] == []


def test_going_back_to_the_ship_book_ends_the_exploration():
    pack = compile_pack(CONTENT / "glacier-of-echoes").pack
    game = Game(pack)
    state = game.start()
    game.advance(state)
    state.at = ["log", next(log.number for log in pack.logs if log.label == "empty_handed"), 0]
    scene = game.advance(state)
    assert scene.lines[-1] == "Go back to the Ship Book and read on."
    assert scene.ended == "The exploration ends."


THREAT_PACK = VANGUARD_HEADER + '''
log 1 "Landing" {
  place threat T01 in sector 2
  return
}
log 2 "Caught" {
  text "It has you."
  end exploration
}
planet p "P" {
  sector 1 { lander }
  sector 2 { poi slot }
  path 1 <-> 2 [travel]
  lift_off -> log 2
}
threat T01 "Stalker" {
  space 1 => progress red
  space 2 => progress red; reset time
  action "Hold It Off" {
    special defense => progress green
    track green 2 => remove threat T01
    track red 2 => -> log 2
  }
}
'''


def test_a_threat_time_track_fills_a_track_of_its_own_action(write_pack):
    pack = compile_pack(write_pack({"pack.vcl": THREAT_PACK})).pack
    game = Game(pack)
    state = game.start()
    game.advance(state)
    progress = m.Effect("progress_time_of_threat", (("card", "T01"),), None)
    game._apply(state, progress, None)
    assert game.advance(state).lines[:2] == ["Time track of T01 Stalker: space 1 of 2: Progress the [red] red track.",
                                             "The [red] track: 1 of 2 spaces marked."]
    moved = game._apply(state, progress, None)
    assert moved == ["row", "T01", 0, 2, 0]            # the red track is full: its effect is read
    state.at = moved
    scene = game.advance(state)
    assert "── Log 2 · Caught" in scene.lines and scene.ended == "The exploration ends."
