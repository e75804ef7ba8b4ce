import ast
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The team's shared folder beside the clone, when there is one: its example packs, its
# conformance tool and the rulebooks are an extra suite (`-m shared`). VCOMPILER_SHARED
# names another place; VCOMPILER_SHARED=none runs as a lone clone does, without it.
_SHARED_NAMED = os.environ.get("VCOMPILER_SHARED")
SHARED = ROOT.parent / "shared" if _SHARED_NAMED is None else Path(_SHARED_NAMED)
HAS_SHARED = _SHARED_NAMED != "none" and SHARED.is_dir()
EXAMPLES = SHARED / "examples"
_NO_SHARED = ("VCOMPILER_SHARED=none" if _SHARED_NAMED == "none"
              else f"no shared folder at {SHARED} (VCOMPILER_SHARED names one)")
# Folders of .vcl files that every reading test may go through.
EXAMPLE_ROOTS = [EXAMPLES] if HAS_SHARED and EXAMPLES.is_dir() else []
CONTENT = ROOT / "source_content"
# The tests keep their parse cache to themselves.
os.environ["VCOMPILER_CACHE_DIR"] = tempfile.mkdtemp(prefix="vcompiler-test-cache-")
# ... and their cache key, which is kept outside the cache folder.
os.environ["VCOMPILER_KEY_FILE"] = str(Path(tempfile.mkdtemp(prefix="vcompiler-test-key-")) / "cache-key")
os.environ.pop("VCOMPILER_CACHE_KEY", None)

# `// expect: E100` on the line a diagnostic must point at; `E100@3`: at column 3 too.
EXPECT = re.compile(r"//\s*expect:\s*([EW]\d{3}(?:@\d+)?(?:\s*,\s*[EW]\d{3}(?:@\d+)?)*)")


RENDERERS = ("weasyprint", "fontTools", "pikepdf", "jinja2")


def renderers_loaded(args: list[str], status: int) -> tuple[list[str], str]:
    """`vcompiler ARGS` in an interpreter of its own, which must exit with `status`: which
    of the renderer's libraries it imported, and what it printed before."""
    script = ("import sys; from vcompiler.driver.cli import main\n"
              "try:\n"
              f"    main({args!r})\n"
              "except SystemExit as stop:\n"
              f"    assert stop.code == {status}, stop.code\n"
              f"print(sorted(m for m in {RENDERERS!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    *printed, loaded = done.stdout.splitlines()
    return ast.literal_eval(loaded), "\n".join(printed)


def pytest_configure(config):
    config.addinivalue_line("markers", "shared: reads the shared folder beside the clone (its examples, "
                                       "conformance tool and rulebooks); skipped when it is not there")
    config.addinivalue_line("markers", "slow: a minute or more on one core (`-m 'not slow'` leaves them out)")


def pytest_collection_modifyitems(config, items):
    if HAS_SHARED:
        return
    skip = pytest.mark.skip(reason=_NO_SHARED)
    for item in items:
        if "shared" in item.keywords:
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter):
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if "shared" in r.keywords]
    if skipped and not HAS_SHARED:
        terminalreporter.write_line(f"shared suite: {len(skipped)} test{'s' * (len(skipped) != 1)} skipped, "
                                    + _NO_SHARED)


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite the golden files from the current output (read the diff!)")


@pytest.fixture
def update_golden(request):
    return request.config.getoption("--update-golden")


@pytest.fixture
def pack_copy(tmp_path):
    """A copy of a shipped pack that a test may edit."""
    def make(name: str) -> Path:
        target = tmp_path / name
        shutil.copytree(CONTENT / name, target)
        return target
    return make


@pytest.fixture
def case_pack(tmp_path):
    """A pack made of one file of tests/cases/."""
    def make(name: str) -> Path:
        folder = tmp_path / name
        folder.mkdir()
        shutil.copy(ROOT / "tests" / "cases" / f"{name}.vcl", folder / "case.vcl")
        return folder
    return make


@pytest.fixture
def write_pack(tmp_path):
    """A pack from a dict of file name -> text."""
    def make(files: dict[str, str], name: str = "pack") -> Path:
        folder = tmp_path / name
        folder.mkdir(parents=True, exist_ok=True)
        for filename, text in files.items():
            (folder / filename).write_text(text, encoding="utf-8")
        return folder
    return make


VANGUARD_HEADER = '''pack test {
  game vanguard
  title "Test"
  version "0.0.1"
  start log 1
}
'''

VANTAGE_HEADER = '''pack test {
  game vantage
  title "Test"
  version "0.0.1"
  start location 1
}
'''


def expectations(folder: Path) -> set[tuple[str, int, str]]:
    return set(expected_columns(folder))


def expected_columns(folder: Path) -> dict[tuple[str, int, str], int | None]:
    """Each (file, line, code) marked, and the column its mark names (None: any)."""
    wanted: dict[tuple[str, int, str], int | None] = {}
    for path in sorted(folder.rglob("*.vcl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = EXPECT.search(line)
            if match:
                for mark in re.split(r"\s*,\s*", match.group(1)):
                    code, _, column = mark.partition("@")
                    wanted[(path.name, number, code)] = int(column) if column else None
    return wanted


@pytest.fixture(scope="module")
def eye():
    """The shipped vanguard pack, compiled once per test module."""
    from vcompiler.compile import compile_pack
    return compile_pack(CONTENT / "eye-of-the-void").pack


@pytest.fixture(scope="module")
def tidal():
    """The shipped vantage pack, compiled once per test module."""
    from vcompiler.compile import compile_pack
    return compile_pack(CONTENT / "tidal-reach").pack


@pytest.fixture(scope="session")
def generated_pack(tmp_path_factory):
    """A generated logbook (bench/generate.py) of the given size, and one vantage map."""
    made: dict[tuple[int, str], Path] = {}

    def make(n: int, game: str = "vanguard") -> Path:
        if (n, game) not in made:
            import subprocess
            import sys
            folder = tmp_path_factory.mktemp(f"generated-{game}-{n}")
            subprocess.run([sys.executable, str(ROOT / "bench" / "generate.py"), str(n), str(folder),
                            "--game", game], check=True)
            made[(n, game)] = folder
        return made[(n, game)]
    return make


@pytest.fixture(scope="session")
def shipped_books():
    """Every book of the shipped packs as `build` renders them (in parallel), once per
    session and print setting: `shipped_books(RenderOptions(...))` -> {(pack, file): pdf}."""
    from vcompiler.compile import compile_pack
    from vcompiler.render import render_packs

    made: dict = {}

    def books(options) -> dict[tuple[str, str], bytes]:
        if options not in made:
            packs = [compile_pack(CONTENT / name).pack for name in ("eye-of-the-void", "tidal-reach")]
            made[options] = render_packs(packs, options, workers=2)
        return made[options]
    return books
