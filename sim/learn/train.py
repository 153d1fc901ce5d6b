"""Training a policy by self-play and a league of library bots (masked PPO, numpy).

    from sim.learn import TrainConfig, train
    cfg = TrainConfig(kingdom="first-game", against=("big-money", "bmu", "smithy-bm", "self"),
                      minutes=20, seed=1)
    result = train(cfg, "policy/")          # progress lines, checkpoints, policy/ playable

    domsim train --kingdom first-game --against big-money,bmu,smithy-bm,self \\
        --minutes 20 --seed 1 --out policy/

Every iteration steps each league table's games ``steps`` times (the learner's seat
sampled from the policy, the other seats the league bot's, or a frozen snapshot of
the policy for ``self``), then runs ``epochs`` of PPO over the learner's finished games
(:mod:`sim.learn.ppo`).  Rewards are the games' outcomes by domsim's rules only (win 1,
a win shared by k 1/k, loss or turn cap 0) unless ``shaping`` is set (off by default):
then ``shaping * tanh((my VP - best other VP) / 10)`` is added at the end of each game.

Every ``eval_every`` iterations the greedy policy plays ``eval_games`` fresh games
against each league bot; the win rates go to the progress line and ``curve.csv``.

Reproducibility: one seeded numpy Generator draws every sampled action and every
minibatch, and the games' deals come from the seed, so the same configuration and
seed give the same weights after the same number of iterations (``--iterations``).  A
``--minutes`` budget stops after however many iterations fit, which depends on the
machine and its load: the run is then the same as far as it got.  Where the library does
not allow more: numpy's BLAS (OpenBLAS) picks its kernels by CPU, so another processor
may round a matrix product differently in the last bit, and the runs then drift apart;
training holds BLAS to one thread (:func:`blas_one_thread`), so the thread count does not.

A general policy (``kingdom="random:all"``, or any random kingdom spec): the league's
tables are ``boards`` kingdoms drawn from the spec (and Events, with ``events=("random",)``),
each playing every league bot, redrawn every ``board_iterations`` iterations (the
games in progress then are dropped, their trajectories unused), so the policy meets a
new board every few minutes; it reads every card's entries of the observation and plays
any kingdom of the spec's cards (:class:`sim.learn.bot.PolicyBot`).  Its league bots
must be able to play every board (bots that buy no kingdom card: ``bmu``, ``big-money``,
``self``).  Evaluations play a fixed set of boards (drawn from the run's seed, apart from
the training boards'), so the curve compares policies, not boards.

A league of the field (``league="field"``, ``domsim train --league field``): on each
board, besides a table for each ``against`` entry (``self`` in the general recipe),
``field_tables`` tables whose opponents are drawn, at every board draw, from the board's
library field (every library bot that can play it, ``bots.requirements.playable_bots``:
single-card bots, BM and draw, Gardens, attacks) and past snapshots of the policy (one
added every ``past_every`` iterations, the last ``past_max`` kept; with ``init``, the
starting policy is the first).  Why: a league of bmu, big-money and itself has nothing
left to teach a general policy after a few hundred thousand games, and the bots that beat
it on unseen boards are the boards' own (Reserve cards, draw), never in that league.
The draw is prioritized fictitious self-play (AlphaStar's "hard" weighting): opponent
``o`` is drawn with weight ``(1 - p_o)**2``, ``p_o`` the policy's running win share
against ``o`` in training, over every board it met ``o`` on (``(wins + 1) / (games + 2)``
of counts decayed by :data:`PFSP_DECAY` at each draw, so an opponent beaten long ago comes
back); the tables of one board draw distinct opponents where the field allows.  The draw
is seeded by the run's seed and the draw's index, and the counts are in the checkpoint,
so a run reproduces and resumes exactly.  Exploiters (``exploit_every``,
``--exploit-every N``): every N iterations, at a draw, a copy of the policy trains
``exploit_iterations`` iterations against the policy frozen as it is, on boards of its
own, and joins the draw (as ``exploiter-<iteration>``, the last ``exploit_max`` kept)
when it beats the policy (Wilson 95% interval of its win share above 50%); why: the
field and past snapshots are opponents the policy has met, an exploiter is made to find
what it does badly (AlphaStar's main exploiters).  Evaluations add ``field``: every
library bot of the evaluation boards, ``eval_games`` games in all.

Starting weights (``init``, ``--init DIR``): a policy directory (the library's ``general``
is ``bots/data/policies/general``) whose network has the run's shape and inputs, or a
general policy on one kingdom (``--init general --kingdom K``: it keeps every card's inputs,
the board's among them), or a general policy made with fewer cards on a general run of
this domsim's (it reads the added cards' inputs from 0 weights and may choose them:
sim.learn.policy.widen_to_columns); the run fine-tunes it (a fresh optimiser).  Without it
the network starts random.

Checkpoints (``checkpoint.npz``, every ``checkpoint_s`` seconds, at the end and on
Ctrl-C; ``checkpoint.json`` is a readable copy of its state) keep the weights, the
optimiser, the frozen snapshot, the Generator and every game in progress (as its
actions, replayed on resume): ``resume=True`` continues the run exactly where it
stopped.  A checkpoint is always the run between two iterations (the last
:meth:`Trainer.mark`), whenever the interrupt comes, and is renamed into place only when
whole, so an interrupt or a crash during a save keeps the previous one.  The policy
files are rewritten with each checkpoint, so the directory always plays
(:class:`sim.learn.bot.PolicyBot`).
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from sim.learn.policy import (
    Adam,
    Net,
    asked_decisions,
    feature_columns,
    imitation_loss,
    log_softmax,
    ppo_loss,
    widen_to_columns,
)
from sim.learn.ppo import SELF, Side, advantages, greedy_win_rate, rollout

CHECKPOINT = "checkpoint.npz"
CHECKPOINT_META = "checkpoint.json"
STATE_KEY = "state_json"       # checkpoint.npz's entry holding the state (UTF-8 JSON)
CURVE = "curve.csv"
#: ``league`` values: ``against`` on every table, or the board's field drawn by PFSP.
FIXED, FIELD = "fixed", "field"
#: A field league's win counts are multiplied by this at every board draw (why: the
#: policy changes, so old games say less about it; after 10 draws a game weighs 3%).
PFSP_DECAY = 0.7
#: The name of the evaluation against every library bot of the evaluation boards.
FIELD_EVAL = "field"
#: A past snapshot's name in the league: PAST_PREFIX + the iteration it was taken at.
PAST_PREFIX = "past-"
#: An exploiter's name in the league: EXPLOITER_PREFIX + the iteration it was made at.
EXPLOITER_PREFIX = "exploiter-"
CURVE_FIELDS = ("wall_s", "iteration", "games", "steps", "opponent", "win_rate", "eval_games",
                "train_win_rate", "entropy")


@dataclass
class TrainConfig:
    """What a training run is (the checkpoint keeps it; a resume must match it).

    Args:
        kingdom, events, players: the table (as ``domsim match`` takes them).
        against: the league: library bot specs and ``"self"`` (a frozen snapshot of the
            policy in every other seat), each with its own batch of games.
        fallback: the compiled bot that answers the decisions the policy does not take.
        decisions: the decisions the policy takes (``"buy"``, ``"turn"``, ...).
        seed: the run's seed (the games' deals, the sampled actions, the minibatches).
        minutes, iterations: the budget (either or both; the first reached stops it).
        games: games played in parallel in all, split evenly over the league.
        steps: steps of every game per iteration.
        hidden: the trunk's layer widths.
        lr: Adam's step size; epochs, minibatch: PPO's passes and their batch size.
        clip, vf_coef: PPO's clip range and value-loss weight.
        ent_start, ent_end, ent_half_life: the entropy bonus, decaying from ent_start
            towards ent_end, halving the gap every ent_half_life games trained.
        lam: GAE's lambda (no discount within a game).
        snapshot_every: iterations between refreshing self-play's frozen snapshot.
        eval_every, eval_games: iterations between evaluations, games per league bot.
        checkpoint_s: seconds between checkpoints.
        shaping: weight of the VP-difference term added to the terminal reward (0: off).
        prior: logit added at the fallback bot's own action (sim.learn.prior; 0: learn
            from uniformly random play).
        boards, board_iterations: a general policy's tables (a random ``kingdom``):
            how many boards at once, and the iterations before new ones are drawn (a
            field league redraws its opponents then too, on one kingdom as well).
        league: ``"fixed"`` (``against`` on every table) or ``"field"`` (the module
            docstring: ``against`` plus ``field_tables`` tables a board drawn by PFSP
            from the board's library field and past snapshots).
        field_tables: a field league's drawn tables per board.
        past_every, past_max: a field league's past snapshots: iterations between two
            (0: none), and how many are kept.
        init: a policy directory whose weights the run starts from (None: random).
        imitate: iterations at the start that train by imitation, not PPO (DAgger: the
            learner's own games, each of its answers taught the teacher's: at the
            decisions ``init`` took, ``init``'s policy; at the others, the fallback's
            answer).  Why: a policy that starts taking decisions it never took (issue 49
            item 3: every decision) answers them at random and loses every game (it
            stops playing Treasures); imitation first gives PPO the old policy with the
            fallback's answers to improve on.  0: off.
        exploit_every, exploit_iterations, exploit_max: a field league's exploiters (the
            module docstring): iterations between two (0: none), the iterations each
            trains, and how many are kept.
    """

    kingdom: str | tuple = "first-game"
    events: tuple = ()
    players: int = 2
    against: tuple = ("big-money", "bmu", "smithy-bm", SELF)
    fallback: str = "bmu"
    decisions: str = "buy"
    seed: int = 0
    minutes: float | None = None
    iterations: int | None = None
    games: int = 512
    steps: int = 16
    hidden: tuple = (128, 128)
    lr: float = 1e-3
    epochs: int = 3
    minibatch: int = 2048
    clip: float = 0.2
    vf_coef: float = 0.5
    ent_start: float = 0.01
    ent_end: float = 0.001
    ent_half_life: float = 100_000
    lam: float = 0.95
    snapshot_every: int = 10
    eval_every: int = 20
    eval_games: int = 200
    checkpoint_s: float = 60.0
    shaping: float = 0.0
    prior: float = 4.0
    boards: int = 16
    board_iterations: int = 40
    league: str = FIXED
    field_tables: int = 3
    past_every: int = 200
    past_max: int = 4
    init: str | None = None
    imitate: int = 0
    exploit_every: int = 0
    exploit_iterations: int = 60
    exploit_max: int = 2

    @property
    def general(self) -> bool:
        """A policy for every kingdom of a random spec (the module docstring)."""
        from sim.engine.config import is_random_kingdom

        return isinstance(self.kingdom, str) and is_random_kingdom(self.kingdom)

    def run_keys(self) -> dict:
        """The settings that make the run what it is (all but the budget, the timing of
        checkpoints and the evaluations, which change no weight): a resume must match
        them."""
        d = asdict(self)
        for k in ("minutes", "iterations", "checkpoint_s", "eval_every", "eval_games"):
            d.pop(k)
        if self.league == FIXED:    # (as its checkpoints before field leagues existed)
            for k in ("league", "field_tables", "past_every", "past_max"):
                d.pop(k)
        if not self.general:        # (one kingdom: as its checkpoints before boards existed)
            d.pop("boards")
            if self.league == FIXED:
                d.pop("board_iterations")
        if self.init is None:
            d.pop("init")
        if not self.imitate:        # (as checkpoints made before imitation existed)
            d.pop("imitate")
        if not self.exploit_every:  # (as checkpoints made before exploiters existed)
            for k in ("exploit_every", "exploit_iterations", "exploit_max"):
                d.pop(k)
        return json.loads(json.dumps(d))


class TrainError(ValueError):
    """A training run that cannot start (bad league, kingdom, or output folder)."""


@dataclass
class TrainResult:
    """What :func:`train` returns."""

    directory: Path
    iterations: int
    games: int
    steps: int
    wall_s: float
    curve: list[dict] = field(default_factory=list)
    interrupted: bool = False


def _resolve_table(cfg: TrainConfig):
    """The kingdom, Events and the league's bots, checked: every bot known and able to play
    the kingdom (its cards and Events all in the game)."""
    from bots import resolve_bot
    from bots.errors import BotError
    from bots.requirements import required_cards
    from sim.cards import CARDS
    from sim.engine.config import ConfigError, GameConfig

    try:
        gc = draw_board(cfg, 0) if cfg.general else \
            GameConfig(n_players=cfg.players, kingdom=cfg.kingdom, events=tuple(cfg.events),
                       max_events=max(2, len(cfg.events)))
    except (ConfigError, ValueError) as exc:
        raise TrainError(str(exc).splitlines()[0]) from None
    if cfg.general and (cfg.boards < 1 or cfg.board_iterations < 1):
        raise TrainError(f"--boards and --board-iterations: at least 1, not {cfg.boards} "
                         f"and {cfg.board_iterations}")
    if cfg.league not in (FIXED, FIELD):
        raise TrainError(f"--league: {FIXED} or {FIELD}, not {cfg.league!r}")
    if cfg.league == FIELD and (cfg.field_tables < 1 or cfg.past_every < 0
                                or cfg.past_max < 0 or cfg.board_iterations < 1):
        raise TrainError(f"--field-tables: at least 1, --past-every and --past-max at "
                         f"least 0, not {cfg.field_tables}, {cfg.past_every}, "
                         f"{cfg.past_max}")
    if cfg.exploit_every < 0 or cfg.exploit_iterations < 1 or cfg.exploit_max < 1:
        raise TrainError(f"--exploit-every at least 0, --exploit-iterations and "
                         f"--exploit-max at least 1, not {cfg.exploit_every}, "
                         f"{cfg.exploit_iterations}, {cfg.exploit_max}")
    if cfg.exploit_every and cfg.league != FIELD:
        raise TrainError("--exploit-every: exploiters join a field league's draws "
                         "(--league field)")
    have = set() if cfg.general else set(gc.kingdom) | set(gc.events)
    league = []
    if not cfg.against and cfg.league == FIXED:
        raise TrainError("--against: name at least one league bot (or self)")
    for spec in list(cfg.against) + [cfg.fallback]:
        if spec == SELF:
            league.append(None)
            continue
        try:
            bot = resolve_bot(spec)
        except (BotError, OSError) as exc:
            raise TrainError(str(exc).splitlines()[0]) from None
        from sim.env.agent import is_agent_bot

        if is_agent_bot(bot):
            raise TrainError(f"{spec}: league and fallback bots must be compiled bots "
                             f"(rules, TOML), not the agent bot {bot.name!r}")
        missing = [CARDS[c].name for c in required_cards(bot) if c not in have]
        if missing:
            role = "the fallback bot" if spec is cfg.fallback and spec not in cfg.against \
                else "league bot"
            if cfg.general:
                raise TrainError(f"{role} {bot.name!r} cannot play every board of "
                                 f"{cfg.kingdom}: it needs {', '.join(missing)} (a general "
                                 f"policy's league: bots that buy no kingdom card, such as "
                                 f"bmu, big-money, self)")
            raise TrainError(f"{role} {bot.name!r} cannot play this kingdom: it needs "
                             f"{', '.join(missing)} (`domsim bots --kingdom ...` lists those "
                             f"that can)")
        league.append(bot)
    names = [SELF if b is None else b.name for b in league[:-1]]
    if len(set(names)) != len(names):
        raise TrainError(f"--against: a bot named twice ({', '.join(names)})")
    return gc, league[:-1], league[-1]


def draw_board(cfg: TrainConfig, index: int, *, evaluation: bool = False):
    """Board ``index`` of a general run (a GameConfig): a kingdom of ``cfg.kingdom``'s
    spec and, with ``events=("random",)``, random Events, drawn from the run's seed; the
    evaluation boards come from a stream of their own."""
    from sim.engine.config import GameConfig, resolve_table

    events = "random" if [e.lower() for e in cfg.events] == ["random"] else tuple(cfg.events)
    seed = _mix(cfg.seed, 5_000 if evaluation else 3_000, index)
    kingdom, event_ids = resolve_table(cfg.kingdom, events, seed)
    return GameConfig(n_players=cfg.players, kingdom=kingdom, events=event_ids)


class Trainer:
    """One training run (see the module docstring); :func:`train` drives it."""

    def __init__(self, cfg: TrainConfig, table: tuple | None = None):
        """Build the league's games (the engine compiles here on a new machine);
        ``table``: :func:`_resolve_table`'s answer, if the caller has checked it already."""
        from sim.cards import N_CARDS
        from sim.engine.batch import cards_in_game
        from sim.engine.codes import N_DECISIONS
        from sim.env.vector import VectorGames

        self.cfg = cfg
        self.gc, league, self.fallback = _resolve_table(cfg) if table is None else table
        self.league = league
        self.field = cfg.league == FIELD
        names = [SELF if b is None else b.name for b in league]
        self.fixed_names = names
        n = cfg.players
        boards = cfg.boards if cfg.general else 1
        per_board = len(league) + (cfg.field_tables if self.field else 0)
        per = max(1, cfg.games // (per_board * boards))
        self.sides: list[Side] = []
        #: per league bot: its evaluation tables (one per evaluation board) and seeds
        self.eval_games: dict[str, list] = {}
        self.eval_seeds: dict[str, list[int]] = {}
        self.draw = 0               # a general run's boards: draw_board(cfg, draw * boards + j)
        #: a field league: the bots by name, past snapshots (name -> Net, oldest first),
        #: the iteration of the last one, PFSP's decayed [wins, games] per opponent, and
        #: the [wins, games] per opponent since the last progress line
        self._bots: dict[str, object] = {}
        self._fields: dict[tuple, list[str]] = {}
        self.past: dict = {}
        self.past_at = 0
        self.stats: dict[str, list[float]] = {}
        self.since: dict[str, list[float]] = {}
        #: a field league's exploiters (name -> Net, oldest first), the iteration of the
        #: last one trained, and every one trained (added or not: exploit_log).  The first
        #: comes ``exploit_every`` iterations after the imitation (``cfg.imitate``): an
        #: exploiter of a policy still learning to answer its new decisions would beat
        #: it at those and teach nothing after
        self.exploiters: dict = {}
        self.exploit_at = cfg.imitate
        self.exploit_log: list[dict] = []
        self._news: list[str] = []      # lines for the progress (an exploiter trained)
        init = _load_init(cfg) if cfg.init else None
        #: the imitation's teacher (``cfg.imitate``): init's network and the decisions it
        #: answers (the fallback answers the rest); set once the network is built
        self.teacher: Net | None = None
        self.teacher_takes = np.zeros(N_DECISIONS, np.bool_)
        if init is not None and cfg.imitate:
            self.teacher_takes[sorted(init[3])] = True
        # (a past snapshot taken before the imitation would answer the run's new
        # decisions at random: with ``imitate`` the first comes after past_every)
        if self.field and init is not None and cfg.past_max > 0 and not cfg.imitate:
            self.past[f"{PAST_PREFIX}0"] = init[0]
        eval_boards = [draw_board(cfg, j, evaluation=True) for j in range(min(4, boards))] \
            if cfg.general else [self.gc]
        per_eval = max(1, cfg.eval_games // len(eval_boards))
        for k, (name, bot) in enumerate(zip(names, league, strict=True)):
            if bot is None:
                continue
            self.eval_seeds[name] = [_mix(cfg.seed, 1_000 + k, j) if cfg.general
                                     else _mix(cfg.seed, 1_000 + k)
                                     for j in range(len(eval_boards))]
            self.eval_games[name] = [VectorGames(self._game(gc, bot), per_eval, seed=s)
                                     for gc, s in zip(eval_boards, self.eval_seeds[name],
                                                      strict=True)]
        if self.field:
            tables = [(gc, k, j) for j, gc in enumerate(eval_boards)
                      for k, _ in enumerate(self.field_names(gc))]
            per_field = max(1, cfg.eval_games // len(tables))
            self.eval_seeds[FIELD_EVAL] = [_mix(cfg.seed, 2_000 + k, j) for _, k, j in tables]
            self.eval_games[FIELD_EVAL] = [
                VectorGames(self._game(gc, self.bot(self.field_names(gc)[k])), per_field,
                            seed=s)
                for (gc, k, _), s in zip(tables, self.eval_seeds[FIELD_EVAL], strict=True)]
        for j in range(boards):
            gc = draw_board(cfg, j) if cfg.general else self.gc
            if self.field:
                for k, name in enumerate(self.table_names(gc, 0, j)):
                    self.sides.append(Side(name, self._side_games(gc, k, j, per, name),
                                           self_play=self.self_play(name)))
                continue
            for k, (name, bot) in enumerate(zip(names, league, strict=True)):
                self.sides.append(Side(name, self._side_games(gc, k, j, per),
                                       self_play=bot is None))
        cards = range(N_CARDS) if cfg.general else cards_in_game(self.sides[0].games.game.T)
        self.columns = feature_columns(cards, n)
        if init is not None and not cfg.general and init[2]:
            # A general policy fine-tuned on one board (issue 49 item 6): it keeps its own
            # inputs, every card's (those of cards not on the board stay 0), so its weights
            # carry over whole and it reads the board exactly as the general plays it.
            self.columns = np.asarray(init[1], dtype=np.int64)
        if init is not None and cfg.general and init[2] and len(init[1]) < len(self.columns):
            # A general policy made with fewer cards (issue 49 item 3: retrained over
            # every set): its inputs widened to every card's, its added actions opened.
            try:
                init = (widen_to_columns(init[0], init[1], self.columns), self.columns,
                        *init[2:])
            except ValueError as exc:
                raise TrainError(f"--init {cfg.init}: {exc}") from None
        self.rng = np.random.default_rng(_mix(cfg.seed, 7))
        self.net = Net.new(len(self.columns), cfg.hidden, rng=self.rng)
        if init is not None:
            if not np.array_equal(init[1], self.columns):
                raise TrainError(f"--init {cfg.init}: the policy reads other observation "
                                 f"entries than this run's ({len(init[1])}, not "
                                 f"{len(self.columns)}): trained for another kingdom or "
                                 f"player count")
            self.net.set_arrays([np.array(a, dtype=b.dtype) for a, b in
                                 zip(init[0].arrays(), self.net.arrays(), strict=True)])
            for name in self.past:
                self.past[name] = self.net.copy()
            if cfg.imitate:
                self.teacher = self.net.copy()
        self.frozen = self.net.copy()
        self.adam = Adam(self.net, lr=cfg.lr)
        self.iteration = 0
        self.games_trained = 0       # learner games finished (every league table)
        self.steps_trained = 0       # learner decisions trained on
        self.wall_s = 0.0            # training time, summed over resumes
        self.curve: list[dict] = []
        self.last_stats: dict = {}
        for side in self.sides:
            side.games.reset()

    # ------------------------------------------------------------------ a field league
    def bot(self, name: str):
        """The library bot ``name`` (resolved once)."""
        from bots import resolve_bot

        if name not in self._bots:
            self._bots[name] = resolve_bot(name)
        return self._bots[name]

    def field_names(self, gc) -> list[str]:
        """The library bots that can play board ``gc`` (bots.requirements.playable_bots:
        every card and Event they need on it), compiled ones only (a policy is no
        league bot, and a Python bot registered in the process cannot play inside the
        engine), less the ``against`` bots, which have tables of their own."""
        from bots.requirements import playable_bots
        from sim.engine.program import F_KIND, K_PYTHON
        from sim.env.agent import is_agent_bot

        def compiled(name: str) -> bool:
            bot = self.bot(name)
            return not is_agent_bot(bot) and bot.program().flags[F_KIND] != K_PYTHON

        key = (tuple(gc.kingdom_names), tuple(gc.event_names))
        if key not in self._fields:         # (a board's is asked for at every draw)
            field = playable_bots(list(gc.kingdom), list(gc.events))
            self._fields[key] = [n for n in field if n not in self.fixed_names
                                 and compiled(n)]
        return list(self._fields[key])

    def self_play(self, name: str) -> bool:
        """Whether the table of opponent ``name`` is answered by a network (``self``,
        the refreshed snapshot, a past one or an exploiter) rather than a library bot."""
        return name == SELF or name.startswith((PAST_PREFIX, EXPLOITER_PREFIX))

    def frozen_net(self, name: str):
        """The network of a past snapshot or an exploiter named ``name`` (None: the
        refreshed snapshot's tables, or a library bot's)."""
        return self.past.get(name, self.exploiters.get(name))

    def win_rate(self, name: str) -> float:
        """PFSP's estimate of the policy's win share against ``name``: its decayed counts
        with one win and one loss added (an opponent never met reads 50%)."""
        w, g = self.stats.get(name, (0.0, 0.0))
        return (w + 1.0) / (g + 2.0)

    def table_names(self, gc, draw: int, j: int) -> list[str]:
        """The opponents of board ``j`` of ``draw`` (on ``gc``): the ``against`` entries,
        then ``field_tables`` drawn from the board's field and the past snapshots with
        weight ``(1 - p)**2`` (distinct ones while there are enough), by a Generator of
        the run's seed, the draw and the board (so a resumed run draws the same)."""
        pool = self.field_names(gc) + list(self.past) + list(self.exploiters)
        p = np.array([(1.0 - self.win_rate(o)) ** 2 for o in pool]) + 1e-6
        rng = np.random.default_rng(_mix(self.cfg.seed, 11, draw, j))
        k = self.cfg.field_tables
        picks = rng.choice(len(pool), size=k, replace=len(pool) < k, p=p / p.sum())
        return self.fixed_names + [pool[i] for i in picks.tolist()]

    def _redraw_field(self, draw: int) -> None:
        """A field league's new draw: a past snapshot added (every ``past_every``
        iterations, the oldest dropped beyond ``past_max``), the opponents drawn by PFSP
        on the new boards, then the win counts decayed."""
        cfg = self.cfg
        if cfg.past_every and cfg.past_max and self.iteration - self.past_at >= cfg.past_every:
            self.past[f"{PAST_PREFIX}{self.iteration}"] = self.net.copy()
            self.past_at = self.iteration
            while len(self.past) > cfg.past_max:
                old = next(iter(self.past))
                del self.past[old]
                self.stats.pop(old, None)
        if cfg.exploit_every and self.iteration - self.exploit_at >= cfg.exploit_every:
            self._exploit()
        boards = cfg.boards if cfg.general else 1
        opponents = []
        for j in range(boards):
            board = draw * boards + j
            gc = draw_board(cfg, board) if cfg.general else self.gc
            opponents += self.table_names(gc, draw, board)
        self.set_boards(draw, opponents)
        for counts in self.stats.values():
            counts[0] *= PFSP_DECAY
            counts[1] *= PFSP_DECAY

    def _exploit(self) -> None:
        """Train an exploiter (:meth:`train_exploiter`) and add it to the league if it
        beats the policy (:meth:`admit_exploiter`).

        Why: past snapshots and the library field are opponents the policy has met; an
        exploiter is made to find its weaknesses (AlphaStar's main exploiters).  Done
        within one iteration of the run, so an interrupt during it saves the run before
        it, and a resume trains the same exploiter again (its own seeded Generator)."""
        name = f"{EXPLOITER_PREFIX}{self.iteration}"
        self.admit_exploiter(name, *self.train_exploiter())

    def train_exploiter(self) -> tuple[Net, float, int]:
        """A copy of the policy trained ``exploit_iterations`` iterations of PPO
        against the policy frozen as it is now, every seat but its own the frozen
        policy's, on ``boards`` boards of its own (drawn by the run's seed and the
        iteration; kept the whole time, so its games finish): its network, and its win
        share's numerator and games over the second half of its iterations (the first
        half is it learning; the second, what it has learnt)."""
        from dataclasses import replace

        cfg = self.cfg
        sub = replace(cfg, league=FIXED, against=(SELF,), init=None, imitate=0,
                      exploit_every=0, snapshot_every=cfg.exploit_iterations + 1,
                      board_iterations=cfg.exploit_iterations,
                      seed=_mix(cfg.seed, 13, self.iteration), minutes=None,
                      iterations=cfg.exploit_iterations)
        ex = Trainer(sub, (self.gc, [None], self.fallback))
        ex.columns = self.columns
        ex.net, ex.frozen = self.net.copy(), self.net.copy()
        ex.adam = Adam(ex.net, lr=cfg.lr)
        ex.games_trained = self.games_trained       # (the entropy bonus the policy has now)
        for i in range(cfg.exploit_iterations):
            if i == cfg.exploit_iterations // 2:
                for side in ex.sides:
                    side.wins, side.played = 0.0, 0
            ex.iterate()
        return (ex.net, sum(side.wins for side in ex.sides),
                sum(side.played for side in ex.sides))

    def admit_exploiter(self, name: str, net: Net, wins: float, games: int) -> bool:
        """Add exploiter ``name`` to the league's draw if its ``wins`` of ``games``
        against the policy beat it (Wilson 95% interval above 50%), the oldest dropped
        beyond ``exploit_max``; logged (exploit_log, policy.json) and told in the
        progress either way.  Whether it was added."""
        from sim.intervals import wilson

        low, high = (float(v) for v in wilson(wins, games)) if games else (0.0, 1.0)
        added = low > 0.5
        if added:
            self.exploiters[name] = net
            while len(self.exploiters) > self.cfg.exploit_max:
                old = next(iter(self.exploiters))
                del self.exploiters[old]
                self.stats.pop(old, None)
        self.exploit_at = self.iteration
        self.exploit_log.append({"name": name, "iteration": self.iteration,
                                 "wins": round(float(wins), 2), "games": int(games),
                                 "ci_low": round(low, 4), "ci_high": round(high, 4),
                                 "added": added})
        share = f"{wins / games:.1%} [{low:.1%}, {high:.1%}] of {games:,} games" if games \
            else "no game finished"
        self._news.append(f"{name}: {share} against the policy after "
                          f"{self.cfg.exploit_iterations} iterations; "
                          + ("added to the league" if added else "not added (does not beat it)"))
        return added

    def _count(self, before: list[tuple[float, int]]) -> None:
        """Add each table's games since ``before`` to its opponent's counts."""
        for side, (w0, g0) in zip(self.sides, before, strict=True):
            g = side.played - g0
            if g:
                w = side.wins - w0
                for book in (self.stats, self.since):
                    c = book.setdefault(side.name, [0.0, 0.0])
                    c[0] += w
                    c[1] += g

    def _rollout(self) -> list:
        """The iteration's rollouts: the tables of a past snapshot have it in the other
        seats, the others the refreshed snapshot (one call, as before past snapshots,
        when there are none)."""
        cfg = self.cfg
        groups: dict[str | None, list[Side]] = {}
        for side in self.sides:
            key = side.name if self.frozen_net(side.name) is not None else None
            groups.setdefault(key, []).append(side)
        episodes = []
        for key, sides in groups.items():
            episodes += rollout(sides, self.net,
                                self.frozen if key is None else self.frozen_net(key),
                                self.columns, cfg.steps, self.rng, cfg.shaping, cfg.prior)
        return episodes

    def _game(self, gc, bot):
        """The sim.env.Game of table ``gc`` against league ``bot`` (None: self-play, every
        seat the learner's policy or a snapshot)."""
        from sim.env import Game

        n = self.cfg.players
        if bot is None:
            return Game(kingdom=gc.kingdom, events=gc.events, players=n,
                        bots=[self.fallback] * n, agents=range(n),
                        decisions=self.cfg.decisions)
        return Game(kingdom=gc.kingdom, events=gc.events, players=n,
                    bots=[self.fallback] + [bot] * (n - 1), agents=[0],
                    decisions=self.cfg.decisions)

    def _side_games(self, gc, k: int, board: int, n: int, name: str | None = None):
        """The VectorGames of ``n`` rows of table ``gc`` against league bot ``k`` (a field
        league: table ``k`` of the board, against opponent ``name``), seeded by the
        table and (a general run, a field league) the board's index."""
        from sim.env.vector import VectorGames

        board_seed = self.cfg.general or self.field
        seed = _mix(self.cfg.seed, k, board) if board_seed else _mix(self.cfg.seed, k)
        bot = self.league[k] if name is None else \
            (None if self.self_play(name) else self.bot(name))
        return VectorGames(self._game(gc, bot), n, seed=seed)

    def set_boards(self, draw: int, opponents: list[str] | None = None) -> None:
        """A general run's boards of ``draw`` in every side (new games, none in
        progress: the trajectories of the games that were are dropped); a field
        league's tables against ``opponents`` (one per side)."""
        cfg = self.cfg
        self.draw = draw
        boards = cfg.boards if cfg.general else 1
        per_board = len(self.sides) // boards
        for j in range(boards):
            board = draw * boards + j
            gc = draw_board(cfg, board) if cfg.general else self.gc
            for k in range(per_board):
                side = self.sides[j * per_board + k]
                if opponents is None:
                    side.new_games(self._side_games(gc, k, board, side.games.n))
                    continue
                name = opponents[j * per_board + k]
                side.name, side.self_play = name, self.self_play(name)
                side.new_games(self._side_games(gc, k, board, side.games.n, name))

    # ------------------------------------------------------------------ learning
    def entropy_coef(self) -> float:
        """The entropy bonus now: decaying with the games trained (not the wall time, so
        that a run is the same on a faster machine)."""
        c = self.cfg
        return c.ent_end + (c.ent_start - c.ent_end) * 0.5 ** (self.games_trained
                                                              / c.ent_half_life)

    def iterate(self) -> dict:
        """One iteration: the rollouts, then PPO on the games that finished."""
        cfg = self.cfg
        if self.field:
            if self.iteration // cfg.board_iterations != self.draw:
                self._redraw_field(self.iteration // cfg.board_iterations)
            before = [(side.wins, side.played) for side in self.sides]
            episodes = self._rollout()
            self._count(before)
        else:
            if cfg.general and self.iteration // cfg.board_iterations != self.draw:
                self.set_boards(self.iteration // cfg.board_iterations)
            episodes = rollout(self.sides, self.net, self.frozen, self.columns, cfg.steps,
                               self.rng, cfg.shaping, cfg.prior)
        stats: dict = {"episodes": len(episodes)}
        if self._news:
            stats["news"], self._news = self._news, []
        if episodes:
            adv, ret = advantages(episodes, cfg.lam)
            x = np.concatenate([e.x for e in episodes])
            mask = np.concatenate([e.mask for e in episodes])
            act = np.concatenate([e.action for e in episodes])
            old = np.concatenate([e.logp for e in episodes])
            prior = np.concatenate([e.prior for e in episodes])
            if len(adv) > 1:
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
            ent = self.entropy_coef()
            B = len(adv)
            agg: dict[str, float] = {}
            target = self.imitation_targets(x, mask, prior) \
                if self.iteration < cfg.imitate else None
            for _ in range(cfg.epochs):
                order = self.rng.permutation(B)
                for lo in range(0, B, cfg.minibatch):
                    idx = order[lo:lo + cfg.minibatch]
                    if target is not None:
                        _, st, grads = imitation_loss(
                            self.net, x[idx], mask[idx], target[idx], ret[idx],
                            vf_coef=cfg.vf_coef, prior=prior[idx], prior_w=cfg.prior)
                    else:
                        _, st, grads = ppo_loss(self.net, x[idx], mask[idx], act[idx], old[idx],
                                            adv[idx], ret[idx], clip=cfg.clip,
                                            vf_coef=cfg.vf_coef, ent_coef=ent,
                                            prior=prior[idx], prior_w=cfg.prior)
                    self.adam.step(self.net, grads)
                    for k, v in st.items():
                        agg[k] = agg.get(k, 0.0) + v * len(idx) / (B * cfg.epochs)
            stats.update(agg)
            self.games_trained += len(episodes)
            self.steps_trained += B
        self.iteration += 1
        if self.iteration % cfg.snapshot_every == 0:
            self.frozen = self.net.copy()
        self.last_stats = stats
        return stats

    def imitation_targets(self, x: np.ndarray, mask: np.ndarray, prior: np.ndarray
                          ) -> np.ndarray:
        """The teacher's answers [B, A] to the learner's rows (``cfg.imitate``): the
        fallback's answer (``prior``) with certainty, except at the decisions the
        teacher took, where its policy's probabilities (with the prior, as it played)."""
        target = np.zeros(mask.shape, np.float32)
        target[np.arange(len(prior)), prior] = 1.0
        if self.teacher is not None:
            asked = asked_decisions(x, self.columns)
            mine = (asked >= 0) & self.teacher_takes[np.maximum(asked, 0)]
            if mine.any():
                logits, _, _ = self.teacher.forward(x[mine], mask[mine], prior[mine],
                                                    self.cfg.prior)
                target[mine] = np.exp(log_softmax(logits))
        return target

    def evaluate(self) -> dict[str, float]:
        """The greedy policy's win rate against each league bot (the same deals every
        evaluation: the curve compares the policies, not the deals, and a resumed run
        evaluates as the uninterrupted one)."""
        rates = {}
        for name, tables in self.eval_games.items():
            won = sum(greedy_win_rate(g, self.net, self.columns, g.n, self.cfg.prior,
                                      seed=s)[0] * g.n
                      for g, s in zip(tables, self.eval_seeds[name], strict=True))
            rates[name] = won / sum(g.n for g in tables)
        return rates

    # ------------------------------------------------------------------ saving
    def mark(self) -> Mark:
        """The run as it stands: call it only between iterations (after the
        evaluation that closes one), where the games, the trajectories, the weights,
        the Generator and the curve agree; a checkpoint writes the last mark, so an
        interrupt in the middle of an iteration saves the one before it."""
        return Mark(net=[a.copy() for a in self.net.arrays()],
                    frozen=[a.copy() for a in self.frozen.arrays()],
                    adam=[a.copy() for a in self.adam.state_arrays()],
                    sides=[side.mark() for side in self.sides],
                    iteration=self.iteration, games_trained=self.games_trained,
                    steps_trained=self.steps_trained, wall_s=self.wall_s,
                    rng=self.rng.bit_generator.state, curve=list(self.curve),
                    league=self._league_mark() if self.field else None)

    def _league_mark(self) -> dict:
        """A field league's state (the tables' opponents, the past snapshots, which are
        never changed once taken, and the counts, copied)."""
        return {"opponents": [side.name for side in self.sides], "past": dict(self.past),
                "past_at": self.past_at, "draw": self.draw,
                "exploiters": dict(self.exploiters), "exploit_at": self.exploit_at,
                "exploit_log": [dict(e) for e in self.exploit_log],
                "stats": {k: list(v) for k, v in self.stats.items()},
                "since": {k: list(v) for k, v in self.since.items()}}

    def meta(self, command: str | None, mark: Mark | None = None) -> dict:
        """policy.json's contents: what a PolicyBot needs (kingdom, Events, players,
        decisions, fallback, prior) and how the policy was made (the command, seed,
        games, time), at ``mark`` (default: now)."""
        import sim

        m = self.mark() if mark is None else mark
        c = self.cfg
        table = {"kingdom": c.kingdom, "events": list(c.events), "general": True,
                 "boards": c.boards, "board_iterations": c.board_iterations} if c.general \
            else {"kingdom": list(self.gc.kingdom_names), "events": list(self.gc.event_names)}
        if c.league == FIELD:
            table.update(league=FIELD, field_tables=c.field_tables, past_every=c.past_every,
                         past_max=c.past_max)
        if c.exploit_every:
            table.update(exploit_every=c.exploit_every,
                         exploit_iterations=c.exploit_iterations, exploit_max=c.exploit_max,
                         exploiters=m.league["exploit_log"])
        if c.init:
            table["init"] = c.init
        return {**table, "players": c.players, "decisions": c.decisions,
                "fallback": self.fallback.name,
                "against": list(c.against), "hidden": list(c.hidden), "seed": c.seed,
                "iterations": m.iteration, "games": m.games_trained,
                "steps": m.steps_trained, "wall_s": round(m.wall_s, 1),
                "shaping": c.shaping, "prior": c.prior, "command": command,
                "domsim_version": sim.__version__}

    def save(self, directory: Path, command: str | None, mark: Mark | None = None) -> None:
        """Write ``mark`` (default: now, which must be between iterations) as the
        checkpoint, then the policy files and the curve.

        The checkpoint is one file, ``checkpoint.npz``, holding the arrays and the
        state (the Generator, the counters, the curve), written under a temporary name
        and renamed when complete: an interrupt or a crash at any moment of a save
        leaves the previous checkpoint whole or the new one.  ``checkpoint.json`` is a
        readable copy of the state written after it (and what older checkpoints kept
        the state in)."""
        from sim.learn.bot import save_policy
        from sim.outputs import atomic_path, atomic_write_text

        m = self.mark() if mark is None else mark
        arrays: dict[str, np.ndarray] = {}
        for k, a in enumerate(m.net):
            arrays[f"net_{k}"] = a
        for k, a in enumerate(m.frozen):
            arrays[f"frozen_{k}"] = a
        for k, a in enumerate(m.adam):
            arrays[f"adam_{k}"] = a
        for s, (side, side_mark) in enumerate(zip(self.sides, m.sides, strict=True)):
            for key, a in side.dump(side_mark).items():
                arrays[f"side{s}_{key}"] = a
        state = {"domsim_checkpoint": 1, "config": self.cfg.run_keys(),
                 "iteration": m.iteration, "games_trained": m.games_trained,
                 "steps_trained": m.steps_trained, "wall_s": m.wall_s,
                 "rng": m.rng, "curve": m.curve, "command": command}
        if m.league is not None:
            for kind in ("past", "exploiters"):
                for p, net in enumerate(m.league[kind].values()):
                    for k, a in enumerate(net.arrays()):
                        arrays[f"{kind}{p}_{k}"] = a
            state["league"] = {**m.league, "past": list(m.league["past"]),
                               "exploiters": list(m.league["exploiters"])}
        text = json.dumps(state, default=int) + "\n"
        arrays[STATE_KEY] = np.frombuffer(text.encode("utf-8"), np.uint8)
        with atomic_path(directory / CHECKPOINT) as tmp, open(tmp, "wb") as f:
            np.savez(f, **arrays)
        atomic_write_text(directory / CHECKPOINT_META, text)
        net = self.net.copy()
        net.set_arrays(m.net)
        save_policy(directory, net, self.columns, self.meta(command, m))
        _write_curve(directory / CURVE, m.curve)

    def load(self, directory: Path) -> None:
        """Continue from the checkpoint in ``directory`` (its settings must be this run's);
        one whose arrays or state are damaged (missing, truncated, of another shape) is
        refused in one line."""
        import zipfile

        state = checkpoint_state(directory, self.cfg)
        try:
            self._restore(directory, state)
        except (KeyError, ValueError, TypeError, IndexError, RuntimeError, OSError, EOFError,
                zipfile.BadZipFile) as exc:
            raise TrainError(f"--resume: {directory / CHECKPOINT} is damaged ({exc}); "
                             f"--force starts a new run in its place") from None

    def _restore(self, directory: Path, state: dict) -> None:
        """:meth:`load` once the state is read and checked to be this run's."""
        like = self.net.arrays()

        def weights(z, prefix: str, n: int = len(like)) -> list[np.ndarray]:
            """Arrays prefix_0 .. prefix_{n-1}, each of the network's own shape (Adam's
            moments twice over, then its step count): a damaged one raises ValueError."""
            out = [z[f"{prefix}_{i}"] for i in range(n)]
            shapes = [a.shape for a in (like * 2 + [np.zeros(1)])[:n]]
            if [a.shape for a in out] != shapes:
                raise ValueError(f"{prefix}: arrays of other shapes than the network's")
            return out

        it = int(state["iteration"])
        if self.field:
            lg = state["league"]
            with np.load(directory / CHECKPOINT) as z:
                nets = {}
                for kind in ("past", "exploiters"):   # (no exploiters: older checkpoints)
                    nets[kind] = {}
                    for p, name in enumerate(lg.get(kind, [])):
                        net = self.net.copy()
                        net.set_arrays(weights(z, f"{kind}{p}"))
                        nets[kind][name] = net
            self.past, self.exploiters = nets["past"], nets["exploiters"]
            self.exploit_at = int(lg.get("exploit_at", 0))
            self.exploit_log = [dict(e) for e in lg.get("exploit_log", [])]
            self.past_at = int(lg["past_at"])
            self.stats = {n: [float(x) for x in v] for n, v in lg["stats"].items()}
            self.since = {n: [float(x) for x in v] for n, v in lg["since"].items()}
            self.set_boards(int(lg["draw"]), list(lg["opponents"]))
        elif self.cfg.general and it > 0:     # the boards its games in progress were on
            self.set_boards((it - 1) // self.cfg.board_iterations)
        with np.load(directory / CHECKPOINT) as z:
            self.net.set_arrays(weights(z, "net"))
            self.frozen.set_arrays(weights(z, "frozen"))
            self.adam.set_state_arrays(weights(z, "adam", 2 * len(like) + 1))
            for s, side in enumerate(self.sides):
                prefix = f"side{s}_"
                side.restore({name[len(prefix):]: z[name] for name in z.files
                              if name.startswith(prefix)})
        self.rng.bit_generator.state = state["rng"]
        self.iteration = int(state["iteration"])
        self.games_trained = int(state["games_trained"])
        self.steps_trained = int(state["steps_trained"])
        self.wall_s = float(state["wall_s"])
        self.curve = list(state["curve"])


@dataclass
class Mark:
    """A run between two iterations (:meth:`Trainer.mark`): what a checkpoint writes."""

    net: list
    frozen: list
    adam: list
    sides: list
    iteration: int
    games_trained: int
    steps_trained: int
    wall_s: float
    rng: dict
    curve: list
    league: dict | None = None


def checkpoint_state(directory: Path, cfg: TrainConfig) -> dict:
    """The state of the checkpoint in ``directory`` (in ``checkpoint.npz``; in
    ``checkpoint.json`` for checkpoints written before the state moved into the npz),
    checked to be a run of ``cfg``'s settings: read before the league's games are built,
    so that a resume of another run is refused at once."""
    path = directory / CHECKPOINT
    try:
        with np.load(path) as z:
            raw = z[STATE_KEY].tobytes() if STATE_KEY in z.files else None
        text = raw.decode("utf-8") if raw is not None else \
            (directory / CHECKPOINT_META).read_text(encoding="utf-8")
        state = json.loads(text)
        theirs = state["config"]
    except (OSError, ValueError, KeyError, TypeError, EOFError) as exc:
        raise TrainError(f"--resume: {path} is not a readable checkpoint ({exc}); --force "
                         f"starts a new run in its place") from None
    mine = cfg.run_keys()
    diff = sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k))
    if diff:
        k = diff[0]
        raise TrainError(f"{directory}: its checkpoint is another run ({k} = "
                         f"{theirs.get(k)!r} there, {mine.get(k)!r} here); --force "
                         f"starts a new run in its place")
    return state


def _load_init(cfg: TrainConfig) -> tuple:
    """The policy ``cfg.init`` names (network, columns, whether it is a general policy,
    the decision codes it takes),
    checked to fit the run: a policy directory of the run's layer widths and player
    count."""
    from bots import GENERAL, GENERAL_POLICY
    from sim.learn.bot import load_policy

    path = cfg.init
    if not Path(path).exists() and str(path).strip().lower() == GENERAL:
        path = GENERAL_POLICY           # the library's, as `domsim match general` plays it
    try:
        net, columns, meta, _ = load_policy(path)
    except (OSError, ValueError) as exc:
        raise TrainError(f"--init: {str(exc).splitlines()[0]}") from None
    hidden = tuple(int(w.shape[1]) for w in net.W)
    if hidden != tuple(cfg.hidden):
        raise TrainError(f"--init {cfg.init}: its layers are {','.join(map(str, hidden))}, "
                         f"this run's --hidden {','.join(map(str, cfg.hidden))}")
    if int(meta.get("players", cfg.players)) != cfg.players:
        raise TrainError(f"--init {cfg.init}: trained for {meta['players']} players, "
                         f"this run is {cfg.players}")
    from sim.env.actions import decision_codes

    return net, columns, bool(meta.get("general")), decision_codes(meta["decisions"])


def blas_one_thread():
    """Limit numpy's BLAS to one thread (threadpoolctl, the ``learn`` extra) for the
    run.  Why: the network's matrices are small, and a multithreaded OpenBLAS spins its
    threads for each product: measured 24 ms per forward pass of 512 rows with two
    threads on a loaded 2-core machine, 0.9 ms with one (experiments/learn.py)."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        raise TrainError("training needs the learn extra: pip install -e \".[learn]\" "
                         "(threadpoolctl, to keep numpy's BLAS on one thread)") from None
    return threadpool_limits(limits=1, user_api="blas")


def _mix(*values: int) -> int:
    from sim.env.mcts import _mix as mix

    return mix(*values)


def _write_curve(path: Path, rows: list[dict]) -> None:
    """curve.csv, atomically (it is rewritten whole with each checkpoint)."""
    from sim.outputs import atomic_write_text

    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CURVE_FIELDS, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: r.get(k, "") for k in CURVE_FIELDS})
    atomic_write_text(path, buf.getvalue())


def check_out(directory: str | os.PathLike, cfg: TrainConfig, *, resume: bool,
              force: bool) -> Path:
    """The output folder, checked before anything is built or trained (it is created
    by :func:`train` once the league's games are built): its parent must exist; one
    holding another run (a checkpoint or policy files) is refused unless ``resume``
    (same settings: checked here too) or ``force`` (replaced)."""
    d = Path(directory)
    if not d.parent.exists() and str(d.parent) not in ("", "."):
        raise TrainError(f"--out {d}: its folder {d.parent} does not exist")
    if d.exists() and not d.is_dir():
        raise TrainError(f"--out {d}: not a folder")
    has_checkpoint = (d / CHECKPOINT).exists()
    has_run = has_checkpoint or (d / CHECKPOINT_META).exists() or (d / "policy.json").exists()
    if resume:
        if force:
            raise TrainError("--resume and --force: continue a run, or replace it, not both")
        if not has_checkpoint:
            raise TrainError(f"--resume: {d} holds no checkpoint ({CHECKPOINT})")
        checkpoint_state(d, cfg)
    elif has_run and not force:
        raise TrainError(f"--out {d} already holds a training run; --resume continues it "
                         f"(same settings), --force replaces it")
    return d


def train(cfg: TrainConfig, out: str | os.PathLike, *, resume: bool = False,
          force: bool = False, command: str | None = None,
          progress: Callable[[str], None] | None = None, ) -> TrainResult:
    """Train (see the module docstring) into the policy directory ``out``; returns when the
    budget is spent or on Ctrl-C (KeyboardInterrupt), in both cases with a checkpoint and
    the policy saved (the interrupt is then re-raised for the caller: ``domsim train``
    exits 130).

    Every setting, the league and the output folder are checked before the league's
    games are built (a first run compiles the engine: minutes).  The run is marked
    (:meth:`Trainer.mark`) after each iteration and its evaluation; checkpoints and the
    save on an interrupt write the last mark, so an interrupt anywhere (in a rollout,
    between a step and its bookkeeping, in an update, in an evaluation) saves the run as
    it was after the last whole iteration, and one during a save leaves the previous
    checkpoint (each file is renamed into place when complete).  Resuming gives the
    weights of the run that was never interrupted."""
    if cfg.minutes is None and cfg.iterations is None:
        raise TrainError("a budget is needed: --minutes and/or --iterations")
    say = progress or (lambda line: print(line, file=sys.stderr, flush=True))
    if cfg.imitate < 0:
        raise TrainError(f"--imitate must be at least 0, not {cfg.imitate}")
    if cfg.imitate and not cfg.prior > 0:
        raise TrainError("--imitate needs --prior above 0 (the rows' fallback answers, "
                         "which it imitates, are read with the prior)")
    table = _resolve_table(cfg)             # the kingdom and the league: no game built yet
    if cfg.init:
        _load_init(cfg)
    d = check_out(out, cfg, resume=resume, force=force)
    limits = blas_one_thread()              # (and the learn extra is installed)
    try:
        return _train(cfg, table, d, resume, force, command, say)
    finally:
        limits.unregister()


def _train(cfg: TrainConfig, table: tuple, d: Path, resume: bool, force: bool,
           command: str | None, say: Callable[[str], None]) -> TrainResult:
    """:func:`train` once everything is checked."""
    trainer = Trainer(cfg, table)
    d.mkdir(exist_ok=True)
    if force:
        for name in (CHECKPOINT, CHECKPOINT_META, CURVE):
            if (d / name).exists():
                (d / name).unlink()
    if resume:
        trainer.load(d)
        say(f"resumed at iteration {trainer.iteration:,} ({trainer.games_trained:,} games, "
            f"{trainer.wall_s:.0f} s trained)")
    t0 = time.perf_counter()
    wall0 = trainer.wall_s
    last_save = t0
    interrupted = False
    mark = trainer.mark()

    def spent() -> bool:
        if cfg.iterations is not None and trainer.iteration >= cfg.iterations:
            return True
        return cfg.minutes is not None and trainer.wall_s >= cfg.minutes * 60

    try:
        if trainer.iteration == 0 and not trainer.curve:
            _record(trainer, say)
            mark = trainer.mark()
        while not spent():
            for line in trainer.iterate().get("news", []):
                say(line)
            trainer.wall_s = wall0 + time.perf_counter() - t0
            if trainer.iteration % cfg.eval_every == 0:
                _record(trainer, say)
            mark = trainer.mark()
            if time.perf_counter() - last_save >= cfg.checkpoint_s:
                trainer.save(d, command, mark)
                last_save = time.perf_counter()
        if not trainer.curve or trainer.curve[-1]["iteration"] != trainer.iteration:
            _record(trainer, say)
        trainer.wall_s = wall0 + time.perf_counter() - t0
        mark = trainer.mark()
    except KeyboardInterrupt:
        interrupted = True
    trainer.save(d, command, mark)
    say(f"{'interrupted: ' if interrupted else ''}saved {d} at iteration "
        f"{mark.iteration:,} ({mark.games_trained:,} games, {mark.wall_s:.0f} s)"
        + ("; --resume continues" if interrupted else ""))
    if interrupted:
        raise KeyboardInterrupt
    return TrainResult(d, mark.iteration, mark.games_trained, mark.steps_trained,
                       mark.wall_s, mark.curve, interrupted)


def _record(trainer: Trainer, say: Callable[[str], None]) -> None:
    """Evaluate, append the curve's rows and print the progress line."""
    rates = trainer.evaluate()
    st = trainer.last_stats
    wins: dict[str, float] = {}
    played: dict[str, int] = {}
    for side in trainer.sides:        # a general run: one side per board and league bot
        wins[side.name] = wins.get(side.name, 0.0) + side.wins
        played[side.name] = played.get(side.name, 0) + side.played
        side.wins, side.played = 0.0, 0
    worst = ""
    if trainer.field:                 # a side's opponent changes: counted per opponent
        wins = {k: v[0] for k, v in trainer.since.items()}
        played = {k: v[1] for k, v in trainer.since.items()}
        lib = [k for k in wins if not trainer.self_play(k)]
        wins[FIELD_EVAL] = sum(wins[k] for k in lib)
        played[FIELD_EVAL] = sum(played[k] for k in lib)
        pfsp = sorted((trainer.win_rate(k), k) for k in trainer.stats)
        worst = " | hardest " + " ".join(f"{k} {p:.0%}" for p, k in pfsp[:4])
        shown = set(trainer.fixed_names) | {FIELD_EVAL}
        wins = {k: v for k, v in wins.items() if k in shown}
        trainer.since = {}
    train_rates = {k: wins[k] / played[k] if played[k] else float("nan") for k in wins}
    for name, rate in rates.items():
        trainer.curve.append({"wall_s": round(trainer.wall_s, 2),
                              "iteration": trainer.iteration, "games": trainer.games_trained,
                              "steps": trainer.steps_trained, "opponent": name,
                              "win_rate": round(rate, 4),
                              "eval_games": sum(g.n for g in trainer.eval_games[name]),
                              "train_win_rate": round(train_rates.get(name, float("nan")), 4),
                              "entropy": round(st.get("entropy", float("nan")), 4)})
    evals = " ".join(f"{k} {v:.0%}" for k, v in rates.items())
    trains = " ".join(f"{k} {v:.0%}" for k, v in train_rates.items() if v == v)
    say(f"iter {trainer.iteration:,} {trainer.wall_s:6.0f}s games {trainer.games_trained:,}"
        f" | greedy vs {evals}" + (f" | training {trains}" if trains else "") + worst
        + (f" | entropy {st['entropy']:.2f}" if "entropy" in st else "")
        + (f" | imitation agrees {st['agree']:.0%}" if "agree" in st else ""))


def parse_league(text: str | Sequence[str]) -> tuple[str, ...]:
    """``big-money,bmu,self`` as a tuple of specs (empty items dropped)."""
    if isinstance(text, str):
        text = text.split(",")
    return tuple(t.strip() for t in text if t.strip())
