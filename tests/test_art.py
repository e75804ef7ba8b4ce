"""Art: `art "FILE"` and `art brief "…"` read from the pack's folder only, refused before
decoding when too large, carried into the bundle, printed on cards, boards and covers
(or as a placeholder), listed by `stats --art`, and built the same twice."""
import io
import json
import os
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image, ImageFile

from conftest import VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.driver.cli import main
from vcompiler.emit.bundle import to_bundle
from vcompiler.registry.art import card_art_mm, pixels_at
from vcompiler.registry.kinds import POKER
from vcompiler.render import fit
from vcompiler.render.cards import faces_of

BAND = pixels_at(card_art_mm(POKER))          # 815 x 281


def _png(size, colour=(40, 60, 90)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


PACK = VANGUARD_HEADER.replace("start log 1\n", "start log 1\n  art \"art/cover.png\"\n") + '''
log 1 "Start" {
  place poi P101 in sector 1
  place poi P102 in sector 1
  return
}

planet p "P" {
  art "art/board.png"
  sector 1 { lander }
}

poi P101 "Cave" {
  art "art/cave.png"
  text "A cave."
}

poi P102 "Crater" {
  art brief "A crater under two moons"
  text "A crater."
}

poi P103 "Vent" external {
  text "No art."
}
'''


def _line(text: str) -> int:
    return next(n for n, line in enumerate(PACK.splitlines(), 1) if text in line)


@pytest.fixture
def pack(tmp_path):
    folder = tmp_path / "pack"
    (folder / "art").mkdir(parents=True)
    (folder / "pack.vcl").write_text(PACK, encoding="utf-8")
    (folder / "art" / "cave.png").write_bytes(_png(BAND))
    (folder / "art" / "board.png").write_bytes(_png(pixels_at((297.0, 210.0)), (20, 30, 50)))
    (folder / "art" / "cover.png").write_bytes(_png(pixels_at((210.0, 297.0)), (90, 30, 30)))
    return folder


def _codes(result):
    return [(d.code.id, d.span.line, d.span.column) for d in result.diagnostics]


def test_a_link_that_leads_out_of_the_pack_is_E114_and_nothing_outside_is_opened(tmp_path, monkeypatch):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.png").write_bytes(_png(BAND))
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + 'log 1 "S" {\n  return\n}\n'
                                     'poi P101 "Cave" external {\n  text "x"\n}\n'
                                     'mission M01 "M" {\n  art "look.png"\n  text "x"\n}\n', encoding="utf-8")
    os.symlink(outside / "secret.png", folder / "look.png")
    opened = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda path, *a, **k: opened.append(str(path)) or real_open(path, *a, **k))
    result = compile_pack(folder)
    assert ("E114", 14, 7) in _codes(result)
    assert not [p for p in opened if str(outside) in p]
    assert "link to a file outside the pack" in next(d.message for d in result.diagnostics if d.code.id == "E114")


@pytest.mark.parametrize("size", [(30_000, 2), (11_000, 6_000)])
def test_an_image_too_large_is_refused_from_its_header_without_decoding(tmp_path, monkeypatch, size):
    folder = tmp_path / "pack"
    folder.mkdir()
    out = io.BytesIO()
    Image.new("P", size).save(out, "PNG")           # a few kilobytes: one colour compresses
    (folder / "wide.png").write_bytes(out.getvalue())
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + 'log 1 "S" {\n  return\n}\n'
                                     'mission M01 "M" {\n  art "wide.png"\n  text "x"\n}\n', encoding="utf-8")

    def decoded(self, *args, **kwargs):
        raise AssertionError("an image over the limit was decoded")
    monkeypatch.setattr(ImageFile.ImageFile, "load", decoded)
    result = compile_pack(folder)
    found = [d for d in result.diagnostics if d.code.id == "E516"]
    assert [(d.span.line, d.span.column) for d in found] == [(11, 7)]
    assert f"{size[0]:,} x {size[1]:,} pixels" in found[0].message


