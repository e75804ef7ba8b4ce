"""The cache folder holds data, never code: every kind of file it holds is planted with
a payload and nothing runs; a damaged, foreign or wrong-shaped entry is parsed again;
every type of the AST survives the trip through the format."""
import dataclasses
import enum
import json
import os
import pickle
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from conftest import CONTENT, ROOT
from vcompiler import codes
from vcompiler.compile import _entry_shape, compile_pack
from vcompiler.parse import cache as cache_module
from vcompiler.parse import serial, tables
from vcompiler.parse.cache import ParseCache, parse_code_hash
from vcompiler.util.safeio import Refused


def outcome(result):
    return [(d.code.id, d.span, d.message, d.hint) for d in result.diagnostics], result.pack


# ---------------------------------------------------------------- every type round-trips
def _sample(hint, seen, variant=0):
    """A value of annotation `hint`, built from the annotations alone; `variant` picks
    among the options of a union so that every option is taken somewhere."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is object or hint is typing.Any:
        return ("word", 3, None, ("nested", True))
    if hint is None or hint is type(None):
        return None
    if hint is str:
        return f"s{variant}\u2028\udcff"          # a line separator; a byte of a non-UTF-8 file name
    if hint is bool:
        return True
    if hint is int:
        return 10 ** 30 + variant
    if hint is float:
        return 1.5
    if origin is typing.Union or origin is __import__("types").UnionType:
        return [_sample(a, seen, variant) for a in args]      # every option: the caller spreads them
    if origin is typing.Literal:
        return args[variant % len(args)]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _options(args[0], seen)
        return tuple(_one(a, seen, variant) for a in args)
    if hint is codes.Code:
        return codes.CATALOGUE["E100"]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return list(hint)[variant % len(hint)]
    if isinstance(hint, type) and issubclass(hint, os.PathLike):
        return Path("pack/a.vcl")
    if isinstance(hint, type):
        return _instance(hint, seen, variant)
    raise AssertionError(f"no sample for {hint!r}")


def _options(hint, seen):
    """A tuple holding one value of each option of `hint` (one value if it is not a union)."""
    value = _sample(hint, seen)
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is __import__("types").UnionType:
        return tuple(v for v in value if v is not _SKIP)
    return (value,) if value is not _SKIP else ()


def _one(hint, seen, variant):
    value = _sample(hint, seen, variant)
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is __import__("types").UnionType:
        usable = [v for v in value if v is not _SKIP]
        return usable[variant % len(usable)]
    return value


_SKIP = object()


def _instance(cls, seen, variant):
    if cls in seen:                    # a recursive type: stop here (tuples may be empty)
        return _SKIP
    seen = seen | {cls}
    hints = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))
    names = cls._fields if serial._is_named_tuple(cls) else [f.name for f in dataclasses.fields(cls) if f.init]
    values = []
    for name in names:
        value = _one(hints[name], seen, variant)
        if value is _SKIP:
            return _SKIP
        values.append(value)
    return cls(*values)


def _types_in(value, found):
    found.add(type(value))
    if isinstance(value, tuple):
        for v in value:
            _types_in(v, found)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            _types_in(getattr(value, f.name), found)
    return found


def test_the_whitelist_is_read_from_the_modules():
    types = serial.registry()
    from vcompiler import ast, diagnostics, source
    assert types["LogDecl"] is ast.LogDecl and types["Span"] is source.Span
    assert types["Diagnostic"] is diagnostics.Diagnostic and types["SourceFile"] is source.SourceFile
    assert all(t.__module__ in {m.__name__ for m in serial.MODULES} for t in types.values())


@pytest.mark.parametrize("tag", sorted(serial.registry()))
def test_every_type_round_trips(tag):
    cls = serial.registry()[tag]
    if issubclass(cls, enum.Enum):
        for member in cls:
            assert serial.loads(serial.dumps(member), cls) is member
        return
    made = [v for v in (_instance(cls, frozenset(), n) for n in range(4)) if v is not _SKIP]
    assert made, f"no {tag} could be built from its annotations"
    for value in made:
        data = serial.dumps(value)
        back = serial.loads(data, cls)
        assert back == value and type(back) is cls
        assert _types_in(back, set()) == _types_in(value, set())


def test_every_field_annotation_has_a_strict_check():
    for cls in serial.registry().values():
        if issubclass(cls, enum.Enum):
            continue
        for hint in typing.get_type_hints(cls, vars(sys.modules[cls.__module__])).values():
            serial.compile_hint(hint)          # TypeError for an annotation the format cannot hold


def test_the_parsed_packs_round_trip():
    from vcompiler.compile import _entry, pack_files, read_source
    from vcompiler.parse import parse_source
    folders = [CONTENT / "eye-of-the-void", CONTENT / "tidal-reach", ROOT / "tests" / "cases"]
    for folder in folders:
        for path in pack_files(folder):
            source, _ = read_source(path, path.name, path.name)
            entry = _entry(parse_source(source))
            assert serial.loads(serial.dumps(entry), _entry_shape()) == entry


@pytest.mark.parametrize("data", [
    b'{"Span": ["f", 1, 2, 3]}',                       # a field short
    b'{"Span": ["f", 1, 2, 3, "4"]}',                   # a string where a number goes
    b'{"Span": ["f", 1, 2, 3, true]}',                  # a bool is not a number here
    b'{"Run": [{"Span": ["f", 1, 2, 3, 4]}]}',          # a node where a string goes
    b'{"Popen": ["touch x"]}',                          # not a type of the whitelist
    b'{"Code": "E999"}',                                # not a code of the catalogue
    b'{"Run": ["a"], "Icon": ["b"]}',                   # two keys
    b'[1, 2',                                           # truncated
    b'\x80\x04\x95',                                    # a pickle's first bytes
    b'[' * 100000 + b']' * 100000,                      # deeper than the interpreter goes
])
def test_malformed_data_is_refused(data):
    from vcompiler.source import Span
    with pytest.raises(serial.Malformed):
        serial.loads(data, Span)


# ---------------------------------------------------------------- planted entries
class _Payload:
    """Unpickling this creates the marker file."""
    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (open, (self.marker, "w"))


def _plant_every_entry(cache_root: Path, marker: Path) -> list[str]:
    """Replace every file of the cache with a hostile or broken one, round-robin."""
    payload = pickle.dumps(_Payload(marker))
    files = sorted(p for p in cache_root.rglob("*") if p.is_file())
    kinds = []
    for n, path in enumerate(files):
        original = path.read_bytes()
        kind = ("pickle", "wrong shape", "truncated", "foreign")[n % 4]
        if path.name.startswith("lark-"):
            kind = "pickle"
        data = {
            "pickle": payload,
            "wrong shape": json.dumps({"File": ["x.vcl", [{"LogDecl": [1, 2]}]]}).encode(),
            "truncated": original[: len(original) // 2],
            "foreign": original,
        }[kind]
        if kind == "foreign":       # a whole valid entry, of another file, put in this one's place
            others = [f for f in files if f != path and not f.name.startswith("lark-")]
            data = others[0].read_bytes() if others else payload
        path.write_bytes(data)
        kinds.append(kind)
    # Where the compiler's older versions and Lark itself kept pickled tables.
    for name in ("lark-0.1.0-1.3.1.tables", ".lark_cache.tmp"):
        (cache_root / name).write_bytes(b"0" * 64 + b"\n" + payload + payload)
    return kinds


def test_planted_entries_run_nothing_and_change_nothing(tmp_path):
    marker = tmp_path / "marker"
    root = tmp_path / "cache"
    folders = [CONTENT / "tidal-reach", CONTENT / "eye-of-the-void"]
    expected = [outcome(compile_pack(f, cache=None)) for f in folders]
    cache = ParseCache(root)
    assert [outcome(compile_pack(f, cache=cache)) for f in folders] == expected
    tables.save(__import__("vcompiler.parse", fromlist=["_parser"])._parser()[0],
                root / "lark-tables-planted.json")
    kinds = _plant_every_entry(root, marker)
    assert {"pickle", "wrong shape", "truncated", "foreign"} <= set(kinds)
    assert [outcome(compile_pack(f, cache=ParseCache(root))) for f in folders] == expected
    assert not marker.exists()


def _check_in_a_new_process(root: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, VCOMPILER_CACHE_DIR=str(root))
    return subprocess.run([sys.executable, "-m", "vcompiler", "check", *args, str(CONTENT / "eye-of-the-void"),
                           "--format", "json"], capture_output=True, text=True, env=env, cwd=ROOT)


def test_planted_parser_tables_run_nothing(tmp_path):
    """Parser tables are read once per process, before anything is parsed: a new process
    reads the planted ones, with and without --no-cache."""
    root = tmp_path / "cache"
    marker = tmp_path / "marker"
    clean = _check_in_a_new_process(root)
    assert clean.returncode == 0 and list(root.glob("lark-tables-*.json"))
    _plant_every_entry(root, marker)
    for args in ((), ("--no-cache",)):
        planted = _check_in_a_new_process(root, *args)
        assert (planted.returncode, planted.stdout) == (0, clean.stdout), planted.stderr
        assert not marker.exists()


def test_stored_tables_parse_as_built_ones(tmp_path):
    from lark import Lark

    from vcompiler.parse.transform import AstBuilder
    grammar = (ROOT / "grammar" / "vcl.lark").read_text()
    options = {"parser": "lalr", "lexer": "contextual", "maybe_placeholders": False}
    built = Lark(grammar, transformer=AstBuilder(), **options)
    path = tables.table_file(tmp_path, grammar, options)
    tables.save(built, path)
    loaded = tables.load(path, transformer=AstBuilder())
    assert loaded is not None
    text = (CONTENT / "eye-of-the-void" / "pack.vcl").read_text()
    assert str(loaded.parse(text)) == str(built.parse(text))
    path.write_bytes(path.read_bytes()[:-10])
    assert tables.load(path, transformer=AstBuilder()) is None


def test_a_cache_folder_others_may_write_is_not_used(tmp_path):
    root = tmp_path / "cache"
    root.mkdir()
    root.chmod(0o777)
    cache = ParseCache(root)
    compile_pack(CONTENT / "tidal-reach", cache=cache)
    assert not cache.usable and not list(root.glob("parsed-*/*/*"))


def test_two_processes_pruning_at_once_do_not_crash(tmp_path):
    root = tmp_path / "cache"
    cache = ParseCache(root)
    for n in range(3000):
        cache.put(f"{n:064x}", ("entry", n))
    script = ("import sys; from pathlib import Path; from vcompiler.parse import cache as c;"
              "c.MAX_ENTRIES = 10; p = c.ParseCache(Path(sys.argv[1])); p.folder = Path(sys.argv[2]);"
              "[p.prune() for _ in range(3)]")
    runs = [subprocess.Popen([sys.executable, "-c", script, str(root), str(cache.folder)], stderr=subprocess.PIPE,
                             text=True) for _ in range(3)]
    for run in runs:
        assert run.wait() == 0, run.stderr.read()
    assert len(list(cache.folder.glob("*/*"))) < 3000


def test_the_folder_is_keyed_by_the_parse_code(tmp_path, monkeypatch):
    import shutil

    from vcompiler.parse import cache as module
    package = tmp_path / "vcompiler"
    shutil.copytree(ROOT / "vcompiler", package)
    monkeypatch.setattr(module, "_PACKAGE", package)
    before = parse_code_hash.__wrapped__()
    transform = package / "parse" / "transform.py"
    transform.write_text(transform.read_text() + "\n# changed\n")
    assert parse_code_hash.__wrapped__() != before
    assert ParseCache(tmp_path).folder.name == f"parsed-{parse_code_hash()}"


def test_the_hash_covers_every_module_the_parse_stage_imports():
    import ast as python_ast

    from vcompiler.parse import cache as module
    package = ROOT / "vcompiler"
    covered = set()
    for name in module._PARSE_CODE:
        path = package / name
        covered |= set(path.rglob("*.py")) if path.is_dir() else {path}

    def imported(path):
        for node in python_ast.walk(python_ast.parse(path.read_text())):
            names = []
            if isinstance(node, python_ast.ImportFrom) and node.module and node.module.startswith("vcompiler"):
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, python_ast.Import):
                names = [a.name for a in node.names if a.name.startswith("vcompiler")]
            for dotted in names:
                base = package.parent / dotted.replace(".", "/")
                for candidate in (base.with_suffix(".py"), base / "__init__.py"):
                    if candidate.is_file():
                        yield candidate

    todo, seen = list((package / "parse").glob("*.py")), set()
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            todo.extend(imported(path))
    assert seen - covered - {package / "__init__.py"} == set()


# ---------------------------------------------------------------- a forged, well-formed entry
FORGED_PACK = ('pack forged {\n  game vanguard\n  title "Forged"\n  version "0.1.0"\n  start log 1\n}\n'
               'mission M01 "Regroup" {\n  text "Bring every Crewmember to Sector 4."\n}\n'
               'log 1 "Start" {\n  text "Go on."\n  -> log {target}\n}\n'
               'log 2 "End" {\n  text "Over."\n  end exploration\n}\n')


def _forge(root: Path, folder: Path, monkeypatch) -> None:
    """What someone who can write the cache folder but has not this user's key plants:
    the entry of a good file stored under the key of the file the user has, whose
    goto is undefined."""
    source = folder / "pack.vcl"
    bad = source.read_text()
    source.write_text(FORGED_PACK.replace("{target}", "2"))
    monkeypatch.setenv("VCOMPILER_CACHE_KEY", "the forger's own key")
    forger = ParseCache(root)
    compile_pack(folder, cache=forger)
    [written] = list(forger.folder.glob("*/*"))
    stored_key, value = serial.loads(cache_module.unseal(written.read_bytes()), tuple[str, _entry_shape()])
    display = stored_key and next(iter(compile_pack(folder).sources))
    target = forger.key(display, bad)
    (forger.folder / target[:2]).mkdir(exist_ok=True)
    (forger.folder / target[:2] / target).write_bytes(cache_module.seal(serial.dumps((target, value))))
    written.unlink()
    source.write_text(bad)
    monkeypatch.delenv("VCOMPILER_CACHE_KEY")


def test_a_forged_entry_changes_no_verdict_and_check_says_what_it_took(tmp_path, monkeypatch):
    folder = tmp_path / "forged"
    folder.mkdir()
    (folder / "pack.vcl").write_text(FORGED_PACK.replace("{target}", "99"))
    root = tmp_path / "cache"
    monkeypatch.setenv("VCOMPILER_CACHE_DIR", str(root))
    _forge(root, folder, monkeypatch)
    # The forger's own key believes the entry: the undefined log would vanish.
    monkeypatch.setenv("VCOMPILER_CACHE_KEY", "the forger's own key")
    assert "E200" not in [d.code.id for d in compile_pack(folder, cache=ParseCache(root)).diagnostics]
    monkeypatch.delenv("VCOMPILER_CACHE_KEY")
    # This user's key does not: the file is parsed again, and the error is there.
    cache = ParseCache(root)
    assert "E200" in [d.code.id for d in compile_pack(folder, cache=cache).diagnostics] and cache.served == []
    done = subprocess.run([sys.executable, "-m", "vcompiler", "check", "--explain-cache", str(folder),
                           "--format", "json"], capture_output=True, text=True, cwd=tmp_path,
                          env={k: v for k, v in os.environ.items() if k != "VCOMPILER_CACHE_KEY"})
    report = json.loads(done.stdout)
    assert done.returncode == 1 and "E200" in [d["code"] for d in report["diagnostics"]]
    assert report["cached"] == []
    # Checked again, the entry this user's key signed is taken, and said to be.
    again = subprocess.run([sys.executable, "-m", "vcompiler", "check", "--explain-cache", str(folder)],
                           capture_output=True, text=True, cwd=tmp_path)
    assert "E200" in again.stdout and "check: 1 taken from the cache\n  forged/pack.vcl" in again.stderr


def test_a_cache_key_shared_by_ci_jobs_is_taken_from_the_environment(tmp_path, monkeypatch):
    root = tmp_path / "cache"
    monkeypatch.setenv("VCOMPILER_CACHE_KEY", "a secret of the CI")
    first = ParseCache(root)
    compile_pack(CONTENT / "eye-of-the-void", cache=first)
    monkeypatch.setenv("VCOMPILER_KEY_FILE", str(tmp_path / "another machine's key"))
    second = ParseCache(root)
    compile_pack(CONTENT / "eye-of-the-void", cache=second)
    assert second.served and not list(tmp_path.glob("another*"))
    monkeypatch.delenv("VCOMPILER_CACHE_KEY")
    third = ParseCache(root)
    compile_pack(CONTENT / "eye-of-the-void", cache=third)
    assert third.served == []


def test_the_key_file_is_made_private_and_a_link_there_is_refused(tmp_path):
    key = tmp_path / "config" / "cache-key"
    made = cache_module._own_key(key)
    assert len(made) == 32 and cache_module._own_key(key) == made and oct(key.stat().st_mode)[-3:] == "600"
    key.unlink()
    key.symlink_to(tmp_path / "elsewhere")
    with pytest.raises(Refused):
        cache_module._own_key(key)
