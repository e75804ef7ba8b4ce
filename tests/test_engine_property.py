"""The resident checker against a cold check: random packs, random edit sequences
(through editor buffers and through saved files); after every edit the engine's
diagnostics are exactly those of `compile_pack` on the same text."""
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vcompiler.compile import compile_pack
from vcompiler.engine import Workspace

PACK = '''pack gen {
  game vanguard
  title "Generated"
  version "0.1.0"
  start log 1
  numbering 100..199 seed 3
}
'''
CARDS = '''poi P101 "Wreck" {
  biomes tutorial
  action "Search" {
    outcome green: scouting => gain success 1
    outcome red => gain injury "Bruise"
  }
}

injury "Bruise" {
  damage => spend die
  heavy => spend die
  mental => spend die
  special => spend die
}
'''
TARGETS = st.one_of(st.integers(1, 12).map(str), st.sampled_from(["@a", "@b", "@c", "@nowhere"]))
NAMES = st.one_of(st.integers(1, 12).map(str), st.sampled_from(["@a", "@b", "@c"]))


@st.composite
def log_text(draw):
    name = draw(NAMES)
    lines = [f'log {name} "Entry {name.strip("@")}" {{']
    for _ in range(draw(st.integers(0, 3))):
        lines.append(draw(st.sampled_from([
            f'  text "Read {{log {draw(TARGETS)}}} now."',
            "  gain success 1",
            "  gian success 1",
            "  gain injury \"Bruise\"",
            "  check",
            f"  if checked log {draw(TARGETS)} -> log {draw(TARGETS)}",
            '  text "The wreck: {card P101}."',
            '  text "unclosed',
        ])))
    two_choices = f'  choice "Go" -> log {draw(TARGETS)}\n  choice "Stay" -> log {draw(TARGETS)}'
    lines.append(draw(st.sampled_from([f"  -> log {draw(TARGETS)}", "  return", "  end exploration", two_choices])))
    lines.append("}")
    return "\n".join(lines) + "\n"


@st.composite
def file_text(draw):
    return "\n".join(draw(st.lists(log_text(), min_size=0, max_size=4)))


EDIT = st.tuples(st.sampled_from(["buffer", "save", "close", "delete"]), st.integers(0, 3), file_text())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(files=st.lists(file_text(), min_size=1, max_size=4), edits=st.lists(EDIT, min_size=1, max_size=6))
def test_engine_equals_a_cold_check_after_every_edit(files, edits):
    root = Path(tempfile.mkdtemp(prefix="engine-property-"))
    elsewhere = Path(tempfile.mkdtemp(prefix="engine-property-cold-"))
    try:
        pack = root / "gen"
        pack.mkdir()
        (pack / "pack.vcl").write_text(PACK)
        (pack / "cards.vcl").write_text(CARDS)
        for n, text in enumerate(files):
            (pack / f"part{n}.vcl").write_text(text)
        workspace = Workspace([root])
        buffers: dict[Path, str] = {}
        for how, which, text in edits:
            path = pack / f"part{which}.vcl"
            if how == "buffer":
                buffers[path] = text
                workspace.set_buffer(path, text)
            elif how == "save":
                path.write_text(text)
                workspace.files_changed([path])
            elif how == "close" and path in buffers:
                del buffers[path]
                workspace.drop_buffer(path)
            elif how == "delete" and path.exists():
                path.unlink()
                workspace.files_changed([path])
            [result] = workspace.check()
            # The cold check reads the files; write what the buffers hold into a copy.
            cold_folder = elsewhere / "gen"
            shutil.rmtree(cold_folder, ignore_errors=True)
            shutil.copytree(pack, cold_folder)
            for buffered, text_now in buffers.items():
                (cold_folder / buffered.name).write_text(text_now)
            cold = compile_pack(cold_folder)
            assert [_comparable(d) for d in result.diagnostics] == [_comparable(d) for d in cold.diagnostics]
    finally:
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(elsewhere, ignore_errors=True)


def _comparable(d):
    """A diagnostic with its file named as in another folder."""
    return (d.code.id, d.message, d.span.file.rsplit("/", 1)[-1], d.span[1:], d.hint,
            tuple((r.message, r.span[1:]) for r in d.related))
