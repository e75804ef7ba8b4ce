"""The checks of PDF/X-4 (ISO 15930-7) that a print shop's preflight makes, on a
finished file: no free validator runs here (veraPDF checks PDF/A and PDF/UA, not
PDF/X; Ghostscript converts to PDF/X but does not judge a file), so these are the
standard's requirements that `build --pdfx` has to meet, each a function that names
what it finds wrong. The tests run them on every file of a PDF/X build, and on files
broken one way each."""
from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pikepdf

# Colour operators and the colour space each sets.
_DEVICE_OPS = {"rg": "DeviceRGB", "RG": "DeviceRGB", "k": "DeviceCMYK", "K": "DeviceCMYK",
               "g": "DeviceGray", "G": "DeviceGray"}
# The colour spaces a profile's header names, as PDF names them.
_PROFILE_SPACES = {b"CMYK": "DeviceCMYK", b"RGB ": "DeviceRGB", b"GRAY": "DeviceGray"}


def _resources(pdf: pikepdf.Pdf) -> Iterator[tuple[str, pikepdf.Object, pikepdf.Object]]:
    """(where, content stream or page, resources) of every page and form, each once."""
    seen: set[tuple[int, int]] = set()

    def forms(where: str, resources: pikepdf.Object) -> Iterator[tuple[str, pikepdf.Object, pikepdf.Object]]:
        xobjects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
        if not isinstance(xobjects, pikepdf.Dictionary):
            return
        for name in list(xobjects.keys()):
            xobject = xobjects[name]
            if xobject.get("/Subtype") != "/Form" or xobject.objgen in seen:
                continue
            seen.add(xobject.objgen)
            inner = xobject.get("/Resources", pikepdf.Dictionary())
            yield f"{where}, form {name}", xobject, inner
            yield from forms(where, inner)
    for number, page in enumerate(pdf.pages, 1):
        resources = page.obj.get("/Resources", pikepdf.Dictionary())
        yield f"page {number}", page.obj, resources
        yield from forms(f"page {number}", resources)


def _intent(pdf: pikepdf.Pdf) -> pikepdf.Object | None:
    intents = pdf.Root.get("/OutputIntents")
    if not isinstance(intents, pikepdf.Array):
        return None
    return next((i for i in intents if i.get("/S") == "/GTS_PDFX"), None)


def _intent_space(pdf: pikepdf.Pdf) -> str | None:
    intent = _intent(pdf)
    profile = intent.get("/DestOutputProfile") if intent is not None else None
    if not isinstance(profile, pikepdf.Stream):
        return None
    return _PROFILE_SPACES.get(profile.read_bytes()[16:20])


def output_intent(pdf: pikepdf.Pdf) -> list[str]:
    """One GTS_PDFX output intent, naming its condition, with an embedded profile of an
    output device whose colour space is what its /N says."""
    intent = _intent(pdf)
    if intent is None:
        return ["no GTS_PDFX output intent"]
    problems = []
    if not str(intent.get("/OutputConditionIdentifier", "")):
        problems.append("the output intent has no OutputConditionIdentifier")
    profile = intent.get("/DestOutputProfile")
    if not isinstance(profile, pikepdf.Stream):
        return problems + ["the output intent embeds no DestOutputProfile"]
    header = profile.read_bytes()[:128]
    if len(header) < 128 or header[36:40] != b"acsp":
        return problems + ["the DestOutputProfile is not an ICC profile"]
    if header[12:16] != b"prtr":
        problems.append(f"the DestOutputProfile is of class {header[12:16].decode('latin-1')!r}, not an output "
                        "device ('prtr')")
    channels = {b"CMYK": 4, b"RGB ": 3, b"GRAY": 1}.get(header[16:20])
    if channels is None or profile.get("/N") != channels:
        problems.append(f"the DestOutputProfile's /N ({profile.get('/N')}) is not its colour space's "
                        f"({header[16:20].decode('latin-1')})")
    return problems


def version(pdf: pikepdf.Pdf) -> list[str]:
    """PDF 1.6 at least, GTS_PDFXVersion PDF/X-4 in the XMP metadata with a document id."""
    problems = []
    if pdf.pdf_version < "1.6":
        problems.append(f"PDF {pdf.pdf_version}: PDF/X-4 is PDF 1.6 at least")
    if "/Metadata" not in pdf.Root:
        return problems + ["no XMP metadata"]
    meta = pdf.open_metadata()
    if meta.get("pdfxid:GTS_PDFXVersion") != "PDF/X-4":
        problems.append(f"GTS_PDFXVersion is {meta.get('pdfxid:GTS_PDFXVersion')!r}, not 'PDF/X-4'")
    if not meta.get("xmpMM:DocumentID"):
        problems.append("no xmpMM:DocumentID in the XMP metadata")
    return problems


def info(pdf: pikepdf.Pdf) -> list[str]:
    """Trapped True or False, a creation and a modification date, no encryption."""
    problems = []
    if pdf.is_encrypted:
        problems.append("the file is encrypted")
    if str(pdf.docinfo.get("/Trapped", "")) not in ("/True", "/False"):
        problems.append("Trapped is neither True nor False")
    for key in ("/CreationDate", "/ModDate"):
        if key not in pdf.docinfo:
            problems.append(f"no {key[1:]}")
    return problems


