"""PDF/X-4 for a print shop and greys for a home printer: every file a build writes,
checked by render/preflight (the checks the standard lists), Ghostscript and qpdf;
the checks themselves fail on files broken one way each."""
import io
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from conftest import CONTENT
from vcompiler.driver.cli import main
from vcompiler.render.finish import AREA_INK, PRESS_PROFILE, _streams, finish
from vcompiler.render.options import RenderOptions
from vcompiler.render.pdf import render_html
from vcompiler.render.preflight import pdfx_problems

SAMPLE = """<html><body style="font-family: 'Book Serif'">
<p style="color: #111">Black text on a press</p>
<p style="color: #c62f2f">Red text</p>
<div style="background: #3b4a5a; width: 300px; height: 300px"></div>
<a href="https://example.org/">a link</a></body></html>"""
PRESS = RenderOptions(bleed_mm=3, pdfx=True)


def need(*tools):
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (CI installs them: ghostscript, qpdf, poppler-utils)")


@pytest.fixture(scope="module")
def sample() -> bytes:
    """A small page as WeasyPrint draws one (text, a coloured area, a link), with bleed."""
    return render_html(SAMPLE, RenderOptions(bleed_mm=3), sheets=("base.css",)).pdf


@pytest.fixture(scope="module")
def pressed(sample) -> bytes:
    return finish(sample, PRESS)


def tools_say(path: Path) -> list[str]:
    """What Ghostscript and qpdf find wrong with a file."""
    problems = []
    gs = subprocess.run(["gs", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(path)],
                        capture_output=True)
    said = (gs.stdout + gs.stderr).decode("utf-8", "replace")
    if gs.returncode or re.search(r"error|warning|repaired", said, re.I):
        problems.append(f"gs: {said.strip()[-300:]}")
    qpdf = subprocess.run(["qpdf", "--check", str(path)], capture_output=True)
    said = (qpdf.stdout + qpdf.stderr).decode("utf-8", "replace")
    if qpdf.returncode or "WARNING" in said:
        problems.append(f"qpdf: {said[-300:]}")
    return problems


