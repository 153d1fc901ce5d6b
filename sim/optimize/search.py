"""The search driver: generations of races, a resumable state, the outputs.

Objective: a candidate's *mean win rate against the opponent field*: for each
opponent, the candidate plays tables of itself plus ``players - 1`` copies of that
opponent, every seat rotation of every deal; a sole win scores 1, a win shared by
k players 1/k (the convention of :mod:`sim.analysis.results`), a capped game 0; the
objective is the mean of those win rates over the opponents (equal games each).

Each generation races a population (:mod:`sim.optimize.race`) on fresh deals:
the elites of the previous generation (so a lucky winner must win again) and
mutants of them (:meth:`sim.optimize.space.Space.mutate`), never a bot already
raced.  Generation 0 holds the start bots and their mutants, or, when the space is
no bigger than the population, every bot of it.  After each generation the
leader is measured on held-out deals (a seed the races never use) for the
progress chart; at the end the search's choice (the last race's leader) is
measured on other fresh deals against each opponent and against itself.

Generations follow one another until the budget is spent (first rungs of about
:data:`TARGET_D0` deals, more when :data:`MAX_GENERATIONS` worst-case races fit the
budget; early drops make races cheaper, so more generations usually fit), a fixed
``generations`` is reached, no unraced mutant is found, or ``time_limit_s`` passes
(checked between generations).

``--budget`` counts every game played: races, the held-out checks and the final
measurement (the games of a rung cut short by Ctrl-C are not counted: the rung is
played again).  The state is saved after every rung, so Ctrl-C loses at most one
rung, and running the same search again (same ``out``) continues it; every random
choice comes from the seed, so an interrupted search and an uninterrupted one give
the same bot and trace.
"""

from __future__ import annotations

import json
import math
import os
import re
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import numpy as np

from sim.engine.config import ConfigError
from sim.optimize.defaults import REFERENCE_FIELD
from sim.optimize.evaluate import Evaluator
from sim.optimize.race import Race, race_cost
from sim.optimize.space import Genome, Space, genome_from_bot
from sim.outputs import atomic_path, atomic_write_text, refuse_existing

#: Fewest deals per candidate in a race's first rung.
MIN_D0 = 4
#: Most generations the automatic plan uses.
MAX_GENERATIONS = 60
#: First-rung deals per candidate the automatic plan aims for: enough that the last
#: rung (8x as many with the default population) resolves differences of ~0.5%.
TARGET_D0 = 2000
#: Share of the budget kept for the held-out measurements (final, then checks).
FINAL_SHARE, CHECK_SHARE = 0.02, 0.04
#: The first generation races at most this many populations of archetypes (besides the
#: start bots).
GEN0_ARCHETYPES = 2
#: Share of a generation's new candidates that are children of two elites (crossover),
#: and of an elite and one of the first generation's archetypes.
CROSS_SHARE, ARCHETYPE_SHARE = 0.25, 0.15


class OptimizeInterrupted(KeyboardInterrupt):
    """Ctrl-C during a search: its state is saved; the same call continues it."""


@dataclass(frozen=True)
class Settings:
    """Everything that decides a search's games (its identity for a resume)."""

    kingdom: tuple[str, ...]
    players: int
    start: tuple[str, ...]
    against: tuple[str, ...]
    budget: int
    seed: int
    population: int = 24
    keep: int = 4
    eta: int = 2
    alpha: float = 0.05
    holdout: int = 0
    name: str = "best"
    turn_cap: int = 100
    generations: int = 0
    space: dict = field(default_factory=dict)
    events: tuple[str, ...] = ()
    first_deals: int = 0


@dataclass
class OptimizeResult:
    """What a search returns: the bot, its file and trace, and its held-out results."""

    bot: object
    genome: Genome
    toml: Path
    trace_path: Path
    chart: Path | None
    heldout: list[dict]
    games: int
    wall_s: float
    trace: dict


def _derive(seed: int, *path: int) -> int:
    """A 64-bit run seed for one purpose (race rung, check, final): independent streams."""
    words = np.random.SeedSequence([int(seed) & 0xFFFFFFFF, int(seed) >> 32, *path]) \
        .generate_state(2, np.uint32)
    return int(words[0]) | (int(words[1]) << 32)


