"""Translation files: the template of a pack's messages (`locale/messages.pot`), the
translations of each language (`locale/LANG.po`), merged with a changed source the way
msgmerge merges, and read back with a coded diagnostic at the line of anything a
printed edition would get wrong."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import polib

from vcompiler import __version__, codes
from vcompiler.checks.glyphs import FONTS, unprintable
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.i18n.messages import Message, as_token
from vcompiler.parse.markup import parse_text
from vcompiler.source import SourceFile, Span
from vcompiler.util.safeio import Refused, read_regular

LOCALE = "locale"
TEMPLATE = "messages.pot"
MAX_PO_BYTES = 20_000_000
# A language tag as gettext names its files: de, pt_BR, sr@latin; and the pseudo-locale.
LANGUAGE = re.compile(r"[a-z]{2,3}(?:_[A-Z]{2})?(?:@[a-z]+)?")
# What a translation must keep of its source: references and icons, as written.
_REFERENCE = re.compile(r"\{\s*(log|card|location|icon)\s+([^}\s]+)\s*\}")
_EMPHASIS = re.compile(r"(?<!\\)\*\*|(?<!\\)\*")
# A translation this many times its source's length, and this much longer, is more
# likely pasted into the wrong entry than a language's longer words.
LONGER_TIMES = 3.0
LONGER_BY = 40


def references(text: str) -> Counter[tuple[str, str]]:
    return Counter((kind, target) for kind, target in _REFERENCE.findall(text))


def _entry(message: Message, folder_display: str) -> polib.POEntry:
    where = message.span.file
    if where.startswith(folder_display.rstrip("/") + "/"):
        where = where[len(folder_display.rstrip("/")) + 1:]
    return polib.POEntry(msgctxt=message.id, msgid=message.text, msgstr="",
                         occurrences=[(where, str(message.span.line))], comment=message.note)


def template(messages: Iterable[Message], pack: str, folder_display: str) -> polib.POFile:
    pot = polib.POFile(wrapwidth=0)
    pot.metadata = {
        "Project-Id-Version": pack,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Generator": f"vcompiler {__version__}",
    }
    for message in messages:
        pot.append(_entry(message, folder_display))
    return pot


def merged(po: polib.POFile, pot: polib.POFile) -> tuple[polib.POFile, Counter[str]]:
    """`po` brought up to `pot`, as msgmerge does: an entry of the same ID keeps its
    translation (marked fuzzy, with the source it translated, when the source changed);
    an entry whose ID is new takes the translation of an old entry with the same source
    (an entry renumbered, or moved to another file); what no source has any more is
    kept as obsolete, its translation with it; the rest is new and empty."""
    by_id = {e.msgctxt: e for e in po if not e.obsolete}
    by_source: dict[str, polib.POEntry] = {}
    for e in [*po]:
        if e.msgstr and not e.fuzzy:
            by_source.setdefault(e.msgid, e)
    out = polib.POFile(wrapwidth=0)
    out.metadata = dict(po.metadata) or dict(pot.metadata)
    out.header = po.header
    counts: Counter[str] = Counter()
    used: set[int] = set()
    for new in pot:
        entry = polib.POEntry(msgctxt=new.msgctxt, msgid=new.msgid, occurrences=new.occurrences,
                              comment=new.comment, msgstr="")
        old = by_id.get(new.msgctxt)
        if old is not None:
            used.add(id(old))
            entry.msgstr, entry.tcomment, entry.flags = old.msgstr, old.tcomment, list(old.flags)
            if old.msgid != new.msgid and old.msgstr:
                if "fuzzy" not in entry.flags:
                    entry.flags.append("fuzzy")
                entry.previous_msgid = old.msgid
                counts["fuzzy"] += 1
            else:
                counts["kept"] += 1
        elif new.msgid in by_source:
            found = by_source[new.msgid]
            used.add(id(found))
            entry.msgstr, entry.tcomment = found.msgstr, found.tcomment
            counts["moved"] += 1
        else:
            counts["new"] += 1
        out.append(entry)
    for old in po:
        if id(old) not in used and (old.msgstr or old.obsolete) and old.msgid not in {e.msgid for e in out}:
            old.obsolete = True
            out.append(old)
            counts["obsolete"] += 1
    return out, counts


def read_po(path: Path, display: str, within: Path) -> tuple[polib.POFile | None, SourceFile, Diagnostic | None]:
    """A translation file, or None and why it cannot be read (E600 at its line)."""
    empty = SourceFile.from_text(path, display, path.name, "")
    try:
        data = read_regular(path, within=within, limit=MAX_PO_BYTES)
    except Refused as refused:
        return None, empty, diagnostic(codes.BAD_TRANSLATION_FILE, empty.whole(),
                                       message=f"the translation file is not read: {refused.why}",
                                       hint="keep the translation files in the pack's locale/ folder, as files")
    except OSError as error:
        return None, empty, diagnostic(codes.BAD_TRANSLATION_FILE, empty.whole(),
                                       message=f"cannot read the translation file: {error.strerror or error}",
                                       hint="check that it exists and that you may read it")
    declared = re.search(rb"charset=([A-Za-z0-9_.:-]+)", data[:4096])
    charset = declared.group(1).decode("ascii").lower() if declared else "utf-8"
    if charset.replace("-", "").replace("_", "") not in ("utf8", "ascii", "usascii"):
        source = SourceFile.from_text(path, display, path.name, data.decode("utf-8", "replace"))
        line = data[:declared.start()].count(b"\n") + 1 if declared else 1
        return None, source, diagnostic(
            codes.BAD_TRANSLATION_FILE, Span(display, line, 1, line, 2),
            message=f"the translation file declares the charset {charset}: vcompiler reads UTF-8 only",
            hint="save it as UTF-8 and write `charset=UTF-8` in its Content-Type header (Poedit: "
                 "Catalogue > Properties > Source code charset)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        source = SourceFile.from_text(path, display, path.name, data.decode("utf-8", "replace"))
        return None, source, diagnostic(
            codes.BAD_TRANSLATION_FILE, Span(display, line, 1, line, 2),
            message=f"the translation file is not UTF-8: byte 0x{data[error.start]:02x} at line {line}",
            hint="save it as UTF-8, as its header's charset says")
    source = SourceFile.from_text(path, display, path.name, text.replace("\r\n", "\n"))
    bad = _first_bad_line(source.text)
    if bad is not None:
        line, why = bad
        return None, source, diagnostic(
            codes.BAD_TRANSLATION_FILE, Span(display, line, 1, line, max(2, len(source.line_text(line)) + 1)),
            message=f"the translation file does not parse: {why}",
            hint='each entry is `msgctxt "…"`, `msgid "…"`, `msgstr "…"`, each string on its line in double '
                 'quotes (a quote inside is \\"); a PO editor such as Poedit writes them so')
    try:
        po = polib.pofile(source.text, wrapwidth=0)
    except (OSError, ValueError) as error:
        at = re.search(r"line (\d+)", str(error))
        line = min(int(at.group(1)), max(1, source.text.count("\n") + 1)) if at else 1
        return None, source, diagnostic(
            codes.BAD_TRANSLATION_FILE, Span(display, line, 1, line, 2),
            message=f"the translation file does not parse: {str(error).split(' (line')[0].lower()}",
            hint='each entry is `msgctxt "…"`, `msgid "…"`, `msgstr "…"`, each string on its line in double '
                 'quotes (a quote inside is \\"); a PO editor such as Poedit writes them so')
    return po, source, None


# A line of a PO file: a keyword and a string, a string that continues the one above,
# a comment or nothing. gettext's reader is lenient (a string that never closes loses
# its last character and no error is raised): each line is held to this first.
_PO_LINE = re.compile(r'(?:#~\s*)?(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"(?:[^"\\]|\\.)*"\s*')


def _first_bad_line(text: str) -> tuple[int, str] | None:
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if not stripped or (stripped.startswith("#") and not stripped.startswith("#~")):
            continue
        if not _PO_LINE.fullmatch(stripped):
            if stripped.count('"') % 2 == 1 or not stripped.endswith('"'):
                return number, "a string that does not close on its line"
            return number, f"line {number} is not a PO line (`msgid \"…\"`, `msgstr \"…\"` or a comment)"
    return None


def _msgstr_line(source: SourceFile, entry: polib.POEntry) -> int:
    """The line of an entry's msgstr (polib counts the entry from its msgid or context)."""
    line = max(1, entry.linenum or 1)
    for n in range(line, min(line + 200, source.text.count("\n") + 2)):
        if source.line_text(n).startswith("msgstr"):
            return n
    return line


