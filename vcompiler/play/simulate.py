"""`vcompiler simulate`: random playthroughs through the logbook and the map.

Every run starts at the pack's start and takes options at random (choices, outcome
rows, moves and actions, and the decisions met while a card's effects resolve: a `/`
choice, where a threat moves), the state tracked so that `if`s resolve, until the story
ends or the run is stopped. A run that does not end is one of two kinds: caught in a
loop, having read more entries than the pack has without a choice between them (no
choice leads out: the story's fault), or stopped at the cap, `max_steps` entries read or
`max_steps` choices made with choices still open (random play wandering where a table
would end the exploration). Runs go in chunks of `CHUNK` with their own seeds, so a
seed gives the same report however many processes share the work.

Most of a long logbook is logs that only lead on: no `if`, nothing a condition reads,
choices or a goto to other such logs. Those steps are taken for all runs of a chunk
at once (numpy); any other position is read by the state machine, one run at a time.
"""
from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from vcompiler.checks import CheckContext
from vcompiler.model import types as m
from vcompiler.play import params
from vcompiler.play.effects import MISSION_STATUS, TIME_VERBS
from vcompiler.play.machine import LOOP, Game, Stop
from vcompiler.play.positions import AtLog, Position
from vcompiler.play.state import State
from vcompiler.tools.regions import node_title, regions
from vcompiler.util.frozen import frozen
from vcompiler.util.workers import pool as worker_pool
from vcompiler.util.workers import running

CHUNK = 2500
RARE = 0.01
# An entry a run can read, as the machine names it: ("log", 12), ("action", ("location", 101, 0)).
Node = tuple[str, Any]
# Effects that change nothing a condition or the machine reads: a log made only of
# these and its way on can be stepped through without the machine. Threats and Global
# Conditions are not among them: they bring Special Actions and Time Tracks.
_COUNTERS_ONLY = frozenset((
    "gain_success", "gain_supplies", "lose_supplies", "gain_lead", "gain_charge", "draw_section",
    "gain_discovery", "spend_die", "sacrifice_die", "roll_danger", "nothing", "travel", "gain_injury"))
# Moving Time Tracks: nothing to the machine in a pack with no card that has one (a
# track's last space may lead on).
_TIME_OPS = frozenset(TIME_VERBS)
_SUPPLIES = frozenset(("gain_supplies", "lose_supplies"))
_ENDS = {"end_exploration": "The exploration ends.", "end_game": "The game ends."}


@frozen
class Region:
    name: str
    runs: int              # runs that read an entry of it
    mean: float            # entries read in it, over those runs
    median: float
    max: int


@frozen
class Report:
    pack: str
    runs: int
    seed: int
    max_steps: int
    entries: int
    reached: int
    never_reached: list[str]
    rare: list[tuple[str, float]]          # reached in under 1% of runs: (entry, share of runs)
    loops: int             # runs caught in a loop: more entries read than the pack has, no choice between
    capped_entries: int    # runs stopped at max_steps entries read, choices still open
    capped_choices: int    # runs stopped at max_steps choices made, choices still open
    endings: dict[str, int]
    length: dict[str, float]
    regions: list[Region]

    @property
    def coverage(self) -> float:
        return self.reached / self.entries if self.entries else 1.0

    @property
    def endless(self) -> int:
        """Runs that reached no ending."""
        return self.loops + self.capped_entries + self.capped_choices


def _entries(pack: m.Pack) -> list[Node]:
    """What a run can read, as the machine names it: logs, locations, depart entries,
    storybook actions."""
    out: list[Node] = [("log", log.number) for log in pack.logs]
    out += [("location", loc.number) for loc in pack.locations]
    out += [("depart", (d.number, d.direction)) for d in pack.departs]
    out += [("action", ("location", loc.number, i)) for loc in pack.locations for i in range(len(loc.actions))]
    out += [("action", ("vcard", c.number, i)) for c in pack.vantage_cards for i in range(len(c.actions))]
    return out


def _entry_name(pack: m.Pack, node: Node) -> str:
    if node[0] != "action":
        return node_title(pack, node)
    owner, key, index = node[1]
    holder = next(x for x in (pack.locations if owner == "location" else pack.vantage_cards) if x.number == key)
    action = holder.actions[index]
    return f"{action.category.capitalize()} {key} “{action.name.plain()}”"


def _read_by_conditions(pack: m.Pack) -> tuple[set[object], set[object], set[object]]:
    checked: set[object] = set()
    uniques: set[object] = set()
    # a revealed mission with a Special Action offers it on the board
    missions: set[object] = {c.id for c in pack.cards if c.kind == "mission" and c.actions}
    statements = [s for log in pack.logs for s in log.statements]
    statements += [s for loc in pack.locations for a in loc.actions for s in a.result]
    statements += [s for c in pack.vantage_cards for a in c.actions for s in a.result]
    statements += [s for d in pack.departs for s in d.action.result]
    for s in statements:
        if isinstance(s, m.IfStatement):
            tested = {"checked_log": checked, "has_unique": uniques, "mission_active": missions}
            if s.condition.kind in tested:
                tested[s.condition.kind].add(s.condition.key)
    return checked, uniques, missions


