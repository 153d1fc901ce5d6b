"""The general policy on boards it never trained on (issue 38, items 3 and 4).

    python experiments/general_eval.py --part boards --part best --part eval --part firstgame
    python experiments/general_eval.py --part found --budget 2000000 --found-minutes 15
    python experiments/general_eval.py --part search --search-games 40 --time-ms 10
    python experiments/general_eval.py --part boards --part best --part eval \\
        --policy /tmp/gtest --out /tmp/geval --games 20 --first 3        # a quick check

The policy is ``--policy`` (default experiments/results/learn/general, a policy directory
of ``domsim train --kingdom random:all --events random``); everything is written to
``--out`` (default its eval/ folder).  2 players throughout; every match plays each deal
twice, once with each bot first (``seats="rotate"``); win shares count a shared win as
1/k; intervals are Wilson 95%; seeds are fixed, so a rerun plays the same games (except
``search``, whose budget is time).  Parts, each writing its own files and a text record
``record-<part>.txt`` (the command, the machine, its load average before and after, wall
and CPU seconds):

* ``boards``: 30 boards (10 kingdom cards of base + Adventures, 0-2 Events), drawn as
  ``domsim match --kingdom random:all --events random --seed S`` draws them
  (``resolve_table``) with S = 20_261_204 + j, j = 0, 1, ... (a stream the training never
  used), skipping any board equal to one the policy trained or was evaluated on during
  training (its ``draw_board`` boards, rebuilt from policy.json): ``boards.csv``
  (board, kingdom, events, seed).  Rerunning reproduces it exactly.
* ``best``: on each board, the library bots that can play it (every registered bot whose
  cards and Events are all on the board, ``sim.optimize.report.library_field``; the
  ``random`` bot left out; search, human and policy bots are not registered) play a
  round robin, ``--pair-games`` (400) games a pair; the best is the highest mean win
  share over its pairings: ``best.csv`` (board, best, its mean win share, the
  candidates) and ``best_all.csv`` (every candidate's mean win share).  No board has more
  than ``--max-candidates`` (16) candidates; one that had would keep the 16 with the
  best mean win share against big-money and bmu (said in the record).
* ``eval``: the policy against each board's best bot, ``--games`` (2000) games a board:
  ``eval.csv`` (board, opponent, games, win_rate, ci_low, ci_high, seat win rates,
  wall_s, load); the summary line counts the boards whose interval lies above 50%
  (goal: 27 of 30).  For each other board, what was bought: ``losses/board-NN.csv``,
  from ``--buy-games`` (500) games against the best bot: the policy's buys and its
  fallback's in the same seat (experiments/learn.py's ``buys``), and the best bot's buys
  in the games against the policy: per card, buys per game, the share of games with
  one, the mean turn (the buyer's own) of the first.
* ``firstgame``: the policy against the First Game specialist
  (experiments/results/learn/first-game, trained on First Game only), ``--games``
  games: ``firstgame.csv`` (goal: 45%).
* ``found``: on each board, ``domsim optimize``'s search (``sim.optimize.report
  .board_report``, as experiments/optimize_boards.py runs it: ``--budget`` games a board
  against the board's library field, 200 first-rung deals, 6 minutes at most a board),
  boards in order until ``--found-minutes`` of searching are spent; then the policy
  against each found bot, ``--games`` games: ``found/`` (the searches and their report)
  and ``found.csv``.  Rerunning continues (finished searches are not played again).
* ``search``: the search bot with the policy's playouts (``mcts:playout=<policy>``,
  sim.env.mcts) against the default search (``mcts``), both ``--time-ms`` milliseconds a
  searched decision, ``--search-games`` games on First Game and on boards 1-10:
  ``search.csv``.  The budget is time, so a rerun plays other games.
"""

from __future__ import annotations

