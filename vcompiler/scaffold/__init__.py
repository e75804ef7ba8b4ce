"""`vcompiler new`: a starter pack for a game, one file per kind of content, with a
comment on every construct. The pack it writes checks clean under --strict."""
from __future__ import annotations

import zlib
from pathlib import Path

from vcompiler.vocabulary import pack_name

GAMES = ("vanguard", "vantage")
_HERE = Path(__file__).parent


class ScaffoldError(Exception):
    """The pack could not be made; the message says why."""


def new_pack(game: str, folder: Path) -> tuple[str, list[Path]]:
    """Write the starter pack of `game` into `folder` (which must not exist yet or be
    empty). Returns the pack's name and the files written."""
    if game not in GAMES:
        raise ScaffoldError(f"no game {game!r}; choose {' or '.join(GAMES)}")
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ScaffoldError(f"{folder} already exists and is not an empty folder")
    name = pack_name(folder.name)
    values = {"name": name, "title": name.replace("_", " ").title(),
              # A different seed per name, so that two new packs do not number alike.
              "seed": str(zlib.crc32(name.encode()) % 1000)}
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for template in sorted((_HERE / game).glob("*.vcl")):
        text = template.read_text(encoding="utf-8")
        for key, value in values.items():
            text = text.replace("{{" + key + "}}", value)
        target = folder / template.name
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return name, written