def _fast_exit(log: m.Log, checked: set[object], uniques: set[object], missions: set[object],
               counters: frozenset[str] = _COUNTERS_ONLY) -> tuple[str, Any] | None:
    """How a log leads on when the machine is not needed: ("to", [numbers]) or
    ("end", reason); None when it is."""
    statements = log.statements
    for i, s in enumerate(statements):
        if isinstance(s, (m.IfStatement, m.ElseStatement)) or (isinstance(s, m.CheckStatement)
                                                                and log.number in checked):
            return None
        if isinstance(s, m.EffectStatement):
            if len(s.effect.options) > 1:
                return None
            effect = s.effect.options[0]
            if effect.op == "goto_log":
                return ("to", [params.number(effect, "log")])
            if effect.op in _ENDS:
                return ("end", _ENDS[effect.op])
            if effect.op in counters or (effect.op == "gain_unique" and params.number(effect, "unique") not in uniques):
                continue
            if effect.op in MISSION_STATUS and params.word(effect, "card") not in missions:
                continue
            return None
        if isinstance(s, m.ChoiceStatement):
            targets = []
            for c in statements[i:]:
                if not isinstance(c, m.ChoiceStatement):
                    break
                if c.target.op != "goto_log":
                    return None
                targets.append(params.number(c.target, "log"))
            return ("to", targets)
    return None


class Plan:
    """The pack compiled for simulation: entry and region indexes, and the table of
    logs that are stepped through without the machine."""

    def __init__(self, pack: m.Pack, max_steps: int):
        self.game = Game(pack)
        self.max_steps = max_steps
        self.entries = _entries(pack)
        self.index = {node: i for i, node in enumerate(self.entries)}
        context = CheckContext(pack)
        where = regions(pack, context.graph)
        planets = {planet.id: planet.name for planet in pack.planets}

        def region_of(node: Node) -> str:
            if node[0] == "action":
                owner, key, _ = node[1]
                node = ("location" if owner == "location" else "vcard", key)
            name = where.get(node, "")
            return planets.get(name, name)
        found = [region_of(node) for node in self.entries]
        self.region_names = names = sorted(set(found))
        self.region: np.ndarray = np.array([names.index(name) for name in found], dtype=np.int32)
        read = _read_by_conditions(pack)
        n = len(self.entries)
        self.fast = np.zeros(n, dtype=bool)
        self.ends = np.zeros(n, dtype=bool)
        self.reason: dict[int, str] = {}
        exits = {}
        tracks = any(r.kind in ("time", "space") for c in pack.cards for r in c.rows)
        counters = _COUNTERS_ONLY if tracks else _COUNTERS_ONLY | _TIME_OPS
        if pack.planets:
            counters -= _SUPPLIES           # on a board, Supplies decide the paths and Rest
        for log in pack.logs:
            way = _fast_exit(log, *read, counters)
            if way is not None:
                exits[self.index[("log", log.number)]] = way
        width = max([len(e[1]) for e in exits.values() if e[0] == "to"], default=1)
        self.next = np.full((n, width), -1, dtype=np.int64)
        self.degree = np.ones(n, dtype=np.int64)
        for i, (kind, value) in exits.items():
            self.fast[i] = True
            if kind == "end":
                self.ends[i] = True
                self.reason[i] = value
            else:
                targets = [self.index[("log", t)] for t in value if ("log", t) in self.index]
                if not targets:
                    self.fast[i] = False
                    continue
                self.next[i, :len(targets)] = targets
                self.degree[i] = len(targets)
        self.fast_logs = {self.entries[i][1] for i in np.flatnonzero(self.fast)}

    def stop(self, position: Position) -> bool:
        return isinstance(position, AtLog) and position.step == 0 and position.number in self.fast_logs


def _capped(plan: Plan, state: State, steps: int) -> Stop:
    """Where reading pauses: at a log the table of plain logs steps through, or at the
    cap on entries read, within a run of gotos as between choices."""
    left, first = plan.max_steps - steps, state.read
    return lambda at: plan.stop(at) or state.read - first >= left


@dataclass
class ChunkResult:
    reached: np.ndarray        # runs that read each entry
    steps: np.ndarray          # entries read, per run
    region_steps: np.ndarray   # entries read in each region, per run
    endings: Counter[str]
    loops: int
    capped_entries: int
    capped_choices: int


