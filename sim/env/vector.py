"""Batched stepping: N games of one :class:`~sim.env.Game` stepped in one compiled call.

    games = VectorGames(Game(players=2, agents=[0], decisions="all"), n=1024, seed=0)
    obs, masks = games.reset()
    actions = games.sample_actions(rng)         # random legal actions, drawn from the masks
    obs, rewards, terminated, truncated = games.step(actions)

Every array is preallocated and written in place: ``obs`` (the observation of the seat
asked in each game), ``masks`` (its legal actions), ``rewards`` (per game and seat, the
win share, set on the step a game ends), ``terminated`` / ``truncated`` (the turn cap),
``current`` (the seat asked).  A game that ends is replaced at once by a new one from
the row's own seed stream (automatic reset): the observation then is the new game's.
Same seed and same actions: the same games in each row, whatever the batch size.
"""

from __future__ import annotations

import numpy as np

from sim.cards import CARDS
from sim.engine import layout as L
from sim.engine.batch import illegal_answer_text
from sim.engine.rng import game_seeds
from sim.env import core
from sim.env.actions import N_ACTIONS
from sim.env.arguments import check_count, check_generator, check_optional_seed, check_seed
from sim.env.state import Game, IllegalActionError


class VectorGames:
    """``n`` games of ``game`` stepped together (see module docstring)."""

    def __init__(self, game: Game, n: int, seed: int = 0):
        n = check_count(n, "n", 1, "game")
        seed = check_seed(seed, "seed")
        self.game, self.n = game, n
        self.template, r = game._template()
        self.S = np.tile(self.template, (n, 1))
        self.R = np.zeros((n,) + r.shape, r.dtype)
        p = game.num_players
        self.masks = np.zeros((n, N_ACTIONS), np.int8)
        self.obs = np.zeros((n, core.OBS_SIZE), np.float32)
        self.rewards = np.zeros((n, p), np.float32)
        self.terminated = np.zeros(n, np.bool_)
        self.truncated = np.zeros(n, np.bool_)
        self.current = np.zeros(n, np.int32)
        self._score = np.zeros((n, p), np.int32)
        self._turns = np.zeros((n, p), np.int32)
        self._game = np.zeros((n, 6), np.int32)
        self._seed(seed)
        self._started_once = False     # no game in the rows before the first reset()

    def _seed(self, seed: int) -> None:
        """Row i's games are seeded from its own stream (core.row_game_seed)."""
        self._row_seeds = game_seeds(seed, 0, self.n)
        self._started = np.zeros(self.n, np.int64)

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """New games in every row; returns (obs, masks)."""
        if check_optional_seed(seed, "seed") is not None:
            self._seed(int(seed))
        g = self.game
        for i in range(self.n):
            while True:
                s = np.uint64(core.row_game_seed(self._row_seeds[i], self._started[i]))
                self._started[i] += 1
                status = core.start_game(self.S[i], self.R[i], self.template, g.T, g.P, g.Q,
                                         g.H, s, g.num_players, g.seat_bots,
                                         self._score[i:i + 1], self._turns[i:i + 1],
                                         self._game[i:i + 1], self.masks[i])
                if status == core.WAITING:
                    break
            D = self.S[i]
            self.current[i] = D[L.AG_WAIT_P]
            core.observe(D, g.T, int(D[L.AG_WAIT_P]), True, self.obs[i])
        self.rewards[:] = 0
        self.terminated[:] = False
        self.truncated[:] = False
        self._started_once = True
        return self.obs, self.masks

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                  np.ndarray]:
        """Apply one action per game; returns (obs, rewards, terminated, truncated), the
        batch's own arrays (masks in ``self.masks``, the seats asked in ``self.current``)."""
        if not self._started_once:
            # The rows hold no game yet: every action would be "illegal, legal: []".
            raise RuntimeError("step() before reset(): call reset() first")
        kind = np.asarray(actions).dtype.kind
        if kind not in "iu":
            raise IllegalActionError(f"actions: integers (one per game), not an array of "
                                     f"{np.asarray(actions).dtype}")
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        if actions.shape != (self.n,):
            raise ValueError(f"actions: one per game, shape ({self.n},), not {actions.shape}")
        g = self.game
        bad = int(core.step_batch(self.S, self.R, self.template, g.T, g.P,
                                  g.Q, g.H, g.num_players, g.seat_bots, actions,
                                  self._row_seeds, self._started, self.masks, self.obs,
                                  self.rewards, self.terminated, self.truncated, self.current,
                                  self._score, self._turns, self._game))
        if bad >= 0:
            i = bad % self.n
            if bad < self.n:
                a = int(actions[i])
                what = CARDS[a].name if 0 <= a < len(CARDS) else str(a)
                legal = np.flatnonzero(self.masks[i]).tolist()
                raise IllegalActionError(f"game {i}: illegal action {a} ({what}); legal: "
                                         f"{legal} (games before it were stepped)")
            if bad < 2 * self.n:
                raise RuntimeError(f"game {i}: " + illegal_answer_text(
                    self.S[i], g.T, g.names[int(self.S[i, L.ERR + 2])]))
            raise RuntimeError(f"game {i}: more than {L.AG_MAX} agent decisions in one turn")
        return self.obs, self.rewards, self.terminated, self.truncated

    def sample_actions(self, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal action per game, drawn from the masks in numpy
        (``rng``: a numpy Generator)."""
        check_generator(rng, "rng")
        u = rng.random((self.n, N_ACTIONS)) * self.masks
        return u.argmax(axis=1)
