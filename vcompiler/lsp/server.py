"""The language server: editor buffers go into a resident `Workspace`, checked on a
worker thread a moment after the typing stops; diagnostics are published per file and
every other request is answered from the last check's `Index`. No request can bring
the server down: a handler that fails answers nothing and logs why."""
from __future__ import annotations

import asyncio
import functools
import logging
import re
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer

from vcompiler import __version__
from vcompiler.compile import CompileResult, display_path
from vcompiler.engine import Workspace, settle
from vcompiler.engine.index import Definition, Index, Mention
from vcompiler.lsp import features, tokens, words
from vcompiler.lsp.convert import character_column, to_diagnostic, to_range, uri_of, utf16_column
from vcompiler.lsp.formatting import document_edits, range_edits
from vcompiler.source import Span
from vcompiler.util.safeio import holds

if TYPE_CHECKING:
    from vcompiler.preview.targets import Target, TargetMemo

log = logging.getLogger("vcompiler.lsp")
# How long after the last keystroke a check starts.
DEBOUNCE_SECONDS = 0.075
_LABEL_NAME = re.compile(r"@?([A-Za-z_][A-Za-z0-9_]*)")
Handler = TypeVar("Handler", bound=Callable[..., Any])
Answer = TypeVar("Answer")
# Failures inside the server (a handler or a check that raised), caught so that it lives
# on: each as "what failed: the exception", the first _FAILURES_KEPT of them, and how many
# in all; `vcompiler/internalErrors` answers them, for a test or a fuzz to fail on.
INTERNAL_ERRORS = "vcompiler/internalErrors"
# Which entry or component the cursor is in: {anchor, kind, title, line} (the preview's
# address of it, vcompiler.preview.targets), or null between declarations.
ENTRY_AT = "vcompiler/entryAt"
_FAILURES_KEPT = 50
_failures: list[str] = []
_failure_count = 0


def _record_failure(what: str, error: Exception) -> None:
    global _failure_count
    _failure_count += 1
    if len(_failures) < _FAILURES_KEPT:
        _failures.append(f"{what}: {type(error).__name__}: {error}"[:500])


def path_of(uri: str) -> Path | None:
    """The local file a `file:` URI names; None for any other scheme, another host, or
    a path no file can have (a NUL)."""
    parsed = urlparse(uri)
    if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
        return None
    path = unquote(parsed.path)
    if "\0" in path or not path.startswith("/"):
        return None
    try:
        return Path(path).resolve()
    except (OSError, ValueError, RuntimeError):
        return None


def _safe(default: object = None) -> Callable[[Handler], Handler]:
    """A handler that fails logs the failure and answers `default`."""
    def wrap(handler: Handler) -> Handler:
        @functools.wraps(handler)
        def safe(*args: Any, **kwargs: Any) -> Any:
            try:
                return handler(*args, **kwargs)
            except JsonRpcException:
                raise       # an answer of its own: an error response the editor shows
            except Exception as error:  # noqa: BLE001 - the server outlives any one request
                log.exception("%s failed", handler.__name__)
                _record_failure(handler.__name__, error)
                return default
        return cast(Handler, safe)
    return wrap


def _rule_pages() -> dict[str, str]:
    """Every code's documentation as a Markdown file the editor can open: the link a
    diagnostic's code carries."""
    from vcompiler.codes import CATALOGUE
    from vcompiler.docs import code_entry
    from vcompiler.parse.cache import default_cache_root, private_folder, write_whole

    folder = default_cache_root() / f"rules-{__version__}"
    pages = {}
    try:
        # Written as the parse cache writes: into a folder of ours alone, through a
        # temporary file and a rename, so that a link planted there is replaced, never
        # followed to the file it points to. Rewritten when the catalogue says otherwise
        # than the page (a development version's pages change without a new version).
        if not (private_folder(default_cache_root(), link_ok=True) and private_folder(folder)):
            log.warning("the rule pages' folder %s is not this user's alone; not written", folder)
            return {}
        for code_id, code in CATALOGUE.items():
            page = folder / f"{code_id}.md"
            text = code_entry(code, "#").encode("utf-8")
            if not holds(page, text):
                write_whole(folder, page.name, text)
            pages[code_id] = page.as_uri()
    except OSError:
        log.warning("cannot write the rule pages to %s", folder)
    return pages


class VclServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("vcompiler", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.roots: list[Path] = []
        self.engine: Workspace | None = None
        self.worker = ThreadPoolExecutor(1, thread_name_prefix="vcompiler-check")
        self.buffers: dict[Path, str | None] = {}     # edits not yet given to the engine
        self.saved: set[Path] = set()
        self.generation = 0
        self.results: dict[Path, CompileResult] = {}
        self.file_pack: dict[str, Path] = {}           # display path -> pack folder
        self.indexes: dict[Path, tuple[CompileResult, Index]] = {}
        self.targets: dict[Path, tuple[CompileResult, list[Target]]] = {}
        # The preview's addresses, loaded with the first request that asks for one.
        self.target_memos: dict[Path, TargetMemo] = {}
        self.published: set[str] = set()
        self.docs: dict[str, str] = {}
        self.checks_done = 0
        self.checking = 0           # checks handed to the worker and not yet done
        self.last_change = float("-inf")

    # ------------------------------------------------------------ checking
    def schedule(self, delay: float = DEBOUNCE_SECONDS) -> None:
        """A check `delay` after this change, unless another change comes first. A change
        after a quiet spell, with no check running, is checked at once: a single edit
        (a typo mended, a goto changed) has its diagnostics as soon as a check takes,
        and only the keystrokes of a burst after it wait for the typing to stop."""
        now = time.monotonic()
        if now - self.last_change >= DEBOUNCE_SECONDS and not self.checking:
            delay = 0
        self.last_change = now
        self.generation += 1
        generation = self.generation
        loop = asyncio.get_running_loop()
        loop.call_later(delay, lambda: asyncio.ensure_future(self._run(generation)))

    async def _run(self, generation: int) -> None:
        if generation != self.generation:
            return      # more typing came: its own run will check
        buffers, self.buffers = self.buffers, {}
        saved, self.saved = self.saved, set()
        self.checking += 1
        try:
            results = await asyncio.get_running_loop().run_in_executor(self.worker, self._check, buffers, saved)
        finally:
            self.checking -= 1
        if results is not None:
            self._publish(results)

    def _check(self, buffers: dict[Path, str | None], saved: set[Path]) -> list[CompileResult] | None:
        """On the worker thread: the only place the engine is touched."""
        try:
            if self.engine is None:
                self.engine = Workspace(self.roots)
                self.docs = _rule_pages()
            for path, text in buffers.items():
                if text is None:
                    self.engine.drop_buffer(path)
                else:
                    self.engine.set_buffer(path, text)
            if saved:
                self.engine.files_changed(saved)
            results = self.engine.check()
            settle()
            return results
        except Exception as error:  # noqa: BLE001 - a check that fails leaves the last results up
            log.exception("check failed")
            _record_failure("check", error)
            return None

    def _publish(self, results: list[CompileResult]) -> None:
        self.results = {r.folder: r for r in results}
        self.file_pack = {display: r.folder for r in results for display in r.sources}
        by_uri: dict[str, list[lsp.Diagnostic]] = defaultdict(list)
        for result in results:
            for display, source in result.sources.items():
                by_uri.setdefault(uri_of(source, display), [])
            for d in result.diagnostics:
                uri = uri_of(result.sources.get(d.span.file), d.span.file)
                by_uri[uri].append(to_diagnostic(d, result.sources, self.docs))
        for uri in self.published - set(by_uri):
            by_uri[uri] = []
        for uri, diagnostics in by_uri.items():
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))
        self.published = {uri for uri, diagnostics in by_uri.items() if diagnostics or uri in self.published}
        self.checks_done += 1

    # ------------------------------------------------------------ lookups
    def inside(self, path: Path) -> bool:
        """Whether `path` lies in one of the workspace's folders (any path when the
        editor opened none)."""
        return not self.roots or any(path.is_relative_to(root) for root in self.roots)

    def index_for(self, uri: str) -> tuple[Index, str] | None:
        path = path_of(uri)
        if path is None or not self.inside(path):
            return None
        display = display_path(path)
        folder = self.file_pack.get(display)
        if folder is None or folder not in self.results:
            return None
        result = self.results[folder]
        cached = self.indexes.get(folder)
        if cached is None or cached[0] is not result:
            cached = (result, Index(result, cached[1] if cached is not None else None))
            self.indexes[folder] = cached
        return cached[1], display

    def position(self, index: Index, file: str, position: lsp.Position) -> tuple[int, int]:
        source = index.sources.get(file)
        text = source.line_text(position.line + 1) if source is not None else ""
        return position.line + 1, character_column(text, position.character)

    def location(self, index: Index, span: Span) -> lsp.Location:
        source = index.sources.get(span.file)
        return lsp.Location(uri_of(source, span.file), to_range(span, source))

    def item_at(self, uri: str, position: lsp.Position) -> tuple[Index, Mention | Definition] | None:
        found = self.index_for(uri)
        if found is None:
            return None
        index, file = found
        item = index.at(file, *self.position(index, file, position))
        return (index, item) if item is not None else None


