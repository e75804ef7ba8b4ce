"""A bounded fuzz run in CI (bench/fuzz.py runs longer): any text, made of the
grammar's tokens, hostile snippets or raw characters, gives diagnostics, never an
exception or an internal error."""
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT, VANGUARD_HEADER
from vcompiler.compile import compile_pack

sys.path.insert(0, str(ROOT / "bench"))
from fuzz import SNIPPETS  # noqa: E402

WORDS = SNIPPETS + ["log 1", "log 2", '"T"', "text", "end exploration", "\n", " ", "1", "P101", "gain", "success"]
pieces = st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=5)), max_size=40).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=pieces)
def test_any_text_gives_diagnostics_not_exceptions(tmp_path_factory, body):
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + body, encoding="utf-8", errors="surrogatepass")
    result = compile_pack(folder)
    assert not [d for d in result.diagnostics if d.code.id == "E900"]


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.binary(max_size=300))
def test_any_bytes_give_diagnostics_not_exceptions(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("fuzz")
    Path(folder / "pack.vcl").write_bytes(data)
    result = compile_pack(folder)
    assert not [d for d in result.diagnostics if d.code.id == "E900"]


def test_the_commands_exit_0_or_1_on_mutated_files_and_packs():
    # A few inputs through the command line (bench/fuzz.py --cli runs thousands).
    from fuzz import run_cli

    counts = run_cli(inputs=12, seed=3, build=True)
    assert counts["runs"] == 24
    assert set(counts["exit"]) <= {0, 1} and counts["tracebacks"] == 0, counts
