"""Matching an effect against the registry's forms: effects are parsed generically (a
verb and its words); here a misspelt verb (E207), words that fit no form (E208) or a verb of
the other game (E209) is found, with the forms of the pack's game to suggest."""
from __future__ import annotations

import difflib

from vcompiler import ast
from vcompiler.registry import FORMS_BY_VERB, VERBS, Form, verbs_of_game
from vcompiler.registry.constructs import CONSTRUCTS, other_game_hint
from vcompiler.util.frozen import frozen


@frozen
class Match:
    form: Form
    params: tuple[tuple[str, object, ast.Value], ...]   # (name, value, the word it came from)


@frozen
class Mismatch:
    """Why no form fits: the word at fault (None: words are missing) and the forms
    that came closest."""
    unknown_verb: bool
    at: ast.Value | None
    message: str
    hint: str
    fixes: tuple[str, ...] = ()      # what the hint or message suggests instead of the word at fault


def _match_form(form: Form, args: tuple[ast.Value, ...]) -> tuple[Match | None, int]:
    """A match, or None and how many words fitted before the first that did not."""
    params = []
    i = 0
    for slot in form.slots:
        if i < len(args) and slot.accepts(args[i]):
            if slot.name is not None:
                params.append((slot.name, args[i].value, args[i]))
            i += 1
        elif slot.optional:
            continue
        else:
            return None, i
    if i < len(args):
        return None, i
    return Match(form, tuple(params)), i


def match_effect(effect: ast.VerbEffect, game: str = "") -> Match | Mismatch:
    """The form `effect` takes. Forms of `game` are tried first; a form of the other
    game is returned only when none of this game's fits (the caller reports E209)."""
    verb = str(effect.verb.value)
    forms = FORMS_BY_VERB.get(verb)
    if forms is not None and game:
        own = tuple(f for f in forms if f.game in (None, game))
        other = tuple(f for f in forms if f.game not in (None, game))
        fits_other = any(_match_form(f, effect.args)[0] for f in other)
        if own:
            result = _match_forms(verb, own, effect)
            if isinstance(result, Match) or not fits_other:
                return result
            forms = other
        elif not fits_other:
            # A verb only the other game has: its forms would be no help here.
            return Mismatch(True, effect.verb, "", f"`{verb}` is a verb of the {other[0].game} game; "
                                                   f"this pack's verbs are: {', '.join(verbs_of_game(game))}")
    construct = CONSTRUCTS.get(verb)
    if forms is None and construct is not None and game and construct.game != game:
        return Mismatch(True, effect.verb, "", other_game_hint(construct, game))
    if forms is None:
        # Only the pack's own game's verbs are suggested.
        verbs = verbs_of_game(game) if game else VERBS
        near = difflib.get_close_matches(verb, verbs, n=1, cutoff=0.6)
        suggested = [f.spelling() for f in FORMS_BY_VERB[near[0]] if not game or f.game in (None, game)] if near else []
        hint = (f"did you mean `{near[0]}`? ({'; '.join(suggested[:3])})"
                if near else f"effect verbs are: {', '.join(verbs)}")
        return Mismatch(True, effect.verb, "", hint, tuple(near))
    return _match_forms(verb, forms, effect)


def _match_forms(verb: str, forms: tuple[Form, ...], effect: ast.VerbEffect) -> Match | Mismatch:
    best, best_fit = [], -1
    for form in forms:
        match, fitted = _match_form(form, effect.args)
        if match is not None:
            return match
        if fitted > best_fit:
            best, best_fit = [form], fitted
        elif fitted == best_fit:
            best.append(form)
    expected = "; ".join(f"`{f.spelling()}`" for f in best)
    hint = f"expected {expected}" if len(best) == 1 else f"the forms that fit are: {expected}"
    said = " ".join([verb, *(str(a.value) for a in effect.args[:best_fit])])
    if best_fit < len(effect.args):
        at = effect.args[best_fit]
        slots = [f.slots[best_fit] for f in best if best_fit < len(f.slots)]
        wanted = list(dict.fromkeys(slot.wanted() for slot in slots))
        literals = [slot.literal for slot in slots if slot.literal is not None]
        near = difflib.get_close_matches(str(at.value), literals, n=1, cutoff=0.6) if at.kind == "word" else []
        if near:
            chosen = [f for f in best if best_fit < len(f.slots) and f.slots[best_fit].literal == near[0]]
            return Mismatch(False, at, f"`{said}` does not take {at.describe()}; did you mean `{near[0]}`?",
                            f"expected {'; '.join(f'`{f.spelling()}`' for f in chosen)}", (near[0],))
        if len(wanted) > 4:
            message = f"`{said}` does not take {at.describe()}; it takes one of {', '.join(wanted)}"
        elif wanted:
            message = f"`{said}` needs {' or '.join(wanted)}, not {at.describe()}"
        else:
            message = f"`{said}` takes nothing more, but {at.describe()} follows"
            if at.kind == "word" and str(at.value) in VERBS:
                # A second effect on the line: the writer left out what joins them.
                hint = (f"a payment buys the effects after `=>`: `{said} => {at.value} …`"
                        if all(f.payment for f in best) else f"join two effects with `;`: `{said}; {at.value} …`")
        return Mismatch(False, at, message, hint)
    wanted = list(dict.fromkeys(f.slots[best_fit].wanted() for f in best if best_fit < len(f.slots)))
    message = f"`{said}` needs {' or '.join(wanted)} after it"
    return Mismatch(False, None, message, hint)
