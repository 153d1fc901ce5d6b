"""A trained policy at compiled speed: its forward pass and whole games inside numba.

    player = CompiledPolicy.of(PolicyBot("experiments/results/learn/first-game"))
    action = player.act(state)              # == PolicyBot.act(state), one decision
    done, S = player.play(game, seeds, first, score, turns, game_rows)   # whole games

PolicyBot plays this way by default (``PolicyBot.play_compiled``, which
sim.env.agent.play_agent_batch calls for every seating of a batch); ``PolicyBot(dir,
compiled=False)`` decides in Python instead: per decision it writes the seat's
observation, takes the policy's columns as ``sign(x) * log1p(|x|)``, multiplies them by
every weight (numpy), and the game is advanced by the state API, one call into compiled
code per decision (~2 ms a First Game game of 28 decisions).  Here the same decisions
run inside one compiled loop over the games of a batch:

* the observation (:func:`sim.env.core.observe`) and the legal actions (the mask
  :func:`sim.env.core.advance` leaves, :func:`sim.env.core.legal_mask`) are the state
  API's own; the game is advanced by the same :func:`sim.env.core.advance` the state API
  uses, so a game is the same game, decision for decision, as PolicyBot's through
  :class:`sim.env.State` (tests/test_policy_compiled.py plays both);
* the features are looked up, not computed: every observation entry is a whole number
  within the observation bounds (sim.env.core.OBS_LOW/OBS_HIGH), so a table of
  :func:`sim.learn.policy.features` over those numbers gives exactly PolicyBot's float32
  values, rounding included (no second log1p that could round differently);
* the first layer reads only the non-zero features (about 40 of 294 for First Game: a
  sparse dot), the next layers are dense, and the logits head is computed only at the
  legal actions (the rest are masked anyway); float64 throughout, as PolicyBot;
* with a prior (``prior_w`` != 0, sim.learn.prior) the fallback bot's answer comes from
  :func:`sim.env.core.bot_answer` on copies of the game and its streams, as
  ``State.bot_action`` asks it.

The argmax takes the first of equal logits, as numpy's does.  Logits agree with
PolicyBot's to rounding (the sums run in another order, tanh is one exp: ~1e-15).

Speed (experiments/bench_policy.py): ~2,200 First Game games per CPU-second against BMU,
4.5x the Python path; a decision costs ~10 us of forward pass and ~6 us of stopping at
it (each question replays the turn from its start and copies the 40 KB state twice).
Games at the engine's own speed would need the policy asked inside the engine's
``decide`` (no stop, no replay): a seam this module does not add.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numba import njit

from sim.engine import codes as dc
from sim.engine import layout as L
from sim.engine.game import reset_game_on
from sim.env import core
from sim.env.search import _answer, action_of_answer
from sim.learn.policy import MASKED, Net, features

#: Observation entries are whole numbers within +-FEATURE_LIMIT (sim.env.core's bounds):
#: the feature of each is looked up at ``value + FEATURE_LIMIT``.
FEATURE_LIMIT = int(core.OBS_HIGH)

#: What :meth:`CompiledPolicy.play` returns for a game it could not finish (an engine
#: error, a turn of more than AG_MAX answers): its index; else this.
ALL_DONE = -1


def feature_table() -> np.ndarray:
    """float64[2 * FEATURE_LIMIT + 1]: :func:`sim.learn.policy.features` of every whole
    number from -FEATURE_LIMIT to FEATURE_LIMIT (PolicyBot's own float32 values, widened
    as it widens them)."""
    values = np.arange(-FEATURE_LIMIT, FEATURE_LIMIT + 1, dtype=np.float32)
    return features(values[:, None], np.zeros(1, np.int64))[:, 0].astype(np.float64)


@njit(cache=True)
def _feature(v, table):
    """The feature of observation value ``v`` (table lookup; a value off the table, which
    the observation never holds, computed as features() does, in float32)."""
    k = int(v)
    if k == v and -FEATURE_LIMIT <= k <= FEATURE_LIMIT:
        return table[k + FEATURE_LIMIT]
    y = np.float32(np.log1p(np.float32(abs(v))))
    return np.float64(-y if v < 0 else y)


@njit(cache=True, inline="always")
def _tanh(x):
    """tanh(x) from one exp (libm's tanh costs ~20 ns where it saturates, 3x this);
    within 3e-16 of numpy's."""
    e = math.exp(-2.0 * abs(x))
    t = (1.0 - e) / (1.0 + e)
    return t if x >= 0 else -t


@njit(cache=True)
def _dense(src, n_in, W, w_at, b, b_at, dst, n_out):
    """``dst[:n_out] = tanh(src[:n_in] @ W + b)``, W's rows from ``w_at`` (row major), b's
    from ``b_at``.  ``src`` and ``dst`` are two arrays (so the loop vectorizes)."""
    # Indices are loop counters into slices: numba then emits no negative-index check
    # per element, and the loops vectorize (4x faster than W[row + j]).
    out = dst[:n_out]
    out[:] = 0.0
    for i in range(n_in):
        x = src[i]
        w = W[w_at + i * n_out:w_at + (i + 1) * n_out]
        for j in range(n_out):
            out[j] += x * np.float64(w[j])
    bias = b[b_at:b_at + n_out]
    for j in range(n_out):
        out[j] = _tanh(out[j] + bias[j])


@njit(cache=True)
def forward(obs, mask, prior, prior_w, columns, table, sizes, W, b, WpT, bp, h, logits):
    """The policy's masked logits (``logits``, MASKED at illegal actions) and its action:
    the first legal action of the highest logit.  ``obs``: the observation (float32);
    ``mask``: the legal actions; ``prior``: the action ``prior_w`` is added at (-1: none).
    Weights: ``sizes`` [n_in, h1, ..., hk], ``W``/``b`` the trunk's layers flat (row
    major, in order), ``WpT`` the policy head transposed [A, hk], ``bp`` its bias; ``h``
    scratch [2, max(sizes[1:])]."""
    k = len(sizes) - 1
    n_out = sizes[1]
    a0 = h[0][:n_out]
    # First layer: only the non-zero features (most of an observation is zeros).
    a0[:] = 0.0
    for i in range(len(columns)):
        v = obs[columns[i]]
        if v != 0.0:
            x = _feature(v, table)
            w = W[i * n_out:(i + 1) * n_out]
            for j in range(n_out):
                a0[j] += x * np.float64(w[j])
    for j in range(n_out):
        a0[j] = _tanh(a0[j] + b[j])
    w_at = sizes[0] * sizes[1]
    b_at = sizes[1]
    cur = 0
    for layer in range(1, k):
        n_in, n_out = sizes[layer], sizes[layer + 1]
        _dense(h[cur], n_in, W, w_at, b, b_at, h[1 - cur], n_out)
        w_at += n_in * n_out
        b_at += n_out
        cur = 1 - cur
    top = h[cur]
    n_h = sizes[k]
    best = -1
    for a in range(len(mask)):
        if mask[a] == 0:
            logits[a] = MASKED
            continue
        z = 0.0
        w = WpT[a]
        for i in range(n_h):
            z += top[i] * np.float64(w[i])
        z += bp[a]
        if a == prior:
            z += prior_w
        logits[a] = z
        if best < 0 or z > logits[best]:
            best = a
    return best


@njit(cache=True)
def _prior(D, R, T, P, Q, H_flat, p, d, arg, Dc, Rc, copy):
    """The action seat ``p``'s own bot takes at this question (State.bot_action): asked on
    copies of the game ``D`` and its streams ``R`` (``copy``), or on ``D`` and ``R``
    themselves where nothing reads them after (:func:`play_games`: the next advance
    starts the turn again from its snapshot; a 40 KB copy less per decision)."""
    if copy:
        Dc[:] = D
        Rc[:, :] = R
        D, R = Dc, Rc
    return action_of_answer(core.bot_answer(D, R, T, P, Q, H_flat, p, d, arg), d)


@njit(cache=True)
def decide(D, R, T, P, Q, H_flat, mask, obs, Dc, Rc, copy, prior_w, net, h, logits):
    """The policy's action for the question the game ``D`` (a state's shadow) asks of its
    seat, from that seat's observation (PolicyBot.act); the prior asked as
    :func:`_prior` says."""
    p, d, arg = D[L.AG_WAIT_P], D[L.AG_WAIT_D], D[L.AG_WAIT_ARG]
    core.observe(D, T, p, True, obs)
    prior = -1
    if prior_w != 0.0:
        prior = _prior(D, R, T, P, Q, H_flat, p, d, arg, Dc, Rc, copy)
    columns, table, sizes, W, b, WpT, bp = net
    return forward(obs, mask, prior, prior_w, columns, table, sizes, W, b, WpT, bp, h, logits)


@njit(cache=True)
def play_games(S, R, S0, R0, template, T, P, Q, H_flat, n_players, seat_bots, seeds, first,
               policy_seat, takes, prior_w, net, score, turns, game_rows):
    """Play game ``i`` of ``seeds``/``first`` as sim.env.agent.play_agent_batch plays it
    with a PolicyBot: started as sim.env.State starts it, every question an agent seat is
    asked answered by the policy (its seats ``policy_seat``, its decisions ``takes``) or
    by the seat's own bot, and advanced by :func:`sim.env.core.advance`.  Outcomes into
    row ``i`` of ``score``/``turns``/``game_rows``.  Returns ALL_DONE, or the index of the
    first game that failed (an engine error; nothing after it is played).  ``S`` keeps
    the last game (its log, when ``template`` has log rows)."""
    shadow = template[L.AG_SHADOW]
    mask = np.zeros(core.N_ACTIONS, np.int8)
    obs = np.zeros(core.OBS_SIZE, np.float32)
    Dc = np.empty(L.LOG, np.int32)
    Rc = np.empty_like(R)
    sizes = net[2]
    h = np.zeros((2, sizes[1:].max()), np.float64)
    logits = np.zeros(core.N_ACTIONS, np.float64)
    for i in range(len(seeds)):
        S[:] = template
        reset_game_on(S, R, T, 0, seeds[i], n_players, seat_bots)
        S[L.V + L.V_CUR] = core.first_player(R, n_players, first[i])
        S0[:] = S[:shadow]
        R0[:, :] = R
        status = core.advance(S, R, S0, R0, T, P, Q, H_flat, score[i:i + 1],
                              turns[i:i + 1], game_rows[i:i + 1], mask)
        while status == core.WAITING:
            D = S[shadow:shadow + L.LOG]
            p, d = D[L.AG_WAIT_P], D[L.AG_WAIT_D]
            if policy_seat[p] and takes[d]:
                a = decide(D, R, T, P, Q, H_flat, mask, obs, Dc, Rc, False, prior_w, net, h,
                           logits)
            else:
                a = _prior(D, R, T, P, Q, H_flat, p, d, D[L.AG_WAIT_ARG], Dc, Rc, False)
            if S0[L.AG_LEN] >= L.AG_MAX:
                return i
            _answer(S0, a)
            status = core.advance(S, R, S0, R0, T, P, Q, H_flat, score[i:i + 1],
                                  turns[i:i + 1], game_rows[i:i + 1], mask)
        if status == core.FAILED:
            return i
    return ALL_DONE


def _narrow(w: np.ndarray) -> np.ndarray:
    """``w`` as float32 when that holds every weight exactly (a trained policy's are
    float32: PolicyBot widens them), else as it is: each product ``x * w`` is then the
    same float64 product, from half the memory (the weights are read from memory at
    every decision, and reading them was most of a decision's time)."""
    w32 = w.astype(np.float32)
    return w32 if np.array_equal(w32.astype(w.dtype), w) else w


@dataclass
class CompiledPolicy:
    """A policy's weights as the compiled forward pass reads them (see the module)."""

    columns: np.ndarray      # int64 [n_in]: the observation entries it reads
    table: np.ndarray        # float64: feature_table()
    sizes: np.ndarray        # int64 [n_in, h1, ..., hk]
    W: np.ndarray            # float32 or float64 (_narrow): the trunk's weights, flat
    b: np.ndarray            # float64: the trunk's biases, flat
    WpT: np.ndarray          # float32 or float64 (_narrow) [A, hk]: the policy head
    bp: np.ndarray           # float64 [A]
    prior_w: float
    takes: np.ndarray        # bool [N_DECISIONS]: the decisions it answers

    @classmethod
    def from_net(cls, net: Net, columns: np.ndarray, prior_w: float,
                 decisions) -> CompiledPolicy:
        """From a network (any float dtype: widened to float64, as PolicyBot widens it),
        its observation columns, prior weight and decision codes."""
        sizes = np.asarray([net.W[0].shape[0]] + [w.shape[1] for w in net.W], np.int64)
        takes = np.zeros(dc.N_DECISIONS, np.bool_)
        takes[sorted(decisions)] = True
        f64 = np.float64
        return cls(np.ascontiguousarray(columns, np.int64), feature_table(), sizes,
                   _narrow(np.concatenate([w.astype(f64).ravel() for w in net.W])),
                   np.concatenate([x.astype(f64).ravel() for x in net.b]),
                   _narrow(np.ascontiguousarray(net.Wp.astype(f64).T)),
                   net.bp.astype(f64).copy(), float(prior_w), takes)

    @classmethod
    def of(cls, bot) -> CompiledPolicy:
        """The compiled policy of a :class:`sim.learn.bot.PolicyBot`."""
        return cls.from_net(bot.net, bot.columns, bot.prior_w, bot.decisions)

    def net(self) -> tuple:
        """The weights as :func:`decide` takes them."""
        return (self.columns, self.table, self.sizes, self.W, self.b, self.WpT, self.bp)

    def logits(self, state) -> tuple[int, np.ndarray]:
        """(action, masked logits [N_ACTIONS]) for the question ``state`` (a sim.env.State
        waiting on a seat) asks: what :meth:`act` decides, with its logits."""
        g = state.game
        R = state.R
        obs = np.zeros(core.OBS_SIZE, np.float32)
        Dc = np.empty(L.LOG, np.int32)
        h = np.zeros((2, int(self.sizes[1:].max())), np.float64)
        logits = np.zeros(core.N_ACTIONS, np.float64)
        a = decide(state.D, R, g.T, g.P, g.Q, g.H, state.mask, obs, Dc, np.empty_like(R),
                   True, self.prior_w, self.net(), h, logits)
        return int(a), logits

    def act(self, state) -> int:
        """The policy's action at ``state``'s question (as PolicyBot.act)."""
        return self.logits(state)[0]

    def play(self, game, seeds: np.ndarray, first: np.ndarray, score: np.ndarray,
             turns: np.ndarray, game_rows: np.ndarray, *, log: bool = False
             ) -> tuple[int, np.ndarray]:
        """Play the games of ``seeds`` (first seats ``first``) of ``game`` (a sim.env.Game
        whose agent seats this policy plays) into ``score``/``turns``/``game_rows``:
        (how many finished, before any that failed; the last game's state, whose log
        rows are the last game's when ``log``)."""
        from sim.env.state import LOG_ROWS

        template, R = game._template(LOG_ROWS if log else 0)
        S = template.copy()
        S0 = np.empty(int(template[L.AG_SHADOW]), np.int32)
        policy_seat = np.zeros(game.num_players, np.bool_)
        policy_seat[list(game.agents)] = True
        seeds = np.ascontiguousarray(seeds, np.uint64)
        first = np.ascontiguousarray(first, np.int64)
        failed = play_games(S, R, S0, R.copy(), template, game.T, game.P, game.Q, game.H,
                            game.num_players, game.seat_bots, seeds, first, policy_seat,
                            self.takes, self.prior_w, self.net(), score, turns, game_rows)
        return (len(seeds) if failed == ALL_DONE else int(failed)), S
