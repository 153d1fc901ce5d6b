"""How fast agents can play through sim.env, per kingdom, per CPU-second on one core.

    python experiments/bench_env.py                       # ~3 minutes once compiled
    python experiments/bench_env.py --checkout DIR        # + another checkout, same run
    python experiments/bench_env.py --cold                # + the first step's compile cost
    python experiments/bench_env.py --out experiments/results/bench_env.json

Each figure is a median of ``--reps`` runs of ``--seconds`` CPU-seconds each (process
time: the machines are shared, wall time would count the neighbours):

* ``aec_steps_per_s``: random legal play through the PettingZoo AEC API (env.last(), a
  masked sample from the action space, env.step), agent steps per second;
* ``state_steps_per_s``: the state API, ``legal_actions()`` + ``apply_action()`` of a
  random legal action, steps per second;
* ``clone_us``: ``State.clone()``; ``clone_apply_us``: a clone and its first
  ``apply_action`` (what a search pays to try an action), microseconds;
* ``resample_us``: ``State.resample()`` (a redeal of what the player cannot see),
  microseconds;
* ``batch_decisions_per_s``: batched stepping (sim.env.vector), N = 1,024 games, one
  agent seat against BMU, random legal actions drawn from the masks in numpy,
  decisions per second;
* ``cold`` (with ``--cold``): a fresh process with an empty numba cache plays one
  batch game (the engine's cold compile, in two processes), then one state-API step:
  the whole process's CPU seconds (children included) and those of the first step
  (what the environments add).

``--checkout DIR`` measures another checkout too (``git worktree add DIR REV``), in a
process of its own that imports that checkout's ``sim``, alternating with this one's
rep by rep, so that before and after are measured side by side on the same machine
state.  Kingdoms: First Game, and the Adventures board K2 with its two Events (Training,
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
BOARDS = {
    "first-game": {},
    "K2+events": {"kingdom": "Swamp Hag,Haunted Woods,Amulet,Dungeon,Ratcatcher,Messenger,"
                             "Magpie,Caravan Guard,Duplicate,Hireling",
                  "events": ["Training", "Pathfinding"]},
}
METRICS = ("aec_steps_per_s", "state_steps_per_s", "clone_us", "clone_apply_us",
           "resample_us", "batch_decisions_per_s")


def _cpu() -> float:
    return time.process_time()


def aec_rate(board: dict, seconds: float) -> float:
    from sim.env import aec_env

    env = aec_env(players=2, **board)
    env.reset(seed=1)
    steps, t0 = 0, _cpu()
    while _cpu() - t0 < seconds:
        for agent in env.agent_iter():
            obs, _r, term, trunc, _i = env.last()
            env.step(None if term or trunc else
                     env.action_space(agent).sample(obs["action_mask"]))
            steps += 1
            if steps % 512 == 0 and _cpu() - t0 >= seconds:
                break
        else:
            env.reset()
    return steps / (_cpu() - t0)


def state_rate(board: dict, seconds: float) -> float:
    from sim.env import Game

    game = Game(players=2, **board)
    u = np.random.default_rng(0).random(1 << 16).tolist()   # the draws, made beforehand
    steps, games, t0 = 0, 0, _cpu()
    while _cpu() - t0 < seconds:
        state = game.new_initial_state(games)
        games += 1
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(u[steps & 0xFFFF] * len(legal))])
            steps += 1
    return steps / (_cpu() - t0)


def _mid_game(board: dict):
    from sim.env import new_state

    state = new_state(seed=3, **board)
    for _ in range(30):
        state.apply_action(state.legal_actions()[-1])
    return state


def clone_us(board: dict, n: int = 20000) -> float:
    state = _mid_game(board)
    t0 = _cpu()
    for _ in range(n):
        state.clone()
    return (_cpu() - t0) / n * 1e6


def clone_apply_us(board: dict, n: int = 5000) -> float:
    state = _mid_game(board)
    a = state.legal_actions()[0]
    t0 = _cpu()
    for _ in range(n):
        state.clone().apply_action(a)
    return (_cpu() - t0) / n * 1e6


def resample_us(board: dict, n: int = 2000) -> float:
    state = _mid_game(board)
    rng = np.random.default_rng(0)
    p = state.current_player()
    t0 = _cpu()
    for _ in range(n):
        state.resample(p, rng)
    return (_cpu() - t0) / n * 1e6


def batch_rate(board: dict, seconds: float, n: int = 1024) -> float:
    from sim.env import Game
    from sim.env.vector import VectorGames

    games = VectorGames(Game(players=2, agents=[0], **board), n, seed=0)
    games.reset()
    rng = np.random.default_rng(0)
    decisions, t0 = 0, _cpu()
    while _cpu() - t0 < seconds:
        games.step(games.sample_actions(rng))
        decisions += n
    return decisions / (_cpu() - t0)


def measure(seconds: float) -> dict:
    """One rep of every figure on every board, in this process (its ``sim``)."""
    rows = {}
    for name, board in BOARDS.items():
        rows[name] = {
            "aec_steps_per_s": aec_rate(board, seconds),
            "state_steps_per_s": state_rate(board, seconds),
            "clone_us": clone_us(board),
            "clone_apply_us": clone_apply_us(board),
            "resample_us": resample_us(board),
            "batch_decisions_per_s": batch_rate(board, seconds),
        }
    return rows


def warm_up() -> None:
    """Compile (or load) everything first."""
    for board in BOARDS.values():
        state_rate(board, 0.2)
        batch_rate(board, 0.2, n=16)
        aec_rate(board, 0.2)
        clone_apply_us(board, 10)
        resample_us(board, 10)


_WORKER = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
sys.path.insert(1, sys.argv[2])
import bench_env
bench_env.warm_up()
print(json.dumps(bench_env.measure(float(sys.argv[3]))))
"""


