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
    CARD_SIZES,
    FORM_BY_OP,
    FORMS,
    GAMES,
    KINDS,
    PRINTED,
    SHOWN_CARDS,
    TOP_LEVEL_ONLY,
    forms_of_game,
    is_kind,
    kind_declared_by,
    kind_named,
)
from vcompiler.registry import kinds as kinds_table
from vcompiler.registry.conditions import CONDITIONS
from vcompiler.registry.forms import VALUE_SLOTS
from vcompiler.registry.schema import refreshed
from vcompiler.render import voice
from vcompiler.render.books import books_of
from vcompiler.render.ir import Icon, Paragraph, Words
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
            text = "".join(t.text for t in tokens if isinstance(t, Words))
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


def test_every_declaration_of_the_grammar_declares_a_registered_kind():
    """A declaration added to the grammar and the transformer alone fails here, not as
    E900 in `check` when the model asks the registry for its kind."""
    code = re.sub(r"//[^\n]*", "", GRAMMAR)
    alternatives = re.search(r"^_decl:(.*?)^\s*$", code, re.M | re.S).group(1).replace("|", " ").split()
    terminals = dict(re.findall(r'^([A-Z_]+): "([a-z_]+)"$', code, re.M))
    assert len(alternatives) >= 15
    for rule in alternatives:
        first = re.search(rf"^{rule}:\s+([A-Z_]+)", code, re.M)
        assert first is not None, rule
        keyword = terminals[first.group(1)]
        assert kind_declared_by(keyword) is not None, f"`{keyword}` declares no kind of the registry"


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


def test_every_kind_says_how_it_prints_is_drawn_and_shown():
    """Each per-kind fact a stage reads: a kind that leaves one out fails here."""
    slot_kinds = ({s.kind for f in FORMS for s in f.slots if s.kind is not None and s.kind not in VALUE_SLOTS}
                  | {c.refers for c in CONDITIONS if c.refers is not None and "<card>" in c.shape})
    for kind in KINDS:
        assert kind.colour is not None and re.fullmatch("#[0-9a-f]{6}", kind.colour), kind.name
        if kind.card or kind.name == "location":
            printed = kind.printed
            assert printed is not None, f"{kind.name}: no `printed`"
            # A vantage card prints its own kind word (`card 1201 item`): "Item".
            assert printed.label or kind.name == "vcard", kind.name
            assert all(20 <= side <= 300 for side in printed.size) and printed.goal_word, kind.name
        if kind.name in slot_kinds:
            assert kind.sample is not None, f"{kind.name}: no sample for the reference's examples"
            written = f'"{kind.sample}"' if kind.value == "string" else str(kind.sample)
            assert kind.matches(written), (kind.name, written)
        for op in kind.shown_by:
            form = FORM_BY_OP.get(op)
            assert form is not None and form.game in (None, kind.game), (kind.name, op)
            assert SHOWN_CARDS[op][0] == kind.keyword, (kind.name, op)
            assert any(s.kind == kind.name and s.name == SHOWN_CARDS[op][1] for s in form.slots), (kind.name, op)
    # Every card that a card sheet prints has a size, and nothing else does.
    assert set(PRINTED) == set(CARD_SIZES) == \
        {k.name for k in KINDS if k.printed} | {"landing", "setup", "start_location"}
    assert {k.name for k in KINDS if k.card} <= set(PRINTED)


def test_a_card_kind_without_its_print_facts_still_lays_out(monkeypatch):
    """A kind whose `printed` is forgotten prints under its noun at poker size rather
    than failing the layout that `check` runs for W510."""
    from vcompiler.render import cards
    threat = kind_named("threat")
    monkeypatch.setitem(kinds_table._BY_NAME, "threat", type(threat)(**{**vars(threat), "printed": None}))
    monkeypatch.setattr(cards, "CARD_SIZES", {k: v for k, v in CARD_SIZES.items() if k != "threat"})
    pack = compile_pack(CONTENT / "eye-of-the-void").pack
    threats = [face for face in cards.faces_of(pack) if face.kind == "threat"]
    assert threats and {(f.label, f.size, f.back.label) for f in threats} == {("Threat", (63.0, 88.0), "Threat")}
    assert all(f.back.number == f.number for f in threats)


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
    assert blocks[1] == Paragraph([Words("Lose 2 "), Icon("charge"), Words(".")])


def test_a_card_filed_under_another_letter_is_named_as_its_kind_says(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER, "cards.vcl": 'log 1 "S" { return }\n'
                         'event P07 "Storm" { biomes frigid; main lose supplies 1 }\n'})
    found = [d for d in compile_pack(folder).diagnostics if d.code.id == "E231"]
    assert [(d.span.line, d.message) for d in found] == [(2, "an event card's id starts with E, not P")]
