"""`vcompiler play`: a pack in the terminal. Each entry is shown as the book prints it,
the options are numbered, and the answer is read from standard input, so that a test
or a writer's script can play a path: one number a line (an empty line takes the only
option), `q` quits, and with --save `s` saves and `q` saves before it quits."""
from __future__ import annotations

from pathlib import Path
from typing import TextIO

from vcompiler.emit.write import write_atomic
from vcompiler.play.machine import Game
from vcompiler.play.state import VANTAGE_STATS, State
from vcompiler.vocabulary import ICONS

HELP = "Type an option's number (Enter alone takes the only one), s to save, q to save and quit."
HELP_UNSAVED = ("Type an option's number (Enter alone takes the only one), q to quit. Nothing is saved: "
                "start play with --save FILE to keep a game.")
NOT_SAVED = "Not saved: start play with --save FILE to keep a game."
QUIT_UNSAVED = "Quit without saving: start play with --save FILE to keep a game."


def wrong_answer(text: str, count: int, saving: bool) -> str:
    """What an answer that names no option is told: the options there are, and the keys."""
    keys = "s to save, q to save and quit" if saving else "q to quit"
    options = "1 (or Enter alone)" if count == 1 else f"1 to {count}"
    if not text:
        said = "there are several options, so Enter alone takes none"
    else:
        said = f"there is no option {text}" if text.isdecimal() else f"“{text}” is not an option"
    return f"{said[0].upper()}{said[1:]}: type {options}, or {keys}."


# Counters the machine keeps for itself: a die's face read by the next `if`, a turn's bookkeeping.
_UNSHOWN = frozenset(("continue", "acted", "d10"))


def _counter(name: str, value: int) -> str:
    """A counter as the books word an amount of it: "2 [success]", "a xenological discovery"."""
    if name.startswith("discovery_"):
        kind = name.removeprefix("discovery_")
        return f"{value} {kind} discover{'y' if value == 1 else 'ies'}"
    if name in ICONS:
        return f"{value} [{name}]"
    if name == "skills":
        return f"{value} [skill] skill token{'' if value == 1 else 's'}"
    return f"{value} {name}"


def state_line(game: Game, state: State) -> str:
    """What the table has in front of it, named as the cards and books name it."""
    parts = []
    if state.checked:
        parts.append("checked: Log " + ", ".join(map(str, sorted(state.checked))))
    counters = {k: v for k, v in sorted(state.counters.items()) if k not in _UNSHOWN}
    if game.vantage:
        parts.append(", ".join(f"{k} {counters.pop(k, 0)}" for k in VANTAGE_STATS))
    shown = [_counter(k, v) for k, v in counters.items() if v]
    if shown:
        parts.append(", ".join(shown))
    if state.uniques:
        parts.append(", ".join(f"Unique Discovery {u} {game.cards[str(u)].name}" if str(u) in game.cards
                               else f"Unique Discovery {u}" for u in sorted(state.uniques)))
    for key, status in sorted(state.missions.items()):
        # vantage missions and destinies are keyed "mission 1601", "destiny 1705"
        kind, _, number = key.partition(" ")
        named = f"{kind} {_vcard_name(game, number)}" if number else f"Mission {game.card_name(key)}"
        parts.append(f"{named}: {status}")
    if state.conditions:
        parts.append(", ".join(f"Global Condition {game.card_name(c)}" for c in sorted(state.conditions)))
    for threat, sector in state.threats.items():
        standees = state.standees.get(threat, [])
        also = f" (secondary standees in Sector {', '.join(map(str, standees))})" if standees else ""
        parts.append(f"Threat {game.card_name(threat)} in Sector {sector}{also}")
    tracks = [f"{game.card_name(c)} {space} of {game.track_length(c)}" for c, space in state.tracks.items()
              if c in game.cards and space]
    if tracks:
        parts.append("time tracks: " + ", ".join(tracks))
    if state.cards:
        parts.append("cards: " + ", ".join(_vcard_name(game, c) if isinstance(c, int) else f"“{c}”"
                                           for c in state.cards))
    explored = game.explored(state)
    if explored:
        parts.append("fully explored: " + ", ".join(f"Sector {n}" for n in explored))
    if state.pois:
        parts.append("on the board: " + ", ".join(f"Sector {k.split(':')[1]} {game.card_name(v)}"
                                                  for k, v in sorted(state.pois.items())))
    return "State: " + (" · ".join(parts) if parts else "nothing yet")


def _vcard_name(game: Game, number: object) -> str:
    card = game.vcards.get(int(str(number))) if str(number).isdecimal() else None
    return f"{number} {card.name.plain()}" if card is not None else str(number)


def play(game: Game, state: State, stdin: TextIO, stdout: TextIO, save: Path | None = None) -> int:
    """Play until the story ends or the input does. Returns the exit status: 0."""
    def out(text: str = "") -> None:
        stdout.write(text + "\n")

    def saved() -> None:
        if save is not None:
            write_atomic(save, state.to_json(game.pack.name).encode("utf-8"))
            out(f"(saved to {save})")

    def offer(labels: list[str]) -> None:
        for number, label in enumerate(labels, 1):
            out(f"  {number}) {label}")

    def answer(count: int) -> tuple[str | None, int | None]:
        """The line typed (None at the end of input), and the option it numbers."""
        stdout.write("> ")
        stdout.flush()
        line = stdin.readline()
        if not line:
            return None, None
        text = line.strip().lower()
        return text, int(text) - 1 if text.isdecimal() and 1 <= int(text) <= count else None

    def ask(said: list[str], question: str, labels: list[str]) -> int:
        """A decision met while a card's effects resolve: answered at once, no saving."""
        for line in said:
            out(line)
        out(question)
        offer(labels)
        while True:
            text, picked = answer(len(labels))
            if text is None:
                out(f"(end of input: {labels[0]})")
                return 0
            if picked is not None:
                out(f"» {labels[picked]}")
                return picked
            out(f"Type an option's number, 1 to {len(labels)}: the effects are being resolved.")

    game.ask = ask
    out(f"{game.pack.title}: {HELP if save is not None else HELP_UNSAVED}")
    while True:
        scene = game.advance(state)
        for line in scene.lines:
            out(line)
        if scene.ended:
            out(f"The end: {scene.ended}")
            out(state_line(game, state))
            out(f"{state.read} entries read.")
            saved()
            return 0
        out(state_line(game, state))
        offer([option.label for option in scene.options])
        while True:
            text, number = answer(len(scene.options))
            if text is None:
                out("(end of input)")
                saved()
                return 0
            if text == "" and len(scene.options) == 1:
                number = 0
            if number is not None:
                picked = scene.options[number]
                break
            if text in ("s", "q"):
                if save is None:
                    out(NOT_SAVED if text == "s" else QUIT_UNSAVED)
                saved()
                if text == "q":
                    return 0
                continue
            out(wrong_answer(text, len(scene.options), save is not None))
        out(f"» {picked.label}")
        game.choose(state, picked)
        if save is not None:
            write_atomic(save, state.to_json(game.pack.name).encode("utf-8"))