_PLAN: Plan | None = None


class _Chunk:
    """The runs of one chunk as they go: what each has read, and how the ended ones ended."""

    def __init__(self, plan: Plan, runs: int, pick: random.Random):
        self.plan, self.pick = plan, pick
        self.n = len(plan.entries)
        self.visited = np.zeros((runs, self.n), dtype=bool)
        self.steps = np.zeros(runs, dtype=np.int64)
        self.region_steps = np.zeros((runs, len(plan.region_names)), dtype=np.int64)
        self.endings: Counter[str] = Counter()
        self.loops = self.capped_entries = self.capped_choices = 0
        self.states = {run: plan.game.start() for run in range(runs)}
        self.decisions = [0] * runs        # moves on the board read no entry, but count towards the end
        self.since = np.zeros(runs, dtype=np.int64)      # entries read since the run's last choice
        # Runs on a log of the table of plain logs, and where.
        self.fast_runs: list[int] = []
        self.fast_at: list[int] = []

    def enter(self, run: int, node: Node) -> None:
        i = self.plan.index.get(node)
        if i is not None:
            self.visited[run, i] = True
            self.region_steps[run, self.plan.region[i]] += 1
        self.steps[run] += 1

    def read(self, run: int) -> None:
        """The machine reads for the run until it reaches a log it can leave to the table
        of plain logs, or ends."""
        plan, state = self.plan, self.states[run]
        while True:
            if plan.stop(state.at):
                assert isinstance(state.at, AtLog)
                self.fast_runs.append(run)
                self.fast_at.append(plan.index[("log", state.at.number)])
                return
            # reading stops at the cap, within a run of gotos as between choices
            scene = plan.game.advance(state, show=False, stop=_capped(plan, state, int(self.steps[run])))
            for node in scene.entered:
                self.enter(run, node)
            self.since[run] += len(scene.entered)
            if self._over(run, scene.ended):
                return
            if scene.paused:
                continue
            options = scene.options
            if all(o.weight == 1.0 for o in options):
                option = options[self.pick.randrange(len(options))]
            else:
                option = self.pick.choices(options, weights=[o.weight for o in options])[0]
            plan.game.choose(state, option)
            self.decisions[run] += 1
            self.since[run] = 0

    def _over(self, run: int, ended: str | None) -> bool:
        """Whether the run is over: at an ending, in a loop, or at the cap."""
        if ended == LOOP:
            self.loops += 1
        elif ended:
            self.endings[ended] += 1
        elif self.steps[run] >= self.plan.max_steps:
            if self.since[run] > self.n:
                self.loops += 1
            else:
                self.capped_entries += 1
        elif self.decisions[run] >= self.plan.max_steps:
            self.capped_choices += 1
        else:
            return False
        return True

    def step_fast(self, rng: np.random.Generator) -> list[int]:
        """Every run on a log of the table takes one step at once, again and again, until
        it ends or reaches a log the machine reads; returns the runs that did."""
        plan, steps, since = self.plan, self.steps, self.since
        rows = np.array(self.fast_runs, dtype=np.int64)
        at = np.array(self.fast_at, dtype=np.int64)
        self.fast_runs, self.fast_at = [], []
        slow: list[int] = []
        while len(rows):
            self.visited[rows, at] = True
            steps[rows] += 1
            since[rows] += 1
            if len(plan.region_names) > 1:
                np.add.at(self.region_steps, (rows, plan.region[at]), 1)
            else:
                self.region_steps[rows, 0] += 1
            ended = plan.ends[at]
            for i in np.flatnonzero(ended):
                self.endings[plan.reason[int(at[i])]] += 1
            over = ~ended & (steps[rows] >= plan.max_steps)
            looping = since[rows[over]] > self.n
            self.loops += int(looping.sum())
            self.capped_entries += int((~looping).sum())
            going = ~ended & ~over
            rows, at = rows[going], at[going]
            choice = (rng.random(len(at)) * plan.degree[at]).astype(np.int64)
            since[rows[plan.degree[at] > 1]] = 0          # a choice taken at this log
            at = plan.next[at, choice]
            leave = ~plan.fast[at]
            if leave.any():
                for run, i in zip(rows[leave].tolist(), at[leave].tolist()):
                    self.states[run].at = AtLog(int(plan.entries[i][1]))
                    slow.append(run)
                rows, at = rows[~leave], at[~leave]
        return slow

    def result(self) -> ChunkResult:
        return ChunkResult(self.visited.sum(axis=0), self.steps, self.region_steps, self.endings, self.loops,
                           self.capped_entries, self.capped_choices)


