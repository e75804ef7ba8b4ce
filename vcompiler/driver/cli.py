"""The command line. Wiring only: each command calls compile_pack and a formatter or
a writer."""
from __future__ import annotations

import contextlib
import errno
import gc
import os
import re
import signal
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from vcompiler import __version__
from vcompiler.codes import BOOKLET_ONLY, CANNOT_WRITE, INTERNAL, Severity
from vcompiler.diagnostics import Diagnostic, format_json, format_text
from vcompiler.util.failure import EXIT_INTERNAL, EXIT_INTERRUPTED, debugging, one_line

# The stages are imported by the commands that run them, so that `--help`, `--version`
# and `rules` start at once and `check` never loads what only `build` needs.
if TYPE_CHECKING:
    from vcompiler.compile import CompileResult
    from vcompiler.driver.targets import Stray
    from vcompiler.emit import Output
    from vcompiler.parse.cache import ParseCache
    from vcompiler.render import RenderOptions
    from vcompiler.source import SourceFile

DEFAULT_CONTENT = Path("source_content")
FORMATS = ("text", "json", "sarif", "github")


def _packs(paths: tuple[Path, ...]) -> list[Path]:
    return _survey(paths)[0]


def _survey(paths: tuple[Path, ...], declared: dict[Path, bool] | None = None) -> tuple[list[Path], list[Stray]]:
    """The packs under `paths`, and the .vcl files beside them that are in none;
    `declared` learns which folders declare packs (see files.survey)."""
    if not paths:
        if not DEFAULT_CONTENT.is_dir():
            raise click.UsageError("no PATH given, and there is no source_content/ folder here")
        paths = (DEFAULT_CONTENT,)
    from vcompiler.driver.targets import strays_beside
    from vcompiler.files import survey

    packs: list[Path] = []
    strays: list[Stray] = []
    for path in paths:
        found, beside = survey(path, declared)
        if not found and not beside:
            raise click.UsageError(f"{path} holds no pack (a folder with .vcl files)")
        packs.extend(p for p in found if p not in packs)
        strays += strays_beside(beside)
    return packs, strays


# The caches this command read, for `check --explain-cache`.
_CACHES: list[ParseCache] = []


def _new_cache() -> ParseCache:
    from vcompiler.parse.cache import ParseCache

    cache = ParseCache()
    _CACHES.append(cache)
    return cache


def _compile_all(paths: tuple[Path, ...], use_cache: bool = True) -> list[CompileResult]:
    from vcompiler.compile import compile_pack, same_names_apart
    from vcompiler.driver.targets import in_no_pack

    cache = _new_cache() if use_cache else None
    keep = _KEPT if _OWN_PROCESS else None
    declared: dict[Path, bool] = {}
    packs, strays = _survey(paths, declared)
    return same_names_apart([compile_pack(folder, cache, keep=keep, declared=declared) for folder in packs]) + \
        [in_no_pack(stray) for stray in strays]


def _check_targets(paths: tuple[Path, ...], use_cache: bool) -> list[CompileResult]:
    from vcompiler.compile import compile_pack, same_names_apart
    from vcompiler.driver.targets import TargetError, focus, in_no_pack, resolve_targets

    if not paths:
        return _with_card_fit(_compile_all(paths, use_cache), use_cache)
    declared: dict[Path, bool] = {}
    try:
        targets, strays = resolve_targets(list(paths), declared)
    except TargetError as error:
        raise click.UsageError(str(error)) from None
    cache = _new_cache() if use_cache else None
    keep = _KEPT if _OWN_PROCESS else None
    results = _with_card_fit(same_names_apart([compile_pack(t.folder, cache, keep=keep, declared=declared)
                                               for t in targets]), use_cache)
    return [focus(result, target) for result, target in zip(results, targets)] + [in_no_pack(s) for s in strays]


def _with_card_fit(results: list[CompileResult], use_cache: bool) -> list[CompileResult]:
    """Each result with the W510s its cards would get from `build` (render.fit): a
    pack whose cards cannot print whole fails `check --strict` as it fails the build.
    A pack with errors is not built, so its cards are not measured. The measures of
    the cards laid out are kept in the parse cache's folder unless `--no-cache`."""
    from dataclasses import replace

    from vcompiler.registry import CARD_SIZES
    from vcompiler.render.cards import faces_of, location_faces
    from vcompiler.render.fit import card_fit

    cache = _new_cache() if use_cache else None
    out = []
    for result in results:
        if result.pack is None or not result.ok:
            out.append(result)
            continue
        sizes = {**CARD_SIZES, **dict(result.card_sizes)}
        faces = faces_of(result.pack, sizes)
        if result.pack.game == "vantage":
            faces += location_faces(result.pack, sizes)
        found = card_fit(faces, cache)
        out.append(replace(result, diagnostics=tuple(sorted((*result.diagnostics, *found), key=Diagnostic.sort_key)))
                   if found else result)
    return out


def _with_editions(results: list[CompileResult], languages: list[str] | None,
                   use_cache: bool) -> list[CompileResult]:
    """Each result with what its translated editions print wrong that the source does
    not show: a glyph the fonts lack (E110) and card text that does not fit (W510),
    each saying its language. A pack with errors has no edition to measure."""
    from dataclasses import replace

    from vcompiler.driver.translations import EDITION_CODES, edition, in_edition, languages_of
    from vcompiler.registry.phrasebook import speaking

    out = []
    for result in results:
        if result.pack is None or not result.ok:
            out.append(result)
            continue
        found: list[Diagnostic] = []
        for language in languages_of(result.folder) if languages is None else languages:
            made = edition(result.folder, language, _new_cache() if use_cache else None)
            if isinstance(made, Diagnostic):
                continue            # told by with_translations: the file, or the phrasebook
            with speaking(language):
                measured = _with_card_fit([made], use_cache)[0]
            found += [in_edition(d, language) for d in measured.diagnostics if d.code.id in EDITION_CODES]
        out.append(replace(result, diagnostics=tuple(sorted((*result.diagnostics, *found), key=Diagnostic.sort_key)))
                   if found else result)
    return out


