"""The registry: every effect form has wording in its game's voice, and every kind and
game it declares is known to the stages that read them."""
import collections
import itertools
import json
import re

import pytest

from conftest import CONTENT, ROOT, SHARED, VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.checks.graph import build_graph
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle
from vcompiler.emit.validate import schema_errors
from vcompiler.model import types as m
from vcompiler.parse import _header_key
from vcompiler.registry import (
    CARD_KINDS,
    FORMS,
    GAMES,
    KINDS,
    TOP_LEVEL_ONLY,
    forms_of_game,
    is_kind,
    kind_named,
)
from vcompiler.registry.conditions import CONDITIONS
from vcompiler.registry.forms import VALUE_SLOTS
from vcompiler.registry.schema import refreshed
from vcompiler.render import voice
from vcompiler.render.books import books_of
from vcompiler.render.voice import said
from vcompiler.source import Span

SCHEMA = json.loads((ROOT / "schemas" / "bundle.schema.json").read_text(encoding="utf-8"))
GRAMMAR = (ROOT / "grammar" / "vcl.lark").read_text(encoding="utf-8")
SPAN = Span("x.vcl", 1, 1, 1, 2)
# A word of each slot as the model hands it on: a number, an id, a name.
SAMPLE = {"number": 2, "card": "P101", "string": "A Name", "word": "red"}
SAMPLE_WORDS = {"colour": "red", "outcome": "green", "discovery": "anomaly", "letter": "A", "word": "lore"}


def _sample(kind: str) -> object:
    if kind in SAMPLE_WORDS:
        return SAMPLE_WORDS[kind]
    token = VALUE_SLOTS[kind][0] if kind in VALUE_SLOTS else kind_named(kind).value
    return SAMPLE[token]


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_every_form_of_a_game_has_wording_in_its_voice(game):
    forms = forms_of_game(game)
    assert forms
    for form in forms:
        named = [s for s in form.slots if s.name is not None]
        # Every optional word given or left out: each way has a sentence.
        for given in itertools.product(*[(True, False) if s.optional else (True,) for s in named]):
            params = tuple((s.name, _sample(s.kind) if keep else None) for s, keep in zip(named, given))
            tokens = said(m.Effect(form.op, params, SPAN))
            text = "".join(t[1] for t in tokens if t[0] == "t")
            assert text.strip(), form.spelling()
            assert "{" not in text and "[" not in text, (form.spelling(), text)
            assert "None" not in text, (form.spelling(), text)


def test_a_threat_attack_says_how_many_times_as_the_rulebook_does():
    # RB 1447: the Threat "will Attack (...) twice"; a bare "(2)" explained nothing.
    words = [voice.plain(said(m.Effect("threat_attack", (("amount", n),), SPAN))) for n in (1, 2, 3)]
    assert words == ["the Threat attacks once", "the Threat attacks twice", "the Threat attacks 3 times"]


# Game terms the vanguard wording prints; the rulebook capitalises each its own way.
RULEBOOK_TERMS = ("crewmember", "danger die", "global condition", "injury", "mission", "outcome",
                  "section card", "sector", "threat", "time track", "unique discovery")


@pytest.mark.shared
def test_the_vanguard_wording_writes_game_terms_as_the_rulebook_does():
    rulebook = next(iter(sorted((SHARED / "seeds").glob("000_*.txt"))), None)
    if rulebook is None:
        pytest.skip("the ISS Vanguard rulebook is not beside the repository")
    text = rulebook.read_text(encoding="utf-8")
    wordings = [w.template for f in forms_of_game("vanguard") for w in f.says]
    wordings += [c.says for c in CONDITIONS if c.game == "vanguard"]
    # The words printed, not the names of icons and of the words filled in.
    wordings = [re.sub(r"\{[^}]*\}|\[[^]]*\]", "", w) for w in wordings]
    for term in RULEBOOK_TERMS:
        pattern = re.compile(rf"\b{term}(?=s?\b)", re.IGNORECASE)
        spellings = collections.Counter(found.group(0) for found in pattern.finditer(text))
        usual = spellings.most_common(1)[0][0]
        printed = {found.group(0) for w in wordings for found in pattern.finditer(w)}
        assert printed, term
        assert printed == {usual}, (term, printed, spellings)


