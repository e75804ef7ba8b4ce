"""The browser reader: a pack as one self-contained HTML file (build/<pack>/reader.html).

Every entry is an article addressable by number (`#log-227`, `#location-101`,
`#depart-101-east`, `#card-1201`, `#planet-<id>`), its text and statements in the
game's voice (render.voice) with every reference a link; a vanguard pack also gets its
planet boards and every card (`#poi-P104`, `#threat-T11`), worded as the card sheets
print it (render.cards), so that `return` and "place Threat T11" lead somewhere. The script shows one
entry at a time (the browser's history is the reader's back and forward), searches by
number or title, and keeps check marks and the entry last read in localStorage. The
stylesheet, the script and the icons are inlined and a Content-Security-Policy forbids
loading anything else, so the file works offline, from disk, with no network."""
from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterable
from pathlib import Path

from vcompiler import ast
from vcompiler.model import types as m
from vcompiler.registry import CARD_SIZES
from vcompiler.render import voice
from vcompiler.render.books import STARTING_KEY
from vcompiler.render.cards import (
    Face,
    action_blocks,
    location_number,
    setup_blocks,
    vanguard_faces,
    vantage_faces,
)
from vcompiler.render.ir import (
    ActionHead,
    Block,
    BookBlock,
    Boxes,
    Choices,
    Icon,
    Paragraph,
    Ref,
    Row,
    Rule,
    Sentence,
    Steps,
    Track,
    Words,
)

HERE = Path(__file__).resolve().parent
ICONS = HERE.parent / "templates" / "icons"
FILE_NAME = "reader.html"
# Words of the game's voice that name an entry: "Log 505", "card 1705", "Threat T11",
# "Global Condition G01", "Unique Discovery 1", a bare card id ("with P102").
_NAMED = re.compile(r"\b(?:(?:Log|Location|card|Threat|Mission|Global Condition|Unique Discovery) \w+"
                    r"|[PMGT]\d+)\b")
CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def face_anchor(face: Face) -> str:
    """A vanguard card's address: "poi-P104", "threat-T11", "injury-Frostbite"."""
    return re.sub(r"[^A-Za-z0-9_]+", "-", face.key).strip("-")


