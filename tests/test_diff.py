"""`diff`: the errata between two versions of a pack, from folders or a git revision."""
import json
import shutil
import subprocess

from test_cli import run

from conftest import CONTENT


def _edit(folder, file, *pairs):
    path = folder / file
    text = path.read_text()
    for old, new in pairs:
        assert old in text
        text = text.replace(old, new)
    path.write_text(text)


def test_errata_of_a_renumbered_log_and_a_changed_text(pack_copy):
    new = pack_copy("eye-of-the-void")
    _edit(new, "logbook.vcl", ('log 229 "Pressing On"', 'log 230 "Pressing On"'), ("-> log 229", "-> log 230"),
          ("stops when you stop", "stops, but only when you stop"), ("gain lead 1", "gain lead 2"))
    (new / "numbers.lock").write_text('{\n  "hidden_chamber": 860,\n  "wake_up": 879\n}\n')
    result = run("diff", CONTENT / "eye-of-the-void", new)
    assert result.exit_code == 1, result.output
    md = result.output
    assert md.startswith("# Errata: The Eye of the Void (0.1.0)\n")
    assert "- Log 229 “Pressing On” is now Log 230.\n" in md
    assert "- Log 858 “The Hidden Chamber” is now Log 860.\n" in md       # through numbers.lock
    assert "## Added" not in md and "## Removed" not in md
    assert "> You press on. The tapping ~~stops~~ **stops, but only** when you stop listening for it." in md
    assert "> Gain ~~1~~ **2** [lead]." in md                              # an effect, in the game's voice
    assert "### Log 420 “Through the Glass”\n\n> Go to Log ~~858.~~ **860.**" in md

    data = json.loads(run("diff", CONTENT / "eye-of-the-void", new, "--format", "json").output)
    [pack] = data["packs"]
    assert pack["changes"] is True
    assert {(r["old"], r["new"]) for r in pack["renumbered"]} == {("229", "230"), ("858", "860")}
    assert [c["name"] for c in pack["changed"]] == ["Log 227 “Echoes in the Hull”", "Log 228 “Tapping”",
                                                    "Log 230 “Pressing On”", "Log 420 “Through the Glass”"]
    assert ["-", "1"] in pack["changed"][1]["words"][0] and ["+", "2"] in pack["changed"][1]["words"][0]


def test_added_removed_retitled_and_storybook_entries(pack_copy):
    new = pack_copy("tidal-reach")
    _edit(new, "locations.vcl", ('"Scan the horizon"', '"Scan the far horizon"'), ('"Dune Crest"', '"Dune Top"'),
          ("lose morale 1\n      gain skill", "lose morale 2\n      gain skill"))
    result = run("diff", CONTENT / "tidal-reach", new)
    assert result.exit_code == 1
    md = result.output
    assert "- Location 102 “Dune Top”: was “Dune Crest”" in md
    assert "- Entry 101 (storybook-look.pdf) “Scan the far horizon”: was “Scan the horizon”" in md
    assert "Lose ~~1~~ **2** [morale]." in md


def test_a_reprint_lists_changed_costs_setup_and_cards(pack_copy):
    new = pack_copy("tidal-reach")
    _edit(new, "locations.vcl", ('"Follow the heron" cost 2 skill tracking', '"Follow the heron" cost 2 skill wading'),
          ("excludes overpower", ""))
    _edit(new, "setup.vcl", ("level daring time 4 morale 4 health 4", "level daring time 4 morale 3 health 4"),
          ("pool: 8 dice", "pool: 9 dice"))
    _edit(new, "cards.vcl", ('power boost 1 "Ignore one', 'power boost 2 "Ignore one'))
    md = run("diff", CONTENT / "tidal-reach", new).output
    assert "Each [skill] ~~tracking~~ **wading** token paid lowers it by 1." in md
    assert "Location 103 “Gull Rookery”" in md and "~~help: Free the tangled gull (not after overpower)~~" in md
    assert "Location 0 “Landfall”" in md and "[time] ~~4~~ **3** [morale]" in md
    assert "2. Seed the challenge dice pool: ~~8~~ **9** dice" in md
    assert "Character 1101 “The Diver”" in md and "~~1~~ **2** boost: Ignore one" in md


