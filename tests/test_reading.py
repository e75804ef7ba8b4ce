"""Reading only what is the pack's: links out of the pack, folders that cannot be
listed or lead back into themselves, names that are not UTF-8, files that are not
regular, configuration above the repository, hostile numbers.lock files. Each is a
coded diagnostic, never a traceback, a hang or a file of the machine printed."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import ROOT, VANGUARD_HEADER
from vcompiler.compile import compile_pack, find_packs
from vcompiler.driver.cli import main

SECRET = "TOP-SECRET-LINE-FROM-OUTSIDE"


def codes_at(result):
    return sorted((Path(d.span.file).name, d.code.id) for d in result.diagnostics)


@pytest.fixture
def pack(write_pack):
    return write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "Start" {\n  text "Hello."\n  end exploration\n}\n'})


def test_a_vcl_link_out_of_the_pack_is_refused_and_not_printed(pack, tmp_path):
    outside = tmp_path / "outside.vcl"
    outside.write_text(f'log 2 "x" {{ {SECRET} }}\n')
    (pack / "stolen.vcl").symlink_to(outside)
    result = CliRunner().invoke(main, ["check", "--no-cache", str(pack)])
    assert result.exit_code == 1
    assert "E105" in result.output and SECRET not in result.output
    assert codes_at(compile_pack(pack)) == [("stolen.vcl", "E105")]


def test_a_link_inside_the_pack_is_read(pack):
    (pack / "sub").mkdir()
    (pack / "sub" / "more.vcl").write_text('log 2 "Two" {\n  text "x"\n  end exploration\n}\n')
    (pack / "alias").symlink_to(pack / "sub")
    result = compile_pack(pack)
    assert result.ok and len(result.pack.logs) == 2          # read once, through the first way to it


def test_a_folder_link_out_of_the_pack_is_refused(pack, tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "x.vcl").write_text(SECRET)
    (pack / "linked").symlink_to(tmp_path / "elsewhere")
    assert codes_at(compile_pack(pack)) == [("linked", "E105")]


def test_a_folder_linking_to_itself_ends(pack):
    (pack / "loop").symlink_to(".")
    (pack / "up").symlink_to("..")
    result = compile_pack(pack)
    assert codes_at(result) == [("loop", "E106"), ("up", "E105")]


def test_self_links_in_a_folder_of_packs_find_each_pack_once(pack, tmp_path):
    (tmp_path / "self").symlink_to(".")
    (tmp_path / "again").symlink_to(".")
    (tmp_path / "root").symlink_to("/")
    assert find_packs(tmp_path) == [pack]


def test_an_unlistable_folder_is_e106(pack, monkeypatch):
    """As root no mode keeps a folder from being listed, so the listing is made to fail."""
    (pack / "private").mkdir()
    (pack / "private" / "more.vcl").write_text('log 2 "Two" { end exploration }\n')
    real = os.scandir

    def scandir(path):
        if str(path).endswith("private"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)
    monkeypatch.setattr(os, "scandir", scandir)
    result = compile_pack(pack)
    assert codes_at(result) == [("private", "E106")]
    assert "Permission denied" in result.diagnostics[0].message


@pytest.mark.skipif(os.geteuid() == 0, reason="root lists any folder")
def test_a_mode_000_folder_is_e106(pack):
    (pack / "private").mkdir()
    (pack / "private").chmod(0)
    try:
        assert codes_at(compile_pack(pack)) == [("private", "E106")]
    finally:
        (pack / "private").chmod(0o755)


def test_an_unlistable_pack_folder_given_is_e106_not_a_traceback(tmp_path, monkeypatch):
    folder = tmp_path / "locked"
    folder.mkdir()
    real = os.scandir

    def scandir(path):
        if Path(path) == folder:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)
    monkeypatch.setattr(os, "scandir", scandir)
    result = CliRunner().invoke(main, ["check", "--no-cache", str(folder)])
    assert result.exit_code == 1 and "E106" in result.output and "Traceback" not in result.output


def test_a_name_that_is_not_utf8_is_e107_in_every_format(pack):
    name = os.fsdecode(b"log\xff\x1b[31m.vcl")
    (pack / name).write_text('log 2 "x" { end exploration }\n')
    for fmt in ("text", "json", "sarif", "github"):
        result = CliRunner().invoke(main, ["check", "--no-cache", str(pack), "--format", fmt])
        assert result.exit_code == 1, result.output
        assert "E107" in result.output and "\x1b" not in result.output
        if fmt in ("text", "json"):
            assert "\\xff" in result.output
    report = json.loads(CliRunner().invoke(main, ["check", "--no-cache", str(pack), "--format", "sarif"]).stdout)
    assert report["runs"][0]["results"]


def test_a_fifo_named_vcl_does_not_block(pack):
    os.mkfifo(pack / "pipe.vcl")
    assert codes_at(compile_pack(pack)) == [("pipe.vcl", "E103")]


# ---------------------------------------------------------------- configuration
def _warning_pack(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + 'log 1 "Start" {\n  end exploration\n}\n'
                                     'log 2 "Lost" {\n  end exploration\n}\n')
    return folder


def test_configuration_stops_at_the_repository_root(tmp_path):
    repo = tmp_path / "repo"
    folder = _warning_pack(repo / "packs" / "one")
    (repo / ".git").mkdir()
    (tmp_path / "vcompiler.toml").write_text('ignore = ["W400"]\n')       # above the repository: not read
    assert "W400" in [d.code.id for d in compile_pack(folder).diagnostics]
    (repo / "vcompiler.toml").write_text('ignore = ["W400"]\n')
    assert "W400" not in [d.code.id for d in compile_pack(folder).diagnostics]


def test_a_pyproject_marks_the_root_too(tmp_path):
    repo = tmp_path / "repo"
    folder = _warning_pack(repo / "one")
    (repo / "pyproject.toml").write_text('[project]\nname = "x"\n')
    (tmp_path / "vcompiler.toml").write_text('ignore = ["W400"]\n')
    assert "W400" in [d.code.id for d in compile_pack(folder).diagnostics]


def test_a_folder_anyone_may_write_ends_the_search(tmp_path):
    shared = tmp_path / "shared"
    folder = _warning_pack(shared / "one")
    (shared / "vcompiler.toml").write_text('ignore = ["W400"]\n')
    shared.chmod(0o777)
    try:
        assert "W400" in [d.code.id for d in compile_pack(folder).diagnostics]
    finally:
        shared.chmod(0o755)


@pytest.mark.parametrize("pyproject, expected", [
    ('tool = "a string"\n', []),
    ('tool = 3\n', []),
    ('[tool]\nvcompiler = 3\n', ["E214"]),
    ('[tool]\nvcompiler = "x"\n', ["E214"]),
    ('[tool.vcompiler]\ningore = ["W400"]\n', ["W103"]),
])
def test_odd_pyprojects_are_diagnostics(tmp_path, pyproject, expected):
    folder = _warning_pack(tmp_path / "repo" / "one")
    (tmp_path / "repo" / "pyproject.toml").write_text(pyproject)
    found = [d for d in compile_pack(folder).diagnostics if d.code.id != "W400"]
    assert [d.code.id for d in found] == expected
    if expected == ["W103"]:
        assert "`ingore`" in found[0].message and "`ignore`" in found[0].hint and found[0].span.line == 2


@pytest.mark.parametrize("toml, expected, limit", [
    ('[print]\nspoiler_limit = 40\n', [], 40.0),                      # as the README writes it
    ('print.spoiler_limit = 40\n', [], 40.0),
    ('ignore = []\n\n[print]\nspoiler_limit = 140\n', [("E214", 4, 1, "spoiler_limit")], 25.0),
    ('spoiler_limit = 40\n', [("W103", 1, 1, "`[print]`")], 25.0),
    ('[print]\n  spoilr_limit = 40\n', [("W103", 2, 3, "`spoiler_limit`")], 25.0),
    ('ignore = []\nprint = 3\n', [("E214", 2, 1, "`[print]`")], 25.0),
    ('ignore = "W400"\n', [("E214", 1, 1, "W402")], 25.0),
    ('[cards]\npoi = "1x1"\n', [("E214", 2, 1, "63x88")], 25.0),
])
def test_settings_are_read_and_reported_at_their_key(tmp_path, toml, expected, limit):
    folder = _warning_pack(tmp_path / "repo" / "one")
    (tmp_path / "repo" / ".git").mkdir()
    (tmp_path / "repo" / "vcompiler.toml").write_text(toml)
    result = compile_pack(folder)
    found = [d for d in result.diagnostics if d.code.id != "W400"]
    assert [(d.code.id, d.span.line, d.span.column) for d in found] == [e[:3] for e in expected]
    assert all(e[3] in d.hint for d, e in zip(found, expected))
    assert result.spoiler_limit == limit


def test_a_pyproject_setting_is_reported_at_its_key(tmp_path):
    folder = _warning_pack(tmp_path / "repo" / "one")
    (tmp_path / "repo" / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.vcompiler.print]\nspoiler_limit = -1\n')
    [found] = [d for d in compile_pack(folder).diagnostics if d.code.id != "W400"]
    assert (found.code.id, found.span.line, found.span.column, found.span.end_column) == ("E214", 5, 1, 14)


# ---------------------------------------------------------------- numbers.lock
LABELLED = VANGUARD_HEADER.replace("start log 1", "start log 1\n  numbering 100..199 seed 3") + (
    'log 1 "Start" {\n  -> log @next\n}\nlog @next "Next" {\n  end exploration\n}\n')


@pytest.mark.parametrize("make", ["fifo", "dev zero", "huge", "deep", "big number", "out of range", "directory"])
def test_a_hostile_lock_is_e109(write_pack, make):
    folder = write_pack({"pack.vcl": LABELLED})
    lock = folder / "numbers.lock"
    if make == "fifo":
        os.mkfifo(lock)
    elif make == "dev zero":
        lock.symlink_to("/dev/zero")
    elif make == "huge":
        with open(lock, "wb") as handle:
            handle.truncate(17_000_000)
    elif make == "deep":
        lock.write_text("[" * 100_000 + "]" * 100_000)
    elif make == "big number":
        lock.write_text('{"next": ' + "9" * 5000 + "}")
    elif make == "out of range":
        lock.write_text('{"next": 250}')
    elif make == "directory":
        lock.mkdir()
    result = compile_pack(folder)
    assert [d.code.id for d in result.diagnostics] == ["E109"]
    if make == "out of range":
        assert "250" in result.diagnostics[0].message and "100..199" in result.diagnostics[0].message
        assert result.diagnostics[0].span.line == 11


def test_narrowing_numbering_does_not_keep_a_locked_number_outside_it(write_pack):
    folder = write_pack({"pack.vcl": LABELLED})
    assert compile_pack(folder).ok
    (folder / "numbers.lock").write_text('{"next": 150}')
    assert compile_pack(folder).ok
    (folder / "pack.vcl").write_text(LABELLED.replace("100..199", "100..120"))
    narrowed = compile_pack(folder)
    assert [d.code.id for d in narrowed.diagnostics] == ["E109"]
    result = CliRunner().invoke(main, ["build", "--no-cache", str(folder), "-o", str(folder.parent / "out"),
                                       "--only", "json"])
    assert result.exit_code == 1 and not (folder.parent / "out").exists()


# ---------------------------------------------------------------- audited opens
AUDIT = r"""
import json, os, sys
opened = []
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes)):
        opened.append(os.path.abspath(os.fsdecode(args[0])))
