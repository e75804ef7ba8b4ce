"""`stats` and `graph`: what they print for the shipped packs and generated ones."""
import json
import shutil

import pytest
from test_cli import run

from conftest import CONTENT

HEAD = 'pack p {\n game vanguard\n title "P"\n version "1"\n start log 1\n}\n'


def test_stats_text_of_the_shipped_packs():
    result = run("stats", CONTENT)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "The Eye of the Void (eye_of_the_void, vanguard)" in out
    assert "numbering 1..999: 22 used, 977 free" in out
    assert "labels: @hidden_chamber = 858, @wake_up = 879" in out
    assert "storybook-depart.pdf" in out and "logbook.pdf" in out
    assert out.count("unreachable: 0, warnings: 0, errors: 0") == len([p for p in CONTENT.iterdir() if p.is_dir()])


def test_stats_json_counts_a_generated_logbook(generated_pack):
    result = run("stats", generated_pack(300), "--format", "json")
    assert result.exit_code == 0, result.output
    [pack] = json.loads(result.output)["packs"]
    assert pack["entries"]["logs"] == 300
    assert pack["numbering"] == {"low": 1, "high": 600, "used": 300, "free": 300}
    [book] = pack["books"]
    assert book["file"] == "logbook.pdf" and book["entries"] == 300
    # about 70 words of text, a title and two choices a log
    assert 300 * 70 < book["words"] < 300 * 100
    assert book["pages"]["a5"] > book["pages"]["a4"] > 1


def test_stats_counts_unreachable_and_warnings(write_pack):
    folder = write_pack({"p.vcl": HEAD +
                                  'log 1 "A" { return }\nlog 2 "B" { return }\nlog 3 "C" { return }\n'})
    result = run("stats", folder, "--format", "json")
    [pack] = json.loads(result.output)["packs"]
    assert (pack["unreachable"], pack["warnings"], pack["errors"]) == (2, 2, 0)


def test_graph_dot_clusters_colours_and_focus():
    result = run("graph", CONTENT / "eye-of-the-void")
    assert result.exit_code == 0, result.output
    dot = result.output
    assert dot.startswith('digraph "eye_of_the_void" {')
    assert 'label="The Eye of the Void"; style=rounded' in dot       # the planet's cluster
    assert 'label="logbook"' in dot                                  # the opening logs
    assert '"log:227" [label="Log 227\\nEchoes in the Hull", fillcolor="#fff4d6"];' in dot
    assert '"log:227" -> "log:228" [label="choice", style=solid];' in dot
    focused = run("graph", CONTENT / "eye-of-the-void", "--focus", "227", "--depth", "1").output
    assert '"log:228"' in focused and '"planet:eye_of_the_void" -> "log:227"' in focused and '"log:505"' not in focused
    assert 'peripheries=2' in focused
    bad = run("graph", CONTENT / "eye-of-the-void", "--focus", "9999")
    assert bad.exit_code == 2 and "has no log 9999" in bad.output


def test_graph_focuses_on_a_log_named_by_its_label(eye):
    number = eye.labels["hidden_chamber"]
    by_label = run("graph", CONTENT / "eye-of-the-void", "--focus", "@hidden_chamber", "--depth", "1")
    assert by_label.exit_code == 0, by_label.output
    assert by_label.output == run("graph", CONTENT / "eye-of-the-void", "--focus", str(number), "--depth", "1").output
    assert f'"log:{number}" [label="Log {number}\\nThe Hidden Chamber"' in by_label.output
    misspelt = run("graph", CONTENT / "eye-of-the-void", "--focus", "@hiden_chamber")
    assert misspelt.exit_code == 2
    assert "--focus: pack eye_of_the_void has no log @hiden_chamber: did you mean @hidden_chamber?" in misspelt.output
    word = run("graph", CONTENT / "eye-of-the-void", "--focus", "x1")
    assert word.exit_code == 2 and "named by its number or a log's @label, not 'x1'" in word.output


def test_graph_marks_unreachable_entries_and_endless_loops(write_pack):
    folder = write_pack({"p.vcl": HEAD +
                                  'log 1 "A" { choice "x" -> log 2\n choice "y" -> log 4 }\n'
                                  'log 2 "B" { -> log 3 }\nlog 3 "C" { -> log 2 }\n'
                                  'log 4 "D" { return }\nlog 9 "Lost" { return }\n'})
    dot = run("graph", folder).output
    line = next(x for x in dot.splitlines() if x.strip().startswith('"log:9" ['))
    assert "dashed" in line and "unreachable" in line
    for n in (2, 3):
        line = next(x for x in dot.splitlines() if x.strip().startswith(f'"log:{n}" ['))
        assert 'color="#cc0000", penwidth=3' in line
    assert '"log:2" -> "log:3" [label="goto", style=bold, color="#cc0000"];' in dot


def test_graph_of_a_generated_vantage_map(generated_pack, tmp_path):
    out = tmp_path / "map.dot"
    result = run("graph", generated_pack(120, "vantage"), "-o", out)
    assert result.exit_code == 0, result.output
    dot = out.read_text()
    assert dot.count('"location:') > 120 and 'label="100s"' in dot
    if shutil.which("dot"):
        svg = out.with_suffix(".svg").read_text()
        assert svg.lstrip().startswith("<?xml") and "<svg" in svg and "Location 101" in svg
    else:
        assert "Graphviz's `dot` is not installed" in result.output


@pytest.mark.parametrize("command", ["stats", "graph"])
def test_tools_on_a_broken_pack_exit_1_without_traceback(command, case_pack):
    result = run(command, case_pack("E207-unknown-verb"))
    assert result.exit_code == 1
    assert "Traceback" not in result.output


def test_graph_leaves_the_svg_of_a_large_pack_to_a_focus(generated_pack, tmp_path, monkeypatch):
    from vcompiler.tools import graph
    monkeypatch.setattr(graph, "SVG_NODES", 50)
    out = tmp_path / "big.dot"
    result = run("graph", generated_pack(120, "vantage"), "-o", out)
    assert result.exit_code == 0 and out.exists() and not out.with_suffix(".svg").exists()
    assert "more than Graphviz lays out in reasonable time (50); draw a part with --focus N" in result.output
