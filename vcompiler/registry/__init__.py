"""What the language talks about, declared once: the games (games.py), the kinds of
entity a pack defines and references name (kinds.py), and the effect forms with their
printed wording (forms.py). Every stage reads these tables instead of spelling kinds,
games or verbs itself, so that a new kind or effect form is added here (and in the
grammar when it brings a keyword); `python -m vcompiler.registry.schema` and
`python -m vcompiler.docs` then rewrite the lists of the bundle schema and the tables
of the language reference."""
from vcompiler.registry.forms import (
    CARD_ONLY,
    CREW_TARGETS,
    FORM_BY_OP,
    FORMS,
    FORMS_BY_VERB,
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
    DECK_KINDS,
    KINDS,
    MAX_COPIES,
    STARTING_LOG,
    TOP_LEVEL_ONLY,
    Kind,
    is_kind,
    kind_declared_by,
    kind_named,
    kinds_of_game,
)

__all__ = [
    "ANY_CARD", "CARD_KINDS", "CARD_ONLY", "CREW_TARGETS", "TRAVEL_COSTS", "DECK_KINDS", "FORMS", "FORMS_BY_VERB",
    "FORM_BY_OP",
    "GAMES", "KINDS", "MAX_COPIES", "STARTING_LOG", "TOP_LEVEL_ONLY",
    "VANGUARD", "VANTAGE", "VERBS", "WAYS_OUT", "Form", "Game", "Kind", "Slot", "Wording",
    "forms_of_game", "game_named", "is_kind", "kind_declared_by", "kind_named", "kinds_of_game",
    "verbs_of_game",
]
