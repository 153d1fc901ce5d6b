"""Rollouts for the learner: many games stepped together, the policy batched over them.

A :class:`League` is one :class:`sim.env.vector.VectorGames` per opponent of the
league (a library bot in every other seat, compiled, inside the engine) plus, for
self-play, one whose other seats are answered by a frozen snapshot of the policy.  The
learner always sits in seat 0; who moves first is drawn from each game's seed, so it
plays first and second equally often.  Its seat takes the policy's ``decisions``
(buys by default) and a compiled ``fallback`` bot answers the rest of its decisions.

Each row of a batch keeps the trajectory of the game in progress (the learner's
inputs, masks, actions, log-probabilities and values) and the actions given in that
game so far; a game that ends hands its trajectory, with the terminal reward (the win
share by domsim's rules: 1, 1/k for k sharing, 0 for a loss or the turn cap), to the
learner.  Games are never cut at an update: a trajectory begun under the previous
weights carries their log-probabilities, which PPO's ratio corrects for.  The actions
of the game in progress are what a checkpoint keeps of a row: the row is rebuilt by
replaying them from the game's seed (:meth:`Side.restore`), exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from sim.engine import layout as L
from sim.env import core
from sim.learn.policy import Net, features, log_softmax, sample
from sim.learn.prior import bot_actions

SELF = "self"


@dataclass
class Episode:
    """One finished game's learner trajectory."""

    x: np.ndarray          # [T, n_in] inputs
    mask: np.ndarray       # [T, A] legal actions (uint8)
    action: np.ndarray     # [T]
    logp: np.ndarray       # [T] log pi_old(action)
    value: np.ndarray      # [T] V_old
    prior: np.ndarray      # [T] the fallback bot's action (sim.learn.prior)
    reward: float          # the terminal reward (win share, plus shaping if asked)


@dataclass
class Side:
    """One opponent of the league: its batch of games and the rows' games in progress."""

    name: str
    games: object                       # VectorGames
    self_play: bool
    traj: list = field(default_factory=list)     # per row: list of (x, mask, a, logp, v)
    script: list = field(default_factory=list)   # per row: actions given this game
    wins: float = 0.0                   # win shares since the last report
    played: int = 0                     # games finished since the last report
    total_games: int = 0

    def __post_init__(self):
        n = self.games.n
        self.traj = [[] for _ in range(n)]
        self.script = [[] for _ in range(n)]

    def new_games(self, games) -> None:
        """Play ``games`` (a VectorGames, reset here) from now on: the games in progress
        and their trajectories are dropped; the counts since the last report stay."""
        self.games = games
        games.reset()
        self.__post_init__()

    # ------------------------------------------------------------------ checkpoints
    def mark(self) -> dict:
        """The rows' games in progress as they stand now, kept for :meth:`dump`: taken
        between two iterations, it is what a checkpoint writes however late an interrupt
        comes.  Cheap (it runs every iteration): a row's ``script`` and ``traj`` lists
        are only ever appended to, or replaced by a new list when its game ends, never
        changed in place, so each is kept as the list and its length now; no engine
        array is kept (:meth:`restore` replays the games from the scripts)."""
        return {"started": self.games._started.copy(),
                "script": [(s, len(s)) for s in self.script],
                "traj": [(t, len(t)) for t in self.traj],
                "counts": (self.wins, self.played, self.total_games)}

    def dump(self, mark: dict | None = None) -> dict[str, np.ndarray]:
        """The rows' games in progress (as :meth:`mark` kept them, or as they stand) as
        arrays (see :meth:`restore`)."""
        m = self.mark() if mark is None else mark
        script = [s[:n] for s, n in m["script"]]
        traj = [t[:n] for t, n in m["traj"]]
        lens = np.asarray([len(s) for s in script], np.int64)
        flat = np.asarray([a for s in script for a in s], np.int64)
        tl = np.asarray([len(t) for t in traj], np.int64)
        steps = [step for t in traj for step in t]
        n_in = steps[0][0].shape[0] if steps else 0
        A = self.games.masks.shape[1]
        return {"started": m["started"].copy(), "script_len": lens, "script": flat,
                "traj_len": tl,
                "traj_x": (np.stack([s[0] for s in steps]) if steps
                           else np.zeros((0, n_in), np.float32)),
                "traj_mask": (np.stack([s[1] for s in steps]) if steps
                              else np.zeros((0, A), np.uint8)),
                "traj_a": np.asarray([s[2] for s in steps], np.int64),
                "traj_logp": np.asarray([s[3] for s in steps], np.float64),
                "traj_v": np.asarray([s[4] for s in steps], np.float64),
                "traj_prior": np.asarray([s[5] for s in steps], np.int64),
                "counts": np.asarray(m["counts"], np.float64)}

    def restore(self, data: dict[str, np.ndarray]) -> None:
        """Rebuild every row's game in progress from its seed and the actions given in it
        (the engine is deterministic: the same arrays as before the checkpoint)."""
        g = self.games
        game = g.game
        started = data["started"]
        offsets = np.concatenate([[0], np.cumsum(data["script_len"])])
        toff = np.concatenate([[0], np.cumsum(data["traj_len"])])
        for i in range(g.n):
            k = int(started[i]) - 1                 # the seed index of the game in progress
            s = np.uint64(core.row_game_seed(g._row_seeds[i], k))
            status = core.start_game(g.S[i], g.R[i], g.template, game.T, game.P, game.Q,
                                     game.H, s, game.num_players, game.seat_bots,
                                     g._score[i:i + 1], g._turns[i:i + 1], g._game[i:i + 1],
                                     g.masks[i])
            script = [int(a) for a in data["script"][offsets[i]:offsets[i + 1]]]
            for a in script:
                if status != core.WAITING:
                    raise RuntimeError(f"checkpoint: row {i} of {self.name!r} does not replay")
                status = core.answer(g.S[i], g.R[i], game.T, game.P, game.Q, game.H,
                                     g._score[i:i + 1], g._turns[i:i + 1], g._game[i:i + 1],
                                     g.masks[i], a)
            if status != core.WAITING:
                raise RuntimeError(f"checkpoint: row {i} of {self.name!r} does not replay")
            D = g.S[i]
            g.current[i] = D[L.AG_WAIT_P]
            core.observe(D, game.T, int(D[L.AG_WAIT_P]), True, g.obs[i])
            self.script[i] = script
            self.traj[i] = [(data["traj_x"][j], data["traj_mask"][j], int(data["traj_a"][j]),
                             float(data["traj_logp"][j]), float(data["traj_v"][j]),
                             int(data["traj_prior"][j]))
                            for j in range(toff[i], toff[i + 1])]
        g._started[:] = started
        g.rewards[:] = 0
        g.terminated[:] = False
        g.truncated[:] = False
        self.wins, played, total = data["counts"]
        self.played, self.total_games = int(played), int(total)


