"""What the language talks about, declared once: the games (games.py), the kinds of
entity a pack defines and references name (kinds.py), and the effect forms with their
printed wording (forms.py). Every stage reads these tables instead of spelling kinds,
games or verbs itself, so that a new kind or effect form is added here (and in the
grammar and the transformer when it brings a keyword); `python -m vcompiler.registry.schema`
and `python -m vcompiler.docs` then rewrite the lists of the bundle schema, the tables of
the language reference and the editor grammar's keywords. A card kind's print facts,
graph colour and sample are fields of its `Kind`, which tests/test_registry.py requires."""
from vcompiler.registry.forms import (
    CARD_ONLY,
    CREW_TARGETS,
    FORM_BY_OP,
    FORMS,
    FORMS_BY_VERB,
    SHOWN_CARDS,
    TRAVEL_COSTS,
    VERBS,
    WAYS_OUT,
    Form,
    Slot,
    Wording,
    forms_of_game,
    verbs_of_game,
)
from vcompiler.registry.games import GAMES, VANGUARD, VANTAGE, Game, game_named
from vcompiler.registry.kinds import (
    ANY_CARD,
    CARD_KINDS,
    CARD_SIZES,
    DECK_KINDS,
    KINDS,
    LANDING,
    MAX_COPIES,
    PRINTED,
    SETUP,
    START_LOCATION,
    STARTING_LOG,
    TOP_LEVEL_ONLY,
    VANTAGE_CARD_KINDS,
    Kind,
    Printed,
    is_kind,
    kind_declared_by,
    kind_named,
    kinds_of_game,
)

__all__ = [
    "ANY_CARD", "CARD_KINDS", "CARD_ONLY", "CREW_TARGETS", "TRAVEL_COSTS", "DECK_KINDS", "FORMS", "FORMS_BY_VERB",
    "FORM_BY_OP",
    "CARD_SIZES", "GAMES", "KINDS", "LANDING", "MAX_COPIES", "PRINTED", "SETUP", "SHOWN_CARDS", "START_LOCATION",
    "STARTING_LOG",
    "TOP_LEVEL_ONLY", "VANGUARD", "VANTAGE", "VANTAGE_CARD_KINDS", "VERBS", "WAYS_OUT",
    "Form", "Game", "Kind", "Printed", "Slot", "Wording",
    "forms_of_game", "game_named", "is_kind", "kind_declared_by", "kind_named", "kinds_of_game",
    "verbs_of_game",
]
