"""The search bot: information-set Monte Carlo tree search on the compiled core.

    domsim match mcts bmu --games 200
    domsim match "mcts:playouts=2000,depth=1" smithy-bm
    domsim play mcts smithy-bm --seed 7          # the log shows what each search weighed

At each decision it searches (by default the turn's own: which Action to play, what
to buy, Events included), it plays ``playouts`` iterations of ISMCTS
(sim.env.search): each deals again what its seat cannot see, reaches the question on
that deal, walks its tree of decisions and plays the game out with rule bots in
compiled code.  It then takes the action visited most.  The other decisions (Treasures, every choice
inside a card) are answered by its playout bot, as are the other seats in its
playouts: it models every player as that bot, and never reads the opponents' bots or
any hidden card.

Settings (``mcts:key=value,...``, a TOML bot file's ``[search]`` table, or arguments):

* ``playouts`` (2000): playouts per decision (about 20 ms on one core, First Game).
* ``time_ms`` (none): aim for this many milliseconds per decision instead, sizing the
  playouts from the decisions before (the games then depend on the machine's speed:
  not reproducible).
* ``c`` (0.7): UCB1's exploration constant (rewards are win shares, 0..1).
* ``depth`` (1): the tree's depth in the searcher's decisions.  1, the flat search:
  every legal action is played out on the same deals (common random numbers), raced
  by successive halving; deeper: UCB1 over a tree of the turn's later decisions and
  the next turns'.
* ``z`` (1.0): the flat search leaves the playout bot's own answer only for an action
  that beat it on the same deals by more than ``z`` standard errors (0: take the
  best mean).
* ``playout`` (``auto``): the bot of every seat in the playouts and the answer to
  the decisions not searched; ``auto`` measures: the winner of a short seeded round
  robin of the library bots the game allows, on the game's own kingdom, Events and
  players (:func:`auto_playout`; a few CPU-seconds once per game, then cached).  A
  learned policy (a policy directory or a learned bot's name, sim.learn.bot.PolicyBot)
  plays the playouts inside compiled code, every seat its decisions and its fallback
  bot the rest (sim.learn.compiled.policy_decide); the fallback also answers the
  decisions not searched.  A policy decision costs microseconds where a rule bot's
  costs nanoseconds: at the same time per decision, far fewer playouts.
* ``decisions`` (``turn``): which decisions are searched (``turn``, ``buy``, ``all`` or
  decision names joined by ``+``).
* ``tries`` (8): deals tried per iteration before the last good one is reused.
* ``seed`` (0): the search's own seed (with the game's seed, seat and move number).
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from bots.providers import register_provider
from sim.engine import codes
from sim.env.agent import AgentBot
from sim.env.search import (
    N_STATS,
    ST_DEALS_KEPT,
    ST_DEALS_TRIED,
    ST_ITERATIONS,
    action_of_answer,
    search,
)

DEFAULTS = {"playouts": 2000, "time_ms": None, "c": 0.7, "depth": 1, "z": 1.0,
            "playout": "auto", "decisions": "turn", "tries": 8, "seed": 0}
_TYPES = {"playouts": int, "time_ms": float, "c": float, "depth": int, "z": float,
          "playout": str, "decisions": str, "tries": int, "seed": int}


#: The library bots the old fixed ``auto`` took, strongest first (the round robins of
#: experiments/ on the Adventures boards K1 and K2, then First Game): the first whose
#: cards and Events are all in the game, else BMU (:func:`fixed_playout`).  ``auto`` now
#: measures instead (:func:`auto_playout`): on a board with Witch this list never even
#: considered ``witch-bm``.  Kept as the baseline the measured choice is compared with
#: (tests, experiments/mcts_playout_auto.py).
PLAYOUT_PREFERENCE = ("lost-arts-seaway", "cotr-engine", "event-money", "swamp-hag-bm",
                      "first-game-optimized", "smithy-bm", "militia-bm", "double-militia",
                      "bmu")

#: The round robin of ``auto``: games a pairing (half each way round on the same deals),
#: at most :data:`AUTO_BUDGET` games in all (many candidates: fewer a pairing, never under
#: :data:`AUTO_MIN_GAMES`).  A few hundred thousand compiled games a CPU-second on a
#: First Game board, tens of thousands on Adventures ones: at most a few CPU-seconds.
AUTO_GAMES = 400
AUTO_MIN_GAMES = 40
AUTO_BUDGET = 60_000
#: Names the way ``auto`` measures: enters the cache key and the search bot's identity,
#: so that a changed method is a changed bot.
AUTO_METHOD = f"round-robin games={AUTO_GAMES} min={AUTO_MIN_GAMES} budget={AUTO_BUDGET}"

# (GameConfig, seed) -> (playout bot name, its round robin's scores), for this process.
_AUTO_CHOSEN: dict[tuple, tuple[str, dict[str, float]]] = {}


def fixed_playout(kingdom: tuple[int, ...], events: tuple[int, ...]):
    """The old fixed ``auto`` choice: the first bot of :data:`PLAYOUT_PREFERENCE` whose
    cards and Events are all in the game, else BMU."""
    from bots import get_bot
    from bots.requirements import required_cards

    have = set(kingdom) | set(events)
    for name in PLAYOUT_PREFERENCE:
        bot = get_bot(name)
        if set(required_cards(bot)) <= have:
            return bot
    return get_bot("bmu")


def auto_candidates(kingdom: tuple[int, ...], events: tuple[int, ...]) -> list:
    """The library bots ``auto`` measures on a game of these kingdom cards and Events:
    every built-in bot whose cards and Events are all there (bots.requirements), except
    ``random`` (no strategy), in registration order."""
    from bots import builtin_bots
    from bots.requirements import required_cards

    have = set(kingdom) | set(events)
    return [b for b in builtin_bots()
            if b.name != "random" and set(required_cards(b)) <= have]


def playout_round_robin(config, seed: int = 0) -> dict[str, float]:
    """Each candidate's mean score over its pairings (:func:`auto_candidates`) in a
    seeded round robin on ``config`` (sim.engine.config.GameConfig), best first.

    A pairing A-B plays each of its deals twice: A in seat 0 and B in every other seat,
    then the other way round (two players: both seatings), the first player drawn from
    the deal's seed.  A's score in a pairing is its mean win share per seat it held (ties
    shared), 1/players for an even match; a bot's figure is the mean over its pairings.
    The same config and seed give the same figures."""
    from sim.engine.batch import play_batch
    from sim.engine.game import G_WINNERS

    bots = auto_candidates(config.kingdom, config.events)
    n, k = config.n_players, len(bots)
    if k < 2:
        return {b.name: 1.0 / n for b in bots}
    pairs = [(a, b) for a in range(k) for b in range(a + 1, k)]
    games = max(AUTO_MIN_GAMES, min(AUTO_GAMES, AUTO_BUDGET // len(pairs)))
    deals = games // 2
    base = _mix(seed, *config.kingdom, -1, *config.events, n, config.turn_cap)
    total = np.zeros(k)
    for i, (a, b) in enumerate(pairs):
        seeds = np.array([_mix(base, i, g) for g in range(deals)], np.uint64)
        seats = np.array([[0] + [1] * (n - 1), [1] + [0] * (n - 1)], np.int32)
        res = play_batch(config, [bots[a], bots[b]], np.repeat(seats, deals, axis=0),
                         np.tile(seeds, 2), np.full(2 * deals, -1, np.int8))
        winners = res.game[:, G_WINNERS].astype(np.int64)
        won = (winners[:, None] >> np.arange(n)) & 1
        share = won / np.maximum(won.sum(axis=1, keepdims=True), 1)
        lone, rest = share[:deals, 0].mean(), share[deals:, 0].mean()  # A alone, B alone
        many_a = share[deals:, 1:].sum(axis=1).mean() / (n - 1)   # per seat of A's n-1
        many_b = share[:deals, 1:].sum(axis=1).mean() / (n - 1)
        total[a] += (lone + many_a) / 2
        total[b] += (rest + many_b) / 2
    scores = {bots[i].name: float(total[i] / (k - 1)) for i in range(k)}
    return dict(sorted(scores.items(), key=lambda kv: (-kv[1], kv[0])))


def auto_cache_dir() -> Path | None:
    """Where measured ``auto`` choices are kept between processes: beside the compiled
    engine (``NUMBA_CACHE_DIR``, which domsim names by the engine's sources:
    sim.numba_cache), or None (this process only)."""
    folder = os.environ.get("NUMBA_CACHE_DIR")
    return Path(folder) / "playout-auto" if folder else None


def _auto_key(config, seed: int) -> dict:
    """Everything a measured choice depends on (the cache file holds it, and is used only
    when it matches): domsim's version and engine sources, the method, the game, the
    seed, and each candidate's identity hash."""
    import sim
    from bots.identity import bot_hash
    from sim.numba_cache import source_key

    return {"version": sim.__version__, "engine": source_key(), "method": AUTO_METHOD,
            "players": config.n_players, "turn_cap": config.turn_cap,
            "kingdom": list(config.kingdom), "events": list(config.events), "seed": seed,
            "bots": [[b.name, bot_hash(b)]
                     for b in auto_candidates(config.kingdom, config.events)]}


