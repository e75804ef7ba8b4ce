"""model.Pack -> the bundle: a plain dict that any tool can read (see
schemas/bundle.schema.json). Key order does not matter here: the writer sorts keys."""
from __future__ import annotations

from typing import Any

from vcompiler import __version__, ast
from vcompiler.model import types as m
from vcompiler.source import Span

# A bundle is JSON: its objects are read by key, whatever each value's type.
Json = dict[str, Any]

BUNDLE_FORMAT = 1


def _source(span: Span, files_by_display: dict[str, str]) -> Json:
    return {"file": files_by_display.get(span.file, span.file), "line": span.line, "column": span.column}


def rich(text: ast.Text | None) -> list[Any] | None:
    if text is None:
        return None
    return [[_inline(node) for node in paragraph] for paragraph in text.paragraphs]


def _inline(node: ast.Inline) -> Json:
    if isinstance(node, ast.Run):
        return {"text": node.text}
    if isinstance(node, ast.Emphasis):
        return {("strong" if node.strong else "emphasis"): [_inline(c) for c in node.children]}
    if isinstance(node, ast.Icon):
        return {"icon": node.name}
    if node.kind == "log" and node.target.kind == "label":
        return {"log": f"@{node.target.value}"}
    return {node.kind: node.target.value}


class _Emitter:
    def __init__(self, pack: m.Pack) -> None:
        self.pack = pack
        self.files = {f.display: f.relative for f in pack.files}

    def source(self, span: Span) -> Json:
        return _source(span, self.files)

    def effect(self, effect: m.Effect) -> Json:
        item: dict[str, object] = {"op": effect.op}
        for key, value in effect.params:
            if key == "log" and effect.op == "goto_log" and value is None:
                continue
            item[key] = value
        return item

    def choice(self, choice: m.Choice) -> list[Any]:
        return [self.effect(e) for e in choice.options]

    def target(self, effect: m.Effect) -> Json:
        return {key: value for key, value in effect.params}

    def statement(self, s: m.Statement) -> Json:
        if isinstance(s, m.TextStatement):
            return {"kind": "text", "text": rich(s.text)}
        if isinstance(s, m.CheckStatement):
            return {"kind": "check"}
        if isinstance(s, m.ChoiceStatement):
            return {"kind": "choice", "label": rich(s.label), "goto": self.target(s.target)}
        if isinstance(s, m.IfStatement):
            return {"kind": "if", "condition": self.condition(s.condition), "goto": self.target(s.target)}
        if isinstance(s, m.ElseStatement):
            return {"kind": "else", "goto": self.target(s.target)}
        if isinstance(s, m.PaidStatement):
            return {"kind": "paid", "pay": [self.effect(e) for e in s.payments],
                    "effects": [self.choice(c) for c in s.effects]}
        return {"kind": "effect", "effect": self.choice(s.effect)}

    def condition(self, c: m.Condition) -> dict[str, object]:
        condition: dict[str, object] = {"test": c.kind, "subject": c.key}
        if c.more:
            condition["more"] = list(c.more)
        return condition

    def requirement(self, requirement: ast.Requirement | None) -> list[Any] | None:
        if requirement is None:
            return None
        alternatives = []
        for alternative in requirement.alternatives:
            terms = []
            for words in alternative:
                count = 1
                names = [w for w in words]
                if names and names[0].kind == "number":
                    count = int(names.pop(0).value)
                missing = bool(names) and names[0].value == "missing"
                if missing:
                    names.pop(0)
                term = {"count": count, "icon": " ".join(str(w.value) for w in names)}
                if missing:
                    term["missing"] = True
                terms.append(term)
            alternatives.append(terms)
        return alternatives

    def row(self, row: m.Row) -> Json:
        return {"kind": row.kind, "key": row.key, "number": row.number,
                "requirement": self.requirement(row.requirement), "text": rich(row.text),
                "effects": [self.choice(c) for c in row.effects], "source": self.source(row.span)}

    def log(self, log: m.Log) -> Json:
        return {"number": log.number, "label": log.label, "title": rich(log.title),
                "external": log.external, "starting": log.starting, "check": log.has_check,
                "statements": [self.statement(s) for s in log.statements],
                "source": self.source(log.span)}

    def planet(self, p: m.Planet) -> Json:
        return {
            "id": p.id, "name": p.name, "text": [rich(t) for t in p.text], "missions": list(p.missions),
            "rank_ups": list(p.rank_ups),
            "uniques": [{"number": n, "fallback": self.choice(c)} for n, c in p.uniques],
            "printed_conditions": [
                {"name": c.name, "travel": [self.choice(t) for t in c.travel], "supplies": c.supplies,
                 "text": [rich(t) for t in c.text], "rows": [self.row(r) for r in c.rows]}
                for c in p.printed_conditions],
            "condition_cards": list(p.condition_cards),
            "lift_off": [self.target(e) for e in p.lift_off],
            "evac": [self.target(e) for e in p.evac],
            "sectors": [
                {"number": s.number, "name": s.name, "poi": s.printed_poi, "slot": s.slot,
                 "lander": s.lander, "biomes": list(s.biomes),
                 "goto": self.target(s.goto) if s.goto else None,
                 "actions": [self.action(a) for a in s.actions], "source": self.source(s.span)}
                for s in p.sectors],
            "paths": [{"from": x.a, "to": x.b, "two_way": x.two_way,
                       "costs": [self.effect(c) for c in x.costs]} for x in p.paths],
            "landing": None if p.landing is None else {
                "number": p.landing.number, "text": [rich(t) for t in p.landing.text],
                "scans": [{"energy": energy, "text": rich(text)} for energy, text in p.landing.scans],
                "source": self.source(p.landing.span)},
            "system_map": None if p.system_map is None else {
                "number": p.system_map.number, "system": p.system_map.system, "cost": p.system_map.cost},
            "events": None if p.events is None else self.condition(p.events),
            "setup": None if p.setup is None else {
                "pois": list(p.setup.pois), "injuries": list(p.setup.injuries), "events": list(p.setup.events),
                "decks": list(p.setup.decks), "start": list(p.setup.start),
                "text": [rich(t) for t in p.setup.text], "source": self.source(p.setup.span)},
            "source": self.source(p.span),
            **self.art(p.art),
        }

    def art(self, art: m.Art | None) -> Json:
        """`{"art": …}` where the component has art lines; nothing where it has none."""
        if art is None:
            return {}
        image = art.image
        return {"art": {"image": None if image is None else {
            "path": image.path, "format": image.format, "width": image.width, "height": image.height,
            "sha256": image.digest}, "brief": art.brief, "source": self.source(art.span)}}

    def action(self, a: m.CheckAction) -> Json:
        return {"name": a.name, "danger": a.danger, "danger_letter": a.danger_letter,
                "rows": [self.row(r) for r in a.rows],
                "text": [rich(t) for t in a.text], "effects": [self.choice(c) for c in a.effects],
                "source": self.source(a.span)}

    def card(self, c: m.Card) -> Json:
        return {
            "kind": c.kind, "id": c.id, "name": c.name, "copies": c.copies, "external": c.external,
            "board": c.board,
            "biomes": list(c.biomes), "flags": list(c.flags), "text": [rich(t) for t in c.text],
            "travel": [self.choice(x) for x in c.travel],
            "secondary": [self.choice(x) for x in c.secondary],
            "main": [self.choice(x) for x in c.main],
            "actions": [self.action(a) for a in c.actions],
            "rows": [self.row(r) for r in c.rows], "standees": c.standees, "supplies": c.supplies,
            "completed": [rich(t) for t in c.completed],
            "source": self.source(c.span),
            **self.art(c.art),
        }

    def story_action(self, a: m.StoryAction) -> Json:
        return {"category": a.category, "name": rich(a.name), "cost": a.cost, "always": a.always,
                "skills": list(a.skills), "boost": a.boost, "excludes": list(a.excluded),
                "text": [rich(t) for t in a.text], "result": [self.statement(s) for s in a.result],
                "source": self.source(a.span)}

    def location(self, loc: m.Location) -> Json:
        return {
            "number": loc.number, "name": rich(loc.name), "text": [rich(t) for t in loc.text],
            "arrival": [self.choice(c) for c in loc.arrival],
            "exits": [{"direction": e.direction, "target": e.target, "mode": e.mode} for e in loc.exits],
            "actions": [self.story_action(a) for a in loc.actions],
            "choices": [self.statement(s) for s in loc.choices],
            "external": loc.external,
            "setup": {
                "steps": [rich(s.text) for s in loc.steps],
                "characters": [{"card": c.card, "label": rich(c.label)} for c in loc.characters],
                "levels": [{"name": v.name, "time": v.time, "morale": v.morale, "health": v.health,
                            "recommended": v.recommended} for v in loc.levels],
            },
            "source": self.source(loc.span),
            **self.art(loc.art),
        }

    def depart(self, d: m.Depart) -> Json:
        return {"number": d.number, "direction": d.direction, "action": self.story_action(d.action),
                "source": self.source(d.span)}

    def vantage_card(self, c: m.VantageCard) -> Json:
        return {"number": c.number, "kind": c.kind, "name": rich(c.name), "orientation": c.orientation,
                "boost": c.boost, "slots": c.slots, "text": [rich(t) for t in c.text],
                "actions": [self.story_action(a) for a in c.actions], "external": c.external,
                "slot_accepts": [{"faces": list(x.faces), "impact": x.impact} for x in c.slot_list],
                "powers": [{"boost": p.boost, "text": rich(p.text)} for p in c.powers],
                "when_placed": [self.choice(x) for x in c.placed],
                "ending": None if c.ending is None else {
                    "name": rich(c.ending.name), "statements": [self.statement(s) for s in c.ending.statements],
                    "source": self.source(c.ending.span)},
                "source": self.source(c.span), **self.art(c.art)}

    def bundle(self) -> Json:
        pack = self.pack
        made: Json = {
            "format": BUNDLE_FORMAT,
            "compiler": {"name": "vcompiler", "version": __version__},
            "pack": {
                "name": pack.name, "game": pack.game, "title": pack.title, "version": pack.version,
                "start": self.target(pack.start) if pack.start else None,
                "numbering": {"low": pack.numbering.low, "high": pack.numbering.high,
                              "seed": pack.numbering.seed},
                "files": sorted(f.relative for f in pack.files),
                "vocabulary": {"skills": list(pack.vocabulary.skills), "biomes": list(pack.vocabulary.biomes),
                               "decks": list(pack.vocabulary.decks)},
                "source": self.source(pack.span),
                **self.art(pack.art),
                # Only when the pack words one: the bundles of packs without stay as they were.
                **({"guides": {book: rich(text) for book, text in pack.guides}} if pack.guides else {}),
            },
            "labels": dict(pack.labels),
            "logs": [self.log(x) for x in pack.logs],
            "planets": [self.planet(x) for x in pack.planets],
            "cards": [self.card(x) for x in pack.cards],
            "locations": [self.location(x) for x in pack.locations],
            "departs": [self.depart(x) for x in pack.departs],
            "vantage_cards": [self.vantage_card(x) for x in pack.vantage_cards],
        }
        if pack.language:
            made["pack"] = {**made["pack"], "language": pack.language}
        return made


def to_bundle(pack: m.Pack) -> Json:
    return _Emitter(pack).bundle()
