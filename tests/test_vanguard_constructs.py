"""Constructs of the vanguard rulebook that reach the model, the story graph and the
bundle: cards brought into play from outside the pack, and the like."""
from conftest import VANGUARD_HEADER
from vcompiler.checks.graph import build_graph, roots
from vcompiler.compile import compile_pack
from vcompiler.emit.bundle import to_bundle


def _compiled(write_pack, body: str):
    result = compile_pack(write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "Start" { return }\n' + body}))
    assert result.pack is not None
    return result


def test_an_external_card_is_a_root_counted_as_used_and_said_so_in_the_bundle(write_pack):
    result = _compiled(write_pack, 'poi P120 "Cache" copies 2 external { final }\n'
                                   'mission M09 "Ridge" external { text "Go." }\n'
                                   'poi P121 "Forgotten" { final }\n')
    assert [(d.code.id, d.span.line) for d in result.diagnostics] == [("W402", 10)]
    assert {("poi", "P120"), ("mission", "M09")} <= set(roots(build_graph(result.pack)))
    cards = {c["id"]: c for c in to_bundle(result.pack)["cards"]}
    assert (cards["P120"]["external"], cards["P120"]["copies"], cards["P121"]["external"]) == (True, 2, False)
