"""Vantage rules on what an action costs and on cards in full: boost taken only from a
card that holds enough (E336), contradictory actions that name another action of the
location (E337), game-end entries on missions (E340, W411), slots where dice can go
(W412), skills with a cost to reduce (W413), completions that name a mission or a
destiny (E341), cards that say how they lie (W424); and Event cards with both their
effects (E244)."""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from vcompiler import codes
from vcompiler.checks import CheckContext, rule
from vcompiler.diagnostics import Diagnostic, Related, diagnostic
from vcompiler.model import types as m


@rule(codes.BOOST_COST)
def boost_from_a_card(context: CheckContext) -> Iterator[Diagnostic]:
    """E336: boost payment where no card holds boost, or more than it holds."""
    pack = context.pack
    for location in pack.locations:
        for action in location.actions:
            if action.boost is not None:
                yield diagnostic(codes.BOOST_COST, action.span,
                                 message=f"location {location.number}'s {action.category} action pays boost, "
                                         f"but only a card action takes boost from its card",
                                 hint="remove `boost` from the cost, or write a `pay boost N => ...` line "
                                      "in the result")
    for depart in pack.departs:
        if depart.action.boost is not None:
            yield diagnostic(codes.BOOST_COST, depart.action.span,
                             message=f"depart entry {depart.number} {depart.direction} pays boost, but only a "
                                     f"card action takes boost from its card",
                             hint="remove `boost` from the cost")
    for card in pack.vantage_cards:
        capacity = card.boost or 0
        spends = [(a.span, f"its {a.category} action", a.boost) for a in card.actions if a.boost is not None]
        spends += [(p.span, "a power", p.boost) for p in card.powers]
        for span, what, boost in spends:
            if boost is not None and boost > capacity:
                yield diagnostic(codes.BOOST_COST, span,
                                 message=f"{what} takes {boost} boost, but card {card.number} holds "
                                         f"{capacity}",
                                 hint=f"give the card `boost {boost}` or more, or take less",
                                 related=[Related(card.span, f"card {card.number}")])


@rule(codes.BAD_EXCLUSION)
def exclusions_name_actions(context: CheckContext) -> Iterator[Diagnostic]:
    """E337: `excludes` naming an action the location does not have."""
    for location in context.pack.locations:
        have = {a.category for a in location.actions}
        if len(have) < len(location.actions):
            # Two actions of one category (E305): which one an exclusion means is not
            # known until that is mended.
            continue
        for action in location.actions:
            for word in action.excludes:
                category = str(word.value)
                if category == action.category:
                    message = f"the {category} action of location {location.number} excludes itself"
                elif category not in have:
                    message = f"location {location.number} has no {category} action to exclude"
                else:
                    continue
                others = sorted(have - {action.category})
                yield diagnostic(codes.BAD_EXCLUSION, word.span, message=message,
                                 hint=("name one of its other actions: " + ", ".join(others)) if others
                                 else "the location has no other action: remove `excludes`")


@rule(codes.ENDING_ELSEWHERE)
def endings_on_missions(context: CheckContext) -> Iterator[Diagnostic]:
    """E340: `ending` on a card other than a mission."""
    for card in context.pack.vantage_cards:
        if card.ending is not None and card.kind != "mission":
            kind = ("an " if card.kind[0] in "aeiou" else "a ") + card.kind
            yield diagnostic(codes.ENDING_ELSEWHERE, card.ending.span, number=card.number, kind=kind,
                             hint="move the `ending` to the mission card")


@rule(codes.NO_ENDING)
def missions_have_endings(context: CheckContext) -> Iterator[Diagnostic]:
    """W411: mission without its game-end entry."""
    for card in context.pack.vantage_cards:
        if card.kind == "mission" and card.ending is None:
            yield diagnostic(codes.NO_ENDING, card.span, number=card.number,
                             hint='add `ending "TITLE" { text "..."; end game }`, read from the take storybook')


