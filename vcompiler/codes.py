"""The catalogue of diagnostic codes: one `Code` each, with its severity, its message
template, its summary and its documentation (what it means, why it matters, how to
mend it, often with an example), in id order. `vcompiler rules`, the reports, the
editor's rule pages and docs/diagnostics.md are made from it; a rule's docstring only
names its code.

A code never changes its meaning (content repositories grep and suppress them); new
codes take the next free number in their family, and a code split in two keeps one
meaning and says in its entry where the others went (E208).

Families: E1xx reading and syntax, E2xx definitions and references, E3xx game rules,
E4xx/W4xx the story graph; E50x/W50x printing (the books: what a reader sees on a
page), E51x/W51x printed components (cards, location cards, boards), both found when
`build` lays them out; E6xx/W6xx translations (a pack's locale/*.po files)."""
from __future__ import annotations

import enum
from collections.abc import Callable

from vcompiler.util.frozen import frozen


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@frozen
class Example:
    """A few lines of VCL that make a code, `// expect: CODE` on the line it is reported
    at: docs/diagnostics.md shows them, and a test compiles them inside a pack of `game`
    (so the example stays true)."""
    text: str
    game: str = "vanguard"


@frozen
class Code:
    id: str
    severity: Severity
    template: str
    summary: str
    doc: str
    example: Example | None = None

    def format(self, **values: object) -> str:
        return self.template.format(**values)

    def __reduce__(self) -> tuple[Callable[[str], Code], tuple[str]]:
        # A pickled diagnostic (the parse cache, a worker's result) comes back with the
        # catalogue's own Code.
        return (code_by_id, (self.id,))


CATALOGUE: dict[str, Code] = {}


def code_by_id(id: str) -> Code:
    return CATALOGUE[id]


def _code(id: str, severity: Severity, template: str, summary: str, doc: str,
          example: Example | None = None) -> Code:
    if id in CATALOGUE:
        raise ValueError(f"code {id} declared twice")
    code = Code(id, severity, template, summary, doc, example)
    CATALOGUE[id] = code
    return code


E, W = Severity.ERROR, Severity.WARNING

