"""What `check` tells of a card's fit without printing (render.fit): upper bounds that
never fall short of WeasyPrint's layout, and the W510s of the cards they cannot clear,
the same as `build` reports."""
import json
from dataclasses import replace

from click.testing import CliRunner

from conftest import CONTENT, VANGUARD_HEADER, renderers_loaded
from vcompiler import fontmetrics
from vcompiler.compile import compile_pack
from vcompiler.driver.cli import main
from vcompiler.registry import CARD_SIZES
from vcompiler.render import fit, weasy_compat
from vcompiler.render.cards import faces_of, location_faces
from vcompiler.render.sheets import (
    MEASURE_ROOM_MM,
    PX_PER_MM,
    Job,
    _page_css,
    job_html,
    lay_out,
    single_pages,
)


def test_the_width_of_every_character_is_the_widest_the_fonts_print():
    from fontTools.ttLib import TTFont

    from vcompiler.render.fetcher import TEMPLATES
    fonts = [TTFont(path) for path in sorted((TEMPLATES / "fonts").glob("*.ttf"))]

    def widest(char: str) -> float:
        return max((font["hmtx"][font.getBestCmap()[ord(char)]][0] / font["head"].unitsPerEm
                    for font in fonts if ord(char) in font.getBestCmap()), default=0.0)
    for char in [chr(c) for c in range(32, 127)] + list(fontmetrics._OTHER_WIDTHS):
        assert fontmetrics.widest(char) >= widest(char) - 0.0005, char
    assert fontmetrics.widest("\u0416") >= max(font["hhea"].advanceWidthMax / font["head"].unitsPerEm for font in fonts)
    assert fontmetrics.widest("é") == fontmetrics.widest("e")


def _laid_out(faces):
    faces = [replace(face, copies=1) for face in faces]
    job = Job("fit", tuple(faces), tuple(single_pages(list(range(len(faces))), faces)),
              frozenset(range(len(faces))))
    laid_out, _ = lay_out(job_html(job), _page_css(job, MEASURE_ROOM_MM), ("base.css", "cards.css"))
    boxes = {}
    for page in laid_out.pages:
        stack = [weasy_compat.page_box(page)]
        while stack:
            box = stack.pop()
            element = getattr(box, "element", None)
            ident = element.get("data-fit", "") if element is not None else ""
            if ident:
                n, part = ident.split("-", 1)
                boxes[int(n), part] = box
                continue
            stack.extend(weasy_compat.children(box))
    return faces, boxes


def test_the_bounds_never_fall_short_of_the_layout_of_any_shipped_card():
    faces = []
    for name in ("eye-of-the-void", "tidal-reach", "glacier-of-echoes"):
        pack = compile_pack(CONTENT / name).pack
        faces += faces_of(pack) + (location_faces(pack, CARD_SIZES) if pack.game == "vantage" else [])
    faces, laid = _laid_out(faces)
    checked = 0
    for n, face in enumerate(faces):
        sizes = fit.boxes(face)
        for part, blocks in (("body", face.blocks), ("foot", face.foot)):
            if (n, part) not in laid:
                continue
            box = laid[n, part]
            # The boxes are the stylesheet's: a change to cards.css must change the bounds too.
            assert abs(box.width / PX_PER_MM - sizes[part][0]) < 0.05, (face.key, part)
            assert abs(box.height / PX_PER_MM - sizes[part][1]) < 0.05, (face.key, part)
            for block, child in zip(blocks, weasy_compat.children(box)):
                assert fit.block_mm(block, sizes[part][0]) >= child.margin_height() / PX_PER_MM, (face.key, block)
                checked += 1
        title = laid[n, "title"]
        assert abs(title.width / PX_PER_MM - fit.boxes(face)["title"][0]) < 0.05, face.key
    assert checked > 200


CROWDED = VANGUARD_HEADER + '''log 1 "Start" {
  text "Land."
  end exploration
}
poi P203 "Crowded" {
  biomes volcanic
%s}
'''


