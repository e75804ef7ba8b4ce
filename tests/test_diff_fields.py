"""`diff` reports a change to every field of the bundle schema (schemas/bundle.schema.json)
that a printed component shows: each field below is changed in a shipped pack, alone, and
the errata must name the component it prints on. A field the schema gains is either
changed here or said not to be printed (NOT_PRINTED), or the completeness test fails."""
import json
import shutil
from functools import cache

import pytest
from test_cli import run

from conftest import CONTENT, ROOT
from vcompiler.compile import compile_pack
from vcompiler.tools.diff import diff_packs, format_markdown

# The definitions of the schema that printed components are made of; the others (rich,
# choice, effect, statement, target, condition, requirementTerm) are values inside them.
COMPONENTS = ("log", "planet", "checkAction", "row", "card", "location", "storyAction", "depart", "vantageCard")

# Fields that nothing prints: where the source was, and the links that only the
# compiler and the story graph read.
NOT_PRINTED = {
    "log.label": "a name for writers: the log prints its number",
    "log.external": "tells the story graph that a log is reached from outside",
    "card.external": "tells the story graph that a card comes into play from outside",
    "location.external": "tells the story graph that players arrive from outside",
    "vantageCard.external": "tells the story graph that a card comes into play from outside",
    "card.board": "said by where the POI is printed (planet.sectors[].poi)",
    "card.kind": "the kind a card is said by its id (P, M, G...), changed with it (card.id)",
    "planet.sectors[].actions": "each Special Action's fields are checkAction's",
}

