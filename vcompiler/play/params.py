"""An effect's words as play reads them, each by the type its form's slot gives it
(registry/forms.py): a number, a word or string, or the key of an entity (a card's id,
a numbered card's number)."""
from __future__ import annotations

from vcompiler.model import types as m


def number(effect: m.Effect, name: str) -> int | None:
    """A number word (`amount`, `sector`); None where the form leaves it out."""
    value = effect.param(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def count(effect: m.Effect, name: str = "amount", default: int = 1) -> int:
    """An amount, `default` where the form leaves it out."""
    value = number(effect, name)
    return default if value is None else value


def word(effect: m.Effect, name: str) -> str:
    """A word or string (`outcome`, `kind`, a Danger die's letter, a card's id)."""
    return str(effect.param(name))


def optional_word(effect: m.Effect, name: str) -> str | None:
    """A word the form lets the writer leave out (`remove injury`): None where they did."""
    value = effect.param(name)
    return None if value is None else str(value)


def key(effect: m.Effect, name: str = "card") -> int | str:
    """The key of the entity a word names: a numbered card's number, else its id."""
    value = effect.param(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else str(value)