def _actions(n: int) -> str:
    return "".join(f'  action "Act {i}" {{\n    text "Short."\n    nothing\n  }}\n' for i in range(n))


def test_check_strict_fails_where_the_card_build_would_with_the_same_w510(tmp_path, write_pack):
    folder = write_pack({"pack.vcl": CROWDED % _actions(12)})
    checked = CliRunner().invoke(main, ["check", str(folder), "--strict", "--format", "json"])
    assert checked.exit_code == 1, checked.output
    built = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards",
                                      "--format", "json"])
    assert built.exit_code == 0, built.output

    def w510(output: str) -> list[tuple]:
        return [(d["line"], d["column"], d["message"], d["hint"]) for d in json.loads(output)["diagnostics"]
                if d["code"] == "W510"]
    assert w510(checked.stdout) == w510(built.stdout)
    assert len(w510(checked.stdout)) == 1 and "poi P203 overflows by" in w510(checked.stdout)[0][2]


def test_a_card_laid_out_once_is_measured_from_the_cache_until_it_changes(tmp_path, write_pack, monkeypatch):
    from vcompiler.parse.cache import ParseCache
    folder = write_pack({"pack.vcl": CROWDED % _actions(12)})
    faces = faces_of(compile_pack(folder).pack, CARD_SIZES)
    cache = ParseCache(tmp_path / "cache")
    measured = []
    real_measure = fit._measure
    monkeypatch.setattr(fit, "_measure", lambda faces: measured.append(len(faces)) or real_measure(faces))
    first = fit.card_fit(faces, cache)
    assert measured == [1] and [d.code.id for d in first] == ["W510"]
    assert fit.card_fit(faces, cache) == first and measured == [1]           # read back, not laid out
    assert fit.card_fit(faces) == first and measured == [1, 1]              # no cache: laid out
    fit.card_fit([replace(face, badges=(*face.badges, "Final")) for face in faces], cache)
    assert measured == [1, 1, 1]                                            # changed: laid out again


def test_a_card_the_bounds_show_to_fit_is_not_laid_out(write_pack):
    folder = write_pack({"pack.vcl": CROWDED % _actions(2)})
    loaded, printed = renderers_loaded(["check", str(folder), "--strict"], 1)
    # W402: nothing places the card; nothing else, and no renderer loaded to tell.
    assert loaded == [] and "W402" in printed and "W510" not in printed


ODD_TEXTS = [
    "W" * 200,                                                      # one word, broken anywhere
    " ".join(["WMW"] * 60),                                         # the widest letters
    " ".join(["i"] * 300),                                          # the narrowest, and many spaces
    " ".join(f"go to {{log 1}} or Sector {n}" for n in range(1, 30)),    # references and ties kept whole
    " ".join('"Frostbite" and \'the\' "Old Lady"' for _ in range(12)),    # curled quotes
    " ".join("{icon success} {icon danger} gain" for _ in range(25)),    # icons
    " ".join(["Ærøskøbing, Łódź, naïve café"] * 10),               # accented letters
]


def test_the_bounds_hold_for_texts_made_to_trip_them(write_pack):
    cards = "".join(f'unique {n} "Odd {n}" {{\n  text "{text}"\n}}\n'
                    for n, text in enumerate((t.replace('"', '\\"') for t in ODD_TEXTS), 1))
    logs = "".join(f"  gain unique {n}\n" for n in range(1, len(ODD_TEXTS) + 1))
    result = compile_pack(write_pack({"pack.vcl": VANGUARD_HEADER + f'log 1 "Start" {{\n{logs}  return\n}}\n'
                                      + cards}))
    assert not [d for d in result.diagnostics if d.severity.value == "error"], result.diagnostics
    faces, laid = _laid_out(faces_of(result.pack))
    for n, face in enumerate(faces):
        width = fit.boxes(face)["body"][0]
        for block, child in zip(face.blocks, weasy_compat.children(laid[n, "body"])):
            assert fit.block_mm(block, width) >= child.margin_height() / PX_PER_MM, face.key