server = VclServer()


def _indexed(handler: Callable[..., Answer]) -> Callable[[VclServer, Any], Answer | None]:
    """A request about one file, answered from its pack's index: nothing before the
    first check of that pack."""
    @functools.wraps(handler)
    def answer(ls: VclServer, params: Any) -> Answer | None:
        found = ls.index_for(params.text_document.uri)
        if found is None:
            return None
        return handler(ls, params, *found)
    return answer


def _pointed(handler: Callable[..., Answer]) -> Callable[[VclServer, Any], Answer | None]:
    """A request about the mention or definition under the cursor: nothing elsewhere."""
    @functools.wraps(handler)
    def answer(ls: VclServer, params: Any) -> Answer | None:
        found = ls.item_at(params.text_document.uri, params.position)
        if found is None:
            return None
        return handler(ls, params, *found)
    return answer


@server.feature(INTERNAL_ERRORS)
def internal_errors(ls: VclServer, params: Any) -> dict[str, Any]:
    """How many failures the server caught since it started, and the first of them."""
    return {"count": _failure_count, "first": list(_failures)}


def _field(value: Any, name: str) -> Any:
    """A field of a custom request's parameters, which come as a dict or an object."""
    return value.get(name) if isinstance(value, dict) else getattr(value, name)


@server.feature(ENTRY_AT)
@_safe()
def entry_at(ls: VclServer, params: Any) -> dict[str, Any] | None:
    uri = _field(_field(params, "textDocument"), "uri")
    line = int(_field(_field(params, "position"), "line")) + 1
    path = path_of(uri)
    if path is None or not ls.inside(path):
        return None
    display = display_path(path)
    folder = ls.file_pack.get(display)
    result = ls.results.get(folder) if folder is not None else None
    if result is None or result.pack is None:
        return None
    from vcompiler.preview.targets import TargetMemo, target_at, targets

    cached = ls.targets.get(result.folder)
    if cached is None or cached[0] is not result:
        cached = (result, targets(result.pack, ls.target_memos.setdefault(result.folder, TargetMemo())))
        ls.targets[result.folder] = cached
    found = target_at(cached[1], display, line)
    if found is None:
        return None
    return {"anchor": found.anchor, "kind": found.kind, "title": found.title, "line": found.span.line - 1}


@server.feature(lsp.INITIALIZE)
@_safe()
def initialize(ls: VclServer, params: lsp.InitializeParams) -> None:
    uris = [f.uri for f in params.workspace_folders or []] or ([params.root_uri] if params.root_uri else [])
    ls.roots = [p for p in (path_of(u) for u in uris) if p is not None and p.is_dir()]


@server.feature(lsp.INITIALIZED)
@_safe()
def initialized(ls: VclServer, params: lsp.InitializedParams) -> None:
    ls.schedule(0)


def _buffer(ls: VclServer, uri: str, text: str | None) -> None:
    """The editor's text of `uri` now (None: closed, the file on disk counts again). A
    file outside the workspace's folders is not checked: its pack would be read from a
    folder the editor never opened (a link to a file anywhere on the machine)."""
    path = path_of(uri)
    if path is not None and ls.inside(path):
        ls.buffers[path] = text
        ls.schedule()


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
@_safe()
def did_open(ls: VclServer, params: lsp.DidOpenTextDocumentParams) -> None:
    _buffer(ls, params.text_document.uri, params.text_document.text)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
@_safe()
def did_change(ls: VclServer, params: lsp.DidChangeTextDocumentParams) -> None:
    _buffer(ls, params.text_document.uri, ls.workspace.get_text_document(params.text_document.uri).source)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
