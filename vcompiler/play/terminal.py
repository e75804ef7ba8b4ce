"""`vcompiler play`: a pack in the terminal. Each entry is shown as the book prints it,
the options are numbered, and the answer is read from standard input, so that a test
or a writer's script can play a path: one number a line (an empty line takes the only
option), `s` saves, `q` saves and quits."""
from __future__ import annotations

from pathlib import Path
from typing import TextIO

from vcompiler.emit.write import write_atomic
from vcompiler.play.machine import Game
from vcompiler.play.state import VANTAGE_STATS, State

HELP = "Type an option's number (Enter alone takes the only one), s to save, q to save and quit."


def state_line(game: Game, state: State) -> str:
    parts = []
    if state.checked:
        parts.append("checked " + ", ".join(map(str, sorted(state.checked))))
    counters = {k: v for k, v in sorted(state.counters.items()) if k not in ("continue", "acted")}
    if game.vantage:
        parts.append(", ".join(f"{k} {counters.pop(k, 0)}" for k in VANTAGE_STATS))
    parts += [f"{k} {v}" for k, v in counters.items() if v]
    if state.uniques:
        parts.append("uniques " + ", ".join(map(str, sorted(state.uniques))))
    parts += [f"{k if ' ' in k else 'mission ' + k} {v}" for k, v in sorted(state.missions.items())]
    if state.conditions:
        parts.append("conditions " + ", ".join(sorted(state.conditions)))
    if state.cards:
        parts.append("cards " + ", ".join(map(str, state.cards)))
    if state.pois:
        parts.append("board " + ", ".join(f"{k.split(':')[1]}={v}" for k, v in sorted(state.pois.items())))
    return "State: " + (" · ".join(parts) if parts else "nothing yet")


def play(game: Game, state: State, stdin: TextIO, stdout: TextIO, save: Path | None = None) -> int:
    """Play until the story ends or the input does. Returns the exit status: 0."""
    def out(text: str = "") -> None:
        stdout.write(text + "\n")

    def saved() -> None:
        if save is not None:
            write_atomic(save, state.to_json(game.pack.name).encode("utf-8"))
            out(f"(saved to {save})")

    out(f"{game.pack.title}: {HELP}")
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
        for number, option in enumerate(scene.options, 1):
            out(f"  {number}) {option.label}")
        while True:
            stdout.write("> ")
            stdout.flush()
            answer = stdin.readline()
            if not answer:
                out("(end of input)")
                saved()
                return 0
            answer = answer.strip().lower()
            if answer == "" and len(scene.options) == 1:
                picked = scene.options[0]
                break
            if answer.isdecimal() and 1 <= int(answer) <= len(scene.options):
                picked = scene.options[int(answer) - 1]
                break
            if answer in ("s", "q"):
                saved()
                if answer == "q":
                    return 0
                continue
            out(HELP)
        out(f"» {picked.label}")
        game.choose(state, picked)
        if save is not None:
            write_atomic(save, state.to_json(game.pack.name).encode("utf-8"))