def _report(results: list[CompileResult], fmt: str, later: list[Diagnostic] | None = None,
            cached: list[str] | None = None) -> list[Diagnostic]:
    """Every diagnostic of `results`, and those `later` stages found (text that does
    not fit a card), as one report; `cached`: what was taken from the cache, for JSON."""
    diagnostics = [d for r in results for d in r.diagnostics] + sorted(later or [], key=Diagnostic.sort_key)
    sources = {k: v for r in results for k, v in r.sources.items()}
    if fmt == "json":
        click.echo(format_json(diagnostics, cached), nl=False)
    elif fmt == "sarif":
        from vcompiler.driver.reports import format_sarif
        click.echo(format_sarif(diagnostics, sources), nl=False)
    elif fmt == "github":
        from vcompiler.driver.reports import format_github
        click.echo(format_github(diagnostics), nl=False)
    else:
        color = sys.stdout.isatty() and "NO_COLOR" not in os.environ
        click.echo(format_text(diagnostics, sources, color=color), nl=False)
    return diagnostics


def _failed(diagnostics: list[Diagnostic], strict: bool) -> bool:
    return any(d.severity is Severity.ERROR or strict for d in diagnostics)


def _status(diagnostics: list[Diagnostic], strict: bool) -> int:
    """0 clean, 1 the content has errors, 2 the compiler failed (E900)."""
    if any(d.code is INTERNAL for d in diagnostics):
        return EXIT_INTERNAL
    return 1 if _failed(diagnostics, strict) else 0


# Set when this module runs as the `vcompiler` command (see run), rather than for a
# caller of main() (a test's CliRunner, a script): only then may a command end the
# process without unwinding.
_OWN_PROCESS = False
# What the compile stages made and no longer need, left unfreed when the process ends
# at once (see _exit): freeing a large pack's syntax tree object by object takes longer
# than checking some of it.
_KEPT: list[object] = []


def run() -> None:
    """The `vcompiler` command."""
    global _OWN_PROCESS
    _OWN_PROCESS = True
    main()


def _exit(code: int) -> NoReturn:
    """End a command that is done. In the command's own process: at once, once the
    output is flushed, without freeing the model and the syntax tree object by object
    nor tearing the interpreter down (a tenth of a second on a large pack)."""
    if _OWN_PROCESS:
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            code = 128 + signal.SIGPIPE
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


def _short_lived_process() -> None:
    # A command runs once and exits: the cycle collector would only walk the whole
    # model again when the compile is over (see compile.without_cycle_collection).
    gc.disable()


def _one_of(*values: str) -> click.Choice[str]:
    """A word an option takes, in any case: typed at a shell, `JSON` and `A4` are as
    likely as `json` and `a4`, and one command should not take what another refuses."""
    return click.Choice(values, case_sensitive=False)


_paths = click.argument("paths", nargs=-1,
                        type=click.Path(exists=True, file_okay=False, path_type=Path))
_format = click.option("--format", "fmt", type=_one_of(*FORMATS), default="text", show_default=True,
                       help="How to print diagnostics: text for people, json for tools, "
                            "sarif for code scanning, github for Actions annotations.")
_strict = click.option("--strict", is_flag=True, help="Fail on warnings too.")


def _languages_or_none(ctx: click.Context, param: click.Parameter, value: str | None) -> list[str] | None | bool:
    """False when --lang is not given (no translation is checked)."""
    return False if value is None else _languages(ctx, param, value)


def _languages(ctx: click.Context, param: click.Parameter, value: str | None) -> list[str] | None:
    """`--lang de,fr` as a list; `all` (every language a pack has) as None."""
    from vcompiler.i18n.po import LANGUAGE

    if value is None or value == "all":
        return None
    wanted = [v.strip() for v in value.split(",") if v.strip()]
    for language in wanted:
        if not LANGUAGE.fullmatch(language):
            raise click.BadParameter(f"{language!r} is not a language as gettext names its files (de, pt_BR)")
    return wanted

_no_cache = click.option("--no-cache", is_flag=True,
                         help="Parse every file afresh, without reading or writing the cache of parsed "
                              "files ($VCOMPILER_CACHE_DIR, else ~/.cache/vcompiler).")


class _Commands(click.Group):
    """Every command: Ctrl-C exits 130 with one line, a termination signal unwinds
    (so that staging and scratch folders are removed), and an error of the compiler
    itself is one line, E900, exit 2 (the traceback with --debug)."""

    def invoke(self, ctx: click.Context) -> object:
        signal.signal(signal.SIGTERM, _terminated)
        if hasattr(signal, "SIGXFSZ"):
            # Past a file-size limit a write fails with EFBIG (E104) rather than the
            # kernel ending the command without a word.
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except KeyboardInterrupt:
            click.echo("vcompiler: interrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except BrokenPipeError:
            # The reader stopped reading (`vcompiler rules | head`): end quietly, as a
            # command killed by SIGPIPE does, without a second error when stdout is flushed.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(128 + signal.SIGPIPE)
        except Exception as error:
            if debugging() and _disk_fault(error) is None:
                raise
            _internal_error(error)


def _terminated(signum: int, frame: object) -> None:
    sys.exit(128 + signum)


# What a full disk or a limit on files says: the writing failed, not vcompiler.
_DISK_FAULTS = (errno.ENOSPC, errno.EFBIG, errno.EDQUOT)


def _disk_fault(error: BaseException | None) -> OSError | None:
    """The full-disk or file-size error behind `error` (raised here, or by a worker and
    chained), if any."""
    seen = 0
    while error is not None and seen < 10:
        if isinstance(error, OSError) and error.errno in _DISK_FAULTS:
            return error
        error = error.__cause__ or error.__context__
        seen += 1
    return None


def _cannot_write(error: OSError) -> NoReturn:
    """E104 for a disk fault anywhere (the temporary folder, the cache, a worker's
    files): the path, and what to do."""
    where = error.filename or tempfile.gettempdir()
    reason = {errno.ENOSPC: "the disk is full", errno.EFBIG: "the file is larger than the limit on file sizes",
              errno.EDQUOT: "the disk quota is used up"}.get(error.errno or 0, error.strerror or str(error))
    click.echo(f"{where}:1:1: error E104: cannot write {where}: {reason}\n"
               f"      = help: free some space (or raise the limit), or point TMPDIR or -o at another disk; "
               f"the previous outputs are as they were", err=True)
    sys.exit(1)


def _internal_error(error: BaseException) -> NoReturn:
    fault = _disk_fault(error)
    if fault is not None:
        _cannot_write(fault)
    click.echo(one_line(error), err=True)
    sys.exit(EXIT_INTERNAL)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="vcompiler")
