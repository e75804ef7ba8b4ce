"""Art as it prints: at 300 dpi or more in its frame (W518), of the frame's proportions
(W519), under its format's name (W520). What is wrong with the file itself is found
when it is read (model/art.py), an `art` line that says nothing when it is parsed."""
from __future__ import annotations

from collections.abc import Iterator

from vcompiler import codes
from vcompiler.checks import CheckContext, rule
from vcompiler.diagnostics import Diagnostic, diagnostic
from vcompiler.model.art import framed
from vcompiler.registry.art import MIN_VISIBLE, PRINT_DPI, pixels_at, print_dpi, visible_share


def _mm(frame: tuple[float, float]) -> str:
    return f"{frame[0]:g} x {frame[1]:g} mm"


@rule(codes.ART_LOW_DPI)
def art_resolution(context: CheckContext) -> Iterator[Diagnostic]:
    """W518: a raster image with fewer pixels than its frame needs at 300 dpi."""
    for place in framed(context.pack):
        image = place.art.image if place.art is not None else None
        if image is None or image.format == "svg":
            continue
        dpi = print_dpi((image.width, image.height), place.frame)
        if dpi < PRINT_DPI - 0.5:
            need = pixels_at(place.frame)
            assert place.art is not None
            yield diagnostic(codes.ART_LOW_DPI, place.art.at, path=image.path, dpi=round(dpi), what=place.what,
                             width=image.width, height=image.height, frame=_mm(place.frame),
                             hint=f"give an image of at least {need[0]} x {need[1]} pixels")


@rule(codes.ART_CROPPED)
def art_proportions(context: CheckContext) -> Iterator[Diagnostic]:
    """W519: an image that loses more than a quarter of itself to fill its frame."""
    for place in framed(context.pack):
        image = place.art.image if place.art is not None else None
        if image is None or not image.width or not image.height:
            continue
        shown = visible_share((image.width, image.height), place.frame)
        if shown < MIN_VISIBLE:
            assert place.art is not None
            need = pixels_at(place.frame)
            yield diagnostic(codes.ART_CROPPED, place.art.at, path=image.path, what=place.what,
                             lost=round(100 * (1 - shown)),
                             hint=f"crop it to the frame's proportions, {_mm(place.frame)} "
                                  f"({need[0]} x {need[1]} pixels at 300 dpi)")


@rule(codes.ART_MISNAMED)
def art_names(context: CheckContext) -> Iterator[Diagnostic]:
    """W520: an image whose file name ends in another format's extension."""
    seen: set[str] = set()
    for place in framed(context.pack):
        image = place.art.image if place.art is not None else None
        if image is None or not image.misnamed or image.path in seen:
            continue
        seen.add(image.path)
        assert place.art is not None
        extension = ".jpg" if image.format == "jpeg" else f".{image.format}"
        yield diagnostic(codes.ART_MISNAMED, place.art.at, path=image.path, format=image.format.upper(),
                         hint=f"rename the file to end in {extension}")