def rep_in(checkout: Path, seconds: float) -> dict:
    """One rep of :func:`measure` in a process that imports ``checkout``'s ``sim``."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run([sys.executable, "-c", _WORKER, str(checkout), str(ROOT / "experiments"),
                          str(seconds)], env=env, capture_output=True, text=True, cwd=checkout)
    if out.returncode:
        sys.exit(f"bench_env: the run in {checkout} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


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


def _medians(reps: list[dict]) -> dict:
    return {name: {k: statistics.median(r[name][k] for r in reps) for k in METRICS}
            for name in BOARDS}


def _line(row: dict) -> str:
    return (f"AEC {row['aec_steps_per_s']:,.0f} steps/s; state API "
            f"{row['state_steps_per_s']:,.0f} steps/s; clone {row['clone_us']:.1f} us, "
            f"clone + apply {row['clone_apply_us']:.1f} us; resample "
            f"{row['resample_us']:.1f} us; batch of 1,024 "
            f"{row['batch_decisions_per_s']:,.0f} decisions/s")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU-seconds per figure")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--checkout", type=Path, help="also measure this checkout (before)")
    ap.add_argument("--cold", action="store_true", help="also measure the cold compile")
    ap.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = ap.parse_args(argv)
    if args.checkout is not None and not (args.checkout / "sim" / "env").is_dir():
        sys.exit(f"bench_env: --checkout {args.checkout}: not a domsim checkout with sim/env")
    if args.out is not None and not args.out.parent.is_dir():
        sys.exit(f"bench_env: --out {args.out}: folder {args.out.parent} does not exist")
    mine, theirs = [], []
    for k in range(args.reps):
        if args.checkout is not None:
            theirs.append(rep_in(args.checkout.resolve(), args.seconds))
        mine.append(rep_in(ROOT, args.seconds))
        print(f"rep {k + 1}/{args.reps} done", flush=True)
    rows = _medians(mine)
    before = _medians(theirs) if theirs else None
    for name in BOARDS:
        if before is not None:
            print(f"{name} before: {_line(before[name])}")
        print(f"{name}: {_line(rows[name])}", flush=True)
        if args.cold:
            rows[name]["cold"] = cold(BOARDS[name])
            c = rows[name]["cold"]
            print(f"{name} cold: whole process {c['children_cpu_s']:.0f} CPU-s, of which the "
                  f"first env step {c['env_first_step_cpu_s']:.0f} CPU-s")
    result = {**rows, "load_avg": os.getloadavg()[0], "reps": args.reps,
              "seconds": args.seconds}
    if before is not None:
        result["before"] = {"checkout": str(args.checkout), **before}
    if args.out:
        sys.path.insert(0, str(ROOT))
        from sim.outputs import atomic_write_text

        atomic_write_text(args.out, json.dumps(result, indent=2) + "\n")
        print(f"written to {args.out}")


if __name__ == "__main__":
    main()
