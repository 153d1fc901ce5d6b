"""The learned bot (issue 29): train on a kingdom, evaluate, say what it learned.

    python experiments/learn.py --part first-game               # 20 min + evaluation
    python experiments/learn.py --part adventures --minutes 10  # K2 with its Events
    python experiments/learn.py --part speed --part install
    python experiments/learn.py --part first-game --minutes 0.5 --eval-games 200 \\
        --out /tmp/learn                                          # a quick check

Parts (2 players; evaluation games seats alternated: each deal played once with each
bot first; 95% Wilson intervals; seeds fixed):

* ``first-game``: ``domsim train`` on First Game (league: big-money, bmu, smithy-bm and
  self-play) for ``--minutes`` of wall time, then ``--eval-games`` games against each
  of big-money, bmu and smithy-bm.
* ``adventures``: the same recipe on the Adventures board K2 with its Events (Training,
  Pathfinding), league: event-money (its best hand-written bot), swamp-hag-bm, bmu and
  self-play; fallback event-money.
* (both) ``buys.csv``: what the policy buys and when, from ``--buy-games`` games against
  each evaluation bot: per card, buys per game, the share of games with one, and the
  mean turn of the first.
* ``buys``: only the buys.csv of the boards already trained.
* ``plot``: only the curve.png of the boards already trained.
* ``found``: the trained policies against the bots ``domsim optimize`` found on their
  boards (:data:`FOUND`; never in the league): eval_found.csv.
* ``speed``: the policy's games per CPU-second in a match against BMU (one process),
  through the Python API and ``domsim match DIR bmu``.
* ``install``: the ``learn`` extra's install time and size in a fresh venv, and what
  the alternatives (sb3-contrib, torch, jax) would install (a dry run: the packages and
  the size of their wheels).

Writes experiments/results/learn/<board>/ (the policy directory: policy.npz,
policy.json, curve.csv, the checkpoint; curve.png, eval.csv, buys.csv, command.json
with the machine and its load before and after) and speed.json, install.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))
OUT = ROOT / "experiments" / "results" / "learn"
K2 = ("Swamp Hag,Haunted Woods,Amulet,Dungeon,Ratcatcher,Messenger,Magpie,Caravan Guard,"
      "Duplicate,Hireling")
K2_EVENTS = "Training,Pathfinding"
BOARDS = {
    "first-game": {"kingdom": "first-game", "events": "", "fallback": "bmu",
                   "against": "big-money,bmu,smithy-bm,self",
                   "eval": ("big-money", "bmu", "smithy-bm")},
    "adventures": {"kingdom": K2, "events": K2_EVENTS, "fallback": "event-money",
                   "against": "event-money,swamp-hag-bm,bmu,self",
                   "eval": ("event-money", "swamp-hag-bm", "bmu")},
}
#: The bots ``domsim optimize`` found on each board (experiments/optimize*.py): the
#: strongest known opponents there, never in the league (``--part found``).
FOUND = {
    "first-game": ("experiments/results/optimize/first-game/best.toml",
                   "experiments/results/optimize/engines/first-game/found.toml"),
    "adventures": ("experiments/results/optimize/engines/k2/found.toml",),
}
PARTS = ("first-game", "adventures", "buys", "found", "plot", "speed", "install")
TITLES = {"first-game": "First Game", "adventures": "Adventures K2 (Training, Pathfinding)"}


def machine() -> dict:
    return {"python": platform.python_version(), "cpu_count": os.cpu_count(),
            "processor": platform.processor() or platform.machine(),
            "load_avg": [round(x, 2) for x in os.getloadavg()]}


def train_board(board: str, minutes: float, seed: int, out: Path, force: bool) -> dict:
    """``domsim train`` for the board, in a subprocess (the command as a user types it)."""
    b = BOARDS[board]
    where = os.path.relpath(out, ROOT)      # the command as typed in the checkout's root
    cmd = ["domsim", "train", "--kingdom", b["kingdom"], "--players", "2",
           "--against", b["against"], "--fallback", b["fallback"], "--minutes", f"{minutes:g}",
           "--seed", str(seed), "--out", where]
    if b["events"]:
        cmd[4:4] = ["--events", b["events"]]
    if force:
        cmd.append("--force")
    return run_domsim(cmd)


def run_domsim(cmd: list[str]) -> dict:
    """Run ``cmd`` (``["domsim", ...]``, as a user types it) with this venv's domsim in the
    checkout's root: the command, the machine before and after, wall and CPU seconds
    (of the children so far: one command per process)."""
    exe = Path(sys.executable).parent / "domsim"
    before = machine()
    t0 = time.time()
    subprocess.run([str(exe)] + cmd[1:], check=True, cwd=ROOT)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"command": " ".join(shlex.quote(c) for c in cmd), "machine_before": before,
            "machine_after": machine(), "wall_s": round(time.time() - t0, 1),
            "cpu_s": round(usage.ru_utime + usage.ru_stime, 1)}


def plot_curve(policy_dir: Path, path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import pandas as pd

    from sim.analysis.results import wilson

    curve = pd.read_csv(policy_dir / "curve.csv")
    fig, ax = plt.subplots(figsize=(7, 4))
    for name, part in curve.groupby("opponent", sort=False):
        lo, hi = wilson(part["win_rate"].to_numpy() * part["eval_games"].to_numpy(),
                        part["eval_games"].to_numpy())
        ax.plot(part["wall_s"] / 60, part["win_rate"], label=name)
        ax.fill_between(part["wall_s"] / 60, lo, hi, alpha=0.15)
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("training wall time (minutes)")
    ax.set_ylabel("greedy win rate")
    ax.set_ylim(0, 1)
    n = int(curve["eval_games"].iloc[0])
    ax.set_title(f"{title}\ngreedy win rate against each league bot ({n} games a point, "
                 f"95% band)", fontsize=9)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def evaluate(policy_dir: Path, board: str, games: int, seed: int, processes: int,
             opponents: tuple[str, ...] | None = None) -> list[dict]:
    from sim.learn import PolicyBot
    from sim.runner import Match

    b = BOARDS[board]
    rows = []
    for opp in opponents or b["eval"]:
        bot = PolicyBot(policy_dir)
        t0 = time.time()
        cpu0 = time.process_time()
        res = Match(bot, opp, games=games, seed=seed, kingdom=b["kingdom"],
                    events=b["events"] or None, seats="rotate").play(processes=processes,
                                                                      progress=False)
        s = res.summary().loc[bot.name]
        rows.append({"board": board, "opponent": opp, "games": int(s["games"]),
                     "win_rate": round(float(s["win_rate"]), 4),
                     "ci_low": round(float(s["ci_low"]), 4),
                     "ci_high": round(float(s["ci_high"]), 4),
                     "win_rate_seat0": round(float(s["win_rate_seat0"]), 4),
                     "win_rate_seat1": round(float(s["win_rate_seat1"]), 4),
                     "wall_s": round(time.time() - t0, 1),
                     "main_cpu_s": round(time.process_time() - cpu0, 1),
                     "load_avg": [round(x, 2) for x in os.getloadavg()]})
        print(f"{board}: policy vs {opp}: {rows[-1]['win_rate']:.2%} "
              f"[{rows[-1]['ci_low']:.2%}, {rows[-1]['ci_high']:.2%}] of {rows[-1]['games']}",
              flush=True)
    return rows


def buys(policy_dir: Path, board: str, games: int) -> list[dict]:
    """What the policy buys against each evaluation bot, beside what its fallback bot
    buys alone in the same games (the policy's starting point): per card, buys per game,
    the share of games with at least one, the mean turn (its own) of the first buy."""
    from sim.env import Game
    from sim.learn import PolicyBot

    bot = PolicyBot(policy_dir)
    b = BOARDS[board]
    events = tuple(e for e in b["events"].split(",") if e)
    rows = []
    players = {"policy": bot.act, f"fallback {bot.fallback.name}": lambda s: s.bot_action()}
    for opp in b["eval"]:
        game = Game(kingdom=b["kingdom"], events=events, players=2,
                    bots=[bot.fallback, opp], agents=[0], decisions=bot.decisions)
        for who, act in players.items():
            rows += buy_rows(game, act, 0, games, {"board": board, "player": who,
                                                    "opponent": opp})
    return rows


def buy_rows(game, act, seat: int, games: int, labels: dict) -> list[dict]:
    """Seat ``seat``'s buys in ``games`` games of ``game`` (seeds 0, 1, ...; ``act(state)``
    answers every question asked): per card bought, ``labels`` and buys per game, the
    share of games with at least one, the mean turn (the seat's own) of the first, the
    games and the seat's win share."""
    from sim.cards import CARDS, N_CARDS
    from sim.engine import codes
    from sim.env.observation import observation_names

    turns_col = observation_names().index("me: turns taken")
    count = [0] * N_CARDS
    games_with = [0] * N_CARDS
    first_turn = [0.0] * N_CARDS
    won = 0.0
    for seed in range(games):
        state = game.new_initial_state(seed)
        seen: set[int] = set()
        while not state.is_terminal():
            a = act(state)
            if a < N_CARDS and state.current_player() == seat and \
                    state.decision()[0] == codes.D_BUY:
                count[a] += 1
                if a not in seen:
                    seen.add(a)
                    games_with[a] += 1
                    first_turn[a] += float(state.observation(seat)[turns_col]) + 1
            state.apply_action(a)
        won += state.returns()[seat]
    return [{**labels, "card": CARDS[c].name, "buys_per_game": round(count[c] / games, 3),
             "share_of_games": round(games_with[c] / games, 3),
             "mean_first_turn": round(first_turn[c] / games_with[c], 2),
             "games": games, "win_rate": round(won / games, 4)}
            for c in range(N_CARDS) if count[c]]


def write_csv(path: Path, rows: list[dict]) -> None:
    import pandas as pd

    pd.DataFrame(rows).to_csv(path, index=False)


def run_board(board: str, args) -> None:
    d = args.out / board
    d.parent.mkdir(parents=True, exist_ok=True)
    info = train_board(board, args.minutes, args.seed, d, args.force)
    plot_curve(d, d / "curve.png", TITLES[board])
    meta = json.loads((d / "policy.json").read_text())
    info.update({"trained_games": meta["games"], "trained_steps": meta["steps"],
                 "iterations": meta["iterations"], "train_wall_s": meta["wall_s"],
                 "eval_games": args.eval_games, "eval_seed": args.eval_seed,
                 "script": "python experiments/learn.py " + " ".join(
                     shlex.quote(a) for a in sys.argv[1:])})
    (d / "command.json").write_text(json.dumps(info, indent=1) + "\n")
    rows = evaluate(d, board, args.eval_games, args.eval_seed, args.processes)
    write_csv(d / "eval.csv", rows)
    info["machine_after_eval"] = machine()
    (d / "command.json").write_text(json.dumps(info, indent=1) + "\n")
    write_csv(d / "buys.csv", buys(d, board, args.buy_games))


def speed(args) -> None:
    """The policy's games per CPU-second against BMU, one process: the Python API and
    ``domsim match``."""
    from sim.learn import PolicyBot
    from sim.runner import Match

    d = args.out / "first-game"
    games = args.speed_games
    bot = PolicyBot(d)
    Match(bot, "bmu", games=20, seed=99).play(processes=1, progress=False)   # warm
    before = machine()
    t0, c0 = time.time(), time.process_time()
    Match(bot, "bmu", games=games, seed=1).play(processes=1, progress=False)
    api = {"games": games, "wall_s": round(time.time() - t0, 2),
           "cpu_s": round(time.process_time() - c0, 2)}
    api["games_per_cpu_s"] = round(games / api["cpu_s"], 1)
    exe = Path(sys.executable).parent / "domsim"
    cmd = [str(exe), "match", str(d), "bmu", "--games", str(games), "--processes", "1"]
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime)
    cli = {"command": f"domsim match {d.relative_to(ROOT)} bmu --games {games} --processes 1",
           "games": games, "wall_s": round(time.time() - t0, 2), "cpu_s": round(cpu, 2),
           "games_per_cpu_s": round(games / cpu, 1),
           "note": "the CLI's CPU time includes starting Python and loading the engine"}
    out = {"api": api, "cli": cli, "machine_before": before, "machine_after": machine()}
    (args.out / "speed.json").write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