def auto_choice(config, seed: int = 0) -> tuple[str, dict[str, float]]:
    """The playout bot ``auto`` takes on ``config`` (sim.engine.config.GameConfig) and
    the round robin's scores it chose by (:func:`playout_round_robin`): measured once
    per game and seed, then kept in memory and in :func:`auto_cache_dir` (written
    atomically; an unreadable or stale file is measured again)."""
    found = _AUTO_CHOSEN.get((config, seed))
    if found is not None:
        return found
    import hashlib
    import json

    key = _auto_key(config, seed)
    folder = auto_cache_dir()
    path = None
    if folder is not None:
        digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:24]
        path = folder / f"{digest}.json"
        try:
            saved = json.loads(path.read_text(encoding="utf-8"))
            if saved.get("key") == key:
                found = (str(saved["bot"]), {str(k): float(v)
                                             for k, v in saved["scores"].items()})
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            found = None
    if found is None:
        scores = playout_round_robin(config, seed)
        found = (next(iter(scores)) if scores else "bmu", scores)
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_text(json.dumps({"key": key, "bot": found[0], "scores": found[1]},
                                          indent=1), encoding="utf-8")
                os.replace(tmp, path)
            except OSError:
                pass          # only a speed-up: measured again next time
    _AUTO_CHOSEN[(config, seed)] = found
    return found


