"""The tables of the language reference that the compiler itself knows: effect forms
and conditions per game with their printed wording, icons, biomes, skills, card kinds,
and the diagnostic codes with their catalogue entries. They stand in
docs/*.md between `<!-- generated: NAME -->` and `<!-- end generated -->` and are
rewritten from the compiler's own tables, so that the reference never disagrees with
what `check` accepts (a test fails when it does). The editor grammars
(editors/vscode/syntaxes) get every keyword of grammar/*.lark they do not colour yet.

    python -m vcompiler.docs           rewrite the generated regions of docs/
    python -m vcompiler.docs --check   exit 1, naming the regions, when any is stale
"""
from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from vcompiler import vocabulary
from vcompiler.codes import CATALOGUE, Code
from vcompiler.model import types as m
from vcompiler.registry import FORMS, KINDS, VANGUARD, VANTAGE_CARD_KINDS, Form, kind_named
from vcompiler.source import Span

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GRAMMARS = ROOT / "grammar"
EDITOR_GRAMMARS = ROOT / "editors" / "vscode" / "syntaxes"
REGION = re.compile(r"(<!-- generated: ([\w-]+) -->\n)(.*?)(<!-- end generated -->)", re.S)

# A value for each argument slot that is not an entity (an entity's is its kind's
# `sample`), to show a form in use and print it.
_VALUE_SAMPLE: dict[str, str | int] = {"n": 2, "colour": "red", "outcome": "green", "letter": "T",
                                       "discovery": "mineral", "skill": "climbing"}
# A numbered card that a word before it says the kind of: `complete mission 1601`.
_VCARD_OF = {"mission": 1601, "destiny": 1705}
_NOWHERE = Span("docs", 1, 1, 1, 1)


def _sample(slot_kind: str) -> str | int:
    """A value of an argument slot, as an example writes it."""
    if slot_kind in _VALUE_SAMPLE:
        return _VALUE_SAMPLE[slot_kind]
    kind = kind_named(slot_kind)
    return kind.sample if kind.sample is not None else kind.example


def example(form: Form) -> tuple[str, m.Effect]:
    """A form in use, as the reference's table shows it, and the effect it makes."""
    words, params = [form.verb], []
    for slot in form.slots:
        if slot.literal is not None:
            words.append(slot.literal)
            continue
        assert slot.kind is not None and slot.name is not None    # a slot that is not a literal
        value = _VCARD_OF.get(words[-1], _sample(slot.kind)) if slot.kind == "vcard" else _sample(slot.kind)
        named = slot.kind not in _VALUE_SAMPLE and kind_named(slot.kind).value == "string"
        words.append(f'"{value}"' if named else str(value))
        params.append((slot.name, value))
    return " ".join(words), m.Effect(form.op, tuple(params), _NOWHERE)


def printed(effect: m.Effect) -> str:
    """How the Logbook prints one effect on its own, icons shown as [name]."""
    from vcompiler.render.voice import plain, sentence
    return plain(sentence(m.Choice((effect,), _NOWHERE)), icon="[{}]")


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _effects(game: str) -> str:
    book = "the Logbook" if game == "vanguard" else "a storybook"
    rows = [f"| form | example | printed in {book} |", "|---|---|---|"]
    for form in FORMS:
        if form.game not in (None, game):
            continue
        shown, effect = example(form)
        rows.append(f"| `{_cell(form.spelling())}` | `{shown}` | {printed(effect)} |")
    return "\n".join(rows)


def _words(words: Iterable[object]) -> str:
    return ", ".join(f"`{w}`" for w in words)


def _card_kinds() -> str:
    keyed = {"card": "{example}", "string": "by name", "number": "by number"}
    vanguard = ", ".join(f"`{k.keyword}` ({keyed[k.value].format(example=k.example)}"
                         f"{' or by name' if k.by_name else ''})" for k in KINDS if k.card and k.game == VANGUARD.name)
    return "\n".join([
        "| game | kinds |", "|---|---|",
        f"| vanguard | {vanguard} |",
        f"| vantage | `card N KIND`, KIND one of {_words(VANTAGE_CARD_KINDS)} |",
    ])


# A value for each slot of a condition, the first slot's and the second's.
_CONDITION_SAMPLE = {"<number>": (1, 4), "<label>": ("@found_it", None), "<skill>": ("swimming", None),
                     "<discovery>": ("mineral", None), "<planet>": ("inner_hull", None)}


def _conditions(game: str) -> str:
    from vcompiler.registry.conditions import conditions_of_game
    from vcompiler.render.voice import condition as worded
    from vcompiler.render.voice import plain
    book = "the Logbook" if game == "vanguard" else "a storybook"
    rows = [f"| condition | example | printed in {book} |", "|---|---|---|"]
    goes = "log" if game == "vanguard" else "location"
    shown: set[str] = set()
    for form in conditions_of_game(game):
        if form.test in shown:
            continue         # `checked log @label`: the book prints the number it was given
        shown.add(form.test)
        words: list[str] = []
        values: list[object] = []
        for word in form.shape:
            if not word.startswith("<"):
                words.append(word)
                continue
            value: object
            if form.refers is not None and (form.refers == "vcard" or word == "<card>"):
                value = _sample(form.refers)
            else:
                value = _CONDITION_SAMPLE[word][len(values) % 2] or _CONDITION_SAMPLE[word][0]
            values.append(value)
            words.append(str(value))
        said = plain(worded(m.Condition(form.test, values[0] if values else None, _NOWHERE, tuple(values[1:]))),
                     "[{}]")
        rows.append(f"| `{_cell(form.spelling())}` | `if {' '.join(words)} -> {goes} N` | "
                    f"{said[:1].upper() + said[1:]}, … |")
    return "\n".join(rows)