def colours(data: bytes) -> list[tuple[str, tuple[float, ...]]]:
    """Every colour operator of a file, in order, with its operands."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        found = []
        for stream, _ in _streams(pdf):
            source = pikepdf.Page(stream) if "/Contents" in stream else stream
            found += [(str(op), tuple(float(v) for v in operands))
                      for operands, op in pikepdf.parse_content_stream(source)
                      if str(op) in ("rg", "RG", "k", "K", "g", "G")]
        return found


def text_colours(data: bytes) -> set[tuple[str, tuple[float, ...]]]:
    """The fill colour in force at each text object (BT), page contents only."""
    found = set()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            fill: list[tuple[str, tuple[float, ...]]] = [("g", (0.0,))]
            for operands, op in pikepdf.parse_content_stream(page):
                name = str(op)
                if name in ("rg", "k", "g"):
                    fill[-1] = (name, tuple(float(v) for v in operands))
                elif name == "q":
                    fill.append(fill[-1])
                elif name == "Q" and len(fill) > 1:
                    fill.pop()
                elif name == "BT":
                    found.add(fill[-1])
    return found


def test_a_pdfx_file_passes_every_check_and_the_tools(pressed, sample, tmp_path):
    need("gs", "qpdf")
    assert pdfx_problems(pressed) == []
    path = tmp_path / "pressed.pdf"
    path.write_bytes(pressed)
    assert tools_say(path) == []
    # the page as WeasyPrint wrote it is no PDF/X: each of the marks is missing
    before = "\n".join(pdfx_problems(sample))
    for missing in ("no GTS_PDFX output intent", "no XMP metadata", "Trapped", "Link annotation",
                    "DeviceRGB without a profile"):
        assert missing in before
    with pikepdf.open(io.BytesIO(pressed)) as pdf:
        [intent] = pdf.Root.OutputIntents
        assert intent.OutputConditionIdentifier == "FOGRA39" and intent.DestOutputProfile.N == 4
        assert intent.DestOutputProfile.read_bytes() == PRESS_PROFILE.read_bytes()
        assert pdf.pdf_version >= "1.6" and "/Annots" not in pdf.pages[0].obj


def test_colours_are_the_press_inks_and_text_is_black_ink_alone(pressed):
    found = colours(pressed)
    assert {op for op, _ in found} <= {"k", "K"}
    # #111 text: 100 % black, no cyan, magenta or yellow under it
    assert ("k", (0.0, 0.0, 0.0, 1.0)) in text_colours(pressed)
    # red converted through the press profile: magenta and yellow, little cyan, no black
    red = [v for op, v in found if op == "k" and v[1] > 0.7 and v[2] > 0.6]
    assert red and all(v[0] < 0.1 for v in red)
    # the blue-grey area is a four-colour mix, not a grey
    assert any(op == "k" and min(v) > 0.1 and v[0] > 0.4 for op, v in found)


def _broken(data: bytes, breaking) -> bytes:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        breaking(pdf)
        out = io.BytesIO()
        pdf.save(out)
        return out.getvalue()


def _no_intent(pdf):
    del pdf.Root["/OutputIntents"]


def _screen_profile(pdf):
    from vcompiler.render.weasy_compat import srgb_profile

    profile = pdf.make_stream(srgb_profile())
    profile.N = 4
    pdf.Root.OutputIntents[0].DestOutputProfile = profile


def _old_version(pdf):
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["pdfxid:GTS_PDFXVersion"] = "PDF/X-1a:2001"


def _no_trapped(pdf):
    del pdf.docinfo["/Trapped"]


def _no_trim(pdf):
    del pdf.pages[0].obj["/TrimBox"]


def _trim_past_bleed(pdf):
    media = [float(v) for v in pdf.pages[0].obj.MediaBox]
    pdf.pages[0].obj.BleedBox = pikepdf.Array([media[0] + 20, media[1] + 20, media[2] - 20, media[3] - 20])


def _link(pdf):
    trim = [float(v) for v in pdf.pages[0].obj.TrimBox]
    pdf.pages[0].obj.Annots = pdf.make_indirect(pikepdf.Array([pikepdf.Dictionary(
        Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[trim[0] + 10, trim[1] + 10, trim[0] + 50,
                                                                  trim[1] + 30])]))


def _rgb(pdf):
    pdf.pages[0].contents_add(pdf.make_stream(b"q 1 0 0 rg 0 0 10 10 re f Q"))


def _unembedded(pdf):
    for _, resources in _streams(pdf):
        for font in resources.get("/Font", {}).values():
            for descendant in font.get("/DescendantFonts", [font]):
                descriptor = descendant.get("/FontDescriptor")
                if descriptor is not None:
                    for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                        if key in descriptor:
                            del descriptor[key]


def _javascript(pdf):
    pdf.Root.Names = pikepdf.Dictionary(JavaScript=pikepdf.Dictionary(Names=pikepdf.Array()))


@pytest.mark.parametrize(("breaking", "said"), [
    (_no_intent, "no GTS_PDFX output intent"),
    (_screen_profile, "not an output device"),
    (_old_version, "GTS_PDFXVersion is 'PDF/X-1a:2001'"),
    (_no_trapped, "Trapped is neither True nor False"),
    (_no_trim, "page 1 has no TrimBox"),
    (_trim_past_bleed, "the TrimBox is not inside the BleedBox"),
    (_link, "a /Link annotation in the printed area"),
    (_rgb, "page 1 draws in DeviceRGB without a profile, in a file printed to DeviceCMYK"),
    (_unembedded, "is not embedded"),
    (_javascript, "the file holds JavaScript"),
], ids=lambda value: value.__name__.strip("_") if callable(value) else "says")
def test_each_check_fails_on_a_file_broken_its_way(pressed, breaking, said):
    problems = pdfx_problems(_broken(pressed, breaking))
    assert any(said in problem for problem in problems), problems


def test_an_encrypted_or_old_file_fails(pressed):
    with pikepdf.open(io.BytesIO(pressed)) as pdf:
        out = io.BytesIO()
        pdf.save(out, encryption=pikepdf.Encryption(owner="shop", user="", allow=pikepdf.Permissions()))
        old = io.BytesIO()
        pdf.save(old, force_version="1.4")
    assert "the file is encrypted" in pdfx_problems(out.getvalue())
    assert "PDF 1.4: PDF/X-4 is PDF 1.6 at least" in pdfx_problems(old.getvalue())
    assert pdfx_problems(b"%PDF-1.7 not a pdf")[0].startswith("not a PDF")


def test_greys_print_text_black_and_areas_light(sample):
    grey = finish(sample, RenderOptions(bleed_mm=3, greyscale=True))
    found = colours(grey)
    assert {op for op, _ in found} <= {"g", "G"}
    # #111 text prints black, not a 93 % screen
    assert ("g", (0.0,)) in text_colours(grey)
    assert not any(0 < v[0] <= 0.14 for _, v in found)
    # the 300 px blue-grey area (72 % grey by lightness) is printed with half its ink
    lightness = 0.299 * 0x3b / 255 + 0.587 * 0x4a / 255 + 0.114 * 0x5a / 255
    assert ("g", (round(1 - (1 - lightness) * AREA_INK, 4),)) in found


def _build(tmp_path: Path, folder: str, *args: str, packs: tuple[Path, ...] = (CONTENT,)) -> Path:
    out = tmp_path / folder
    result = CliRunner().invoke(main, ["build", *map(str, packs), "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.slow
def test_every_file_of_a_press_build_is_pdfx(tmp_path):
    """`build source_content/ --pdfx --bleed 3mm --crop-marks`: books, card sheets,
    location cards and boards, every one PDF/X-4 in the press's CMYK."""
    need("gs", "qpdf", "pdffonts")
    out = _build(tmp_path, "press", "--pdfx", "--bleed", "3mm", "--crop-marks")
    files = sorted(out.glob("*/*.pdf"))
    names = {path.name for path in files}
    assert {"cards.pdf", "locations.pdf", "logbook.pdf", "board-glacier.pdf", "storybook-look.pdf"} <= names
    failed = {}
    for path in files:
        data = path.read_bytes()
        problems = pdfx_problems(data) + tools_say(path)
        if {op for op, _ in colours(data)} - {"k", "K"}:
            problems.append("a colour not in CMYK")
        if ("k", (0.0, 0.0, 0.0, 1.0)) not in text_colours(data):
            problems.append("no text in black ink alone")
        fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        if any(line.split()[-5] != "yes" for line in fonts.splitlines()[2:]):
            problems.append("a font not embedded")
        if problems:
            failed[path.name] = problems
    assert not failed