EYE, GLACIER = "### Planet eye_of_the_void", "### Planet glacier"
# field -> (pack, file, text, replacement, what the errata must name), or, where the
# change reaches other lines or files, (pack, [(file, text, replacement), ...], what it
# must name). Each text is replaced wherever it stands in its file.
EDITS = {
    "log.number": ("eye-of-the-void", "logbook.vcl", "log 229", "log 231", "Log 229 “Pressing On” is now Log 231"),
    "log.title": ("eye-of-the-void", "logbook.vcl", '"Pressing On"', '"Pressing Onward"', "was “Pressing On”"),
    "log.starting": ("eye-of-the-void", [("logbook.vcl", 'log 20 "Impact"', 'log start "Impact"'),
                                         ("pack.vcl", "  start log 20\n", "")],
                     "Log 20 “Impact” is now Log Starting Log"),
    "log.check": ("eye-of-the-void", "logbook.vcl", 'log 207 "Leaving Empty-Handed" {',
                  'log 207 "Leaving Empty-Handed" {\n  check', "### Log 207"),
    "log.statements": ("eye-of-the-void", "logbook.vcl", "stops when you stop", "stops as you stop", "### Log 229"),
    "planet.id": ("eye-of-the-void", "planet.vcl", "planet inner_hull", "planet inner_deck",
                  "Planet inner_hull “The Inner Hull” is now Planet inner_deck"),
    "planet.name": ("eye-of-the-void", "planet.vcl", '"The Inner Hull"', '"The Outer Hull"', "was “The Inner Hull”"),
    "planet.text": ("glacier-of-echoes", "planet.vcl", "Sound carries here", "Sound travels here", GLACIER),
    "planet.missions": ("eye-of-the-void", "planet.vcl", "mission M03", "mission M01", "### Planet inner_hull"),
    "planet.rank_ups": ("glacier-of-echoes", "planet.vcl", 'rank_up "Voices in the Ice"', "", GLACIER),
    "planet.uniques[].number": ("glacier-of-echoes", [("planet.vcl", "unique 40 else", "unique 41 else"),
                                                      ("cards.vcl", "unique 40", "unique 41"),
                                                      ("logbook.vcl", "unique 40", "unique 41")], GLACIER),
    "planet.uniques[].fallback": ("eye-of-the-void", "planet.vcl", "unique 1 else gain success 1",
                                  "unique 1 else gain success 2", EYE),
    "planet.printed_conditions[].name": ("eye-of-the-void", "planet.vcl", '"Hull Tremors"', '"Hull Quakes"',
                                         EYE),
    "planet.printed_conditions[].travel": ("eye-of-the-void", "planet.vcl", "travel spend die / roll danger T",
                                           "travel spend die", EYE),
    "planet.printed_conditions[].supplies": ("eye-of-the-void", "planet.vcl", "supplies unlimited", "supplies 3",
                                             EYE),
    "planet.condition_cards": ("eye-of-the-void", "planet.vcl", "  condition G01\n",
                               '  condition printed "Dim Lights" {\n    supplies 2\n  }\n',
                               "### Planet inner_hull"),
    "planet.lift_off": ("eye-of-the-void", "planet.vcl", "lift_off -> log 204\n  evac -> log 205\n\n",
                        "lift_off -> log 205\n  evac -> log 205\n\n", EYE),
    "planet.evac": ("eye-of-the-void", "planet.vcl", "lift_off -> log 204\n  evac -> log 205\n\n",
                    "lift_off -> log 204\n  evac -> log 204\n\n", EYE),
    "planet.sectors[].number": ("eye-of-the-void", "planet.vcl", 'sector 2 { poi slot }\n  path 1 <-> 2',
                                'sector 9 { poi slot }\n  path 1 <-> 9', "### Planet inner_hull"),
    "planet.sectors[].name": ("eye-of-the-void", "planet.vcl", '"Glass Garden" {', '"Glass Orchard" {',
                              EYE),
    "planet.sectors[].poi": ("eye-of-the-void", "planet.vcl", "poi P107 printed", "poi P108 printed",
                             EYE),
    "planet.sectors[].slot": ("eye-of-the-void", "planet.vcl", "sector 3 { poi slot }", "sector 3 { poi P103 printed }",
                              EYE),
    "planet.sectors[].lander": ("eye-of-the-void", "planet.vcl", "poi P104 printed\n    lander",
                                "poi P104 printed", EYE),
    "planet.sectors[].biomes": ("glacier-of-echoes", "planet.vcl", "biomes frigid, caves", "biomes caves",
                                GLACIER),
    "planet.sectors[].goto": ("eye-of-the-void", "planet.vcl", "-> log 311", "-> log 410", EYE),
    "planet.paths[].from": ("eye-of-the-void", "planet.vcl", "path 8 -> 2", "path 8 -> 3", EYE),
    "planet.paths[].to": ("eye-of-the-void", "planet.vcl", "path 4 -> 5", "path 4 -> 6", EYE),
    "planet.paths[].two_way": ("eye-of-the-void", "planet.vcl", "path 4 -> 5", "path 4 <-> 5",
                               EYE),
    "planet.paths[].costs": ("eye-of-the-void", "planet.vcl", "path 3 <-> 4 [spend die]", "path 3 <-> 4 [travel]",
                             EYE),
    "planet.landing.number": ("glacier-of-echoes", "planet.vcl", "landing 14", "landing 15",
                              "Landing Card 14 “The Glacier of Echoes” is now Landing Card 15"),
    "planet.landing.text": ("glacier-of-echoes", "planet.vcl", "answers every sound.", "answers every step.",
                            "### Landing Card 14"),
    "planet.landing.scans[].energy": ("glacier-of-echoes", "planet.vcl", "scan 3", "scan 4", "### Landing Card 14"),
    "planet.landing.scans[].text": ("glacier-of-echoes", "planet.vcl", "Bring filters.", "Bring masks.",
                                    "### Landing Card 14"),
    "planet.events": ("eye-of-the-void", "planet.vcl", "events if mission M02 revealed",
                      "events if mission M01 revealed", EYE),
    "planet.system_map.number": ("glacier-of-echoes", "planet.vcl", "system_map 7", "system_map 8",
                                 "### Landing Card 14"),
    "planet.system_map.system": ("glacier-of-echoes", "planet.vcl", '"Tau Ceti"', '"Epsilon Eridani"',
                                 "### Landing Card 14"),
    "planet.system_map.cost": ("glacier-of-echoes", "planet.vcl", '"Tau Ceti" cost 2', '"Tau Ceti" cost 3',
                               "### Landing Card 14"),
    "checkAction.name": ("eye-of-the-void", "poi.vcl", '"Sort the Salvage"', '"Sort the Scrap"',
                         "### Point of Interest P102"),
    "checkAction.danger": ("eye-of-the-void", "poi.vcl", '"Squeeze Through" danger 1', '"Squeeze Through" danger 2',
                           "### Point of Interest P106"),
    "checkAction.danger_letter": ("glacier-of-echoes", "poi.vcl", '"Cross Carefully" danger 1 B',
                                  '"Cross Carefully" danger 1 T', "### Point of Interest P202"),
    "checkAction.rows": ("eye-of-the-void", "poi.vcl", "outcome red => progress time\n",
                         "outcome red => nothing\n", "### Point of Interest P107"),
    "checkAction.text": ("glacier-of-echoes", "planet.vcl", "at a price.", "at a cost.", GLACIER),
    "checkAction.effects": ("glacier-of-echoes", "planet.vcl", "lose supplies 1\n      gain lead 1",
                            "lose supplies 2\n      gain lead 1", GLACIER),
    "row.kind": ("glacier-of-echoes", "cards.vcl", "special missing defense", "combination defense + defense",
                 "### Global Condition G11"),
    "row.key": ("eye-of-the-void", "poi.vcl", "outcome green: scouting", "outcome yellow: scouting",
                "### Point of Interest P106"),
    "row.number": ("glacier-of-echoes", "cards.vcl", "time 6 =>", "time 5 =>", "### Global Condition G11"),
    "row.requirement": ("eye-of-the-void", "poi.vcl", "outcome green: 2 same", "outcome green: 3 same",
                        "### Point of Interest P102"),
    "row.text": ("glacier-of-echoes", "cards.vcl", '"Hold the Echo Stone', '"Hold the Echo Shard',
                 "### Rank-Up “Voices in the Ice”"),
    "row.effects": ("eye-of-the-void", "poi.vcl", "gain supplies 2", "gain supplies 3", "### Point of Interest P102"),
    "card.id": ("eye-of-the-void", [("cards.vcl", "event E01", "event E03"),
                                    ("planet.vcl", "events E01,", "events E03,")],
                "Event E01 “Eerie Voices” is now Event E03"),
    "card.supplies": ("eye-of-the-void", "cards.vcl", "  time 4 => -> log 505", "  supplies 5\n  time 4 => -> log 505",
                      "### Global Condition G01"),
    "card.completed": ("eye-of-the-void", "cards.vcl", "may rank up", "may rank up twice", "### Rank-Up"),
    "planet.setup.pois": ("eye-of-the-void", "planet.vcl", "P107, P108, P109, P000", "P107, P109, P000",
                          "### Planet Setup"),
    "planet.setup.injuries": ("eye-of-the-void", "planet.vcl", '    injuries "Just a Scratch!"\n', "",
                              "### Planet Setup"),
    "planet.setup.events": ("eye-of-the-void", "planet.vcl", "events E01, E02", "events E01", "### Planet Setup"),
    "planet.setup.decks": ("eye-of-the-void", "planet.vcl", "    start sector 1, 2",
                           "    decks mineral\n    start sector 1, 2", "### Planet Setup"),
    "planet.setup.start": ("eye-of-the-void", "planet.vcl", "start sector 1, 2", "start sector 2", "### Planet Setup"),
    "planet.setup.text": ("eye-of-the-void", "planet.vcl", "read Mission M01 aloud", "read it aloud",
                          "### Planet Setup"),
    "planet.printed_conditions[].text": ("eye-of-the-void", "planet.vcl", "    supplies unlimited\n",
                                         '    supplies unlimited\n    text "The hull shakes."\n', EYE),
    "planet.printed_conditions[].rows": ("eye-of-the-void", "planet.vcl", "    supplies unlimited\n",
                                         "    supplies unlimited\n    special accident => progress time\n", EYE),
    "card.name": ("eye-of-the-void", "poi.vcl", '"Crawler Nest"', '"Crawler Den"', "was “Crawler Nest”"),
    "card.copies": ("eye-of-the-void", "poi.vcl", '"Nothing Interesting" copies 3', '"Nothing Interesting" copies 4',
                    "### Point of Interest P000"),
    "card.biomes": ("eye-of-the-void", "poi.vcl", "biomes tutorial, caves", "biomes tutorial, ruins",
                    "### Point of Interest P108"),
    "card.flags": ("eye-of-the-void", "poi.vcl", "  no_save\n", "", "### Point of Interest P105"),
    "card.text": ("eye-of-the-void", "cards.vcl", "Find a way into", "Find the way into", "### Mission M03"),
    "card.travel": ("eye-of-the-void", "cards.vcl", "  travel spend die / roll danger T\n  time 4",
                    "  travel spend die\n  time 4", "### Global Condition G01"),
    "card.secondary": ("eye-of-the-void", "cards.vcl", "biomes void\n  secondary progress time all",
                       "biomes void\n  secondary progress time", "### Event E02"),
    "card.main": ("eye-of-the-void", "cards.vcl", "main roll danger T", "main spend die", "### Event E02"),
    "card.art": ("eye-of-the-void", "poi.vcl", 'art "art/outer-surface.png"', 'art brief "Grey hull plates"',
                 "### Point of Interest P101"),
    "planet.art": ("eye-of-the-void", "planet.vcl", 'art "art/board.png"', 'art brief "A hull under a ringed planet"',
                   EYE),
    "location.art": ("tidal-reach", "locations.vcl", 'art "art/lighthouse.jpg"', 'art "art/cover.svg"',
                     "### Location 107"),
    "vantageCard.art": ("tidal-reach", "cards.vcl", "A brass storm lantern", "A copper storm lantern",
                        "### Item 1202"),
    "card.actions": ("eye-of-the-void", "cards.vcl", 'action "Drive It Off"', 'action "Chase It Off"',
                     "### Threat T01"),
    "card.rows": ("eye-of-the-void", "cards.vcl", "space 2 => threat move", "space 2 => nothing", "### Threat T01"),
    "card.standees": ("glacier-of-echoes", "cards.vcl", "standees 2", "standees 3", "### Threat T11"),
    "location.number": ("tidal-reach", [("locations.vcl", "location 114", "location 115"),
                                        ("depart.vcl", "location 114", "location 115")],
                        "Location 114 “Storm Cave” is now Location 115"),
    "location.name": ("tidal-reach", "locations.vcl", '"Dune Crest"', '"Dune Top"', "was “Dune Crest”"),
    "location.text": ("tidal-reach", "locations.vcl", "whole bay", "whole cove", "### Location 102"),
    "location.arrival": ("tidal-reach", "locations.vcl", "arrival suffer heat 1", "arrival suffer heat 2",
                         "### Location 102"),
    "location.exits[].direction": ("tidal-reach", "locations.vcl", "  north *\n  east 105 walk",
                                   "  north *\n  west 105 walk", "### Location 103"),
    "location.exits[].target": ("tidal-reach", "locations.vcl", "  north 102 walk\n  east *",
                                "  north 103 walk\n  east *", "### Location 101"),
    "location.exits[].mode": ("tidal-reach", "locations.vcl", "  north 102 walk\n  east *",
                              "  north 102 swim\n  east *", "### Location 101"),
    "location.actions": ("tidal-reach", "locations.vcl", '"Free the tangled gull" cost 1 excludes overpower',
                         '"Free the tangled gull" cost 1', "### Location 103"),
    "location.choices": ("tidal-reach", "setup.vcl", 'choice "You rolled 4, 5 or 6" -> location 104',
                         'choice "You rolled 4, 5 or 6" -> location 102', "### Location 0"),
    "location.setup.steps": ("tidal-reach", "setup.vcl", "8 dice", "9 dice", "### Location 0"),
    "location.setup.characters[].card": ("tidal-reach", [("setup.vcl", "character 1101", "character 110X"),
                                                         ("setup.vcl", "character 1102", "character 1101"),
                                                         ("setup.vcl", "character 110X", "character 1102")],
                                         "### Location 0"),
    "location.setup.characters[].label": ("tidal-reach", "setup.vcl", 'character 1102 "You rolled 4, 5 or 6"',
                                          'character 1102 "You rolled 4 to 6"', "### Location 0"),
    "location.setup.levels[].name": ("tidal-reach", "setup.vcl", "level perilous", "level deadly", "### Location 0"),
    "location.setup.levels[].time": ("tidal-reach", "setup.vcl", "level perilous time 3", "level perilous time 2",
                                     "### Location 0"),
    "location.setup.levels[].morale": ("tidal-reach", "setup.vcl", "time 3 morale 3", "time 3 morale 2",
                                       "### Location 0"),
    "location.setup.levels[].health": ("tidal-reach", "setup.vcl", "morale 3 health 3", "morale 3 health 2",
                                       "### Location 0"),
    "location.setup.levels[].recommended": ("tidal-reach", "setup.vcl", "health 4 recommended", "health 4",
                                            "### Location 0"),
    "storyAction.category": ("tidal-reach", "locations.vcl", 'take "Pocket a shell"', 'help "Pocket a shell"',
                             "Pocket a shell"),
    "storyAction.name": ("tidal-reach", "locations.vcl", '"Pocket a shell"', '"Pocket a pebble"',
                         "was “Pocket a shell”"),
    "storyAction.cost": ("tidal-reach", "locations.vcl", '"Pocket a shell" cost 1', '"Pocket a shell" cost 2',
                         "Pocket a shell"),
    "storyAction.always": ("tidal-reach", "locations.vcl", '"Pocket a shell" cost 1 always',
                           '"Pocket a shell" cost 1', "Pocket a shell"),
    "storyAction.skills": ("tidal-reach", "locations.vcl", '"Follow the heron" cost 2 skill tracking',
                           '"Follow the heron" cost 2 skill lore', "Follow the heron"),
    "storyAction.boost": ("tidal-reach", "cards.vcl", '"Dive for a friend" cost 1 boost 1',
                          '"Dive for a friend" cost 1 boost 2', "Dive for a friend"),
    "storyAction.excludes": ("tidal-reach", "locations.vcl", '"Trap a gull for supper" cost 2 excludes help',
                             '"Trap a gull for supper" cost 2', "### Location 103"),
    "storyAction.text": ("tidal-reach", "locations.vcl", "pearly and perfect", "pearly and whole", "Pocket a shell"),
    "storyAction.result": ("tidal-reach", "locations.vcl", "gain coin 1\n    }\n  }\n}",
                           "gain coin 2\n    }\n  }\n}", "Pocket a shell"),
    "depart.number": ("tidal-reach", [("depart.vcl", "depart 113 west", "depart 114 west"),
                                      ("locations.vcl", "112 swim\n  west *", "112 swim\n  west 114 swim"),
                                      ("locations.vcl", '113 swim\n  take "Pry', '113 swim\n  west *\n  take "Pry')],
                      "Ride the swell"),
    "depart.direction": ("tidal-reach", [("depart.vcl", "depart 101 east", "depart 101 south"),
                                         ("locations.vcl", "  east *\n  south 110 walk", "  east 110 walk\n  south *")],
                         "Wade into the surf"),
    "depart.action": ("tidal-reach", "depart.vcl", "colder than it looks", "colder than it seems",
                      "Wade into the surf"),
    "vantageCard.number": ("tidal-reach", [("cards.vcl", "card 1206", "card 1207"),
                                           ("locations.vcl", "card 1206", "card 1207")],
                           "Item 1206 “Hermit's Chart” is now Item 1207"),
    "vantageCard.kind": ("tidal-reach", "cards.vcl", 'card 1203 flora', 'card 1203 item', "### Item 1203"),
    "vantageCard.name": ("tidal-reach", "cards.vcl", '"Tide Lantern"', '"Storm Lantern"', "was “Tide Lantern”"),
    "vantageCard.orientation": ("tidal-reach", "cards.vcl", "card 1202 item \"Tide Lantern\" {\n  vertical",
                                "card 1202 item \"Tide Lantern\" {\n  horizontal", "### Item 1202"),
    "vantageCard.boost": ("tidal-reach", "cards.vcl", "vertical\n  boost 1", "vertical\n  boost 2", "### Item 1202"),
    "vantageCard.slots": ("tidal-reach", "cards.vcl", "  slots 1\n", "  slots 2\n", "### Item 1206"),
    "vantageCard.slot_accepts[].faces": ("tidal-reach", "cards.vcl", "slot time / morale", "slot time / health",
                                         "### Character 1101"),
    "vantageCard.slot_accepts[].impact": ("tidal-reach", "cards.vcl", "slot impact blank / setback",
                                          "slot blank / setback", "### Item 1201"),
    "vantageCard.text": ("tidal-reach", "cards.vcl", "does not go out", "never goes out", "### Item 1202"),
    "vantageCard.actions": ("tidal-reach", "cards.vcl", 'action help "Lend the spear" cost 0 always',
                            'action take "Lend the spear" cost 0 always', "### Item 1201"),
    "vantageCard.powers[].boost": ("tidal-reach", "cards.vcl", 'power boost 2 "Move', 'power boost 1 "Move',
                                   "### Character 1102"),
    "vantageCard.powers[].text": ("tidal-reach", "cards.vcl", "costs 0.", "costs nothing.", "### Companion 1204"),
    "vantageCard.when_placed": ("tidal-reach", "cards.vcl", "when placed gain morale 1", "when placed gain morale 2",
                                "### Item 1202"),
    "vantageCard.ending.name": ("tidal-reach", "cards.vcl", '"The Fog Closes In"', '"The Fog Comes In"',
                                "was “The Fog Closes In”"),
    "vantageCard.ending.statements": ("tidal-reach", "cards.vcl", "and then stops.", "and then is still.",
                                      "The Fog Closes In"),
}