def test_the_bounds_know_every_kind_of_block_a_card_holds():
    from typing import get_args

    from vcompiler.render import ir

    words = [ir.Words("Gain 1 "), ir.Icon("success"), ir.Words(".")]
    samples = [ir.Paragraph(words), ir.ActionHead([ir.Words("Climb")], 2),
               ir.Row("special", [ir.Icon("special")], words), ir.Track("time", 3, words), ir.Rule("Main"),
               ir.Options((ir.Option("take", words, True, "not after Help"),)), ir.Compass((("north", "001", "walk"),)),
               ir.Choices((words, words)), ir.Steps((words,)), ir.Boxes("Slots", 2)]
    assert {type(block) for block in samples} == set(get_args(ir.Block))
    heights = [fit.block_mm(block, 50.0) for block in samples]
    assert all(0.0 < height < 40.0 for height in heights), heights
    # Two choices take more room than one, a longer track more than a shorter one.
    assert fit.block_mm(ir.Choices((words, words)), 50.0) > fit.block_mm(ir.Choices((words,)), 50.0)
    assert fit.block_mm(ir.Track("time", 9, words * 3), 50.0) > fit.block_mm(ir.Track("time", 1, words), 50.0)


# Location 000 with the whole setup of VR 7-13: its steps, the characters, the levels
# and a crash site for each roll of the skill die.
FULL_SETUP = '''pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 0
}
location 000 "Landfall" {
  text "**Read this aloud.** Your pod splits open on wet sand, and the fog rolls in off the sea."
  step "Place the game box next to the player in charge of finding and returning cards."
  step "Place the center in the middle of the table, with the time, morale and health trackers."
  step "Place all skill tokens, coins, boost tokens, skill dice and storybooks in a general supply."
  step "Seed the challenge dice pool with 8 challenge dice, plus 2 for each player."
  step "Each player gains a location card holder; randomly select the first player."
  step "Each player rolls a skill die: it gives their character, then their crash site."
  step "Place the mission card in the center, as this location says."
%s
  level easygoing time 5 morale 5 health 5
  level daring time 4 morale 4 health 4 recommended
  level perilous time 3 morale 3 health 3
%s
}
%s
'''


def _full_setup() -> str:
    rolls = [f"You rolled {n}" for n in range(1, 7)]
    characters = "\n".join(f'  character {1100 + n} "{roll}"' for n, roll in enumerate(rolls, 1))
    choices = "\n".join(f'  choice "{roll}" -> location {100 + n}' for n, roll in enumerate(rolls, 1))
    places = "\n".join(f'location {100 + n} "Site {n}" {{ text "Sand." }}' for n in range(1, 7))
    cards = "\n".join(f'card {1100 + n} character "Hero {n}" external {{ vertical }}' for n in range(1, 7))
    return FULL_SETUP % (characters, choices, places + "\n" + cards)


def _w510(folder) -> list[str]:
    checked = CliRunner().invoke(main, ["check", str(folder), "--format", "json"])
    return [d["message"] for d in json.loads(checked.stdout)["diagnostics"] if d["code"] == "W510"]


def test_location_000_prints_the_size_of_a_book_cover_so_a_whole_setup_fits(write_pack):
    folder = write_pack({"pack.vcl": _full_setup()})
    faces = location_faces(compile_pack(folder).model, dict(CARD_SIZES))
    assert [f.size for f in faces if f.number == "000"] == [CARD_SIZES["start_location"]] == [(148.0, 210.0)]
    assert {f.size for f in faces if f.number != "000"} == {CARD_SIZES["location"]}
    assert _w510(folder) == []
    # At a location card's size the same setup overflows: why it has a size of its own.
    small = write_pack({"pack.vcl": _full_setup(), "vcompiler.toml": '[cards]\nstart_location = "70x120"\n'}, "small")
    assert [m.split(" overflows")[0] for m in _w510(small)] == ["the text box of location 000"]