def test_every_form_is_of_a_game_and_names_kinds_of_its_game():
    games = {g.name for g in GAMES}
    for form in FORMS:
        assert form.game is None or form.game in games
        for slot in form.slots:
            if slot.kind is None or slot.kind in VALUE_SLOTS:
                continue
            kind = kind_named(slot.kind)
            assert kind.game in (None, form.game), f"`{form.spelling()}` names a {kind.game} {kind.name}"


def test_every_kind_is_declared_by_a_grammar_keyword_and_found_in_a_broken_header():
    for kind in KINDS:
        assert re.search(rf'^[A-Z_]+: "{kind.keyword}"$', GRAMMAR, re.M), kind.keyword
        if kind.top_level:
            ident = {"number": "12", "card": kind.example, "string": '"A Name"', "word": "name"}[kind.value]
            key = _header_key(f"{kind.keyword} {ident} {{ oops")
            assert key is not None and key[0] == kind.name
    # A keyword that may start a line inside a declaration cannot mark a new one.
    assert "poi" not in TOP_LEVEL_ONLY and "log" in TOP_LEVEL_ONLY


def test_every_kind_has_a_game_an_example_of_its_ids_and_a_place_in_the_bundle():
    games = {g.name for g in GAMES}
    defs = SCHEMA["$defs"]
    for kind in KINDS:
        assert kind.game is None or kind.game in games
        if kind.example not in ("N", "NAME", "N DIRECTION", "LETTER"):
            assert kind.matches(kind.example), kind.name
        assert kind.bundle_key is not None
        top, *inner = kind.bundle_key.split("/")
        assert top in SCHEMA["properties"], kind.bundle_key
        if inner:
            assert inner[0] in defs[top.rstrip("s")]["properties"], kind.bundle_key
    vanguard_cards = {k.name for k in KINDS if k.bundle_key == "cards"}
    assert set(defs["card"]["properties"]["kind"]["enum"]) == vanguard_cards
    assert all(kind_named(k).card for k in CARD_KINDS)


def test_the_schema_lists_what_the_registry_declares():
    text = (ROOT / "schemas" / "bundle.schema.json").read_text(encoding="utf-8")
    assert refreshed(text) == text, "run python -m vcompiler.registry.schema"
    ops = set(SCHEMA["$defs"]["effect"]["properties"]["op"]["enum"])
    assert {f.op for f in FORMS} | {"goto_log", "goto_location"} == ops
    params = set(SCHEMA["$defs"]["effect"]["properties"])
    for form in FORMS:
        assert set(form.params) <= params, form.spelling()


@pytest.mark.parametrize("name", ["eye-of-the-void", "tidal-reach"])
def test_the_model_and_the_graph_speak_only_of_registered_kinds(name):
    pack = compile_pack(CONTENT / name).pack
    assert all(is_kind(ref.kind) for ref in pack.references)
    graph = build_graph(pack)
    assert {kind for _, kind in graph.nodes(data="kind")} <= {k.name for k in KINDS}


def test_a_misspelt_verb_is_told_only_its_own_games_forms(write_pack):
    folder = write_pack({"pack.vcl": VANTAGE_HEADER, "a.vcl": '''location 1 "Beach" {
  text "Sand."
  look "Dig" cost 1 {
    result {
      gian time 1
      gian
    }
  }
}
'''})
    found = [d for d in compile_pack(folder).diagnostics if d.code.id == "E207"]
    assert [d.span.line for d in found] == [5, 6]
    for d in found:
        assert "gain time N" in d.hint and "success" not in d.hint, d.hint


def test_a_form_declared_in_the_registry_reaches_the_bundle_and_the_logbook(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER, "log.vcl": '''log 1 "Spent" {
  text "The skill leaves you drained."
  lose charge 2
  return
}
'''})
    result = compile_pack(folder)
    assert not [d for d in result.diagnostics if d.severity.value == "error"]
    bundle = to_bundle(result.model)
    statement = bundle["logs"][0]["statements"][1]
    assert statement == {"kind": "effect", "effect": [{"op": "lose_charge", "amount": 2}]}
    assert schema_errors(bundle, "bundle.schema.json") == []
    blocks = books_of(result.model)[0].entries[0].action
    assert blocks[1] == ("p", [("t", "Lose 2 "), ("i", "charge"), ("t", ".")])
