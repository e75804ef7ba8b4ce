"""What a pack defines, keyed as references name it: (kind, key) -> the entity."""
from __future__ import annotations

from collections.abc import Iterator

from vcompiler.model.types import Card, Effect, Pack, Statement
from vcompiler.registry import FORM_BY_OP, kind_named


def card_node(card: Card) -> tuple[str, object]:
    """A vanguard card as references and the story graph name it."""
    return (card.kind, kind_named(card.kind).key(card.id))


def defined_entities(pack: Pack) -> dict[tuple[str, object], object]:
    table: dict[tuple[str, object], object] = {}
    for log in pack.logs:
        table[("log", log.number)] = log
    for card in pack.cards:
        table[card_node(card)] = card
    for planet in pack.planets:
        table[("planet", planet.id)] = planet
        for sector in planet.sectors:
            table[("sector", sector.number)] = sector
            table[("sector", (planet.id, sector.number))] = sector
    for location in pack.locations:
        table[("location", location.number)] = location
    for depart in pack.departs:
        table[("depart", (depart.number, depart.direction))] = depart
    for vcard in pack.vantage_cards:
        table[("vcard", vcard.number)] = vcard
    return table


def all_statements(pack: Pack, logs: bool = True) -> Iterator[tuple[tuple[str, object], Statement]]:
    """Every statement of the pack's logs (unless not `logs`) and storybook results,
    with the graph node of the entity it belongs to."""
    for log in pack.logs if logs else ():
        for statement in log.statements:
            yield ("log", log.number), statement
    for location in pack.locations:
        for statement in location.choices:
            yield ("location", location.number), statement
        for action in location.actions:
            for statement in action.result:
                yield ("location", location.number), statement
    for depart in pack.departs:
        for statement in depart.action.result:
            yield ("depart", (depart.number, depart.direction)), statement
    for card in pack.vantage_cards:
        for action in card.actions:
            for statement in action.result:
                yield ("vcard", card.number), statement


def written(effect: Effect, pack: Pack | None = None) -> str:
    """An effect as the writer wrote it (`then green`, `threat attack 2`), for messages;
    with the `pack`, a goto names a labelled log by its label (`-> log @box`)."""
    if effect.op == "goto_log":
        number = effect.param("log")
        log = pack.log(number) if pack is not None and isinstance(number, int) else None
        return f"-> log {log.written if log is not None else number}"
    form = FORM_BY_OP.get(effect.op)
    if form is None:
        return effect.op.replace("_", " ")
    words = [form.verb]
    for slot in form.slots:
        if slot.literal is not None:
            words.append(slot.literal)
        elif slot.name is not None and effect.param(slot.name) is not None:
            value = effect.param(slot.name)
            words.append(kind_named(slot.kind).shown(value) if slot.refers and slot.kind else str(value))
    return " ".join(words)