@rule(codes.SLOTS_ON_HORIZONTAL)
def slots_on_vertical_cards(context: CheckContext) -> Iterator[Diagnostic]:
    """W412: slots on a horizontal card."""
    for card in context.pack.vantage_cards:
        if card.orientation == "horizontal" and card.slots:
            yield diagnostic(codes.SLOTS_ON_HORIZONTAL, card.span, number=card.number,
                             hint="write `vertical`, or remove its slots")


@rule(codes.SKILL_ON_NO_COST)
def skills_have_a_cost(context: CheckContext) -> Iterator[Diagnostic]:
    """W413: skills named on a cost of 0."""
    pack = context.pack
    actions = [a for loc in pack.locations for a in loc.actions]
    actions += [d.action for d in pack.departs]
    actions += [a for card in pack.vantage_cards for a in card.actions]
    for action in actions:
        if action.cost == 0 and action.skills:
            yield diagnostic(codes.SKILL_ON_NO_COST, action.span, skills=" / ".join(action.skills),
                             hint="remove `skill ...` from the cost, or raise the cost")


def _effects(statements: Iterable[m.Statement]) -> Iterator[m.Effect]:
    for s in statements:
        if isinstance(s, m.EffectStatement):
            yield from s.effect.options
        elif isinstance(s, m.PaidStatement):
            yield from (e for choice in s.effects for e in choice.options)


def vantage_effects(pack: m.Pack) -> Iterator[m.Effect]:
    """Every effect of a vantage pack: arrivals, results, game-end entries and
    when-placed effects."""
    for location in pack.locations:
        yield from (e for choice in location.arrival for e in choice.options)
        for action in location.actions:
            yield from _effects(action.result)
    for depart in pack.departs:
        yield from _effects(depart.action.result)
    for card in pack.vantage_cards:
        yield from (e for choice in card.placed for e in choice.options)
        for action in card.actions:
            yield from _effects(action.result)
        if card.ending is not None:
            yield from _effects(card.ending.statements)


COMPLETED_KIND = {"complete_mission_card": "mission", "complete_destiny": "destiny"}


@rule(codes.COMPLETES_WRONG_KIND)
def completions_name_their_kind(context: CheckContext) -> Iterator[Diagnostic]:
    """E341: completing a card that is not a mission or destiny."""
    cards = {card.number: card for card in context.pack.vantage_cards}
    for effect in vantage_effects(context.pack):
        wanted = COMPLETED_KIND.get(effect.op)
        number = effect.param("card")
        card = cards.get(number) if wanted and isinstance(number, int) else None
        if card is not None and card.kind != wanted:
            kind = ("an " if card.kind[0] in "aeiou" else "a ") + card.kind
            yield diagnostic(codes.COMPLETES_WRONG_KIND, effect.span, form=f"complete {wanted}",
                             number=card.number, kind=kind,
                             hint=f"name a `card N {wanted}`; card {card.number} is declared as `{card.kind}`",
                             related=[Related(card.span, f"card {card.number} is declared here")])


@rule(codes.EVENT_WITHOUT_MAIN)
def events_have_both_effects(context: CheckContext) -> Iterator[Diagnostic]:
    """E244: an Event card without its main or secondary effect."""
    for card in context.pack.cards:
        if card.kind != "event":
            continue
        for part, choices in (("secondary", card.secondary), ("main", card.main)):
            if not choices:
                yield diagnostic(codes.EVENT_WITHOUT_MAIN, card.span, event=f"event “{card.name}”", part=part,
                                 hint=f"add `{part} EFFECTS` (RB 907-908), or `{part} nothing` when nothing happens")


# Cards placed in the center, never in a player's grid or supply (VR 88): how they lie
# is no rule of the game.
CENTER_KINDS = frozenset({"mission", "destiny"})


@rule(codes.NO_ORIENTATION)
def cards_have_an_orientation(context: CheckContext) -> Iterator[Diagnostic]:
    """W424: a Vantage card without `vertical` or `horizontal`."""
    for card in context.pack.vantage_cards:
        if card.orientation is None and card.kind not in CENTER_KINDS:
            yield diagnostic(codes.NO_ORIENTATION, card.span, number=card.number,
                             hint="write `vertical` (it takes dice in its slots) or `horizontal` in the card")