def test_a_pack_with_art_errors_is_not_built_and_nothing_is_written(tmp_path, pack):
    (pack / "art" / "cave.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 40)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(pack), "-o", str(out), "--no-cache"])
    assert result.exit_code == 1
    assert "E116" in result.output
    assert not (out / "test").exists()


def test_the_bundle_carries_each_components_art_and_only_theirs(pack):
    result = compile_pack(pack)
    assert result.ok, result.diagnostics
    bundle = to_bundle(result.model)
    cards = {c["id"]: c for c in bundle["cards"]}
    image = cards["P101"]["art"]["image"]
    assert (image["path"], image["format"], image["width"], image["height"]) == ("art/cave.png", "png", *BAND)
    assert len(image["sha256"]) == 64
    assert cards["P102"]["art"] == {"image": None, "brief": "A crater under two moons",
                                    "source": {"file": "pack.vcl", "line": _line("art brief"), "column": 3}}
    assert bundle["planets"][0]["art"]["image"]["path"] == "art/board.png"
    assert bundle["pack"]["art"]["image"]["path"] == "art/cover.png"
    assert "art" not in cards["P103"]


def test_the_art_band_takes_its_height_from_the_card_body(pack):
    faces = {f.number: f for f in faces_of(compile_pack(pack).model)}
    with_art, placeholder = faces["P101"], faces["P102"]
    assert with_art.art is not None and with_art.art.uri.startswith("data:image/png;base64,")
    assert placeholder.art is not None and placeholder.art.uri == ""
    assert placeholder.art.size_words == "69 x 23.8 mm, 815 x 281 px at 300 dpi"
    plain = fit.boxes(faces["P101"].__class__(**{**with_art.__dict__, "art": None}))
    assert fit.boxes(with_art)["body"][1] == pytest.approx(plain["body"][1] - 23.8 - fit.ART_GAP)


def _images(path):
    """The sizes of the raster images a PDF holds, wherever they are drawn."""
    with pikepdf.open(path) as pdf:
        return sorted((int(obj.Width), int(obj.Height)) for obj in pdf.objects
                      if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image")


def test_cards_boards_and_covers_print_their_art_the_same_twice(tmp_path, pack):
    outs = []
    for run in range(2):
        out = tmp_path / f"out{run}"
        result = CliRunner().invoke(main, ["build", str(pack), "-o", str(out), "--no-cache", "--bleed", "3mm"])
        assert result.exit_code == 0, result.output
        outs.append(out / "test")
    built = outs[0]
    assert BAND in _images(built / "cards.pdf")
    assert (3508, 2480) in _images(built / "board-p.pdf")
    assert (2480, 3508) in _images(built / "logbook.pdf")
    for name in ("cards.pdf", "board-p.pdf", "logbook.pdf", "bundle.json"):
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name


def test_stats_art_lists_what_needs_art_with_its_size(pack):
    result = CliRunner().invoke(main, ["stats", str(pack), "--art", "--format", "json"])
    assert result.exit_code == 0, result.output
    needs = {n["what"]: n for n in json.loads(result.output)["packs"][0]["art"]}
    assert needs["poi P102"] == {"what": "poi P102", "frame_mm": [69.0, 23.8], "pixels": [815, 281],
                                 "brief": "A crater under two moons", "image": None, "dpi": None,
                                 "source": {"file": "pack.vcl", "line": _line('poi P102 "Crater"')}}
    assert needs["poi P101"]["image"] == "art/cave.png" and needs["poi P101"]["dpi"] == 300
    assert needs["the board of planet p"]["pixels"] == [3508, 2480]
    order = [n["image"] is None for n in json.loads(result.output)["packs"][0]["art"]]
    assert order == sorted(order, reverse=True)          # those without an image first
    text = CliRunner().invoke(main, ["stats", str(pack), "--art"]).output
    assert "“A crater under two moons”" in text and "815 x 281" in text


def test_play_describes_a_locations_picture_by_its_brief(tmp_path):
    from conftest import VANTAGE_HEADER
    folder = tmp_path / "coast"
    folder.mkdir()
    (folder / "pack.vcl").write_text(VANTAGE_HEADER + '''
location 1 "Shore" {
  art brief "Grey waves on black sand"
  text "Waves."
  look "Watch" cost 0 {
    result { end game }
  }
}
''', encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(folder)], input="1\n")
    assert result.exit_code == 0, result.output
    assert "── Location 001 · Shore\n(The picture: Grey waves on black sand)\nWaves." in result.output


def _svg_bomb(levels: int, cycle: bool = False) -> bytes:
    """Each group repeats the one before ten times: 10**levels shapes from a few lines."""
    groups = ['<g id="g0"><rect width="1" height="1"/></g>']
    for n in range(1, levels + 1):
        groups.append(f'<g id="g{n}">' + f'<use href="#g{n - 1}"/>' * 10 + "</g>")
    if cycle:
        groups.append('<g id="loop"><use href="#loop2"/></g><g id="loop2"><use href="#loop"/></g>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs>' + "".join(groups)
            + f'</defs><use href="#g{levels}"/></svg>').encode()


@pytest.mark.parametrize(("svg", "code"), [(_svg_bomb(9), "E516"), (_svg_bomb(1, cycle=True), "E116"),
                                           (_svg_bomb(3), None)])
def test_an_svg_that_repeats_itself_past_what_prints_is_refused(tmp_path, svg, code):
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "drawing.svg").write_bytes(svg)
    (folder / "pack.vcl").write_text(VANGUARD_HEADER + 'log 1 "S" {\n  return\n}\n'
                                     'mission M01 "M" {\n  art "drawing.svg"\n  text "x"\n}\n', encoding="utf-8")
    found = [(d.code.id, d.span.line) for d in compile_pack(folder).diagnostics if d.code.id.startswith("E")]
    assert found == ([(code, 11)] if code else [])


def test_greyscale_prints_the_art_in_greys_too(tmp_path, pack):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(pack), "-o", str(out), "--no-cache", "--only", "cards",
                                       "--greyscale"])
    assert result.exit_code == 0, result.output
    with pikepdf.open(out / "test" / "cards.pdf") as pdf:
        spaces = [obj.get("/ColorSpace") for obj in pdf.objects
                  if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"]
    assert spaces and all(space == pikepdf.Name.DeviceGray for space in spaces)


def test_a_truncated_png_is_e116_after_weasyprint_has_been_imported(tmp_path):
    """WeasyPrint lets Pillow load truncated images once it is imported: a build's renderer
    (or an earlier pack in the same process) must not make a damaged file pass."""
    import weasyprint  # noqa: F401  (imported for its side effect on Pillow)
    from PIL import ImageFile

    from vcompiler.model.art import _examine
    assert ImageFile.LOAD_TRUNCATED_IMAGES
    whole = (Path(__file__).parent / "cases" / "files" / "E116-damaged-art" / "cut.png").read_bytes()
    found = _examine("cut.png", whole)
    assert isinstance(found, tuple) and found[0].id == "E116"
    assert ImageFile.LOAD_TRUNCATED_IMAGES          # put back as it was
