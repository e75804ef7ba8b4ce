"""The translation commands' work: a pack's template written, its translation files
brought up to it, and the translations checked beside the pack's own diagnostics."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from vcompiler.compile import CompileResult, display_path
from vcompiler.diagnostics import Diagnostic
from vcompiler.i18n.messages import pack_messages
from vcompiler.i18n.po import LOCALE, TEMPLATE, check_translations, language_of, merged, read_po, template
from vcompiler.source import SourceFile
from vcompiler.util.atomic import write_whole


def languages_of(folder: Path) -> list[str]:
    """The languages the pack has a translation file for, in name order."""
    locale = folder / LOCALE
    if not locale.is_dir() or locale.is_symlink():
        return []
    return sorted(lang for path in locale.glob("*.po") if (lang := language_of(path)) is not None)


def extract(folder: Path, out: Path | None = None) -> tuple[Path, int]:
    """The pack's template written to `out` (default: its locale/messages.pot)."""
    messages, _ = pack_messages(folder)
    name = folder.name
    pot = template(messages, name, display_path(folder))
    target = out or folder / LOCALE / TEMPLATE
    target.parent.mkdir(parents=True, exist_ok=True)
    write_whole(target, pot.__unicode__().encode("utf-8"))
    return target, len(messages)


def update(folder: Path, languages: list[str]) -> list[tuple[str, Path, dict[str, int]] | tuple[str, Path, Diagnostic]]:
    """Each language's file brought up to the pack's messages (made when it does not
    exist), with what changed; a file that cannot be read is left as it is."""
    import polib

    messages, _ = pack_messages(folder)
    pot = template(messages, folder.name, display_path(folder))
    done: list[tuple[str, Path, dict[str, int]] | tuple[str, Path, Diagnostic]] = []
    for language in languages:
        path = folder / LOCALE / f"{language}.po"
        if path.exists() or path.is_symlink():
            po, _, problem = read_po(path, display_path(path), folder)
            if problem is not None or po is None:
                assert problem is not None
                done.append((language, path, problem))
                continue
        else:
            po = polib.POFile(wrapwidth=0)
            po.metadata = {**pot.metadata, "Language": language}
        out, counts = merged(po, pot)
        out.metadata.setdefault("Language", language)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, out.__unicode__().encode("utf-8"))
        done.append((language, path, dict(counts)))
    return done


def with_translations(result: CompileResult, languages: list[str] | None, strict: bool) -> CompileResult:
    """`result` with what its translation files would print wrong: every language the
    pack has (`languages` None) or those named. A language the pack has no file for is
    not an error here: `i18n update --lang LANG` starts one."""
    if result.pack is None:
        return result
    folder = result.folder
    wanted = languages_of(folder) if languages is None else languages
    if not wanted:
        return result
    messages, _ = pack_messages(folder)
    found: list[Diagnostic] = []
    sources: dict[str, SourceFile] = {}
    for language in wanted:
        path = folder / LOCALE / f"{language}.po"
        if not path.exists():
            continue
        po, source, problem = read_po(path, display_path(path), folder)
        sources[source.display] = source
        if problem is not None or po is None:
            if problem is not None:
                found.append(problem)
            continue
        found.extend(check_translations(po, source, messages, language, strict))
    if not found and not sources:
        return result
    return replace(result, diagnostics=result.diagnostics + tuple(found), sources={**result.sources, **sources})
