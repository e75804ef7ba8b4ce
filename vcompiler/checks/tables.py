"""What a pack defines, keyed as references name it: (kind, key) -> the entity."""
from __future__ import annotations

from vcompiler.model.types import Pack


def defined_entities(pack: Pack) -> dict[tuple[str, object], object]:
    table: dict[tuple[str, object], object] = {}
    for log in pack.logs:
        table[("log", log.number)] = log
    for card in pack.cards:
        key = int(card.id) if card.kind == "unique" else card.id
        table[(card.kind, key)] = card
    for planet in pack.planets:
        table[("planet", planet.id)] = planet
        for sector in planet.sectors:
            table[("sector", sector.number)] = sector
            table[("sector", (planet.id, sector.number))] = sector
    for location in pack.locations:
        table[("location", location.number)] = location
    for depart in pack.departs:
        table[("depart", (depart.number, depart.direction))] = depart
    for card in pack.vantage_cards:
        table[("vcard", card.number)] = card
    return table