class _Writer:
    def __init__(self, pack: m.Pack):
        self.pack = pack
        self.icons: set[str] = set()
        self.anchors: set[str] = set()
        self.anchors.update(voice.log_anchor(log.number) for log in pack.logs)
        self.anchors.update(f"location-{loc.number}" for loc in pack.locations)
        self.anchors.update(f"card-{c.number}" for c in pack.vantage_cards)
        self.anchors.update(f"planet-{p.id}" for p in pack.planets)
        # Every vanguard card as the card sheets print it, by its id (a unique's number).
        self.faces = vanguard_faces(pack, CARD_SIZES) if pack.game == "vanguard" else []
        self.vantage_faces = ({int(f.number): f for f in vantage_faces(pack, CARD_SIZES)}
                              if pack.game == "vantage" else {})
        self.card_anchors = {key: face_anchor(face) for face in self.faces
                             for key in [face.key.partition(" ")[2]]}
        self.anchors.update(self.card_anchors.values())

    # ------------------------------------------------------------ inline tokens

    def inline(self, tokens: Sentence) -> str:
        out = []
        for token in tokens:
            if isinstance(token, Words):
                out.append(self._linked(token.text))
            elif isinstance(token, Icon) and token.mark is not None and \
                    (ICONS / "faces" / f"{token.name}.svg").is_file():
                # A mark inside its icon (a Danger die's letter, RB 1455), as the pages print it.
                self.icons.add(f"faces/{token.name}")
                out.append(f'<span class="icon marked i-faces-{_e(token.name)}" role="img" '
                           f'aria-label="{_e(token.name)} {_e(token.mark)}" title="{_e(token.name)} {_e(token.mark)}">'
                           f"{_e(token.mark)}</span>")
            elif isinstance(token, Icon):
                if (ICONS / f"{token.name}.svg").is_file():
                    self.icons.add(token.name)
                    out.append(f'<span class="icon i-{_e(token.name)}" role="img" aria-label="{_e(token.name)}" '
                               f'title="{_e(token.name)}"></span>')
                else:
                    out.append(f"[{_e(token.name)}]")
            elif isinstance(token, Ref):
                anchor = token.anchor or self._anchor_of(token.text)
                out.append(f'<a href="#{_e(anchor)}">{_e(token.text)}</a>' if anchor in self.anchors
                           else _e(token.text))
            else:
                tag = "strong" if token.strong else "em"
                out.append(f"<{tag}>{self.inline(token.tokens)}</{tag}>")
        return "".join(out)

    def _linked(self, text: str) -> str:
        """Words that name an entry ("gain card 1705", "with P102") as links to it."""
        out, last = [], 0
        for match in _NAMED.finditer(text):
            anchor = self._anchor_of(match.group(0))
            if anchor in self.anchors:
                out += [_e(text[last:match.start()]), f'<a href="#{_e(anchor)}">{_e(match.group(0))}</a>']
                last = match.end()
        return "".join(out) + _e(text[last:])

    def _anchor_of(self, text: str) -> str:
        word, _, key = text.rpartition(" ")
        if word == "Location":
            return f"location-{key}"
        if word == "Log":
            return f"log-{key}"
        if word == "card" and f"card-{key}" in self.anchors:
            return f"card-{key}"
        return self.card_anchors.get(key, "")

    def blocks(self, blocks: list[BookBlock]) -> str:
        out = []
        for block in blocks:
            if isinstance(block, Paragraph):
                out.append(f"<p>{self.inline(block.tokens)}</p>")
            elif isinstance(block, Choices):
                items = "".join(f"<li>{self.inline(item)}</li>" for item in block.items)
                out.append(f'<ul class="choices">{items}</ul>')
        return "\n".join(out)

    def card_blocks(self, blocks: tuple[Block, ...] | list[Block]) -> str:
        """A card's blocks (render.cards) as the card sheets word them."""
        out = []
        for block in blocks:
            match block:
                case Paragraph(tokens):
                    out.append(f"<p>{self.inline(tokens)}</p>")
                case ActionHead(tokens, danger) as head:
                    # RB 890: the Danger dice stand to the left of the action's name.
                    dice = self.inline(head.dice) + " " if danger else ""
                    out.append(f"<h3>{dice}{self.inline(tokens)}</h3>")
                case Row(_, lead_tokens, said):
                    lead = self.inline(lead_tokens)
                    out.append(f'<p class="row">{f"<strong>{lead}:</strong> " if lead else ""}{self.inline(said)}</p>')
                case Track(style, spaces, said):
                    boxes = f' <span class="boxes">{"☐" * spaces}</span>' if spaces else ""
                    out.append(f'<p class="row"><strong>{self.inline([Icon(style)])} track{boxes}:</strong> '
                               f"{self.inline(said)}</p>")
                case Rule(word):
                    out.append(f"<h4>{_e(word)}</h4>")
                case Choices():
                    out.append(self.blocks([block]))
                case Steps(items):
                    out.append(f'<ol class="steps">{"".join(f"<li>{self.inline(item)}</li>" for item in items)}</ol>')
                case Boxes(word, count):
                    out.append(f'<p class="row"><strong>{_e(word)}:</strong> {"☐" * count}</p>')
        return "\n".join(out)

    def paragraphs(self, texts: Iterable[ast.Text]) -> str:
        return "\n".join(f"<p>{self.inline(p)}</p>" for t in texts for p in voice.rich(t))

    # ------------------------------------------------------------ entries

    def article(self, anchor: str, key: str, name: str, heading: str, content: str) -> str:
        """`name` is "Log 227 Echoes in the Hull": a search by title looks past the
        "Log 227"."""
        return (f'<article class="entry" id="{_e(anchor)}" data-key="{_e(key)}" data-name="{_e(name)}">\n'
                f"<h2>{heading}</h2>\n{content}\n</article>")

    def box(self, check: str, name: str, label: str = "") -> str:
        return (f'<label class="box"><input type="checkbox" data-check="{_e(check)}" data-name="{_e(name)}"> '
                f"{_e(label)}</label>")

    def log(self, log: m.Log) -> str:
        title = voice.rich_line(log.title)
        key = STARTING_KEY if log.starting else str(log.number)
        name = (key if log.starting else f"Log {key}") + (f" {voice.plain(title)}" if title else "")
        heading = f'<span class="num">{key}</span> {self.inline(title)}'
        if log.has_check:
            heading += self.box(voice.log_anchor(log.number), f"Log {log.number}", "checked")
        content = self.blocks(voice.blocks(log.statements))
        if self.pack.planets and any(isinstance(s, m.EffectStatement)
                                     and any(e.op == "return" for e in s.effect.options) for s in log.statements):
            planet = self.pack.planets[0]
            content += (f'\n<nav class="way"><a href="#planet-{_e(planet.id)}">Back to the board of '
                        f"{_e(planet.name)}</a></nav>")
        return self.article(voice.log_anchor(log.number), str(log.number), name, heading, content)

    def action(self, anchor: str, what: str, action: m.StoryAction, check: str | None) -> str:
        title = self.inline(voice.rich_line(action.name))
        box = self.box(check, f"{what}: {voice.plain(voice.rich_line(action.name))}", "taken") if check else ""
        dice = f'Cost {action.cost} {self.inline([Icon("challenge")])}' if action.cost else "No cost: roll no dice"
        cost = (f'<p class="cost">{dice}'
                + (' <span class="always">· Always available</span>' if action.always else "") + "</p>"
                + "".join(f'\n<p class="cost">{self.inline(note)}</p>' for note in voice.cost_notes(action)))
        result = self.blocks(voice.blocks(action.result))
        return (f'<section class="action" id="{_e(anchor)}">\n<h3>{_e(what)}: {title} {box}</h3>\n{cost}\n'
                f"{self.paragraphs(action.text)}\n"
                f'<details class="result"><summary>Read the result</summary>\n{result}\n</details>\n</section>')

    def location(self, location: m.Location) -> str:
        name = f"Location {location_number(location.number)} {location.name.plain()}"
        parts = [self.paragraphs(location.text)]
        if location.arrival:
            parts.append(f"<p><strong>On arrival:</strong> {self.inline(voice.effects_sentence(location.arrival))}</p>")
        parts.append(self.card_blocks(setup_blocks(location)))
        parts.append(self.blocks(voice.blocks(location.choices)))
        exits = []
        for exit in location.exits:
            if exit.target is not None:
                how = (exit.mode or "go").capitalize()
                exits.append(f"<li>{exit.direction.capitalize()}: {how} to "
                             f'<a href="#location-{exit.target}">Location {exit.target}</a> (cost 1)</li>')
            else:
                exits.append(f"<li>{exit.direction.capitalize()}: ★ "
                             f'<a href="#depart-{location.number}-{exit.direction}">the Depart storybook</a></li>')
        if exits:
            parts.append(f'<h3>Depart</h3><ul class="choices">{"".join(exits)}</ul>')
        for i, action in enumerate(location.actions):
            check = None if action.always else f"location-{location.number}-action-{i}"
            parts.append(self.action(f"location-{location.number}-{action.category}-{i}",
                                     action.category.capitalize(), action, check))
        number = location_number(location.number)
        heading = f'<span class="num">{number}</span> {self.inline(voice.rich_line(location.name))}'
        return self.article(f"location-{location.number}", number, name, heading, "\n".join(parts))

    def depart(self, depart: m.Depart) -> str:
        anchor = f"depart-{depart.number}-{depart.direction}"
        name = f"Depart {depart.number} {depart.direction}"
        back = f'<nav class="way">From <a href="#location-{depart.number}">Location {depart.number}</a></nav>'
        return self.article(anchor, f"{depart.number} {depart.direction}", name,
                            f'<span class="num">{depart.number}</span> Depart {_e(depart.direction)}',
                            self.action(anchor + "-action", "Depart", depart.action, None) + back)

    def vcard(self, card: m.VantageCard) -> str:
        parts = [f'<p class="cost">{_e(card.kind.capitalize())} card</p>', self.paragraphs(card.text)]
        if card.placed:
            parts.append(f"<p><strong>When placed:</strong> {self.inline(voice.effects_sentence(card.placed))}</p>")
        # its slots and boost boxes, as the card prints them (VR 44-47)
        face = self.vantage_faces.get(card.number)
        if face is not None:
            parts.append(self.card_blocks([b for b in face.blocks if isinstance(b, (Boxes, Choices))]))
        parts += [f"<p><strong>{power.boost} boost:</strong> {self.inline(voice.power_line(power.text))}</p>"
                  for power in card.powers]
        parts += [self.action(f"card-{card.number}-{a.category}-{i}", a.category.capitalize(), a, None)
                  for i, a in enumerate(card.actions)]
        if card.ending is not None:
            parts.append(f'<section class="action" id="card-{card.number}-ending">\n<h3>Game end: '
                         f"{self.inline(voice.rich_line(card.ending.name))}</h3>\n"
                         f"<p>Read this when any player's time, morale or health is reduced to 0.</p>\n"
                         f"{self.blocks(voice.blocks(card.ending.statements))}\n</section>")
        heading = f'<span class="num">{card.number}</span> {self.inline(voice.rich_line(card.name))}'
        return self.article(f"card-{card.number}", str(card.number), f"Card {card.number} {card.name.plain()}",
                            heading, "\n".join(parts))

    def planet(self, planet: m.Planet) -> str:
        items = []
        for sector in planet.sectors:
            what = []
            if sector.printed_poi:
                card = next((c for c in self.pack.cards if c.id == sector.printed_poi), None)
                shown = (card.name if card.board else f"{card.id} {card.name}") if card else sector.printed_poi
                anchor = self.card_anchors.get(sector.printed_poi, "")
                what.append(f'<a href="#{_e(anchor)}">{_e(shown)}</a>' if anchor else _e(shown))
            if sector.slot:
                what.append("a POI slot")
            if sector.goto is not None:
                what.append(self.inline(voice.target(sector.goto)))
            if sector.lander:
                what.append("the lander")
            name = f" {_e(sector.name)}" if sector.name else ""
            items.append(f"<li>Sector {sector.number}{name}: {', '.join(what) or 'empty'}</li>")
        paths = [f"<li>{p.a} {'↔' if p.two_way else '→'} {p.b}"
                 + (f": {self.inline(voice.effects_sentence(tuple(m.Choice((c,), c.span) for c in p.costs)))}"
                    if p.costs else "") + "</li>" for p in planet.paths]
        ways = [f"<p><strong>{what}:</strong> "
                f"{self.inline(voice.effects_sentence(tuple(m.Choice((e,), e.span) for e in effects)))}</p>"
                for what, effects in (("Lift-off", planet.lift_off), ("Evacuation", planet.evac)) if effects]
        # A sector's Special Actions, each headed with where it is done: "Sector 1: Climb the Spire".
        actions = [self.card_blocks([ActionHead([Words(f"Sector {s.number}: "), *b.tokens], b.danger, b.letter, b.check)
                                     if isinstance(b, ActionHead) else b
                                     for b in action_blocks(s.actions)]) for s in planet.sectors if s.actions]
        rule = f"<p>{self.inline(voice.events_rule(planet.events))}</p>" if planet.events is not None else ""
        content = (self.paragraphs(planet.text) + rule + self.spaces(planet)
                   + f'<ul class="choices">{"".join(items)}</ul><h3>Paths</h3><ul class="choices">{"".join(paths)}</ul>'
                   + "".join(ways) + "".join(actions))
        return self.article(f"planet-{planet.id}", planet.id, f"Planet {planet.name}", _e(planet.name), content)

    def spaces(self, planet: m.Planet) -> str:
        """The board's column of spaces (RB 1045-1051): its missions, its Global Condition,
        its Unique Discovery and Rank-Up cards, each a link to the card."""
        def linked(kind: str, key: object) -> str:
            face = next((f for f in self.faces if f.key == f"{kind} {key}"), None)
            if face is None:
                return _e(key)
            shown = " ".join(x for x in (face.number, voice.plain(face.title)) if x)
            return f'<a href="#{face_anchor(face)}">{_e(shown)}</a>'
        rows = [f"<li>Mission: {linked('mission', mission)}</li>" for mission in planet.missions]
        rows += [f"<li>Global Condition: {_e(printed.name)} (printed): "
                 f"{self.inline([Icon('travel'), Words(' '), *voice.effects_sentence(printed.travel)])}</li>"
                 for printed in planet.printed_conditions]
        rows += [f"<li>Global Condition: {linked('condition', c)}</li>" for c in planet.condition_cards]
        rows += [f"<li>Unique Discovery: {linked('unique', number)}; when it is gone: "
                 f"{self.inline(voice.sentence(otherwise))}</li>" for number, otherwise in planet.uniques]
        rows += [f"<li>Rank-Up: {linked('rank_up', name)}</li>" for name in planet.rank_ups]
        return f'<ul class="choices">{"".join(rows)}</ul>' if rows else ""

    def card(self, face: Face) -> str:
        """A vanguard card as its sheet prints it: kind, number, title, biomes and status
        words, then its rules, rows, tracks and actions."""
        title = self.inline(face.title)
        marks = " ".join([self.inline([Icon(icon) for icon in face.icons]), *map(_e, face.badges)])
        content = (f'<p class="cost">{_e(face.label)}{" · " + marks if marks.strip() else ""}</p>\n'
                   + self.card_blocks((*face.blocks, *face.foot)))
        number = f'<span class="num">{_e(face.number)}</span> ' if face.number else ""
        name = " ".join(x for x in (face.label, face.number, voice.plain(face.title)) if x)
        return self.article(face_anchor(face), face.number or voice.plain(face.title), name,
                            number + title, content)

    # ------------------------------------------------------------ the page

    def page(self) -> str:
        pack = self.pack
        articles = [self.log(log) for log in pack.logs]
        articles += [self.planet(p) for p in pack.planets]
        articles += [self.card(face) for face in self.faces]
        articles += [self.location(loc) for loc in pack.locations]
        articles += [self.depart(d) for d in pack.departs]
        articles += [self.vcard(c) for c in pack.vantage_cards]
        icons = "".join(f".i-{name.replace('/', '-')}{{background-image:url(data:image/svg+xml;base64,"
                        f"{base64.b64encode((ICONS / f'{name}.svg').read_bytes()).decode()})}}\n"
                        for name in sorted(self.icons))
        css = (HERE / "reader.css").read_text(encoding="utf-8")
        script = (HERE / "reader.js").read_text(encoding="utf-8").replace("</", "<\\/")
        return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="generator" content="vcompiler">
<title>{_e(pack.title)}</title>
<style>
{css}{icons}</style>
</head>
<body data-pack="{_e(pack.name)}" data-version="{_e(pack.version)}" data-title="{_e(pack.title)}" data-start="{_e(self.start())}">
<header>
<h1>{_e(pack.title)} <span class="version">{_e(pack.version)}</span></h1>
<form id="search" role="search" autocomplete="off"><input id="q" type="search" placeholder="Find a number or a title" aria-label="Find an entry by number or title"><ul id="results"></ul></form>
<div id="state">Checked: <span id="checked">none</span><button id="reset" type="button">Forget</button></div>
</header>
<main>
{chr(10).join(articles)}
</main>
<script>
{script}</script>
</body>
</html>
"""  # noqa: E501

    def start(self) -> str:
        start = self.pack.start
        number = start.param("log") if start is not None and start.op == "goto_log" else None
        if isinstance(number, int):
            return voice.log_anchor(number)
        if start is not None and start.op == "goto_location":
            return f"location-{start.param('location')}"
        first = self.pack.logs[0].number if self.pack.logs else None
        return voice.log_anchor(first) if first is not None else ""


def reader_html(pack: m.Pack) -> bytes:
    return _Writer(pack).page().encode("utf-8")

