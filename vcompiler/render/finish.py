"""The last touches a book's use asks for, on the finished PDF: greys for a home
printer, and PDF/X-4 for a print shop.

Everything is drawn in sRGB with opaque colours and a few constant alphas (WeasyPrint
writes `rg`/`RG` and ExtGStates; icons are vectors; nothing is a raster image): so
a file turns grey, or into the inks of a press, by rewriting its colour operators,
each colour converted once, where it is set."""
from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import pikepdf

from vcompiler.render.options import RenderError, RenderOptions, source_date
from vcompiler.render.paths import TEMPLATES

# Luma weights (ITU-R BT.601): what a reader sees as light and dark in a colour.
_LUMA = (0.299, 0.587, 0.114)

# The press profile `--pdfx` names when the producer names none: the FOGRA39
# characterization (offset on coated paper, ISO 12647-2), the condition most European
# printers and card makers print to; made from free data (templates/icc/LICENSE-FOGRA39.txt).
PRESS_PROFILE = TEMPLATES / "icc" / "vcompiler-FOGRA39.icc"
PRESS_CONDITION = "FOGRA39"
PRESS_INFO = "Coated FOGRA39 (ISO 12647-2:2004)"

# The text and rules are drawn in near-blacks (#111, #222): black on paper, so one ink
# (100 % K) prints them sharp, not a four-ink mix that misregisters into coloured fringes,
# nor a 93 % screen that a laser printer dots.
NEAR_BLACK = 0.14
# A fill larger than this (pt², about 35 mm square) is an area, not a glyph, an icon or
# a rule: a card's frame or back, a board's ground. In greys it is printed with half its
# ink: a home printer does not lay 70-80 % grey over every sheet.
AREA = 100 * 100
AREA_INK = 0.5


def _streams(pdf: pikepdf.Pdf) -> Iterator[tuple[pikepdf.Object, pikepdf.Object]]:
    """Every content stream of the book, each once, with its resources: the pages and
    the forms they draw, however deep."""
    seen: set[tuple[int, int]] = set()

    def forms(resources: pikepdf.Object | None) -> Iterator[tuple[pikepdf.Object, pikepdf.Object]]:
        xobjects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
        if not isinstance(xobjects, pikepdf.Dictionary):
            return
        for name in list(xobjects.keys()):
            form = xobjects[name]
            if form.get("/Subtype") != "/Form" or form.objgen in seen:
                continue
            seen.add(form.objgen)
            inner = form.get("/Resources")
            yield form, inner
            yield from forms(inner)
    for page in pdf.pages:
        yield page.obj, page.obj.get("/Resources")
        yield from forms(page.obj.get("/Resources"))


Instruction = tuple[list[pikepdf.Object], pikepdf.Operator]


def _instructions(stream: pikepdf.Object) -> tuple[pikepdf.Object, list[Instruction]]:
    """The stream to write back, and what it draws (a page's contents joined in one)."""
    if isinstance(stream, pikepdf.Dictionary) and "/Contents" in stream:
        page = pikepdf.Page(stream)
        page.contents_coalesce()
        stream = page.obj.Contents
    return stream, [(list(operands), operator) for operands, operator in pikepdf.parse_content_stream(stream)]


def _level(operands: list[pikepdf.Object], op: str) -> float | None:
    """The grey level (0 black, 1 white) of a colour operator, or None."""
    values = [float(v) for v in operands]
    if op in ("rg", "RG") and len(values) == 3:
        level = sum(w * v for w, v in zip(_LUMA, values))
    elif op in ("k", "K") and len(values) == 4:
        c, m, y, k = values
        level = 1.0 - min(1.0, _LUMA[0] * c + _LUMA[1] * m + _LUMA[2] * y + k)
    elif op in ("g", "G") and len(values) == 1:
        level = values[0]
    else:
        return None
    return 0.0 if level <= NEAR_BLACK else round(level, 4)


_FILLS = {"f", "F", "f*", "B", "B*", "b", "b*"}
_ENDS = _FILLS | {"S", "s", "n"}