def test_greyscale_cards_spare_the_black_ink(tmp_path):
    """The backs of a card sheet were 70-80 % grey over the whole sheet: they print
    with half the ink, their text stays white on them, the fronts' text black."""
    need("pdftoppm")
    plain = _build(tmp_path, "plain", "--only", "cards", packs=(CONTENT / "tidal-reach",))
    grey = _build(tmp_path, "grey", "--only", "cards", "--greyscale", packs=(CONTENT / "tidal-reach",))

    def ink(folder: Path, page: int) -> float:
        from PIL import Image

        subprocess.run(["pdftoppm", "-r", "30", "-gray", "-png", "-f", str(page), "-l", str(page),
                        str(folder / "tidal_reach" / "cards.pdf"), str(folder / "page")], check=True)
        [picture] = folder.glob("page-*.png")
        values = Image.open(picture).convert("L").tobytes()
        picture.unlink()
        return 1 - sum(values) / len(values) / 255
    # page 2 is the backs: a dark colour over the whole sheet
    assert ink(plain, 2) > 0.4
    assert ink(grey, 2) < 0.3
    assert ink(grey, 1) < ink(plain, 1)
    assert ("g", (0.0,)) in text_colours((grey / "tidal_reach" / "cards.pdf").read_bytes())


def test_a_shops_own_profile(tmp_path):
    """--icc names the press's profile: embedded as the output intent, named Custom
    with its description; a profile that is not a CMYK output one stops the build."""
    own = tmp_path / "shop.icc"
    own.write_bytes(PRESS_PROFILE.read_bytes())
    pack = CONTENT / "glacier-of-echoes"
    out = _build(tmp_path, "own", "--only", "board", "--pdfx", "--icc", str(own), packs=(pack,))
    data = (out / "glacier_of_echoes" / "board-glacier.pdf").read_bytes()
    assert pdfx_problems(data) == []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        [intent] = pdf.Root.OutputIntents
        assert intent.OutputConditionIdentifier == "Custom"
        assert str(intent.Info) == "vcompiler FOGRA39 (ISO 12647-2 coated)"
    from vcompiler.render.weasy_compat import srgb_profile

    screen = tmp_path / "screen.icc"
    screen.write_bytes(srgb_profile())
    text = tmp_path / "notes.icc"
    text.write_text("not a profile")
    for args, said in ((["--pdfx", "--icc", str(screen)], "not CMYK"),
                       (["--pdfx", "--icc", str(text)], "not an ICC profile"),
                       (["--icc", str(own)], "add --pdfx")):
        result = CliRunner().invoke(main, ["build", str(pack), "-o", str(tmp_path / "never"), *args])
        assert result.exit_code == 2 and said in result.output, result.output
        assert not (tmp_path / "never").exists()