def check_translations(po: polib.POFile, source: SourceFile, messages: list[Message],
                       language: str, strict: bool) -> list[Diagnostic]:
    """What would print wrong, or not in this language, at each entry's msgstr line."""
    found: list[Diagnostic] = []
    display = source.display
    current = {m.id: m for m in messages}
    untranslated = fuzzy = 0
    seen: set[str] = set()
    for entry in po:
        if entry.obsolete:
            continue
        line = _msgstr_line(source, entry)
        text = source.line_text(line)
        span = Span(display, line, 1, line, max(2, len(text) + 1))
        message = current.get(entry.msgctxt or "")
        if message is None:
            found.append(diagnostic(codes.STALE_TRANSLATION, span, id=entry.msgctxt or entry.msgid[:40],
                                    hint="run `vcompiler i18n update` to mark it obsolete (its translation is "
                                         "kept, and taken up again if the text comes back)"))
            continue
        seen.add(message.id)
        if entry.fuzzy:
            fuzzy += 1
        if not entry.msgstr:
            untranslated += 1
            continue
        wanted, given = references(message.text), references(entry.msgstr)
        if wanted != given:
            lost = sorted((wanted - given).elements())
            added = sorted((given - wanted).elements())
            said = "; ".join(filter(None, [
                "drops " + ", ".join(f"{{{k} {t}}}" for k, t in lost) if lost else "",
                "adds " + ", ".join(f"{{{k} {t}}}" for k, t in added) if added else ""]))
            found.append(diagnostic(codes.TRANSLATION_REFERENCE, span, id=message.id, what=said,
                                    hint="keep every {log N}, {card ID}, {location N} and {icon NAME} of the "
                                         "source, as written: the numbers are the same in every edition"))
        _, problems = parse_text(as_token(entry.msgstr), display, line, 1, (line, 2))
        for problem in problems[:1]:
            found.append(diagnostic(codes.TRANSLATION_MARKUP, span, id=message.id, message=problem.message,
                                    hint=problem.hint or "write the markup as the source does"))
        if not problems and len(_EMPHASIS.findall(entry.msgstr)) != len(_EMPHASIS.findall(message.text)):
            found.append(diagnostic(codes.TRANSLATION_EMPHASIS, span, id=message.id,
                                    hint="emphasise the words that translate the emphasised ones, with the same "
                                         "*…* or **…** as the source"))
        glyphs = unprintable(entry.msgstr)
        if glyphs is not None:
            chars, shown, instead = glyphs
            found.append(diagnostic(
                codes.MISSING_GLYPH, span,
                message=f"the {language} translation of `{message.id}` has "
                        f"{'a character' if len(chars) == 1 else 'characters'} the printed fonts cannot draw: {shown}",
                hint=f"the {language} edition prints with the bundled fonts only ({FONTS}: Latin, Greek, Cyrillic "
                     f"and common symbols): {instead}"))
        if len(entry.msgstr) > LONGER_TIMES * len(message.text) and len(entry.msgstr) > len(message.text) + LONGER_BY:
            found.append(diagnostic(codes.TRANSLATION_TOO_LONG, span, id=message.id,
                                    times=f"{len(entry.msgstr) / max(1, len(message.text)):.0f}",
                                    hint="check that the translation is of this entry; a card or a book's "
                                         "column holds only so much (check --lang reports what does not fit)"))
    missing = [m for m in messages if m.id not in seen]
    untranslated += len(missing)
    if strict and (untranslated or fuzzy):
        found.append(diagnostic(
            codes.UNFINISHED_TRANSLATION, Span(display, 1, 1, 1, 2), language=language,
            untranslated=untranslated, fuzzy=fuzzy, total=len(messages),
            hint="; ".join(filter(None, [
                "run `vcompiler i18n update` to add the missing entries" if missing else "",
                "translate the empty entries (a PO editor lists them first)" if untranslated else "",
                "a fuzzy entry's source changed: check its translation, then remove its fuzzy flag"
                if fuzzy else ""]))))
    return found


def language_of(path: Path) -> str | None:
    return path.stem if path.suffix == ".po" and LANGUAGE.fullmatch(path.stem) else None
