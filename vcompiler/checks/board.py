"""The planet board: landers, paths, sectors and biomes, the standees put on it
(E215, E216, E311-E313, E320, E511, E513, W407, W408, W512)."""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterator

from vcompiler import codes
from vcompiler.checks import CheckContext, rule
from vcompiler.checks.tables import written
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.model import types as m
from vcompiler.model.places import MOST_CELLS, pinned
from vcompiler.model.types import Pack, Planet
from vcompiler.registry import TRAVEL_COSTS
from vcompiler.source import Span
from vcompiler.vocabulary import BIOMES


@rule(codes.NO_LANDER)
def planets_have_a_lander(context: CheckContext) -> Iterator[Diagnostic]:
    """W407: planet without a lander sector."""
    near = context.near_errors
    misspelt = {(file, line) for file, line, word in near.words
                if difflib.get_close_matches(word, ("lander",), cutoff=0.6)} if near is not None else set()
    for planet in context.pack.planets:
        if (planet.span.file, planet.span.line) in misspelt:
            continue
        if planet.sectors and not any(s.lander for s in planet.sectors):
            yield diagnostic(codes.NO_LANDER, planet.span, planet=planet.id,
                             hint=f"add `lander` to a sector, e.g. `sector {planet.sectors[0].number} {{ lander }}`")


def _led_from(planet: Planet) -> dict[int, set[int]]:
    """Each sector -> the sectors a path leads into it from."""
    sources: dict[int, set[int]] = {s.number: set() for s in planet.sectors}
    for path in planet.paths:
        sources.setdefault(path.b, set()).add(path.a)
        if path.two_way:
            sources.setdefault(path.a, set()).add(path.b)
    return sources


@rule(codes.UNREACHED_SECTOR)
def sectors_are_reached(context: CheckContext) -> Iterator[Diagnostic]:
    """W408: sector that no path, or no way from a lander sector, leads into, or that no way leads back from."""
    pack = context.pack
    moved_to = {ref.key for ref in pack.references if ref.kind == "sector" and ref.via == "move_crew"}
    for planet in pack.planets:
        if len(planet.sectors) < 2:
            continue
        numbers = {s.number for s in planet.sectors}
        if any(p.a == p.b or not {p.a, p.b} <= numbers for p in planet.paths):
            continue       # a path in error (E311, E203) may be the way in or back it seems to lack
        led_from = _led_from(planet)
        leads_to: dict[int, set[int]] = {}
        for target, sources in led_from.items():
            for source in sources:
                leads_to.setdefault(source, set()).add(target)
        landed = any(s.lander for s in planet.sectors)
        reached = _closure({s.number for s in planet.sectors if s.lander or s.number in moved_to} if landed
                           else set(), leads_to)
        for sector in planet.sectors:
            led_into = any(source != sector.number for source in led_from[sector.number])
            if sector.number in reached or (led_into and not landed):
                continue       # without a lander (W407) only a sector no path leads into is known unreached
            if not led_into:
                near = next((s.number for s in planet.sectors if s.number != sector.number), None)
                yield diagnostic(codes.UNREACHED_SECTOR, sector.span,
                                 message=f"no path leads into sector {sector.number} of planet {planet.id}",
                                 hint=f"add a path that leads into it, e.g. `path {near} <-> {sector.number} [travel]`")
                continue
            number = sector.goto.param("log") if sector.goto is not None else None
            log = pack.log(number) if isinstance(number, int) else None
            holds = (f"POI {sector.printed_poi}" if sector.printed_poi
                     else f"log {log.shown if log is not None else number}" if number is not None else None)
            way_back = next((p for p in planet.paths if p.a == sector.number and p.b in reached), None)
            mend = (f"make `path {way_back.a} -> {way_back.b}` two-way (`<->`)" if way_back is not None
                    else f"add a path from a sector the crew reaches, e.g. "
                         f"`path {min(reached)} <-> {sector.number} [travel]`")
            yield diagnostic(codes.UNREACHED_SECTOR, sector.span,
                             message=f"no way from a lander sector leads into sector {sector.number} of planet "
                                     f"{planet.id}",
                             hint=(f"the crew never sees its {holds}; " if holds else "") + mend)
        yield from _no_way_back(planet, reached, led_from)


def _closure(start: set[int], edges: dict[int, set[int]]) -> set[int]:
    """The sectors `start` leads to along `edges`, `start` included."""
    found = set(start)
    frontier = list(start)
    while frontier:
        for step in edges.get(frontier.pop(), ()):
            if step not in found:
                found.add(step)
                frontier.append(step)
    return found