def _area(points: list[tuple[float, float]]) -> float:
    if not points:
        return 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (max(xs) - min(xs)) * (max(ys) - min(ys))


def _grey_stream(instructions: list[Instruction]) -> list[Instruction] | None:
    """`instructions` in greys (None when they set no colour): each colour as the grey of
    its lightness, near-blacks black, areas (AREA) with AREA_INK of their ink."""
    out: list[Instruction] = []
    changed = False
    ctm = [(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)]
    fill = [0.0]               # the fill grey, per graphics state
    path: list[tuple[float, float]] = []
    start = 0                  # where in `out` the path being built begins

    def at(x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = ctm[-1]
        return (a * x + c * y + e, b * x + d * y + f)
    for operands, operator in instructions:
        op = str(operator)
        level = _level(operands, op) if op in ("rg", "RG", "k", "K", "g", "G") else None
        if level is not None:
            changed = True
            grey = "g" if op.islower() else "G"
            if grey == "g":
                fill[-1] = level
            out.append(([level], pikepdf.Operator(grey)))
            continue
        if op == "q":
            ctm.append(ctm[-1])
            fill.append(fill[-1])
        elif op == "Q" and len(ctm) > 1:
            ctm.pop()
            fill.pop()
        elif op == "cm" and len(operands) == 6:
            a1, b1, c1, d1, e1, f1 = (float(v) for v in operands)
            a, b, c, d, e, f = ctm[-1]
            ctm[-1] = (a1 * a + b1 * c, a1 * b + b1 * d, c1 * a + d1 * c, c1 * b + d1 * d,
                       e1 * a + f1 * c + e, e1 * b + f1 * d + f)
        elif op in ("m", "l", "c", "v", "y", "re"):
            if not path:
                start = len(out)
            values = [float(v) for v in operands]
            if op == "re":
                x, y, w, h = values
                path += [at(x, y), at(x + w, y + h)]
            else:
                path += [at(values[i], values[i + 1]) for i in range(0, len(values) - 1, 2)]
        elif op in _ENDS:
            ink = 1.0 - fill[-1]
            if op in _FILLS and ink > 0 and _area(path) > AREA:
                changed = True
                light = round(1.0 - ink * AREA_INK, 4)
                out.insert(start, ([light], pikepdf.Operator("g")))
                out.append((operands, operator))
                out.append(([fill[-1]], pikepdf.Operator("g")))
                path = []
                continue
            path = []
        out.append((operands, operator))
    return out if changed else None


def greyscale(pdf: pikepdf.Pdf) -> None:
    """Every colour as the grey of its lightness (DeviceGray): a home printer's black
    cartridge prints it all, and no colour prints as a dither of black; text black."""
    for stream, _ in _streams(pdf):
        stream, instructions = _instructions(stream)
        greys = _grey_stream(instructions)
        if greys is not None:
            stream.write(pikepdf.unparse_content_stream(greys))
    _grey_images(pdf)


def read_profile(path: Path) -> bytes:
    """The bytes of a CMYK output profile (ValueError saying why `path` is none)."""
    data = path.read_bytes()
    if len(data) < 128 or data[36:40] != b"acsp":
        raise ValueError("it is not an ICC profile")
    if data[16:20] != b"CMYK":
        raise ValueError(f"its colour space is {data[16:20].decode('latin-1').strip() or '?'}, not CMYK: "
                         "a press prints four inks")
    if data[12:16] != b"prtr":
        raise ValueError(f"its device class is {data[12:16].decode('latin-1')!r}, not an output device ('prtr')")
    from PIL import ImageCms

    try:
        ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (OSError, ImageCms.PyCMSError) as error:
        raise ValueError(f"littleCMS cannot read it: {error}") from None
    return data


@lru_cache(maxsize=4)
def _transform(profile: bytes) -> Any:
    from PIL import ImageCms

    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(profile)),
                                   "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


