"""Translated editions: the game's phrasebook in every language vcompiler ships, a
translation applied to the syntax trees (numbers and order the source edition's), the
editions built beside the source's, and what each edition prints wrong (card fit,
glyphs) reported in its language."""
import json
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner

from conftest import CONTENT, VANGUARD_HEADER
from vcompiler.driver.cli import main
from vcompiler.registry import phrasebook
from vcompiler.registry.phrasebook import MissingPhrase, phrase, phrases, slots, speaking, tables

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def diagnostics(folder: Path, *flags: str) -> list[dict]:
    return json.loads(run("check", str(folder), "--format", "json", "--no-cache", *flags).output)["diagnostics"]


@pytest.mark.parametrize("language", sorted(tables()))
def test_every_phrase_is_in_every_shipped_language_with_its_slots_and_icons(language):
    for english in phrases():
        translated = phrase(english, language)
        assert translated.strip(), english
        assert slots(translated) == slots(english), english
        # An article chosen by the word's sound is English's: a language with genders names the kind.
        assert ":a}" not in translated and ":s}" not in translated, english


def test_every_phrase_the_code_says_is_in_the_phrasebook():
    said = set()
    for path in (ROOT / "vcompiler").rglob("*.py"):
        said |= set(re.findall(r'\bsay\("((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8")))
    for path in (ROOT / "vcompiler" / "templates").glob("*.j2"):
        text = path.read_text(encoding="utf-8")
        said |= set(re.findall(r'\b(?:t|phrased)\("([^"]*)"', text))
        said |= {p for pair in re.findall(r'\bcount\("([^"]*)", "([^"]*)"', text) for p in pair}
    assert said and said <= set(phrases()), sorted(said - set(phrases()))


def test_a_missing_phrase_is_an_error_naming_it(monkeypatch):
    lacking = dict(tables()["de"])
    del lacking["go to {target}"]
    monkeypatch.setattr(phrasebook, "tables", lambda: {"de": lacking})
    with pytest.raises(MissingPhrase, match="go to"):
        phrase("go to {target}", "de")
    assert phrasebook.missing("de") == ["go to {target}"]


def test_a_language_without_a_phrasebook_is_e603_at_its_translation_file(tmp_path):
    pack = tmp_path / "eye-of-the-void"
    shutil.copytree(CONTENT / "eye-of-the-void", pack)
    shutil.copy(pack / "locale" / "de.po", pack / "locale" / "fr.po")
    found = [(d["code"], Path(d["file"]).name, d["line"]) for d in diagnostics(pack, "--lang", "fr")]
    assert ("E603", "fr.po", 1) in found
    said = next(d for d in diagnostics(pack, "--lang", "fr") if d["code"] == "E603")["message"]
    assert "fr phrasebook" in said and "“" in said
    out = tmp_path / "build"
    result = run("build", str(pack), "--only", "json", "--lang", "fr", "-o", str(out))
    assert result.exit_code == 1 and not out.exists()


def test_plurals_follow_the_languages_rules():
    from vcompiler.model import types as m
    from vcompiler.render.ir import plain
    from vcompiler.render.voice import sentence
    from vcompiler.source import Span

    span = Span("x", 1, 1, 1, 2)

    def drawn(n: int) -> str:
        effect = m.Effect("draw_section", (("amount", n),), span)
        return plain(sentence(m.Choice((effect,), span)))
    assert drawn(1) == "Draw 1 Section card." and drawn(2) == "Draw 2 Section cards."
    with speaking("de"):
        assert drawn(1) == "Ziehe 1 Sektionskarte." and drawn(3) == "Ziehe 3 Sektionskarten."


@pytest.fixture
def eye(tmp_path) -> Path:
    pack = tmp_path / "eye-of-the-void"
    shutil.copytree(CONTENT / "eye-of-the-void", pack)
    return pack


def test_the_shipped_german_edition_is_complete_and_clean():
    assert diagnostics(CONTENT, "--lang", "all", "--strict") == []
    po = polib.pofile(str(CONTENT / "eye-of-the-void" / "locale" / "de.po"))
    assert po.percent_translated() == 100 and not po.fuzzy_entries()


def test_a_translated_bundle_has_the_source_editions_numbers_and_order_in_german(eye, tmp_path):
    out = tmp_path / "build"
    result = run("build", str(eye), "--only", "json", "--lang", "de", "-o", str(out))
    assert result.exit_code == 0, result.output
    source = json.loads((out / "eye_of_the_void" / "bundle.json").read_text(encoding="utf-8"))
    german = json.loads((out / "eye_of_the_void" / "de" / "bundle.json").read_text(encoding="utf-8"))
    assert "language" not in source["pack"] and german["pack"]["language"] == "de"
    assert german["labels"] == source["labels"]
    assert [x["number"] for x in german["logs"]] == [x["number"] for x in source["logs"]]
    assert [x["id"] for x in german["cards"]] == [x["id"] for x in source["cards"]]
    titles = {x["number"]: json.dumps(x["title"], ensure_ascii=False) for x in german["logs"]}
    assert "Die Spitze erinnert sich" in titles[206] and "Weckruf" in titles[source["labels"]["wake_up"]]
    # What has no translation stays in the source language.
    po_path = eye / "locale" / "de.po"
    po = polib.pofile(str(po_path))
    po.find("log 207/title", by="msgctxt").msgstr = ""
    po.save(str(po_path))
    run("build", str(eye), "--only", "json", "--lang", "all", "-o", str(out))
    german = json.loads((out / "eye_of_the_void" / "de" / "bundle.json").read_text(encoding="utf-8"))
    assert "Leaving Empty-Handed" in json.dumps(next(x for x in german["logs"] if x["number"] == 207)["title"])


def test_a_translated_logbook_says_the_german_text_and_phrases_with_the_source_numbers(eye, tmp_path):
    out = tmp_path / "build"
    result = run("build", str(eye), "--only", "pdf", "--lang", "de", "-o", str(out))
    assert result.exit_code == 0, result.output

    def text(path: Path) -> str:
        said = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True)
        # A word hyphenated at a line's end read whole, then lines joined.
        return re.sub(r"\s+", " ", re.sub(r"[\u2010-]\n(?=[a-zäöüß])", "", said.stdout))
    english = text(out / "eye_of_the_void" / "logbook.pdf")
    german = text(out / "eye_of_the_void" / "de" / "logbook.pdf")
    assert "If Log 410 is checked, go to Log 206. Otherwise, go to Log 207." in english
    assert "Wenn Logbucheintrag 410 angekreuzt ist, gehe zu Logbucheintrag 206. Andernfalls gehe zu " \
           "Logbucheintrag 207." in german
    assert "Die Landefähre reißt sich zitternd von der Hülle los." in german and "LOGBUCH" in german
    assert "Lander shudders" not in german
    # The same logs under the same numbers, a label's the one numbers.lock gave it.
    for number, title, titel in ((206, "The Spire Remembers", "Die Spitze erinnert sich"),
                                 (879, "Wake-Up Call", "Weckruf"), (410, "Beneath the Spire", "Unter der Spitze")):
        assert re.search(rf"\b{number} (☐ )?{title}", english) and re.search(rf"\b{number} (☐ )?{titel}", german)


POI_TEXT = " ".join(["The hull hums under your boots."] * 20)


def test_the_pseudo_locale_shows_a_card_that_fits_in_english_overflowing(tmp_path):
    pack = tmp_path / "fit"
    pack.mkdir()
    (pack / "pack.vcl").write_text(VANGUARD_HEADER + f'''
log 1 "Start" {{
  text "You land."
  return
}}

poi P101 "Outer Surface" external {{
  text "{POI_TEXT}"
}}
''', encoding="utf-8")
    assert diagnostics(pack) == []
    found = diagnostics(pack, "--lang", "qps")
    assert [(d["code"], d["line"]) for d in found] == [("W510", 14)]
    assert found[0]["message"].endswith("(in the qps edition)")


def test_a_glyph_the_fonts_lack_in_a_translation_is_e110_at_its_line(eye):
    po_path = eye / "locale" / "de.po"
    po = polib.pofile(str(po_path))
    po.find("log 204/title", by="msgctxt").msgstr = "Start \u4e2d"
    po.save(str(po_path))
    line = next(n for n, text in enumerate(po_path.read_text(encoding="utf-8").splitlines(), 1)
                if text == 'msgstr "Start \u4e2d"')
    found = [d for d in diagnostics(eye, "--lang", "de") if d["code"] == "E110"]
    assert [(Path(d["file"]).name, d["line"]) for d in found] == [("de.po", line)]
    assert "de translation of `log 204/title`" in found[0]["message"] and "U+4E2D" in found[0]["message"]
    assert [d for d in diagnostics(eye) if d["code"] == "E110"] == []


def test_a_template_rendered_without_a_language_speaks_the_one_spoken():
    from vcompiler.render.templating import environment

    template = environment().from_string('<html lang="{{ lang }}">{{ t("Results") }} '
                                         '{{ count("{n} entry", "{n} entries", 2) }}</html>')
    assert template.render() == '<html lang="en">Results 2 entries</html>'
    with speaking("de"):
        assert template.render() == '<html lang="de">Ergebnisse 2 Einträge</html>'
    with speaking("qps"):
        assert template.render().startswith('<html lang="en">Réšültš')


def test_an_edition_whose_translation_drops_a_reference_is_not_built(eye, tmp_path):
    po_path = eye / "locale" / "de.po"
    po = polib.pofile(str(po_path))
    po.find("log 298/statements.0.text", by="msgctxt").msgstr = "Das Summen schwillt an."
    po.save(str(po_path))
    out = tmp_path / "build"
    result = run("build", str(eye), "--only", "json", "--lang", "de", "-o", str(out))
    assert result.exit_code == 1 and "E601" in result.output and not out.exists()
    assert run("build", str(eye), "--only", "json", "-o", str(out)).exit_code == 0