sys.addaudithook(hook)
from vcompiler.driver.cli import main
try:
    main(["check", "--no-cache", sys.argv[1]])
except SystemExit:
    pass
with open(sys.argv[2], "w") as out:
    json.dump(opened, out)
"""


def test_check_opens_only_the_packs_files_and_its_own(pack, tmp_path):
    """Every file a check opens, from Python's audit hook: the pack's, the compiler's
    own, Python's and its libraries', and the configuration up to the repository root."""
    outside = tmp_path / "outside.vcl"
    outside.write_text(SECRET)
    (pack / "stolen.vcl").symlink_to(outside)
    (tmp_path / "vcompiler.toml").write_text('ignore = ["W400"]\n')
    (pack / ".git").mkdir()
    record = tmp_path / "opened.json"
    env = dict(os.environ, VCOMPILER_CACHE_DIR=str(tmp_path / "cache"))
    subprocess.run([sys.executable, "-c", AUDIT, str(pack), str(record)], check=True, env=env, cwd=ROOT,
                   capture_output=True)
    allowed = [str(pack), str(ROOT), sys.prefix, sys.base_prefix, str(tmp_path / "cache"), "/proc/", "/dev/null",
               "/sys/", "/etc/localtime", "/usr/", "/lib"]
    opened = json.loads(record.read_text())
    assert str(outside) not in opened and str(pack / "stolen.vcl") not in opened
    assert str(tmp_path / "vcompiler.toml") not in opened
    assert [p for p in opened if p != str(record) and not any(p.startswith(a) for a in allowed)] == []


STRAY = 'log 5 "x" { return }\n'


def _report(*args):
    result = CliRunner().invoke(main, ["check", "--no-cache", "--format", "json", *map(str, args)],
                                catch_exceptions=False)
    return result.exit_code, json.loads(result.output)["diagnostics"]


def test_a_file_in_no_pack_is_e111_and_nothing_around_it_is_read(tmp_path, monkeypatch):
    """Its folder (think /tmp or a home folder) is not taken for a pack: nothing below
    it is read, so another folder's broken .vcl files are not reported."""
    (tmp_path / "scratch.vcl").write_text(STRAY)
    (tmp_path / "someone" / "deep").mkdir(parents=True)
    (tmp_path / "someone" / "deep" / "theirs.vcl").write_text(f"{SECRET} {{\n")
    monkeypatch.chdir(tmp_path)
    status, found = _report("scratch.vcl")
    assert status == 1
    assert [(d["code"], d["file"], d["line"], d["column"]) for d in found] == [("E111", "scratch.vcl", 1, 1)]
    assert "in no pack" in found[0]["message"] and "pack.vcl" in found[0]["hint"]