def test_nothing_changed_exits_0(pack_copy):
    same = pack_copy("eye-of-the-void")
    _edit(same, "logbook.vcl", ("// The logbook.", "// The logbook, with a new comment."))
    result = run("diff", CONTENT / "eye-of-the-void", same)
    assert result.exit_code == 0, result.output
    assert "Nothing printed has changed." in result.output


def test_against_a_git_revision(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(CONTENT, repo / "content")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "first print"], check=True)
    _edit(repo / "content" / "eye-of-the-void", "logbook.vcl", ('log 207 "Leaving Empty-Handed" {',
                                                              'log 207 "Leaving Empty-Handed" {\n  check'))
    result = run("diff", "HEAD", repo / "content")
    assert result.exit_code == 1, result.output
    assert "### Log 207 “Leaving Empty-Handed”\n\n> **☐**" in result.output
    assert "# Errata: Tidal Reach (0.1.0)\n\nNothing printed has changed." in result.output
    missing = run("diff", "no-such-revision", repo / "content")
    assert missing.exit_code == 2 and "git cannot find content at revision no-such-revision" in missing.output


def test_one_changed_log_of_a_generated_logbook(generated_pack, tmp_path):
    old = generated_pack(300)
    new = tmp_path / "new"
    shutil.copytree(old, new)
    _edit(new, "logbook-000001.vcl", ('log 150 "Entry 150"', 'log 150 "Entry One Hundred Fifty"'))
    data = json.loads(run("diff", old, new, "--format", "json").output)
    [pack] = data["packs"]
    assert [r["name"] for r in pack["retitled"]] == ["Log 150 “Entry One Hundred Fifty”"]
    assert not (pack["added"] or pack["removed"] or pack["renumbered"] or pack["changed"])


def test_a_side_with_errors_is_not_compared(pack_copy, case_pack):
    result = run("diff", case_pack("E207-unknown-verb"), pack_copy("eye-of-the-void"))
    assert result.exit_code == 2 and "both sides must check clean" in result.output


def test_special_actions_without_a_check_on_sectors_missions_and_conditions(pack_copy, tmp_path):
    # Their text and effects print on the board and the cards: a change to them is errata.
    old = pack_copy("glacier-of-echoes")
    _edit(old, "cards.vcl",
          ('time 6 => progress time all; reset time', 'time 6 => progress time all; reset time\n'
           '  action "Shovel Out" {\n    text "Clear the hatch before it freezes."\n    lose supplies 1\n  }'),
          ('goal "A Crewmember ends', 'action "Trim the Wicks" {\n    text "Burn less, see less."\n'
           '    gain supplies 1\n  }\n  goal "A Crewmember ends'))
    new = tmp_path / "new"
    shutil.copytree(old, new)
    _edit(new, "planet.vcl", ("reach the ship, at a price.", "reach the ship, at a steep price."),
          ("gain lead 1 on technological", "gain lead 2 on technological"))
    _edit(new, "cards.vcl", ("lose supplies 1\n", "lose supplies 2\n"), ("gain supplies 1\n", "gain supplies 2\n"),
          ("Burn less, see less.", "Burn less, see more."))
    md = run("diff", old, new).output
    assert "### Planet" in md and "Sector 1: The Lander's dish can still reach the ship, at a **steep** price." in md
    assert "Sector 1: Lose 1 [supplies], then gain ~~1~~ **2** [lead] on the technological Discovery deck." in md
    assert "### Global Condition G11 “Endless Snowfall”\n\n> Lose ~~1~~ **2** [supplies]." in md
    assert "### Mission M13 “Keep the Lamps Lit”\n\n> Burn less, see ~~less.~~ **more.** Gain ~~1~~ **2**" in md