import argparse
import csv
import functools
import importlib.util
import json
import multiprocessing
import os
import platform
import resource
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))
POLICY = ROOT / "experiments" / "results" / "learn" / "general"
FIRST_GAME = ROOT / "experiments" / "results" / "learn" / "first-game"
PARTS = ("boards", "best", "eval", "firstgame", "found", "search")
N_BOARDS = 30
#: The boards' seeds: BOARD_SEED + j (training draws from sim.learn.train._mix streams).
BOARD_SEED = 20_261_204
#: Boards the search part plays (besides First Game).
SEARCH_BOARDS = 10


class Fail(Exception):
    """A one-line error for the user (a missing input, a bad flag)."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str):          # one line, not usage + message
        self.exit(2, f"{self.prog}: error: {message}\n")


@functools.cache
def learn():
    """experiments/learn.py (its evaluate, buys and BOARDS), imported by path once."""
    spec = importlib.util.spec_from_file_location("learn_experiment",
                                                  ROOT / "experiments" / "learn.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rel(p: Path | str) -> str:
    """A path inside the checkout as relative to its root, any other as it is."""
    q = Path(p).resolve()
    return str(q.relative_to(ROOT)) if q.is_relative_to(ROOT) else str(p)


# --- records ---------------------------------------------------------------------------

def cpu_now() -> float:
    multiprocessing.active_children()           # reap finished workers: their CPU counts
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


class Record:
    """The text record of one part: command, machine, load, wall and CPU seconds, notes."""

    def __init__(self, part: str, args):
        self.part, self.args, self.notes = part, args, []
        self.load0 = os.getloadavg()
        self.t0, self.cpu0 = time.time(), cpu_now()
        self.started = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())

    def note(self, line: str, echo: bool = True) -> None:
        self.notes.append(line)
        if echo:
            print(line, flush=True)

    def write(self) -> None:
        for _ in range(50):                     # let the pool's workers exit (CPU counted)
            if not multiprocessing.active_children():
                break
            time.sleep(0.1)
        load1 = os.getloadavg()
        argv = self.args.argv
        lines = [f"part: {self.part}",
                 "command: python experiments/general_eval.py "
                 + " ".join(shlex.quote(a) for a in argv),
                 f"policy: {rel(self.args.policy)}",
                 f"started: {self.started}",
                 f"machine: {platform.processor() or platform.machine()}, "
                 f"{os.cpu_count()} CPUs, Python {platform.python_version()}, "
                 f"{self.args.processes} worker processes",
                 "load average (1, 5, 15 min) before: "
                 + ", ".join(f"{x:.2f}" for x in self.load0)
                 + "; after: " + ", ".join(f"{x:.2f}" for x in load1),
                 f"wall_s: {time.time() - self.t0:.1f}",
                 f"cpu_s: {cpu_now() - self.cpu0:.1f} (this process and its workers)", ""]
        path = self.args.out / f"record-{self.part}.txt"
        path.write_text("\n".join(lines + self.notes) + "\n", encoding="utf-8")
        print(f"[{self.part}] wrote {rel(path)} ({time.time() - self.t0:.0f} s)", flush=True)


def write_csv(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    cols: list[str] = []
    for r in rows:
        cols += [k for k in r if k not in cols]
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=cols, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def read_csv(path: Path, part: str) -> list[dict]:
    if not path.is_file():
        raise Fail(f"{rel(path)} not found: run --part {part} first (with the same --out)")
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


# --- boards -----------------------------------------------------------------------------

def policy_meta(policy: Path) -> dict:
    from sim.learn.bot import is_policy_dir

    if not is_policy_dir(policy):
        raise Fail(f"--policy {policy}: not a policy directory (no policy.npz and "
                   f"policy.json; `domsim train --out DIR` makes one)")
    return json.loads((policy / "policy.json").read_text(encoding="utf-8"))


def training_boards(policy: Path) -> set[tuple[frozenset, frozenset]]:
    """(kingdom, Events) of every board the policy trained on, and of its evaluation
    boards during training (sim.learn.train.draw_board, from policy.json)."""
    from sim.learn.train import TrainConfig, draw_board

    m = policy_meta(policy)
    if not m.get("general"):
        where = m.get("kingdom")
        where = ", ".join(where) if isinstance(where, list) else where
        raise Fail(f"--policy {policy}: not a general policy (trained on {where}, not on "
                   f"random boards)")
    cfg = TrainConfig(kingdom=m["kingdom"], events=tuple(m.get("events", ())),
                      players=int(m["players"]), seed=int(m["seed"]),
                      boards=int(m["boards"]), board_iterations=int(m["board_iterations"]))
    draws = int(m["iterations"]) // cfg.board_iterations + 1
    out = set()
    for i in range(draws * cfg.boards):
        gc = draw_board(cfg, i)
        out.add((frozenset(gc.kingdom), frozenset(gc.events)))
    for j in range(min(4, cfg.boards)):
        gc = draw_board(cfg, j, evaluation=True)
        out.add((frozenset(gc.kingdom), frozenset(gc.events)))
    return out


def part_boards(args) -> None:
    from sim.cards import CARDS
    from sim.engine.config import resolve_table

    rec = Record("boards", args)
    trained = training_boards(args.policy)
    trained_kingdoms = {k for k, _ in trained}
    rows, skipped, same_kingdom = [], [], []
    j = 0
    while len(rows) < N_BOARDS:
        seed = BOARD_SEED + j
        j += 1
        kingdom, events = resolve_table("random:all", "random", seed)
        if (frozenset(kingdom), frozenset(events)) in trained:
            skipped.append(seed)
            continue
        if frozenset(kingdom) in trained_kingdoms:
            same_kingdom.append(seed)
        rows.append({"board": len(rows) + 1,
                     "kingdom": ";".join(CARDS[c].name for c in kingdom),
                     "events": ";".join(CARDS[e].name for e in events), "seed": seed})
    write_csv(args.out / "boards.csv", rows)
    rec.note(f"{len(rows)} boards from seeds {BOARD_SEED}..{BOARD_SEED + j - 1} "
             f"(resolve_table('random:all', 'random', seed)); checked against "
             f"{len(trained)} training and training-evaluation boards of the policy: "
             f"{len(skipped)} skipped as equal to one ({skipped or 'none'}); "
             f"{len(same_kingdom)} share a kingdom (other Events) with one "
             f"({same_kingdom or 'none'})")
    n_events = [len([e for e in r["events"].split(";") if e]) for r in rows]
    rec.note(f"Events per board: {', '.join(f'{k}: {n_events.count(k)}' for k in (0, 1, 2))}")
    rec.write()


def boards_of(args) -> list[dict]:
    rows = read_csv(args.out / "boards.csv", "boards")
    for r in rows:
        r["board"] = int(r["board"])
        r["kingdom_list"] = [c for c in r["kingdom"].split(";") if c]
        r["events_list"] = [e for e in r["events"].split(";") if e]
    return rows[:args.first] if args.first else rows


def key(board: int) -> str:
    return f"board-{board:02d}"


def register(b: dict, opponent: str) -> str:
    """The board as an entry of experiments/learn.py's BOARDS (its evaluate and buys read
    the table from there)."""
    k = key(b["board"])
    learn().BOARDS[k] = {"kingdom": ",".join(b["kingdom_list"]),
                         "events": ",".join(b["events_list"]), "eval": (opponent,)}
    return k


# --- best -------------------------------------------------------------------------------

def candidates(b: dict) -> list[str]:
    from bots import resolve_bot
    from sim.env.agent import is_agent_bot
    from sim.optimize.report import Board, library_field

    field = library_field(Board(key(b["board"]), tuple(b["kingdom_list"]),
                                tuple(b["events_list"])))
    return [n for n in field if not is_agent_bot(resolve_bot(n))]


def part_best(args) -> None:
    import numpy as np

    from sim.runner import Match, Tournament

    rec = Record("best", args)
    rows, all_rows = [], []
    boards = boards_of(args)
    for i, b in enumerate(boards):
        t0 = time.time()
        cands = candidates(b)
        kw = {"kingdom": b["kingdom_list"], "events": b["events_list"] or None,
              "seats": "rotate"}
        if len(cands) > args.max_candidates:
            # keep those with the best mean share against big-money and bmu
            score = {}
            for c in cands:
                score[c] = np.mean([Match(c, o, games=args.pair_games, seed=args.seed, **kw)
                                    .play(processes=args.processes, progress=False)
                                    .summary().loc[c, "win_rate"]
                                    for o in ("big-money", "bmu") if o != c] or [0.5])
            kept = sorted(cands, key=lambda c: -score[c])[:args.max_candidates]
            rec.note(f"{key(b['board'])}: {len(cands)} candidates, kept the "
                     f"{args.max_candidates} best against big-money and bmu; dropped "
                     f"{', '.join(c for c in cands if c not in kept)}")
            cands = [c for c in cands if c in kept]
        res = Tournament(cands, games=args.pair_games, seed=args.seed, **kw).play(
            processes=args.processes, progress=False)
        m = res.matrix()
        share = {str(c): float(np.nanmean([m.loc[c, o] for o in m.columns if o != c]))
                 for c in m.index}
        worst = {str(c): float(np.nanmin([m.loc[c, o] for o in m.columns if o != c]))
                 for c in m.index}
        s = res.summary()
        ranked = sorted(share, key=lambda c: (-share[c], cands.index(c)))
        best = ranked[0]
        for c in ranked:
            all_rows.append({"board": b["board"], "bot": c, "mean_win_share": round(share[c], 4),
                             "worst_pair_share": round(worst[c], 4),
                             "games": int(s.loc[c, "games"])})
        rows.append({"board": b["board"], "best": best, "mean_win_share": round(share[best], 4),
                     "ci_low": round(float(s.loc[best, "ci_low"]), 4),
                     "ci_high": round(float(s.loc[best, "ci_high"]), 4),
                     "runner_up": ranked[1] if len(ranked) > 1 else "",
                     "runner_up_share": round(share[ranked[1]], 4) if len(ranked) > 1 else "",
                     "n_candidates": len(cands), "games_per_pair": args.pair_games,
                     "candidates": ";".join(cands), "wall_s": round(time.time() - t0, 1)})
        print(f"[best {i + 1}/{len(boards)}] {key(b['board'])}: {best} "
              f"{share[best]:.1%} mean share over {len(cands) - 1} opponents "
              f"({len(cands)} candidates, {time.time() - t0:.1f} s)", flush=True)
    write_csv(args.out / "best.csv", rows)
    write_csv(args.out / "best_all.csv", all_rows)
    n = [r["n_candidates"] for r in rows]
    rec.note(f"{len(rows)} boards; candidates per board {min(n)}-{max(n)} "
             f"(cap {args.max_candidates}: "
             f"{'never reached' if max(n) <= args.max_candidates else 'see above'}); "
             f"round robin {args.pair_games} games a pair, seats alternated, seed {args.seed}")
    from collections import Counter

    rec.note("best bots: " + ", ".join(f"{b} ({k})" for b, k in
                                        Counter(r["best"] for r in rows).most_common()))
    rec.write()


# --- eval -------------------------------------------------------------------------------

def opponent_buys(policy: Path, board: str, opponent: str, games: int) -> list[dict]:
    """The opponent's buys in games against the policy (the policy at seat 0, as
    experiments/learn.py's buys seats it): the same columns as those buys."""
    from sim.env import Game
    from sim.learn import PolicyBot

    bot = PolicyBot(policy)
    b = learn().BOARDS[board]
    events = tuple(e for e in b["events"].split(",") if e)
    game = Game(kingdom=b["kingdom"], events=events, players=2, bots=[bot.fallback, opponent],
                agents=[0, 1], decisions=bot.decisions)

    def act(state) -> int:
        return bot.act(state) if state.current_player() == 0 else state.bot_action()

    return learn().buy_rows(game, act, 1, games, {"board": board, "player": opponent,
                                                   "opponent": "policy"})


