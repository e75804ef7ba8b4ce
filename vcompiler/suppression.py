"""`// allow CODE` comments: what they silence, and the mistakes that make one silence
nothing (W100 stale, W101 naming no warning, W102 misplaced). A mistaken allow is
reported rather than ignored: the warning it was meant for would otherwise come back
unseen, or never have been silenced at all."""
from __future__ import annotations

import difflib
import re

from vcompiler import codes
from vcompiler.ast import ParsedFile
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.parse.lexer import comments
from vcompiler.parse.transform import ALLOW_CODE_LIST
from vcompiler.source import Span

_ALLOW_COMMENT = re.compile(r"//\s*allow\b[ \t]*(.*)", re.IGNORECASE)
_CODE_LIST = re.compile(ALLOW_CODE_LIST)
_CODE_LIKE = re.compile(r"[A-Za-z]{1,2}\d\w*")


def _warnings_check_reports() -> list[str]:
    # Printing warnings (W5xx) are found by `build` as it lays pages out: `check` cannot
    # tell whether an allow of one is stale.
    return [c.id for c in codes.CATALOGUE.values() if c.severity is codes.Severity.WARNING]


def _allow_comments(file: ParsedFile) -> list[tuple[int, int, int, str]]:
    """(line, column of the comment, column of what follows `allow`, that text) of
    every `// allow` comment of the file."""
    text = file.source.text
    # Searched for as it is written, rather than in a lower-cased copy of the file.
    if _ALLOW_COMMENT.search(text) is None:
        return []
    found = []
    for match in comments(text):
        allow = _ALLOW_COMMENT.match(match.group())
        if allow is None:
            continue
        start = match.start()
        line = text.count("\n", 0, start) + 1
        column = start - (text.rfind("\n", 0, start) + 1) + 1
        found.append((line, column, column + allow.start(1), allow.group(0)))
    return found


def _code_problem(word: str) -> tuple[str, str, list[str]] | None:
    """(message, hint, the codes the hint suggests instead) when `word` names no warning."""
    upper = word.upper()
    code = codes.CATALOGUE.get(upper)
    if code is not None and word != upper:
        return f"`{word}` is written in lower case", f"write it as `{upper}`", [upper]
    if code is not None and code.severity is codes.Severity.ERROR:
        return (f"{word} is an error, and errors cannot be silenced",
                "mend what the error says, or remove it from the comment", [])
    if code is None:
        near = difflib.get_close_matches(upper, _warnings_check_reports(), n=1, cutoff=0.6)
        return (f"`{word}` is not a diagnostic code",
                f"did you mean `{near[0]}`?" if near else "`vcompiler rules` lists the warning codes", near)
    return None


def allow_mistakes(parsed: list[ParsedFile]) -> list[Diagnostic]:
    """W101 for each word of an allow that names no warning, W102 for an allow that is
    not on the first line of a declaration."""
    found = []
    for file in parsed:
        comments = _allow_comments(file)
        if not comments:
            continue
        display = file.source.display
        first_lines = {decl.span.line for decl in file.file.declarations}
        for line, column, rest_column, rest in comments:
            span = Span(display, line, column, line, len(file.source.line_text(line).rstrip()) + 1)
            if line not in first_lines:
                after = sorted(n for n in first_lines if n > line)
                below = after[0] if after and not any(file.source.line_text(n).strip()
                                                      for n in range(line + 1, after[0])) else None
                before = [n for n in first_lines if n < line]
                # A comment after a statement, or indented, is inside the declaration above.
                inside = column > 1 and before
                target = below if below is not None else max(before) if inside else None
                hint = (f"put it at the end of line {target}, the declaration's first line" if target is not None
                        else "put it at the end of the first line of the declaration it is for")
                found.append(diagnostic(codes.MISPLACED_ALLOW, span, hint=hint))
                continue
            comment, rest = rest, rest[_ALLOW_COMMENT.match(rest).start(1):]   # type: ignore[union-attr]
            keyword = re.search(r"allow", comment, re.IGNORECASE)
            if keyword is not None and keyword.group() != "allow":
                found.append(diagnostic(codes.BAD_ALLOW, span, message=f"`{keyword.group()}` is not read as `allow`",
                                        hint="write `// allow` in lower case"))
                continue
            listed = _CODE_LIST.match(rest)
            if listed is None:
                found.append(diagnostic(codes.BAD_ALLOW, span, message="`// allow` names no code",
                                        hint="name the warnings it silences: `// allow W400, W402`"))
                continue
            for word in _CODE_LIKE.finditer(listed.group()):
                problem = _code_problem(word.group())
                if problem is not None:
                    message, hint, fixes = problem
                    at = rest_column + word.start()
                    found.append(diagnostic(codes.BAD_ALLOW, Span(display, line, at, line, at + len(word.group())),
                                            message=message, hint=hint, fixes=fixes))
    return found


def apply_allows(found: list[Diagnostic], parsed: list[ParsedFile], complete: bool) -> list[Diagnostic]:
    """`// allow W400` on a declaration's first line silences that warning anywhere in
    the declaration. Errors cannot be silenced. `complete`: every check ran (no error
    stood any down), so an allow that silenced nothing is stale (W100)."""
    regions: dict[str, list[tuple[int, int, tuple[str, ...]]]] = {}
    for file in parsed:
        if file.allow_regions:
            regions[file.source.display] = list(file.allow_regions)
    if not regions:
        return found
    used: set[tuple[str, int, str]] = set()

    def allowed(d: Diagnostic) -> bool:
        for first, last, codes_ in regions.get(d.span.file, ()):
            if first <= d.span.line <= last and d.code.id in codes_:
                used.add((d.span.file, first, d.code.id))
                return True
        return False

    kept = [d for d in found if d.severity is codes.Severity.ERROR or not allowed(d)]
    if complete:
        sources = {file.source.display: file.source for file in parsed}
        checked = {c for c in _warnings_check_reports() if not c.startswith("W5")}
        for display, spans in regions.items():
            for first, _, codes_ in spans:
                for code in codes_:
                    if code in checked and (display, first, code) not in used:
                        line = sources[display].line_text(first)
                        column = line.find("//") + 1 or 1
                        kept.append(diagnostic(
                            codes.UNUSED_ALLOW, Span(display, first, column, first, len(line.rstrip()) + 1),
                            allowed=code,
                            hint=f"remove {code} from the comment; a stale allow would hide it when it comes back"))
    return kept
