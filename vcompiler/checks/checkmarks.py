"""Check marks: a condition on a box that is not printed (E210), a box nothing
tests (W406), a log that tests its own box below ticking it (W417)."""
from __future__ import annotations

from collections.abc import Iterator

from vcompiler import codes
from vcompiler.checks import CheckContext, per_log, rule
from vcompiler.checks.explained import logs_named
from vcompiler.checks.references import intended_targets
from vcompiler.checks.tables import all_statements, written
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.model.types import CheckStatement, Condition, IfStatement, Log


def _conditions(context: CheckContext) -> Iterator[Condition]:
    for conditions in context.of_logs(_log_conditions):
        yield from conditions
    for _, statement in all_statements(context.pack, logs=False):
        if isinstance(statement, IfStatement):
            yield statement.condition


@per_log
def _log_conditions(log: Log) -> list[Condition]:
    return [s.condition for s in log.statements if isinstance(s, IfStatement)]


@per_log
def _first_check(log: Log) -> CheckStatement | None:
    return next((s for s in log.statements if isinstance(s, CheckStatement)), None)


@rule(codes.UNCHECKABLE)
def tested_logs_have_boxes(context: CheckContext) -> Iterator[Diagnostic]:
    """E210: `if checked log N` where log N has no `check`."""
    broken = context.near_errors.declarations if context.near_errors is not None else frozenset()
    for condition in _conditions(context):
        if condition.kind != "checked_log" or not isinstance(condition.key, int):
            continue
        log = context.pack.log(condition.key)
        if log is not None and not log.has_check and (log.span.file, log.span.line) not in broken:
            yield diagnostic(codes.UNCHECKABLE, condition.span, number=log.shown,
                             hint=f"add `check` to log {log.written}",
                             related=[Related(log.span, f"log {log.shown}")])


@rule(codes.UNTESTED_CHECK)
def boxes_are_tested(context: CheckContext) -> Iterator[Diagnostic]:
    """W406: check mark that nothing tests."""
    near = context.near_errors
    if near is None:
        return  # a file that could not be read may hold the test
    tested = {c.key for c in _conditions(context) if c.kind == "checked_log"}
    # A test of a log that is not there (E200) may have meant one spelt like it: its
    # box is not reported as untested as well.
    tested.update(key for ref in context.dangling if ref.kind == "log" and ref.via == "test"
                  for _, key in intended_targets(context, ref))
    # What did not parse or resolve may have been the test (`if checked log 5` in a
    # log left open).
    tested.update(logs_named(near.tests, context.pack.labels))
    logs = context.pack.logs
    for log, statement in zip(logs, context.of_logs(_first_check)):
        if statement is not None and log.number not in tested:
            yield diagnostic(codes.UNTESTED_CHECK, statement.span, number=log.shown,
                             hint=f"test it with `if checked log {log.written} -> log N`, or remove `check`")


@rule(codes.TESTED_AFTER_CHECK)
def own_box_tested_before_it_is_ticked(context: CheckContext) -> Iterator[Diagnostic]:
    """W417: a log that tests its own box after ticking it."""
    for log, found in zip(context.pack.logs, context.of_logs(_own_box_after_check)):
        if found is not None:
            check, test = found
            yield diagnostic(codes.TESTED_AFTER_CHECK, test.condition.span, number=log.shown, written=log.written,
                             hint="test it above `check` to ask whether the reader has been here before, or write "
                                  f"`{written(test.target, context.pack)}` if it is always meant",
                             related=[Related(check.span, "the box is ticked here")])


@per_log
def _own_box_after_check(log: Log) -> tuple[CheckStatement, IfStatement] | None:
    check = None
    for statement in log.statements:
        if isinstance(statement, CheckStatement) and check is None:
            check = statement
        elif (check is not None and isinstance(statement, IfStatement) and statement.condition.kind == "checked_log"
              and statement.condition.key == log.number):
            return check, statement
    return None