def test_a_stray_file_beside_packs_does_not_merge_them(write_pack, tmp_path, monkeypatch):
    """Packs below a folder that declares none stay apart; the folder's own file is E111."""
    start = 'log 1 "Start" {\n  text "Hi."\n  end exploration\n}\n'
    for name in ("ember", "reef"):
        write_pack({"pack.vcl": VANGUARD_HEADER.replace("pack test", f"pack {name}") + start}, name=f"lone/{name}")
    (tmp_path / "lone" / "scratch.vcl").write_text(STRAY)
    monkeypatch.chdir(tmp_path)
    for target in ("lone", "lone/scratch.vcl"):
        status, found = _report(target)
        assert status == 1
        assert [(d["code"], d["file"], d["line"]) for d in found] == [("E111", "lone/scratch.vcl", 1)], target
    assert find_packs(tmp_path / "lone") == [tmp_path / "lone" / "ember", tmp_path / "lone" / "reef"]


def test_a_folder_declaring_its_own_pack_is_not_part_of_the_pack_above(pack):
    """A copy of the pack kept inside it is a pack of its own, not twice every log."""
    (pack / "backup").mkdir()
    (pack / "backup" / "pack.vcl").write_text((pack / "pack.vcl").read_text().replace("pack test", "pack old"))
    result = compile_pack(pack)
    assert result.ok and [log.number for log in result.pack.logs] == [1]
    assert find_packs(pack) == [pack, pack / "backup"]