def _no_way_back(planet: Planet, reached: set[int], led_from: dict[int, set[int]]) -> Iterator[Diagnostic]:
    """Sectors the crew can enter and never leave for a lander sector: whoever goes
    there is left behind at Lift-Off (RB 1548)."""
    home = {s.number for s in planet.sectors if s.lander}
    back = _closure(home, led_from)
    for sector in planet.sectors:
        if sector.number not in reached or sector.number in back:
            continue
        way_in = next((p for p in planet.paths if not p.two_way and p.b == sector.number and p.a in back), None)
        mend = (f"make `path {way_in.a} -> {way_in.b}` two-way (`<->`)" if way_in is not None
                else f"add a path out of it, e.g. `path {sector.number} -> {min(home)} [travel]`")
        yield diagnostic(codes.UNREACHED_SECTOR, sector.span,
                         message=f"no way leads back from sector {sector.number} of planet {planet.id} "
                                 "to a lander sector",
                         hint=f"a crewmember who goes there is left behind at Lift-Off; {mend}")


@rule(codes.PATH_TO_ITSELF)
def paths_join_two_sectors(context: CheckContext) -> Iterator[Diagnostic]:
    """E311: path from a sector to itself."""
    for planet in context.pack.planets:
        for path in planet.paths:
            if path.a == path.b:
                yield diagnostic(codes.PATH_TO_ITSELF, path.span, a=path.a, b=path.b,
                                 arrow="<->" if path.two_way else "->",
                                 hint="a path's two ends are two different sectors")


@rule(codes.PATH_TWICE)
def paths_go_one_way_once(context: CheckContext) -> Iterator[Diagnostic]:
    """E513: two paths the same way between two sectors."""
    for planet in context.pack.planets:
        taken: dict[tuple[int, int], m.Path] = {}
        for path in planet.paths:
            if path.a == path.b:
                continue                 # E311
            ways = [(path.a, path.b), (path.b, path.a)] if path.two_way else [(path.a, path.b)]
            first = next(((way, taken[way]) for way in ways if way in taken), None)
            if first is not None:
                (x, y), other = first
                other_arrow = "<->" if other.two_way else "->"
                yield diagnostic(codes.PATH_TWICE, path.span, a=path.a, b=path.b, x=x, y=y,
                                 arrow="<->" if path.two_way else "->",
                                 first=f"{other.a} {other_arrow} {other.b}",
                                 related=[Related(other.span, f"path {other.a} {other_arrow} {other.b}")],
                                 hint=f"keep one path from sector {x} to sector {y}: give it the cost to pay, "
                                      f"and make the other a one-way path the other way, or remove it")
            for way in ways:
                taken.setdefault(way, path)


@rule(codes.PATH_EFFECT)
def paths_print_travel_costs(context: CheckContext) -> Iterator[Diagnostic]:
    """E312: effect on a path other than its travel cost."""
    for planet in context.pack.planets:
        for path in planet.paths:
            for effect in path.costs:
                if effect.op not in TRAVEL_COSTS:
                    yield diagnostic(codes.PATH_EFFECT, effect.span, form=written(effect),
                                     hint="a path takes `travel`, `spend die`, `sacrifice die`, `roll danger "
                                          "LETTER`, `lose supplies N` or `progress time`")


@rule(codes.UNDEFINED_TRAVEL)
def travel_icons_have_a_condition(context: CheckContext) -> Iterator[Diagnostic]:
    """W512: Travel icons on a planet with no Global Condition."""
    for planet in context.pack.planets:
        if planet.printed_conditions or planet.condition_cards:
            continue
        travel = next((e for path in planet.paths for e in path.costs if e.op == "travel"), None)
        if travel is not None:
            yield diagnostic(codes.UNDEFINED_TRAVEL, travel.span, planet=planet.id,
                             hint=f"add a Global Condition to planet {planet.id}, e.g. `condition printed "
                                  f"\"Calm Skies\" {{ travel spend die }}`, or write the path's cost itself")


def word_span(pack: Pack, within: Span, keyword: str, word: str, clause: bool = False) -> Span:
    """Where `word` stands after `keyword` in the text of a declaration, for entities
    the model keeps as plain names (with `clause`, from the keyword to the word); the
    declaration's header when it cannot be found."""
    source = next((f for f in pack.files if f.display == within.file), None)
    if source is None:
        return within
    pattern = re.compile(rf"\b{re.escape(keyword)}\b[^\n]*?\b({re.escape(word)})\b")
    for number in range(within.line, len(source.lines) + 1):
        line = source.line_text(number)
        match = pattern.search(line)
        if match:
            return Span(within.file, number, (match.start() if clause else match.start(1)) + 1,
                        number, match.end(1) + 1)
        if number > within.line and line.strip() == "}" and not line.startswith(" "):
            break
    return within


