"""What a card sheet prints where a player looks: art inside the card's cut line on a
sheet (into the bleed only on a single card with --bleed), numbered steps whole past 9,
the two icons left of a Dice Check's name, and the Danger die's tables under the key."""
from conftest import ROOT
from vcompiler.compile import compile_pack
from vcompiler.render import ir
from vcompiler.render.components import ComponentOptions, plan_components
from vcompiler.render.sheets import job_html

EYE = ROOT / "source_content" / "eye-of-the-void"


def _jobs(**options):
    pack = compile_pack(EYE).pack
    plan = plan_components([pack], ComponentOptions(parts=frozenset({"cards"}), **options))
    return [job for deck in plan.decks for job in deck.jobs]


def test_art_stays_inside_the_cut_line_on_a_sheet_and_bleeds_only_on_a_single_card_with_bleed():
    sheets = "".join(job_html(job) for job in _jobs())
    assert '<div class="art" ' in sheets and '<div class="art bleed"' not in sheets
    assert '<div class="art placeholder"' in sheets
    single = "".join(job_html(job) for job in _jobs(layout="single", bleed_mm=3.0))
    assert '<div class="art bleed"' in single
    unbled = "".join(job_html(job) for job in _jobs(layout="single"))
    assert '<div class="art bleed"' not in unbled


def test_a_tenth_step_has_room_for_its_two_digits():
    nine, ten = ir.Steps(tuple([[ir.Words("x")]] * 9)), ir.Steps(tuple([[ir.Words("x")]] * 10))
    assert nine.indent == 3.2 and ten.indent > 4.4


def test_a_dice_checks_name_has_the_special_action_and_dice_check_icons_to_its_left():
    head = ir.ActionHead([ir.Words("Go")], 1, "T", check=True)
    assert head.lead == [ir.Icon("action"), ir.Icon("check"), ir.Icon("danger", "T")]
    assert ir.ActionHead([ir.Words("Go")], None).lead == [ir.Icon("action")]
    html = "".join(job_html(job) for job in _jobs())
    assert 'src="icons/check.svg"' in html and "Force the Bulkhead Open</h3>" in html


def test_the_key_prints_the_danger_die_tables_the_pack_rolls_on_as_far_as_the_rulebook_gives_them():
    # RB 595-600: the Tutorial's table T lists two effects; RB 1820-1824: the die's faces.
    job = next(job for job in _jobs() if job.legend)
    titles = [table.title for table in job.tables]
    assert titles == ["How to read it", "Table T: Tutorial"]
    html = job_html(job)
    assert "Danger die: read table T (below)" in html and "Danger die Reference card</h2>" in html
    assert "Common, Uncommon, Rare or Special" in html and "Just a Scratch!" in html
    assert "does not say which face gives which effect" in html
    glacier = compile_pack(ROOT / "source_content" / "glacier-of-echoes").pack
    plan = plan_components([glacier], ComponentOptions(parts=frozenset({"cards"})))
    tables = next(job for deck in plan.decks for job in deck.jobs if job.legend).tables
    assert [t.title for t in tables] == ["How to read it", "Table B: Blizzard"]
    assert any("Frostbite" in ir.plain(line) for line in tables[1].lines)