def test_a_folder_of_a_pack_declaring_none_is_still_the_packs(pack):
    (pack / "more").mkdir()
    (pack / "more" / "two.vcl").write_text('log 2 "Two" {\n  text "x"\n  end exploration\n}\n')
    result = compile_pack(pack)
    assert result.ok and len(result.pack.logs) == 2
    assert find_packs(pack) == [pack]


def test_a_folder_with_no_pack_declaration_and_no_packs_below_is_a_pack_that_lacks_one(write_pack):
    folder = write_pack({"logbook.vcl": STRAY})
    assert find_packs(folder) == [folder]
    assert [d.code.id for d in compile_pack(folder).diagnostics] == ["E212"]


def test_build_of_a_folder_with_a_stray_file_writes_nothing(write_pack, tmp_path, monkeypatch):
    write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "Start" {\n  text "Hi."\n  end exploration\n}\n'},
               name="content/ember")
    (tmp_path / "content" / "notes.vcl").write_text(STRAY)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["build", "--no-cache", "--only", "json", "content", "-o", "out"])
    assert result.exit_code == 1
    assert "content/notes.vcl:1:1: error E111: notes.vcl is in no pack" in result.output
    assert not (tmp_path / "out").exists()


def test_the_files_of_a_packs_subfolders_are_read_once_to_find_the_packs(pack, tmp_path):
    """`check` finds the packs (which reads a subfolder's files for a `pack` line) and
    lists each pack's files (which needs the same answer): the answer is handed on, so
    a subfolder's file is opened twice in all, to find the packs and to parse it."""
    (pack / "more" / "deeper").mkdir(parents=True)
    (pack / "more" / "two.vcl").write_text('log 2 "Two" external {\n  text "x"\n  end exploration\n}\n')
    (pack / "more" / "deeper" / "three.vcl").write_text('log 3 "Three" external {\n  end exploration\n}\n')
    (pack / "own").mkdir()
    (pack / "own" / "pack.vcl").write_text((pack / "pack.vcl").read_text().replace("pack test", "pack own"))
    record = tmp_path / "opened.json"
    env = dict(os.environ, VCOMPILER_CACHE_DIR=str(tmp_path / "cache"))
    for target in (pack, pack / "more" / "two.vcl"):
        subprocess.run([sys.executable, "-c", AUDIT, str(target), str(record)], check=True, env=env, cwd=ROOT,
                       capture_output=True)
        opened = json.loads(record.read_text())
        counts = {name: opened.count(str(pack / name)) for name in ("more/two.vcl", "more/deeper/three.vcl")}
        assert counts == {"more/two.vcl": 2, "more/deeper/three.vcl": 2}, target
    result = CliRunner().invoke(main, ["check", "--no-cache", "--format", "json", str(pack)])
    assert result.exit_code == 0, result.output
    assert [log.number for log in compile_pack(pack).pack.logs] == [1, 2, 3]


