"""No input, however broken, gives a traceback: a coded diagnostic and exit 1."""
import json
import os

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import CONTENT, VANGUARD_HEADER
from vcompiler.cli import main

BAD_FILES = {
    "binary": b"\x00\x01\x02PK\x03\x04" * 50,
    "latin-1": "log 1 \"Caf\xe9\" { return }\n".encode("latin-1"),
    "empty": b"",
    "one-long-line": b"log 1 { text \"" + b"a" * 10_000_000 + b"\" return }",
    "nested-braces": b"log 1 " + b"{" * 500 + b"}" * 500,
    "unterminated-at-eof": b'log 1 "Start" {\n  text "',
    "unterminated-long-at-eof": b'log 1 "Start" {\n  text """',
    "stray-closing": b"}}}}\nlog 1 { return }\n",
    "only-a-comment": b"// nothing here",
    "control-characters": b"log 1 { text \"a\x07b\" \x1b[31m }",
}


def check_json(folder):
    result = CliRunner().invoke(main, ["check", str(folder), "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    report = json.loads(result.output)
    return result.exit_code, report


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_gives_a_diagnostic_not_a_traceback(name, tmp_path):
    folder = tmp_path / name
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER, encoding="utf-8")
    (folder / "bad.vcl").write_bytes(BAD_FILES[name])
    code, report = check_json(folder)
    assert code in (0, 1)
    for d in report["diagnostics"]:
        assert d["code"][0] in "EW" and d["line"] >= 1 and d["column"] >= 1


def test_binary_and_latin_1_are_E103_at_the_right_place(tmp_path):
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + 'log 1 "S" { return }\n')
    (folder / "bin.vcl").write_bytes(BAD_FILES["binary"])
    (folder / "latin.vcl").write_bytes(b'\n\nlog 2 "Caf\xe9" { return }\n')
    code, report = check_json(folder)
    found = [(d["code"], d["file"].rsplit("/", 1)[-1], d["line"], d["column"]) for d in report["diagnostics"]
             if d["code"] == "E103"]
    assert code == 1
    assert found == [("E103", "bin.vcl", 1, 1), ("E103", "latin.vcl", 3, 11)]


TOKENS = st.sampled_from(["{", "}", "\"", '"""', "->", "=>", ";", "/", "log", "@x", "12", "P1",
                          "\n", "gain", "//", "*", "{log 3}", "outcome", "red", ":"])


def _mutate(text: str, data) -> str:
    lines = text.split("\n")
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(["delete-line", "duplicate-line", "swap-lines", "delete-token",
                                          "duplicate-token", "insert-token", "swap-tokens"]))
        i = data.draw(st.integers(0, len(lines) - 1))
        j = data.draw(st.integers(0, len(lines) - 1))
        words = lines[i].split(" ")
        k = data.draw(st.integers(0, max(0, len(words) - 1)))
        if kind == "delete-line" and len(lines) > 1:
            del lines[i]
        elif kind == "duplicate-line":
            lines.insert(i, lines[i])
        elif kind == "swap-lines":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "delete-token":
            del words[k]
            lines[i] = " ".join(words)
        elif kind == "duplicate-token" and words:
            words.insert(k, words[k])
            lines[i] = " ".join(words)
        elif kind == "insert-token":
            words.insert(k, data.draw(TOKENS))
            lines[i] = " ".join(words)
        elif kind == "swap-tokens" and len(words) > 1:
            m = data.draw(st.integers(0, len(words) - 1))
            words[k], words[m] = words[m], words[k]
            lines[i] = " ".join(words)
    return "\n".join(lines)


FILES = sorted(p for p in CONTENT.glob("*/*.vcl"))


def _mutant_pack(data, tmp_path_factory):
    """A copy of a shipped pack with one of its files mutated."""
    source = data.draw(st.sampled_from(FILES))
    folder = tmp_path_factory.mktemp("mutant")
    for sibling in source.parent.glob("*.vcl"):
        (folder / sibling.name).write_text(sibling.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / source.name).write_text(_mutate(source.read_text(encoding="utf-8"), data), encoding="utf-8")
    return folder


# VCOMPILER_FUZZ_EXAMPLES=2000 for a longer hunt than CI's.
@settings(max_examples=int(os.environ.get("VCOMPILER_FUZZ_EXAMPLES", "60")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_reference_packs_always_give_a_json_report(data, tmp_path_factory):
    folder = _mutant_pack(data, tmp_path_factory)
    code, report = check_json(folder)
    assert code in (0, 1)
    assert (code == 1) == (report["summary"]["errors"] > 0)


@settings(max_examples=int(os.environ.get("VCOMPILER_FUZZ_EXAMPLES", "60")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_packs_either_build_or_report_never_fail_the_schema(data, tmp_path_factory):
    # Content the checks let through must make a bundle its own schema accepts: exit 2
    # (an internal error) is a bug whatever the input.
    folder = _mutant_pack(data, tmp_path_factory)
    out = tmp_path_factory.mktemp("out")
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", "json", "--no-cache"])
    assert result.exit_code in (0, 1), result.output
