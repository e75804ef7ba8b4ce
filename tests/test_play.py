"""`play`: scripted playthroughs on standard input, state that resolves `if`s, saving
and loading; the machine underneath, as `simulate` drives it."""
import json
import random
import re

import pytest
from click.testing import CliRunner

from conftest import CONTENT, VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.driver.cli import main
from vcompiler.model import types as m
from vcompiler.play.machine import Game
from vcompiler.play.positions import AtBoard, AtCheck, AtLog, AtRow, AtSector


def play(*args, answers=""):
    return CliRunner().invoke(main, ["play", *map(str, args)], input=answers)


def test_tidal_reach_played_to_an_ending():
    # Take a character at location 000, land on the flats, walk north, dig into the
    # hatch, claim the beacon (continue), light it, and end with a destiny victory.
    result = play(CONTENT / "tidal-reach", answers="1\n2\n1\n1\n3\n2\n3\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "── Location 000 · Landfall" in out and "Place card 1601 in the center." in out
    assert ("State: time 4, morale 4, health 4 · cards: 1601 Relight the Lighthouse\n"
            "  1) You rolled 1, 2 or 3: gain character card 1101") in out
    assert "  1) Walk north to Location 102 Dune Crest (cost 1)" in out
    assert "Suffer 1 [heat]." in out and "State: time 3, morale 4, health 4" in out
    assert "── Engage: Dig at the buried hatch (cost 3)" in out
    # the dig was turn 2's action, the claim turn 3's, and the claim says to continue
    assert "Turn 3 at Location 140" in out.split("» Engage: Dig")[1]
    # a card taken is shown as its sheet prints it
    assert ("Gain card 1705.\n┌ Destiny 1705 Keeper of the Beacon\n"
            "│ Bring the beacon's light back to where it was made.\n│    Take: Light the beacon\n"
            "Continue.\nYou take another action this turn.\nTurn 3 at Location 140") in out
    assert "» You rolled 1, 2 or 3: gain character card 1101\n┌ Character 1101 The Diver\n│ Slots: ☐☐\n" in out
    # the claim taken, the card's action keeps the number after the location's own
    assert ("  1) Move: Climb back up the shaft (cost 1)\n"
            "  3) Card 1705 Keeper of the Beacon: Take: Light the beacon (cost 4)") in out
    assert "You have completed destiny 1705: read its entry to end the game, or go on." in out
    assert out.rstrip().endswith("The end: Card 1705 complete: a destiny victory.\n"
                                 "State: time 3, morale 4, health 4 · destiny 1705 Keeper of the Beacon: complete · "
                                 "cards: 1601 Relight the Lighthouse, 1101 The Diver, 1705 Keeper of the Beacon\n"
                                 "7 entries read.")


def test_location_000_reads_its_setup_steps_then_asks_each_choice_of_the_setup():
    # VR 17-18: location 000's instructions complete the setup: its steps, the character
    # and the starting level each player picks, then where they crash.
    result = play(CONTENT / "tidal-reach", answers="2\n3\n2\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert ("running blind.\nSetup:\n"
            "   1. Place the mission card in the center, as this location says.\n"
            "   2. Seed the challenge dice pool: 8 dice, and 2 more for each player.\n"
            "   3. Each player rolls a skill die: it gives their character, then their crash site.\n"
            "Place card 1601 in the center.\n") in out
    assert out.count("Setup:\n") == 1
    levels = out.split("» You rolled 4, 5 or 6: gain character card 1102")[1]
    assert ("Setup at Location 000 · Landfall: choose your starting level\n"
            "State: time 4, morale 4, health 4 · cards: 1601 Relight the Lighthouse, 1102 The Beachcomber\n"
            "  1) Easygoing: 5 [time] time, 5 [morale] morale, 5 [health] health\n"
            "  2) Daring (recommended for a first game): 4 [time] time, 4 [morale] morale, 4 [health] health\n"
            "  3) Perilous: 3 [time] time, 3 [morale] morale, 3 [health] health\n") in levels
    assert ("You start at the perilous level: 3 [time] time, 3 [morale] morale, 3 [health] health.\n"
            "Setup at Location 000 · Landfall: go on as it says\n"
            "State: time 3, morale 3, health 3 ·") in levels
    assert "Turn 1 at Location 000" not in out
    # the crash site is where the turns begin
    assert "» You rolled 4, 5 or 6 (go to Location 104)\n── Location 104 · Kelp Forest" in out
    assert "Turn 1 at Location 104 · Kelp Forest\nState: time 2, morale 3, health 3" in out


def test_a_saved_setup_goes_on_from_the_level_it_picked(tmp_path):
    saved = tmp_path / "run.json"
    play(CONTENT / "tidal-reach", "--save", saved, answers="1\n1\nq\n")
    state = json.loads(saved.read_text())["state"]
    assert state["level"] == "easygoing" and state["counters"]["time"] == 5
    again = play(CONTENT / "tidal-reach", "--load", saved, answers="1\n").output
    assert "choose your starting level" not in again and "Setup:" not in again
    assert "State: time 5, morale 5, health 5" in again and "── Location 101 · Tidal Flats" in again


def test_a_location_action_is_taken_once_unless_always_available():
    result = play(CONTENT / "tidal-reach", "--from", "101", answers="5\n5\n6\n")
    out = result.output.split("» Look: Scan the horizon (cost 2)")[1]
    assert "Half buried in the sand lies a length of pale, hard wood: card 1201." in out
    assert ") Look: Scan the horizon" not in out                   # taken
    # the others keep their numbers: 5 is no option any more, Take is still 6
    assert ("  4) Swim west to Location 104 Kelp Forest (cost 1)\n"
            "  6) Take: Pocket a shell (cost 1; always available)\n"
            "  7) Card 1201 Driftwood Spear: Overpower: Throw the spear (cost 1)\n") in out
    assert "> There is no option 5: type 1 to 4 or 6 to 8, or q to quit.\n> » Take" in out
    assert "  6) Take: Pocket a shell (cost 1; always available)" in out.split("» Take")[1]  # still there


def test_without_save_the_keys_say_nothing_is_saved_and_a_wrong_answer_names_the_options(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = play(CONTENT / "tidal-reach", answers="1\n2\ns\n9\nabc\n\nq\n").output
    assert out.startswith("Tidal Reach: Type an option's key, its number or letter (Enter alone takes the only "
                          "one), q to quit. Nothing is saved: start play with --save FILE to keep a game.\n")
    after = out.split("Setup at Location 000 · Landfall: go on as it says")[1]
    assert ("> Not saved: start play with --save FILE to keep a game.\n"
            "> There is no option 9: type 1 to 2, or q to quit.\n"
            "> “abc” is not an option: type 1 to 2, or q to quit.\n"
            "> There are several options, so Enter alone takes none: type 1 to 2, or q to quit.\n"
            "> Quit without saving: start play with --save FILE to keep a game.\n") in after
    assert list(tmp_path.iterdir()) == []
    saving = play(CONTENT / "tidal-reach", "--save", tmp_path / "run.json", answers="1\n2\n7\ns\n").output
    assert "s to save, q to save and quit." in saving.splitlines()[0]
    assert "> There is no option 7: type 1 to 2, or s to save, q to save and quit.\n" in saving
    assert f"(saved to {tmp_path / 'run.json'})" in saving


def test_save_load_and_the_state_resolving_an_if(tmp_path):
    saved = tmp_path / "run.json"
    first = play(CONTENT / "eye-of-the-void", "--from", "410", "--save", saved, answers="q\n")
    assert first.exit_code == 0, first.output
    assert "── Log 410 · Beneath the Spire [ ]\n" in first.output
    assert "You check the box of Log 410." in first.output
    # RB 448: the setup starts Amir Zaynab, whom play follows, in Sector 1
    assert "── The Eye of the Void, Sector 1 Twisted Wreckage: P100 Twisted Wreckage" in first.output
    state = json.loads(saved.read_text())["state"]
    assert state["checked"] == [410] and state["uniques"] == [1] and state["at"] == ["board"]
    assert state["pois"] == {"eye_of_the_void:7": "P000"}
    # The Crewmember at the Crash Site, the lander's Sector, lifts off: the saved game says where they stand.
    saved.write_text(saved.read_text().replace('"sector": 1', '"sector": 2'))
    second = play(CONTENT / "eye-of-the-void", "--load", saved, answers="l\n")  # sector 2 is No Travel
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
    # RB 616: the second Crewmember, at the Crash Site, saves the supplies
    state.sector = 2
    scene = game.advance(state)
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
        board = [o.label for o in game.advance(state).options]
        # RB 1114, 1741: P104's No Travel keeps the crew in Sector 2; RB 1069: one Special Action a turn
        assert "Lift off" in board and not any(label.startswith("Travel") for label in board)
        assert not any("Save the Supplies" in label for label in board) or state.actions == 0
        game.choose(state, check)
        scene = game.advance(state)
    game.choose(state, scene.options[1])
    scene = game.advance(state)
    assert scene.lines[:4] == ["Progress the [green] green track.", "The [green] track: 4 of 4 spaces marked.",
                               "Gain 1 [success].",
                               "Replace this POI with P102."]
    assert state.pois == {"eye_of_the_void:2": "P102"} and state.counters["success"] == 1
    state.at = AtLog(227)                         # the players come back to Log 227
    scene = game.advance(state)
    assert "If Log 227 is checked, go to Log 229. (yes)" in scene.lines
    assert state.read == 4


def test_a_generated_logbook_played_to_its_end(generated_pack):
    result = play(generated_pack(200), answers="1\n" * 200)
    assert result.exit_code == 0
    assert "── Log 200 · Entry 200" in result.output
    assert "The end: The exploration ends." in result.output


def test_play_starts_at_a_log_named_by_its_label(eye):
    result = play(CONTENT / "eye-of-the-void", "--from", "@hidden_chamber", answers="q\n")
    assert result.exit_code == 0, result.output
    assert f"── Log {eye.labels['hidden_chamber']} · The Hidden Chamber\n" in result.output


def test_bad_starts_and_saves_exit_2(tmp_path):
    assert "has no log 9999" in play(CONTENT / "eye-of-the-void", "--from", "9999").output
    assert "has no log @nowhere" in play(CONTENT / "eye-of-the-void", "--from", "@nowhere").output
    assert "a vantage pack's entries are locations" in play(CONTENT / "tidal-reach", "--from", "@beach").output
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    result = play(CONTENT / "eye-of-the-void", "--load", bad)
    assert result.exit_code == 2 and "not a saved playthrough" in result.output
    other = tmp_path / "other.json"
    play(CONTENT / "tidal-reach", "--save", other, answers="q\n")
    result = play(CONTENT / "eye-of-the-void", "--load", other)
    assert result.exit_code == 2 and "a playthrough of pack tidal_reach" in result.output


def test_a_threat_comes_into_play_as_its_card_prints_it():
    # Land with 4 Supplies, travel to Sector 2 (spending a die for the Travel icon), then
    # into the Ice Caves where the Stalker waits, and act on it.
    result = play(CONTENT / "glacier-of-echoes", "--seed", "0", answers="4\n1\n1\n3\n2\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    placed = out.split("Place Threat T11 in Sector 4.\n")[1]
    assert placed.startswith("┌ Threat T11 Ice Stalker · [frigid], 2 standees\n"
                             "│ It never enters Sector 1.\n"
                             "│    Attack: Each Crewmember in the Sector: spend a die.\n"
                             "│    No Crewmember in its Sector: The Threat moves.\n"
                             "│ Time Track:\n"
                             "│    1: Nothing happens.\n"
                             "│    2: The Threat moves.\n"
                             "│    3: The Threat attacks once, then reset the [time] Time Track of T11.\n"
                             "│ Drive It Into the Dark (1 [danger B] Danger die, table B):\n")
    # The global condition of the log before it, and the planet's mission at landing, as printed too.
    assert "Put Global Condition G11 into play.\n┌ Global Condition G11 Endless Snowfall\n" in out
    assert "── Landing on The Glacier of Echoes\n" in out and "┌ Mission M11 Echoes Beneath\n" in out
    caves = out.split("» Travel to Sector 4 Ice Caves")[1]
    assert ("Progress the [time] Time Track of T11.\n"
            "Time Track of T11 Ice Stalker: space 1 of 3: Nothing happens.\n") in caves
    assert ("── The Glacier of Echoes, Sector 4 Ice Caves · turn 2, Action 1 of 2\n"
            "Threat T11 Ice Stalker is in this Sector.\n") in caves
    assert ("· Threat T11 Ice Stalker in Sector 4 (secondary standees in Sector 2) · "
            "time tracks: T11 Ice Stalker 1 of 3\n") in caves
    assert "  2) T11 Ice Stalker: Drive It Into the Dark (dice check, 1 [danger B] Danger die, table B)\n" in caves
    # The action's Danger die rolls with the check and is read on its own table (RB 1229, 1670).
    assert ("── T11 Ice Stalker: Drive It Into the Dark. Roll, then pick what came up.\n"
            "Roll 1 [danger B] Danger die with your dice; after the Injury dice, look it up in table B of the "
            "Danger die Reference card: Blizzard: Lose 1 [supplies].") in caves
    assert "» Special ([accident]): Progress the [red] red track.\nProgress the [red] red track.\n" \
           "The [red] track: 1 of 3 spaces marked.\n" in caves
    # Back at Sector 2, only the secondary standee is there: its Special Action is not offered.
    game = Game(compile_pack(CONTENT / "glacier-of-echoes").pack)
    state = game.start()
    state.supplies = 4                     # the Lander's, told at landing
    game.advance(state)
    state.threats, state.standees, state.sector = {"T11": 4}, {"T11": [2]}, 2
    scene = game.advance(state)
    assert "A secondary standee of Threat T11 Ice Stalker is in this Sector." in scene.lines
    assert not any("Drive It" in o.label for o in scene.options)


def test_a_threat_time_track_attacks_the_crew_in_its_sector_or_moves_where_the_table_says():
    """RB 1445-1451: the token entering a space resolves its effect; an attack hits the crew
    in the threat's Sector, or the threat does what its card says alone; a threat moves to a
    connected Sector (RB 1668: along an arrowhead), unless its card says otherwise."""
    game = Game(compile_pack(CONTENT / "glacier-of-echoes").pack)
    asked, before = [], []
    answers = iter([1, 0, 1])
    game.ask = lambda said, question, labels: before.append(said) or asked.append((question, labels)) or next(answers)
    state = game.start()
    state.supplies = 4
    game.advance(state)
    progress = m.Effect("progress_time_of_threat", (("card", "T11"),), None)
    state.threats, state.sector = {"T11": 4}, 4
    for _ in range(3):
        game.apply(state, progress, None)
    scene = game.advance(state)
    # Sector 4's only path out is 4 -> 1, which its card forbids: the table keeps it there.
    assert asked == [("Threat T11 Ice Stalker moves from Sector 4 to a connected Sector; "
                      "its card says: “It never enters Sector 1.”",
                      ["To Sector 1 Landing Shelf", "It stays in Sector 4 Ice Caves, as its card says"])]
    # what was said before the question is shown before it, and not again
    assert before[0] == ["Time Track of T11 Ice Stalker: space 1 of 3: Nothing happens.",
                         "Time Track of T11 Ice Stalker: space 2 of 3: The Threat moves."]
    assert scene.lines[:3] == ["Threat T11 Ice Stalker stays in Sector 4.",
                               "Time Track of T11 Ice Stalker: space 3 of 3: "
                               "The Threat attacks once, then reset the [time] Time Track of T11.",
                               "Attack: Each Crewmember in the Sector: spend a die."]
    assert state.tracks.get("T11") is None and state.threats == {"T11": 4}          # reset, and stayed
    state.sector = 3                                       # alone: it moves, where the table says
    state.threats = {"T11": 2}
    for _ in range(3):
        game.apply(state, progress, None)
    lines = game.advance(state).lines
    assert asked[1] == ("Threat T11 Ice Stalker moves from Sector 2 to a connected Sector; "
                        "its card says: “It never enters Sector 1.”",
                        ["To Sector 1 Landing Shelf", "To Sector 3 Frozen Lake (where you are)",
                         "To Sector 4 Ice Caves", "It stays in Sector 2 Singing Crevasse, as its card says"])
    assert "Threat T11 Ice Stalker moves to Sector 1." in before[2] and state.threats == {"T11": 1}
    assert lines[0] == "Threat T11 Ice Stalker stays in Sector 1."
    # its attack alone, with no one in Sector 1, moves it again: the table keeps it there
    assert asked[2][0].startswith("Threat T11 Ice Stalker moves from Sector 1") and len(asked) == 3


def test_the_time_track_of_a_global_condition_leads_to_its_log():
    # Log 298 puts G01 into play; its track's fourth space reads Log 505.
    game = Game(compile_pack(CONTENT / "eye-of-the-void").pack)
    state = game.start(298)
    scene = game.advance(state)
    at = scene.lines.index("Put Global Condition G01 into play.")
    assert scene.lines[at + 1] == "┌ Global Condition G01 Flickering Lights"
    assert "│    [time] track ☐☐☐☐ Go to Log 505." in scene.lines
    state.sector = 7
    for space in range(1, 5):
        state.at = AtCheck("P107", 0)
        red = game.advance(state).options[1]
        assert red.label == "Red outcome: Progress the [time] Time Track."
        game.choose(state, red)
        scene = game.advance(state)
        assert f"Time Track of G01 Flickering Lights: space {space} of 4" + (
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
            game.choose(state, rng.choices(scene.options, [o.weight for o in scene.options])[0])
    assert len(seen) > 100
    assert [line for line in seen if INTERNAL.search(line)] == []


def test_going_back_to_the_ship_book_ends_the_exploration():
    pack = compile_pack(CONTENT / "glacier-of-echoes").pack
    game = Game(pack)
    state = game.start()
    state.supplies = 4                     # the Lander's, told at landing
    game.advance(state)
    state.at = AtLog(next(log.number for log in pack.logs if log.label == "empty_handed"))
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
    state.supplies = 4                     # the Lander's, told at landing
    game.advance(state)
    progress = m.Effect("progress_time_of_threat", (("card", "T01"),), None)
    game.apply(state, progress, None)
    assert game.advance(state).lines[:2] == ["Time Track of T01 Stalker: space 1 of 2: Progress the [red] red track.",
                                             "The [red] track: 1 of 2 spaces marked."]
    moved = game.apply(state, progress, None)
    assert moved == AtRow("T01", 0, 2)            # the red track is full: its effect is read
    state.at = moved
    scene = game.advance(state)
    assert "── Log 2 · Caught" in scene.lines and scene.ended == "The exploration ends."


def test_a_turn_is_two_actions_then_an_event_card_is_drawn_and_resolved_by_the_sector_biomes(tmp_path):
    """RB 1069-1083: a Crewmember's turn is two Actions (one Special Action at most), then
    the End of Turn step draws an Event card. RB 1417-1422: its main effect when one of its
    biomes is in the Sector, the POI card's included, else its secondary; it is discarded,
    and an empty deck is the discard pile shuffled."""
    saved = tmp_path / "run.json"
    # Seed 1 shuffles Groaning Ice above E11 Whiteout. Land with 4 Supplies, travel to
    # Sector 2 (spending a die), listen to the song (green), and the turn is over.
    result = play(CONTENT / "glacier-of-echoes", "--seed", "1", "--save", saved, answers="4\n1\n1\n4\n3\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "── The Glacier of Echoes, Sector 1 Landing Shelf · turn 1, Action 1 of 2\n" in out
    assert "── The Glacier of Echoes, Sector 2 Singing Crevasse: P201 Singing Crevasse · turn 1, Action 2 of 2\n" in out
    # Sector 2 prints no biome; its POI P201 shows [caves], as Groaning Ice does.
    assert ("Return to the planet.\nEnd of turn 1.\nYou draw an Event card: Groaning Ice.\n"
            "┌ Event Groaning Ice · [caves]\n│ Secondary:\n│ Progress the [time] Time Track of T11.\n"
            "│ Main:\n│ Roll a [danger B] Danger die.\n"
            "[caves] is in your Sector: its main effect: Roll a [danger B] Danger die.\n"
            "Roll the [danger B] Danger die and look it up in table B of the Danger die Reference card: Blizzard: "
            "Lose 1 [supplies]. If you have none, gain a \"Frostbite\" Injury instead.\n"
            "── The Glacier of Echoes, Sector 2 Singing Crevasse: P201 Singing Crevasse · turn 2, "
            "Action 1 of 2\n") in out
    state = json.loads(saved.read_text())["state"]
    assert state["deck"] == ["E11"] and state["discard"] == ["Groaning Ice"] and state["turn"] == 2
    # Turn 2 at Sector 2: after the Special Action, it is not offered again this turn.
    second = out.split("» Green outcome")[1]
    assert "  4) P201 Singing Crevasse: Listen to the Song (dice check)\n" in second
    after = play(CONTENT / "glacier-of-echoes", "--load", saved, answers="4\n4\n").output
    board = after.split("» Red outcome: Roll a [danger B] Danger die.\n")[1]
    assert "You have taken this turn's Special Action.\n" in board
    assert "Listen to the Song" not in board and "Triangulate" not in board
    # Two turns later the deck is empty: the discard pile is shuffled into a new deck.
    later = play(CONTENT / "glacier-of-echoes", "--load", saved, "--save", saved, answers="p\n" * 4).output
    assert later.count("You draw an Event card:") == 2
    assert "You draw an Event card: E11 Whiteout.\n" in later
    assert "[frigid] is in your Sector: its main effect: Spend a die.\n" in later
    state = json.loads(saved.read_text())["state"]
    assert len(state["deck"]) == 1 and len(state["discard"]) == 1 and state["turn"] == 4


def test_a_sector_without_a_matching_biome_resolves_the_secondary_effect():
    """RB 1420: no biome of the card in the Sector: its secondary effect."""
    # Seed 1: Groaning Ice ([caves]) first, drawn at the end of turn 1 in Sector 1 ([frigid]).
    out = play(CONTENT / "glacier-of-echoes", "--seed", "1", answers="4\np\np\n").output
    assert ("You draw an Event card: Groaning Ice.\n" in out
            and "None of its biomes is in your Sector: its secondary effect: Progress the [time] Time Track of T11.\n"
                "Time Track of T11 Ice Stalker: space 1 of 3: Nothing happens.\n" in out)


def test_no_travel_keeps_the_crew_in_the_sector_and_an_effect_still_moves_them():
    """RB 1114: with a No Travel icon in the Sector, no Travel Action; RB 1741: effects
    that place the Crewmember in another Sector still do."""
    # Sector 2's song places P202 Thin Ice (No Travel) in Sector 3; cross it, fail, and be moved.
    out = play(CONTENT / "glacier-of-echoes", "--seed", "1", answers="4\n1\n1\n4\n3\n2\n1\n1\n2\n").output
    lake = out.split("» Travel to Sector 3 Frozen Lake (pay the travel cost)\n")[1]
    assert lake.startswith("Travel icon: pay what Global Condition G11 Endless Snowfall says.\n"
                           "Choose one: Spend a die or roll a [danger B] Danger die.\n")
    lake = lake.split("» Spend a die\n")[1]
    assert lake.startswith("── The Glacier of Echoes, Sector 3 Frozen Lake: P202 Thin Ice · turn 2, Action 2 of 2\n"
                           "┌ Point of Interest P202 Thin Ice · [frigid], No Travel\n")
    assert "No Travel (P202 Thin Ice): no one may travel out of this Sector.\n" in lake
    options = lake.split("  1) ")[1].split("> ")[0]
    assert "Travel to" not in options and "P202 Thin Ice: Cross Carefully" in options
    moved = lake.split("» Red outcome")[1]
    assert "Move your Crewmember to Sector 2.\nYou move to Sector 2.\n" in moved
    assert "── The Glacier of Echoes, Sector 2 Singing Crevasse: P201 Singing Crevasse · turn 3" in moved
    assert "  2) Travel to Sector 3 Frozen Lake" in moved


def test_a_final_poi_says_the_sector_is_fully_explored():
    """RB 1743: a Final POI: the Sector is fully explored."""
    game = Game(compile_pack(CONTENT / "glacier-of-echoes").pack)
    state = game.start()
    state.supplies = 4                     # the Lander's, told at landing
    game.advance(state)
    state.pois["glacier:3"], state.sector, state.at = "P204", 3, AtSector(3)
    scene = game.advance(state)
    assert "Final POI: this Sector is fully explored." in scene.lines
    from vcompiler.play.terminal import state_line
    assert "fully explored: Sector 3" in state_line(game, state)


def test_goals_are_claimed_before_or_after_any_action():
    """RB 1400: a mission's Completion is triggered once its requirement is met, before or
    after any Action; RB 804: a Rank-Up card is flipped to its Completed side."""
    out = play(CONTENT / "glacier-of-echoes", "--seed", "0", answers="4\n4\n").output
    assert "  4) Rank-Up card Voices in the Ice: its goal is met (Hold the Echo Stone and have 2 [success])\n" in out
    after = out.split("» Rank-Up card Voices in the Ice")[1]
    assert after.startswith(": its goal is met (Hold the Echo Stone and have 2 [success])\n"
                            "You flip Rank-Up card Voices in the Ice to its Completed side.\n"
                            "── The Glacier of Echoes, Sector 1 Landing Shelf · turn 1, Action 1 of 2\n")  # no Action
    assert "Voices in the Ice: its goal" not in after
    # A mission's goal does what its Completion says, and the mission is complete.
    game = Game(compile_pack(CONTENT / "glacier-of-echoes").pack)
    state = game.start()
    state.supplies = 4                     # the Lander's, told at landing
    game.advance(state)
    state.missions["M13"] = "active"
    goal = next(o for o in game.advance(state).options if o.label.startswith("Mission M13"))
    assert goal.label == ("Mission M13 Keep the Lamps Lit: its goal is met (A Crewmember ends a turn in "
                          "Sector 1 with 4 or more [supplies])")
    game.choose(state, goal)
    scene = game.advance(state)
    assert scene.lines[:3] == ["Mission M13 Keep the Lamps Lit is complete.", "Gain 1 [success].",
                               "Gain 1 [lead] on the mineral Discovery deck."]
    assert state.missions["M13"] == "complete" and state.counters["success"] == 1 and state.actions == 0
    assert not any(o.label.startswith("Mission M13") for o in scene.options)


SLASH_TRACK = ('pack p {\n game vanguard\n title "P"\n version "1"\n start log 1\n}\n'
               'condition G01 "Clock" {\n  time 2 => -> log 5 / -> log 6\n}\n'
               'log 1 "Set" {\n  set condition G01\n  progress time all\n  progress time all\n  -> log 7\n}\n'
               'log 5 "Five" { end exploration }\nlog 6 "Six" { end exploration }\nlog 7 "Seven" { end exploration }\n')


def test_a_choice_on_a_time_track_is_the_players(write_pack):
    """RB 1430: the effect of the space the token reaches is resolved; a `/` between its
    effects is the players' choice (RB 1426)."""
    folder = write_pack({"p.vcl": SLASH_TRACK})
    out = play(folder, answers="2\n").output
    assert ("Time Track of G01 Clock: space 2 of 2: Go to Log 5 or go to Log 6.\n"
            "Choose one: Go to Log 5 or go to Log 6.\n  1) Go to Log 5\n  2) Go to Log 6\n> » Go to Log 6\n"
            "── Log 6 · Six\n") in out
    assert "Time Track of G01 Clock: space 2" not in out.split("» Go to Log 6")[1]     # said once
    first = play(folder, answers="1\n").output
    assert "── Log 5 · Five\n" in first and "── Log 7" not in first
    # A wrong answer is asked again; with no more input, the first option is taken.
    wrong = play(folder, answers="9\n").output
    assert "Type an option's number, 1 to 2: the effects are being resolved.\n" in wrong
    assert "(end of input: Go to Log 5)\n── Log 5 · Five\n" in wrong


def test_the_simulation_makes_a_choice_on_a_card_at_random(write_pack):
    folder = write_pack({"p.vcl": SLASH_TRACK})
    result = CliRunner().invoke(main, ["simulate", str(folder), "--runs", "2000", "--seed", "2", "--format", "json"])
    report = json.loads(result.output)
    rare = {r["entry"] for r in report["rare"]}
    assert report["never_reached"] == ["Log 7 Seven"] and not rare
    assert report["endings"] == {"The exploration ends.": 2000}
    again = CliRunner().invoke(main, ["simulate", str(folder), "--runs", "2000", "--seed", "2", "--format", "json"])
    assert again.output == result.output


def _travel_pack(condition: str, costs: str = "lose supplies 2") -> str:
    return VANGUARD_HEADER + f'''
log 1 "Landing" {{ return }}
log 2 "Far Side" {{ end exploration }}
log 3 "Lifted" {{ end exploration }}
planet p "P" {{
  {condition}
  lift_off -> log 3
  sector 1 "Shelf" {{ lander }}
  sector 2 {{ -> log 2 }}
  sector 3 "Ridge" {{ poi slot }}
  path 1 -> 2 [{costs}]
  path 1 <-> 3 [travel]
}}
condition G01 "Storm" {{
  travel lose supplies 1 / roll danger T
}}
'''


_CALM = 'condition printed "Calm" {{\n    travel spend die\n    supplies {}\n  }}'


def _board(folder, supplies=None):
    game = Game(compile_pack(folder).pack)
    asked = []
    game.ask = lambda said, question, labels: asked.append((question, labels)) or 0
    state = game.start()
    state.supplies = supplies
    return game, state, asked


def test_a_path_is_closed_while_its_supplies_cannot_be_paid_and_resting_too(write_pack):
    """RB 1118-1122: every icon on the path is paid to travel it; Supplies come from the
    board's track (RB 1720). A cost that cannot be paid in full cannot be chosen (RB 1426),
    as Rest cannot be taken with no Supplies (RB 1146)."""
    folder = write_pack({"p.vcl": _travel_pack(_CALM.format("1"))})
    game, state, _ = _board(folder)
    scene = game.advance(state)
    assert state.counters["supplies"] == 1
    assert ("You cannot travel to Sector 2: its path costs lose 2 [supplies], and you cannot pay that in full."
            in scene.lines)
    labels = [o.label for o in scene.options]
    assert "Travel to Sector 3 Ridge (pay the travel cost)" in labels and not any("Sector 2" in x for x in labels)
    rest = next(o for o in scene.options if o.label.startswith("Rest"))
    game.choose(state, rest)
    scene = game.advance(state)
    assert state.counters["supplies"] == 0 and "You have no [supplies] left: you cannot Rest." in scene.lines
    assert not any(o.label.startswith("Rest") for o in scene.options)
    # with Supplies enough, the path is taken and paid
    state.counters["supplies"] = 3
    scene = game.advance(state)
    game.choose(state, next(o for o in scene.options if o.label.startswith("Travel to Sector 2")))
    scene = game.advance(state)
    assert scene.lines[:2] == ["On the path: lose 2 [supplies].", "── Log 2 · Far Side"]
    assert state.counters["supplies"] == 1 and scene.ended == "The exploration ends."


def test_the_travel_icon_pays_the_global_condition_in_play_and_offers_what_can_be_paid(write_pack):
    """RB 1121: a Travel icon is resolved by the travel effect of the Global Condition on
    the board (a card put there replaces the printed one, RB 443); of its `/` options only
    those that can be paid in full are offered (RB 1426)."""
    folder = write_pack({"p.vcl": _travel_pack(_CALM.format("unlimited"))})
    game, state, asked = _board(folder)
    scene = game.advance(state)
    assert "Rest (the [supplies] Supplies are unlimited; refresh dice, which play keeps none of)" in [
        o.label for o in scene.options]
    game.choose(state, next(o for o in scene.options if o.label.startswith("Travel to Sector 3")))
    scene = game.advance(state)
    assert scene.lines[0] == "Travel icon: Global Condition Calm: Spend a die."
    assert state.sector == 3 and asked == []
    # a card's Travel icon (an Event's, a Section card's) costs the same
    game.apply(state, m.Effect("travel", (), None), None)
    assert game.advance(state).lines[0] == "Travel icon: Global Condition Calm: Spend a die."
    # unlimited Supplies: a path's Supplies are paid without running out
    state.sector, state.at = 1, AtBoard()
    game.choose(state, next(o for o in game.advance(state).options if o.label.startswith("Travel to Sector 2")))
    assert "supplies" not in state.counters and "── Log 2 · Far Side" in game.advance(state).lines
    # the Storm card replaces the printed condition: with Supplies, the table chooses
    game, state, asked = _board(folder)
    game.advance(state)
    game.apply(state, m.Effect("set_condition", (("card", "G01"),), None), None)
    state.supplies = state.counters["supplies"] = 1        # the Lander's, now that the board's are gone
    scene = game.advance(state)
    game.choose(state, next(o for o in scene.options if o.label.startswith("Travel to Sector 3")))
    scene = game.advance(state)
    assert asked == [("Choose one: Lose 1 [supplies] or roll a [danger T] Danger die.",
                      ["Lose 1 [supplies]", "Roll a [danger T] Danger die"])]
    assert state.counters["supplies"] == 0 and state.sector == 3
    # with no Supplies left, the roll is the only way to pay: it is not asked
    state.at = AtBoard()
    game.choose(state, next(o for o in game.advance(state).options if o.label.startswith("Travel to Sector 1")))
    scene = game.advance(state)
    assert len(asked) == 1 and state.sector == 1
    assert ("Roll the [danger T] Danger die and look it up in table T of the Danger die Reference card." in scene.lines)


def test_the_lander_supplies_are_asked_where_the_board_prints_none(write_pack):
    """RB 1473: the Lander's Capacity says how many Supplies the exploration starts with."""
    folder = write_pack({"p.vcl": _travel_pack("condition G01", "travel")})
    out = play(folder, answers="3\n").output
    assert ("How many [supplies] Supplies does your Lander start with (its Capacity)?\n"
            "State: Global Condition G01 Storm\n  1) 1 [supplies]\n") in out
    assert "» 3 [supplies]\n── P, Sector 1 Shelf · turn 1, Action 1 of 2\nState: 3 [supplies] ·" in out


def test_simulate_never_travels_a_path_it_cannot_pay(write_pack):
    folder = write_pack({"p.vcl": _travel_pack(_CALM.format("1"),
                                               "lose supplies 3")})
    result = CliRunner().invoke(main, ["simulate", str(folder), "--runs", "300", "--seed", "1", "--format", "json"])
    assert json.loads(result.output)["never_reached"] == ["Log 2 Far Side"]
    cheaper = write_pack({"p.vcl": _travel_pack(_CALM.format("1"),
                                                "lose supplies 1")}, "cheaper")
    result = CliRunner().invoke(main, ["simulate", str(cheaper), "--runs", "300", "--seed", "1", "--format", "json"])
    assert json.loads(result.output)["never_reached"] == []


def test_no_event_card_is_drawn_until_the_planets_events_condition_holds():
    """RB 747: during the Tutorial, no Event card is drawn at the end of a turn until
    Mission M02 has been revealed (the Eye of the Void says `events if mission M02 revealed`)."""
    game = Game(compile_pack(CONTENT / "eye-of-the-void").pack)
    state = game.start()
    game.advance(state)
    prepare = "Prepare (draw Section cards; play keeps none)"
    for _ in range(2):
        game.choose(state, next(o for o in game.advance(state).options if o.label == prepare))
    scene = game.advance(state)
    assert scene.lines[:2] == ["End of turn 1.", "No Event card is drawn. The planet's rule: Draw an Event card at "
                                                 "the end of your turn only if Mission M02 has been revealed."]
    assert state.deck == state.discard == [] and state.turn == 2
    game.apply(state, m.Effect("reveal_mission", (("card", "M02"),), None), None)
    game.apply(state, m.Effect("complete_mission", (("card", "M02"),), None), None)   # revealed once is enough
    for _ in range(2):
        game.choose(state, next(o for o in game.advance(state).options if o.label == prepare))
    lines = game.advance(state).lines
    assert lines[0] == "End of turn 2." and lines[1].startswith("You draw an Event card: ")
    assert len(state.discard) == 1


# ---------------------------------------------------------------- what every effect means

def test_every_effect_form_of_the_registry_has_a_meaning_in_play():
    """An effect form added to the registry alone fails here, instead of printing in
    `play` and doing nothing."""
    from vcompiler.play.effects import HANDLERS, UNCHANGED, unmeant
    from vcompiler.registry import FORM_BY_OP

    assert unmeant(FORM_BY_OP) == []
    assert unmeant([*FORM_BY_OP, "gain_glory"]) == ["gain_glory"]
    assert not set(HANDLERS) & set(UNCHANGED)
    assert set(UNCHANGED) <= set(FORM_BY_OP)
    assert set(HANDLERS) - set(FORM_BY_OP) == {"goto_log", "goto_location"}     # the arrows, not forms


def test_every_condition_of_the_registry_is_tested_in_play():
    from vcompiler.play.conditions import TESTS
    from vcompiler.registry.conditions import CONDITIONS

    assert set(TESTS) == {c.test for c in CONDITIONS}


def _sample(form) -> m.Effect:
    """An effect of `form` with a plausible word in each slot."""
    samples = {"n": 2, "colour": "green", "outcome": "green", "letter": "B", "discovery": "mineral",
               "skill": "scouting", "injury": "Frostbite", "danger": "B", "sector": 1, "unique": 1, "vcard": 1101}
    return m.Effect(form.op, tuple((s.name, samples.get(s.kind, "P101")) for s in form.slots if s.name), None)


@pytest.mark.parametrize("pack", ["glacier-of-echoes", "tidal-reach"])
def test_the_effects_declared_to_change_nothing_change_nothing(pack):
    from vcompiler.play.effects import UNCHANGED
    from vcompiler.registry import FORM_BY_OP

    game = Game(compile_pack(CONTENT / pack).pack)
    state = game.start()
    before = state.to_json("p")
    for op in UNCHANGED:
        assert game.apply(state, _sample(FORM_BY_OP[op]), None) is None, op
        assert state.to_json("p") == before, op


def test_counters_move_by_the_amount_each_way():
    from vcompiler.registry import FORM_BY_OP

    game = Game(compile_pack(CONTENT / "tidal-reach").pack)
    state = game.start()
    state.counters.update(time=5, coin=3, skills=1)
    for op in ("suffer_heat", "lose_coin", "gain_boost", "lose_skill", "lose_skill"):
        game.apply(state, _sample(FORM_BY_OP[op]), None)
    # VR 16: a hazard costs time; VR 86: a skill lost that is not held is ignored
    assert state.counters["time"] == 3 and state.counters["coin"] == 1 and state.counters["boost"] == 2
    assert state.counters["skills"] == 0
    game.apply(state, _sample(FORM_BY_OP["gain_injury"]), None)
    game.apply(state, m.Effect("gain_injury", (("injury", "Bite"),), None), None)
    game.apply(state, _sample(FORM_BY_OP["remove_injury"]), None)
    assert "Frostbite" not in state.cards and "Bite" in state.cards
    game.apply(state, m.Effect("remove_injury", (), None), None)          # unnamed: one the table picks
    assert "Bite" not in state.cards


# ---------------------------------------------------------------- keys that stay

def test_the_board_options_keep_their_letters_and_evacuating_asks_first():
    out = play(CONTENT / "glacier-of-echoes", "--seed", "0", answers="4\np\ne\nn\nx\ne\ny\n").output
    prompts = out.split("» Prepare (draw Section cards; play keeps none)")
    fixed = ("  l) Lift off\n  e) Evacuate\n  p) Prepare (draw Section cards; play keeps none)\n"
             "  r) Rest (lose 1 [supplies]; refresh dice, which play keeps none of)\n")
    assert fixed in prompts[0] and fixed in prompts[1]
    assert ("> Evacuating ends the exploration: the crew leaves the planet at once. Evacuate? "
            "Type y to go ahead; anything else goes back to the options.\n> Not taken: choose again.\n"
            "> “x” is not an option: type 1 to 4, l, e, p or r, or q to quit.\n") in prompts[1]
    assert prompts[1].count("» Evacuate") == 1 and "── Log 1145 · Evacuation" in prompts[1]
    assert out.rstrip().endswith("2 entries read.")


def test_a_script_piped_into_play_reads_the_same_every_time(tmp_path):
    """`printf ... | vcompiler play PACK`: the keys a script types mean the same options
    at every prompt, so a script replays the same game."""
    import subprocess
    import sys

    # Prepare (p) at the lander, travel (1) paying a die (1), then Rest (r): letters where numbers would have moved
    script = b"4\np\n1\n1\nr\nq\n"
    runs = [subprocess.run([sys.executable, "-m", "vcompiler", "play", str(CONTENT / "glacier-of-echoes"),
                            "--seed", "3"], input=script, capture_output=True, cwd=tmp_path, timeout=120)
            for _ in range(2)]
    assert runs[0].returncode == 0 and runs[0].stderr == b""
    assert runs[0].stdout == runs[1].stdout
    out = runs[0].stdout.decode()
    taken = [line.removeprefix("> ") for line in out.splitlines() if "» " in line]
    assert taken == ["» 4 [supplies]", "» Prepare (draw Section cards; play keeps none)",
                     "» Travel to Sector 2 Singing Crevasse (pay the travel cost)", "» Spend a die",
                     "» Rest (lose 1 [supplies]; refresh dice, which play keeps none of)"]
    assert out.endswith("> Quit without saving: start play with --save FILE to keep a game.\n")


def test_a_game_loaded_without_save_says_the_file_stays_as_it_was(tmp_path):
    saved = tmp_path / "run.json"
    play(CONTENT / "tidal-reach", "--save", saved, answers="1\n1\nq\n")
    before = saved.read_bytes()
    out = play(CONTENT / "tidal-reach", "--load", saved, answers="1\ns\nq\n").output
    assert out.splitlines()[0].endswith(f"q to quit. Nothing is saved: {saved} stays as it was loaded; "
                                        "start play with --save FILE to keep this game.")
    assert f"> Not saved: {saved} stays as it was loaded; start play with --save FILE to keep this game.\n" in out
    assert saved.read_bytes() == before


# ---------------------------------------------------------------- saves that are not

def _a_save(tmp_path) -> tuple[dict, str]:
    saved = tmp_path / "good.json"
    play(CONTENT / "eye-of-the-void", "--from", "410", "--save", saved, answers="q\n")
    return json.loads(saved.read_text()), saved.read_text()


BROKEN = {
    "no version": (lambda d: {}, (1, 1), "it has no `vcompiler_playthrough` version"),
    "another version": (lambda d: {**d, "vcompiler_playthrough": 2}, "vcompiler_playthrough",
                        "a saved playthrough of another version of vcompiler (this one reads version 1)"),
    "another pack": (lambda d: {**d, "pack": "tidal_reach"}, "pack",
                     "a playthrough of pack tidal_reach, not of eye_of_the_void"),
    "state not an object": (lambda d: {**d, "state": 5}, "state", "its `state` is not an object"),
    "no position": (lambda d: {**d, "state": {k: v for k, v in d["state"].items() if k != "at"}}, "state",
                    "the state has no position (`at`)"),
    "unknown kind of position": (lambda d: {**d, "state": {**d["state"], "at": ["nowhere"]}}, "at",
                                 "a position's kind is one of log, result, row"),
    "position too short": (lambda d: {**d, "state": {**d["state"], "at": ["log"]}}, "at",
                           'a log position is ["log", NUMBER, STEP]'),
    "position of words": (lambda d: {**d, "state": {**d["state"], "at": ["log", "one", 0]}}, "at",
                          "the log position's number is a whole number, 0 or more"),
    "position not a list": (lambda d: {**d, "state": {**d["state"], "at": 5}}, "at",
                            "a position is a list that starts with its kind"),
    "log not in the pack": (lambda d: {**d, "state": {**d["state"], "at": ["log", 9999, 0]}}, "at",
                            "the position reads log 9999, which pack eye_of_the_void does not have"),
    "a card action not in the pack": (lambda d: {**d, "state": {**d["state"], "at": ["check", "P104", 7]}}, "at",
                                      "the position reads Special Action 7 of a card or sector"),
    "checked not a list": (lambda d: {**d, "state": {**d["state"], "checked": 5}}, "checked",
                           "`checked` is a list"),
    "counters a list": (lambda d: {**d, "state": {**d["state"], "counters": []}}, "counters",
                        "`counters` is an object"),
    "a count in words": (lambda d: {**d, "state": {**d["state"], "counters": {"lead": "two"}}}, "counters",
                         "`counters` is a whole number"),
    "unknown field": (lambda d: {**d, "state": {**d["state"], "gold": 5}}, "gold", "the state has no field `gold`"),
    "planet not in the pack": (lambda d: {**d, "state": {**d["state"], "planet": "mars"}}, "planet",
                               "pack eye_of_the_void has no such planet"),
    "location not in the pack": (lambda d: {**d, "state": {**d["state"], "location": 999}}, "location",
                                 "pack eye_of_the_void has no location 999"),
    "an event not in the pack": (lambda d: {**d, "state": {**d["state"], "deck": ["E99"]}}, "deck",
                                 "a card of the `deck` is not one of pack eye_of_the_void's"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_save_that_is_not_one_is_e112_at_its_line(tmp_path, case):
    broken, where, said = BROKEN[case]
    data, _ = _a_save(tmp_path)
    text = json.dumps(broken(data), indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    result = play(CONTENT / "eye-of-the-void", "--load", bad)
    if isinstance(where, str):
        line = next(i for i, row in enumerate(text.splitlines(), 1) if row.lstrip().startswith(f'"{where}":'))
        column = text.splitlines()[line - 1].index('"') + 1
    else:
        line, column = where
    assert result.exit_code == 2, result.output
    assert f"{bad}:{line}:{column}: error E112: {bad}: " in result.output and said in result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)


def test_a_save_that_is_not_json_a_fifo_or_too_large_is_e112(tmp_path, monkeypatch):
    import os

    from vcompiler.play import saves

    _, text = _a_save(tmp_path)
    cut = tmp_path / "cut.json"
    cut.write_text(text[:40])
    result = play(CONTENT / "eye-of-the-void", "--load", cut)
    assert result.exit_code == 2 and f"{cut}:3:" in result.output and "not a saved playthrough" in result.output
    long = tmp_path / "long.json"
    long.write_text(text.replace('"turn": 1', '"turn": ' + "9" * 5000))
    result = play(CONTENT / "eye-of-the-void", "--load", long)
    assert result.exit_code == 2 and "a number too long to read" in result.output
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    result = play(CONTENT / "eye-of-the-void", "--load", deep)
    assert result.exit_code == 2 and "E112" in result.output
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    result = play(CONTENT / "eye-of-the-void", "--load", fifo)          # refused at once, not waited on
    assert result.exit_code == 2 and "a saved playthrough is a regular file" in result.output
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"pack": "caf\xe9"}')
    result = play(CONTENT / "eye-of-the-void", "--load", latin)
    assert result.exit_code == 2
    assert f"{latin}:1:14: error E112: {latin}: not a saved playthrough: not UTF-8" in result.output
    monkeypatch.setattr(saves, "LIMIT", 100)
    large = tmp_path / "large.json"
    large.write_text(text)
    result = play(CONTENT / "eye-of-the-void", "--load", large)
    assert result.exit_code == 2 and "larger than a saved playthrough can be" in result.output


def test_every_kind_of_position_is_saved_as_a_list_and_read_back():
    from vcompiler.play import positions as p

    examples = [p.AtLog(227, 3), p.AtResult("depart", 101, "east", 1), p.AtRow("sector 3", 0, 2, 1),
                p.AtArrival(104), p.AtBoard(), p.AtPath(1, 2, 1), p.AtSector(4), p.AtSupplies(5),
                p.AtCheck("P104", 0), p.AtAct("P1", 0, 2), p.AtGoal("M11", 0), p.AtLocation(0),
                p.AtLevel(0, "daring"), p.AtRead("Look", ("You look.",), p.AtResult("location", 101, 0)),
                p.AtEnding(1601, "time"), p.AtEnd("The game ends.")]
    assert {type(e) for e in examples} == set(p.KINDS.values())
    for example in examples:
        saved = json.loads(json.dumps(p.to_json(example)))
        assert saved[0] == example.kind and p.from_json(saved) == example
    assert p.to_json(examples[13]) == ["read", "Look", ["You look."], ["result", "location", 101, 0, 0]]
    with pytest.raises(p.BadPosition, match="the result position's owner is one of location, vcard, depart"):
        p.from_json(["result", "shop", 1, 0, 0])
