"""How fast agents can play through sim.env, per kingdom (issue 27's speed goals).

    python experiments/bench_env.py                       # ~2 minutes once compiled
    python experiments/bench_env.py --cold                # + the first step's compile cost
    python experiments/bench_env.py --out experiments/results/bench_env.json

Measured on one core (each figure a median of ``--reps`` runs of ``--seconds`` each):

* ``aec``: random legal play through the PettingZoo AEC API (env.last(), a masked sample
  from the action space, env.step), agent steps per second;
* ``state``: the state API, ``legal_actions()`` + ``apply_action()`` of a random legal
  action, steps per second;
* ``clone``: ``State.clone()`` in microseconds;
* ``batch``: batched stepping (sim.env.vector), N = 1,024 games, one agent seat against
  BMU, random legal actions drawn from the masks in numpy, decisions per second;
* ``cold`` (with ``--cold``): a fresh process with an empty numba cache plays one
  batch game (the engine's cold compile, in two processes), then one state-API step:
  the whole process's CPU seconds (children included) and those of the first step
  (what the environments add).

Kingdoms: First Game, and the Adventures board K2 with its two Events (Training,
Pathfinding) from the round robins.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))
BOARDS = {
    "first-game": {},
    "K2+events": {"kingdom": "Swamp Hag,Haunted Woods,Amulet,Dungeon,Ratcatcher,Messenger,"
                             "Magpie,Caravan Guard,Duplicate,Hireling",
                  "events": ["Training", "Pathfinding"]},
}


def _median_rate(fn, seconds: float, reps: int) -> float:
    return statistics.median(fn(seconds) for _ in range(reps))


def aec_rate(board: dict, seconds: float) -> float:
    from sim.env import aec_env

    env = aec_env(players=2, **board)
    env.reset(seed=1)
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for agent in env.agent_iter():
            obs, _r, term, trunc, _i = env.last()
            env.step(None if term or trunc else
                     env.action_space(agent).sample(obs["action_mask"]))
            steps += 1
            if steps % 512 == 0 and time.perf_counter() - t0 >= seconds:
                break
        else:
            env.reset()
    return steps / (time.perf_counter() - t0)


def state_rate(board: dict, seconds: float) -> float:
    from sim.env import Game

    game = Game(players=2, **board)
    rng = np.random.default_rng(0)
    steps, games, t0 = 0, 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state(games)
        games += 1
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            steps += 1
    return steps / (time.perf_counter() - t0)


def clone_us(board: dict) -> float:
    from sim.env import new_state

    state = new_state(seed=3, **board)
    for _ in range(30):
        state.apply_action(state.legal_actions()[-1])
    n = 20000
    t0 = time.perf_counter()
    for _ in range(n):
        state.clone()
    return (time.perf_counter() - t0) / n * 1e6


def batch_rate(board: dict, seconds: float, n: int = 1024) -> float:
    from sim.env import Game
    from sim.env.vector import VectorGames

    games = VectorGames(Game(players=2, agents=[0], **board), n, seed=0)
    games.reset()
    rng = np.random.default_rng(0)
    decisions, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        games.step(games.sample_actions(rng))
        decisions += n
    return decisions / (time.perf_counter() - t0)


_COLD = r"""
import json, sys, time
import numpy as np
board = json.loads(sys.argv[1])
t = time.process_time()
from sim.engine.config import GameConfig
from sim.engine.batch import play_batch
from bots import resolve_bot
cfg = GameConfig(n_players=2, kingdom=board.get("kingdom"), events=tuple(board.get("events", ())))
play_batch(cfg, [resolve_bot("bmu")] * 2, np.array([[0, 1]], np.int32), np.array([1], np.uint64))
engine = time.process_time() - t
t = time.process_time()
from sim.env import new_state
s = new_state(seed=1, **board)
s.apply_action(s.legal_actions()[0])
print(json.dumps({"engine_cpu_s": engine, "env_first_step_cpu_s": time.process_time() - t}))
"""


def cold(board: dict) -> dict:
    """CPU seconds in a fresh process with an empty numba cache (children included:
    a cold engine compiles in two processes)."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
        before = os.times()
        out = subprocess.run([sys.executable, "-c", _COLD, json.dumps(board)], env=env,
                             capture_output=True, text=True, check=True, cwd=ROOT)
        after = os.times()
    data = json.loads(out.stdout.strip().splitlines()[-1])
    data["children_cpu_s"] = (after.children_user + after.children_system
                              - before.children_user - before.children_system)
    return data


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--cold", action="store_true", help="also measure the cold compile")
    ap.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = ap.parse_args(argv)
    rows = {}
    for name, board in BOARDS.items():
        # Warm up: compile (or load) everything first.
        state_rate(board, 0.5)
        batch_rate(board, 0.5, n=16)
        aec_rate(board, 0.5)
        row = {
            "aec_steps_per_s": _median_rate(lambda s, b=board: aec_rate(b, s), args.seconds,
                                            args.reps),
            "state_steps_per_s": _median_rate(lambda s, b=board: state_rate(b, s),
                                              args.seconds, args.reps),
            "clone_us": statistics.median(clone_us(board) for _ in range(args.reps)),
            "batch_decisions_per_s": _median_rate(lambda s, b=board: batch_rate(b, s),
                                                  args.seconds, args.reps),
        }
        if args.cold:
            row["cold"] = cold(board)
        rows[name] = row
        print(f"{name}: AEC {row['aec_steps_per_s']:,.0f} steps/s; state API "
              f"{row['state_steps_per_s']:,.0f} steps/s; clone {row['clone_us']:.1f} us; "
              f"batch of 1,024 {row['batch_decisions_per_s']:,.0f} decisions/s"
              + (f"; cold: whole process {row['cold']['children_cpu_s']:.0f} CPU-s, of which the"
                 f" first env step {row['cold']['env_first_step_cpu_s']:.0f} CPU-s"
                 if args.cold else ""),
              flush=True)
    rows["load_avg"] = os.getloadavg()[0]
    if args.out:
        from sim.outputs import atomic_write_text

        atomic_write_text(args.out, json.dumps(rows, indent=2) + "\n")
        print(f"written to {args.out}")


if __name__ == "__main__":
    main()