def _bot_name(path: Path, opponents: Sequence[str]) -> str:
    stem = re.sub(r"[^a-z0-9-]+", "-", path.stem.lower()).strip("-") or "best"
    if not stem[0].isalnum():
        stem = "opt-" + stem
    names = {Path(o).stem for o in opponents}
    return stem if stem not in names else f"opt-{stem}"


def paths_for(out: str | os.PathLike) -> dict[str, Path]:
    """The files a search with ``out`` writes: the bot, trace, chart and state folder."""
    p = Path(out)
    base = p.with_suffix("") if p.suffix == ".toml" else p
    return {"toml": p if p.suffix == ".toml" else p.with_suffix(".toml"),
            "trace": base.with_name(base.name + ".trace.json"),
            "chart": base.with_name(base.name + ".png"),
            "state": base.with_name(base.name + ".search")}


def optimize(*, out: str | os.PathLike, kingdom: str | Sequence[str] | None = None,
             events: str | Sequence[str] | None = None, max_events: int = 2,
             players: int = 2, start: str | Sequence[str] | None = None,
             against: Sequence[str] | None = None, budget: int = 1_000_000, seed: int = 0,
             population: int = 24, keep: int = 4, generations: int | None = None,
             holdout: int | None = None,
             cards: Sequence[str] | None = None, space: Space | None = None,
             processes: int | None = None, backend: str = "local",
             progress: bool | Callable[[str], None] | None = None,
             time_limit_s: float | None = None, first_deals: int | None = None,
             command: str | None = None, chart: bool = True, force: bool = False,
             _stop_after_rungs: int | None = None) -> OptimizeResult:
    """Search the rule-bot space for the bot with the best mean win rate against
    ``against`` (default: the reference field) on ``kingdom`` (and ``events``: none,
    a list or ``"random"``, as :func:`sim.runner.plan.make_config` takes them, with
    ``max_events``); write it to ``out``.

    ``start``: the bot(s) the search starts from (default ``bmu``), bots of the
    space's shape.  ``budget``: games in all.  ``population`` candidates race per
    generation, ``keep`` of them go on as elites.  ``generations``: a fixed number;
    by default generations follow one another until the budget is spent (first rungs
    sized for about :data:`TARGET_D0` deals).  ``holdout``: games per opponent
    of the final held-out measurement (default: 2% of the budget, shared out).
    ``cards``: the kingdom cards whose purchase is searched (default: every
    Action of the kingdom).  ``space`` replaces the default space entirely.
    ``progress``: True prints one line per rung to stderr, a callable gets them.
    ``time_limit_s``: start no generation after this many seconds (the final
    measurement still runs); the trace records why the search stopped.  Without
    it, the same seed gives the same search.  ``first_deals``: the first-rung deals
    per candidate the automatic plan aims for (default :data:`TARGET_D0`; fewer give
    more, noisier generations: a small budget against a large field).

    Running it again with the same ``out`` continues a search that was stopped;
    with other settings it is refused (:class:`ConfigError`) unless the state
    folder (``<out>.search``) is removed.  A new search whose bot, trace or chart
    file already exists (from another search, or one whose state was removed) is
    refused before any game unless ``force`` (:mod:`sim.outputs`); every file is
    written atomically.
    """
    from bots import resolve_bot
    from sim.runner import make_config
    from sim.runner.plan import default_processes

    t0 = time.monotonic()
    paths = paths_for(out)
    for what, p in paths.items():
        if not p.parent.exists():
            raise ConfigError(f"cannot write the {what} file: folder {p.parent} does not exist")
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ConfigError(f"the budget must be a whole number of games, at least 1, not "
                          f"{budget!r}")
    for label, v, lo in (("population", population, 2), ("keep", keep, 1)):
        if isinstance(v, bool) or not isinstance(v, int) or v < lo:
            raise ConfigError(f"{label} must be a whole number, at least {lo}, not {v!r}")
    if keep >= population:
        raise ConfigError(f"keep ({keep}) must be smaller than the population ({population})")
    against = list(REFERENCE_FIELD if against is None else against)
    if not against:
        raise ConfigError("no opponents given (--against BOT[,BOT...])")
    starts = [start] if isinstance(start, (str, os.PathLike)) else list(start or ["bmu"])
    if not starts:
        raise ConfigError("no start bot given")
    processes = default_processes() if processes is None else int(processes)
    # Validates players, kingdom and every bot; fixes "auto"/"random" kingdoms once.
    cfg = make_config([*starts, *against], players=players,
                      tables=[[i] + [len(starts) + j] * (players - 1)
                              for i in range(len(starts)) for j in range(len(against))],
                      games=1, seed=seed, kingdom=kingdom, events=events,
                      max_events=max_events)
    names_k = tuple(cfg.kingdom)
    names_e = tuple(cfg.events)
    start_genomes = [genome_from_bot(resolve_bot(s)) for s in starts]
    if space is None:
        if cards is not None:
            from sim.cards import CARDS, UnknownCardError, card_id

            try:
                ids = [card_id(c) for c in cards]
            except UnknownCardError as e:
                raise ConfigError(f"--cards: {e}") from None
            outside = [CARDS[c].name for c in ids
                       if CARDS[c].name not in names_k and CARDS[c].name not in names_e]
            if outside:
                where = f"kingdom ({', '.join(names_k)})" + (
                    f" or the Events ({', '.join(names_e)})" if names_e else "")
                raise ConfigError(f"--cards names {', '.join(outside)}, not in the {where}")
        space = Space.for_kingdom(names_k, cards, events=names_e)
    else:
        missing = [c for c in space.cards if c not in names_k and c not in names_e]
        if missing:
            raise ConfigError(f"the space's cards {', '.join(missing)} are not in the kingdom"
                              + (" or its Events" if names_e else ""))
    start_genomes = [space.fit(g) for g in start_genomes]
    start_genome = start_genomes[0]
    n_opp = len(against)
    per_measure = n_opp + 1
    if holdout is None:
        holdout = max(100, int(budget * FINAL_SHARE) // per_measure)
    elif isinstance(holdout, bool) or not isinstance(holdout, int) or holdout < 1:
        raise ConfigError(f"holdout must be a whole number of games, at least 1, not "
                          f"{holdout!r}")
    settings = Settings(kingdom=names_k, players=players, start=tuple(os.fspath(s) for s in starts),
                        against=tuple(str(a) for a in against), budget=int(budget),
                        seed=int(seed), population=population, keep=keep, holdout=int(holdout),
                        name=_bot_name(paths["toml"], against), turn_cap=cfg.turn_cap,
                        space=space.to_dict(), events=names_e)
    gpd = players * n_opp            # games per candidate per deal
    check_games = max(players, holdout // 4)
    final_cost = holdout * per_measure
    unit = race_cost(population, keep, 2, 1) * gpd     # games of a race per unit of d0
    reserve_checks = int(budget * CHECK_SHARE)
    search_budget = budget - final_cost - reserve_checks
    if search_budget < unit * MIN_D0:
        need = unit * MIN_D0 + final_cost + reserve_checks
        raise ConfigError(f"a budget of {budget:,} games is too small for a population of "
                          f"{population} against {n_opp} opponent(s): at least "
                          f"{math.ceil(need / (1 - CHECK_SHARE)):,} games")
    if first_deals is not None and (isinstance(first_deals, bool)
                                    or not isinstance(first_deals, int) or first_deals < 1):
        raise ConfigError(f"first_deals must be a whole number, at least 1, not "
                          f"{first_deals!r}")
    target_d0 = first_deals or TARGET_D0
    if generations is None:
        plan = int(min(MAX_GENERATIONS, max(1, search_budget // (unit * target_d0))))
        generations = 0            # no fixed number: generations until the budget is spent
    elif isinstance(generations, bool) or not isinstance(generations, int) or generations < 1:
        raise ConfigError(f"generations must be a whole number, at least 1, not "
                          f"{generations!r}")
    else:
        plan = generations
    settings = replace(settings, generations=int(generations),
                       first_deals=int(first_deals or 0))
    # First-rung deals: the search budget over the planned generations.  Races whose
    # candidates are dropped early cost less, so more generations usually fit.
    d0_plan = max(MIN_D0, search_budget // (plan * unit))
    say = _sayer(progress)

    state_dir = paths["state"]
    state = _load_state(state_dir, settings)
    if state is None:
        # Continuing a search rewrites its own files; a new one must not replace others'.
        refuse_existing([paths["toml"], paths["trace"], paths["chart"]], force=force,
                        what="optimize output",
                        hint="or give another --out")
        state = {"settings": _settings_dict(settings), "gen": 0, "stopped": None,
                 "race": None, "genomes": {}, "gen_of": {}, "elites": [], "spent": 0,
                 "wall_s": 0.0, "rungs": [], "checks": [], "final": None, "finished": False,
                 "command": command or ""}
    elif state.get("finished"):
        say(f"search already finished: {paths['toml']}")
    cand_dir = state_dir / "candidates"
    cand_dir.mkdir(parents=True, exist_ok=True)
    keys: dict[str, tuple] = {}          # each candidate's key in the space, computed once

    def cand_path(name: str) -> Path:
        return cand_dir / f"{name}.toml"

    def genome(name: str) -> Genome:
        return Genome.from_dict(state["genomes"][name])

    def write_cand(name: str, g: Genome) -> None:
        state["genomes"][name] = g.to_dict()
        p = cand_path(name)
        if not p.exists():
            p.write_text(g.to_toml(name), encoding="utf-8")

    ev = Evaluator(against, players=players, kingdom=names_k, processes=processes,
                   backend=backend, turn_cap=cfg.turn_cap, events=names_e)
    base_games = state["spent"]
    wall0 = state["wall_s"]
    rungs_done = 0

    def spent() -> int:
        return base_games + ev.games

    flushed = {k: len(state[k]) for k in _BULK}

    def save(race: Race | None) -> None:
        state["spent"] = spent()
        state["wall_s"] = wall0 + time.monotonic() - t0
        if race is not None:
            meta, scores = race.to_state()
            state["race"] = meta
            with atomic_path(state_dir / "race.npz") as tmp, open(tmp, "wb") as f:
                np.savez(f, **scores)
        else:
            state["race"] = None
        _save_state(state_dir, state, flushed)

    try:
        if not state["finished"]:
            # Baseline: the start bot on the check deals (the chart's first point).
            if not state["checks"]:
                write_cand("start", start_genome)
                state["gen_of"]["start"] = -1
                _check(state, ev, "start", cand_path("start"), -1, _derive(seed, 2),
                       check_games, spent, say)
                save(None)
            while True:
                g = state["gen"]
                if state["race"] is None:
                    # Every game counts: races, held-out checks (the next one may cost as
                    # much as the dearest so far) and the final measurement.
                    next_check = max((c["cost"] for c in state["checks"]), default=0)
                    left = budget - final_cost - next_check - spent()
                    stop = _stop_reason(state, g, left, unit * MIN_D0, time_limit_s,
                                        wall0 + time.monotonic() - t0)
                    if stop:
                        state["stopped"] = stop
                        say(f"search stops: {stop}")
                        break
                    names = _population(state, space, start_genomes, settings, g,
                                        write_cand, genome, keys)
                    if g > 0 and all(n in state["elites"] for n in names):
                        state["stopped"] = "no new candidate left to try (space exhausted)"
                        say(f"search stops: {state['stopped']}")
                        break
                    unit_g = race_cost(len(names), keep, 2, 1) * gpd
                    d0 = min(d0_plan, left // unit_g)
                    if g > 0 and d0 < max(MIN_D0, d0_plan // 4):
                        # A race on a sliver of the budget would pick its winner by luck.
                        state["stopped"] = "budget spent"
                        say("search stops: budget spent")
                        break
                    d0 = max(MIN_D0, d0)
                    race = Race(names, keep=keep, eta=2, alpha=settings.alpha, d0=int(d0))
                    save(race)
                else:
                    data = np.load(state_dir / "race.npz")
                    race = Race.from_state(state["race"], {k: data[k] for k in data.files})
                while not race.done:
                    deals = race.deals_next()
                    rseed = _derive(seed, 1, g, race.rung)
                    new = {c: ev.deal_scores(cand_path(c), rseed, deals) for c in race.alive}
                    records = race.add(new)
                    for rec in records:
                        rec.update(generation=g, games_spent=spent())
                    state["rungs"].extend(records)
                    save(race)
                    lead = records[0]
                    say(f"generation {g + 1} rung {race.rung}: "
                        f"{len(race.alive)} of {len(race.names)} left; leader {lead['candidate']} "
                        f"{lead['mean']:.4f} over {lead['deals']:,} deals; "
                        f"{spent():,}/{budget:,} games{_pace(ev.games, t0, budget - spent())}")
                    rungs_done += 1
                    if _stop_after_rungs is not None and rungs_done >= _stop_after_rungs:
                        raise KeyboardInterrupt
                ranking = race.ranking()
                state["elites"] = ranking[:keep]
                state["gen"] = g + 1
                best = ranking[0]
                _check(state, ev, best, cand_path(best), g, _derive(seed, 2), check_games,
                       spent, say)
                save(None)
            best = state["elites"][0]
            say(f"final measurement of {best} on fresh deals: {holdout:,} games per opponent")
            rows = ev.measure(cand_path(best), _derive(seed, 3), holdout,
                              opponents=[*against, os.fspath(cand_path(best))])
            state["final"] = {"candidate": best, "rows": rows}
            state["finished"] = True
            save(None)
    except KeyboardInterrupt:
        raise OptimizeInterrupted(f"search interrupted; its state is in {state_dir}: run the "
                                  f"same search again (same --out) to continue") from None
    finally:
        ev.close()
    return _write_outputs(state, settings, paths, genome, command, chart, say)


def _pace(games: int, t0: float, left: int) -> str:
    """", 52,000 games/s, about 3 min left" (this session's rate)."""
    dt = time.monotonic() - t0
    if games <= 0 or dt <= 0:
        return ""
    rate = games / dt
    eta = max(0.0, left) / rate
    when = f"{eta:.0f} s" if eta < 120 else f"{eta / 60:.0f} min"
    return f"; {rate:,.0f} games/s, about {when} left"


def _stop_reason(state: dict, g: int, left: int, least: int, time_limit_s: float | None,
                 wall_s: float) -> str | None:
    """Why no further generation starts (None: it does)."""
    fixed = state["settings"]["generations"]
    if fixed and g >= fixed:
        return f"{fixed} generations played"
    if g > 0 and left < least:
        return "budget spent"
    if time_limit_s is not None and g > 0 and wall_s >= time_limit_s:
        return f"time limit of {time_limit_s:g} s reached ({wall_s:.0f} s)"
    return None


def _check(state, ev, name, path, gen, cseed, games, spent, say) -> None:
    """The held-out win rate of ``name`` (the chart's point after generation ``gen``)."""
    prev = next((c for c in state["checks"]
                 if state["genomes"].get(c["candidate"]) == state["genomes"][name]), None)
    before = ev.games
    if prev is None:
        rows = ev.measure(path, cseed, games)
        field_row = rows[-1]
    else:
        field_row = prev["field"]
    state["checks"].append({"generation": gen, "candidate": name, "field": field_row,
                            "games_spent": spent(), "cost": ev.games - before})
    say(f"held-out check after generation {gen + 1}: {name} wins "
        f"{field_row['win_rate']:.4f} [{field_row['ci_low']:.4f}, {field_row['ci_high']:.4f}] "
        f"against the field" if gen >= 0 else
        f"held-out check of the start bot: {field_row['win_rate']:.4f} "
        f"[{field_row['ci_low']:.4f}, {field_row['ci_high']:.4f}] against the field")


def _population(state, space: Space, starts: list[Genome], settings: Settings, g: int,
                write_cand, genome, keys: dict[str, tuple]) -> list[str]:
    """Generation ``g``'s candidates: elites first, then new mutants (never seen before).
    ``keys`` caches each candidate's key (name -> key)."""
    rng = np.random.default_rng([settings.seed & 0xFFFFFFFF, settings.seed >> 32, 7, g])
    for n, d in state["genomes"].items():
        if n not in keys:
            keys[n] = space.key(Genome.from_dict(d))
    seen = set(keys.values())
    # The start bot raced already in generation 0 when elites exist, so only its key.
    names: list[str] = []
    new: list[Genome] = []

    def fresh(cand: Genome) -> bool:
        k = space.key(cand)
        if k in seen:
            return False
        seen.add(k)
        new.append(cand)
        return True

    labels: list[str] = []

    def add(cand: Genome, label: str) -> None:
        if fresh(cand):
            labels.append(label)

    if g == 0:
        everything = space.enumerate(starts[0], settings.population)
        seen.discard(space.key(starts[0]))
        if everything is not None:
            for cand in everything:
                add(cand, "")
        else:
            for st, label in zip(starts, settings.start, strict=True):
                add(st, f"start: {label}")
            # The space's archetypes (each card with Big Money, villages with draw, Event
            # plans), at most GEN0_ARCHETYPES populations of them, then mutants.
            for label, cand in space.archetypes(starts[0]):
                if len(new) >= GEN0_ARCHETYPES * settings.population:
                    break
                add(cand, label)
            tries = 0
            while len(new) < settings.population and tries < 50 * settings.population:
                tries += 1
                add(space.mutate(starts[int(rng.integers(len(starts)))], rng), "")
    else:
        elites = list(state["elites"])
        names += elites
        parents = [genome(e) for e in elites]
        # Better elites are parents more often (weights 1/rank).
        w = np.array([1.0 / (i + 1) for i in range(len(parents))])
        w /= w.sum()
        # The first generation's archetypes stay a source of genes: an elite crossed
        # with one of them can take up an idea (an Event plan, an engine) that lost
        # alone in the first race.
        pool = [genome(n) for n in sorted(state.get("labels", {}))
                if state["gen_of"].get(n) == 0 and not state["labels"][n].startswith("start")]
        tries = 0
        while len(names) + len(new) < settings.population and tries < 50 * settings.population:
            tries += 1
            r = rng.random()
            if pool and r < ARCHETYPE_SHARE:
                child = space.cross(parents[int(rng.choice(len(parents), p=w))],
                                    pool[int(rng.integers(len(pool)))], rng)
                add(child, "")
            elif len(parents) > 1 and r < ARCHETYPE_SHARE + CROSS_SHARE:
                i, j = rng.choice(len(parents), size=2, replace=False, p=w)
                child = space.cross(parents[int(i)], parents[int(j)], rng)
                if rng.random() < 0.5:
                    child = space.mutate(child, rng, steps=1)
                add(child, "")
            else:
                add(space.mutate(parents[int(rng.choice(len(parents), p=w))], rng), "")
    for i, (cand, label) in enumerate(zip(new, labels, strict=True)):
        name = f"opt-g{g}-c{i:02d}"
        write_cand(name, cand)
        state["gen_of"][name] = g
        if label:
            state.setdefault("labels", {})[name] = label
        names.append(name)
    return names


def _sayer(progress) -> Callable[[str], None]:
    if callable(progress):
        return progress
    if progress is None or progress:
        return lambda msg: print(f"domsim optimize: {msg}", file=sys.stderr, flush=True)
    return lambda msg: None


def _settings_dict(s: Settings) -> dict:
    d = asdict(s)
    if not d["events"]:
        # Searches without Events keep the settings they had before Events existed, so
        # that a search saved then still continues.
        del d["events"]
    if not d["first_deals"]:
        del d["first_deals"]
    return json.loads(json.dumps(d))


#: The parts of the state that grow with the search: kept in append-only JSON-lines
#: files beside state.json (which says how many lines are theirs), so a save after each
#: rung writes what is new, not the whole history.
_BULK = ("genomes", "rungs")


def _save_state(state_dir: Path, state: dict, flushed: dict[str, int]) -> None:
    """Append the new genomes and rung records, then write the rest atomically (the
    counts in state.json say which lines count: a line written by a save cut short is
    dropped on the next load)."""
    for k in _BULK:
        items = list(state[k].items()) if k == "genomes" else state[k]
        new = items[flushed[k]:]
        if new:
            with open(state_dir / f"{k}.jsonl", "a", encoding="utf-8") as f:
                for x in new:
                    rec = {"name": x[0], "genome": x[1]} if k == "genomes" else x
                    f.write(json.dumps(rec, separators=(",", ":")) + "\n")
                f.flush()
                os.fsync(f.fileno())
            flushed[k] = len(items)
    light = {k: v for k, v in state.items() if k not in _BULK}
    light.update({f"n_{k}": flushed[k] for k in _BULK})
    atomic_write_text(state_dir / "state.json", json.dumps(light, separators=(",", ":")))


def _load_state(state_dir: Path, settings: Settings) -> dict | None:
    """The saved state of the same search, None if there is none; another search's state
    is refused with the settings that differ."""
    path = state_dir / "state.json"
    if not path.exists():
        return None
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ConfigError(f"cannot read the search state {path}: {e}") from None
    mine, theirs = _settings_dict(settings), state.get("settings", {})
    diff = [k for k in mine if mine[k] != theirs.get(k)]
    if diff:
        was = ", ".join(f"{k}={theirs.get(k)}" for k in diff if k != "space")
        raise ConfigError(f"{state_dir} holds another search ({was or 'another space'}); "
                          f"use another --out or remove that folder to start afresh")
    for k in _BULK:
        if k in state:          # a state saved whole, before the JSON-lines files
            continue
        n = int(state.pop(f"n_{k}", 0))
        lines: list[str] = []
        p = state_dir / f"{k}.jsonl"
        if p.exists():
            lines = p.read_text(encoding="utf-8").splitlines()[:n]
        if len(lines) < n:
            raise ConfigError(f"the search state in {state_dir} is damaged: {p.name} has "
                              f"{len(lines)} of its {n} lines; remove the folder to start "
                              f"afresh")
        # Lines past the count (a save cut short) are dropped, here and in the file.
        atomic_write_text(p, "".join(x + "\n" for x in lines))
        recs = [json.loads(x) for x in lines]
        state[k] = {r["name"]: r["genome"] for r in recs} if k == "genomes" else recs
    return state


def _write_outputs(state: dict, settings: Settings, paths: dict[str, Path], genome,
                   command: str | None, chart: bool, say) -> OptimizeResult:
    from bots.toml_bot import load_bot_file

    final = state["final"]
    best = final["candidate"]
    g = genome(best)
    rows = final["rows"]
    cmd = command or state.get("command") or ""
    header = [
        f"Found by domsim optimize: the best of {len(state['genomes'])} rule bots raced.",
        f"Kingdom: {', '.join(settings.kingdom)}",
        *([f"Events: {', '.join(settings.events)}"] if settings.events else []),
        f"Players: {settings.players}; opponents: {', '.join(settings.against)}; "
        f"start: {', '.join(settings.start)}; seed: {settings.seed}",
        f"Budget: {settings.budget:,} games; played {state['spent']:,} in "
        f"{state['wall_s']:.0f} s",
        "Objective: mean win rate against the opponents (a win shared by k players counts "
        "1/k).",
        f"Held-out win rates (fresh deals, {rows[0]['games']:,} games each, Wilson 95%):",
    ]
    for r in rows:
        header.append(f"  vs {r['opponent']}: {r['win_rate']:.4f} "
                      f"[{r['ci_low']:.4f}, {r['ci_high']:.4f}]")
    if cmd:
        header.append(f"Command: {cmd}")
    text = g.to_toml(settings.name, header=header)
    atomic_write_text(paths["toml"], text)
    bot = load_bot_file(paths["toml"])   # the file must read back as the bot raced
    trace = {"settings": state["settings"], "command": cmd, "games": state["spent"],
             "stopped": state.get("stopped"),
             "wall_s": state["wall_s"], "generations": state["gen"],
             "candidates": {n: {"generation": state["gen_of"].get(n),
                                "genome": _compact(state["genomes"][n]),
                                "describe": genome(n).describe(),
                                **({"label": state["labels"][n]}
                                   if n in state.get("labels", {}) else {})}
                            for n in state["genomes"]},
             "rungs": state["rungs"], "checks": state["checks"], "final": final,
             "best": best}
    # One record per line: compact, yet diffable and readable with any JSON tool.
    atomic_write_text(paths["trace"], _dump_trace(trace))
    chart_path = None
    if chart:
        chart_path = paths["chart"]
        draw_chart(trace, chart_path)
    rates = ", ".join(f"{r['opponent']} {r['win_rate']:.3f}" for r in rows)
    say(f"wrote {paths['toml']} (held-out win rates: {rates})")
    return OptimizeResult(bot=bot, genome=g, toml=paths["toml"], trace_path=paths["trace"],
                          chart=chart_path, heldout=rows, games=state["spent"],
                          wall_s=state["wall_s"], trace=trace)


def _compact(genome: dict) -> dict:
    """A genome as stored in the trace: only the cards it buys (the rest are off)."""
    return {**genome, "cards": [c for c in genome["cards"] if c["kind"] != "off"]}


def _dump_trace(trace: dict) -> str:
    """JSON with one rung, check or candidate per line."""
    parts = []
    for k, v in trace.items():
        if isinstance(v, list) and v:
            body = ",\n  ".join(json.dumps(x, separators=(",", ":")) for x in v)
            parts.append(f"{json.dumps(k)}: [\n  {body}\n ]")
        elif isinstance(v, dict) and k == "candidates":
            body = ",\n  ".join(f"{json.dumps(n)}: {json.dumps(x, separators=(',', ':'))}"
                                for n, x in v.items())
            parts.append(f"{json.dumps(k)}: {{\n  {body}\n }}")
        else:
            parts.append(f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}")
    return "{\n " + ",\n ".join(parts) + "\n}\n"


def draw_chart(trace: dict, path: str | os.PathLike) -> None:
    """Held-out win rate (against the field) of the best candidate so far, by games spent."""
    # A bare Figure (no pyplot): drawing a file must not change a notebook's backend.
    from matplotlib.figure import Figure

    checks = trace["checks"]
    x = np.array([c["games_spent"] for c in checks], float) / 1e6
    y = np.array([c["field"]["win_rate"] for c in checks])
    lo = np.array([c["field"]["ci_low"] for c in checks])
    hi = np.array([c["field"]["ci_high"] for c in checks])
    fig = Figure(figsize=(7, 4))
    ax = fig.subplots()
    ax.fill_between(x, lo, hi, step="post", alpha=0.25, label="Wilson 95% interval")
    ax.step(x, y, where="post", marker="o", label="leader after each generation")
    if len(x):
        first = trace["settings"]["start"][0]
        ax.annotate(f"start: {Path(first).stem}", (x[0], y[0]), textcoords="offset points",
                    xytext=(4, -14), fontsize=8)
    final = (trace.get("final") or {}).get("rows") or []
    field_row = next((r for r in final if r["opponent"] == "field"), None)
    if field_row is not None and len(x):
        ax.errorbar([trace["games"] / 1e6], [field_row["win_rate"]],
                    yerr=[[field_row["win_rate"] - field_row["ci_low"]],
                          [field_row["ci_high"] - field_row["win_rate"]]],
                    fmt="D", color="C3", capsize=3, label="found bot, final (fresh deals)")
    s = trace["settings"]
    ax.set_xlabel("games spent (millions)")
    ax.set_ylabel("held-out win rate vs the field")
    ax.set_title(f"domsim optimize: {s['players']} players vs {', '.join(s['against'])}",
                 fontsize=9)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    with atomic_path(path) as tmp:
        fig.savefig(tmp, dpi=110, format=Path(path).suffix.lstrip(".") or "png")


def replay(out: str | os.PathLike, *, processes: int | None = None,
           backend: str = "local") -> dict:
    """Play the final held-out measurement of a finished search again, from the saved
    bot file (``out``) and its trace (``.trace.json``, or ``.trace.json.gz``): the same
    seed, games and opponents.  Returns
    ``{"rows": the new rows, "trace": the trace's rows, "same": equal}``: a saved bot
    that is the one the search measured gives the same figures exactly."""
    from sim.runner.plan import default_processes

    paths = paths_for(out)
    trace_path = paths["trace"]
    gz = trace_path.with_name(trace_path.name + ".gz")
    try:
        if not trace_path.exists() and gz.exists():
            # Committed results keep their traces gzipped (experiments/optimize_*.py).
            import gzip

            trace = json.loads(gzip.decompress(gz.read_bytes()).decode("utf-8"))
        else:
            trace = json.loads(trace_path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ConfigError(f"cannot read the trace {trace_path}: {e.strerror or e}") from None
    s = trace["settings"]
    final = trace.get("final") or {}
    if not final.get("rows"):
        raise ConfigError(f"{paths['trace']} holds no final measurement (the search did not "
                          f"finish)")
    if not paths["toml"].exists():
        raise ConfigError(f"no bot file {paths['toml']}")
    against = list(s["against"])
    ev = Evaluator(against, players=s["players"], kingdom=s["kingdom"],
                   processes=default_processes() if processes is None else processes,
                   backend=backend, turn_cap=s["turn_cap"], events=s.get("events", ()))
    try:
        toml = os.fspath(paths["toml"])
        rows = ev.measure(toml, _derive(s["seed"], 3), s["holdout"],
                          opponents=[*against, toml])
    finally:
        ev.close()
    return {"rows": rows, "trace": final["rows"], "same": rows == final["rows"]}


def command_line(argv: Sequence[str]) -> str:
    """The command as a user would retype it (for the TOML's comments)."""
    return "domsim " + " ".join(shlex.quote(a) for a in argv)
