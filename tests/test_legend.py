"""Icons a table cannot confuse, and the key to them: dice requirements print as dice
(never as the Outcome badge of their colour, RB 1277), the icons that share a colour
differ in shape, and the Logbook's front page and the card sheets' first sheet print
the key, the Logbook with how it is read."""
import io
import re
import xml.etree.ElementTree as ET

from pypdf import PdfReader

from conftest import ROOT, VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.render import ir
from vcompiler.render.books import logbook
from vcompiler.render.cards import faces_of
from vcompiler.render.components import ComponentOptions, plan_components, render_components
from vcompiler.render.sheets import DUPLEX_NOTE
from vcompiler.render.voice import plain
from vcompiler.vocabulary import DIE_ICONS

ICONS = ROOT / "vcompiler" / "templates" / "icons"

PACK = VANGUARD_HEADER + """
danger B "Blizzard" { text "Lose 1 supplies." }

log 1 "Start" {
  check
  roll danger B
  return
}

planet p "P" {
  sector 1 { lander; poi P101 printed }
}

poi P101 "Outer Surface" {
  action "Take the Samples" danger 1 T {
    outcome yellow: science + biology => gain success 1
    outcome green: red + green + blue => spend die red
    outcome red => nothing
  }
}
"""


def _outline(name: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The first filled shape of an icon, without its colours: what it looks like in greys."""
    root = ET.parse(ICONS / f"{name}.svg").getroot()
    for element in root.iter():
        if element.get("fill") not in (None, "none") and not element.tag.endswith(("svg", "g")):
            return element.tag, tuple(sorted((k, v) for k, v in element.attrib.items() if k not in ("fill", "stroke")))
    raise AssertionError(f"{name}.svg has no filled shape")


def test_dice_of_a_colour_print_as_dice_and_outcomes_as_badges(write_pack):
    pack = compile_pack(write_pack({"pack.vcl": PACK})).pack
    poi = next(f for f in faces_of(pack) if f.key == "poi P101")
    rows = {b.style: b for b in poi.blocks if isinstance(b, ir.Row)}
    green = rows["green"]
    assert green.lead == [ir.Icon("green"), ir.Words(" "), ir.Icon("die-red"), ir.Words(" + "),
                          ir.Icon("die-green"), ir.Words(" + "), ir.Icon("die-blue")]
    # An effect that names a die's colour prints the die too.
    assert plain(green.tokens, "[{}]") == "Spend a [die-red] red die."


def test_icons_that_share_a_colour_differ_in_shape():
    # The Outcome badges, the dice of each colour, the Danger die, the Special Effect and
    # the Accident: told apart in greys by their outlines alone.
    names = ["yellow", "green", "red", *DIE_ICONS.values(), "die", "danger", "special", "accident"]
    outlines = {name: _outline(name) for name in names}
    dice = {outlines[DIE_ICONS[c]] for c in DIE_ICONS}
    assert len(dice) == 1                                 # the dice are one shape ...
    others = [outlines[n] for n in names if n not in DIE_ICONS.values()]
    assert len(set(others)) == len(others) and not dice & set(others)    # ... no other icon's


def test_a_die_of_a_colour_bears_its_initial_for_greyscale_prints():
    for name in DIE_ICONS.values():
        svg = (ICONS / f"{name}.svg").read_text()
        # Drawn as a white stroke (no font), different for each colour.
        assert re.search(r'<path d="[^"]+" stroke="#fff"', svg), name
    letters = {re.search(r'<path d="([^"]+)" stroke="#fff"', (ICONS / f"{n}.svg").read_text())[1]
               for n in DIE_ICONS.values()}
    assert len(letters) == 3


def test_the_logbook_says_how_it_is_read_and_keys_its_icons(write_pack):
    pack = compile_pack(write_pack({"pack.vcl": PACK})).pack
    book = logbook(pack)
    guide = [plain(p) for p in book.guide]
    assert guide[0].startswith("This book is not read in order.")
    assert guide[1].startswith("Begin with Log 1.")
    assert guide[2].startswith("☐ A box beside a Log’s number")
    groups = dict(book.legend)
    dice = [icon for icon, _ in groups["Dice to roll or spend"]]
    # The Danger die of each table the pack rolls, the box's T and the pack's B.
    assert ir.Icon("danger", "B") in dice and ir.Icon("danger", "T") in dice
    assert [icon for icon, _ in groups["Outcomes"]][:3] == [ir.Icon("yellow"), ir.Icon("green"), ir.Icon("red")]
    starting = compile_pack(write_pack({"pack.vcl": PACK.replace("  start log 1\n", "").replace(
        'log 1 "Start"', 'log start "Start"')}, "starting")).pack
    assert plain(logbook(starting).guide[1]).startswith("Begin with the Starting Log, printed first.")


def test_the_front_page_holds_the_guide_and_the_key_on_one_page(write_pack):
    from vcompiler.render.options import RenderOptions
    from vcompiler.render.pdf import render_book
    pack = compile_pack(write_pack({"pack.vcl": PACK})).pack
    for paper in ("a4", "a5"):
        pages = PdfReader(io.BytesIO(render_book(logbook(pack), RenderOptions(paper=paper)))).pages
        front = pages[0].extract_text()
        assert "How to read this Logbook" in front and "Icons" in front and "Water" in front, paper
        assert "Start" in pages[1].extract_text() and "Water" not in pages[1].extract_text(), paper


def test_the_card_sheets_open_with_the_key_and_a_blank_back(write_pack):
    pack = compile_pack(write_pack({"pack.vcl": PACK})).pack
    plan = plan_components([pack], ComponentOptions(parts=frozenset({"cards"})))
    files, found = render_components(plan, workers=1)
    pages = PdfReader(io.BytesIO(files[(pack.name, "cards.pdf")])).pages
    assert len(pages) == 4 and found == []
    key, back = pages[0].extract_text(), pages[1].extract_text()
    assert key.count(DUPLEX_NOTE) == 1 and "Icons" in key and "Outer Surface" not in key
    assert back.strip() == ""
    # The sheet of the key is the cards' paper, so that the sheets after it register.
    assert pages[0].mediabox == pages[2].mediabox == pages[1].mediabox
    assert "Outer Surface" in pages[2].extract_text()