def _box(page: pikepdf.Object, name: str) -> tuple[float, float, float, float] | None:
    box = page.get(name)
    if not isinstance(box, pikepdf.Array) or len(box) != 4:
        return None
    x0, y0, x1, y1 = (float(v) for v in box)
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    slack = 0.01
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def boxes(pdf: pikepdf.Pdf) -> list[str]:
    """A TrimBox on every page, inside its BleedBox, inside its MediaBox; no annotation
    in the trimmed page but printer's marks."""
    problems = []
    for number, page in enumerate(pdf.pages, 1):
        media = _box(page.obj, "/MediaBox")
        trim = _box(page.obj, "/TrimBox")
        bleed = _box(page.obj, "/BleedBox") or media
        if trim is None:
            problems.append(f"page {number} has no TrimBox")
            continue
        if media is None or bleed is None or not _inside(bleed, media):
            problems.append(f"page {number}: the BleedBox is not inside the MediaBox")
        elif not _inside(trim, bleed):
            problems.append(f"page {number}: the TrimBox is not inside the BleedBox")
        for annotation in page.obj.get("/Annots", []):
            rect = _box(annotation, "/Rect")
            if annotation.get("/Subtype") != "/PrinterMark" and rect is not None and \
                    rect[0] < trim[2] and rect[2] > trim[0] and rect[1] < trim[3] and rect[3] > trim[1]:
                problems.append(f"page {number}: a {annotation.get('/Subtype')} annotation in the printed area")
    return problems


def _spaces(resources: pikepdf.Object) -> set[str]:
    """The device colour spaces a stream's resources give a profile (DefaultRGB...)."""
    named = resources.get("/ColorSpace") if isinstance(resources, pikepdf.Dictionary) else None
    if not isinstance(named, pikepdf.Dictionary):
        return set()
    return {key[len("/Default"):] for key in named.keys() if key.startswith("/Default")}


def colour(pdf: pikepdf.Pdf) -> list[str]:
    """No device colour but the output intent's (and grey, which is its black ink):
    DeviceRGB in a CMYK file, or any device space the intent is not, only where the
    resources give it a profile (DefaultRGB, DefaultCMYK); images likewise."""
    allowed = {_intent_space(pdf) or "none", "DeviceGray"}
    problems = []
    for where, stream, resources in _resources(pdf):
        given = {f"Device{s}" for s in _spaces(resources)}
        used: set[str] = set()
        source = pikepdf.Page(stream) if "/Contents" in stream else stream
        for operands, operator in pikepdf.parse_content_stream(source):
            op = str(operator)
            if op in _DEVICE_OPS:
                used.add(_DEVICE_OPS[op])
            elif op in ("cs", "CS") and operands and str(operands[0]).startswith("/Device"):
                used.add(str(operands[0])[1:])
        xobjects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
        for xobject in (xobjects.values() if isinstance(xobjects, pikepdf.Dictionary) else ()):
            space = xobject.get("/ColorSpace")
            if xobject.get("/Subtype") == "/Image" and isinstance(space, pikepdf.Name) and \
                    str(space).startswith("/Device"):
                used.add(str(space)[1:])
        for space in sorted(used - allowed - given):
            problems.append(f"{where} draws in {space} without a profile, in a file printed to "
                            f"{_intent_space(pdf) or 'no output intent'}")
    return problems


def _fonts(resources: pikepdf.Object) -> Iterator[tuple[str, pikepdf.Object]]:
    fonts = resources.get("/Font") if isinstance(resources, pikepdf.Dictionary) else None
    for name, font in (fonts.items() if isinstance(fonts, pikepdf.Dictionary) else ()):
        yield name, font
        for descendant in font.get("/DescendantFonts", []):
            yield name, descendant


def fonts(pdf: pikepdf.Pdf) -> list[str]:
    """Every font embedded (its program in the file), but Type 3 fonts, which are drawn."""
    problems = []
    seen: set[tuple[int, int]] = set()
    for where, _, resources in _resources(pdf):
        for name, font in _fonts(resources):
            if font.objgen in seen and font.objgen != (0, 0):
                continue
            seen.add(font.objgen)
            if font.get("/Subtype") in ("/Type3", "/Type0"):
                continue
            descriptor = font.get("/FontDescriptor")
            if not isinstance(descriptor, pikepdf.Dictionary) or not any(
                    key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                problems.append(f"{where}: font {font.get('/BaseFont', name)} is not embedded")
    return problems


def forbidden(pdf: pikepdf.Pdf) -> list[str]:
    """Nothing PDF/X-4 forbids: JavaScript, actions that run on opening, PostScript."""
    problems = []
    names = pdf.Root.get("/Names")
    if isinstance(names, pikepdf.Dictionary) and "/JavaScript" in names:
        problems.append("the file holds JavaScript")
    action = pdf.Root.get("/OpenAction")
    if isinstance(action, pikepdf.Dictionary) and action.get("/S") in ("/JavaScript", "/Launch"):
        problems.append("the file runs an action when it opens")
    for where, _, resources in _resources(pdf):
        xobjects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
        for name, xobject in (xobjects.items() if isinstance(xobjects, pikepdf.Dictionary) else ()):
            if xobject.get("/Subtype") == "/PS":
                problems.append(f"{where}: PostScript XObject {name}")
    return problems


CHECKS: tuple[Callable[[pikepdf.Pdf], list[str]], ...] = (output_intent, version, info, boxes, colour, fonts,
                                                           forbidden)


def pdfx_problems(data: bytes) -> list[str]:
    """What keeps `data` from being PDF/X-4, by the checks above: none for a good file."""
    try:
        pdf = pikepdf.open(io.BytesIO(data))
    except pikepdf.PdfError as error:
        return [f"not a PDF: {error}"]
    with pdf:
        return [problem for check in CHECKS for problem in check(pdf)]
