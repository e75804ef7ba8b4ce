"""The browser reader (build/<pack>/reader.html): what the file holds, and a real
headless Chromium following a path by clicking, checking a box and reloading."""
import os
import re
import shutil

import pytest
from click.testing import CliRunner
from test_cli import run

from conftest import CONTENT, VANGUARD_HEADER
from vcompiler.driver.cli import main
from vcompiler.emit.write import MANIFEST

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def readers(tmp_path_factory):
    out = tmp_path_factory.mktemp("build")
    result = run("build", CONTENT, "-o", out, "--only", "html")
    assert result.exit_code == 0, result.output
    return {name: out / name / "reader.html" for name in ("eye_of_the_void", "glacier_of_echoes", "tidal_reach")}


def test_build_only_html_writes_one_self_contained_reader(readers):
    page = readers["eye_of_the_void"].read_text()
    assert sorted(p.name for p in readers["eye_of_the_void"].parent.iterdir() if p.name != MANIFEST) == ["reader.html"]
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    # nothing is loaded from anywhere but the file itself
    for value in re.findall(r'(?:src|href)="([^"]*)"', page):
        assert value.startswith(("#", "data:")), value
    assert "@import" not in page and "url(http" not in page and "<link" not in page
    assert '<article class="entry" id="log-227" data-key="227" data-name="Log 227 Echoes in the Hull">' in page
    assert 'Follow the tapping: go to <a href="#log-228">Log 228</a>.' in page
    assert 'data-check="log-227"' in page and "@media print" in page
    assert '<a href="#planet-eye_of_the_void">Back to the board of The Eye of the Void</a>' in page
    assert 'replace this POI with <a href="#poi-P101">P101</a>' in page
    tidal = readers["tidal_reach"].read_text()
    assert 'data-start="location-0"' in tidal
    assert '<span class="num">000</span> Landfall' in tidal
    assert 'You rolled 1, 2 or 3: gain character <a href="#card-1101">card 1101</a>.' in tidal
    assert '<h4>Setup</h4>\n<ol class="steps"><li>Place the mission card in the center' in tidal
    diver = tidal.split('id="card-1101"')[1].split("</article>")[0]
    assert '<p class="row"><strong>Slots:</strong> ☐☐</p>' in diver and "Impact slot: any" in diver
    assert 'East: ★ <a href="#depart-101-east">the Depart storybook</a>' in tidal
    assert 'Gain <a href="#card-1705">card 1705</a>.' in tidal