def boards_above(rows: list[dict]) -> tuple[int, float]:
    """(boards whose 95% interval lies above 50%, mean win rate) of per-board rows."""
    return sum(r["ci_low"] > 0.5 for r in rows), sum(r["win_rate"] for r in rows) / len(rows)


def interval(r: dict) -> str:
    """``55.2%  [53.0%, 57.4%]``: a row's win rate and 95% interval."""
    return f"{r['win_rate']:6.1%}  [{r['ci_low']:.1%}, {r['ci_high']:.1%}]"


def match_row(r: dict, board) -> dict:
    return {"board": board, "opponent": r["opponent"], "games": r["games"],
            "win_rate": r["win_rate"], "ci_low": r["ci_low"], "ci_high": r["ci_high"],
            "win_rate_seat0": r["win_rate_seat0"], "win_rate_seat1": r["win_rate_seat1"],
            "wall_s": r["wall_s"], "main_cpu_s": r["main_cpu_s"], "load": r["load_avg"][0]}


def part_eval(args) -> None:
    rec = Record("eval", args)
    policy_meta(args.policy)
    best = {int(r["board"]): r["best"] for r in read_csv(args.out / "best.csv", "best")}
    rows = []
    boards = boards_of(args)
    for i, b in enumerate(boards):
        if b["board"] not in best:
            raise Fail(f"best.csv has no board {b['board']}: run --part best again")
        k = register(b, best[b["board"]])
        print(f"[eval {i + 1}/{len(boards)}] ", end="", flush=True)
        r = learn().evaluate(args.policy, k, args.games, args.seed, args.processes)[0]
        rows.append(match_row(r, b["board"]))
    write_csv(args.out / "eval.csv", rows)
    above, mean = boards_above(rows)
    rec.note(f"SUMMARY: the policy's interval lies above 50% on {above} of {len(rows)} "
             f"boards (goal: at least 27 of 30); mean win rate {mean:.1%}; "
             f"{args.games} games a board, seed {args.seed}")
    rec.note("board  opponent                 win     95% interval")
    for r in rows:
        rec.note(f"{r['board']:>5}  {r['opponent']:<22} {interval(r)}"
                 f"{'' if r['ci_low'] > 0.5 else '   not above 50%'}")
    lost = [r for r in rows if r["ci_low"] <= 0.5]
    for j, r in enumerate(lost):
        t0 = time.time()
        k = key(r["board"])
        buy_rows = learn().buys(args.policy, k, args.buy_games)
        buy_rows += opponent_buys(args.policy, k, r["opponent"], args.buy_games)
        write_csv(args.out / "losses" / f"{k}.csv", buy_rows)
        print(f"[losses {j + 1}/{len(lost)}] {k}: buys of {args.buy_games} games "
              f"({time.time() - t0:.0f} s)", flush=True)
    if lost:
        rec.note(f"buys on the {len(lost)} boards not above 50%: losses/board-NN.csv "
                 f"({args.buy_games} games each; player 'policy', its fallback in the same "
                 f"seat, and the best bot against the policy)")
    rec.write()