def _cmyk(rgb: tuple[float, float, float], profile: bytes) -> list[float]:
    """An sRGB colour in the press's inks: a grey in black ink alone (a near-black as
    100 % K), any other colour through the profile."""
    if max(rgb) - min(rgb) < 1.5 / 255:
        level = rgb[0] if rgb[0] > NEAR_BLACK else 0.0
        return [0.0, 0.0, 0.0, round(1.0 - level, 4)]
    from PIL import Image, ImageCms

    pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
    converted = ImageCms.applyTransform(pixel, _transform(profile))
    inks = converted.getpixel((0, 0)) if converted is not None else None
    if not isinstance(inks, tuple):
        raise RenderError(f"littleCMS did not convert {rgb} to CMYK")
    return [round(v / 255, 4) for v in inks]


def press(pdf: pikepdf.Pdf, profile: bytes) -> None:
    """Every colour in the press's CMYK (`profile`), converted once: RGB through the
    profile, greys and near-blacks in black ink alone."""
    converted: dict[tuple[float, ...], list[float]] = {}
    for stream, _ in _streams(pdf):
        stream, instructions = _instructions(stream)
        out: list[Instruction] = []
        changed = False
        for operands, operator in instructions:
            op = str(operator)
            if op in ("rg", "RG", "g", "G") and len(operands) == (3 if op in ("rg", "RG") else 1):
                values = tuple(float(v) for v in operands)
                rgb = values if len(values) == 3 else values * 3
                if rgb not in converted:
                    converted[rgb] = _cmyk(rgb, profile)  # type: ignore[arg-type]
                out.append((converted[rgb], pikepdf.Operator("k" if op.islower() else "K")))
                changed = True
            else:
                out.append((operands, operator))
        if changed:
            stream.write(pikepdf.unparse_content_stream(out))
    _press_images(pdf, profile)


def _press_images(pdf: pikepdf.Pdf, profile: bytes) -> None:
    """Raster images in RGB (a component's art) in the press's CMYK too, through the same
    profile: PDF/X allows no RGB without a profile of its own."""
    from PIL import ImageCms

    def inks(image: Any) -> Any:
        converted = ImageCms.applyTransform(image.convert("RGB"), _transform(profile))
        if converted is None:
            raise RenderError("littleCMS did not convert an image to CMYK")
        return converted
    _redraw_images(pdf, lambda space: space == pikepdf.Name.DeviceRGB, inks, pikepdf.Name.DeviceCMYK)


def _grey_images(pdf: pikepdf.Pdf) -> None:
    """Raster images (a component's art) as greys too, by the same lightness; one
    already grey, or a soft mask (a grey), stays as it is."""
    _redraw_images(pdf, lambda space: space != pikepdf.Name.DeviceGray,
                   lambda image: image.convert("RGB").convert("L"), pikepdf.Name.DeviceGray)


def _redraw_images(pdf: pikepdf.Pdf, wanted: Callable[[object], bool], convert: Callable[[Any], Any],
                   space: pikepdf.Name) -> None:
    """Each image of the file whose colour space is `wanted` (an image mask never), its
    pixels `convert`ed and stored again, 8 bits a component in `space`."""
    import zlib

    for obj in list(pdf.objects):
        if not (isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"):
            continue
        if not wanted(obj.get("/ColorSpace")) or obj.get("/ImageMask"):
            continue
        image = convert(pikepdf.PdfImage(obj).as_pil_image())
        obj.write(zlib.compress(image.tobytes(), 9), filter=pikepdf.Name.FlateDecode)
        for key in ("/DecodeParms", "/Decode"):
            if key in obj:
                del obj[key]
        obj.ColorSpace = space
        obj.BitsPerComponent = 8


def _xmp_pdfx(pdf: pikepdf.Pdf, identity: str) -> None:
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta.register_xml_namespace("http://www.npes.org/pdfx/ns/id/", "pdfxid")
        meta["pdfxid:GTS_PDFXVersion"] = "PDF/X-4"
        uuid = f"uuid:{identity[:8]}-{identity[8:12]}-{identity[12:16]}-{identity[16:20]}-{identity[20:32]}"
        meta["xmpMM:DocumentID"] = uuid
        meta["xmpMM:InstanceID"] = uuid
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"
        meta["pdf:Trapped"] = "False"
        title = pdf.docinfo.get("/Title")
        if title is not None:
            meta["dc:title"] = str(title)
        producer = pdf.docinfo.get("/Producer")
        if producer is not None:
            meta["pdf:Producer"] = str(producer)
        created = pdf.docinfo.get("/CreationDate")
        if created is not None:
            # D:YYYYMMDDHHmmSSZ -> YYYY-MM-DDTHH:mm:SSZ
            text = str(created)[2:]
            stamp = f"{text[0:4]}-{text[4:6]}-{text[6:8]}T{text[8:10]}:{text[10:12]}:{text[12:14]}Z"
            meta["xmp:CreateDate"] = stamp
            meta["xmp:ModifyDate"] = stamp


def _description(profile: bytes) -> str:
    from PIL import ImageCms

    return ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(profile))).strip() or "CMYK"


