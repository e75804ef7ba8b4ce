"""Whatever `check` accepts, `build` builds: packs generated from the registry's
effect forms, put in every place an effect may stand, with text markup of every kind.
Whenever check reports no error, the bundle and the books are made (exit 0)."""
import os

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.compile import compile_pack
from vcompiler.driver.cli import main
from vcompiler.registry import forms_of_game, kind_named

# Values for each kind of argument: things the skeleton defines, and now and then one
# it does not (so that check has something to find).
VALUES = {
    "n": ["0", "1", "3"], "poi": ["P101", "P102"], "mission": ["M01"], "condition": ["G01"],
    "threat": ["T01"], "unique": ["1"], "injury": ['"Scratch"'], "vcard": ["1201"],
    "sector": ["1", "2", "3", "2 of p"], "colour": ["red", "blue"], "outcome": ["green", "red", "yellow"],
    "letter": ["T", "A"], "danger": ["T", "B"], "skill": ["climbing", "lore", "cutting"],
    "discovery": ["mineral", "anomaly", '"Live Specimen"'], "card": ["P101", "G01"],
}
UNDEFINED = {"poi": "P9", "mission": "M9", "unique": "7", "vcard": "9", "sector": "9", "danger": "A", "skill": "fier",
             "discovery": '"Live Specimens"', "card": "G9"}
# The packs declare words of their own beside the game's vocabularies.
DECLARING = {"vanguard": VANGUARD_HEADER.replace("  start log 1\n", '  start log 1\n  decks "Live Specimen"\n'),
             "vantage": VANTAGE_HEADER.replace("  start location 1\n", "  start location 1\n  skills cutting\n")}
MARKUP = {"vanguard": ["{log 1}", "{log @lab}", "{log 2}", "{card P101}", "{card M01}"],
          "vantage": ["{card 1201}", "{location 1}", "{location 2}"]}
COMMON_MARKUP = ["{icon success}", "*so*", "**very**"]
TRAVEL_COSTS = ["travel", "spend die", "sacrifice die red", "roll danger T", "lose supplies 1", "progress time"]
# An action's Danger dice: none, without their table's letter (W418), with the box's or
# the pack's letter, or one the pack does not have (E217).
DANGER_HEADS = st.sampled_from(["", " danger 1", " danger 2 T", " danger 1 B", " danger 1 A"])


def _value(kind: str):
    if kind in VALUES:
        good = st.sampled_from(VALUES[kind])
    else:
        # A kind the skeleton does not define: its sample, which check then finds undefined.
        entity = kind_named(kind)
        good = st.just(f'"{entity.sample}"' if entity.value == "string" else str(entity.sample))
    if kind not in UNDEFINED:
        return good
    return st.integers(0, 9).flatmap(lambda n: st.just(UNDEFINED[kind]) if n == 0 else good)


def _effect(game: str):
    forms = forms_of_game(game)
    gotos = ["-> log 2", "-> log @lab"] if game == "vanguard" else ["-> location 1", "-> location 2"]

    @st.composite
    def one(draw):
        if draw(st.integers(0, 6)) == 0:
            return draw(st.sampled_from(gotos))
        form = draw(st.sampled_from(forms))
        words = [form.verb]
        for slot in form.slots:
            if slot.literal is not None:
                words.append(slot.literal)
            elif not slot.optional or draw(st.booleans()):
                words.append(draw(_value(slot.kind)))
        return " ".join(words)
    return one()


def _effects(game: str, most: int = 3):
    return st.lists(_effect(game), min_size=1, max_size=most).map("; ".join)


def _text(game: str = "vanguard"):
    return st.lists(st.sampled_from(["Words", "more words", *MARKUP[game], *COMMON_MARKUP]),
                    min_size=1, max_size=4).map(lambda parts: '"' + " ".join(parts) + '"')


# `art` lines: none, a brief, the images the test writes into the pack's folder, and
# paths that check refuses (outside the pack, missing).
ART = ["", 'art brief "A ringed planet"', 'art "art.png"', 'art "art.svg"', 'art "art.png"; art brief "Hull"',
       'art "../art.png"', 'art "missing.png"']
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8"
                    "cfc0000003010100c9fe92ef0000000049454e44ae426082")
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 1"><rect width="3" height="1" fill="#345"/></svg>'


def _art():
    return st.sampled_from(ART)


def _mostly(usual: list[str], other):
    return st.integers(0, 4).flatmap(lambda n: other if n == 0 else st.sampled_from(usual))


