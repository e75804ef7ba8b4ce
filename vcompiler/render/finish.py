"""The last touches a book's use asks for, on the finished PDF: greys for a home
printer, and the marks of PDF/X-4 for a print shop.

Books are drawn in sRGB with opaque colours only (WeasyPrint writes `rg`/`RG` and
ExtGStates of alpha 1; icons are vectors): so a book turns grey by rewriting its colour
operators, and it is colour-managed by naming sRGB as the colour of its DeviceRGB."""
from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator

import pikepdf

from vcompiler.render.options import RenderOptions
from vcompiler.render.weasy_compat import srgb_profile

# Luma weights (ITU-R BT.601): what a reader sees as light and dark in a colour.
_LUMA = (0.299, 0.587, 0.114)
_SRGB_NAME = "sRGB IEC61966-2.1"


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


def _grey(operands: list[pikepdf.Object], op: str) -> tuple[list[float], str] | None:
    """The grey operator standing for a colour operator, or None."""
    if op not in ("rg", "RG", "k", "K"):
        return None
    values = [float(v) for v in operands]
    if op in ("rg", "RG") and len(values) == 3:
        level = sum(w * v for w, v in zip(_LUMA, values))
    elif op in ("k", "K") and len(values) == 4:
        c, m, y, k = values
        level = 1.0 - min(1.0, _LUMA[0] * c + _LUMA[1] * m + _LUMA[2] * y + k)
    else:
        return None
    return [round(level, 4)], "g" if op.islower() else "G"


def greyscale(pdf: pikepdf.Pdf) -> None:
    """Every colour as the grey of its lightness (DeviceGray): a home printer's black
    cartridge prints it all, and no colour prints as a dither of black."""
    for stream, _ in _streams(pdf):
        if isinstance(stream, pikepdf.Dictionary) and "/Contents" in stream:
            page = pikepdf.Page(stream)
            page.contents_coalesce()
            stream = page.obj.Contents
        instructions = []
        changed = False
        for operands, operator in pikepdf.parse_content_stream(stream):
            grey = _grey(list(operands), str(operator))
            if grey is not None:
                changed = True
                instructions.append((grey[0], pikepdf.Operator(grey[1])))
            else:
                instructions.append((operands, operator))
        if changed:
            stream.write(pikepdf.unparse_content_stream(instructions))
    _grey_images(pdf)


def _grey_images(pdf: pikepdf.Pdf) -> None:
    """Raster images (a component's art) as greys too, by the same lightness."""
    import zlib

    for obj in list(pdf.objects):
        if not (isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"):
            continue
        if obj.get("/ColorSpace") == pikepdf.Name.DeviceGray or obj.get("/ImageMask"):
            continue                  # already grey, or a soft mask, which is a grey
        grey = pikepdf.PdfImage(obj).as_pil_image().convert("RGB").convert("L")
        obj.write(zlib.compress(grey.tobytes(), 9), filter=pikepdf.Name.FlateDecode)
        for key in ("/DecodeParms", "/Decode"):
            if key in obj:
                del obj[key]
        obj.ColorSpace = pikepdf.Name.DeviceGray
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


def pdfx(pdf: pikepdf.Pdf, identity: str) -> None:
    """The marks of PDF/X-4 (ISO 15930-7): an output intent naming the book's colour
    (sRGB, embedded), that colour given to DeviceRGB on every page and form, a TrimBox
    and a BleedBox on every page, no annotation in the printed area (the links are for
    the screen), Trapped false, the version and a document id (`identity`, 32 hex
    digits) in the XMP metadata. The book is opaque: nothing to flatten."""
    profile = pdf.make_stream(srgb_profile())
    profile.N = 3
    srgb = pikepdf.Array([pikepdf.Name.ICCBased, profile])
    pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX, OutputConditionIdentifier=_SRGB_NAME,
        RegistryName="http://www.color.org", Info=_SRGB_NAME, DestOutputProfile=profile)])
    for stream, resources in _streams(pdf):
        if not isinstance(resources, pikepdf.Dictionary):
            resources = pikepdf.Dictionary()
            stream.Resources = resources
        spaces = resources.get("/ColorSpace")
        if not isinstance(spaces, pikepdf.Dictionary):
            spaces = pikepdf.Dictionary()
        spaces.DefaultRGB = srgb
        resources.ColorSpace = spaces
    for page in pdf.pages:
        media = page.obj.MediaBox
        trim = page.obj.get("/TrimBox", media)
        page.obj.TrimBox = pikepdf.Array(list(trim))
        page.obj.BleedBox = pikepdf.Array(list(page.obj.get("/BleedBox", trim)))
        if "/Annots" in page.obj:
            del page.obj["/Annots"]
    pdf.docinfo[pikepdf.Name.Trapped] = pikepdf.Name("/False")
    _xmp_pdfx(pdf, identity)


def finish(data: bytes, options: RenderOptions, created: str) -> bytes:
    """The book as `options` ask: grey, PDF/X-4, both or neither (then as it was).
    `created`: the PDF date (D:...Z) PDF/X asks for when the book has none."""
    if not (options.greyscale or options.pdfx):
        return data
    pdf = pikepdf.open(io.BytesIO(data))
    if options.greyscale:
        greyscale(pdf)
    if options.pdfx:
        for key in ("/CreationDate", "/ModDate"):
            if key not in pdf.docinfo:
                pdf.docinfo[key] = pdf.docinfo.get("/CreationDate", pikepdf.String(created))
        pdfx(pdf, hashlib.sha256(data).hexdigest())
    out = io.BytesIO()
    pdf.save(out, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate,
             deterministic_id=True, min_version="1.6" if options.pdfx else "")
    return out.getvalue()