def test_a_generated_logbook_reader(generated_pack, tmp_path):
    result = run("build", generated_pack(300), "-o", tmp_path, "--only", "html")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "bench_300" / "reader.html").read_text()
    assert page.count('<article class="entry"') == 300
    assert '<a href="#log-2">Log 2</a>' in page


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    if sync_playwright is None or not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("CI must test the reader in Chromium: .ci/run installs it")
        pytest.skip("needs Playwright for Python and Chromium (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def _current(page) -> str:
    return page.locator("article.current").get_attribute("id")


def _at(page, anchor: str) -> bool:
    """Whether the reader shows `anchor`, once the hash change it waits for has been handled."""
    page.wait_for_function("id => document.querySelector('article.current')?.id === id", arg=anchor,
                           timeout=10_000)
    return _current(page) == anchor


def test_tidal_reach_played_to_an_ending_in_chromium(browser, readers, tmp_path):
    page = browser.new_page(viewport={"width": 900, "height": 900})
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("request", lambda request: problems.append(request.url)
            if not request.url.startswith(("file:", "data:")) else None)
    page.goto(readers["tidal_reach"].as_uri())
    assert _at(page, "location-0") and page.url.endswith("#location-0")
    page.click("article.current >> text=Location 101")
    page.click("article.current >> text=Location 102")
    assert _at(page, "location-102")
    page.click("#location-102-engage-0 >> text=Read the result")
    page.click("#location-102-engage-0 >> text=Location 140")
    assert _at(page, "location-140")
    claim = page.locator("#location-140-take-1")
    claim.locator("input[type=checkbox]").check()
    claim.locator("text=Read the result").click()
    claim.locator("text=card 1705").click()
    assert _at(page, "card-1705")
    page.click("article.current >> text=Read the result")
    assert page.locator("article.current details.result").inner_text().endswith(
        "You have completed destiny 1705: read its entry to end the game, or go on.")
    page.screenshot(path=str(tmp_path / "reader.png"))
    assert (tmp_path / "reader.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page.go_back()
    assert _at(page, "location-140")                     # the browser's history
    page.go_forward()
    assert _at(page, "card-1705")
    page.reload()
    assert _at(page, "card-1705")
    page.goto(readers["tidal_reach"].as_uri())                  # no address: back where the reader was
    assert _at(page, "card-1705")
    assert page.locator("#checked").inner_text() == "Take: Claim the beacon"
    page.goto(readers["tidal_reach"].as_uri() + "#location-140")
    assert page.locator("#location-140-take-1 input[type=checkbox]").is_checked()
    page.fill("#q", "calder")
    assert page.locator("#results a").all_inner_texts() == ["Location 150 Wreck of the Calder"]
    page.fill("#q", "104")
    page.press("#q", "Enter")
    assert _at(page, "location-104")
    assert problems == []


def test_the_first_entry_opens_with_its_heading_below_the_header_on_a_phone(browser, readers):
    # Location 000 is taller than the screen: opened without an address, the reader went to
    # it and the browser's jump to its anchor hid its number and title under the header.
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(readers["tidal_reach"].as_uri())
    assert _at(page, "location-0")
    page.wait_for_load_state("load")
    header = page.locator("header").bounding_box()
    heading = page.locator("article.current h2").bounding_box()
    assert page.evaluate("scrollY") == 0
    assert heading["y"] >= header["y"] + header["height"]


def test_a_card_without_a_number_is_found_by_its_title(browser, readers):
    page = browser.new_page()
    page.goto(readers["glacier_of_echoes"].as_uri())
    page.fill("#q", "ice")
    assert page.locator("#results a").all_inner_texts() == [
        "Log 1006 The Ice Caves", "Log 1089 The Ice Gives Way", "Event Groaning Ice", "Point of Interest P202 Thin Ice",
        "Rank-Up Voices in the Ice", "Threat T11 Ice Stalker"]
    page.fill("#q", "frostbite")
    page.press("#q", "Enter")
    assert _at(page, "injury-Frostbite")


def test_a_check_mark_survives_a_reload(browser, readers):
    page = browser.new_page()
    page.goto(readers["eye_of_the_void"].as_uri())
    assert _at(page, "log-20")
    page.click("article.current >> text=Log 879")
    page.click("article.current >> text=Back to the board of The Eye of the Void")
    page.click("article.current >> text=Log 227")
    box = page.locator("article.current input[data-check='log-227']")
    box.check()
    page.reload()
    assert _at(page, "log-227")
    # The marks are put back by the page's script once it has loaded: wait for them.
    page.wait_for_function("() => document.querySelector(\"article.current input[data-check='log-227']\")"
                           "?.checked === true", timeout=10_000)
    assert page.locator("article.current input[data-check='log-227']").is_checked()
    assert page.locator("#checked").inner_text() == "Log 227"
    page.click("#reset")
    assert not page.locator("article.current input[data-check='log-227']").is_checked()
    page.emulate_media(media="print")
    assert page.locator("article.entry").nth(5).is_visible()      # the print stylesheet shows every entry


def test_every_vanguard_card_is_an_entry_worded_as_its_card_prints_it(readers):
    page = readers["glacier_of_echoes"].read_text()
    threat = page.split('<article class="entry" id="threat-T11" data-key="T11" data-name="Threat T11 Ice Stalker">')[1]
    threat = threat.split("</article>")[0]
    assert "Threat · " in threat and "2 standees" in threat
    assert "<strong>Attack:</strong> Each Crewmember in the Sector: spend a die." in threat
    assert "<strong>No Crewmember in its Sector:</strong> The Threat moves." in threat
    assert "<h4>Time Track</h4>" in threat and "<strong>3:</strong> The Threat attacks once" in threat
    assert 'Place <a href="#threat-T11">Threat T11</a> in Sector 4.' in page
    assert 'Put <a href="#condition-G11">Global Condition G11</a> into play.' in page
    assert 'Reveal <a href="#mission-M13">Mission M13</a>.' in page
    # a POI printed on the board is named as the board prints it, not by its place in the pack
    assert 'Sector 5 Buried Mast: <a href="#poi-glacier-5">Buried Mast</a>' in page
    assert "glacier.5" not in re.sub(r"<[^>]*>", "", page)
    # the board's spaces: its mission, condition card, unique discovery and rank-up
    assert 'Mission: <a href="#mission-M11">M11 Echoes Beneath</a>' in page
    assert 'Rank-Up: <a href="#rank_up-Voices-in-the-Ice">Voices in the Ice</a>' in page
    # a dice check's rows with their requirements, as icons
    mission = page.split('id="mission-M12"')[1].split("</article>")[0]
    assert 'aria-label="physical"' in mission and "Haul on the Cables" in mission


# What a player never reads: an identifier of the language or the bundle.
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]\w*\.\d+\b|\bvcard\b")


@pytest.mark.parametrize("name", ["eye_of_the_void", "glacier_of_echoes", "tidal_reach"])
def test_a_shipped_reader_has_no_broken_link_and_no_internal_name(browser, readers, name):
    page = browser.new_page()
    page.goto(readers[name].as_uri())
    broken = page.evaluate("""() => [...document.querySelectorAll('a[href^="#"]')]
        .map(a => a.getAttribute('href').slice(1)).filter(id => !document.getElementById(id))""")
    assert broken == []
    texts = page.evaluate("""() => {
        const walk = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
        const out = [];
        while (walk.nextNode()) out.push(walk.currentNode.data);
        return out; }""")
    assert len(texts) > 100
    assert [INTERNAL.findall(t) for t in texts if INTERNAL.search(t)] == []
    if name == "glacier_of_echoes":
        page.goto(readers[name].as_uri() + "#log-1000")
        page.click("article.current >> text=threat T11")
        assert _at(page, "threat-T11")
        assert "Attack: Each Crewmember in the Sector: spend a die." in page.locator("article.current").inner_text()


def test_a_malformed_address_opens_the_first_entry(browser, readers):
    page = browser.new_page(viewport={"width": 900, "height": 900})
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(readers["tidal_reach"].as_uri() + "#%")
    assert _at(page, "location-0") and page.url.endswith("#location-0")
    page.evaluate("location.hash = '#%E0%A4%A'")            # a hash change to another malformed one
    assert _at(page, "location-0")
    assert problems == []
    page.close()


def test_a_word_wider_than_the_column_breaks_inside_it(browser, write_pack, tmp_path):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "Start" {\n  text "Go ' + "A" * 3000
                         + '."\n  end exploration\n}\n'})
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "html"])
    assert result.exit_code == 0, result.output
    page = browser.new_page(viewport={"width": 600, "height": 800})
    page.goto((tmp_path / "out" / "test" / "reader.html").as_uri() + "#log-1")
    assert _at(page, "log-1")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    page.close()