@click.option("--debug", is_flag=True, help="On an internal error (E900), print the traceback.")
def main(debug: bool) -> None:
    """Check, compile and print narrative board-game content written in VCL.

    \b
    Example:
      vcompiler check source_content/
      vcompiler build source_content/ -o build/
    """
    if debug:
        os.environ["VCOMPILER_DEBUG"] = "1"


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@_format
@_strict
@_no_cache
@click.option("--lang", "languages", default=None, callback=_languages_or_none,
              help="Check the translations too: a language (de), several (de,pl), or all the pack has.")
@click.option("--explain-cache", is_flag=True,
              help="Say which files (and card measures) were taken from the cache of parsed files rather "
                   "than read afresh: on standard error, or under \"cached\" with --format json.")
def check(paths: tuple[Path, ...], fmt: str, strict: bool, no_cache: bool, explain_cache: bool,
          languages: list[str] | None | bool) -> None:
    """Report every problem in the packs under PATHS (default: source_content/).

    A pack is a folder of .vcl files with one `pack` declaration (and the folders below
    it that declare no pack of their own); a folder that holds packs is searched for
    them, and a .vcl file in no pack is E111. A .vcl file is checked with the rest of
    its pack, and the report keeps its diagnostics and the errors elsewhere in the
    pack. Nothing is written. Card text that would not fit (W510) is found as build
    finds it; the books' W500/W501 and the boards' W513 depend on the paper and come
    from build only. Exit status: 0 no error, 1 errors (or warnings with --strict), 2
    the command could not run.

    \b
    Example:
      vcompiler check source_content/eye-of-the-void --format json
      vcompiler check source_content/eye-of-the-void/logbook.vcl
    """
    _short_lived_process()
    _CACHES.clear()
    results = _check_targets(paths, use_cache=not no_cache)
    if languages is not False:
        from vcompiler.driver.translations import with_translations
        results = [with_translations(r, languages if isinstance(languages, list) else None, strict)
                   for r in results]
        results = _with_editions(results, languages if isinstance(languages, list) else None, not no_cache)
    served = sorted({shown for cache in _CACHES for shown in cache.served})
    diagnostics = _report(results, fmt, cached=served if explain_cache else None)
    if explain_cache and fmt != "json":
        click.echo(f"check: {len(served)} taken from the cache" + "".join(f"\n  {s}" for s in served)
                   if served else "check: nothing taken from the cache", err=True)
    if strict and fmt in ("text", "github") and _failed(diagnostics, strict) and not _failed(diagnostics, False):
        # A summary of "0 errors" beside a failure would not tell a reader why it failed.
        click.echo("check: warnings fail under --strict", err=True)
    _exit(_status(diagnostics, strict))


def _press_profile(icc: Path, pdfx: bool) -> None:
    """Stops the build, before anything is rendered, when --icc names no CMYK output
    profile or comes without --pdfx."""
    from vcompiler.render.finish import read_profile

    if not pdfx:
        raise click.BadParameter("a press profile is for a PDF/X build: add --pdfx", param_hint="--icc")
    try:
        read_profile(icc)
    except (OSError, ValueError) as error:
        raise click.BadParameter(f"{icc} is no press profile: {error}", param_hint="--icc") from None


def _millimetres(ctx: click.Context, param: click.Parameter, value: str | None) -> float:
    if value is None:
        return 0.0
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*mm\s*", value)
    if not match or float(match.group(1)) > 20:
        raise click.BadParameter("give the bleed in millimetres, at most 20mm, e.g. 3mm")
    return float(match.group(1))


def _thickness(ctx: click.Context, param: click.Parameter, value: str | None) -> float | None:
    if value is None:
        return None
    match = re.fullmatch(r"\s*(\d*\.?\d+)\s*mm\s*", value)
    if not match or not 0.02 <= float(match.group(1)) <= 1:
        raise click.BadParameter("give the thickness of one sheet in millimetres, 0.02mm to 1mm, e.g. 0.1mm")
    return float(match.group(1))


def _booklet_only(ctx: click.Context, options: dict[str, str]) -> None:
    """E522 (exit 2) for each option given that shapes a booklet, on a build without one."""
    given = [flag for name, flag in options.items()
             if ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT)]
    for flag in given:
        click.echo(f"error {BOOKLET_ONLY.id}: {BOOKLET_ONLY.format(option=flag)}\n"
                   f"      = help: add --booklet to print the books as booklets, or leave {flag} out", err=True)
    if given:
        sys.exit(2)


