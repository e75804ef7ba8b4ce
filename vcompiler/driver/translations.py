"""The translation commands' work: a pack's template written, its translation files
brought up to it, and the translations checked beside the pack's own diagnostics."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from vcompiler import codes
from vcompiler.compile import CompileResult, compile_parsed, display_path, parse_pack
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.i18n.apply import pseudo_table, table_of, translated_files
from vcompiler.i18n.messages import pack_messages
from vcompiler.i18n.po import LOCALE, TEMPLATE, check_translations, language_of, merged, read_po, template
from vcompiler.parse.cache import ParseCache
from vcompiler.registry.phrasebook import PSEUDO, missing
from vcompiler.source import SourceFile, Span
from vcompiler.util.atomic import write_whole


def languages_of(folder: Path) -> list[str]:
    """The languages the pack has a translation file for, in name order."""
    locale = folder / LOCALE
    if not locale.is_dir() or locale.is_symlink():
        return []
    return sorted(lang for path in locale.glob("*.po") if (lang := language_of(path)) is not None and lang != PSEUDO)


def extract(folder: Path, out: Path | None = None) -> tuple[Path, int]:
    """The pack's template written to `out` (default: its locale/messages.pot)."""
    messages = pack_messages(folder)
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

    messages = pack_messages(folder)
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
    messages = pack_messages(folder)
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
        lacking = phrasebook_problem(folder, language)
        if lacking is not None:
            found.append(lacking)
    if not found and not sources:
        return result
    return replace(result, diagnostics=result.diagnostics + tuple(found), sources={**result.sources, **sources})


# What a translated edition is checked for beyond its translation file (where a glyph
# the fonts lack is E110 at its line): card text that does not fit (W510).
EDITION_CODES = frozenset({"W510"})


def phrasebook_problem(folder: Path, language: str) -> Diagnostic | None:
    """E603 when vcompiler cannot print the game's own words in `language`."""
    lacking = missing(language)
    if not lacking:
        return None
    path = folder / LOCALE / f"{language}.po"
    named = f"“{lacking[0]}”" + (f" and {len(lacking) - 1} more phrases" if len(lacking) > 1 else "")
    return diagnostic(codes.MISSING_PHRASE, Span(display_path(path), 1, 1, 1, 2), language=language,
                      missing=named, hint="build the languages vcompiler speaks (de, and qps to test fit), or "
                                          f"add the phrases to vcompiler/registry/phrases_{language}.py")


def edition(folder: Path, language: str, cache: ParseCache | None = None) -> CompileResult | Diagnostic:
    """The pack in `language`: its syntax trees with the translations of locale/LANG.po
    (the pseudo-locale's made up), then the stages after parsing as for the source.
    A translation file that cannot be read, or a language vcompiler cannot print the
    game's words in, gives the diagnostic instead."""
    problem = phrasebook_problem(folder, language)
    if problem is not None:
        return problem
    if language == PSEUDO:
        table = pseudo_table(folder)
    else:
        path = folder / LOCALE / f"{language}.po"
        po, _, unread = read_po(path, display_path(path), folder)
        if unread is not None or po is None:
            assert unread is not None
            return unread
        table = table_of(po)
    parsed, found, sources = parse_pack(folder, cache)
    result = compile_parsed(folder, translated_files(parsed, table), found, sources)
    if result.pack is None:
        return result
    return replace(result, pack=replace(result.pack, language=language))


def in_edition(found: Diagnostic, language: str) -> Diagnostic:
    """A diagnostic of a translated edition, saying which."""
    return replace(found, message=f"{found.message} (in the {language} edition)")
