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
    "sector": ["1", "2", "3"], "colour": ["red", "blue"], "outcome": ["green", "red", "yellow"],
    "letter": ["T", "A"], "danger": ["T", "B"], "skill": ["climbing", "lore"], "discovery": ["mineral", "anomaly"],
}
UNDEFINED = {"poi": "P9", "mission": "M9", "unique": "7", "vcard": "9", "sector": "9", "danger": "A", "skill": "fier"}
MARKUP = {"vanguard": ["{log 1}", "{log @lab}", "{log 2}", "{card P101}", "{card M01}"],
          "vantage": ["{card 1201}", "{location 1}", "{location 2}"]}
COMMON_MARKUP = ["{icon success}", "*so*", "**very**"]
TRAVEL_COSTS = ["travel", "spend die", "sacrifice die red", "roll danger T", "lose supplies 1", "progress time"]


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


def _mostly(usual: list[str], other):
    return st.integers(0, 4).flatmap(lambda n: other if n == 0 else st.sampled_from(usual))


@st.composite
def vanguard_pack(draw) -> str:
    effect, effects = _effect("vanguard"), _effects("vanguard")
    log_lines = draw(st.lists(st.one_of(effect, _text().map(lambda t: f"text {t}"),
                                        st.just("check"), st.just('choice "Go" -> log @lab')),
                              min_size=1, max_size=5))
    return VANGUARD_HEADER + f'''
log 1 "Start" {{
  text {draw(_text())}
  {"; ".join(log_lines)}
  if checked log 2 -> log @lab
  else -> log 1
}}
log 2 "Two" {{ check; {draw(effect)}; return }}
log @lab {draw(_text())} {{ -> log 2 }}
planet p "P" {{
  mission M01
  unique 1 else {draw(effect)}
  condition printed "Storm" {{ travel {draw(effect)} }}
  lift_off -> log 1
  sector 1 {{ poi P101 printed; lander }}
  sector 2 {{ {draw(_mostly(["-> log 2"], effect))} }}
  sector 3 {{ poi slot }}
  path 1 <-> 2 [{draw(_mostly(TRAVEL_COSTS, effect))}]
  path 2 <-> 3 [travel]
}}
poi P101 "One" {{
  action "Try" {{
    special die => {draw(effects)}
    outcome green: physical => {draw(effects)}
    outcome red => {draw(effects)}
  }}
}}
poi P102 "Two" {{ final }}
poi P103 "Three" {{ action "Look" {{ text {draw(_text())}; {draw(effects)} }} }}
danger B "Blizzard" {{ text {draw(_text())} }}
danger T "Tutorial"
mission M01 "M" {{ text {draw(_text())} }}
condition G01 "G" {{ travel {draw(effect)}; time 2 => {draw(effects)} }}
threat T01 "T" {{ standees 2; attack => {draw(effects)}; space 1 => {draw(effects)} }}
event E01 "E" {{ secondary {draw(effect)}; main {draw(effect)} }}
injury "Scratch" {{ damage => {draw(effects)} }}
unique 1 "U" {{ text {draw(_text())} }}
'''


@st.composite
def vantage_pack(draw) -> str:
    effects = _effects("vantage")
    # Now and then a storybook's back-cover guide, in the pack declaration.
    book = draw(st.sampled_from(["", "look", "take", "depart"]))
    header = VANTAGE_HEADER.replace("\n}\n", f"\n  guide {book} {draw(_text('vantage'))}\n}}\n", 1) if book \
        else VANTAGE_HEADER
    return header + f'''
location 1 "One" {{
  text {draw(_text("vantage"))}
  arrival {draw(_effect("vantage"))}
  north 2 walk
  look "Look" cost 1 {{ text {draw(_text("vantage"))}; result {{ {draw(effects)}; text {draw(_text("vantage"))} }} }}
}}
location 2 "Two" {{ south 1 walk }}
card 1201 item "Thing" {{ text {draw(_text("vantage"))}; action take "Take" cost 1 {{ result {{ {draw(effects)} }} }} }}
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
    if not compile_pack(folder).ok:
        return
    out = tmp_path_factory.mktemp("out")
    _build(folder, out, "json")
    _build(folder, out, "pdf")


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