@_safe()
def did_close(ls: VclServer, params: lsp.DidCloseTextDocumentParams) -> None:
    _buffer(ls, params.text_document.uri, None)


@server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
@_safe()
def did_change_watched_files(ls: VclServer, params: lsp.DidChangeWatchedFilesParams) -> None:
    ls.saved.update(p for p in (path_of(c.uri) for c in params.changes) if p is not None and ls.inside(p))
    ls.schedule()


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
@_safe()
@_indexed
def definition(ls: VclServer, params: lsp.DefinitionParams, index: Index,
               file: str) -> list[lsp.Location] | None:
    item = index.at(file, *ls.position(index, file, params.position))
    if item is not None:
        targets = [item] if isinstance(item, Definition) else index.definitions_of(item.ident)
    else:
        # `north *` leads to the depart entry of that exit of the location it is in.
        row = params.position.line
        lines = ls.workspace.get_text_document(params.text_document.uri).lines
        column = character_column(lines[row], params.position.character) - 1 if row < len(lines) else 0
        exit = features.starred_exit(lines, row, column)
        targets = index.definitions_of(("depart", exit)) if exit is not None else []
    return [ls.location(index, d.span) for d in targets] or None


@server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
@_safe()
@_pointed
def references(ls: VclServer, params: lsp.ReferenceParams, index: Index,
               item: Mention | Definition) -> list[lsp.Location] | None:
    ident = item.ident
    spans = [m.span for m in index.references_to(ident)]
    if params.context.include_declaration:
        spans = [d.span for d in index.definitions_of(ident)] + spans
    return [ls.location(index, span) for span in spans]


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
@_safe()
@_indexed
def hover(ls: VclServer, params: lsp.HoverParams, index: Index, file: str) -> lsp.Hover | None:
    item = index.at(file, *ls.position(index, file, params.position))
    if item is not None:
        text = features.hover(index, item)
        if text is not None:
            return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, text),
                             to_range(item.span, index.sources.get(item.span.file)))
    # Not an entity: a word of the language, read from the editor's text of its entry.
    row = params.position.line
    lines = ls.workspace.get_text_document(params.text_document.uri).lines
    line = lines[row] if row < len(lines) else ""
    found = tokens.word_at(lines, row, character_column(line, params.position.character) - 1)
    game = index.pack.game if index.pack is not None else ""
    described = words.describe(found[0], game) if found and game else None
    if found is None or described is None:
        return None
    return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, described),
                     lsp.Range(lsp.Position(row, utf16_column(line, found[1] + 1)),
                               lsp.Position(row, utf16_column(line, found[2] + 1))))


_COMPLETION_KIND = {"reference": lsp.CompletionItemKind.Reference, "verb": lsp.CompletionItemKind.Function,
                    "keyword": lsp.CompletionItemKind.Keyword, "value": lsp.CompletionItemKind.EnumMember}


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[" ", "{", "@"]))
@_safe()
def completion(ls: VclServer, params: lsp.CompletionParams) -> lsp.CompletionList | None:
    document = ls.workspace.get_text_document(params.text_document.uri)
    lines = document.lines
    line = lines[params.position.line] if params.position.line < len(lines) else ""
    before = line[:character_column(line, params.position.character) - 1]
    found = ls.index_for(params.text_document.uri)
    index = found[0] if found else None
    game = index.pack.game if index is not None and index.pack is not None else \
        ("vantage" if "game vantage" in document.source else "vanguard")
    items = [lsp.CompletionItem(c.label, kind=_COMPLETION_KIND[c.kind], detail=c.detail or None,
                                insert_text=c.insert, sort_text=f"{i:05d}")
             for i, c in enumerate(features.complete(index, game, before))]
    return lsp.CompletionList(is_incomplete=False, items=items)


@server.feature(lsp.TEXT_DOCUMENT_PREPARE_RENAME)
@_safe()
@_indexed
def prepare_rename(ls: VclServer, params: lsp.PrepareRenameParams, index: Index,
                   file: str) -> lsp.Range | None:
    line, column = ls.position(index, file, params.position)
    label = features.label_at(index, file, line, column)
    if label is None or label not in index.labels():
        return None
    span = next((s for s in index.label_occurrences(label)
                 if s.file == file and s.line == line and s.column <= column <= s.end_column), None)
    return to_range(span, index.sources.get(file)) if span else None


