"""The Jinja2 environment every printed thing is written with: books (pdf.py), card
sheets (sheets.py) and boards (board.py) import it from here, below all three."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from vcompiler.render.ir import TEMPLATE_TESTS

if TYPE_CHECKING:
    from jinja2 import Environment


@lru_cache(maxsize=1)
def environment() -> Environment:
    # Jinja2 is imported when a book is rendered: `build --only json` and every other
    # command start without it. The process that writes the HTML has no need of
    # WeasyPrint: its workers lay the HTML out.
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    from vcompiler.render.paths import TEMPLATES
    from vcompiler.render.typeset import long_worded, quotes, ties, unbreakable

    made = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=False, lstrip_blocks=False)
    made.filters["quotes"] = quotes
    made.filters["ties"] = ties
    made.tests["unbreakable"] = unbreakable
    made.tests["long_worded"] = long_worded
    made.tests.update({name: _is(kind) for name, kind in TEMPLATE_TESTS.items()})
    # What a caller that gives no language gets: the language spoken when it renders.
    made.globals.update(spoken(_SPOKEN))
    return made


def _is(kind: type) -> Callable[[object], bool]:
    def test(value: object) -> bool:
        return isinstance(value, kind)
    return test


class _Spoken(str):
    """The language spoken when a template is rendered, as its `lang` prints it."""

    def __str__(self) -> str:
        from vcompiler.registry.phrasebook import PSEUDO, SOURCE, speaking_now

        now = speaking_now()
        return SOURCE if now == PSEUDO else now.replace("_", "-")

    def __html__(self) -> str:
        return str(self)


_SPOKEN = _Spoken("")


def spoken(language: str | None = None) -> dict[str, object]:
    """What a template needs to speak `language` (default: the language spoken):
    `t(english, **slots)`, the phrase in it, `count(one, other, n)`, the phrase for the
    number by the language's plural rules, and `lang`, the document's language, which
    WeasyPrint hyphenates by (the pseudo-locale is hyphenated as English)."""
    from markupsafe import Markup, escape

    from vcompiler.registry.phrasebook import PSEUDO, SOURCE, counted, say_in, speaking_now

    def chosen() -> str:
        return speaking_now() if isinstance(language, _Spoken) or not language else language

    def t(english: str, **values: object) -> str:
        return say_in(chosen(), english, **values)

    def count(one: str, other: str, n: int) -> str:
        return counted(chosen(), one, other, n)

    def phrased(english: str, **parts: object) -> Markup:
        """The phrase escaped, each {slot} filled with markup made by the template."""
        text = str(escape(say_in(chosen(), english)))
        for name, part in parts.items():
            text = text.replace("{" + name + "}", str(escape(part)))
        return Markup(text)

    if isinstance(language, _Spoken):
        return {"t": t, "count": count, "phrased": phrased, "lang": language}
    lang = SOURCE if chosen() == PSEUDO else chosen().replace("_", "-")
    return {"t": t, "count": count, "phrased": phrased, "lang": lang}