@rule(codes.UNKNOWN_BIOME)
def biomes_are_known(context: CheckContext) -> Iterator[Diagnostic]:
    """E215: unknown biome name."""
    pack = context.pack
    holders = [(card.span, card.biomes) for card in pack.cards]
    holders += [(sector.span, sector.biomes) for planet in pack.planets for sector in planet.sectors]
    known = (*BIOMES, *pack.vocabulary.biomes)
    for span, biomes in holders:
        for name in biomes:
            if name in known:
                continue
            near = difflib.get_close_matches(name, known, n=1)
            yield diagnostic(codes.UNKNOWN_BIOME, word_span(pack, span, "biomes", name), name=name,
                             hint=(f"did you mean `{near[0]}`? " if near else "")
                             + f"biomes are {', '.join(known)}; a pack declares its own in its `pack`: "
                               f"`biomes {name}`", fixes=near)


@rule(codes.AMBIGUOUS_SECTOR)
def sector_numbers_name_one_sector(context: CheckContext) -> Iterator[Diagnostic]:
    """E216: `sector N` in an effect names a sector of two planets."""
    pack = context.pack
    owners: dict[int, list[Planet]] = {}
    for planet in pack.planets:
        for sector in planet.sectors:
            owners.setdefault(sector.number, []).append(planet)
    if all(len(planets) < 2 for planets in owners.values()):
        return
    for ref in pack.references:
        if ref.kind != "sector" or not isinstance(ref.key, int):
            continue
        planets = owners.get(ref.key, [])
        if len(planets) > 1:
            yield diagnostic(codes.AMBIGUOUS_SECTOR, ref.span, number=ref.key,
                             planets=" and of ".join(f"planet {p.id}" for p in planets),
                             hint="say which planet's: " + " or ".join(
                                 f"`sector {ref.key} of {p.id}`" for p in planets)
                             + "; or number the sectors of the planets apart",
                             related=[Related(p.span, f"planet {p.id}") for p in planets])


@rule(codes.DANGER_ZERO)
def danger_dice_rolled(context: CheckContext) -> Iterator[Diagnostic]:
    """E313: `danger 0` on an action."""
    for card in context.pack.cards:
        for action in card.actions:
            if action.danger is not None and action.danger < 1:
                yield diagnostic(codes.DANGER_ZERO, action.span, name=action.name,
                                 hint="remove `danger 0`")


@rule(codes.SECTOR_EFFECT)
def sectors_print_a_log(context: CheckContext) -> Iterator[Diagnostic]:
    """E316: an effect in a sector other than the log read on entering."""
    for planet in context.pack.planets:
        for sector in planet.sectors:
            effect = sector.goto
            if effect is not None and effect.op != "goto_log":
                yield diagnostic(codes.SECTOR_EFFECT, effect.span, number=sector.number, effect=written(effect),
                                 hint="write `-> log N` here and put the effect in log N")


@rule(codes.NO_SECONDARY_STANDEE)
def secondary_standees_exist(context: CheckContext) -> Iterator[Diagnostic]:
    """E320: `place standee` of a threat with one standee."""
    threats = {c.id: c for c in context.pack.cards if c.kind == "threat"}
    for ref in context.pack.references:
        threat = threats.get(str(ref.key)) if ref.via == "place_standee" else None
        if threat is not None and (threat.standees or 1) < 2:
            yield diagnostic(codes.NO_SECONDARY_STANDEE, ref.span, card=threat.id,
                             hint=f"add `standees 2` (or more) to threat {threat.id}, "
                                  f"or write `place threat {threat.id} in sector N`",
                             related=[Related(threat.span, f"threat {threat.id}")])


@rule(codes.BAD_PLACE)
def pinned_places_can_be_printed(context: CheckContext) -> Iterator[Diagnostic]:
    """E511: sector pinned to a place the board cannot print."""
    for planet in context.pack.planets:
        for span, message in pinned(planet)[1]:
            yield diagnostic(codes.BAD_PLACE, span, message=message,
                             hint=f"give each pinned sector a place of its own, at most {MOST_CELLS}, {MOST_CELLS}")
