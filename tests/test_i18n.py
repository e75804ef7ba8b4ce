"""Translations: the template of a pack's strings, msgmerge-like updates that keep every
translation through renumbering and moves, and a coded diagnostic at the line of each
translation a printed edition would get wrong (one case file a code in
tests/cases/i18n/, `# expect: CODE` above the entry, on line 1 for the whole file)."""
import json
import shutil
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner

from conftest import CONTENT
from vcompiler.driver.cli import main

CASES = Path(__file__).parent / "cases" / "i18n"


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def diagnostics(folder: Path, *flags: str) -> list[tuple[str, str, int]]:
    result = run("check", str(folder), "--format", "json", *flags)
    return [(d["code"], Path(d["file"]).name, d["line"]) for d in json.loads(result.output)["diagnostics"]]


def expected(po: Path, name: str = "de.po") -> set[tuple[str, str, int]]:
    """Each mark's code, at the line of the entry's msgstr below it (or at the first line
    that is not a comment, for a file that does not parse), or at line 1."""
    lines = po.read_text(encoding="utf-8").splitlines()
    found = set()
    for n, line in enumerate(lines, start=1):
        if not line.startswith("# expect: "):
            continue
        code = line.split(": ", 1)[1].strip()
        if n == 1:
            found.add((code, name, 1))
            continue
        after = [m for m in range(n + 1, len(lines) + 1) if not lines[m - 1].startswith("#")]
        at = next((m for m in after if lines[m - 1].startswith("msgstr")), after[0]) if code != "E600" else after[0]
        found.add((code, name, at))
    return found


@pytest.mark.parametrize("case", sorted(CASES.glob("*.po")), ids=lambda p: p.stem)
def test_case(case, tmp_path):
    pack = tmp_path / "tiny"
    (pack / "locale").mkdir(parents=True)
    shutil.copy(CASES / "pack.vcl", pack)
    # A case of another language than German says it before .po: E603-….fr.po.
    language = case.suffixes[-2][1:] if len(case.suffixes) > 1 else "de"
    shutil.copy(case, pack / "locale" / f"{language}.po")
    code = case.stem.split("-")[0]
    found = {d for d in diagnostics(pack, "--lang", language, "--strict") if d[1] == f"{language}.po"}
    wanted = expected(case, f"{language}.po")
    assert any(w[0] == code for w in wanted), "a case file must expect its own code"
    # Errors are every one expected; warnings only those of the file's code.
    assert {d for d in found if d[0].startswith("E") or d[0] == code} == wanted


@pytest.fixture
def eye(tmp_path) -> Path:
    pack = tmp_path / "eye-of-the-void"
    shutil.copytree(CONTENT / "eye-of-the-void", pack)
    return pack


def translate_all(po_path: Path) -> dict[str, str]:
    """A stand-in translator: every string marked as translated, references kept."""
    po = polib.pofile(str(po_path))
    for entry in po:
        entry.msgstr = "DE " + entry.msgid
    po.save(str(po_path))
    return {e.msgctxt: e.msgstr for e in po}


def test_ids_name_the_entry_and_field_and_the_template_says_where_and_what_prints_it(eye):
    result = run("i18n", "extract", str(eye))
    assert result.exit_code == 0 and "strings" in result.output
    pot = polib.pofile(str(eye / "locale" / "messages.pot"))
    by_id = {e.msgctxt: e for e in pot}
    title = by_id["log @wake_up/title"]
    line = (CONTENT / "eye-of-the-void" / "logbook.vcl").read_text(encoding="utf-8").splitlines().index(
        'log @wake_up "Wake-Up Call" {') + 1
    assert title.msgid == "Wake-Up Call" and title.occurrences == [("logbook.vcl", str(line))]
    assert "the Logbook" in title.comment
    assert "63 x 88 mm" in by_id["poi P101/name"].comment
    # Markup is kept as written, so that a translator sees what to keep.
    assert any("{log " in e.msgid for e in pot)
    assert len(by_id) == len(pot)


