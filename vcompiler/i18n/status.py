"""How far each language has translated an entry, for the editor: translated, fuzzy (its
source changed since) or missing, from the pack's locale/LANG.po files. A file is read
again only when it changed."""
from __future__ import annotations

from pathlib import Path

from vcompiler.i18n.po import LOCALE, language_of

# path -> (mtime_ns, size, {entry: (translated, fuzzy, empty)})
_READ: dict[Path, tuple[int, int, dict[str, tuple[int, int, int]]]] = {}


def entry_of(kind: str, key: object, label: str | None = None) -> str | None:
    """The first part of the message IDs of an entry (i18n/messages.py), from what the
    editor's index knows of it."""
    if kind == "log":
        return f"log @{label}" if label else f"log {key}"
    if kind == "location" and isinstance(key, int):
        return f"location {key:03d}"
    if kind == "vcard":
        return f"card {key}"
    if kind == "depart" and isinstance(key, tuple):
        return "depart " + " ".join(str(k) for k in key)
    if kind in ("planet", "poi", "mission", "condition", "event", "threat", "unique", "injury", "rank_up",
                "danger"):
        return f"{kind} {key}"
    return None


def _counts(path: Path) -> dict[str, tuple[int, int, int]]:
    import polib

    try:
        stat = path.stat()
    except OSError:
        return {}
    seen = _READ.get(path)
    if seen is not None and seen[:2] == (stat.st_mtime_ns, stat.st_size):
        return seen[2]
    counts: dict[str, tuple[int, int, int]] = {}
    try:
        entries = list(polib.pofile(str(path)))
    except (OSError, ValueError, UnicodeDecodeError):
        entries = []
    for e in entries:
        if e.obsolete or not e.msgctxt or "/" not in e.msgctxt:
            continue
        entry = e.msgctxt.split("/", 1)[0]
        done, fuzzy, empty = counts.get(entry, (0, 0, 0))
        counts[entry] = (done + (bool(e.msgstr) and not e.fuzzy), fuzzy + bool(e.fuzzy), empty + (not e.msgstr))
    _READ[path] = (stat.st_mtime_ns, stat.st_size, counts)
    return counts


def statuses(folder: Path, entry: str) -> list[tuple[str, str]]:
    """(language, "translated" | "fuzzy" | "missing") for each translation file of the pack."""
    locale = folder / LOCALE
    if not locale.is_dir():
        return []
    out = []
    for path in sorted(locale.glob("*.po")):
        language = language_of(path)
        if language is None or path.is_symlink():
            continue
        done, fuzzy, empty = _counts(path).get(entry, (0, 0, 0))
        out.append((language, "missing" if empty or not done + fuzzy else "fuzzy" if fuzzy else "translated"))
    return out