def part_firstgame(args) -> None:
    rec = Record("firstgame", args)
    policy_meta(args.policy)
    if not (args.first_game / "policy.json").is_file():
        raise Fail(f"--first-game {args.first_game}: not a policy directory")
    r = learn().evaluate(args.policy, "first-game", args.games, args.seed, args.processes,
                         (str(args.first_game),))[0]
    row = match_row(r, "first-game")
    row["opponent"] = rel(args.first_game)
    write_csv(args.out / "firstgame.csv", [row])
    rec.note(f"SUMMARY: First Game, the general policy against the First Game specialist "
             f"({rel(args.first_game)}): {row['win_rate']:.1%} [{row['ci_low']:.1%}, "
             f"{row['ci_high']:.1%}] of {row['games']} games (goal: at least 45%)")
    rec.write()


# --- found ------------------------------------------------------------------------------

def part_found(args) -> None:
    from sim.optimize.report import Board, board_report

    rec = Record("found", args)
    policy_meta(args.policy)
    boards = boards_of(args)
    all_boards = [Board(key(b["board"]), tuple(b["kingdom_list"]), tuple(b["events_list"]))
                  for b in boards]
    folder = args.out / "found"
    folder.mkdir(parents=True, exist_ok=True)
    t0 = time.time()

    quiet: set[str] = set()             # boards already reported (each call repeats them)

    def say(msg: str) -> None:
        if " rung " not in msg and msg.split(" ")[0].rstrip(":") not in quiet:
            print(f"[found {time.strftime('%H:%M:%S')}] {msg}", flush=True)

    done = 0
    res = None
    for n in range(1, len(all_boards) + 1):
        finished = (folder / all_boards[n - 1].name / "best.toml").is_file()
        if not finished and time.time() - t0 > args.found_minutes * 60:
            break
        res = board_report(folder, all_boards[:n], budget=args.budget, seed=args.seed,
                           processes=args.processes, progress=say,
                           time_limit_s=args.found_time_limit, first_deals=200,
                           command="python experiments/general_eval.py --part found "
                                   f"--budget {args.budget}", chart=False)
        done = n
        quiet.add(all_boards[n - 1].name)
    if res is None:
        raise Fail("no board searched (--found-minutes 0?)")
    from experiments.optimize_engines import gzip_trace

    for r in res.rows:
        trace = folder / r["board"] / "best.trace.json"
        if trace.is_file():
            gzip_trace(trace)
    search_s = round(time.time() - t0, 1)
    rec.note(f"searched {done} of {len(all_boards)} boards ({args.budget:,} games a board, "
             f"at most {args.found_time_limit:g} s a board's search, boards in order until "
             f"{args.found_minutes:g} minutes were spent): {search_s} s")
    rows = []
    for i, r in enumerate(res.rows):
        b = boards[i]
        toml = folder / r["board"] / "best.toml"
        k = register(b, str(toml))
        print(f"[found-eval {i + 1}/{len(res.rows)}] ", end="", flush=True)
        e = learn().evaluate(args.policy, k, args.games, args.seed, args.processes,
                             (str(toml),))[0]
        row = match_row(e, b["board"])
        row["opponent"] = rel(toml)
        row["found_games"] = r["games"]
        row["found_field_win_rate"] = r["field_win_rate"]
        rows.append(row)
    write_csv(args.out / "found.csv", rows)
    above, mean = boards_above(rows)
    rec.note(f"SUMMARY: against the found bots the policy's interval lies above 50% on "
             f"{above} of {len(rows)} boards; mean win rate {mean:.1%} ({args.games} games "
             f"a board)")
    for r in rows:
        rec.note(f"{r['board']:>5}  {interval(r)}  (found bot's field win rate "
                 f"{float(r['found_field_win_rate']):.1%})")
    rec.write()


