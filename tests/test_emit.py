"""The emit stage: golden bundles, the schema, determinism, atomic writes."""
import json

import pytest
from jsonschema import Draft202012Validator

from conftest import CONTENT, ROOT
from vcompiler.compile import compile_pack
from vcompiler.emit import prepare, write
from vcompiler.emit.bundle import to_bundle
from vcompiler.emit.write import write_atomic

GOLDEN = ROOT / "tests" / "golden"
PACKS = {"eye-of-the-void": "eye_of_the_void", "tidal-reach": "tidal_reach"}


@pytest.mark.parametrize("folder", sorted(PACKS))
def test_bundle_matches_golden(folder, update_golden):
    result = compile_pack(CONTENT / folder)
    assert result.ok, result.diagnostics
    text = prepare(result.pack).bundle.decode()
    golden = GOLDEN / f"{PACKS[folder]}.bundle.json"
    if update_golden:
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_schema_is_valid_2020_12_and_describes_every_property():
    schema = json.loads((ROOT / "schemas" / "bundle.schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] and schema["$schema"].endswith("2020-12/schema")
    missing = []

    def walk(node, path):
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                if "description" not in sub:
                    missing.append(f"{path}/{name}")
            for key, value in node.items():
                walk(value, f"{path}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{path}/{i}")
    walk(schema, "")
    assert missing == []


def test_bundle_resolves_labels_and_records_positions():
    bundle = to_bundle(compile_pack(CONTENT / "eye-of-the-void").pack)
    labels = bundle["labels"]
    first = next(log for log in bundle["logs"] if log["number"] == 20)
    assert first["statements"][-1] == {"kind": "effect", "effect": [{"op": "goto_log", "log": labels["wake_up"]}]}
    lines = (CONTENT / "eye-of-the-void" / "logbook.vcl").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith('log 20 "Impact" {'))
    assert first["source"] == {"file": "logbook.vcl", "line": line, "column": 1}
    assert [log["number"] for log in bundle["logs"]] == sorted(log["number"] for log in bundle["logs"])


def test_a_bundle_that_fails_the_schema_is_never_written(monkeypatch, tmp_path):
    import vcompiler.emit as emit
    monkeypatch.setattr(emit, "to_bundle", lambda pack: {"format": 2})
    with pytest.raises(emit.InvalidBundle):
        prepare(compile_pack(CONTENT / "tidal-reach").pack)


def test_two_builds_are_byte_identical(tmp_path):
    pack = compile_pack(CONTENT / "eye-of-the-void").pack
    again = compile_pack(CONTENT / "eye-of-the-void").pack
    assert prepare(pack).bundle == prepare(again).bundle


def test_write_is_atomic_and_skips_unchanged_files(tmp_path):
    target = tmp_path / "a" / "bundle.json"
    assert write_atomic(target, b"one") is True
    assert write_atomic(target, b"one") is False
    assert write_atomic(target, b"two") is True
    assert target.read_bytes() == b"two"
    assert [p.name for p in target.parent.iterdir()] == ["bundle.json"]


def test_write_puts_the_bundle_under_the_pack_name(pack_copy, tmp_path):
    folder = pack_copy("eye-of-the-void")
    written = write(prepare(compile_pack(folder).pack), tmp_path / "out", folder)
    assert tmp_path / "out" / "eye_of_the_void" / "bundle.json" in written
