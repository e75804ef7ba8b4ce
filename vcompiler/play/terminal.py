"""`vcompiler play`: a pack in the terminal. Each entry is shown as the book prints it,
the options are keyed, and the answer is read from standard input, so that a test
or a writer's script can play a path: one key a line (an empty line takes the only
option), `q` quits, and with --save `s` saves and `q` saves before it quits.

An option keeps its key from one prompt to the next: the board's own options (lift
off, evacuate, prepare, rest) are letters, a location's options the number of their
place among all of them, so that a script's `l` or `5` means the same option whatever
came or went; the other options are numbered in the order offered. An option that
ends the game (evacuating) asks `y` first."""
from __future__ import annotations

from pathlib import Path
from typing import TextIO

from vcompiler.emit.write import write_atomic
from vcompiler.play.machine import Game
from vcompiler.play.scene import Option
from vcompiler.play.state import VANTAGE_STATS, State
from vcompiler.vocabulary import ICONS

KEYS_HELP = "Type an option's key, its number or letter (Enter alone takes the only one)"
CONFIRM = "Type y to go ahead; anything else goes back to the options."


def help_line(save: Path | None, load: Path | None) -> str:
    """The keys, and whether and where the game is kept."""
    if save is not None:
        return f"{KEYS_HELP}, s to save, q to save and quit."
    return f"{KEYS_HELP}, q to quit. Nothing is saved: {unsaved(load)}"


def unsaved(load: Path | None) -> str:
    """What becomes of a game played without --save: nothing is written, not even the
    file it was loaded from."""
    if load is None:
        return "start play with --save FILE to keep a game."
    return f"{load} stays as it was loaded; start play with --save FILE to keep this game."


def keyed(options: list[Option]) -> list[tuple[str, Option]]:
    """The options with the keys they are typed with, in the order shown: the numbered
    first, then the lettered. An option without a key of its own takes the next number
    no other option holds."""
    taken = {o.key for o in options if o.key is not None}
    numbers = (str(n) for n in range(1, len(options) + len(taken) + 2) if str(n) not in taken)
    pairs = [(o.key if o.key is not None else next(numbers), o) for o in options]
    return [p for p in pairs if p[0].isdecimal()] + [p for p in pairs if not p[0].isdecimal()]


def spelled(keys: list[str]) -> str:
    """Keys as a wrong answer is told them: "1 to 4", "1 to 3, 5, l or p"."""
    if len(keys) == 1:
        return f"{keys[0]} (or Enter alone)"
    said: list[str] = []
    runs: list[list[int]] = []
    for number in sorted(int(k) for k in keys if k.isdecimal()):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    said = [f"{run[0]} to {run[-1]}" if len(run) > 1 else str(run[0]) for run in runs]
    said += [k for k in keys if not k.isdecimal()]
    return ", ".join(said[:-1]) + f" or {said[-1]}" if len(said) > 1 else said[0]


def wrong_answer(text: str, keys: list[str], saving: bool) -> str:
    """What an answer that names no option is told: the options there are, and the keys."""
    saves = "s to save, q to save and quit" if saving else "q to quit"
    if not text:
        said = "there are several options, so Enter alone takes none"
    else:
        said = f"there is no option {text}" if text.isdecimal() else f"“{text}” is not an option"
    return f"{said[0].upper()}{said[1:]}: type {spelled(keys)}, or {saves}."


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


class _Console:
    """A game played on a terminal's lines: what is said, the answers read."""

    def __init__(self, game: Game, state: State, stdin: TextIO, stdout: TextIO, save: Path | None,
                 load: Path | None):
        self.game, self.state, self.stdin, self.stdout = game, state, stdin, stdout
        self.save, self.load = save, load

    def out(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def saved(self) -> None:
        if self.save is not None:
            write_atomic(self.save, self.state.to_json(self.game.pack.name).encode("utf-8"))
            self.out(f"(saved to {self.save})")

    def line(self) -> str | None:
        """The next answer, trimmed and in lower case; None at the end of input."""
        self.stdout.write("> ")
        self.stdout.flush()
        line = self.stdin.readline()
        return line.strip().lower() if line else None

    def ask(self, said: list[str], question: str, labels: list[str]) -> int:
        """A decision met while a card's effects resolve: answered at once, no saving."""
        for line in said:
            self.out(line)
        self.out(question)
        for number, label in enumerate(labels, 1):
            self.out(f"  {number}) {label}")
        while True:
            text = self.line()
            if text is None:
                self.out(f"(end of input: {labels[0]})")
                return 0
            if text.isdecimal() and 1 <= int(text) <= len(labels):
                self.out(f"» {labels[int(text) - 1]}")
                return int(text) - 1
            self.out(f"Type an option's number, 1 to {len(labels)}: the effects are being resolved.")

    def pick(self, options: list[Option], closed: list[tuple[str, str]]) -> Option | None:
        """The option the player takes; None when they quit or the input ends. Those
        that cannot be taken now are shown below them, with why, and no key."""
        shown = keyed(options)
        for key, option in shown:
            self.out(f"  {key}) {option.label}")
        for label, why in closed:
            self.out(f"  -) {label}: you cannot take it now: {why}")
        by_key = dict(shown)
        while True:
            text = self.line()
            if text is None:
                self.out("(end of input)")
                self.saved()
                return None
            picked = options[0] if text == "" and len(options) == 1 else by_key.get(text)
            if picked is not None and (picked.confirm is None or self.confirmed(picked.confirm)):
                return picked
            if picked is not None:
                self.out("Not taken: choose again.")
            elif text in ("s", "q"):
                if self.save is None:
                    self.out(("Not saved: " if text == "s" else "Quit without saving: ") + unsaved(self.load))
                self.saved()
                if text == "q":
                    return None
            else:
                self.out(wrong_answer(text, [key for key, _ in shown], self.save is not None))

    def confirmed(self, question: str) -> bool:
        self.out(f"{question} {CONFIRM}")
        return self.line() in ("y", "yes")

    def play(self) -> int:
        game, state = self.game, self.state
        game.ask = self.ask
        self.out(f"{game.pack.title}: {help_line(self.save, self.load)}")
        while True:
            scene = game.advance(state)
            for line in scene.lines:
                self.out(line)
            if scene.ended:
                self.out(f"The end: {scene.ended}")
                self.out(state_line(game, state))
                self.out(f"{state.read} entries read.")
                self.saved()
                return 0
            self.out(state_line(game, state))
            picked = self.pick(scene.options, scene.closed)
            if picked is None:
                return 0
            self.out(f"» {picked.label}")
            game.choose(state, picked)
            if self.save is not None:
                write_atomic(self.save, state.to_json(game.pack.name).encode("utf-8"))


def play(game: Game, state: State, stdin: TextIO, stdout: TextIO, save: Path | None = None,
         load: Path | None = None) -> int:
    """Play until the story ends or the input does. Returns the exit status: 0."""
    return _Console(game, state, stdin, stdout, save, load).play()
