"""Games per CPU-second of the First Game policy against BMU: compiled and Python paths.

    python experiments/bench_policy.py [--games N] [--reps K] [--policy DIR]

The policy (``experiments/results/learn/first-game`` by default) plays BMU, seats
alternating, through ``sim.engine.batch.play_batch`` as ``domsim match`` plays it, in
one run (the same machine and load for every row):

* ``compiled``: PolicyBot's default path: the engine's own batch, the policy asked
  inside the engine's decisions (sim.learn.compiled.policy_decide: no stop, no replay);
* ``stopping``: the path before that seam (CompiledPolicy.play_stopping): each game
  advanced by the state API (sim.env.core.answer), which stops at each of the
  policy's questions and resumes there;
* ``Python``: ``compiled=False``, PolicyBot.act in Python at every decision;
* ``no policy``: the compiled path with the policy taking no decision (its fallback
  answers them, still through the seam's decider): what is not the policy;
* ``engine``: BMU against BMU in the engine's own batch (no agent seat), the ceiling;
* ``two policies``: the policy against a second policy bot (the same weights, also
  answering "play an Action": two learned policies matched), compiled (each seat its
  own policy in one batch) and in Python (the path such a match took before 0.21.0).

All three policy paths play the same games (checked on a first batch).  Each rep is
timed in CPU seconds of this process (``time.process_time``); the median of ``reps``
is printed, with the machine's load.  Then a decision's parts, each timed alone in a
compiled loop at a First Game question a few buys in: the observation
(sim.env.core.observe), the legal actions (legal_mask), the forward pass the seam asks
(sim.learn.compiled.forward_fast: float32, its first layer's kept sum) and the float64
pass it falls back on where two logits are close (forward).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.getcwd())  # the checkout it is run from, not this file's

import numpy as np  # noqa: E402

import bots  # noqa: E402
from sim.engine.batch import play_batch  # noqa: E402
from sim.engine.codes import D_ACTION  # noqa: E402
from sim.engine.rng import game_seeds  # noqa: E402
from sim.env.state import Game  # noqa: E402
from sim.learn import PolicyBot  # noqa: E402

DEFAULT = "experiments/results/learn/first-game"


def batch(bot, config, games: int, seed: int, opponent=None):
    """``games`` games of ``bot`` against BMU (or ``opponent``), seats alternating."""
    seeds = game_seeds(seed, 0, games)
    seats = np.zeros((games, 2), np.int32)
    seats[1::2, 0] = 1
    seats[:, 1] = 1 - seats[:, 0]
    return play_batch(config, [bot, opponent or bots.get_bot("bmu")], seats, seeds)


def rates(bot, config, games: int, reps: int, opponent=None) -> list[float]:
    batch(bot, config, 20, 0, opponent)               # compile or load
    out = []
    for rep in range(reps):
        t0 = time.process_time()
        batch(bot, config, games, 1 + rep, opponent)
        out.append(games / (time.process_time() - t0))
    return out


def parts_us(bot, n: int = 20_000) -> dict[str, float]:
    """Microseconds of a decision's parts, each in a compiled loop of ``n`` calls at a
    First Game question a few buys in."""
    from numba import njit

    from sim.engine import layout as L
    from sim.env import core
    from sim.learn.compiled import forward, forward_fast, kept_size

    @njit
    def observe(n, D, T, p, obs):
        for _ in range(n):
            core.observe(D, T, p, True, obs)

    @njit
    def legal(n, D, T, p, d, arg, mask):
        for _ in range(n):
            core.legal_mask(D, T, p, d, arg, mask)

    @njit
    def fwd(n, obs, mask, net, h, logits):
        columns, table, sizes, W, b, WpT, bp = net
        for _ in range(n):
            forward(obs, mask, 3, 4.0, columns, table, sizes, W, b, WpT, bp, h, logits)

    @njit
    def fast_fwd(n, obs, mask, net, h, logits, kept, kept_vals):
        columns, table, sizes, W, b, WpT, bp = net
        for _ in range(n):
            forward_fast(obs, mask, 3, 4.0, columns, table, sizes, W, b, WpT, bp, h, logits,
                         kept, kept_vals)

    fast = bot.compiled_policy()
    game = Game(kingdom=bot.meta["kingdom"], players=2, bots=[bot.fallback, "bmu"],
                agents=[0], decisions=bot.decisions)
    state = game.new_initial_state(3)
    for _ in range(6):
        state.apply_action(fast.act(state))
    D, T = state.D, game.T
    p, d, arg = (int(D[k]) for k in (L.AG_WAIT_P, L.AG_WAIT_D, L.AG_WAIT_ARG))
    obs = np.zeros(core.OBS_SIZE, np.float32)
    mask = state.mask.copy()
    h = np.zeros((4, int(fast.sizes.max())), np.float64)
    logits = np.zeros(core.N_ACTIONS, np.float64)
    net32 = (fast.columns, fast.table, fast.sizes, fast.W, fast.b.astype(np.float32),
             fast.WpT, fast.bp.astype(np.float32))
    h32 = np.zeros((4, 2 * int(fast.sizes.max())), np.float32)
    kept = (np.zeros(int(fast.sizes[1]) + 1, np.float32),
            np.zeros(kept_size(fast.columns), np.float32))
    out = {}
    for name, f, args in (("observation", observe, (D, T, p, obs)),
                          ("legal actions", legal, (D, T, p, d, arg, mask)),
                          ("forward pass", fast_fwd, (obs, mask, net32, h32,
                                                      np.zeros(core.N_ACTIONS, np.float32),
                                                      *kept)),
                          ("(float64 pass", fwd, (obs, mask, fast.net(), h, logits))):
        f(10, *args)
        t0 = time.process_time()
        f(n, *args)
        out[name] = (time.process_time() - t0) / n * 1e6
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per rep (compiled)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--policy", default=DEFAULT, help="a policy directory")
    args = ap.parse_args(argv)
    fast, slow = PolicyBot(args.policy), PolicyBot(args.policy, compiled=False)
    stopping = PolicyBot(args.policy)
    policy = stopping.compiled_policy()
    policy.play = policy.play_stopping          # the path before the seam
    config = Game(kingdom=fast.meta["kingdom"], players=2, bots=fast.fallback).config
    asked = [0]
    act = slow.act

    def counted(state):
        asked[0] += 1
        return act(state)

    slow.act = counted
    a, b, c = (batch(x, config, 200, 99) for x in (fast, stopping, slow))
    slow.act = act
    per_game = asked[0] / 200          # the policy's decisions in a game
    for other in (b, c):
        assert np.array_equal(a.score, other.score) and np.array_equal(a.game, other.game), \
            "the compiled, stopping and Python paths played different games"
    compiled = rates(fast, config, args.games, args.reps)
    stop = rates(stopping, config, args.games, args.reps)
    python = rates(slow, config, max(50, args.games // 10), args.reps)
    idle = PolicyBot(args.policy)
    idle.compiled_policy().takes[:] = False       # the fallback answers: no forward pass
    no_policy = rates(idle, config, args.games * 5, args.reps)
    bmu = bots.get_bot("bmu")
    engine = rates(bmu, config, args.games * 20, args.reps)
    twins = {}
    for compiled_path in (True, False):
        other = PolicyBot(args.policy, name="other", compiled=compiled_path)
        other.decisions = other.decisions | {D_ACTION}     # (before its compiled form)
        twins[compiled_path] = (PolicyBot(args.policy, compiled=compiled_path), other)
    pair = [batch(*twins[k][:1], config, 200, 98, twins[k][1]) for k in (True, False)]
    assert np.array_equal(pair[0].score, pair[1].score), \
        "two policies played different games compiled and in Python"
    two_fast = rates(twins[True][0], config, args.games, args.reps, twins[True][1])
    two_python = rates(twins[False][0], config, max(50, args.games // 10), args.reps,
                       twins[False][1])
    parts = parts_us(fast)
    med = {k: statistics.median(r) for k, r in (("compiled", compiled), ("stopping", stop))}
    policy_us = (1 / med["compiled"] - 1 / statistics.median(no_policy)) * 1e6 / per_game
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f} at the end; Python {platform.python_version()}")
    for label, r in (("compiled", compiled), ("stopping", stop), ("Python", python),
                     ("no policy", no_policy), ("engine BMU-BMU", engine),
                     ("two policies", two_fast), ("two, Python", two_python)):
        print(f"{label:>15}: median {statistics.median(r):,.0f} games/CPU-s "
              f"(reps: {', '.join(f'{x:,.0f}' for x in sorted(r))})")
    print(f"compiled / stopping: {med['compiled'] / med['stopping']:.1f}x; compiled / Python: "
          f"{med['compiled'] / statistics.median(python):.1f}x; two policies compiled / "
          f"Python: {statistics.median(two_fast) / statistics.median(two_python):.1f}x")
    print(f"{per_game:.1f} policy decisions a game; compiled - no policy: {policy_us:.1f} us "
          f"a decision, of which alone: "
          + ", ".join(f"{k} {v:.2f} us" for k, v in parts.items())
          + ", where two logits are close); the rest: the prior (the fallback's answer), "
          "calls, weights read from memory")


if __name__ == "__main__":
    main()