def code_entry(code: Code, heading: str = "###") -> str:
    """A code's catalogue entry in Markdown, as docs/diagnostics.md and the editor's
    rule pages show it: what its message says (unless each place that reports it words
    its own), its documentation, and its example (which the tests compile)."""
    entry = f"{heading} {code.id} ({code.severity.value}): {code.summary}\n\n"
    if code.template != "{message}":
        # Double backticks, as a template may hold single ones.
        pad = " " if code.template.startswith("`") or code.template.endswith("`") else ""
        entry += f"It says ``{pad}{code.template}{pad}``.\n\n"
    entry += code.doc + "\n"
    if code.example is not None:
        info = "" if code.example.game == "vanguard" else f" {code.example.game}"
        entry += f"\n```vcl{info}\n{code.example.text}```\n"
    return entry


def _codes() -> str:
    """Every diagnostic code's entry, in id order."""
    return "\n".join(code_entry(code) for code in CATALOGUE.values())


GENERATORS: dict[str, Callable[[], str]] = {
    "conditions-vanguard": lambda: _conditions("vanguard"),
    "conditions-vantage": lambda: _conditions("vantage"),
    "effects-vanguard": lambda: _effects("vanguard"),
    "effects-vantage": lambda: _effects("vantage"),
    "icons": lambda: _words(vocabulary.ICONS),
    "dice-icons": lambda: _words(vocabulary.DICE_ICONS),
    "biomes": lambda: _words(vocabulary.BIOMES),
    "skills": lambda: _words(vocabulary.SKILLS),
    "discovery-kinds": lambda: _words(vocabulary.DISCOVERY_KINDS),
    "card-kinds": _card_kinds,
    "codes": _codes,
}


def regenerate(text: str) -> tuple[str, list[str]]:
    """The text with every generated region rewritten, and the names of those that
    changed (an unknown name is left as it is and reported)."""
    changed: list[str] = []

    def replace(match: re.Match[str]) -> str:
        name = match.group(2)
        if name not in GENERATORS:
            changed.append(f"{name} (unknown region)")
            return match.group(0)
        body = GENERATORS[name]() + "\n"
        if body != match.group(3):
            changed.append(name)
        return match.group(1) + body + match.group(4)

    return REGION.sub(replace, text), changed


# A word the grammar spells out, in a terminal (`THREAT: "threat"`) or a rule.
_GRAMMAR_WORD = re.compile(r'"([a-z_][a-z0-9_]*)"')
# A group of words in an editor pattern: `\\b(if|else|choice)\\b` as the JSON writes it.
_WORD_GROUP = re.compile(r"\(((?:[a-z_][a-z0-9_]*\|)*[a-z_][a-z0-9_]*)\)")
_KEYWORD_LIST = re.compile(r'("name": "keyword\.other\.vcl",\s*"match": "\\\\b\()([a-z0-9_|]+)(\)\\\\b")')


def grammar_keywords() -> set[str]:
    words: set[str] = set()
    for path in sorted(GRAMMARS.glob("*.lark")):
        code = re.sub(r"//[^\n]*", "", path.read_text(encoding="utf-8"))
        words.update(_GRAMMAR_WORD.findall(code))
    return words


def with_keywords(text: str, keywords: set[str]) -> tuple[str, list[str]]:
    """An editor grammar (TextMate JSON) with the keywords none of its patterns lists
    added to its list of keywords, and those words."""
    listed = {word for group in _WORD_GROUP.findall(text) for word in group.split("|")}
    missing = sorted(keywords - listed)
    if not missing:
        return text, []
    found = _KEYWORD_LIST.search(text)
    if found is None:
        return text, [f"{word} (no keyword.other.vcl list)" for word in missing]
    words = "|".join([found.group(2), *missing])
    return text[:found.start(2)] + words + text[found.end(2):], missing


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale: list[str] = []
    keywords = grammar_keywords()
    for path in sorted(EDITOR_GRAMMARS.glob("*.json")):
        new, added = with_keywords(path.read_text(encoding="utf-8"), keywords)
        if added:
            stale.append(f"{path.name}: keywords {', '.join(added)}")
            if not check:
                path.write_text(new, encoding="utf-8")
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        new, changed = regenerate(text)
        if changed:
            stale.extend(f"{path.name}: {name}" for name in changed)
            if not check:
                path.write_text(new, encoding="utf-8")
    for line in stale:
        print(("stale " if check else "rewrote ") + line)
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
