"""A card as the terminal shows it: the face the card sheets print (render.cards),
block by block, in words, so that a card put into play reads as the printed card does."""
from __future__ import annotations

from vcompiler.render import voice
from vcompiler.render.cards import Face
from vcompiler.render.ir import ActionHead, Block, Boxes, Choices, Options, Paragraph, Row, Rule, Sentence, Steps, Track


def danger_icons(count: int, letter: str | None) -> str:
    """So many Danger dice, their icon bearing the letter of their table (RB 1670)."""
    return f"{count} [danger{f' {letter}' if letter else ''}] Danger {'die' if count == 1 else 'dice'}"


def danger_dice(count: int, letter: str | None) -> str:
    """An action's Danger dice as the table is told them: with the Reference card's
    table they are read on, or that none is printed."""
    dice = danger_icons(count, letter)
    return f"{dice}, table {letter}" if letter else f"{dice}, no table named"

INDENT = "   "


def words(tokens: Sentence) -> str:
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
        if isinstance(block, ActionHead) and not actions:
            break
        out.extend(f"│ {line}" for line in block_lines(block))
    return out


def block_lines(block: Block) -> list[str]:
    match block:
        case Paragraph(tokens):
            return [words(tokens)]
        case ActionHead(tokens, danger, letter):
            dice = f" ({danger_dice(danger, letter)})" if danger else ""
            return [f"{words(tokens)}{dice}:"]
        case Row(_, lead_tokens, said):
            lead = words(lead_tokens).removesuffix(".")        # a goal's words end their own sentence
            return [f"{INDENT}{lead}: {words(said)}" if lead else f"{INDENT}{words(said)}"]
        case Track(style, spaces, said):
            boxes = "☐" * spaces if spaces else ""
            return [f"{INDENT}[{style}] track {boxes} {words(said)}"]
        case Rule(word):
            return [f"{word}:"]
        case Choices(items):
            return [f"{INDENT}• {words(item)}" for item in items]
        case Steps(items):
            return [f"{INDENT}{i}. {words(item)}" for i, item in enumerate(items, 1)]
        case Boxes(word, count):
            return [f"{word}: {'☐' * count}"]
        case Options(options):
            return [f"{INDENT}{o.category.capitalize()}: {words(o.title)}" + (" (always available)" if o.always else "")
                    + (f" ({o.excludes})" if o.excludes else "") for o in options]
    return []