@server.feature(lsp.TEXT_DOCUMENT_RENAME)
@_safe()
@_indexed
def rename(ls: VclServer, params: lsp.RenameParams, index: Index,
           file: str) -> lsp.WorkspaceEdit | None:
    label = features.label_at(index, file, *ls.position(index, file, params.position))
    if label is None:
        return None
    new = _LABEL_NAME.fullmatch(params.new_name.strip())
    if new is None:
        raise _refused(f"`{params.new_name.strip()}` cannot be a label: a label is `@` and a name of letters, "
                       "digits and `_` that does not start with a digit (`@found_it`)")
    name = new.group(1)
    if name != label and name in index.labels():
        raise _refused(f"@{name} is already the label of log {index.labels()[name]}: choose another name")
    changes: dict[str, list[lsp.TextEdit]] = defaultdict(list)
    for span in index.label_occurrences(label):
        location = ls.location(index, span)
        changes[location.uri].append(lsp.TextEdit(location.range, "@" + name))
    if changes and name != label:
        # The lock keeps the number under the new name, so that the log keeps it.
        lock = features.lock_edit(index.result.folder, label, name)
        if lock is not None:
            changes[lock[0].resolve().as_uri()].append(lsp.TextEdit(to_range(lock[1], None), lock[2]))
    return lsp.WorkspaceEdit(changes=dict(changes)) if changes else None


def _refused(message: str) -> JsonRpcException:
    return JsonRpcException(message, code=lsp.LSPErrorCodes.RequestFailed)


_SYMBOL_KIND = {"log": lsp.SymbolKind.Function, "location": lsp.SymbolKind.Module,
                "planet": lsp.SymbolKind.Namespace, "sector": lsp.SymbolKind.Field,
                "depart": lsp.SymbolKind.Event, "vcard": lsp.SymbolKind.Class}


def _symbol_name(d: Definition) -> str:
    return d.heading() + (f" {d.title}" if d.title else "")


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@_safe()
@_indexed
def document_symbols(ls: VclServer, params: lsp.DocumentSymbolParams, index: Index,
                     file: str) -> list[lsp.DocumentSymbol] | None:
    source = index.sources.get(file)
    symbols: list[lsp.DocumentSymbol] = []
    sectors_of: dict[str, list[lsp.DocumentSymbol]] = {}     # a planet's id: its symbol's children
    for d in index.definitions:
        if d.span.file != file:
            continue
        span = to_range(d.span, source)
        children: list[lsp.DocumentSymbol] | None = [] if d.kind == "planet" else None
        symbol = lsp.DocumentSymbol(name=_symbol_name(d), kind=_SYMBOL_KIND.get(d.kind, lsp.SymbolKind.Object),
                                    range=span, selection_range=span, children=children)
        if d.kind == "sector" and d.container in sectors_of:
            sectors_of[d.container].append(symbol)
            continue
        if children is not None:
            sectors_of[str(d.key)] = children
        symbols.append(symbol)
    return symbols


@server.feature(lsp.WORKSPACE_SYMBOL)
@_safe()
def workspace_symbols(ls: VclServer, params: lsp.WorkspaceSymbolParams) -> list[lsp.SymbolInformation]:
    query = params.query.lower()
    out = []
    for folder in ls.results:
        uri = next((uri_of(s, k) for k, s in ls.results[folder].sources.items()), None)
        found = ls.index_for(uri) if uri else None
        if found is None:
            continue
        index = found[0]
        for d in index.definitions:
            name = _symbol_name(d)
            if query in name.lower() or (d.label and query in ("@" + d.label).lower()):
                out.append(lsp.SymbolInformation(name=name, kind=_SYMBOL_KIND.get(d.kind, lsp.SymbolKind.Object),
                                                 location=ls.location(index, d.span)))
    return out


@server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
@_safe()
@_indexed
def code_actions(ls: VclServer, params: lsp.CodeActionParams, index: Index,
                 file: str) -> list[lsp.CodeAction] | None:
    source = index.sources.get(file)
    first, last = params.range.start.line + 1, params.range.end.line + 1
    actions = []
    for d in index.result.diagnostics:
        if d.span.file != file or d.span.end_line < first or d.span.line > last:
            continue
        for title, span, text in features.quick_fixes(index, d):
            edit = lsp.WorkspaceEdit(changes={params.text_document.uri: [lsp.TextEdit(to_range(span, source), text)]})
            actions.append(lsp.CodeAction(title, kind=lsp.CodeActionKind.QuickFix, edit=edit, is_preferred=True,
                                          diagnostics=[to_diagnostic(d, index.sources, ls.docs)]))
    return actions