# --- search -----------------------------------------------------------------------------

def part_search(args) -> None:
    from sim.env.mcts import MCTSBot
    from sim.runner import Match

    rec = Record("search", args)
    policy_meta(args.policy)
    tables = [("first-game", "first-game", None)]
    for b in boards_of(args)[:SEARCH_BOARDS]:
        tables.append((b["board"], b["kingdom_list"], b["events_list"] or None))
    rows = []
    for i, (board, kingdom, events) in enumerate(tables):
        # (built directly: a spec naming time_ms makes a bot name with "_", refused)
        policy_side = MCTSBot("mcts-policy-playouts", playout=str(args.policy),
                              time_ms=args.time_ms)
        default_side = MCTSBot("mcts-default-playouts", time_ms=args.time_ms)
        t0 = time.time()
        res = Match(policy_side, default_side, games=args.search_games, seed=args.seed,
                    kingdom=kingdom, events=events, seats="rotate",
                    chunk_size=2).play(                 # a deal a chunk: both workers busy
            processes=args.processes, progress=False)
        s = res.summary().loc[policy_side.name]
        rows.append({"board": board, "policy_side": f"mcts:playout=<policy>,time_ms="
                     f"{args.time_ms:g}", "opponent": f"mcts:time_ms={args.time_ms:g}",
                     "games": int(s["games"]), "win_rate": round(float(s["win_rate"]), 4),
                     "ci_low": round(float(s["ci_low"]), 4),
                     "ci_high": round(float(s["ci_high"]), 4),
                     "wall_s": round(time.time() - t0, 1),
                     "load": round(os.getloadavg()[0], 2)})
        r = rows[-1]
        print(f"[search {i + 1}/{len(tables)}] {board}: policy playouts {r['win_rate']:.1%} "
              f"[{r['ci_low']:.1%}, {r['ci_high']:.1%}] of {r['games']} ({r['wall_s']:.0f} s)",
              flush=True)
    write_csv(args.out / "search.csv", rows)
    wins = sum(r["win_rate"] * r["games"] for r in rows)
    games = sum(r["games"] for r in rows)
    from sim.analysis.results import wilson

    lo, hi = wilson(wins, games)
    rec.note(f"SUMMARY: the search with the policy's playouts against the default search, "
             f"{args.time_ms:g} ms a searched decision: {wins / games:.1%} "
             f"[{float(lo):.1%}, {float(hi):.1%}] of {games} games over {len(rows)} tables")
    for r in rows:
        rec.note(f"{r['board']!s:>10}  {r['win_rate']:6.1%}  [{r['ci_low']:.1%}, "
                 f"{r['ci_high']:.1%}] of {r['games']}")
    rec.write()