@st.composite
def vanguard_pack(draw) -> str:
    effect, effects = _effect("vanguard"), _effects("vanguard")
    log_lines = draw(st.lists(st.one_of(effect, _text().map(lambda t: f"text {t}"),
                                        st.just("check"), st.just('choice "Go" -> log @lab')),
                              min_size=1, max_size=5))
    return DECLARING["vanguard"].replace("start log 1\n", f"start log 1\n  {draw(_art())}\n") + f'''
log 1 "Start" {{
  text {draw(_text())}
  {"; ".join(log_lines)}
  if checked log 2 -> log @lab
  else -> log 1
}}
log 2 "Two" {{ check; {draw(effect)}; return }}
log @lab {draw(_text())} {{ -> log 2 }}
planet p "P" {{
  {draw(_art())}
  mission M01
  unique 1 else {draw(effect)}
  rank_up "R"
  condition printed "Storm" {{
    travel {draw(effect)}
    supplies 4
    special accident => {draw(effects)}
    combination scouting + biology => {draw(effects)}
    time 3 => {draw(effects)}
  }}
  setup {{
    pois P102{draw(_mostly(["", ", P103"], st.sampled_from([", P9", ", M01"])))}
    injuries "Scratch"
    events E01
    decks mineral{draw(_mostly(["", ', "Live Specimen"'], st.just(', "Live Specimens"')))}
    start sector 1{draw(_mostly(["", ", 3"], st.just(", 9")))}
    text {draw(_text())}
  }}
  lift_off -> log 1
  sector 1 {{ poi P101 printed; lander }}
  sector 2 {{ {draw(_mostly(["-> log 2"], effect))} }}
  sector 3 {{ poi slot }}
  path 1 <-> 2 [{draw(_mostly(TRAVEL_COSTS, effect))}]
  path 2 <-> 3 [travel]
  {draw(st.sampled_from(_MORE_PATHS))}
}}
poi P101 "One" {{
  action "Try"{draw(DANGER_HEADS)} {{
    special die => {draw(effects)}
    outcome green: physical => {draw(effects)}
    outcome red => {draw(effects)}
  }}
}}
poi P102 "Two" {{ final; {draw(_art())} }}
poi P103 "Three" {{ action "Look" {{
  text {draw(_text())}
  {draw(effects)}
}} }}
danger B "Blizzard" {{ text {draw(_text())} }}
danger T "Tutorial"
mission M01 "M" {{ text {draw(_text())} }}
condition G01 "G" {{ travel {draw(effect)}; supplies unlimited; time 2 => {draw(effects)} }}
rank_up "R" {{ completed {draw(_text())}; goal "Have 3 {{icon success}}." }}
threat T01 "T" {{
  standees 2; attack => {draw(effects)}
  space 1 => {draw(effects)}
}}
event E01 "E" {{ secondary {draw(effect)}; main {draw(effect)} }}
injury "Scratch" {{ damage => {draw(effects)} }}
unique 1 "U" {{ text {draw(_text())} }}
'''


# Paths between sectors 1 and 3 besides the pack's own: none, one way, both ways as two
# arrows side by side, or one way twice (E513).
_MORE_PATHS = ("", "path 3 -> 1 [spend die]", "path 3 -> 1 [spend die]\n  path 1 -> 3 [travel, roll danger T]",
               "path 1 <-> 3 [travel]\n  path 3 -> 1 [spend die]")


@st.composite
def vantage_pack(draw) -> str:
    effects = _effects("vantage")
    # Now and then a storybook's back-cover guide, in the pack declaration.
    book = draw(st.sampled_from(["", "look", "take", "depart"]))
    header = DECLARING["vantage"].replace("\n}\n", f"\n  guide {book} {draw(_text('vantage'))}\n}}\n", 1) if book \
        else DECLARING["vantage"]
    return header + f'''
location 1 "One" {{
  text {draw(_text("vantage"))}
  arrival {draw(_effect("vantage"))}
  north 2 walk
  look "Look" cost 1 {{ text {draw(_text("vantage"))}; result {{ {draw(effects)}; text {draw(_text("vantage"))} }} }}
}}
location 2 "Two" {{ south 1 walk; {draw(_art())} }}
card 1201 item "Thing" {{
  {draw(_art())}
  text {draw(_text("vantage"))}; action take "Take" cost 1 {{ result {{ {draw(effects)} }} }}
}}
'''