SYNTAX = _code("E100", E, "{message}", "syntax error", """\
The text does not follow the language's grammar. The message names the token that
broke the rule and what could have stood there; a misspelt statement word (`choise`)
is named at the word, with the nearest keyword that may stand there. Mend: compare
the line with the examples of the construct in docs/language.md; a missing `}` or a
stray word on the line before is a common cause.""")
UNTERMINATED_STRING = _code("E101", E, "{message}", "unterminated string", """\
A string opens and never closes. A `"..."` string must close on its own line; a
`\"\"\"...\"\"\"` string runs until the next `\"\"\"`. Everything after the opening quote is
swallowed, so this error is reported where the string opens.""")
MARKUP = _code("E102", E, "{message}", "unknown or unclosed text markup", """\
Text markup is `{log N}`, `{card ID}`, `{location N}`, `{icon NAME}`, `*emphasis*` and
`**strong**`. Anything else between braces, or a `*` that is never closed, would be
printed as it stands in the books. Mend: `\\*`, `\\{` and `\\\\` print a star, a brace
and a backslash.""")
UNREADABLE = _code("E103", E, "{message}", "file unreadable or not UTF-8", """\
The file could not be read as UTF-8 text (it may be binary, or saved in another
encoding). A text file in another encoding (Latin-1, Windows-1252) is shown at its
first byte that is not UTF-8, with its line as UTF-8 reads it. Mend: save it as UTF-8,
or move it out of the pack folder.""")
CANNOT_WRITE = _code("E104", E, "{message}", "the outputs cannot be written", """\
`build` checks that it can write the output folder (and each pack's numbers.lock)
before it renders anything, and writes a pack's files as one set: into a staging
folder beside the output, moved in at the end. A read-only folder, a full disk or a
path that is not a folder stops the build with the previous outputs as they were.
Mend: as the message says (free some space, choose another `-o`).""")
OUTSIDE_PACK = _code("E105", E, "{message}", "file or link leading outside the pack", """\
A pack is what its folder holds: a `.vcl` file that is a symbolic link to a file
outside the pack folder is not read (a pack copied elsewhere would lose it, and a
link could show any file of the machine in the diagnostics). Mend: copy the file into
the pack.""")
UNLISTABLE = _code("E106", E, "{message}", "folder that cannot be searched", """\
A folder under the pack could not be listed (no permission to read it), or leads back
into itself through a link, so its files would be left out of the pack in silence.
Mend: give yourself read and search permission on it, or remove the link.""")
BAD_FILE_NAME = _code("E107", E, "{message}", "file name that is not UTF-8", """\
Bundles, reports and books name the files of a pack; a name that is not valid UTF-8
cannot be written in any of them. Mend: rename the file.""")
LIMIT = _code("E108", E, "{message}", "beyond a limit of the language", """\
A number, a range, a nesting or a file is far beyond anything a printed game needs
(the message gives the limit): the compiler stops there rather than spend minutes or
gigabytes on it, or print what no table can use. A number is at most 999,999 (a log,
a location, a card, a sector, a `numbering` range); what a table counts at most 99 (an
amount of tokens, the dice of a requirement, of `danger` and of `cost`, the boxes of
`boost` and `slots`, `standees`). Mend: as the message says.""")
BAD_LOCK = _code("E109", E, "{message}", "numbers.lock that cannot be used", """\
numbers.lock records the number each `@label` log was given, so that printed books
keep sending readers to the same page. It must be a JSON object of label -> number
(as `build` writes it), at most 16 MB, each number inside the pack's `numbering`
range. A locked number that falls outside a narrowed range is an error, not a silent
renumbering: the books already printed use it. Two labels locked to one number (a
merge that kept both branches' new lines) are reported at the second line. Mend: widen
`numbering` again, or delete the line if nothing was printed.""")
MISSING_GLYPH = _code("E110", E, "{message}", "character the printed fonts cannot draw", """\
Books, cards and boards are printed with the package's own fonts only (DejaVu Serif
and Sans), so that every machine prints the same pages. A character none of them has
(an emoji, a script they do not cover) would come from whatever font the machine
offers, or print as an empty box. Found by `check`, from a table of what the fonts
cover; `build --only json` and `--only html` do not print and do not stop at it.
Mend: write it another way, or use `{icon NAME}` for a symbol.
Invisible characters that print wrong are E110 too, each named by its code point: a
control character (a bell, an escape, often pasted in with text from another program)
prints as an empty box, a line or paragraph separator (U+2028, U+2029) as a box and a
break, and a direction override, embedding or isolate can print the words after it in
another order. Mend: delete it; for a new paragraph leave a blank line in a long
string. Tabs, zero-width spaces and joiners, direction marks and soft hyphens print as
they are meant to.""")
IN_NO_PACK = _code("E111", E, "{name} is in no pack: {why}; it is not read", ".vcl file that belongs to no pack", """\
A .vcl file is read as part of its pack: the nearest folder, its own or one above it,
whose .vcl files declare `pack NAME { … }`. This file has none: either no folder above
it declares a pack (checking it would mean reading whatever surrounds it, a home
folder or /tmp), or it lies beside packs in a folder that is not one (reading that
folder as a pack would merge the packs below it into one). It is not read. Mend: move
it into the pack it belongs to, or give its folder a pack.vcl.""")
BAD_SAVE = _code("E112", E, "{message}", "saved playthrough that cannot be loaded", """\
`play --load FILE` goes on with a game that `play --save FILE` wrote: a JSON object
with the save format's version (`vcompiler_playthrough`), the pack's name and the
state of the table. A file of another pack or of another version, a file that is not
JSON, one whose fields do not have the shape a save gives them (a position that is not
a list starting with its kind, a count that is not a number), or one that names a log,
location, card or planet this pack does not have is reported at its line and not
played. Only a regular file of at most 16 MB is read. Mend: load a file saved from
this pack, or start a new game without --load.""")
NOT_A_VCL_NAME = _code("E113", E, "{name} is not read: a pack reads the files whose names end in .vcl",
                        "a file of a pack whose name is nearly a .vcl file's", """\
A pack reads the files of its folder whose names end in `.vcl`, in lower case. A file
named `logbook.vcl.txt` (as Windows Notepad saves it), `Logbook.VCL` or `logbook.Vcl`
is not read, and everything it defines is missing: the references to it then say the
logs are undefined, which hides the real cause: so the file is an error of its own,
and the references it would have defined stand down. Mend: rename the file to end in
`.vcl` (or in `.bak`, for a copy kept aside).""")
ART_OUTSIDE = _code("E114", E, "art `{path}` is outside the pack: {why}", "art file outside the pack's folder", """\
An `art` line names an image of the pack's own folder, by its path from the folder
that holds pack.vcl (`art "art/cave.png"`). A path that climbs out of it (`../x.png`),
an absolute path (`/home/me/x.png`, `C:\\x.png`), a path with backslashes, or a link
in the folder that leads out of it is refused and not read: a pack is built on other
machines (a CI job, a print shop), where a file outside it is not there, or is not the
file meant, and a build must never print a file it was not given. Mend: copy the image
into the pack's folder and name it from there.""", Example("""\
poi P101 "Cave" {
  art "../shared/cave.png"      // expect: E114
  text "A cave."
}
"""))
ART_MISSING = _code("E115", E, "art `{path}` cannot be read: {why}", "art file missing or unreadable", """\
The image an `art` line names is not in the pack's folder, or cannot be read (a
folder, a pipe, a broken link, a file you may not read). Paths are read from the
folder that holds pack.vcl, whichever file the `art` line is in, and are case-sensitive
on most systems. Mend: fix the path, add the file, or write `art brief "…"` instead:
the component then prints a placeholder, and `vcompiler stats --art` lists it for the
illustrator.""", Example("""\
poi P101 "Cave" {
  art "art/no-such-cave.png"      // expect: E115
  text "A cave."
}
"""))
ART_BROKEN = _code("E116", E, "art `{path}` is not an image vcompiler prints: {why}", "art file damaged or not an image", """\
An `art` image must be a PNG, a JPEG or an SVG file, whole. The file is checked by its
bytes, not its name: a GIF, a WebP, a text file, a PNG cut short by an interrupted copy,
a JPEG whose data is damaged or an SVG that is not well-formed XML is refused here
rather than printed as a hole or failing the build. Mend: export the image again as
PNG or JPEG (SVG for a drawing).""")
UNDEFINED_LOG = _code("E200", E, "undefined log {target}", "undefined log", """\
A reference to a log that no file of the pack defines: in a goto, a choice, a
condition or the text (`{log N}`). The table would turn to a page that does not
exist. Mend: define the log, or fix the number.""", Example("""\
log 1 "Start" {
  -> log 99  // expect: E200
}
"""))
UNDEFINED_CARD = _code("E201", E, "undefined {kind} {target}", "undefined card", """\
A reference to a card the pack does not define: a poi, mission, condition, event,
threat, injury or unique discovery of the vanguard game, or a numbered card of the
vantage game. Mend: define the card, or fix the id.""", Example("""\
log 1 "Start" {
  gain unique 4  // expect: E201
  return
}
"""))
UNDEFINED_LOCATION = _code("E202", E, "undefined location {target}", "undefined location", """\
A reference to a location that the pack does not define: in a compass exit, a goto,
a choice, a depart entry or the text (`{location N}`). Mend: define the location, or
fix the number.""")
UNDEFINED_SECTOR = _code("E203", E, "undefined sector {target}", "undefined sector", """\
A reference to a sector that no planet of the pack has: in a path of the planet, or
in an effect that places a card in a sector. Mend: add the sector to the planet, or
fix the number.""")
UNDEFINED_TRACK = _code("E204", E, "{owner} has no {colour} {what}", "undefined track or outcome colour in this action", """\
`progress COLOUR` and `reduce COLOUR` move a track of the same action (on a threat's
time track, a track of the threat's action); `then COLOUR` and `immediate COLOUR` go
to an outcome row of the same action. Naming one the action does not have leaves the
table with nowhere to put the token. Mend: add the track or the row, or fix the
colour.""")
DUPLICATE = _code("E205", E, "{kind} {name} is defined twice", "duplicate definition", """\
Two definitions share one number or id, so a reference to it is ambiguous and the
books would print two entries under one number. The diagnostic points at the second
definition; the first is given as related. A file that repeats most of another
file's definitions (a copy beside the original, `logbook copy.vcl`), or a subfolder
holding a copy of the pack, is one E205 at the copy instead of one for each definition.
Mend: renumber or remove one; delete a copy, or move it out of the pack's folder.""", Example("""\
log 1 "Start" { return }
log 1 "Again" { return }  // expect: E205
"""))
NUMBER_COLLISION = _code("E206", E, "log {number} is already the number of @{label}",
                          "number collides with a numbered label", """\
A fixed log number is the number `numbers.lock` gives a label: printed books already
send readers there for the label. Mend: choose another fixed number (or remove the
label's entry from numbers.lock if nothing was printed yet).""")
UNKNOWN_VERB = _code("E207", E, "unknown effect verb `{verb}`", "unknown effect verb", """\
The first word of an effect is not a verb of the language. A word spelt more like a
keyword that may start a statement there (`txet "…"`, `lnader`) is named as that
keyword. Mend: use the verb or keyword suggested, or see docs/language.md, section
"Effects".""", Example("""\
log 1 "Start" {
  gian success 1  // expect: E207
  return
}
"""))
BAD_ARGUMENTS = _code("E208", E, "{message}", "effect whose words fit none of its verb's forms", """\
The verb is known but the words after it do not fit any of its forms (`gain success
lots`, `spend die purple`, `roll danger` without its letter). The message names the
first word that does not fit; the hint shows the forms the verb takes, or, for a word
spelt like one a form takes, that word. Mend: as the hint says.
E208 once covered eight other mistakes, each now a code of its own: `for ... crew` on
an effect that befalls no Crewmember (E228), an unknown condition (E229), a word that
is not a requirement term (E230), a card id with another letter than its kind's
(E231), a Danger die not named by one capital letter (E232), an unknown Vantage card
kind (E233), a D10 range that cannot hold (E343) and a requirement of 0 dice (E344).""", Example("""\
log 1 "Start" {
  gain success lots  // expect: E208
  return
}
"""))
OTHER_GAME = _code("E209", E, "{what} belongs to the {game} game, not to this {pack_game} pack",
                    "construct of the other game", """\
Each pack is written for one game (`game vanguard` or `game vantage` in its `pack`
declaration); a construct of the other game cannot be printed in its books. Mend: move
it to a pack of that game, or change the pack's game.""")
UNCHECKABLE = _code("E210", E, "log {number} has no check mark to test",
                     "`if checked log N` where log N has no `check`", """\
`if checked log N` tests the box printed beside log N, but log N has no `check`
statement, so no box is printed and the condition can never hold. A log holding an
error is not reported: what did not parse (`checked`) may be its `check`.
Mend: add `check` to log N, or test something else.""", Example("""\
log 1 "Start" {
  if checked log 2 -> log 2  // expect: E210
  -> log 2
}
log 2 "No box" { return }
"""))
RANGE_EXHAUSTED = _code("E211", E, "no free number left for @{label} in {low}..{high}",
                         "numbering range exhausted", """\
Every number of the pack's `numbering` range is taken by a fixed log or another label.
Mend: widen the range in the pack declaration.""")
NO_PACK = _code("E212", E, "{message}", "no single pack declaration in the folder", """\
A pack is a folder of .vcl files with exactly one `pack` declaration, which names the
game, the title and the start. Mend: add one (docs/language.md, section "The pack"), or remove the
extra one.""")
BAD_PACK = _code("E213", E, "{message}", "pack declaration incomplete or invalid", """\
A pack declaration needs `game`, `title` and `version`, each once, and a `numbering`
range whose low end is not above its high end. Mend: as the message says.""")
BAD_CONFIG = _code("E214", E, "{message}", "invalid project configuration", """\
vcompiler.toml (or the [tool.vcompiler] table of pyproject.toml) takes
`ignore = ["W402", ...]`: the warnings to silence for every pack below it. It cannot
name an error (errors cannot be silenced) nor a code that does not exist. `[cards]`
sizes are width x height in millimetres, 20 to 300; `[print] spoiler_limit` is a
percentage, 0 to 100. Reported at the key.""")
UNKNOWN_BIOME = _code("E215", E, "`{name}` is not a biome", "unknown biome name", """\
Biome icons are printed on POIs, threats, events and sectors, and an event's
main effect applies when a biome of the card matches one of the sector. A name
that is not one of the game's biomes prints no icon and never matches. Mend: use
the name the hint suggests (docs/language.md, section "Biomes").""")
AMBIGUOUS_SECTOR = _code("E216", E, "sector {number} is a sector of {planets}",
                          "`sector N` in an effect names a sector of two planets", """\
An effect that names `sector N` (placing a POI or a threat, replacing a POI)
does not say which planet it means; when two planets of the pack have a sector N,
the table cannot tell which board the card goes on. Mend: say which planet's sector
it is, `sector N of PLANET` (RB 119: one Logbook serves every planet), or renumber the
sectors of one planet.""")
UNDEFINED_DANGER = _code("E217", E, "the pack defines no Danger die {letter}",
                          "a Danger die letter the pack's `danger` declarations do not define", """\
`roll danger LETTER`, and an action's `danger N LETTER`, send the table to the section
of the Danger die Reference card with that letter (RB 1455, 1670). The box's card
gives the Tutorial's table, T, to every pack; a pack declares any other letter it
rolls (`danger B "Blizzard" { ... }` for a table it prints, `danger C "Cave-in"` for
one of the box's card it names), and a letter it does not declare has no table to
look up. A letter a misnamed declaration (E232: `danger Tx`) was meant to declare is
not also undefined. Mend: fix the letter, or declare it.""")
GIVEN_TWICE = _code("E218", E, "{said} is given twice in {where}",
                     "a line given twice where a declaration takes one", """\
Some lines say one thing about their declaration: a card's `boost`, `slots`,
orientation and `ending`, an action's `result`, the exit at each compass point of a
location, a sector's `at`, a threat's `standees`, a planet's `lift_off` and `evac`, a
printed condition's `supplies`. The printed component has room for one: a second line
would silently replace the first, or be dropped. Reported at the second, with the
first as related. (A pack's settings are E213, a planet's Landing card, System Maps
entry and `events if` line E226, a sector's second printed POI E328.) Mend: keep one;
for an exit, give the other neighbour another compass point.""")
TWO_STARTS = _code("E225", E, "pack {pack} has a Starting Log and a `start` as well",
                    "`start` given beside a Starting Log", """\
Reading starts at one place. `log start` declares the Starting Log, where a vanguard
campaign begins (printed first in the Logbook, with no number); a pack that has one
needs no `start` in its declaration, and one that names another log contradicts it.
Mend: remove the pack's `start`, or number the log.""")
PLANET_ONCE = _code("E226", E, "planet {planet} has {what} already",
                     "a planet's Landing card, System Maps entry or `events if` line given twice", """\
A planet has one Landing card and one entry in the System Maps book; a second
`landing` or `system_map` line would print a second card or row the players cannot
tell apart. It says once when its Event cards are drawn: a second `events if` line
would leave the table two rules to choose from. Mend: keep one.""")
UNKNOWN_SKILL = _code("E227", E, "`{name}` is not a skill", "a skill name the game has no token for", """\
A cost names the skill tokens that lower it, and `gain skill`, `lose skill`, `pay
skill` and `if has skill` name a token; the game has a fixed set of them (the table in
docs/language.md, section "Skills"), so a name outside it is a token no player can hold.
Mend: fix the spelling; the hint suggests the nearest skill.""")
CREW_ON_TEAM_EFFECT = _code("E228", E, "`{form}` does not befall one Crewmember, so `for ... crew` cannot say who",
                             "`for ... crew` on an effect that befalls no Crewmember", """\
`for all crew`, `for random crew` and `for chosen crew` say which Crewmember an effect
befalls (RB 908, 1258, 1447): one that spends a die, takes an injury or loses a turn.
An effect on the team as a whole (`gain success 1`, `roll danger T`) befalls nobody in
particular, so the words say nothing the table can follow. Mend: remove `for ...
crew`, or put it after the effect it is meant for (`spend die for chosen crew`).""", Example("""\
log 1 "Start" {
  gain success 1 for all crew  // expect: E228
  spend die for chosen crew
  return
}
"""))
UNKNOWN_CONDITION = _code("E229", E, "unknown condition `{shown}`", "a condition the game does not have", """\
`if CONDITION -> ...` tests one of the conditions of the pack's game
(docs/language.md, section "Logs"); these words match none of them. A condition spelt
like one of them (`if chekced log 2`) is named as that one, with the writer's own
numbers. Mend: use the condition the hint suggests, or one of those it lists.""", Example("""\
log 1 "Start" {
  if sunny day -> log 2  // expect: E229
  return
}
log 2 "Sunny" { return }
"""))
UNKNOWN_REQUIREMENT = _code("E230", E, "`{shown}` is not a requirement term", "a requirement term that is not one", """\
A requirement (`outcome green: 2 physical + die => ...`) is a sum of terms, each an
optional count and a dice icon, a die colour, `die` or `same`; a special's may also
say `missing ICON`. Any other word is a die the table cannot match. An icon cut short
(`tech`, `sci`) is named as the icon it starts. Mend: as the hint says.""", Example("""\
poi P101 "Ridge" external {
  action "Climb" {
    outcome green: physical + tech => gain success 1  // expect: E230
    outcome red => nothing
  }
}
"""))
CARD_ID_LETTER = _code("E231", E, "{described}'s id starts with {letter}, not {first}",
                        "a card id that starts with another kind's letter", """\
The first letter of a Vanguard card's id says its kind (P a POI, M a mission, G a
Global Condition, E an event, T a threat), and the printed card and every reference to
it are read by that letter. An id with another letter is a card the table files under
another kind. Mend: renumber it with its kind's letter, or declare it as the card its
id says it is.""", Example("""\
threat P12 "Stalker" external { }  // expect: E231
"""))
DANGER_NAME = _code("E232", E, "a Danger die is named by one capital letter, not `{name}`",
                     "a Danger die declaration not named by one capital letter", """\
A table of the Danger die Reference card is named by the letter inside its icon, as
`roll danger LETTER` names it (RB 1455): `danger T "Tutorial" { ... }`. A longer name
or a small letter is no icon the dice show. The die is not also reported unrolled
(W409), nor a `roll danger` of the letter it starts with undefined (E217). Mend: name
it by its letter.""", Example("""\
danger Tx "Tutorial"  // expect: E232
"""))
UNKNOWN_VANTAGE_KIND = _code("E233", E, "`{kind}` is not a kind of card", "an unknown Vantage card kind", """\
A Vantage card is declared `card N KIND "Name" { ... }`, KIND one of the kinds the
game prints (docs/language.md, section "Storybooks and cards"); another word is a card
the table has no place for. A kind spelt like one of them is named as that kind. Mend:
use one of the kinds the hint lists.""", Example("""\
card 5 weapon "Sword" {  // expect: E233
  text "Sharp."
}
""", "vantage"))
NOT_A_PILE_POI = _code("E237", E, "`{card}` in the setup's POI pile is not a POI card",
                        "a card of another kind in a planet setup's POI pile", """\
`pois` in a planet's `setup` lists the POI cards laid face down beside the board
(RB 448), from which logs and cards place them. A Mission, Event or Threat card there
would be drawn as a POI. Mend: list POI cards only; Event cards go in `events`, Injury
cards in `injuries`, a mission on the planet (`mission M01`).""", Example("""\
planet p "P" {
  setup {
    pois P101, M01  // expect: E237
  }
  sector 1 { lander; poi slot }
}
poi P101 "Rock" external { final }
"""))
UNKNOWN_DECK = _code("E238", E, "`{name}` is not a Discovery deck of this pack",
                     "a Discovery deck that neither the game nor the pack declares", """\
`decks` in a planet's `setup` and `gain lead N on DECK` name the Discovery decks laid
above the board (RB 1511). The game's five (mineral, biological, technological,
xenological, anomaly) are always there; a pack whose rulebook names others ("Live
Specimen", RB 1274) declares them in its `pack` with `decks "Live Specimen"`. Mend:
fix the spelling, or declare the deck.""", Example("""\
planet p "P" {
  setup {
    decks mineral, "Live Specimen"  // expect: E238
  }
  sector 1 { lander }
}
"""))
UNKNOWN_PLANET = _code("E239", E, "the pack has no planet `{planet}`", "`sector N of PLANET` naming no planet", """\
`sector N of PLANET` names a sector on the board of one planet of the pack (RB 119:
one Logbook serves every planet, and each board numbers its own sectors). PLANET is
the id of a `planet` declaration: `planet inner_hull "The Inner Hull" { ... }` is
named `sector 2 of inner_hull`. Mend: fix the id; the hint lists the pack's planets.""", Example("""\
log 2 "Deeper" {
  place poi P101 in sector 1 of inner_hul  // expect: E239
  return
}
planet inner_hull "The Inner Hull" {
  sector 1 { lander; poi slot }
}
poi P101 "Rock" external { final }
"""))
SECTOR_TWO_LOGS = _code("E242", E, "sector {number} reads one log; `{effect}` would not be printed",
                        "a sector given a second log or effect", """\
A sector prints the number of one log read on entering it (`sector 4 { -> log 311 }`):
no second number, and no choice between logs (`-> log 2 / -> log 3`). The board and
the bundle keep only the first, so the others would be lost without a word. Mend: keep
one goto, and put the choice (`choice "..." -> log N`) in the log it reads.""", Example("""\
log 1 "Start" { return }
log 2 "Entered" { return }
log 3 "Elsewhere" { return }
planet p "P" {
  sector 1 { lander }
  sector 2 {
    -> log 2 / -> log 3  // expect: E242
  }
  path 1 <-> 2 [travel]
}
"""))
ZERO_AMOUNT = _code("E243", E, "`{form}` gives or takes nothing: its amount is 0", "an effect with an amount of 0", """\
An effect's amount is how many of something the table gains, loses, draws or moves
(`gain success 2`); an amount of 0 prints an instruction that does nothing ("Gain 0
success"), most often a digit left out or a placeholder never filled in. Mend: write
the amount meant, or remove the effect (`nothing` where a row must say something).""", Example("""\
log 1 "Start" {
  gain success 0  // expect: E243
  return
}
"""))
EVENT_WITHOUT_MAIN = _code("E244", E, "{event} has no `{part}` effect", "an Event card without its main or secondary effect", """\
An Event card has two effects (RB 907-908): the secondary effect, at its top, resolved
when none of its Biome icons matches the Crewmember's Sector, and the main effect, in
its lower part, resolved when one does. A card without one of them prints an empty
half, and the table cannot resolve the draw it was meant for. Mend: add `main
EFFECTS` (or `secondary EFFECTS`); write `nothing` when nothing happens.""", Example("""\
event E01 "Eerie Voices" external {  // expect: E244
  biomes tutorial
  secondary progress time all
}
"""))
TWO_CONDITIONS = _code("E245", E, "planet {planet} starts with {first} already; the board has one Global Condition space",
                       "a planet given two starting Global Conditions", """\
The bottom-right space of a Planet board holds one Global Condition (RB 443): the one
printed on the board, or a card placed there at setup. Another card replaces it
during play (`set condition G02` in a log or on a card), never sits beside it. A
second `condition` line on a planet would not be printed on the board. Mend: keep one
`condition` line, and put the others into play with `set condition`.""", Example("""\
condition G01 "Flickering Lights" external { text "The lights flicker." }
planet p "P" {
  condition printed "Hull Tremors" { travel spend die }
  condition G01  // expect: E245
  sector 1 { lander }
}
"""))
GUIDE = _code("E246", E, "{message}", "a storybook guide given twice, or in a vanguard pack", """\
`guide BOOK "TEXT"` in the pack declaration is the reference guide printed on the back
cover of one storybook (VR 14): `look`, `move`, `engage`, `help`, `take`, `overpower`
or `depart`. A book has one back cover, so a second guide for it would not be
printed; a vanguard pack prints a Logbook, which has none. Mend: write everything the
book's guide says in one `guide`, or remove it.""")
RED_REQUIREMENT = _code("E300", E, "a red outcome cannot have a requirement; remove `: {requirement}`",
                         "red outcome with a requirement", """\
The red outcome is what happens when the players fail: it never has a
requirement. A requirement on it leaves the table with no outcome when the dice
match nothing. Mend: remove the requirement (`outcome red => ...`).""", Example("""\
poi P101 "Ridge" external {
  action "Climb" {
    outcome green: physical => gain success 1
    outcome red: scouting => spend die  // expect: E300
  }
}
"""))
ROW_ORDER = _code("E301", E, "outcome {colour} comes after {previous}; rows go yellow, green, red",
                   "outcome rows not in order yellow, green, red", """\
Outcome rows are printed and read top to bottom: yellow, green, red. A row out
of that order is resolved in the wrong order at the table. Mend: move the row.""", Example("""\
poi P101 "Ridge" external {
  action "Climb" {
    outcome green: physical => gain success 1
    outcome yellow: 2 physical => gain success 2  // expect: E301
    outcome red => nothing
  }
}
"""))
ROWS_AND_TRACKS = _code("E302", E, "action {name!r} has both outcome rows and tracks",
                         "action mixes outcome rows and tracks", """\
An action resolves either through outcome rows or through tracks, never both:
the card has no room to print both and the rules say nothing of mixing them.
Mend: split it into two actions, or keep one kind.""")
CONNECTED_LOOP = _code("E303", E, "connected outcomes of {name!r} form a loop: {cycle}",
                        "connected outcomes (`then`) form a loop", """\
`then COLOUR` connects an outcome to another, which is resolved next. Connected
outcomes that lead back to themselves never end. Mend: break the loop.""")
TRACK_LENGTH = _code("E304", E, "track {colour} has {length} spaces; a track has 1 to 10",
                      "track length outside 1..10", """\
A track is 1 to 10 spaces long: that is what a card prints. Mend: shorten it,
or split the check.""", Example("""\
poi P101 "Pump" external {
  action "Repair" {
    track green 12 => gain success 1  // expect: E304
  }
}
"""))
TWO_ACTIONS = _code("E305", E, "location {number} has two {category} actions",
                     "two actions of one category on one location", """\
A location has at most one action of each category (move, look, engage, help,
take, overpower): the storybook has one entry per location and category.
Mend: merge the two actions, or move one to another category.""", Example("""\
location 1 "Beach" {
  look "Look down" cost 1 {
    result { gain morale 1 }
  }
  look "Look up" cost 1 {  // expect: E305
    result { gain morale 1 }
  }
}
""", "vantage"))
STAR_WITHOUT_DEPART = _code("E306", E, "{direction} of location {number} is starred but no depart entry {number} {direction} exists",
                             "starred compass point with no depart entry", """\
A compass point marked `*` sends players to the depart storybook under the
location's number and that direction; without the entry they are stranded. An
entry that did not parse (E100) is not also missing, nor is any of its location's
when its direction is not a compass point at all.
Mend: add `depart N DIRECTION "Action" cost N { ... }`.""")
DEPART_WITHOUT_STAR = _code("E307", E, "depart entry {number} {direction}, but {direction} of location {number} is not starred",
                             "depart entry for a point that is not starred", """\
A depart entry is read only from a compass point marked `*`; an entry for a
point that is not starred can never be read. Mend: star the point
(`west *`), or remove the entry.""")
NO_RED_ROW = _code("E308", E, "action {name!r} has outcome rows but no red row", "outcome rows with no red row", """\
An action with outcome rows has a red row: what happens when the dice match
no other row. Without it the table does not know what failure does.
Mend: add `outcome red => nothing` if failure does nothing.""", Example("""\
poi P101 "Ridge" external {
  action "Listen" {  // expect: E308
    outcome green: physical => gain success 1
  }
}
"""))
NO_START = _code("E309", E, "{message}", "pack without `start`, or start target undefined", """\
Every pack names where reading starts (`start log 1` or `start location 0`), and
that entry exists: it is the root everything else is reached from.
Mend: as the message says.""")
CARD_ONLY_EFFECT = _code("E310", E, "`{form}` happens on a card, not in a log", "card-only effect in a log", """\
Some effects only mean something while a card is resolved: `then` and
`immediate` name an outcome row, `progress COLOUR` a track of the action, `threat
move` and `threat attack` the threat whose time track runs, `travel` the travel
cost of a path. A log is read away from any card, so the table has nothing to
apply them to. Mend: say it with a log's own effects (`progress time`, `roll
danger T`, `-> log N`), or move it to the card.""", Example("""\
log 1 "Start" {
  then green  // expect: E310
  return
}
"""))
PATH_TO_ITSELF = _code("E311", E, "path {a} {arrow} {b} leads from sector {a} to itself",
                        "path from a sector to itself", """\
A path joins two sectors of the board; a path from a sector to itself cannot be
drawn and no Travel action takes it. Mend: fix the number of one end.""")
PATH_EFFECT = _code("E312", E, "`{form}` is not a travel cost", "effect on a path other than its travel cost", """\
What a path prints is the cost of travelling along it: the Travel icon
(`travel`, the global condition's travel effect), spending or sacrificing a die, a
danger die, supplies or time. Anything else (a goto, a gain, a card placed) has no
icon on a path. Mend: put the effect on the sector the path leads to
(`sector N { -> log 311 }`) or in a log.""")
DANGER_ZERO = _code("E313", E, "action {name!r} rolls 0 danger dice", "`danger 0` on an action", """\
`danger N` prints the danger die icon beside the action's name: N danger dice
are rolled with the check. `danger 0` prints an icon that asks for no die.
Mend: leave `danger` out when the check rolls no danger die.""")
UNREAD_STATEMENT = _code("E314", E, "this line of log {number} is never read: {after} comes before it",
                          "statement after a log's way out", """\
A log is read from the top. Once the reader is sent elsewhere (`-> log N`,
`return`, `end exploration`, or an `else` that closes its `if` lines), nothing below
is read, but the book still prints it. Reported once per log, at the first line
that is never read. Mend: move the line above the way out, or remove it.""", Example("""\
log 1 "Start" {
  return
  text "Never read."  // expect: E314
}
"""))
ELSE_BEFORE_IF = _code("E315", E, "{message}", "`else` before its `if`", """\
`else -> log N` is where the reader goes when none of the `if` lines right above
it holds. An `else` with no `if` before it prints "Otherwise" before the condition
it stands for, or with no condition at all. Mend: put the `else` right after its
`if` lines, or write `-> log N` when there is no condition.""")
SECTOR_EFFECT = _code("E316", E, "sector {number} prints a log to read, not `{effect}`",
                        "an effect in a sector other than the log read on entering", """\
A sector of the board prints a POI, a POI slot or the number of a log read on
entering it (`sector 4 { -> log 311 }`); it has no room for any other effect, and
no way to offer a choice of logs. Mend: put the effect at the start of the log
the sector sends the reader to.""")
ACTION_SHAPE = _code("E317", E, "{message}",
                      "a Special Action that mixes a dice check with plain effects, or has neither", """\
A Special Action is either a dice check (outcome rows or tracks, with `special`
lines) or text and effects the Crewmember follows (RB 1110). Effects written bare in
a dice check have no outcome to belong to; an action with neither prints an empty box.
Mend: move the effects into a row, or make two actions.""")
DANGER_WITHOUT_CHECK = _code("E318", E, "action {name!r} rolls danger dice but makes no dice check",
                              "`danger N` on an action with no dice check", """\
`danger N` asks for N Danger dice rolled with the action's dice check; an action of
text and effects makes no check to roll them with. Mend: write `roll danger LETTER`
among its effects, or give it outcome rows.""")
D10_WITHOUT_ROLL = _code("E319", E, "`if d10 ...` reads a D10 that this log has not rolled yet",
                          "D10 condition with no `roll d10` before it", """\
`if d10 LOW to HIGH -> log N` tests the D10 the players rolled for this log (RB
1699): the lines test one roll, in order. With no `roll d10` above them there is no
roll to read. Mend: add `roll d10` before the first `if d10` line.""")
NO_SECONDARY_STANDEE = _code("E320", E, "threat {card} has no secondary standee to place",
                              "`place standee` of a threat with one standee", """\
`place standee T01 in sector N` puts one of the threat's secondary standees on the
board (RB 1447); a threat has them only when its card says how many standees it has
(`standees N`, N of 2 or more). Mend: add `standees N` to the threat, or place the
threat itself with `place threat`.""")
NO_TIME_TRACK = _code("E321", E, "`{form}` moves a Time Track, and {where}",
                       "a Time Track effect with no Time Track to move", """\
`progress time`, `reduce time` and `reset time` move the Time Track of the card they
are printed on (RB 1432), or, on a card without one and in a log, the Time Tracks in
play (a Global Condition's, a POI's, a threat's: RB 913-923). A pack in which no card
has a time track prints an instruction the table cannot follow. Mend: give the card
a time track (`time N => EFFECTS`), or the planet a Global Condition with one; name
the card whose track it is (`progress condition G01`), or write `progress time all`,
which moves every Time Track in play and none when there is none (RB 907).""")
SECTOR_POIS = _code("E328", E, "{message}", "a sector with two POIs, or a printed POI beside a POI slot", """\
A sector of the board holds one POI: a card printed on it (`poi P101 printed` or
`poi printed "Name" { ... }`), or an empty slot where a card is placed later
(`poi slot`). The board prints only one of them, so a second would be lost without a
word. Mend: keep one, and put the other POI in a sector of its own.""")
TIME_TRACK = _code("E329", E, "{message}", "a time track with spaces out of 1..10, out of order or given twice", """\
A card's time track is printed as numbered spaces: `time N => EFFECTS` on a POI, a
Global Condition or a mission is a track of N spaces, and a threat's `space N =>
EFFECTS` lines are its spaces, each with what happens as the token enters it. The
spaces run 1, 2, 3... in the order written, at most 10, and a card has one time
track: a space written twice, skipped, or a second `time` line prints a track the
table cannot follow. Mend: number the spaces from 1 in order (`space 2 => nothing`
for a space where nothing happens), and keep one `time` line.""")
STORYBOOK_KEY = _code("E330", E, "the {category} storybook already has entry {number}",
                       "two entries of one storybook under one number", """\
A storybook is read by number: a location's or a card's number in the book of the
action's category. Two entries under one number (a card numbered like a location, both
with a `take` action, or a card with two `look` actions) print two identical keys, and
the reader cannot tell which is theirs. Two actions of one category on one location
are E305. Mend: renumber the card, or give one action another category.""")
DEPART_NEVER_MOVES = _code("E331", E, "depart entry {number} {direction} never moves the player",
                            "depart entry whose result never moves the player", """\
A depart action takes the player away in the direction they declared; its result must
say where they arrive (`-> location N`) or end the game, or the player is left where
they stood. Mend: end the result with `-> location N`, or make it a location action
instead.""")
EXIT_TO_ITSELF = _code("E332", E, "{direction} of location {number} leads to location {number} itself",
                        "compass exit to its own location", """\
A compass number is the neighbour a player walks or swims to; a location cannot be its
own neighbour. This is almost always a typo in the number, so the location is not also
reported as having no way out (W410), nor its neighbours as not pointing back (W403)
or unreachable (W400). Mend: write the neighbour's number, or `*` with a depart entry
if the direction loops back in the story.""")
SETUP_ELSEWHERE = _code("E333", E, "`{what}` belongs to the setup location 000, not to location {number}",
                         "setup line on a location other than 000", """\
The setup steps, the characters players gain, the starting levels and the choices of
where each player crashes are printed on location 000, on the back of the Book of
Vantages, which every table reads first (VR 17-18). On any other location, leaving is
an action with a cost (VR 23, 50-54): a `choice` printed there would be a move that
costs nothing. Mend: move the line to `location 000`; for a way out of another
location, write a compass exit, a starred point with its depart entry, or
`-> location N` in an action's result.""")
NOT_A_CHARACTER = _code("E334", E, "card {number} is {kind} card, not a character",
                         "`character N` naming a card that is not a character", """\
Location 000 hands each player a character card (VR 17); `character N` names one.
Mend: name a `card N character`, or declare the card as a character.""")
BAD_LEVEL = _code("E335", E, "{message}", "starting level out of range, repeated, or recommended twice", """\
A starting level sets time, morale and health, each from 1 to 6, the range of a stat's
track (VR 18, 85). Its name is said once, and at most one level is `recommended` for
a first game. Mend: as the message says.""")
BOOST_COST = _code("E336", E, "{message}", "boost payment where no card holds boost, or more than it holds", """\
Some card actions also take boost from the card they are on (VR 47): `cost N boost M`.
A location or depart action has no card to take it from, and a card holds at most its
boost capacity (`boost N`, VR 64), so it can never pay more. The same goes for a
`power boost M`. Mend: give the card the capacity, lower the payment, or remove it.""")
BAD_EXCLUSION = _code("E337", E, "{message}", "`excludes` naming an action the location does not have", """\
`excludes CATEGORY` marks location actions that contradict each other: after one is
taken, a later visitor may not take the other (VR 39). It names another action of the
same location. Mend: name a category the location has, other than the action's own.""")
BAD_SLOT = _code("E338", E, "`{face}` is not a challenge die face", "slot accepting an unknown die face", """\
A slot names the challenge die faces it accepts: `time`, `morale`, `health`, `blank`,
`setback`, or `any` (VR 93: unless a slot says otherwise, blanks and setbacks go
anywhere). Mend: write one of these.""")
PAYMENT_ALONE = _code("E339", E, "`{form}` is a payment: it buys the effects after `=>`",
                       "a `pay` form outside `pay ... =>`", """\
A payment in a result is a cost: when it cannot be paid, the player does not gain what
it buys (VR 94). It is written `pay coin 2 => gain card 1201`; on its own, or among
effects, it buys nothing. Mend: write the `pay ... => ...` line, or `lose` for a loss
that happens whether or not the player has it (VR 86).""")
ENDING_ELSEWHERE = _code("E340", E, "card {number} is {kind} card; only a mission has a game-end entry",
                          "`ending` on a card other than a mission", """\
When a player's time, morale or health reaches 0, the game ends and the table reads
the mission's entry in the take storybook (VR 71). Mend: move the `ending` to the
mission card.""")
COMPLETES_WRONG_KIND = _code("E341", E, "`{form}` names card {number}, {kind} card",
                              "completing a card that is not a mission or destiny", """\
`complete mission N` names a mission card and `complete destiny N` a destiny card
(VR 69-70): the table's choice to end the game, and the kind of victory, come from
it. Mend: name the mission or destiny, or declare the card as one.""")
NO_RESULT = _code("E342", E, "action {name} has {what}", "an action without its result", """\
Acting is paying the cost and then reading the action's result (VR 29, VR 40): the
storybook sends the player to the result's entry, which would be empty. Mend: add
`result { ... }` with what the action does, after its text.""")
D10_RANGE = _code("E343", E, "a D10 shows 1 to 10, so `d10 {low} to {high}` cannot hold as written",
                   "a D10 range outside 1..10 or written high end first", """\
`if d10 LOW to HIGH -> ...` holds when the D10 the players rolled shows a face from
LOW to HIGH. A D10 shows 1 to 10, so a range past 10, from 0, or with its high end
first holds for no roll, and the way it leads to is never taken. Mend: write the low
face first, both from 1 to 10.""", Example("""\
log 1 "Start" {
  roll d10
  if d10 9 to 2 -> log 2  // expect: E343
  else -> log 2
}
log 2 "Rolled" { return }
"""))
NO_DICE_REQUIRED = _code("E344", E, "a requirement needs at least 1 die, not {count}", "a requirement of 0 dice", """\
A requirement's count says how many dice of the icon the outcome needs; a count of 0
needs nothing, and the row would be taken on any roll. Mend: leave the count out for
one die, or remove the requirement.""", Example("""\
poi P101 "Ridge" external {
  action "Climb" {
    outcome yellow: 0 physical => gain success 1  // expect: E344
    outcome red => nothing
  }
}
"""))
ACCIDENT_COMBINATION = _code("E348", E, "an Accident cannot be used for a Dice Combination",
                              "`accident` in a Dice Combination's requirement", """\
A Dice Combination is paid with rolled dice showing its icons; the rules never let an
Accident result pay for one (RB 1195, 1331, 1770), so a combination asking for
`accident` can never be taken. Mend: name the icons the combination is paid with;
an effect on Accidents rolled is a `special accident => ...` row.""", Example("""\
condition G01 "Storm" {
  travel spend die
  combination accident + physical => gain lead 1  // expect: E348
}
"""))
NO_TRACK_ON_CARD = _code("E353", E, "`{form}` moves the Time Track of {card}, which has none",
                         "a named card's Time Track moved, on a card with no time track", """\
`progress poi P101`, `reduce threat T01`, `reset condition G01` and the like move the
Time Track printed on the card they name (RB 913-923): a POI's or a Global
Condition's `time N => EFFECTS` line, a threat's `space N` lines. A card without one
has nothing to move, and the table looks for a track that is not printed. Mend: give
the card its time track, or name the card that has one.""", Example("""\
poi P101 "Ridge" external {
  action "Climb" {
    outcome green: physical => gain success 1
    outcome red => nothing
  }
}
log 1 "Start" {
  progress poi P101  // expect: E353
  return
}
"""))
ROW_ALWAYS_MET = _code("E354", E, "the {colour} outcome of action {name!r} has no requirement, so the rows below it are never marked",
                       "an outcome row with no requirement above other rows", """\
The outcomes of a dice check are checked from the top row down, and the first whose
requirement is met is marked (RB 1252); the red row has no requirement and is marked
when no other is. A yellow or green row without a requirement is always met, so no
row below it, the red one included, is ever marked. Mend: give the row its
requirement (`outcome green: physical => ...`).""", Example("""\
poi P101 "Ridge" external {
  action "Climb" {
    outcome green => gain success 1  // expect: E354
    outcome red => nothing
  }
}
"""))
NO_UNIQUE_SLOT = _code("E356", E, "`gain unique top` takes the top Unique Discovery of the board, and no planet of this pack has one",
                       "`gain unique top` in a pack with no Unique Discovery space", """\
`gain unique top` takes the top Unique Discovery card from the Planet board's Unique
Discovery space; a planet deals its cards there with `unique N else EFFECTS` lines
(RB 433). In a pack where no planet has one, the table finds no card to take. Mend:
give the planet its Unique Discoveries, or name the card (`gain unique 1`).""", Example("""\
log 1 "Start" {
  gain unique top  // expect: E356
  return
}
"""))
AFTER_CONTINUE = _code("E357", E, "this line of the result is never read: {after} comes before it",
                       "a result line after `continue`, a move or the game's end", """\
A result is read from the top, and `continue` (or `may continue`), `-> location N` and
`end game` end it: the player goes on with the turn, moves, or the game is over. What
is printed below is read by no one, and `play` never applies it. Reported once per
result, at its first line that is never read. Mend: move the line above, or remove
it.""", Example("""\
location 1 "Beach" {
  look "Look around" cost 1 {
    result {
      continue
      gain coin 1  // expect: E357
    }
  }
}
""", "vantage"))
DEAD_END = _code("E401", E, "log {number} has no way out", "dead end: no way out", """\
Every log ends in a way out: `-> log N`, `else -> log N`, two or more
`choice`s, `if d10` lines that hold every face of the roll, `return` (back to the
board) or `end exploration`. A log without one
leaves the table with the book open and nothing to do. A log holding an error is
not also reported: what did not resolve (`retrun`) may be its way out.
Mend: add the way out the story means, often `return`.""", Example("""\
log 1 "Start" {
  -> log 2
}
log 2 "Stuck" {  // expect: E401
  text "Nothing more happens."
}
"""))
CARD_TOO_LARGE = _code("E510", E, "{card} is {size}, larger than a sheet of {paper}", "card larger than the paper", """\
A card with its 3 mm bleed must fit on the sheet inside the margins for the cut
marks. Mend: give the kind a smaller size under [cards] in vcompiler.toml, or use
`--card-layout single`, which prints one card a page at its own size.""")
BAD_PLACE = _code("E511", E, "{message}", "sector pinned to a place the board cannot print", """\
`at COLUMN, ROW` in a sector pins its place on the printed board (from 0, 0 at the top
left). Two sectors of one planet cannot share a place, and a place lies at most 15
columns or rows from the corner. Mend: give each pinned sector a place of its own, or
leave `at` out and let the board's layout place it.""")
NO_COPIES = _code("E512", E, "{card} asks for 0 copies", "a card printed no times", """\
`copies N` says how many of a card the card sheets print; a card is printed at least
once, so `copies 0` would still print one. Mend: leave the card out of the pack, or
write `copies 1`.""")
PATH_TWICE = _code("E513", E, "path {a} {arrow} {b} goes from sector {x} to sector {y} as path {first} does",
                    "two paths the same way between two sectors", """\
The board draws one arrow for each way a crew may travel between two sectors, with its
cost on it (RB 585-587). Two paths that both lead from one sector to the other (`path 1
<-> 2` and `path 2 <-> 1`, or `path 1 <-> 2` and `path 1 -> 2`) print two arrows the
same way with two costs, and a player cannot tell which to pay. Paths the opposite way
(`path 5 -> 6 [...]` and `path 6 -> 5 [...]`) are two arrows, each with its own cost,
and are fine. Mend: keep one path for each way, or make them one-way paths that go
opposite ways.""", Example("""\
planet p "P" {
  sector 1 { lander }
  sector 2 { poi slot }
  path 1 <-> 2 [travel]
  path 2 -> 1 [spend die]  // expect: E513
}
"""))
ART_TOO_LARGE = _code("E516", E, "art `{path}` is too large to print: {why}", "art image too large to decode", """\
An image is decoded whole to be printed, and a small file can claim an enormous size
(a PNG of 30,000 x 30,000 pixels compresses to a few kilobytes and takes gigabytes to
decode: a decompression bomb). vcompiler reads an image's size from its header before
decoding a pixel, and refuses one over 12,000 pixels a side or 60 million pixels in
all, or a file over 32 MB. No printed component needs that much: a card's art at 300
dpi is about 820 x 280 pixels, an A4 board 3,508 x 2,480. An SVG's bomb is a few
`<use>` elements that repeat one another: one that would draw more than 200,000 shapes
is refused too. Mend: save the image at the size it prints (`vcompiler stats --art`
says it), or an SVG as PNG.""")
ART_LOADS = _code("E517", E, "art `{path}` loads what is not its own: {why}", "SVG art that loads other files", """\
An SVG image can name other files and addresses (`<image href="…">`, a stylesheet's
`url(…)` or `@import`) and declare entities in a DOCTYPE, which read files when the
XML is parsed. The renderer would follow them outside the pack, or fail on them, so an
SVG that loads anything but its own parts (`#id`) and `data:` URIs is refused. Mend:
embed the image it loads (as a `data:` URI), or export the drawing as PNG.""")
ART_EMPTY = _code("E518", E, "an `art` line says nothing: {why}", "`art` line with an empty path or brief", """\
An `art` line names an image or says what one should show; an empty one does neither.
An empty path (`art ""`) names no file, and an empty brief (`art brief ""`, or one of
blanks) prints a placeholder that tells the illustrator nothing and is listed by
`vcompiler stats --art` with nothing to draw from. Mend: name the image, write what
the picture should show, or remove the line.""", Example("""\
poi P101 "Cave" {
  art brief " "      // expect: E518
  text "A cave."
}
"""))
BOOKLET_ONLY = _code("E522", E, "{option} is for booklets, and this build prints none", "booklet option without --booklet",
                     """\
`--signature N` (pages per stapled signature) and `--paper-thickness` (what the creep
of a thick signature is made up for with) shape a booklet, so without `--booklet`
they would change nothing, silently. The command exits with status 2, as on any
misused option. Mend: add `--booklet`, or leave the option out.""")
BAD_TRANSLATION_FILE = _code("E600", E, "{message}", "translation file unreadable", """\
A translation file (`locale/LANG.po`) cannot be read: it does not parse as a PO file
(the message gives the line gettext's reader stopped at), it is not UTF-8 or declares
another charset, or it is a link out of the pack. Nothing of it is used. Mend: open it
in a PO editor (Poedit, Lokalize), which shows the broken entry, or as the hint says.""")
TRANSLATION_REFERENCE = _code("E601", E, "the translation of `{id}` {what}", "translation that changes a reference", """\
A translation must keep every `{log N}`, `{card ID}`, `{location N}` and `{icon NAME}`
of its source, as written: numbers, cards and icons are the same in every edition, and
a reference dropped or changed in one language strands that edition's table. Where the
sentence reads better with the references in another order, move them; never change
or drop one. Mend: copy the reference from the source text (`msgid`).""")
TRANSLATION_MARKUP = _code("E602", E, "the translation of `{id}`: {message}", "markup error in a translation", """\
The translation's markup does not read: an emphasis that does not close, a reference
written in a form the language does not have. The same rules hold as for the source
(docs/language.md, "Text markup"). Mend: as the message says.""")
MISSING_PHRASE = _code("E603", E, "the {language} edition cannot be printed: vcompiler's {language} phrasebook "
                                   "has no {missing}", "phrase missing from the game's phrasebook", """\
A translated edition prints the game's own words (an effect's "Go to Log 206.", a
heading's "Results", a card's "Point of Interest") from vcompiler's phrasebook in that
language; vcompiler ships English, German (`de`) and the pseudo-locale `qps`. A
language whose phrasebook lacks a phrase would print it in English in the middle of a
translated book, so the edition is not made. Mend: build a language vcompiler speaks,
or add the phrases named to a phrasebook (vcompiler/registry/phrases_LANG.py).""")
INTERNAL = _code("E900", E, "{message}", "internal error", """\
The compiler failed on its own: the content may well be fine. The message says what
failed; please report it with the pack that triggers it. The command exits with
status 2; `vcompiler --debug ...` prints the traceback.""")
UNUSED_ALLOW = _code("W100", W, "`// allow {allowed}` silences nothing: this declaration has no {allowed}",
                      "`// allow` that silences nothing", """\
An `// allow CODE` comment silences CODE in its declaration; this one found nothing
to silence there (the warning was mended, or it is reported elsewhere). A stale allow
would hide the warning when it comes back. Mend: remove the comment.""")
BAD_ALLOW = _code("W101", W, "{message}", "`// allow` naming no warning", """\
`// allow` takes warning codes as `vcompiler rules` lists them (`W400`): this one
names an unknown code, a code in lower case, or an error (errors cannot be silenced),
so it silences nothing. Mend: as the hint says.""")
MISPLACED_ALLOW = _code("W102", W, "`// allow` silences only at the end of a declaration's first line; "
                                   "here it silences nothing", "`// allow` where it silences nothing", """\
An `// allow CODE` comment silences its declaration only at the end of the
declaration's first line; on a line of its own (say, above the declaration) it is an
ordinary comment. Mend: move it to the end of the declaration's first line.""")
UNKNOWN_SETTING = _code("W103", W, "unknown setting `{name}`; it is ignored", "unknown setting in vcompiler.toml", """\
vcompiler.toml (or [tool.vcompiler] in pyproject.toml) takes `ignore`, `[cards]` and
`[print]` (`spoiler_limit`); any other key is ignored, so a misspelt `ingore`
silences nothing, and a `spoiler_limit` outside `[print]` changes nothing. Mend: as
the hint says.""")
RECYCLED_NUMBER = _code("W104", W, "@{label} is given log number {number}, which numbers.lock gave @{old}, a label no log has now",
                         "a label given the number of a label that is gone", """\
numbers.lock keeps the number each `@label` log was given, so that printed books keep
sending readers to the same entry. When a label is deleted its number is free, and the
next new label takes it (the shuffle offers the numbers in the same order): a book
printed with the old label then sends its readers to the new entry. A renamed label
is told the same way, since the lock knows it by its name. Mend: for a rename, rename
the label in numbers.lock too; else, when books were printed, keep a log of the old
label (it may say the entry is no more) so that its number stays its own; when no
book was printed, there is nothing to mend (`// allow W104` on the log).""")
UNREACHABLE = _code("W400", W, "{what} is unreachable",
                     "log, location or storybook entry unreachable from every root", """\
A log, location or storybook entry that nothing leads to from the start, a
planet, an `external` log or a deck card can never be read: usually a wrong
number somewhere else. Mend: lead to it, mark it `external` if something outside
the pack sends readers there, or remove it.""", Example("""\
log 1 "Start" { return }
log 2 "Nobody comes here" {  // expect: W400
  return
}
"""))
UNUSED_CARD = _code("W402", W, "{what} is never placed, gained or printed",
                     "card that nothing places, gains or prints", """\
A card that nothing places, gains, reveals, prints on a board or mentions in
text never comes into play (deck cards, events and injuries, are drawn and so
always do). Mend: bring it into play, mark it `external` when a rule or the
Rulebook brings it in (`poi P120 "Name" external { … }`), or remove it.""", Example("""\
log 1 "Start" { return }
poi P500 "Forgotten" {  // expect: W402
  text "Nothing places it."
}
"""))
NOT_POINTING_BACK = _code("W403", W, "{direction} of location {number} leads to location {target}, which does not lead back",
                           "neighbour does not point back", """\
If location A lists B as a neighbour, B lists A (or stars the opposite point):
paths on the map run both ways unless the text says otherwise. A one-way path is
usually a typo in a number. Mend: add the way back, or `// allow W403` on the
location if the path is one-way on purpose.""", Example("""\
location 1 "Beach" {
  north 2 walk  // expect: W403
}
location 2 "Cliff" {
  look "Look" cost 1 {
    result { -> location 1 }
  }
}
""", "vantage"))
ENDLESS_LOOP = _code("W404", W, "{loop} with no way out", "loop of logs with no way out", """\
A set of logs that lead to each other with no path to a way out (`return`,
`end exploration`) keeps the table reading in circles. Reported once per loop, at
its lowest-numbered log. Mend: give one of the logs a way out.""", Example("""\
log 1 "Start" {
  -> log 2
}
log 2 "Round" {  // expect: W404
  -> log 3
}
log 3 "And round" {
  -> log 2
}
"""))
UNTESTED_CHECK = _code("W406", W, "nothing tests the check mark of log {number}", "check mark that nothing tests", """\
A log with `check` prints a box the readers tick; if nothing tests it
(`if checked log N`), the tick changes nothing. A test of a log that is not there
(E200) counts as a test of the logs its hint suggests, and a test on a line with an
error, or in a declaration that did not parse, as a test of the log it names.
Mend: test it where it matters, or remove `check`.""", Example("""\
log 1 "Start" {
  check  // expect: W406
  return
}
"""))
NO_LANDER = _code("W407", W, "planet {planet} has no lander sector", "planet without a lander sector", """\
Every exploration begins with the lander set down in a lander sector, and
lift-off happens there. A planet with no `lander` sector gives the table nowhere to
land. A planet with an error at a word spelt like `lander` (`lnader`) is not also
reported. Mend: add `lander` to the sector where the lander may set down.""")
UNREACHED_SECTOR = _code("W408", W, "{message}",
                          "sector that no path, or no way from a lander sector, leads into, or that no way leads back from", """\
The crew sets down in a lander sector and travels along the paths, one-way
paths only their way; an effect that moves a crewmember to a sector (`move crew
to sector N`) is a way in too. A sector no path leads into, or one that paths lead
into from parts of the board the crew never reaches, is never entered: its POI is
never explored and its log never read, though the graph of logs counts them
reachable from the board. A sector the crew can enter but from which no path leads
back to a lander sector is a trap: Lift-Off leaves whoever went there behind
(RB 1548). Mend: add a path from the part of the board the crew reaches, or out of
the trap, turn a one-way path around, or silence it with `// allow W408` on the
planet when a rule puts the crew there or takes them out. A board with a path in
error (E311, E203) is looked at once that path is mended: it may be the way.""")
UNROLLED_DANGER = _code("W409", W, "nothing rolls Danger die {letter}",
                         "a declared Danger die letter that no effect rolls", """\
The pack declares a table of the Danger die Reference card that no `roll danger`
names, so the table is printed and never read. A declaration not named by one capital
letter is E232, not this. Mend: roll it somewhere, or remove the declaration;
`// allow W409` when a rule outside the pack rolls it.""")
NO_WAY_OUT = _code("W410", W, "nothing leads out of location {number}",
                    "location that no exit, depart or result leads out of", """\
A location is left by a compass exit, a starred point, a setup choice, or an action or
arrival that moves the player or ends the game; one with none of them strands the
player there for the rest of the game. An exit to the location itself is E332, not
this: it was meant to lead out. Mend: add an exit, a starred point with its depart
entry, or `-> location N` in an action's result; or `// allow W410` on the location
if only a card leads out.""")
NO_ENDING = _code("W411", W, "mission {number} has no game-end entry", "mission without its game-end entry", """\
When any player's time, morale or health reaches 0, the table reads the mission's
entry in the take storybook (VR 71). Mend: add `ending "TITLE" { ... }` to the mission.""")
SLOTS_ON_HORIZONTAL = _code("W412", W, "card {number} is horizontal but has slots", "slots on a horizontal card", """\
Horizontal cards go to the supply, and no challenge die is placed on them there
(VR 92). Mend: make the card vertical, or remove its slots.""")
SKILL_ON_NO_COST = _code("W413", W, "a cost of 0 has nothing for {skills} to reduce",
                          "skills named on a cost of 0", """\
A cost of 0 rolls no challenge dice (VR 107); a skill token cannot reduce it further.
Mend: remove the skills, or raise the cost.""")
OVERLAPPING_D10 = _code("W414", W, "`d10 {low} to {high}` overlaps `d10 {low2} to {high2}` above: {faces} of the roll {verb} read there first",
                         "D10 ranges of one roll that overlap", """\
The `if d10` lines after a `roll d10` are read in order, and the first whose range
holds the face sends the reader away, so the faces a range shares with a line above it
never reach it (a range all of whose faces are above is never taken). The printed log
lists both ranges, and a player who rolled one of those faces reads two ways.
Reported at the later line; usually one end was mistyped. Mend: make the ranges meet
without sharing a face (`1 to 4`, `5 to 10`).""", Example("""\
log 1 "Start" {
  roll d10
  if d10 1 to 5 -> log 2
  if d10 5 to 10 -> log 2  // expect: W414
}
log 2 "Rolled" { return }
"""))
SAME_CHOICE = _code("W415", W, "{where} offers the choice {label} twice, both {target}",
                     "one choice written twice in an entry", """\
Two choices of one entry (a log, a location, a storybook result) with the same words
and the same way print the same line twice, and one of them is usually a choice whose
way was meant to go elsewhere (copied and never changed). Reported at the second.
Mend: change where one of them leads (or its words), or remove it.""", Example("""\
log 1 "Start" {
  choice "Go on" -> log 2
  choice "Go on" -> log 2  // expect: W415
}
log 2 "On" { return }
"""))
LABEL_BY_NUMBER = _code("W416", W, "log {number} is the number of @{label}",
                         "a labelled log named by the number it was given", """\
A `@label` log's number is not written by the writer: the pack's `numbering` shuffle
gives it, and numbers.lock keeps it. A goto or `{log N}` that names it by that number
(copied from a built book or from the lock) follows the lock, not the story: if the
lock is lost, the range or the seed changes, the number goes to another log or to
none, and the reference points elsewhere without a word. Mend: write the label
(`-> log @label`), as the hint says.""")
TESTED_AFTER_CHECK = _code("W417", W, "log {number} ticks its own box above, so `if checked log {written}` always holds here",
                            "a log that tests its own box after ticking it", """\
`check` ticks the box printed beside the log as it is read; `if checked log N` in
log N itself, below the `check`, then always holds, on the first visit as on any
other, and whatever follows it for an unticked box is never read. A log that means
"if you have been here before" tests its box above its `check`. Mend: move the test
above `check`, or write `-> log M` when it is always meant.""", Example("""\
log 1 "Start" {
  check
  if checked log 1 -> log 2  // expect: W417
  return
}
log 2 "Again" { return }
"""))
DANGER_WITHOUT_LETTER = _code("W418", W, "action {name!r} rolls {count} without a letter",
                               "`danger N` without the letter of its table", """\
The Danger die icon beside an action's name carries a letter, which picks the table
of the Danger die Reference card the rolled die is read on (RB 1670, 890). `danger
N` alone prints the icon empty: the table rolls the die and cannot tell which table
to read. Mend: add the letter, `danger N LETTER`, one of the box's (T) or of those
the pack declares (`danger B "Blizzard"`); the hint names them.""", Example("""\
poi P101 "Crevasse" {
  action "Jump" danger 1 {  // expect: W418
    outcome green: physical => gain success 1
    outcome red => nothing
  }
  action "Squeeze Through" danger 1 T {
    outcome green: physical => gain success 1
    outcome red => nothing
  }
}
"""))
NOT_IN_THE_PILE = _code("W420", W, "POI {card} is placed on the board but is not in any setup's POI pile",
                        "a POI an effect places that the planet setup leaves out of its pile", """\
A log or a card that places a POI sends the table to the face-down POI pile beside
the board for it (RB 117: "Find card P101 in your POI pile"). A planet's `setup`
lists that pile; a POI that an effect places but no setup lists is not on the table
when it is asked for. Mend: add it to the `pois` of the planet's `setup`.""", Example("""\
log 1 "Start" {
  place poi P102 in sector 1  // expect: W420
  place poi P101 in sector 1
  return
}
planet p "P" {
  setup { pois P101 }
  sector 1 { lander; poi slot }
}
poi P101 "Rock" { final }
poi P102 "Ridge" { final }
"""))
TRACK_NEVER_MOVES = _code("W423", W, "nothing progresses the {colour} track of action {name!r}",
                          "an action track no special effect progresses", """\
A track fills as `special ... => progress COLOUR` lines of its action move its marker
(RB 620-640), or the special effect of a Global Condition in play (RB 1235). A track
that none of them progresses never fills, and what it gives never happens. Mend: add
`special ICON => progress COLOUR` to the action; the warning stands down when a
Global Condition of the pack progresses that colour.""", Example("""\
poi P101 "Ridge" external {
  action "Climb" {
    special physical => progress green
    track green 3 => gain success 1
    track red 3 => nothing  // expect: W423
  }
}
"""))
NO_ORIENTATION = _code("W424", W, "card {number} has no orientation: it prints vertical",
                       "a Vantage card without `vertical` or `horizontal`", """\
Each Vantage card is vertical or horizontal (VR 90-92): a vertical card takes dice in
its slots, a horizontal one never does, and the table lays them out differently in
the grid. A card that says neither is printed vertical, which may not be what was
meant. A mission or a destiny, placed in the center (VR 88), need not say. Mend: write
`vertical` or `horizontal` in the card.""", Example("""\
card 1201 item "Driftwood" external {  // expect: W424
  text "Light, hard and pale."
}
""", "vantage"))
THREAT_WITHOUT_ATTACK = _code("W425", W, "`{form}` sets off the Attack of threat {card}, which has no `attack` line",
                              "a threat attack on a threat whose card prints no Attack", """\
`threat attack N` on a threat's time track makes it attack N times; what an Attack
does is the threat card's `attack => EFFECTS` line (RB 1443-1449). A threat without
one prints "The Threat attacks" with nothing to resolve (a warning: the Attack may be
told in the card's text). Mend: add `attack =>
EFFECTS` to the threat.""", Example("""\
threat T01 "Hull Crawler" external {
  biomes tutorial
  space 1 => nothing
  space 2 => threat attack 1  // expect: W425
}
"""))
SPOILER_SPREAD = _code("W500", W, "{share}% of the gotos and choices of {book} land on the spread of their own entry ({same} of {total})",
                        "outcomes printed beside their choice", """\
A reader who decides at an open book sees both pages. When a choice sends the reader
to a log printed on the same spread, its outcome is in sight before the choice is
made. `build` counts, after laying out a Logbook, how many gotos and choices land on
the spread of the entry they leave, and warns above `spoiler_limit` percent (25
unless `[print] spoiler_limit` in vcompiler.toml says otherwise; books of fewer than
50 such links are not counted). The hint names the entries with the most. Mend:
number those logs `log @name`, so that the compiler gives them shuffled numbers far
from the entries that lead to them.""")
SPOILER_SHEET = _code("W501", W, "{count} {what} of {book} {verb} on the booklet sheet side of the entry {follow}",
                       "outcomes printed on the sheet side of their entry", """\
A booklet is printed two pages a sheet side, in saddle-stitch order: the first page
beside the last, the second beside the second-to-last. Whoever prints, folds or
collates the sheets sees both halves of a side at once. `build --booklet` checks,
after imposing each book, whether a result (storybooks) or a goto or choice (Logbooks)
is printed on the same sheet side as the entry it follows, and names those entries
(outcomes on the same spread are W500's). Mend: a Logbook's logs numbered `log @name`
move away from the entries that lead to them; in any book, smaller signatures put an
entry and its outcome on other sheets (the hint names the largest `--signature` that
parts them all, when one does); or print it without `--booklet`.""")
TEXT_OVERFLOW = _code("W510", W, "the {part} of {card} overflows by {lines} line{s}",
                       "card text that does not fit its box", """\
`build` lays out every card and measures its text against the boxes of the card's
layout; `check` reports the same warnings (it lays out, the same way, the cards that
a quick bound on their text cannot show to fit), so that `check --strict` fails where
`build --strict` would. The resident checker (`watch`, the editor) does not measure
cards. A card whose title, text or bottom box is longer than the box prints cut: from
the first line that does not fit whole, the box is blank down to a black band saying
how many lines are not printed, and never runs into the next box (a location's
compass rose). The warning gives that same number, at the first paragraph, row or
action cut (a title at the card's declaration). Nothing is shrunk below the card's
type size. Mend: shorten the text, move rules text to the Logbook (a Vanguard card) or
to the storybook entries of its actions (a location or Vantage card), or give the kind
a larger size under [cards] in vcompiler.toml. Rows (a threat's spaces, attack and
alone rows, a Special Action's outcomes) take at least a line each however short
their text: the hint says so when they make most of the box, and fewer rows is the mend.""")
TOO_MANY_COPIES = _code("W511", W, "{card} asks for {copies} copies; {most} are printed",
                         "more copies than a build prints", """\
A card's `copies` is capped when printed, so that a slip of the finger does not
become a thousand sheets. Mend: lower `copies`, or print the card sheet more than once.""")
UNDEFINED_TRAVEL = _code("W512", W, "the Travel icons on the paths of planet {planet} cost what no Global Condition says",
                          "Travel icons on a planet with no Global Condition", """\
A Travel icon on a path costs what the current Global Condition in the bottom right
corner of the planet board says (RB 443, 587, 1121); a planet with neither a printed
`condition` nor a condition card prints Travel icons that nothing defines, and its
board leaves the Global Condition space out. Reported at the first path with a Travel
icon. Mend: give the planet a `condition` (with its `travel` effect) or a condition
card, print the paths' costs themselves (`spend die`, `roll danger T`, ...), or
silence it with `// allow W512` on the planet when a log places a Global Condition
before the crew travels.""")
PATH_OVER_SECTOR = _code("W513", W, "path {a} {arrow} {b} is drawn over sector {sector} on the board",
                          "board path drawn across another sector's space", """\
The board draws a path as a straight line between its two sectors' spaces. The layout
places the sectors so that no path runs over a third sector's space where it can; where
a straight line still would, the path is drawn bent, with one or two bends through the
gaps between spaces, by the shortest such route that crosses the fewest other paths.
A path no such route clears (one across a full grid from corner to corner) is drawn
straight over the sector and warned of, since a player may read it as leading into
that sector. Its cost is printed clear of the space. Mend: pin the sectors' places
with `at COLUMN, ROW` so that the path runs clear, or join the sectors through the one
it crosses.""")
LONG_WORD = _code("W514", W, "{what} has a word too long for a line of the books: `{word}` ({letters} letters, about "
                             "{width} mm)", "word wider than a column of the books", """\
The books set their text at 9.5 pt in columns about 88 mm wide (an A4 or Letter page's
two columns; a list of choices is indented 4.5 mm more). A word wider than that cannot
stand on a line: the books break it where the line ends, mid-word and without a hyphen,
rather than let it run out of its column and off the page. Found by `check` from the
font's widths, for the text of logs and storybook entries (a card's text that does not
fit is W510). Mend: shorten the word, or write spaces or hyphens where it may break.""")
COST_OVER_SECTOR = _code("W515", W, "the cost of path {a} {arrow} {b} is printed over sector {sector} on the board",
                         "board path cost label with no place clear of the sectors", """\
A path's cost is printed on the path, where no sector's space is under it, so that it
is never read as the sector's (RB 587: the icons "along the Path"). Between two spaces
side by side it stacks a cost a line, as wide as the gap; a single cost wider than
the gap (a worded cost, "progress the Time Track") or a path with no stretch clear of
the spaces has no such place, and its label is printed over the space of the
sector named. Reported by `build` at the path. Mend: print the cost as icons (`travel`,
`spend die`, `roll danger T`), shorten it, or pin the sectors with `at COLUMN, ROW` so
that the path runs between spaces that are not side by side.""")
POI_CUT = _code("W516", W, "the POI printed on sector {sector} of {planet} overflows its card space by {lines} "
                          "line{s}", "a POI printed on the board longer than its card space", """\
A POI printed on the board (`poi P100 printed`, or a `poi { ... }` written in the
sector, RB 444) is drawn in the sector's card space, 63 x 88 mm, as its card would be:
its name, biomes, flags, text and Special Actions. `build` lays the board out and
measures it; text that runs past the space's bottom edge is not printed, and the
warning says how many lines are cut. Reported at the sector. Mend: shorten the POI's
text or its actions' rows, or move rules text to the Logbook.""")
ART_LOW_DPI = _code("W518", W, "art `{path}` prints at {dpi} dpi on {what}: {width} x {height} pixels for a frame of "
                             "{frame}", "art image below 300 dpi at print size", """\
Print shops ask for images of 300 dpi at the size they print: fewer pixels print soft
or blocky. The frame is the component's art frame, bleed included (a card's art band,
a board's page, a book's cover: `vcompiler stats --art` lists each with its size in mm
and the pixels it needs); the image is scaled to cover it. An SVG drawing prints sharp
at any size and is never warned of. Mend: give an image of at least the pixels `stats
--art` lists.""")
ART_CROPPED = _code("W519", W, "art `{path}` is cut to fit {what}: {lost}% of the image is not printed",
                    "art image of other proportions than its frame", """\
An image fills its frame, scaled until it covers it and centred, and what runs past
the frame is cut away. An image of quite other proportions (a portrait photograph on a
card's landscape art band) loses more than a quarter of itself, and what it shows may
be what is cut. Mend: crop the image to the frame's proportions (`vcompiler stats
--art` gives the frame's size).""")
ART_MISNAMED = _code("W520", W, "art `{path}` is a {format} image under another format's name",
                     "art file whose name says another format", """\
The file's bytes are of one format and its name ends in another's extension (a JPEG
saved as `cave.png`). It prints, since vcompiler reads the bytes, but other programs
(a print shop's, an image editor, a web server) go by the name and may refuse it or
show it wrong. Mend: rename it to the extension of its format.""")
UNFINISHED_TRANSLATION = _code("W600", W, "the {language} edition is unfinished: {untranslated} of {total} "
                                           "strings untranslated, {fuzzy} fuzzy", "unfinished translation", """\
Reported by `check --lang LANG --strict`: an untranslated string prints in the
source's language, and so does a fuzzy one (its source changed since it was
translated) until its translation is checked and its flag removed, as gettext does. Mend: translate the strings `vcompiler i18n update` added, and
check each fuzzy one against its new source before removing its `fuzzy` flag.""")
STALE_TRANSLATION = _code("W601", W, "`{id}` is no longer in the pack: its translation is not used",
                          "translation of a string the pack no longer has", """\
The translation file has an entry whose ID no string of the pack has any more (the
entry, its label or its field was removed or renamed). Mend: run `vcompiler i18n
update`, which keeps the translation as obsolete (taken up again if the text comes
back, or given to a new entry with the same source text).""")
TRANSLATION_TOO_LONG = _code("W602", W, "the translation of `{id}` is {times} times as long as its source",
                             "translation far longer than its source", """\
A translation several times its source's length is more often pasted into the wrong
entry than a language's longer words (German and Polish run 20-35 % longer than
English). Mend: check that it translates this entry; where it does, shorten it, since a
card or a book's column holds only so much.""")
TRANSLATION_EMPHASIS = _code("W603", W, "the translation of `{id}` emphasises otherwise than its source",
                             "translation with other emphasis", """\
The source emphasises words with `*…*` or `**…**` that the translation does not (or the
other way round): emphasis in a narrative game often marks a clue or a rule word.
Mend: emphasise the words that translate the emphasised ones.""")