def main(argv: list[str] | None = None) -> int:
    p = Parser(prog="general_eval.py", description=__doc__.splitlines()[0])
    p.add_argument("--part", action="append", choices=PARTS, default=None,
                   help="boards, best, eval, firstgame (default: these four), found, search")
    p.add_argument("--policy", type=Path, default=POLICY, help="the general policy's folder")
    p.add_argument("--out", type=Path, default=None,
                   help="results folder (default: the policy's eval/)")
    p.add_argument("--games", type=int, default=2000, help="games a board (eval, firstgame, "
                   "found)")
    p.add_argument("--pair-games", type=int, default=400, help="best: games a pair")
    p.add_argument("--max-candidates", type=int, default=16)
    p.add_argument("--buy-games", type=int, default=500, help="eval: games of a losses table")
    p.add_argument("--seed", type=int, default=2029, help="the matches' seed")
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--first", type=int, default=None, help="only the first K boards (checks)")
    p.add_argument("--first-game", type=Path, default=FIRST_GAME,
                   help="firstgame: the First Game specialist's folder")
    p.add_argument("--budget", type=int, default=2_000_000, help="found: games a board")
    p.add_argument("--found-minutes", type=float, default=15.0,
                   help="found: start no board's search after this many minutes")
    p.add_argument("--found-time-limit", type=float, default=360.0,
                   help="found: seconds after which a board's search starts no generation")
    p.add_argument("--search-games", type=int, default=40)
    p.add_argument("--time-ms", type=float, default=10.0, help="search: ms a decision")
    args = p.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    for name in ("games", "pair_games", "max_candidates", "buy_games", "processes", "budget",
                 "search_games"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1, not {getattr(args, name)}")
    if args.first is not None and not 1 <= args.first <= N_BOARDS:
        p.error(f"--first must be 1..{N_BOARDS}, not {args.first}")
    if args.time_ms <= 0:
        p.error(f"--time-ms must be positive, not {args.time_ms:g}")
    args.policy = args.policy.resolve()
    args.first_game = args.first_game.resolve()
    args.out = (args.out or args.policy / "eval").resolve()
    parts = args.part or ["boards", "best", "eval", "firstgame"]
    try:
        policy_meta(args.policy)
        args.out.mkdir(parents=True, exist_ok=True)
        for part in dict.fromkeys(parts):
            globals()[f"part_{part}"](args)
    except Fail as e:
        p.exit(1, f"{p.prog}: error: {e}\n")
    except OSError as e:
        p.exit(1, f"{p.prog}: error: {e.filename or ''}: {e.strerror or e}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