_AUTO_IDENTITY: list[str] = []


def auto_identity() -> str:
    """What every measured ``auto`` choice rests on, for the search bot's identity: the
    method (:data:`AUTO_METHOD`) and the identity hash of every library bot it may
    measure (a game adds only which of them it allows)."""
    if not _AUTO_IDENTITY:
        from bots import builtin_bots
        from bots.identity import bot_hash

        _AUTO_IDENTITY.append(AUTO_METHOD + " " + " ".join(
            f"{b.name}={bot_hash(b)}" for b in builtin_bots()))
    return _AUTO_IDENTITY[0]


def auto_playout(kingdom: tuple[int, ...], events: tuple[int, ...] = (), players: int = 2,
                 seed: int = 0, turn_cap: int = 100):
    """The playout bot ``auto`` takes for a game of these kingdom cards, Events and
    players: the best library bot of a short seeded round robin on that very game
    (:func:`auto_choice`), the same for the same game and seed."""
    from bots import get_bot
    from sim.engine.config import GameConfig

    config = GameConfig(players, tuple(kingdom), turn_cap, tuple(events),
                        max_events=max(2, len(events)))
    return get_bot(auto_choice(config, seed)[0])


class MCTSBot(AgentBot):
    """The search bot (see the module docstring for the settings)."""

    def __init__(self, name: str = "mcts", description: str | None = None, **settings):
        unknown = sorted(set(settings) - set(DEFAULTS))
        if unknown:
            raise ValueError(f"{name}: unknown search setting {unknown[0]!r} (settings: "
                             f"{', '.join(DEFAULTS)})")
        cfg = {**DEFAULTS, **{k: _coerce(name, k, v) for k, v in settings.items()
                              if v is not None}}
        for key in ("playouts", "depth", "tries"):
            if int(cfg[key]) < 1:
                raise ValueError(f"{name}: {key} must be at least 1, not {cfg[key]!r}")
        if cfg["time_ms"] is not None and float(cfg["time_ms"]) <= 0:
            raise ValueError(f"{name}: time_ms must be positive, not {cfg['time_ms']!r}")
        if float(cfg["c"]) < 0:
            raise ValueError(f"{name}: c must be at least 0, not {cfg['c']!r}")
        self.settings = cfg
        playout = cfg["playout"]
        self.auto = isinstance(playout, str) and playout.strip().lower() == "auto"
        decisions = cfg["decisions"]
        if isinstance(decisions, str) and "+" in decisions:
            decisions = [d for d in decisions.split("+") if d.strip()]
        #: A learned policy that plays the playouts inside compiled code (its
        #: ``playout_calls``: sim.learn.bot.PolicyBot), or None: the playout bot's rules.
        self.policy = None
        if not self.auto:
            from bots import resolve_bot

            playout = resolve_bot(playout)
            if isinstance(playout, AgentBot):
                if not hasattr(playout, "playout_calls"):
                    raise ValueError(f"{name}: the playout bot must be compiled (rules, "
                                     f"TOML, hook) or a learned policy, not the agent bot "
                                     f"{playout.name!r}")
                self.policy = playout
                playout = playout.fallback     # what the policy does not answer
        super().__init__(name, description or self._describe(cfg),
                         fallback="bmu" if self.auto else playout, decisions=decisions)
        self._searched = np.zeros(codes.N_DECISIONS, np.int64)
        self._searched[sorted(self.decisions)] = 1
        self._search_games: dict[tuple, tuple] = {}
        self._ms_per_iteration: float | None = None
        self.last_search: tuple | None = None

    def __getstate__(self) -> dict:
        """Without the searched games: they hold this process's addresses (call tables,
        a playout policy's table); another process builds its own."""
        state = dict(self.__dict__)
        state["_search_games"] = {}
        return state

    @staticmethod
    def _describe(cfg: Mapping) -> str:
        budget = (f"{cfg['time_ms']:g} ms" if cfg["time_ms"] is not None
                  else f"{cfg['playouts']} playouts")
        return (f"Monte Carlo tree search: {budget} per decision, depth {cfg['depth']}, "
                f"playouts by {cfg['playout']}")

    def identity(self) -> str:
        """Its class, settings and fallback, and with ``playout = "auto"`` what the
        measured choice rests on (:func:`auto_identity`): a changed method or library
        bot may change its playout bot, so it is another bot."""
        keys = ", ".join(f"{k}={self.settings[k]!r}" for k in sorted(self.settings))
        auto = f" auto=[{auto_identity()}]" if self.auto else ""
        policy = f" policy=[{self.policy.identity()}]" if self.policy is not None else ""
        return f"{super().identity()} {keys}{auto}{policy}"

    def seat_bot(self, config):
        """The compiled bot for this bot's seat in a game of ``config`` (its playout bot:
        with ``auto``, measured on that game, :func:`auto_choice`)."""
        if not self.auto:
            return self.fallback
        from bots import get_bot

        return get_bot(auto_choice(config)[0])

    # ------------------------------------------------------------------ searching
    def _search_game(self, game) -> tuple:
        """The game of the playouts (``game``'s table with the playout bot in every seat),
        its programs with and without agent seats, and the call table and policy table
        the search takes (the game's own and none, or with a learned playout policy
        those that ask it at every seat, whose programs ask every decision:
        sim.learn.bot.PolicyBot.playout_calls)."""
        cfg = game.config
        key = (cfg, game.agents, game.decisions)
        found = self._search_games.get(key)
        if found is None:
            from sim.env.state import Game

            if len(self._search_games) >= 32:   # a long run of many tables: start again
                self._search_games.clear()
            playout = self.seat_bot(cfg)
            sg = Game(kingdom=cfg.kingdom, events=cfg.events, players=cfg.n_players,
                      bots=[playout] * cfg.n_players, agents=game.agents,
                      decisions=game.decisions, turn_cap=cfg.turn_cap)
            P, H, table = sg.P, sg.H, np.zeros(0, np.int32)
            if self.policy is not None:
                P, H, table = self.policy.playout_calls(sg, range(cfg.n_players))
            found = (sg, P, plain_programs(P), H, table)
            self._search_games[key] = found
        return found

    def _iterations(self) -> int:
        ms = self.settings["time_ms"]
        if ms is None or self._ms_per_iteration is None:
            return int(self.settings["playouts"])
        return max(16, int(ms / self._ms_per_iteration))

    def _base_action(self, state, sg) -> int:
        """What the playout bot answers at this decision (the flat search's default): a
        playout policy's action where it takes the decision."""
        from sim.env.core import bot_answer

        d, arg = state.decision()
        if self.policy is not None and d in self.policy.decisions:
            return int(self.policy.compiled_policy().act(state))
        r = int(bot_answer(state.D.copy(), state.R.copy(), sg.T, sg.P, sg.Q, sg.H,
                           state.current_player(), d, arg))
        return action_of_answer(r, d)

    def act(self, state) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        p = state.current_player()
        d = state.decision()[0]
        sg, P, plain, H, policies = self._search_game(state.game)
        iterations = self._iterations()
        seed = _mix(int(self.settings["seed"]), state.seed, p, len(state.history))
        visits = np.zeros(len(state.mask), np.float64)
        values = np.zeros_like(visits)
        diff_sum = np.zeros_like(visits)
        diff_sq = np.zeros_like(visits)
        stats = np.zeros(N_STATS, np.int64)
        base = self._base_action(state, sg)
        t0 = time.perf_counter()
        search(state.D, state.R, sg.T, P, plain, sg.Q, H, p, self._searched,
               iterations, float(self.settings["c"]), int(self.settings["depth"]),
               np.uint64(seed), int(self.settings["tries"]), base, visits, values, diff_sum,
               diff_sq, stats, policies)
        spent = (time.perf_counter() - t0) * 1e3
        #: The last search's root: visits and summed rewards per action, its ST_* counts.
        self.last_search = (visits, values, stats)
        done = int(stats[ST_ITERATIONS])
        if done:
            per = spent / done
            self._ms_per_iteration = per if self._ms_per_iteration is None else \
                0.8 * self._ms_per_iteration + 0.2 * per
        if done == 0:   # no deal agrees with what it saw: its playout bot answers
            self.last_note = (f"{codes.DECISION_NAMES[d]}: no deal agrees with what it saw "
                              f"({int(stats[ST_DEALS_TRIED])} tried); its bot answers")
            return state.bot_action()
        order = sorted(legal, key=lambda a: (-visits[a], -values[a], a))
        best = order[0]
        z = float(self.settings["z"])
        kept = ""
        if int(self.settings["depth"]) == 1 and base in legal and best != base and z > 0:
            # Leave the playout bot's own answer only for one measured better on the same
            # deals: the paired mean gap beyond z standard errors.
            k = visits[best]
            gap = diff_sum[best] / k
            spread = max(diff_sq[best] / k - gap * gap, 0.0)
            se = (spread / k) ** 0.5
            if gap <= z * se:
                # Say so: the log would otherwise show another action visited most and
                # this one taken, with no reason.
                kept = (f" (its playout bot's answer, kept: {state._action_words(best)} "
                        f"beat it by only {gap:+.1%} on the same deals, within z={z:g} "
                        f"standard errors of {se:.1%})")
                best = base
        shown = ", ".join(f"{state._action_words(a)} {visits[a]:.0f} ({values[a] / visits[a]:.0%})"
                          for a in order[:3] if visits[a] > 0)
        self.last_note = (f"{codes.DECISION_NAMES[d]}: {state._action_words(best)}{kept} — "
                          f"visits (win rate): {shown}; {done} playouts, "
                          f"{int(stats[ST_DEALS_KEPT])}/{int(stats[ST_DEALS_TRIED])} deals "
                          f"kept, {spent:.1f} ms")
        return best