# ------------------------------------------------- secrets through a linked lock or config
def _secret_file(tmp_path: Path) -> Path:
    secret = tmp_path / "outside" / "credentials"
    secret.parent.mkdir()
    secret.write_text(f"{SECRET}=hunter2\0OTHER={SECRET}\n")
    return secret


@pytest.mark.parametrize("target", ["credentials", "/proc/self/environ"])
@pytest.mark.parametrize("command", [["check"], ["build", "--only", "json"], ["stats"], ["graph"]])
def test_a_lock_linked_out_of_the_pack_prints_nothing_of_it(write_pack, tmp_path, monkeypatch, target, command):
    monkeypatch.setenv("VCOMPILER_TEST_SECRET", SECRET)
    folder = write_pack({"pack.vcl": LABELLED})
    (folder / "numbers.lock").symlink_to(_secret_file(tmp_path) if target == "credentials" else target)
    extra = ["-o", str(tmp_path / "out")] if command[0] == "build" else []
    done = subprocess.run([sys.executable, "-m", "vcompiler", *command, str(folder), *extra],
                          capture_output=True, text=True, cwd=tmp_path)
    assert SECRET not in done.stdout + done.stderr and "hunter2" not in done.stdout + done.stderr
    assert "E109" in done.stdout + done.stderr and "Traceback" not in done.stderr
    assert "numbers.lock is not read: it is a link to a file outside its folder" in done.stdout + done.stderr


@pytest.mark.parametrize("name", ["vcompiler.toml", "pyproject.toml"])
def test_a_config_linked_out_of_the_project_prints_nothing_of_it(tmp_path, monkeypatch, name):
    monkeypatch.setenv("VCOMPILER_TEST_SECRET", SECRET)
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    folder = project / "pack"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + 'log 1 "Start" {\n  text "Hello."\n  end exploration\n}\n')
    (project / name).symlink_to("/proc/self/environ")
    result = CliRunner().invoke(main, ["check", "--no-cache", str(folder)])
    assert SECRET not in result.output
    if name == "vcompiler.toml":
        assert result.exit_code == 1
        assert "E214" in result.output and "vcompiler.toml is not read: it is a link" in result.output


def test_a_config_linked_inside_the_project_is_read(tmp_path):
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "settings").mkdir()
    (project / "settings" / "vc.toml").write_text('ignore = ["W400"]\n')
    (project / "vcompiler.toml").symlink_to(project / "settings" / "vc.toml")
    folder = project / "pack"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + 'log 1 "Start" {\n  text "Hello."\n  end exploration\n}\n'
                                     'log 9 "Unread" {\n  end exploration\n}\n')
    assert "W400" not in [d.code.id for d in compile_pack(folder).diagnostics]