def install(args) -> None:
    """Time and size of ``pip install`` of the learn extra's packages into a fresh venv
    (beside a core install, the extra adds only these)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = venv / "bin" / "pip"

        def du() -> int:
            return sum(f.stat().st_size for f in venv.rglob("*") if f.is_file())

        size0 = du()
        t0 = time.time()
        subprocess.run([str(pip), "install", "--quiet", "threadpoolctl>=3"], check=True)
        wall = time.time() - t0
        size1 = du()
        version = subprocess.run([str(venv / "bin" / "python"), "-c",
                                  "import threadpoolctl; print(threadpoolctl.__version__)"],
                                 check=True, capture_output=True, text=True).stdout.strip()
        alternatives = {name: _resolve_weight(pip, name, Path(tmp))
                        for name in ("sb3-contrib", "torch", "jax")}
    out = {"extra": "learn", "packages": {"threadpoolctl": version},
           "install_wall_s": round(wall, 2), "added_bytes": size1 - size0,
           "added_kib": round((size1 - size0) / 1024, 1),
           "alternatives_not_installed": alternatives,
           "note": "the learner is numpy (a core dependency): the extra holds only "
                   "threadpoolctl, to keep numpy's BLAS on one thread; installed from the "
                   "project's local package index", "machine": machine()}
    (args.out / "install.json").write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


def _resolve_weight(pip: Path, package: str, tmp: Path) -> dict:
    """What ``pip install PACKAGE`` would install (``--dry-run --report``: nothing is
    installed): the packages, and the size of the wheels found in the local index (the
    download, before unpacking), with those it would fetch from elsewhere."""
    report = tmp / f"{package}.json"
    run = subprocess.run([str(pip), "install", "--dry-run", "--quiet", "--report",
                          str(report), package], capture_output=True, text=True)
    if run.returncode or not report.is_file():
        return {"resolved": False, "error": run.stderr.strip().splitlines()[-1:]}
    items = json.loads(report.read_text())["install"]
    local = [i for i in items if i["download_info"].get("url", "").startswith("file://")]
    return {"resolved": True, "packages": len(items),
            "local_wheels_mb": round(sum(os.path.getsize(i["download_info"]["url"][7:])
                                         for i in local) / 1e6, 1),
            "not_in_local_index": sorted(i["metadata"]["name"] for i in items
                                         if i not in local),
            "top": {i["metadata"]["name"]: i["metadata"]["version"] for i in items
                    if i["metadata"]["name"].lower() in ("torch", "jax", "jaxlib",
                                                         "sb3-contrib", "stable-baselines3",
                                                         "stable_baselines3", "sb3_contrib")}}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--part", action="append", choices=PARTS, default=None)
    p.add_argument("--minutes", type=float, default=20.0, help="training wall time per board")
    p.add_argument("--seed", type=int, default=1, help="the training run's seed")
    p.add_argument("--eval-games", type=int, default=10_000)
    p.add_argument("--eval-seed", type=int, default=2029)
    p.add_argument("--buy-games", type=int, default=500)
    p.add_argument("--speed-games", type=int, default=2000)
    p.add_argument("--processes", type=int, default=None, help="evaluation processes")
    p.add_argument("--out", type=Path, default=OUT)
    p.add_argument("--force", action="store_true", help="retrain over an existing policy")
    args = p.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for part in args.part or [p for p in PARTS if p not in ("buys", "plot")]:
        if part in BOARDS:
            run_board(part, args)
        elif part == "buys":
            for board in BOARDS:
                if (args.out / board / "policy.json").is_file():
                    write_csv(args.out / board / "buys.csv",
                              buys(args.out / board, board, args.buy_games))
        elif part == "plot":
            for board in BOARDS:
                if (args.out / board / "curve.csv").is_file():
                    plot_curve(args.out / board, args.out / board / "curve.png", TITLES[board])
        elif part == "found":
            for board, bots in FOUND.items():
                d = args.out / board
                if (d / "policy.json").is_file():
                    rows = evaluate(d, board, args.eval_games, args.eval_seed, args.processes,
                                    tuple(str(ROOT / f) for f in bots))
                    for r in rows:
                        r["opponent"] = os.path.relpath(r["opponent"], ROOT)
                    write_csv(d / "eval_found.csv", rows)
        elif part == "speed":
            speed(args)
        else:
            install(args)


if __name__ == "__main__":
    main()
