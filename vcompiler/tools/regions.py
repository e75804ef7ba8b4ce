"""Which part of the world each entry of the story graph belongs to: its planet
(vanguard: the first planet whose board leads to it; the rest, such as the opening
logs, is the "logbook"), or its region (vantage: locations by hundreds, "100s";
a depart entry with its location; other cards apart)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import networkx as nx

from vcompiler.model.types import Pack

if TYPE_CHECKING:
    from vcompiler.checks.graph import Node

LOGBOOK = "logbook"
CARDS = "cards"


def region_of_location(number: int) -> str:
    return f"{number // 100 * 100:03d}s"


def node_title(pack: Pack, node: Node) -> str:
    """A node as a reader names it: "Log 227 Echoes in the Hull", "Location 101 Tidal Flats"."""
    kind, key = node
    if kind == "log" and isinstance(key, int):
        log = pack.log(key)
        return f"Log {key}" + (f" {log.title.plain()}" if log is not None and log.title else "")
    if kind == "location":
        location = next((loc for loc in pack.locations if loc.number == key), None)
        return f"Location {key}" + (f" {location.name.plain()}" if location else "")
    if kind == "depart" and isinstance(key, tuple):
        return f"Depart {key[0]} {key[1]}"
    if kind == "vcard":
        vcard = next((c for c in pack.vantage_cards if c.number == key), None)
        return f"Card {key}" + (f" {vcard.name.plain()}" if vcard else "")
    if kind in ("planet", "pack"):
        planet = next((p for p in pack.planets if p.id == key), None)
        return planet.name if planet else pack.title
    if kind == "sector":
        return f"Sector {key}"
    if kind == "unique":
        return f"Unique {key}"
    card = next((c for c in pack.cards if c.kind == kind and c.id == key), None)
    shown = "POI" if kind == "poi" else kind.capitalize()
    return f"{shown} {key}" + (f" {card.name}" if card and card.name != key else "")


def regions(pack: Pack, graph: nx.DiGraph) -> dict[Node, str]:
    out: dict[Node, str] = {}
    if pack.game == "vantage":
        for node in graph.nodes:
            kind, key = node
            if kind == "location":
                out[node] = region_of_location(key)
            elif kind == "depart":
                out[node] = region_of_location(key[0])
            else:
                out[node] = CARDS
        return out
    for planet in pack.planets:
        node = ("planet", planet.id)
        for reached in [node, *nx.descendants(graph, node)]:
            out.setdefault(reached, planet.id)
    for node in graph.nodes:
        out.setdefault(node, LOGBOOK)
    return out