def pdfx(pdf: pikepdf.Pdf, identity: str, profile: bytes, condition: str = PRESS_CONDITION,
         info: str = PRESS_INFO) -> None:
    """The marks of PDF/X-4 (ISO 15930-7): the colours in the press's CMYK (press), an
    output intent naming that press (`profile` embedded, `condition` its registered
    name, or "Custom"), a TrimBox and a BleedBox on every page, no annotation in the
    printed area (the links are for the screen), Trapped false, the version and a
    document id (`identity`, 32 hex digits) in the XMP metadata."""
    press(pdf, profile)
    stream = pdf.make_stream(profile)
    stream.N = 4
    pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX, OutputConditionIdentifier=condition,
        RegistryName="http://www.color.org", Info=info, DestOutputProfile=stream)])
    for page in pdf.pages:
        media = page.obj.MediaBox
        trim = page.obj.get("/TrimBox", media)
        page.obj.TrimBox = pikepdf.Array(list(trim))
        page.obj.BleedBox = pikepdf.Array(list(page.obj.get("/BleedBox", trim)))
        if "/Annots" in page.obj:
            del page.obj["/Annots"]
    pdf.docinfo[pikepdf.Name.Trapped] = pikepdf.Name("/False")
    _xmp_pdfx(pdf, identity)


# A file that must carry a date (PDF/X) and was given none: the epoch of reproducible builds.
EPOCH_DATE = "D:19800101000000Z"


def pdf_date(iso: str) -> str:
    return "D:" + iso.replace("-", "").replace(":", "").replace("T", "").rstrip("Z") + "Z"


def finish(data: bytes, options: RenderOptions, created: str | None = None) -> bytes:
    """The file as `options` ask: grey, PDF/X-4 in the press's CMYK, both or neither
    (then as it was). `created`: the PDF date (D:...Z) PDF/X asks for when the file has
    none (by default SOURCE_DATE_EPOCH's, else 1980-01-01)."""
    if not (options.greyscale or options.pdfx):
        return data
    pdf = pikepdf.open(io.BytesIO(data))
    if options.greyscale:
        greyscale(pdf)
    if options.pdfx:
        stamp = created or (pdf_date(iso) if (iso := source_date()) else EPOCH_DATE)
        for key in ("/CreationDate", "/ModDate"):
            if key not in pdf.docinfo:
                pdf.docinfo[key] = pdf.docinfo.get("/CreationDate", pikepdf.String(stamp))
        # The document ids are made from the file as dated: a date given by
        # SOURCE_DATE_EPOCH and the same date stamped here make one file.
        if "/ID" in pdf.trailer:
            del pdf.trailer["/ID"]
        dated = io.BytesIO()
        pdf.save(dated, deterministic_id=True)
        identity = hashlib.sha256(dated.getvalue()).hexdigest()
        if options.icc:
            profile = read_profile(Path(options.icc))
            pdfx(pdf, identity, profile, "Custom", _description(profile))
        else:
            pdfx(pdf, identity, _press_profile())
    out = io.BytesIO()
    pdf.save(out, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate,
             deterministic_id=True, min_version="1.6" if options.pdfx else "")
    return out.getvalue()


@lru_cache(maxsize=1)
def _press_profile() -> bytes:
    return PRESS_PROFILE.read_bytes()