def _run_chunk(job: tuple[int, int, int]) -> ChunkResult:
    seed, chunk, runs = job
    plan = _PLAN
    assert plan is not None          # set before the workers are forked
    sequence = np.random.SeedSequence([seed, chunk])
    rng = np.random.default_rng(sequence)
    pick = random.Random(int(sequence.generate_state(1)[0]))
    # The decisions met while effects resolve, and the Event deck, drawn from this chunk's seed.
    plan.game.ask = lambda said, question, labels: pick.randrange(len(labels))
    plan.game.random = pick
    runs_of = _Chunk(plan, runs, pick)
    slow = list(range(runs))
    while slow or runs_of.fast_runs:
        for run in slow:
            runs_of.read(run)
        if not runs_of.fast_runs:
            break
        slow = runs_of.step_fast(rng)
    return runs_of.result()


def simulate(pack: m.Pack, runs: int, seed: int, max_steps: int | None = None,
             workers: int | None = None) -> Report:
    global _PLAN
    entries = len(_entries(pack))
    max_steps = max_steps or 10 * entries + 100
    _PLAN = plan = Plan(pack, max_steps)
    jobs = [(seed, chunk, min(CHUNK, runs - chunk * CHUNK)) for chunk in range(math.ceil(runs / CHUNK))]
    workers = min(workers or os.cpu_count() or 1, len(jobs))
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        # Forked, so that the workers share the compiled pack instead of compiling it again.
        with running(worker_pool(workers, "fork")) as pool:
            results = list(pool.map(_run_chunk, jobs))
    else:
        results = [_run_chunk(job) for job in jobs]
    reached: np.ndarray = sum((r.reached for r in results), np.zeros(len(plan.entries), dtype=np.int64))
    steps = np.concatenate([r.steps for r in results])
    region_steps = np.concatenate([r.region_steps for r in results])
    endings = sum((r.endings for r in results), Counter())
    share: np.ndarray = reached / max(runs, 1)
    names = [_entry_name(pack, node) for node in plan.entries]
    region_report = []
    for i, name in enumerate(plan.region_names):
        inside = region_steps[:, i][region_steps[:, i] > 0]
        if len(inside):
            region_report.append(Region(name, len(inside), round(float(inside.mean()), 2),
                                        float(np.median(inside)), int(inside.max())))
    return Report(pack.name, runs, seed, max_steps, len(names), int((reached > 0).sum()),
                  [names[i] for i in np.flatnonzero(reached == 0)],
                  [(names[i], round(float(share[i]), 4)) for i in np.flatnonzero((reached > 0) & (share < RARE))],
                  sum(r.loops for r in results), sum(r.capped_entries for r in results),
                  sum(r.capped_choices for r in results), dict(endings.most_common()),
                  {"min": int(steps.min()) if runs else 0, "median": float(np.median(steps)) if runs else 0.0,
                   "mean": round(float(steps.mean()), 2) if runs else 0.0, "max": int(steps.max()) if runs else 0},
                  region_report)


def format_json(report: Report) -> str:
    data = asdict(report)
    data["coverage"] = round(report.coverage, 4)
    data["endless"] = report.endless
    data["rare"] = [{"entry": name, "share": share} for name, share in report.rare]
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def format_text(report: Report, limit: int = 20) -> str:
    r = report
    length = r.length
    lines = [f"{r.runs} runs of {r.pack}, seed {r.seed}:",
             f"  coverage: {r.reached} of {r.entries} entries ({r.coverage:.1%}) read in at least one run",
             (f"  entries read per run: min {length['min']}, median {length['median']:g}, "
              f"mean {length['mean']:g}, max {length['max']}"),
             f"  runs that reached an ending: {r.runs - r.endless}: "
             + ("; ".join(f"{reason} ×{n}" for reason, n in r.endings.items()) or "none"),
             f"  runs that never end: {r.endless}"]
    if r.endless:
        lines += [f"    caught in a loop (more than {r.entries} entries read with no choice between them, "
                  f"so no choice leads out): {r.loops}",
                  f"    stopped at the cap with choices still open ({r.max_steps} entries read: {r.capped_entries}; "
                  f"{r.max_steps} choices made: {r.capped_choices}): random play went on where a table would "
                  "have ended, or the way to an ending is rare"]
    for title, items in (("never reached", r.never_reached),
                         (f"reached in under {RARE:.0%} of runs", [f"{name} ({share:.2%})" for name, share in r.rare])):
        if items:
            shown = ", ".join(items[:limit]) + (f", … ({len(items) - limit} more)" if len(items) > limit else "")
            lines.append(f"  {title} ({len(items)}): {shown}")
    lines.append("  per planet or region (runs that went there; entries read there per run):")
    for region in r.regions:
        lines.append(f"    {region.name:<20} {region.runs:>7} runs   mean {region.mean:g}, "
                     f"median {region.median:g}, max {region.max}")
    return "\n".join(lines) + "\n"