@server.feature(lsp.TEXT_DOCUMENT_INLAY_HINT)
@_safe()
@_indexed
def inlay_hints(ls: VclServer, params: lsp.InlayHintParams, index: Index,
                file: str) -> list[lsp.InlayHint] | None:
    source = index.sources.get(file)
    first, last = params.range.start.line + 1, params.range.end.line + 1
    return [lsp.InlayHint(to_range(span, source).end, f"= {number}", kind=lsp.InlayHintKind.Parameter,
                          padding_left=True, tooltip=f"the number the compiler gave @{index.text_of(span)[1:]}")
            for span, number in features.label_numbers(index, file) if first <= span.line <= last]


@server.feature(lsp.TEXT_DOCUMENT_FOLDING_RANGE)
@_safe()
def folding(ls: VclServer, params: lsp.FoldingRangeParams) -> list[lsp.FoldingRange]:
    text = ls.workspace.get_text_document(params.text_document.uri).source
    return [lsp.FoldingRange(first - 1, last - 1) for first, last in features.folding_ranges(text)]


@server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
@_safe()
def formatting(ls: VclServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit] | None:
    document = ls.workspace.get_text_document(params.text_document.uri)
    return document_edits(document.source, display_path(Path(document.path)))


@server.feature(lsp.TEXT_DOCUMENT_RANGE_FORMATTING)
@_safe()
def range_formatting(ls: VclServer, params: lsp.DocumentRangeFormattingParams) -> list[lsp.TextEdit] | None:
    document = ls.workspace.get_text_document(params.text_document.uri)
    end = params.range.end
    # A range that ends at the start of a line, as a selection of whole lines does,
    # does not take that line.
    last = end.line - 1 if end.character == 0 and end.line > params.range.start.line else end.line
    return range_edits(document.source, display_path(Path(document.path)), params.range.start.line, last)


def _references(ls: VclServer, uri: str, lines: Sequence[str], first: int, last: int) -> list[tuple[Span, str]]:
    """Where the last check found a mention of an entity in lines `first` to `last`
    (0-based), and the word that names it."""
    found = ls.index_for(uri)
    if found is None:
        return []
    index, file = found
    source = index.sources.get(file)
    named = []
    for mention in index.mentions_in(file, first + 1, min(last, len(lines) - 1) + 1):
        line = mention.span.line
        # A line edited since the last check may have moved its words: only the lines as
        # the check saw them are trusted.
        if source is not None and source.line_text(line) == lines[line - 1].rstrip("\r\n"):
            key = mention.ident[1][-1] if isinstance(mention.ident[1], tuple) else mention.ident[1]
            named.append((mention.span, str(key)))
    return named


_LEGEND = lsp.SemanticTokensLegend(token_types=list(tokens.TYPES), token_modifiers=[])


@server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, _LEGEND)
@_safe()
def semantic_tokens(ls: VclServer, params: lsp.SemanticTokensParams) -> lsp.SemanticTokens:
    document = ls.workspace.get_text_document(params.text_document.uri)
    lines = document.lines
    named = _references(ls, params.text_document.uri, lines, 0, len(lines))
    return lsp.SemanticTokens(data=tokens.encode(tokens.document_tokens(lines, named), lines))


@server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, _LEGEND)
@_safe()
def semantic_tokens_range(ls: VclServer, params: lsp.SemanticTokensRangeParams) -> lsp.SemanticTokens:
    """The tokens of the lines an editor shows: read from the entry the first of them is
    in, so that the work is that of the lines shown, whatever the file's length."""
    document = ls.workspace.get_text_document(params.text_document.uri)
    lines = document.lines
    first, last = params.range.start.line, min(params.range.end.line, len(lines) - 1)
    named = _references(ls, params.text_document.uri, lines, first, last)
    return lsp.SemanticTokens(data=tokens.encode(tokens.document_tokens(lines, named, first, last), lines))