@main.command()
@_paths
@click.option("-o", "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("build"), show_default=True, help="Where to write build/<pack>/.")
@click.option("--only", type=_one_of("json", "pdf", "cards", "board", "html"), default=None,
              help="Write only the bundles (json), the books (pdf), the card sheets and location cards "
                   "(cards), the planet boards (board) or the browser reader (html: reader.html). "
                   "Default: all.")
@click.option("--card-layout", type=_one_of("sheets", "single"), default="sheets", show_default=True,
              help="Cards N-up on sheets with backs for long-edge duplex, or one card a page with its bleed "
                   "(front, back) for print-on-demand services.")
@click.option("--paper", type=_one_of("a4", "letter", "a5"), default="a4",
              show_default=True,
              help="Page size of the books: two columns on A4 and Letter, one on A5. With --booklet, the "
                   "sheet the pages are imposed on, two-up (a5: A5 pages on A4 sheets, as a4).")
@click.option("--board-paper", type=_one_of("a4", "letter", "a3", "tabloid", "a2", "a1"), default="a4",
              show_default=True,
              help="The sheet a planet board prints on, landscape: a board larger than it is tiled across "
                   "sheets that overlap, with marks to align them (the Tutorial board fits one A2 sheet).")
@click.option("--bleed", callback=_millimetres, metavar="MM",
              help="Bleed around each page for a print shop, e.g. 3mm (sets TrimBox and BleedBox).")
@click.option("--crop-marks", is_flag=True, help="Print crop marks in the bleed (3mm unless --bleed says).")
@click.option("--booklet", is_flag=True,
              help="Pages half the paper (A5 on A4, half-letter on Letter) imposed two-up in saddle-stitch order.")
@click.option("--signature", type=click.IntRange(min=0), default=40, show_default=True, metavar="N",
              help="Booklet: pages per stapled signature (a multiple of 4); 0 makes one booklet.")
@click.option("--paper-thickness", "paper_thickness", callback=_thickness, metavar="MM",
              help="Booklet: the thickness of one sheet, e.g. 0.1mm (the default); the pages of a "
                   "signature's inner sheets move towards the fold by as much as the sheets creep.")
@click.option("--book-of-vantages", "one_volume", is_flag=True,
              help="Vantage packs: every storybook in one volume, book-of-vantages.pdf (VR 17), its entries "
                   "keyed by category and number (\"Look 101\"), then their results.")
@click.option("--titles/--no-titles", default=None,
              help="Titles in the index and outline. Default: shown for logbooks numbered in order, "
                   "hidden for shuffled numbers and storybooks.")
@click.option("--pdfx", is_flag=True, help="Every file as PDF/X-4 for a print shop: colours in a press's CMYK "
                                          "(FOGRA39, coated offset, unless --icc says), text in black ink "
                                          "alone, TrimBox and BleedBox on every page, no links.")
@click.option("--icc", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              metavar="FILE", help="With --pdfx: the print shop's CMYK output profile (.icc) instead of "
                                   "FOGRA39.")
@click.option("--greyscale", is_flag=True, help="Books, cards and boards in greys only, for a home "
                                                "printer's black ink.")
@click.option("--tagged", is_flag=True, help="Tagged books (a structure tree with the reading order), for screen "
                                            "readers; not with --booklet or --pdfx.")
@click.option("--lang", "languages", default=None, callback=_languages_or_none,
              help="Also build translated editions into OUT/<pack>/<language>/: a language (de), several "
                   "(de,qps), or all the pack has a locale/LANG.po for; qps is the pseudo-locale.")
@_format
@_strict
@_no_cache
def build(paths: tuple[Path, ...], out_dir: Path, only: str | None, card_layout: str, paper: str, board_paper: str,
          bleed: float, crop_marks: bool, booklet: bool, signature: int, paper_thickness: float | None,
          one_volume: bool, titles: bool | None, pdfx: bool, icc: Path | None, greyscale: bool, tagged: bool,
          languages: list[str] | None | bool, fmt: str, strict: bool, no_cache: bool) -> None:
    """Check the packs under PATHS and write their bundles, books and components to OUT/<pack>/.

    A vanguard pack gets bundle.json, logbook.pdf, cards.pdf and board-<planet>.pdf; a
    vantage pack bundle.json, storybook-<category>.pdf for move, look, engage, help,
    take, overpower and depart (a book with no entries is left out, and the build says
    so), cards.pdf and locations.pdf; both a reader.html to read
    and play in a browser. Nothing is written when
    any pack has an error. Each pack's numbers.lock is updated
    with the numbers its @label logs were given, so that they keep them.

    \b
    Example:
      vcompiler build source_content/ -o build/
      vcompiler build source_content/ --paper a5 --booklet
      vcompiler build source_content/ --bleed 3mm --crop-marks --only pdf
      vcompiler build source_content/ --only cards --card-layout single
      vcompiler build source_content/ --book-of-vantages --booklet
      vcompiler build source_content/ --lang all
    """
    from vcompiler.compile import display_path
    from vcompiler.driver.outputs import (
        for_outputs,
        left_out,
        make_outputs,
        render_steps,
        unwritable,
        without_boards,
        write_failure,
        write_outputs,
    )
    from vcompiler.emit import InvalidBundle
    from vcompiler.render import RenderOptions
    from vcompiler.render.options import PAPER_THICKNESS_MM, RenderError
    from vcompiler.util.workers import scratch

    _short_lived_process()
    if not booklet:
        _booklet_only(click.get_current_context(), {"signature": "--signature", "paper_thickness": "--paper-thickness"})
    results = _compile_all(paths, use_cache=not no_cache)
    if languages is not False:
        # An edition is not printed with a reference its translation dropped, or a
        # character its fonts cannot draw: the translation files are checked first.
        from vcompiler.driver.translations import with_translations
        results = [with_translations(r, languages if isinstance(languages, list) else None, strict)
                   for r in results]
    results = for_outputs(results, only)
    if _failed([d for r in results for d in r.diagnostics], strict):
        _nothing_written(_report(results, fmt))
    blocked = unwritable(results, out_dir, display_path)
    if blocked:
        _nothing_written(_report(results, fmt, blocked))
    if signature % 4:
        raise click.BadParameter("a signature is a multiple of 4 pages, e.g. 40", param_hint="--signature")
    if icc is not None:
        _press_profile(icc, pdfx)
    if tagged and (booklet or pdfx):
        raise click.BadParameter("a tagged book is read on a screen: print it without --booklet and --pdfx",
                                 param_hint="--tagged")
    if booklet and paper == "a5" and only in (None, "pdf"):
        # --paper names the sheet of a booklet, and no page is smaller than A5.
        click.echo("--paper a5 --booklet: a booklet's pages are half its sheet, and A5 is the smallest "
                   "page, so the books are A5 pages two-up on A4 sheets, as with --paper a4 --booklet", err=True)
    options = RenderOptions(paper=paper, bleed_mm=bleed or (3.0 if crop_marks else 0.0), crop_marks=crop_marks,
                            booklet=booklet, signature=signature, titles=titles, pdfx=pdfx,
                            icc=str(icc.resolve()) if icc is not None else "", greyscale=greyscale, tagged=tagged,
                            paper_thickness_mm=paper_thickness or PAPER_THICKNESS_MM, board_paper=board_paper,
                            one_volume=one_volume)
    found: list[Diagnostic] = []
    written: list[Path] = []
    with scratch():
        try:
            if sys.stderr.isatty() and only != "json":
                with click.progressbar(length=render_steps(results, options, only, card_layout), label="Rendering",
                                       file=sys.stderr) as bar:
                    outputs = make_outputs(results, only, options, bar.update, card_layout, found)
            else:
                outputs = make_outputs(results, only, options, layout=card_layout, found=found)
            if languages is not False:
                outputs = _with_editions_made(results, outputs, languages if isinstance(languages, list) else None,
                                              only, options, card_layout, found, not no_cache)
        except (InvalidBundle, RenderError) as error:
            _internal_error(error)
        if not _failed([d for r in results for d in r.diagnostics] + found, strict):
            try:
                written = write_outputs(outputs, out_dir)
            except OSError as error:
                found.append(write_failure(error, display_path))
    report = _report(results, fmt, found)
    if _failed(report, strict):
        _nothing_written(report)
    for path in written:
        click.echo(f"wrote {path}", err=True)
    for pack_name, file_name in left_out(results, only, one_volume):
        click.echo(f"left out {out_dir / pack_name / file_name}: the book has no entries", err=True)
    for pack_name, why in without_boards(results, only):
        click.echo(f"no board for pack {pack_name}: {why}", err=True)
    _exit(0)


def _with_editions_made(results: list[CompileResult], outputs: list[tuple[Output, Path]], languages: list[str] | None,
                        only: str | None, options: RenderOptions, layout: str, found: list[Diagnostic],
                        use_cache: bool) -> list[tuple[Output, Path]]:
    """`outputs` with each pack's translated editions beside the source's, in a folder
    of its language: made as the source is (the same numbers, order and options), in
    memory, so that nothing is written unless every edition could be made. What an
    edition finds goes to `found`, saying its language."""
    from dataclasses import replace

    from vcompiler.driver.outputs import make_outputs
    from vcompiler.driver.translations import EDITION_CODES, edition, in_edition, languages_of
    from vcompiler.registry.phrasebook import speaking

    out = []
    for output, folder in outputs:
        books = dict(output.books)
        stale = list(output.stale)
        for language in languages_of(folder) if languages is None else languages:
            made = edition(folder, language, _new_cache() if use_cache else None)
            if isinstance(made, Diagnostic):
                found.append(made)
                continue
            found.extend(in_edition(d, language) for d in made.diagnostics
                         if d.severity is Severity.ERROR or d.code.id in EDITION_CODES)
            if not made.ok:
                continue
            said: list[Diagnostic] = []
            with speaking(language):
                (translated, _), = make_outputs([made], only, options, layout=layout, found=said)
            found.extend(in_edition(d, language) for d in said)
            books.update({f"{language}/{name}": data for name, data in translated.books.items()})
            if translated.bundle is not None:
                books[f"{language}/bundle.json"] = translated.bundle
            stale += [f"{language}/{name}" for name in translated.stale]
        out.append((replace(output, books=books, stale=tuple(stale)), folder))
    return out


def _nothing_written(diagnostics: list[Diagnostic]) -> NoReturn:
    if any(d.code is CANNOT_WRITE for d in diagnostics):
        click.echo("build: stopped, the outputs cannot be written; each pack's folder holds its previous "
                   "files or its new ones, never a mix", err=True)
    elif any(d.severity is Severity.ERROR for d in diagnostics):
        click.echo("build: nothing written, the content has errors", err=True)
    else:
        click.echo("build: nothing written, warnings fail under --strict", err=True)
    _exit(_status(diagnostics, True))


@main.command()
@click.argument("game", type=_one_of("vanguard", "vantage"))
@click.argument("folder", type=click.Path(path_type=Path))
def new(game: str, folder: Path) -> None:
    """Create a pack for GAME in the new folder FOLDER: a few entries of every kind,
    each with a comment, that check clean under --strict.

    \b
    Example:
      vcompiler new vanguard my-planet && vcompiler check my-planet --strict
    """
    from vcompiler.scaffold import ScaffoldError, new_pack

    try:
        name, written = new_pack(game, folder)
    except (ScaffoldError, OSError) as error:
        raise click.UsageError(str(error)) from None
    for path in written:
        click.echo(f"wrote {path}", err=True)
    why = "" if name == folder.name else " (a pack's name is ASCII letters, digits and _; rename it in pack.vcl)"
    click.echo(f"the pack is named {name}{why}", err=True)


@main.command()
@_paths
def watch(paths: tuple[Path, ...]) -> None:
    """Check the packs under PATHS (default: source_content/), then again on every
    save: the screen shows the current diagnostics and a summary line. Ctrl-C stops it
    (exit status 0: it runs until stopped).

    \b
    Example:
      vcompiler watch source_content/eye-of-the-void
    """
    from vcompiler.driver.watch import watch as run_watch

    roots = [p.resolve() for p in _packs(paths)]
    tty = sys.stdout.isatty()
    run_watch(roots, clear=tty, color=tty and "NO_COLOR" not in os.environ)


def _shown(path: Path) -> str:
    from vcompiler.compile import display_path
    return display_path(path)


@main.group()
def i18n() -> None:
    """Translations of a pack: a template of every string a table reads, and a
    translation file per language in the pack's locale/ folder (gettext PO files,
    which Poedit, Weblate and Crowdin read). `check --lang LANG` checks them."""


@i18n.command("extract")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("-o", "--out", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to write the template (one pack only). Default: PACK/locale/messages.pot.")
def i18n_extract(paths: tuple[Path, ...], out: Path | None) -> None:
    """Write the template of the packs under PATHS (default: source_content/): each
    string a table reads, with an ID naming its entry and field (`log @wake_up/title`)
    that renumbering and moving entries between files keep, where it is written, and
    what prints it.

    \b
    Example:
      vcompiler i18n extract source_content/eye-of-the-void
    """
    from vcompiler.driver.translations import extract

    packs, _ = _survey(paths)
    if out is not None and len(packs) != 1:
        raise click.UsageError("-o names one file: give one pack")
    for folder in packs:
        target, count = extract(folder, out)
        click.echo(f"wrote {_shown(target)}: {count} strings")


@i18n.command("update")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--lang", "languages", default=None, callback=_languages,
              help="Languages to update or start, e.g. de or de,pl. Default: every translation file the "
                   "pack has.")
def i18n_update(paths: tuple[Path, ...], languages: list[str] | None) -> None:
    """Bring the translation files of the packs under PATHS up to their text, as
    msgmerge does: a changed string keeps its translation, marked fuzzy; a string that
    moved or was renumbered keeps it; a removed one is kept as obsolete; a new one is
    empty. A language named with --lang that has no file gets one.

    \b
    Example:
      vcompiler i18n update source_content/eye-of-the-void --lang de
    """
    from vcompiler.diagnostics import Diagnostic
    from vcompiler.driver.translations import languages_of, update

    packs, _ = _survey(paths)
    problems: list[Diagnostic] = []
    sources: dict[str, SourceFile] = {}
    for folder in packs:
        for language, path, outcome in update(folder, languages if languages is not None else languages_of(folder)):
            if isinstance(outcome, Diagnostic):
                problems.append(outcome)
                continue
            said = ", ".join(f"{n} {what}" for what, n in sorted(outcome.items()) if n) or "nothing"
            click.echo(f"updated {_shown(path)} ({language}): {said}")
    if problems:
        from vcompiler.compile import CompileResult
        results = [CompileResult(Path("."), None, tuple(problems), sources)]
        _exit(_status(_report(results, "text"), False))


@main.command()
@click.argument("pack", type=click.Path(exists=True, file_okay=False, path_type=Path), default=Path("."))
@click.option("--port", type=click.IntRange(0, 65535), default=8017, show_default=True,
              help="The port on 127.0.0.1 to serve on; 0 takes a free one.")
def preview(pack: Path, port: int) -> None:
    """Serve a live preview of PACK (default: the current folder) on 127.0.0.1: the
    entry last edited as it will print (its book entry, card, location card or board),
    the reader around it and the story map, updated on every save; a save with errors
    shows them in its place. Ctrl-C stops it.

    \b
    Example:
      vcompiler preview source_content/eye-of-the-void
      vcompiler preview source_content/tidal-reach --port 0
    """
    from vcompiler.compile import find_packs
    from vcompiler.preview.server import serve

    packs = [p.resolve() for p in find_packs(pack)]
    if len(packs) != 1:
        raise click.UsageError(f"{pack} holds {len(packs)} packs; name one of them" if packs
                               else f"{pack} holds no pack (no pack.vcl below it)")

    def announce(url: str) -> None:
        click.echo(f"preview of {packs[0].name} at {url} (Ctrl-C stops it)")

    try:
        serve(packs[0], port, announce)
    except OSError as error:
        if error.errno != errno.EADDRINUSE:
            raise
        raise click.UsageError(f"port {port} is in use; give another with --port N (0 takes a free one)") from None


@main.command("fmt")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--check", is_flag=True, help="Write nothing; list the files that would change and exit 1 if any.")
@click.option("--diff", "show_diff", is_flag=True, help="Write nothing; print what would change as a unified diff.")
def fmt(paths: tuple[Path, ...], check: bool, show_diff: bool) -> None:
    """Format the .vcl files under PATHS (default: source_content/) in the one layout
    of docs/formatting.md, in place. A file with a syntax error is left as it is and
    its diagnostics are printed. Exit status: 0 done (with --check or --diff: nothing
    would change), 1 files would change or could not be formatted, 2 the command
    could not run.

    \b
    Example:
      vcompiler fmt source_content/eye-of-the-void
      vcompiler fmt --check source_content/
    """
    from vcompiler.fmt.files import accepts, format_file, vcl_files, write

    if not paths:
        if not DEFAULT_CONTENT.is_dir():
            raise click.UsageError("no PATH given, and there is no source_content/ folder here")
        paths = (DEFAULT_CONTENT,)
    for path in paths:
        if not accepts(path):
            raise click.UsageError(f"{path} is not a .vcl file")
    _short_lived_process()
    files, problems = vcl_files(list(paths))
    diagnostics = list(problems)
    sources = {}
    changed = 0
    for path in files:
        result = format_file(path)
        sources[result.source.display] = result.source
        diagnostics += result.diagnostics
        if not result.changed:
            continue
        changed += 1
        if show_diff:
            click.echo(result.diff(), nl=False)
        if check:
            click.echo(f"would reformat {result.source.display}", err=show_diff)
        elif not show_diff:
            failed = write(result)
            if failed is not None:
                diagnostics.append(failed)
            else:
                click.echo(f"reformatted {result.source.display}", err=True)
    if diagnostics:
        click.echo(format_text(diagnostics, sources, color=sys.stdout.isatty() and "NO_COLOR" not in os.environ),
                   nl=False)
    done = "would be reformatted" if check or show_diff else "reformatted"
    click.echo(f"fmt: {len(files)} files, {changed} {done}"
               + (f", {len({d.span.file for d in diagnostics})} left as they are" if diagnostics else ""), err=True)
    status = _status(diagnostics, False)
    _exit(status if status else int(bool(changed) and (check or show_diff)))


@main.command()
def lsp() -> None:
    """Run the language server on stdin and stdout, for an editor to start (the VS Code
    extension in editors/vscode does). It checks the editor's unsaved text as you type.

    \b
    Example:
      vcompiler lsp
    """
    from vcompiler.lsp import serve

    serve()


@main.command()
@click.argument("code", required=False)
def rules(code: str | None) -> None:
    """List every diagnostic code, or print the full documentation of CODE.

    \b
    Example:
      vcompiler rules
      vcompiler rules E401
    """
    from vcompiler.codes import CATALOGUE
    from vcompiler.driver.reports import rule_docs

    if code is None:
        for code_id in sorted(CATALOGUE):
            listed = CATALOGUE[code_id]
            click.echo(f"{code_id}  {listed.severity.value:<7}  {listed.summary}")
        return
    entry = CATALOGUE.get(code.upper())
    if entry is None:
        raise click.UsageError(f"no code {code}; `vcompiler rules` lists them")
    click.echo(f"{entry.id} ({entry.severity.value}): {entry.summary}\n")
    click.echo(rule_docs().get(entry.id) or entry.summary)
    if entry.example is not None:
        shown = "".join(f"    {line}\n" for line in entry.example.text.splitlines())
        click.echo(f"\nFor example:\n\n{shown}", nl=False)


def _checked_pack(path: Path) -> CompileResult:
    """One pack that compiles without errors, for the tools that play or draw it; its
    errors are printed and the command exits 1 otherwise."""
    results = _compile_all((path,))
    if len(results) == 1 and (not results[0].ok or results[0].pack is None):
        _report(results, "text")
        click.echo(f"vcompiler: pack {path} has errors; `vcompiler check {path}` lists them", err=True)
        sys.exit(1)
    if len(results) != 1:
        raise click.UsageError(f"{path} holds {len(results)} packs or files in no pack; name one pack")
    return results[0]


@main.command()
@_paths
@click.option("--format", "fmt", type=_one_of("text", "json"), default="text", show_default=True)
@click.option("--art", "art", is_flag=True,
              help="Instead, what needs art, for an illustrator: each printed component's art frame in mm and in "
                   "pixels at 300 dpi, its brief, and the image it has.")
def stats(paths: tuple[Path, ...], fmt: str, art: bool) -> None:
    """Entries per kind, words and estimated pages per book and paper, free numbers,
    the label-to-number table, unreachable entries and warnings of each pack.

    \b
    Example:
      vcompiler stats source_content/
      vcompiler stats source_content/eye-of-the-void --format json
      vcompiler stats source_content/ --art
    """
    from vcompiler.tools.stats import format_json, format_text, pack_stats

    _short_lived_process()
    results = _compile_all(paths)
    broken = [r for r in results if not r.ok or r.pack is None]
    if broken:
        _report(broken, "text")
        click.echo("stats: the packs have errors; `vcompiler check` lists them", err=True)
        sys.exit(1)
    if art:
        from vcompiler.tools import art as art_tool
        needs = [(r.model.name, art_tool.art_needs(r.model)) for r in results]
        click.echo(art_tool.format_json(needs) if fmt == "json" else art_tool.format_text(needs), nl=False)
        return
    found = [pack_stats(r) for r in results]
    click.echo(format_json(found) if fmt == "json" else format_text(found), nl=False)


@main.command()
@click.argument("pack", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("-o", "--out", "out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the DOT here (and the SVG beside it, FILE.svg, when Graphviz is installed). "
                   "Default: DOT on standard output.")
@click.option("--focus", metavar="N", help="Only the entries within --depth steps of entry N (or log @label).")
@click.option("--depth", type=click.IntRange(0, 50), default=2, show_default=True)
def graph(pack: Path, out: Path | None, focus: str | None, depth: int) -> None:
    """Draw the story graph of PACK: DOT always, SVG through Graphviz's `dot` when it is
    installed (apt-get install graphviz). Entries are clustered by planet or region and
    coloured by kind; unreachable entries are dashed, loops with no way out red.

    \b
    Example:
      vcompiler graph source_content/eye-of-the-void -o eye.dot
      vcompiler graph source_content/eye-of-the-void --focus 227 --depth 1
    """
    from vcompiler.tools.graph import SVG_NODES, FocusNotFound, dot_program, focus_node, node_count, to_dot, to_svg

    _short_lived_process()
    result = _checked_pack(pack)
    try:
        node = focus_node(result.model, focus) if focus is not None else None
    except FocusNotFound as error:
        raise click.UsageError(str(error)) from None
    text = to_dot(result.model, node, depth)
    if out is None:
        click.echo(text, nl=False)
        return
    from vcompiler.emit.write import write_atomic

    write_atomic(out, text.encode("utf-8"))
    click.echo(f"wrote {out}", err=True)
    program = dot_program()
    if program is None:
        click.echo("graph: no SVG: Graphviz's `dot` is not installed (apt-get install graphviz)", err=True)
        return
    if node_count(text) > SVG_NODES:
        click.echo(f"graph: no SVG: {node_count(text)} entries are more than Graphviz lays out in reasonable "
                   f"time ({SVG_NODES}); draw a part with --focus N --depth D", err=True)
        return
    svg = out.with_suffix(".svg")
    try:
        write_atomic(svg, to_svg(text, program))
    except RuntimeError as error:
        click.echo(f"graph: no SVG: {program} failed: {error}", err=True)
        sys.exit(1)
    click.echo(f"wrote {svg}", err=True)


@main.command()
@click.argument("old")
@click.argument("new", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--format", "fmt", type=_one_of("markdown", "json"), default="markdown", show_default=True)
def diff(old: str, new: Path, fmt: str) -> None:
    """Print the errata between two versions of the packs: entries added, removed,
    renumbered (an @label given another number) and retitled, and every change of
    printed text or effect, word by word. OLD is a folder, or a git revision of NEW.

    Exit status: 0 nothing printed has changed, 1 something has, 2 the command could
    not run (a pack with errors, an unknown revision).

    \b
    Example:
      vcompiler diff old-print/eye-of-the-void source_content/eye-of-the-void
      vcompiler diff v0.1.0 source_content/ > errata.md
      vcompiler diff HEAD source_content/ --format json
    """
    from vcompiler.tools.diff import DiffError, diff_packs, format_json, format_markdown, revision_folder

    _short_lived_process()
    with tempfile.TemporaryDirectory(prefix="vcompiler-diff-") as scratch:
        try:
            old_folder = Path(old) if Path(old).is_dir() else revision_folder(old, new, Path(scratch))
        except DiffError as error:
            click.echo(f"diff: {error}", err=True)
            sys.exit(2)
        sides = []
        for folder in (old_folder, new):
            results = _compile_all((folder,))
            broken = [r for r in results if not r.ok or r.pack is None]
            if broken:
                _report(broken, "text")
                click.echo(f"diff: {folder} has errors; both sides must check clean", err=True)
                sys.exit(2)
            sides.append({r.model.name: r.model for r in results})
        before, after = sides
        missing = sorted(set(before) ^ set(after))
        if missing:
            click.echo(f"diff: packs on one side only: {', '.join(missing)}", err=True)
        diffs = [diff_packs(before[name], after[name]) for name in after if name in before]
    click.echo(format_json(diffs) if fmt == "json" else format_markdown(diffs), nl=False)
    sys.exit(0 if all(d.empty for d in diffs) and not missing else 1)


@main.command()
@click.argument("pack", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--from", "entry", metavar="N",
              help="Start at log N or @label (vanguard) or location N (vantage) instead of the pack's start.")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Keep the playthrough in FILE, saved after every choice.")
@click.option("--load", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="FILE",
              help="Go on with a playthrough saved with --save.")
@click.option("--seed", type=int, default=None,
              help="Shuffle the Event deck in the order this seed gives (default: a new order each game).")
def play(pack: Path, entry: str | None, save: Path | None, load: Path | None, seed: int | None) -> None:
    """Play PACK in the terminal: each entry as the book prints it, keyed options,
    the state (check marks, Success, uniques, missions, conditions, stats, cards) kept
    so that `if`s resolve as at the table. Options are read from standard input, one
    key a line, so a playthrough can be scripted: a key means the same option at every
    prompt (the board's l, e, p, r; a location's fixed numbers).

    \b
    Example:
      vcompiler play source_content/tidal-reach
      vcompiler play source_content/eye-of-the-void --from 227 --save run.json
      printf '1\\n1\\n' | vcompiler play source_content/eye-of-the-void
    """
    from vcompiler.diagnostics import format_text
    from vcompiler.model.labels import entry_number
    from vcompiler.play.machine import Game
    from vcompiler.play.saves import BadSave, load_save
    from vcompiler.play.terminal import play as play_in

    result = _checked_pack(pack)
    game = Game(result.model)
    game.random.seed(seed)
    try:
        if load is not None:
            state = load_save(load, game)
        else:
            state = game.start(entry_number(result.model, entry) if entry is not None else None)
    except BadSave as bad:
        click.echo(format_text([bad.diagnostic], {}), err=True, nl=False)
        sys.exit(2)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    sys.exit(play_in(game, state, sys.stdin, sys.stdout, save, load))


@main.command()
@click.argument("pack", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--runs", type=click.IntRange(1, 10_000_000), default=1000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="The same seed gives the same report.")
@click.option("--max-steps", type=click.IntRange(1), default=None,
              help="Entries a run may read, and choices it may make, before it is stopped as never ending "
                   "(default: 10 per entry, plus 100).")
@click.option("--format", "fmt", type=_one_of("text", "json"), default="text", show_default=True)
@click.option("--workers", type=click.IntRange(1, 64), default=None, help="Processes (default: one per core).")
def simulate(pack: Path, runs: int, seed: int, max_steps: int | None, fmt: str, workers: int | None) -> None:
    """Play PACK many times at random: choices, outcome rows, moves and actions drawn
    at random, the state kept so that `if`s resolve. Reports the entries no run
    reached, those reached in under 1% of runs, endings, runs that never end (caught
    in a loop no choice leads out of, or stopped at the cap with choices still open),
    and entries read per run, overall and per planet or region.

    \b
    Example:
      vcompiler simulate source_content/eye-of-the-void --runs 10000 --seed 7
      vcompiler simulate source_content/tidal-reach --format json
    """
    from vcompiler.play.simulate import format_json, format_text
    from vcompiler.play.simulate import simulate as run_simulation

    _short_lived_process()
    result = _checked_pack(pack)
    report = run_simulation(result.model, runs, seed, max_steps, workers)
    click.echo(format_json(report) if fmt == "json" else format_text(report), nl=False)