@pytest.mark.parametrize("toml, expected", [
    ("ignore = []\nx = " + "1" * 5000 + "\n", (2, 5, "a number of 5,000 digits is too large")),
    ("x = " + "[" * 5000 + "]" * 5000 + "\n", (1, 105, "values are nested too deep")),
], ids=["5000 digits", "5000 deep"])
def test_a_config_past_pythons_limits_is_e214_at_its_line(tmp_path, toml, expected):
    (tmp_path / ".git").mkdir()
    (tmp_path / "vcompiler.toml").write_text(toml)
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + 'log 1 "Start" {\n  text "Hello."\n  end exploration\n}\n')
    [found] = [d for d in compile_pack(folder).diagnostics if d.code.id == "E214"]
    assert (found.span.line, found.span.column) == expected[:2] and expected[2] in found.message


def test_a_report_quotes_a_window_of_a_long_line_not_the_whole_of_it(write_pack):
    folder = write_pack({"pack.vcl": LABELLED})
    (folder / "numbers.lock").write_text('{"next": 150, ' + '"x": 1, ' * 2000 + "}")
    result = CliRunner().invoke(main, ["check", "--no-cache", str(folder)])
    [quoted] = [line for line in result.output.splitlines() if line.lstrip().startswith("1 |")]
    [caret] = [line for line in result.output.splitlines() if line.strip().startswith("| ") and "^" in line]
    assert len(quoted) < 200 and "…" in quoted
    # The caret still stands under the trailing comma it is about.
    assert quoted[caret.index("^")] == ","


@pytest.mark.parametrize("target", ["/proc/self/pagemap", "/proc/kmsg"])
def test_a_vcl_linked_to_a_special_file_is_not_opened(pack, target):
    (pack / "odd.vcl").symlink_to(target)
    done = subprocess.run([sys.executable, "-m", "vcompiler", "check", "--no-cache", str(pack)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "E105" in done.stdout and "Traceback" not in done.stderr


def test_a_problem_of_the_projects_configuration_is_told_once_for_all_its_packs(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "vcompiler.toml").write_text('ignore = ["W400"]\ncolour = "red"\n')
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "pack.vcl").write_text(VANGUARD_HEADER.replace("pack ", f"pack {name}_", 1)
                                                  + 'log 1 "Start" {\n  text "Hello."\n  end exploration\n}\n')
    result = CliRunner().invoke(main, ["check", "--no-cache", str(tmp_path), "--format", "json"])
    found = [(d["code"], d["file"], d["line"]) for d in json.loads(result.stdout)["diagnostics"]]
    assert [f for f in found if f[1].endswith("vcompiler.toml")] == [("W103", str(tmp_path / "vcompiler.toml"), 2)]


def test_a_pack_declared_in_a_folder_anyone_may_write_does_not_take_the_files_below(tmp_path):
    shared = tmp_path / "drop"
    shared.mkdir()
    (shared / "planted.vcl").write_text(VANGUARD_HEADER + 'log 1 "Planted" {\n  end exploration\n}\n')
    mine = shared / "mine"
    mine.mkdir()
    (mine / "notes.vcl").write_text('log 1 "Alone" {\n  return\n}\n')
    shared.chmod(0o777)
    try:
        result = CliRunner().invoke(main, ["check", "--no-cache", str(mine / "notes.vcl")])
    finally:
        shared.chmod(0o755)
    assert "E111" in result.output and "Planted" not in result.output


@pytest.mark.parametrize("name, meant", [("logbook.vcl.txt", "logbook.vcl"), ("Logbook.VCL", "Logbook.vcl"),
                                         ("logbook.Vcl.TXT", "logbook.vcl")])
def test_a_file_named_nearly_as_a_vcl_file_is_one_error_and_not_its_echoes(write_pack, name, meant):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "Start" {\n  -> log 2\n}\n',
                         name: 'log 2 "Next" {\n  end exploration\n}\n', "logbook.vcl~": "an editor's backup"})
    [found] = compile_pack(folder).diagnostics
    assert (found.code.id, Path(found.span.file).name) == ("E113", name)
    assert found.hint == f"rename it {meant}"