def test_update_keeps_every_translation_through_renumbering_moves_and_edits(eye):
    assert run("i18n", "update", str(eye), "--lang", "de").exit_code == 0
    po_path = eye / "locale" / "de.po"
    before = translate_all(po_path)
    logbook = eye / "logbook.vcl"
    text = logbook.read_text(encoding="utf-8")
    # The labelled log gets another number; a numbered log moves to a file of its own
    # (and its number changes); one sentence changes; one log is removed.
    lock = eye / "numbers.lock"
    lock.write_text(lock.read_text(encoding="utf-8").replace("wake_up = 879", "wake_up = 880"), encoding="utf-8")
    start = text.index('log 205 "')
    end = text.index("\n}\n", start) + 3
    moved = text[start:end].replace("log 205 ", "log 215 ", 1)
    text = text[:start] + text[end:]
    (eye / "more.vcl").write_text(moved, encoding="utf-8")
    text = text.replace('"Wake-Up Call"', '"A Rude Awakening"')
    logbook.write_text(text, encoding="utf-8")
    result = run("i18n", "update", str(eye))
    assert result.exit_code == 0, result.output
    po = polib.pofile(str(po_path))
    current = {e.msgctxt: e for e in po if not e.obsolete}
    # The renumbered label keeps its ID; the moved log keeps its translation under its
    # new number; the changed title is fuzzy with its old translation and source.
    assert current["log @wake_up/title"].msgstr == before["log @wake_up/title"]
    assert "fuzzy" in current["log @wake_up/title"].flags
    assert current["log @wake_up/title"].previous_msgid == "Wake-Up Call"
    assert current["log 215/title"].msgstr == before["log 205/title"]
    assert "fuzzy" not in current["log 215/title"].flags
    lost = [key for key, value in before.items()
            if key not in current and value not in {e.msgstr for e in po}]
    assert lost == []
    assert "log 205/title" not in current


def test_a_dropped_reference_is_E601_at_its_line_and_check_lang_all_finds_every_language(eye):
    run("i18n", "update", str(eye), "--lang", "de,pl")
    po_path = eye / "locale" / "de.po"
    translate_all(po_path)
    po = polib.pofile(str(po_path))
    entry = next(e for e in po if "{log " in e.msgid)
    entry.msgstr = "DE ohne Verweis"
    po.save(str(po_path))
    line = next(n for n, text in enumerate(po_path.read_text(encoding="utf-8").splitlines(), start=1)
                if text == 'msgstr "DE ohne Verweis"')
    assert ("E601", "de.po", line) in diagnostics(eye, "--lang", "all")
    # vcompiler has no Polish phrasebook: that edition cannot be printed (E603).
    assert sorted(d for d in diagnostics(eye, "--lang", "all", "--strict") if d[1] == "pl.po") == [
        ("E603", "pl.po", 1), ("W600", "pl.po", 1)]
    # Without --lang, translations are not read.
    assert [d for d in diagnostics(eye) if d[1].endswith(".po")] == []


@pytest.mark.parametrize("content", [
    b"\xff\xfe\x00garbage\x00" * 100,
    b'msgid "a"\nmsgstr "b"\nmsgid "a"\nmsgstr "c"\n',
    b'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=7; plural=(n==1 ? 0 : n==2 ? 1 : 6);\\n"\n',
    b'msgctxt "log 1/title"\nmsgid "Impact"\nmsgstr "' + b"x" * 20_000 + b'"\n',
    b'msgctxt "nothing/here"\nmsgid "Gone"\nmsgstr[0] "Weg"\nmsgstr[1] "Wege"\n',
])
def test_broken_translation_files_give_diagnostics_not_tracebacks(eye, content):
    (eye / "locale").mkdir(exist_ok=True)
    (eye / "locale" / "de.po").write_bytes(content)
    result = run("check", str(eye), "--lang", "de", "--format", "json")
    assert result.exit_code in (0, 1)
    for d in json.loads(result.output)["diagnostics"]:
        assert d["line"] >= 1 and d["hint"]


def test_a_translation_file_linked_out_of_the_pack_is_not_read(eye, tmp_path):
    secret = tmp_path / "secret.po"
    secret.write_text('msgctxt "log 1/title"\nmsgid "Impact"\nmsgstr "TOP SECRET"\n', encoding="utf-8")
    (eye / "locale").mkdir(exist_ok=True)
    (eye / "locale" / "de.po").unlink(missing_ok=True)
    (eye / "locale" / "de.po").symlink_to(secret)
    result = run("check", str(eye), "--lang", "de")
    assert "E600" in result.output and "TOP SECRET" not in result.output
