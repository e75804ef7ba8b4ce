"""What a planet's setup lays out against what the pack puts on the board (W420)."""
from __future__ import annotations

from collections.abc import Iterator

from vcompiler import codes
from vcompiler.checks import CheckContext, rule
from vcompiler.diagnostics import Diagnostic, Related, diagnostic

# The effects that take a POI card from the pile and lay it on a sector.
PLACING = ("place_poi", "replace_poi", "replace_poi_in_sector")


@rule(codes.NOT_IN_THE_PILE)
def placed_pois_are_in_the_pile(context: CheckContext) -> Iterator[Diagnostic]:
    """W420: a POI placed by an effect that no setup's POI pile holds."""
    pack = context.pack
    setups = [p.setup for p in pack.planets if p.setup is not None and p.setup.pois]
    if not setups:
        return              # a pack that lists no pile leaves the pile to the rulebook
    piled = {poi for setup in setups for poi in setup.pois}
    for ref in pack.references:
        if ref.kind == "poi" and ref.via in PLACING and ref.key not in piled:
            yield diagnostic(codes.NOT_IN_THE_PILE, ref.span, card=ref.key,
                             hint=f"add {ref.key} to the `pois` of the planet's `setup`",
                             related=[Related(setups[0].span, "the setup")])
