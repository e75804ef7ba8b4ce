"""What a storybook result may test (VR 94, 96): each condition reaches the model, the
bundle (valid against its schema) and the storybook's words; a Logbook condition in a
storybook, or a storybook condition in a Logbook, is E209."""
from conftest import VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle
from vcompiler.emit.validate import schema_errors
from vcompiler.model import types as m
from vcompiler.render import voice

RESULT = '''
location 1 "Beach" {
  north 2 walk
  look "Look around" cost 1 {
    result {
      if has card 1201 -> location 2
      if has skill climbing -> location 2
      if has coin 3 -> location 2
      if another player here -> location 2
      gain card 1201
    }
  }
}
location 2 "Cliff" { south 1 walk }
card 1201 item "Rope" { vertical; text "Long." }
'''


def _compile(tmp_path, text):
    (tmp_path / "a.vcl").write_text(text, encoding="utf-8")
    return compile_pack(tmp_path)


def test_conditions_reach_model_bundle_and_words(tmp_path):
    result = _compile(tmp_path, VANTAGE_HEADER + RESULT)
    assert [d.code.id for d in result.diagnostics] == []
    ifs = [s for s in result.pack.locations[0].actions[0].result if isinstance(s, m.IfStatement)]
    assert [(s.condition.kind, s.condition.key) for s in ifs] == [
        ("has_card", 1201), ("has_skill", "climbing"), ("has_coins", 3), ("player_here", None)]
    said = [voice.plain(voice.condition(s.condition), icon="[{}]") for s in ifs]
    assert said == ["if you have card 1201", "if you have a [skill] climbing skill", "if you have 3 [coin]",
                    "if another player is at this location"]
    bundle = to_bundle(result.pack)
    assert schema_errors(bundle, "bundle.schema.json") == []


def test_a_card_condition_names_a_defined_card(tmp_path):
    result = _compile(tmp_path, VANTAGE_HEADER + RESULT.replace("has card 1201", "has card 1299"))
    assert [(d.code.id, d.span.line) for d in result.diagnostics] == [("E201", 12)]


def test_conditions_stay_in_their_game(tmp_path):
    log = '\nlog 1 "Start" {\n  if has coin 2 -> log 2\n  return\n}\nlog 2 "Next" { return }\n'
    result = _compile(tmp_path, VANGUARD_HEADER + log)
    e209 = [d for d in result.diagnostics if d.code.id == "E209"]
    assert [d.span.line for d in e209] == [VANGUARD_HEADER.count("\n") + 3]
    assert "checked log N" in e209[0].hint and "has coin" not in e209[0].hint


def test_hints_name_only_the_packs_forms(tmp_path):
    result = _compile(tmp_path, VANTAGE_HEADER + '''
location 1 "Beach" {
  north 2 walk
  look "Look" cost 1 {
    result { gain boots 1; roll 2; gian morale 1 }
  }
}
location 2 "Cliff" { south 1 walk }
''')
    found = [(d.code.id, d.hint) for d in result.diagnostics]
    assert [code for code, _ in found] == ["E208", "E207", "E207"]
    assert "boost" in found[0][1]
    assert "vanguard game" in found[1][1] and "danger" not in found[1][1]
    for _, hint in found:
        assert "success" not in hint and "danger" not in hint


def test_a_declaration_of_the_other_game_is_named_mid_sentence(tmp_path):
    result = _compile(tmp_path, VANGUARD_HEADER + '\nlog 1 "Start" { return }\nlocation 5 "Beach" { east 6 walk }\n'
                      'danger B "Blizzard" { text "Cold." }\n')
    assert [(d.code.id, d.message) for d in result.diagnostics if d.code.id == "E209"] == [
        ("E209", "a location belongs to the vantage game, not to this vanguard pack")]
    result = _compile(tmp_path, VANTAGE_HEADER + '\nlog 1 "Start" { return }\n')
    assert [d.message for d in result.diagnostics if d.code.id == "E209"] == [
        "a log belongs to the vanguard game, not to this vantage pack"]


def test_a_second_effect_without_its_joint_is_told_what_joins_them(tmp_path):
    result = _compile(tmp_path, VANTAGE_HEADER + '''
location 1 "Market" {
  north 2 walk
  take "Haggle" cost 1 {
    result {
      pay coin 2 gain morale 2
      gain coin 1 lose morale 1
    }
  }
}
location 2 "Harbour" { south 1 walk }
''')
    line = VANTAGE_HEADER.count("\n") + 6
    assert [(d.code.id, d.span.line, d.span.column, d.hint) for d in result.diagnostics] == [
        ("E208", line, 18, "a payment buys the effects after `=>`: `pay coin 2 => gain …`"),
        ("E208", line + 1, 19, "join two effects with `;`: `gain coin 1; lose …`")]


def test_a_skill_gained_unnamed_is_a_random_one_rolled_on_a_skill_die(tmp_path):
    # VR 85: "gain 1 random skill (roll a skill die)".
    text = ('location 1 "Beach" {\n  north 2 walk\n  look "Look around" cost 1 {\n'
            '    result {\n      gain skill\n      gain skill climbing\n    }\n  }\n}\n'
            'location 2 "Cliff" { south 1 walk }\n')
    result = _compile(tmp_path, VANTAGE_HEADER + text)
    assert [d.code.id for d in result.diagnostics] == []
    gains = [s.effect for s in result.pack.locations[0].actions[0].result if isinstance(s, m.EffectStatement)]
    assert [voice.plain(voice.sentence(e), icon="[{}]") for e in gains] == [
        "Gain 1 random [skill] skill (roll a skill die).", "Gain 1 [skill] climbing skill."]
