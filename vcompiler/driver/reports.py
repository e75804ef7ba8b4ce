"""The CI report formats: SARIF 2.1.0 for code-scanning services, and GitHub Actions
workflow commands for annotations on a pull request."""
from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Mapping
from pathlib import PurePosixPath
from urllib.parse import quote

from vcompiler import __version__
from vcompiler.codes import CATALOGUE, Severity
from vcompiler.diagnostics import Diagnostic, count
from vcompiler.source import SourceFile, Span

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def rule_docs() -> dict[str, str]:
    """The full documentation of every code, as the catalogue gives it."""
    return {code_id: code.doc for code_id, code in CATALOGUE.items()}


# What a relative URI is relative to: the folder vcompiler ran in, which a CI job
# makes the repository's root (code-scanning services resolve this base id there).
SOURCE_ROOT = "%SRCROOT%"


def _artifact(path: str) -> dict[str, str]:
    """A file as SARIF names it: relative to the working folder, as the other reports
    print it, or a file:// URI when it lies outside (an absolute path is no URI)."""
    path = path.replace("\\", "/")
    if PurePosixPath(path).is_absolute():
        return {"uri": "file://" + quote(path, safe="/.-_~")}
    return {"uri": quote(path, safe="/.-_~"), "uriBaseId": SOURCE_ROOT}


def _region(span: Span) -> dict[str, int]:
    return {"startLine": span.line, "startColumn": span.column,
            "endLine": span.end_line, "endColumn": span.end_column}


def _fingerprint(d: Diagnostic, sources: Mapping[str, SourceFile], seen: Counter[str]) -> str:
    # Stable across runs and across edits that move the line: the code, the file, the
    # message and the text of the line, not its number.
    source = sources.get(d.span.file)
    line = source.line_text(d.span.line).strip() if source else ""
    key = "\0".join((d.code.id, d.span.file, d.message, line))
    seen[key] += 1
    return hashlib.sha256(f"{key}\0{seen[key]}".encode()).hexdigest()[:32]


def to_sarif(diagnostics: list[Diagnostic], sources: Mapping[str, SourceFile]) -> dict[str, object]:
    docs = rule_docs()
    ids = sorted(CATALOGUE)
    index = {code_id: i for i, code_id in enumerate(ids)}
    rules = []
    for code_id in ids:
        code = CATALOGUE[code_id]
        full = " ".join((docs.get(code_id) or code.summary).split())
        rules.append({
            "id": code_id,
            "shortDescription": {"text": code.summary},
            "fullDescription": {"text": full},
            "help": {"text": full},
            "defaultConfiguration": {"level": code.severity.value},
        })
    seen: Counter[str] = Counter()
    results = []
    for d in diagnostics:
        text = d.message + (f"\nhelp: {d.hint}" if d.hint else "")
        result = {
            "ruleId": d.code.id,
            "ruleIndex": index[d.code.id],
            "level": d.severity.value,
            "message": {"text": text},
            "locations": [{"physicalLocation": {"artifactLocation": _artifact(d.span.file),
                                                "region": _region(d.span)}}],
            "partialFingerprints": {"vcompiler/v1": _fingerprint(d, sources, seen)},
        }
        if d.related:
            result["relatedLocations"] = [
                {"id": i, "message": {"text": r.message},
                 "physicalLocation": {"artifactLocation": _artifact(r.span.file), "region": _region(r.span)}}
                for i, r in enumerate(d.related)]
        results.append(result)
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "vcompiler", "version": __version__, "rules": rules}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }


def format_sarif(diagnostics: list[Diagnostic], sources: Mapping[str, SourceFile]) -> str:
    return json.dumps(to_sarif(diagnostics, sources), indent=2, ensure_ascii=False) + "\n"


def _escape_data(text: str) -> str:
    # As the Actions toolkit's escapeData, and every other control character (an ESC or
    # BEL in a file name would reach the terminal of whoever reads the log) as the
    # percent-escapes of its UTF-8 bytes, which the runner leaves as they are.
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return _CONTROL.sub(lambda found: "".join(f"%{byte:02X}" for byte in found.group().encode()), text)


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _escape_property(text: str) -> str:
    # As the Actions toolkit's escapeProperty.
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


GITHUB_ANNOTATION_LIMIT = 10


def format_github(diagnostics: list[Diagnostic]) -> str:
    lines = []
    for d in diagnostics:
        s = d.span
        command = "error" if d.severity is Severity.ERROR else "warning"
        props = ",".join(f"{k}={_escape_property(str(v))}" for k, v in (
            ("file", s.file), ("line", s.line), ("endLine", s.end_line), ("col", s.column),
            ("endColumn", s.end_column), ("title", d.code.id)))
        message = d.message + (f"\nhelp: {d.hint}" if d.hint else "")
        lines.append(f"::{command} {props}::{_escape_data(message)}")
    errors, warnings = count(diagnostics)
    summary = f"vcompiler: {errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    if errors > GITHUB_ANNOTATION_LIMIT or warnings > GITHUB_ANNOTATION_LIMIT:
        summary += (f"; GitHub shows only the first {GITHUB_ANNOTATION_LIMIT} errors and warnings of a step"
                    " as annotations: every one is listed above")
    lines.append(summary)
    return "\n".join(lines) + "\n"