def _fields() -> set[str]:
    """Every property of the printed components' definitions, nested objects by path."""
    schema = json.loads((ROOT / "schemas" / "bundle.schema.json").read_text(encoding="utf-8"))["$defs"]
    found: set[str] = set()

    def walk(node: dict, path: str) -> None:
        for name, sub in node.get("properties", {}).items():
            if name == "source":
                continue                          # where it was written: never printed
            found.add(path + name)
            walk(sub, path + name + ".")
            if isinstance(sub.get("items"), dict):
                walk(sub["items"], path + name + "[].")
        for key in ("oneOf", "anyOf"):
            for option in node.get(key, []):
                walk(option, path)

    for name in COMPONENTS:
        walk(schema[name], name + ".")
    return found


def test_every_printed_field_of_the_schema_is_changed_here_or_said_not_printed():
    fields = _fields()
    containers = {f for f in fields if any(other.startswith(f + ".") or other.startswith(f + "[]")
                                           for other in fields)}
    assert fields - containers - set(NOT_PRINTED) - set(EDITS) == set()
    assert set(EDITS) | set(NOT_PRINTED) <= fields


@cache
def _compiled(name: str):
    return compile_pack(CONTENT / name).pack


@pytest.mark.parametrize("field", sorted(EDITS))
def test_diff_reports_a_change_to(field, tmp_path):
    name, *edits, named = EDITS[field]
    folder = tmp_path / name
    shutil.copytree(CONTENT / name, folder)
    for file, old, new in edits[0] if len(edits) == 1 else [edits]:
        path = folder / file
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new), encoding="utf-8")
    result = compile_pack(folder)
    assert result.pack is not None and not [d for d in result.diagnostics if d.severity.name == "ERROR"], \
        [f"{d.code.id} {d.message}" for d in result.diagnostics]
    errata = diff_packs(_compiled(name), result.pack)
    assert not errata.empty
    assert named in format_markdown([errata])


def test_a_changed_vanguard_board_is_errata_and_exits_1(pack_copy):
    new = pack_copy("eye-of-the-void")
    path = new / "planet.vcl"
    path.write_text(path.read_text(encoding="utf-8").replace("path 3 <-> 4 [spend die]", "path 3 <-> 4 [travel]")
                    .replace('"Glass Garden" {', '"Glass Orchard" {').replace("supplies unlimited", "supplies 3"),
                    encoding="utf-8")
    result = run("diff", CONTENT / "eye-of-the-void", new)
    assert result.exit_code == 1, result.output
    board = result.output.split("### Planet eye_of_the_void “The Eye of the Void”\n\n")[1]
    assert "supplies ~~unlimited~~ **3**" in board
    assert "Sector 6: “Glass ~~Garden”;~~ **Orchard”;** POI P106" in board
    assert "Path 3 <-> 4: ~~spend a die~~ **pay the travel cost**" in board
