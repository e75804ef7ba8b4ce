"""A card as the terminal shows it: the face the card sheets print (render.cards),
block by block, in words, so that a card put into play reads as the printed card does."""
from __future__ import annotations

from typing import Any

from vcompiler.render import voice
from vcompiler.render.cards import Face

INDENT = "   "


def words(tokens: list[Any]) -> str:
    """Tokens in plain words, an icon as its name in brackets: "Gain 1 [success]"."""
    return voice.plain(tokens, icon="[{}]")


def heading(face: Face) -> str:
    """"Threat T11 Ice Stalker", "Unique Discovery 40 Echo Stone", "Injury Frostbite"."""
    return " ".join(part for part in (face.label, face.number, words(face.title)) if part)


def face_lines(face: Face, actions: bool = True) -> list[str]:
    """The card's heading, its biomes and status words, then its blocks, indented;
    without its Special Actions unless `actions` (the dice check offers them)."""
    # A vantage card's only status word is how it lies on the table: nothing to read.
    marks = [*(f"[{icon}]" for icon in face.icons), *(face.badges if face.kind != "vcard" else ())]
    out = [f"┌ {heading(face)}" + (f" · {', '.join(marks)}" if marks else "")]
    for block in (*face.blocks, *face.foot):
        if block[0] == "head" and not actions:
            break
        out.extend(f"│ {line}" for line in block_lines(block))
    return out


def block_lines(block: tuple[Any, ...]) -> list[str]:
    kind = block[0]
    if kind == "p":
        return [words(block[1])]
    if kind == "head":
        danger = f" ({block[2]} [danger] Danger {'die' if block[2] == 1 else 'dice'})" if block[2] else ""
        return [f"{words(block[1])}{danger}:"]
    if kind == "row":
        lead = words(block[2]).removesuffix(".")        # a goal's words end their own sentence
        return [f"{INDENT}{lead}: {words(block[3])}" if lead else f"{INDENT}{words(block[3])}"]
    if kind == "track":
        _, style, spaces, said = block
        boxes = "☐" * spaces if spaces else ""
        return [f"{INDENT}[{style}] track {boxes} {words(said)}"]
    if kind == "rule":
        return [f"{block[1]}:"]
    if kind == "choices":
        return [f"{INDENT}• {words(item)}" for item in block[1]]
    if kind == "steps":
        return [f"{INDENT}{i}. {words(item)}" for i, item in enumerate(block[1], 1)]
    if kind == "boxes":
        return [f"{block[1]}: {'☐' * block[2]}"]
    if kind == "options":
        return [f"{INDENT}{category.capitalize()}: {words(title)}" + (" (always available)" if always else "")
                + (f" ({excludes})" if excludes else "") for category, title, always, excludes in block[1]]
    return []