@st.composite
def planet_setup_pack(draw) -> str:
    """A planet as the rulebook sets it up: its setup, its printed condition in full, a
    Rank-Up card with two sides, and logs naming sectors of either board and what they
    remove from the game; mostly right, now and then with a mistake check finds."""
    # One mistake at most a pack, in one place in ten: the others keep their right words.
    wrong = draw(st.integers(0, 60))

    def mostly(place: int, usual: list[str], mistake: str):
        return st.just(mistake) if wrong == place else st.sampled_from(usual)
    sector = st.sampled_from(["1 of p", "2 of p", "2 of q"] + (["2 of r", "5 of q", "2"] if wrong < 3 else []))
    effect = st.sampled_from(["place poi P102 in sector {}", "move crew to sector {}", "place threat T01 in sector {}",
                              "replace poi in sector {} with P102"]).flatmap(
        lambda form: sector.map(form.format))
    other = st.sampled_from(['gain discovery "Live Specimen"', "remove poi P102 from game", "remove card G01 from game",
                             'gain lead 1 on "Live Specimen"']
                            + (["remove card G9 from game", 'gain discovery "Live"'] if wrong == 3 else []))
    lines = draw(st.lists(st.one_of(effect, other), min_size=1, max_size=4))
    plain = st.lists(st.sampled_from(["Words", "more words", *COMMON_MARKUP]), min_size=1, max_size=4).map(
        lambda parts: '"' + " ".join(parts) + '"')
    return DECLARING["vanguard"] + f'''
log 1 "Start" {{
  {"; ".join(lines)}
  return
}}
planet p "P" {{
  rank_up "R"
  condition printed "Storm" {{
    text {draw(plain)}
    travel spend die
    supplies {draw(st.sampled_from(["4", "unlimited"]))}
    special accident => progress time
    combination {draw(mostly(4, ["scouting + biology", "2 physical"], "accident"))} => gain lead 1
    time {draw(st.integers(1, 6))} => roll danger T; reset time
  }}
  setup {{
    pois P102{draw(mostly(5, ["", ", P103", ", P103, P102"], ", M01"))}
    injuries "Scratch"
    events E01
    decks mineral{draw(mostly(6, ["", ', "Live Specimen"'], ', "Live Specimens"'))}
    start sector 1{draw(mostly(7, ["", ", 2"], ", 9"))}
    text {draw(plain)}
  }}
  sector 1 {{ lander; poi slot }}
  sector 2 {{ poi slot }}
  path 1 <-> 2 [spend die]
}}
planet q "Q" {{
  sector 1 {{ lander }}
  sector 2 {{ poi slot }}
  path 1 <-> 2 [spend die]
}}
poi P102 "Two" {{ final }}
poi P103 "Three" copies {draw(st.integers(1, 3))} external {{ final }}
mission M01 "M" external {{ text "Go." }}
condition G01 "G" {{ travel spend die; supplies {draw(st.integers(1, 9))}; time 2 => reset time }}
threat T01 "T" {{ space 1 => nothing }}
event E01 "E" {{ secondary nothing; main spend die }}
injury "Scratch" {{ damage => spend die }}
rank_up "R" {{ completed {draw(plain)}; goal "Have 3 {{icon success}}." }}
'''


def _build(folder, out, only: str):
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", only, "--no-cache"])
    assert result.exit_code == 0, f"check passes but build --only {only} fails:\n{result.output}"


# VCOMPILER_FUZZ_EXAMPLES=500 for a longer hunt than CI's; each example that checks clean
# renders its books.
@settings(max_examples=int(os.environ.get("VCOMPILER_FUZZ_EXAMPLES", "10")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=st.one_of(vanguard_pack(), vantage_pack()))
def test_what_check_accepts_build_builds(text, tmp_path_factory):
    folder = tmp_path_factory.mktemp("generated")
    (folder / "pack.vcl").write_text(text, encoding="utf-8")
    (folder / "art.png").write_bytes(PNG)
    (folder / "art.svg").write_bytes(SVG)
    if not compile_pack(folder).ok:
        return
    out = tmp_path_factory.mktemp("out")
    _build(folder, out, "json")
    _build(folder, out, "pdf")
    _build(folder, out, "cards")      # the setup card, a Rank-Up card's two sides
    _build(folder, out, "board")


@settings(max_examples=int(os.environ.get("VCOMPILER_FUZZ_EXAMPLES", "10")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=planet_setup_pack())
def test_what_check_accepts_of_a_planets_setup_build_builds(text, tmp_path_factory):
    folder = tmp_path_factory.mktemp("setup")
    (folder / "pack.vcl").write_text(text, encoding="utf-8")
    if not compile_pack(folder).ok:
        return
    out = tmp_path_factory.mktemp("out")
    for only in ("json", "cards", "board"):
        _build(folder, out, only)


def test_a_log_named_by_label_in_text_is_printed_by_its_number(tmp_path):
    folder = tmp_path / "labels"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + '''
log 1 "Start" { text "Listen to {log @recording}, then *{log @recording}*."; -> log @recording }
log @recording "Recording" { return }
''', encoding="utf-8")
    result = compile_pack(folder)
    assert result.ok
    number = result.pack.labels["recording"]
    paragraph = result.pack.log(1).statements[0].text.paragraphs[0]
    assert paragraph[1].target.value == number and paragraph[1].target.kind == "number"
    assert paragraph[3].children[0].target.value == number
    out = tmp_path / "out"
    _build(folder, out, "json")
    assert f'"log":{number}' in (out / "test" / "bundle.json").read_text(encoding="utf-8").replace(" ", "")
