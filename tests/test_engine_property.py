"""The resident checker against a cold check: random packs, random edit sequences
(through editor buffers and through saved files); after every edit the engine's
diagnostics are exactly those of `compile_pack` on the same text. The packs are made
so that the story graph's warnings come and go with the edits: logs 1-16 always exist
(so that often nothing is undefined) and are reached only from the edited logs (17-20
and labels), which are `external` or not, lead to each other in loops or not, use a
card or not, and have errors that come and go beside the warnings: references to
nothing, lines and declarations with errors that mention entries, unreadable files."""
import re
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vcompiler.compile import compile_pack
from vcompiler.engine import Workspace

BASE = "".join(f'log {n} "Base {n}" {{\n  return\n}}\n' for n in range(1, 17))
PACK = '''pack gen {
  game vanguard
  title "Generated"
  version "0.1.0"
  start log 1
  numbering 100..199 seed 3
}
''' + BASE
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
TARGETS = st.one_of(st.integers(1, 16).map(str), st.integers(1, 20).map(str),
                    st.sampled_from(["@a", "@b", "@c", "@nowhere"]))
NAMES = st.one_of(st.integers(17, 20).map(str), st.sampled_from(["@a", "@b", "@c"]))
PARTNERS = {"17": "18", "18": "17", "19": "20", "20": "19", "@a": "@b", "@b": "@a", "@c": "@c"}


@st.composite
def log_text(draw):
    name = draw(NAMES)
    external = draw(st.sampled_from(["", " external"]))
    lines = [f'log {name} "Entry {name.strip("@")}"{external} {{']
    for _ in range(draw(st.integers(0, 3))):
        lines.append(draw(st.sampled_from([
            f'  text "Read {{log {draw(TARGETS)}}} now."',
            "  gain success 1",
            "  gian success 1",
            "  gain injury \"Bruise\"",
            "  check",
            f"  if checked log {draw(TARGETS)} -> log {draw(TARGETS)}",
            '  text "The wreck: {card P101}."',
            # Errors whose lines mention entries, which the graph warnings then spare.
            f"  gian log {draw(TARGETS)}",
            "  plaec poi P1O1 in sector 1",
        ])))
    if draw(st.integers(0, 19)) == 0:
        lines.append('  text "unclosed')
    two_choices = f'  choice "Go" -> log {draw(TARGETS)}\n  choice "Stay" -> log {draw(TARGETS)}'
    # Logs that lead to their partner (or @c to itself) make loops when both are there.
    partner = f"  -> log {PARTNERS[name]}"
    lines.append(draw(st.sampled_from([f"  -> log {draw(TARGETS)}", "  return", "  end exploration", two_choices,
                                       partner, partner])))
    lines.append("}")
    return "\n".join(lines) + "\n"


@st.composite
def file_text(draw):
    return "\n".join(draw(st.lists(log_text(), min_size=0, max_size=4)))


# "retarget" changes where the first goto of a file leads, and nothing else: the
# graph's edges change, its nodes do not.
# "binary" saves a file that cannot be read, which stands every graph warning down.
EDIT = st.tuples(st.sampled_from(["buffer", "save", "close", "delete", "retarget", "retarget", "binary"]),
                 st.integers(0, 3),
                 file_text(), TARGETS)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(files=st.lists(file_text(), min_size=1, max_size=4), edits=st.lists(EDIT, min_size=1, max_size=8))
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
        for how, which, text, target in edits:
            path = pack / f"part{which}.vcl"
            if how == "retarget" and (path in buffers or path.exists()):
                how = "buffer"
                current = buffers[path] if path in buffers else path.read_bytes().decode("utf-8", "replace")
                text = re.sub(r"-> log \S+", f"-> log {target}", current, count=1)
            if how == "buffer":
                buffers[path] = text
                workspace.set_buffer(path, text)
            elif how == "save":
                path.write_text(text)
                workspace.files_changed([path])
            elif how == "binary":
                path.write_bytes(b"\xff\x00")
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