# Options of `build` that change what a file holds, walked so that every two of them
# (PDF/X, greys, booklet, bleed and marks, tagged, single cards) meet in some build,
# and every signature size a booklet takes: 0 (one), 4 (the smallest), 8, 40 (the default).
COMBINATIONS = [
    (),
    ("--pdfx",),
    ("--greyscale",),
    ("--pdfx", "--greyscale", "--bleed", "3mm", "--crop-marks"),
    ("--booklet",),
    ("--booklet", "--signature", "4", "--crop-marks"),
    ("--booklet", "--signature", "0", "--pdfx", "--greyscale"),
    ("--booklet", "--signature", "8", "--pdfx", "--bleed", "3mm", "--crop-marks", "--paper", "letter"),
    ("--tagged", "--paper", "letter"),
    ("--tagged", "--greyscale", "--paper", "a5", "--crop-marks"),
    ("--card-layout", "single", "--pdfx", "--bleed", "3mm", "--titles"),
    ("--card-layout", "single", "--greyscale", "--crop-marks", "--no-titles", "--paper", "a5"),
]


@pytest.fixture(scope="module")
def small_packs(tmp_path_factory) -> tuple[Path, ...]:
    """A small vantage pack (a storybook, cards, location cards) and a small vanguard
    one (a logbook, cards, a board)."""
    import sys

    from conftest import ROOT

    sys.path.insert(0, str(ROOT / "bench"))
    import generate

    root = tmp_path_factory.mktemp("small")
    generate.vantage(12, root / "vantage")
    return root / "vantage", CONTENT / "glacier-of-echoes"


@pytest.mark.slow
@pytest.mark.parametrize("flags", COMBINATIONS, ids=lambda flags: " ".join(flags) or "plain")
def test_every_option_combination_gives_clean_files(small_packs, flags, tmp_path):
    need("gs", "qpdf")
    out = _build(tmp_path, "out", *flags, packs=small_packs)
    files = sorted(out.glob("*/*.pdf"))
    assert {path.name for path in files} >= {"storybook-look.pdf", "logbook.pdf", "cards.pdf", "locations.pdf",
                                            "board-glacier.pdf"}
    failed = {path.name: problems for path in files
              if (problems := tools_say(path) + (pdfx_problems(path.read_bytes()) if "--pdfx" in flags else []))}
    assert not failed


def test_fonts_are_subset_alike_with_or_without_libharfbuzz_subset(monkeypatch):
    """WeasyPrint subsets with the system's libharfbuzz-subset where it finds it: the
    same page must have the same bytes on a machine without it."""
    from weasyprint.pdf import fonts

    with_library = render_html(SAMPLE, RenderOptions(), sheets=("base.css",)).pdf
    monkeypatch.setattr(fonts, "harfbuzz_subset", None)
    without = render_html(SAMPLE, RenderOptions(), sheets=("base.css",)).pdf
    assert with_library == without


def test_a_build_has_the_same_bytes_in_another_environment(tmp_path, request):
    """What may differ between two machines, or two shells, and does not reach the
    files: the time zone, the locale, HOME and the parse cache in it, the folder the
    build runs in and the way it names the pack, the temporary folder, the hash seed,
    and SOURCE_DATE_EPOCH set to the date a PDF/X file carries when it is not set."""
    import os
    import sys
    import tempfile

    from conftest import ROOT

    pack = CONTENT / "glacier-of-echoes"
    keep = {key: value for key, value in os.environ.items()
            if key not in ("TZ", "LANG", "LC_ALL", "HOME", "TMPDIR", "PYTHONHASHSEED", "SOURCE_DATE_EPOCH",
                           "VCOMPILER_CACHE_DIR", "XDG_CACHE_HOME")}
    keep["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    builds = []
    for name, env, where, target, extra in (
            ("a", {"TZ": "UTC", "LANG": "C.UTF-8", "PYTHONHASHSEED": "1"}, tmp_path, str(pack), ["--no-cache"]),
            ("b", {"TZ": "Pacific/Kiritimati", "LC_ALL": "POSIX", "PYTHONHASHSEED": "4242",
                   "SOURCE_DATE_EPOCH": "315532800"}, pack.parent, pack.name, [])):
        home = tmp_path / f"home-{name}"
        home.mkdir()
        # a short one: the render server's socket is made in it, and a socket's path is short
        temporary = tempfile.mkdtemp(prefix=f"vc{name}", dir="/tmp")
        request.addfinalizer(lambda folder=temporary: shutil.rmtree(folder, ignore_errors=True))
        environment = {**keep, **env, "HOME": str(home), "TMPDIR": temporary}
        out = tmp_path / f"out-{name}"
        done = subprocess.run([sys.executable, "-m", "vcompiler", "build", target, "-o", str(out), "--pdfx",
                               "--bleed", "3mm", "--crop-marks", *extra], cwd=where, env=environment,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        builds.append({path.relative_to(out): path.read_bytes() for path in out.rglob("*") if path.is_file()})
    a, b = builds
    assert sorted(a) == sorted(b) and len([name for name in a if name.suffix == ".pdf"]) == 3
    assert [name for name in a if a[name] != b[name]] == []
