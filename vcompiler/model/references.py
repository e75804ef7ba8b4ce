"""Every mention of another entity, as a `Reference` for the checks: in gotos, in
text markup, in effects, on the board. The caller says which entity mentions it (the
origin, a graph node such as ("log", 204)), and how (`via`)."""
from __future__ import annotations

from collections.abc import Iterable

from vcompiler import ast, codes
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.model import types as m
from vcompiler.registry import ANY_CARD
from vcompiler.source import Span

Origin = tuple[str, object]


class References:
    def __init__(self, labels: dict[str, int], declared_labels: set[str], card_kinds: dict[str, str],
                 warnings: list[Diagnostic] | None = None):
        """`labels`: the numbers labels were given; `declared_labels`: every label a log
        declares (numbered or not); `card_kinds`: the kind of each vanguard card id;
        `warnings`: where a log named by its label's number is reported (W416)."""
        self.labels = labels
        self.declared_labels = declared_labels
        self.card_kinds = card_kinds
        self.found: list[m.Reference] = []
        self.warnings = warnings if warnings is not None else []
        self.label_of = {number: label for label, number in labels.items()}

    def _by_number(self, target: ast.Value) -> None:
        """A label's number written out: it is the lock's or the shuffle's, not the
        writer's, and sends readers elsewhere once the lock is lost or the seed changes."""
        label = self.label_of.get(int(target.value))
        if label is not None:
            self.warnings.append(diagnostic(
                codes.LABEL_BY_NUMBER, target.span, number=target.value, label=label,
                hint=f"write `@{label}` for {target.value}: the label keeps its log wherever the numbering "
                     "puts it"))

    def refer(self, origin: Origin, kind: str, key: object, span: Span, via: str,
              scope: object = None) -> None:
        if key is None:
            return
        if scope is not None:
            key = (scope, key)
        self.found.append(m.Reference(kind, key, span, origin, via))

    def log_key(self, target: ast.Value) -> object:
        """The key a reference to a log has: its number, or "@label" for a label no log
        declares (reported as undefined); None for a declared label left without a
        number (already reported as E211)."""
        if target.kind in ("number", "start"):
            if target.kind == "number" and target.value in self.label_of:
                self._by_number(target)
            return int(target.value)
        label = str(target.value)
        if label in self.labels:
            return self.labels[label]
        return None if label in self.declared_labels else f"@{label}"

    def goto(self, origin: Origin, goto: ast.Goto, via: str) -> m.Effect:
        if goto.kind == "log":
            target = goto.target
            # refer() and log_key() written out for a numbered log, the commonest goto.
            key = target.value if target.kind == "number" else self.log_key(target)
            if target.kind == "number" and key in self.label_of:
                self._by_number(target)
            if key is not None:
                self.found.append(m.Reference("log", key, goto.span, origin, via))
            return m.Effect("goto_log", (("log", key),), goto.span)
        self.refer(origin, "location", goto.target.value, goto.span, via)
        return m.Effect("goto_location", (("location", goto.target.value),), goto.span)

    def text(self, origin: Origin, *texts: ast.Text | None) -> None:
        run = ast.Run
        for text in texts:
            if text is not None:
                for paragraph in text.paragraphs:
                    # Most paragraphs (titles, choice labels) are one run of words.
                    if len(paragraph) != 1 or type(paragraph[0]) is not run:
                        self._inline(origin, paragraph)

    def _inline(self, origin: Origin, nodes: Iterable[ast.Inline]) -> None:
        for node in nodes:
            if isinstance(node, ast.Emphasis):
                self._inline(origin, node.children)
            elif isinstance(node, ast.Ref):
                if node.kind == "log":
                    self.refer(origin, "log", self.log_key(node.target), node.span, "text")
                elif node.kind == "location":
                    self.refer(origin, "location", node.target.value, node.span, "text")
                elif node.target.kind == "number":
                    self.refer(origin, "vcard", node.target.value, node.span, "text")
                else:
                    ident = str(node.target.value)
                    self.refer(origin, self.card_kinds.get(ident, ANY_CARD.name), ident, node.span, "text")