def plain_programs(P: np.ndarray) -> np.ndarray:
    """``P`` with its agent seats made the bots they stand on (sim.engine.program
    K_AGENT + kind -> kind)."""
    from sim.engine import layout as L
    from sim.engine.program import F_KIND, K_AGENT

    out = P.copy()
    kinds = out[:, L.PF_FLAGS + F_KIND]
    kinds[kinds >= K_AGENT] -= K_AGENT
    return out


def _mix(*values: int) -> int:
    """A 64-bit seed from several integers (splitmix64 steps)."""
    x = 0
    for v in values:
        x = ((x ^ (int(v) & 0xFFFFFFFFFFFFFFFF)) + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 31
    return x


def _coerce(name: str, key: str, value: object):
    """``value`` as setting ``key``'s type (an int for a whole number, ...), or a one-line
    error naming the bot, the setting and the value."""
    return coerce_setting(name, key, value, _TYPES[key])


def coerce_setting(name: str, key: str, value: object, kind: type):
    """``value`` as a setting of type ``kind`` (an int for a whole number, ...), or a
    one-line error naming the bot, the setting and the value: the search bots' one rule
    for their settings (this module's and sim.learn.puct's)."""
    ok = (isinstance(value, str) if kind is str else
          isinstance(value, (int, float)) and not isinstance(value, bool)
          and (kind is float or float(value).is_integer()))
    if not ok:
        what = {int: "a whole number", float: "a number", str: "text"}[kind]
        raise ValueError(f"{name}: search setting {key} must be {what}, not {value!r}")
    return kind(value)


def setting_pairs(text: str, known, unknown: str):
    """The ``key=value`` items of ``text`` (the part of a bot spec after ``mcts:``), keys
    lower-case, values stripped: the search bots' one reading of a spec (this module's and
    sim.learn.puct's).  A one-line ValueError for an item that is not ``key=value``, or a
    key not in ``known`` (``unknown``: the message, with ``{key}``)."""
    for item in text.split(","):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if not sep or not value.strip():
            raise ValueError(f"mcts setting {item.strip()!r}: write key=value")
        if key not in known:
            raise ValueError(unknown.format(key=repr(key)))
        yield key, value.strip()


def parse_settings(text: str) -> dict:
    """``key=value,...`` (the part of a bot spec after ``mcts:``) as typed settings."""
    out: dict = {}
    for key, value in setting_pairs(text, _TYPES, "unknown mcts setting {key} (settings: "
                                    + ", ".join(DEFAULTS) + ")"):
        try:
            out[key] = _TYPES[key](value)
        except ValueError:
            raise ValueError(f"mcts setting {key}: {value!r} is not "
                             f"{'a number' if _TYPES[key] is not str else 'text'}") from None
    return out


# The registry (bots) makes search bots from ``mcts:...`` specs and [search] files with
# these; it sits below this module, so it cannot import them (bots.providers).
register_provider("search", bot=MCTSBot, parse_settings=parse_settings, defaults=DEFAULTS)