def rollout(sides: list[Side], net: Net, frozen: Net, columns: np.ndarray, steps: int,
            rng: np.random.Generator, shaping: float = 0.0, prior_w: float = 0.0
            ) -> list[Episode]:
    """Step every side's games ``steps`` times (the learner's and the frozen policy's
    actions sampled), and return the learner's episodes that finished."""
    done: list[Episode] = []
    for _ in range(steps):
        for side in sides:
            done += _step(side, net, frozen, columns, rng, shaping, prior_w)
    return done


def _step(side: Side, net: Net, frozen: Net, columns: np.ndarray, rng: np.random.Generator,
          shaping: float, prior_w: float) -> list[Episode]:
    g = side.games
    x = features(g.obs, columns)
    masks = g.masks
    actions = np.empty(g.n, np.int64)
    prior = bot_actions(g, np.arange(g.n)) if prior_w else np.full(g.n, -1, np.int64)
    mine = np.flatnonzero(g.current == 0)
    if len(mine):
        logits, value, _ = net.forward(x[mine], masks[mine], prior[mine], prior_w)
        a = sample(logits, rng)
        lp = log_softmax(logits)[np.arange(len(mine)), a]
        actions[mine] = a
        for j, i in enumerate(mine.tolist()):
            side.traj[i].append((x[i], masks[i].astype(np.uint8), int(a[j]), float(lp[j]),
                                 float(value[j]), int(prior[i])))
    theirs = np.flatnonzero(g.current != 0)
    if len(theirs):
        logits, _, _ = frozen.forward(x[theirs], masks[theirs], prior[theirs], prior_w)
        actions[theirs] = sample(logits, rng)
    for i, a in enumerate(actions.tolist()):
        side.script[i].append(a)
    _, rewards, terminated, truncated = g.step(actions)
    out = []
    for i in np.flatnonzero(terminated | truncated).tolist():
        r = float(rewards[i, 0])
        if shaping:       # the final scores of the game that ended (sim.env.core.go_on)
            s = g._score[i]
            r += shaping * float(np.tanh((s[0] - np.delete(s, 0).max()) / 10.0))
        side.wins += float(rewards[i, 0])
        side.played += 1
        side.total_games += 1
        t = side.traj[i]
        if t:
            out.append(Episode(np.stack([s[0] for s in t]), np.stack([s[1] for s in t]),
                               np.asarray([s[2] for s in t], np.int64),
                               np.asarray([s[3] for s in t], np.float64),
                               np.asarray([s[4] for s in t], np.float64),
                               np.asarray([s[5] for s in t], np.int64), r))
        side.traj[i] = []
        side.script[i] = []
    return out


def advantages(episodes: list[Episode], lam: float) -> tuple[np.ndarray, np.ndarray]:
    """GAE(lambda) advantages and returns (no discount: a game is short and only its end
    pays) of each step, the episodes concatenated."""
    adv_all, ret_all = [], []
    for ep in episodes:
        v = ep.value
        nxt = np.append(v[1:], 0.0)
        delta = nxt - v
        delta[-1] += ep.reward
        adv = np.empty_like(v)
        acc = 0.0
        for t in range(len(v) - 1, -1, -1):
            acc = delta[t] + lam * acc
            adv[t] = acc
        adv_all.append(adv)
        ret_all.append(adv + v)
    return np.concatenate(adv_all), np.concatenate(ret_all)


def greedy_win_rate(games, net: Net, columns: np.ndarray, n_games: int,
                    prior_w: float = 0.0, seed: int | None = None) -> tuple[float, int]:
    """The win share of the greedy policy (its most probable legal action) in seat 0 of
    ``games`` (a VectorGames of ``n_games`` rows, reset, on ``seed`` if given: the same
    deals at every evaluation, and after a resume): one game per row."""
    games.reset(seed)
    result = np.full(games.n, np.nan)
    while np.isnan(result).any():
        x = features(games.obs, columns)
        prior = bot_actions(games, np.arange(games.n)) if prior_w else None
        logits, _, _ = net.forward(x, games.masks, prior, prior_w)
        actions = logits.argmax(axis=1)
        other = games.current != 0            # a self-play table: not evaluated here
        if other.any():
            actions[other] = games.sample_actions(np.random.default_rng(0))[other]
        _, rewards, terminated, truncated = games.step(actions)
        ended = (terminated | truncated) & np.isnan(result)
        result[ended] = rewards[ended, 0]
    return float(result.mean()), int(games.n)
