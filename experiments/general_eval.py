"""The general policy on boards it never trained on (issue 38, items 3 and 4; issue 49,
item 1: measured against the whole field, not one bot).

    python experiments/general_eval.py --part boards --part best --part eval --part firstgame
    python experiments/general_eval.py --part found --budget 2000000 --found-minutes 15
    python experiments/general_eval.py --part search --search-games 40 --time-ms 10
    python experiments/general_eval.py --boards 60 --part boards --part best --part field
    python experiments/general_eval.py --boards 60 --pool random:all --out DIR \\
        --part boards --part best --part field            # boards with Intrigue's cards
    python experiments/general_eval.py --quick --out /tmp/geval \\
        --part boards --part best --part field                      # a check in seconds

The policy is ``--policy`` (default experiments/results/learn/general, a policy directory
of ``domsim train --kingdom random:all --events random``); everything is written to
``--out`` (default its eval/ folder).  2 players throughout; every match plays each deal
twice, once with each bot first (``seats="rotate"``); win shares count a shared win as
1/k; intervals are Wilson 95%; seeds are fixed, so a rerun plays the same games (except
``search``, whose budget is time).  Parts, each writing its own files and a text record
``record-<part>.txt`` (the command, the machine, its load average before and after, wall
and CPU seconds):

* ``boards``: ``--boards`` (30) boards (10 kingdom cards of base + Adventures, 0-2
  Events), drawn as ``domsim match --kingdom random:base,adventures --events random --seed
  S`` draws them (``resolve_table``) with S = 20_261_204 + j, j = 0, 1, ... (a stream the
  training never used), skipping any board equal to one the policy trained or was
  evaluated on during training (its ``draw_board`` boards, rebuilt from policy.json):
  ``boards.csv`` (board, kingdom, events, seed).  Rerunning reproduces it exactly.
  ``--boards 60`` continues the stream to 60 boards (issue 49): boards 1-30 stay issue
  38's, 31-60 are new, by the same rule.  Every part reads the first ``--boards`` rows,
  and a longer boards.csv is drawn again whole, never cut, so a default run keeps boards
  31-60.  ``--pool random:all`` draws from every set's kingdom cards (Intrigue's too)
  by the same seeds (other boards: give another ``--out``); a policy recorded as trained
  on "random:all" with a card table that lacked Intrigue (domsim 0.11's general) trained
  on the base game and Adventures, and its training boards are rebuilt so.
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
* ``field`` (issue 49): a round robin's best bot is not the bot that exploits a policy
  (the field is not transitive), so on each board the policy plays every library bot
  that can play it (``best``'s candidates, all of them: no cap) and optimize's found bot
  where part ``found`` left one (found/board-NN/best.toml), ``--field-games`` (400)
  games a pairing: ``field.csv`` (board, opponent, kind: library or found, games,
  win_rate, ci_low, ci_high, seat win rates, wall_s, main_cpu_s, load) and
  ``field_summary.csv`` (per board: library bots beaten, every one beaten, the weakest
  pairing, the median library bot, the found bot's and the best bot's pairings).  The
  headline counts the boards where every opponent is beaten (interval above 50%),
  beside the boards where the best bot is beaten in the same games and in eval.csv;
  the record lists the library bots the policy does not beat.
* ``firstgame``: the policy against the First Game specialist
  (experiments/results/learn/first-game, trained on First Game only; goal: 45%),
  smithy-bm (goal: 50%) and first-game-optimized, ``--games`` games each:
  ``firstgame.csv``.
* ``found``: on each board, ``domsim optimize``'s search (``sim.optimize.report
  .board_report``, as experiments/optimize_boards.py runs it: ``--budget`` games a board
  against the board's library field, 200 first-rung deals, 6 minutes at most a board),
  boards in order until ``--found-minutes`` of searching are spent; then the policy
  against each found bot, ``--games`` games: ``found/`` (the searches and their report)
  and ``found.csv``.  Rerunning continues (finished searches are not played again)
  where the searches' state folders (best.search/, not committed) are at hand; without
  them the part stops with a one-line error.
* ``search``: the search bot with the policy's playouts (``mcts:playout=<policy>``,
  sim.env.mcts) against the default search (``mcts``), both ``--time-ms`` milliseconds a
  searched decision, ``--search-games`` games on First Game and on boards 1-10:
  ``search.csv``.  The budget is time, so a rerun plays other games.

``--quick`` checks the machinery in seconds (tests/test_general_eval.py): the first 2
boards and 10 games wherever no games flag is given (found's ``--budget`` excepted);
it needs ``--out``, so its figures never replace the results.
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
PARTS = ("boards", "best", "eval", "firstgame", "field", "found", "search")
#: The parts a run without --part plays.
DEFAULT_PARTS = ("boards", "best", "eval", "firstgame", "field")
#: Boards by default: the first 30 of the stream (issue 38's); --boards 60 adds 31-60.
N_BOARDS = 30
#: Games a pairing (or a board) under --quick: enough to exercise every step, no figure.
QUICK_GAMES = 10
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


def field_found_rows(eval_dir: Path) -> list[dict]:
    """field.csv's rows of the found bots (--part field plays each board's found bot
    beside its library bots, 400 games a pairing)."""
    return [r for r in read_csv(eval_dir / "field.csv", "field") if r["kind"] == "found"]


# --- boards -----------------------------------------------------------------------------

def policy_meta(policy: Path) -> dict:
    from sim.learn.bot import is_policy_dir

    if not is_policy_dir(policy):
        raise Fail(f"--policy {policy}: not a policy directory (no policy.npz and "
                   f"policy.json; `domsim train --out DIR` makes one)")
    return json.loads((policy / "policy.json").read_text(encoding="utf-8"))


# The kingdom pool of general's boards: every kingdom card when it was trained, the base
# game's and Adventures' ("random:all" before Intrigue joined the table; the same cards in
# the same order, so the same seeds draw the same boards).  ``--pool random:all`` draws
# boards of every set (with Intrigue's cards) into another --out.
POOL = "random:base,adventures"


def _pool_of(meta: dict) -> str | list:
    """A policy's recorded training kingdom; "random:all" as it was when the policy was
    made: the base game and Adventures for a policy whose card table (policy.json's
    record, sim.engine.fingerprint; none: domsim 0.11's) lacks Intrigue's cards."""
    from sim.engine import fingerprint

    kingdom = meta["kingdom"]
    if kingdom != "random:all":
        return kingdom
    rec = meta.get(fingerprint.KEY)
    rec = fingerprint.legacy() if rec is None else fingerprint.read_record(rec)
    made_with = {entry[0] for entry in rec["cards"]}
    current = {entry[0] for entry in fingerprint.record()["cards"]}
    return kingdom if current <= made_with else POOL


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
    cfg = TrainConfig(kingdom=_pool_of(m), events=tuple(m.get("events", ())),
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
    # A longer boards.csv is drawn again whole, not cut to --boards: the parts read its
    # first --boards rows, and a default run must not drop boards 31-60 another made.
    path = args.out / "boards.csv"
    before = read_csv(path, "boards") if path.is_file() else []
    n = max(args.boards, len(before))
    rows, skipped, same_kingdom = [], [], []
    j = 0
    while len(rows) < n:
        seed = BOARD_SEED + j
        j += 1
        kingdom, events = resolve_table(args.pool, "random", seed)
        if (frozenset(kingdom), frozenset(events)) in trained:
            skipped.append(seed)
            continue
        if frozenset(kingdom) in trained_kingdoms:
            same_kingdom.append(seed)
        rows.append({"board": len(rows) + 1,
                     "kingdom": ";".join(CARDS[c].name for c in kingdom),
                     "events": ";".join(CARDS[e].name for e in events), "seed": seed})
    if before and [{k: str(v) for k, v in r.items()} for r in rows[:len(before)]] != before:
        rec.note(f"{rel(path)} was not this draw's: rewritten")
    elif len(before) > args.boards:
        rec.note(f"{rel(path)} had {len(before)} boards: kept all, the same draw")
    write_csv(path, rows)
    rec.note(f"{len(rows)} boards from seeds {BOARD_SEED}..{BOARD_SEED + j - 1} "
             f"(resolve_table({args.pool!r}, 'random', seed)); checked against "
             f"{len(trained)} training and training-evaluation boards of the policy: "
             f"{len(skipped)} skipped as equal to one ({skipped or 'none'}); "
             f"{len(same_kingdom)} share a kingdom (other Events) with one "
             f"({same_kingdom or 'none'})")
    n_events = [len([e for e in r["events"].split(";") if e]) for r in rows]
    rec.note(f"Events per board: {', '.join(f'{k}: {n_events.count(k)}' for k in (0, 1, 2))}")
    rec.write()


def boards_of(args) -> list[dict]:
    """The first ``--boards`` boards of boards.csv (then the first ``--first``): a file
    drawn with more boards serves a run with fewer, and its first 30 are always the
    same 30 (the stream is fixed), so parts run with different --boards agree."""
    rows = read_csv(args.out / "boards.csv", "boards")
    if len(rows) < args.boards:
        raise Fail(f"{rel(args.out / 'boards.csv')} has {len(rows)} boards, not "
                   f"{args.boards}: run --part boards --boards {args.boards} first")
    rows = rows[:args.boards]
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


def per_block(rows: list[dict]) -> str:
    """`` (boards 1-30: 29 of 30; boards 31-60: 27 of 30)`` for per-board rows beyond
    board 30, else "": the goals are stated on the first 30 boards."""
    last = max(int(r["board"]) for r in rows)
    if last <= N_BOARDS:
        return ""
    parts = []
    for lo in range(1, last + 1, N_BOARDS):
        rs = [r for r in rows if lo <= int(r["board"]) < lo + N_BOARDS]
        parts.append(f"boards {lo}-{lo + N_BOARDS - 1}: {boards_above(rs)[0]} of {len(rs)}")
    return " (" + "; ".join(parts) + ")"


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
             f"boards{per_block(rows)}; goal: at least 27 of 30; mean win rate {mean:.1%}; "
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


#: First Game's opponents besides the specialist, each with the issue's goal (issue 49
#: item 2: the library's First Game bots).
FIRST_GAME_BOTS = (("smithy-bm", 0.50), ("first-game-optimized", None))


def part_firstgame(args) -> None:
    rec = Record("firstgame", args)
    policy_meta(args.policy)
    if not (args.first_game / "policy.json").is_file():
        raise Fail(f"--first-game {args.first_game}: not a policy directory")
    opponents = [(str(args.first_game), 0.45)] + list(FIRST_GAME_BOTS)
    results = learn().evaluate(args.policy, "first-game", args.games, args.seed,
                               args.processes, tuple(o for o, _ in opponents))
    rows = []
    for (opponent, goal), r in zip(opponents, results, strict=True):
        row = match_row(r, "first-game")
        row["opponent"] = rel(args.first_game) if opponent == str(args.first_game) \
            else opponent
        rows.append(row)
        what = "the First Game specialist " if opponent == str(args.first_game) else ""
        rec.note(f"SUMMARY: First Game, the general policy against {what}{row['opponent']}: "
                 f"{row['win_rate']:.1%} [{row['ci_low']:.1%}, {row['ci_high']:.1%}] of "
                 f"{row['games']} games" + (f" (goal: at least {goal:.0%})" if goal else ""))
    write_csv(args.out / "firstgame.csv", rows)
    rec.write()


# --- field ------------------------------------------------------------------------------

def found_toml(args, board: int) -> Path | None:
    """optimize's found bot of a board (part found's found/board-NN/best.toml), if any."""
    toml = args.out / "found" / key(board) / "best.toml"
    return toml if toml.is_file() else None


def is_beaten(r: dict) -> bool:
    """The policy beats the opponent of row ``r``: its 95% interval lies above 50%."""
    return float(r["ci_low"]) > 0.5


def field_summary(rows: list[dict], best: dict[int, str] | None = None) -> list[dict]:
    """Per board, from field.csv's rows (the policy against each opponent, ``kind``
    "library" or "found"): how many library bots it beats and whether it beats them all
    and the found bot; the weakest pairing (the lowest win rate) over every opponent and
    over the library bots; the median over the library bots (``median_opponent`` is the
    lower middle one, a bot the policy met); and the pairing with the board's round-robin
    best bot (``best``, board -> name), the bot the eval part plays: the old headline's
    opponent in the same games, so the two headlines compare like for like."""
    import statistics

    boards: dict[int, list[dict]] = {}
    for r in rows:
        boards.setdefault(int(r["board"]), []).append(r)
    out = []
    for board, rs in boards.items():
        lib = [r for r in rs if r["kind"] == "library"]
        found = [r for r in rs if r["kind"] == "found"]
        rate = {id(r): float(r["win_rate"]) for r in rs}
        weakest = min(rs, key=lambda r: rate[id(r)])
        weakest_lib = min(lib, key=lambda r: rate[id(r)])
        ranked = sorted(lib, key=lambda r: rate[id(r)])
        row = {"board": board, "library_bots": len(lib),
               "library_beaten": sum(map(is_beaten, lib)),
               "every_library_beaten": all(map(is_beaten, lib)),
               "found": bool(found),
               "every_beaten": all(map(is_beaten, rs))}
        for name, r in (("weakest", weakest), ("weakest_library", weakest_lib)):
            row[name] = r["opponent"]
            for c in ("win_rate", "ci_low", "ci_high"):
                row[f"{name}_{c}"] = float(r[c])
        row["median_win_rate"] = round(statistics.median(rate[id(r)] for r in lib), 4)
        row["median_opponent"] = ranked[(len(ranked) - 1) // 2]["opponent"]
        row["median_opponent_win_rate"] = rate[id(ranked[(len(ranked) - 1) // 2])]
        best_name = (best or {}).get(board, "")
        best_row = next((r for r in lib if r["opponent"] == best_name), None)
        for name, r in (("found", found[0] if found else None), ("best", best_row)):
            if name == "best":
                row["best"] = best_name if best_row else ""
            for c in ("win_rate", "ci_low", "ci_high"):       # blank: no such opponent
                row[f"{name}_{c}"] = float(r[c]) if r else ""
            row[f"{name}_beaten"] = is_beaten(r) if r else ""
        out.append(row)
    return out


def field_headline(summary: list[dict], block: int = N_BOARDS) -> dict:
    """The counts the record's SUMMARY line states, over all boards and per block of
    ``block`` boards (1-30 are issue 38's boards, 31-60 the ones drawn for issue 49):
    boards, boards where every opponent / every library bot / the best bot is beaten,
    boards with a found bot and where it is beaten."""
    def counts(rows: list[dict]) -> dict:
        return {"boards": len(rows),
                "every_beaten": sum(r["every_beaten"] for r in rows),
                "every_library_beaten": sum(r["every_library_beaten"] for r in rows),
                "with_found": sum(r["found"] for r in rows),
                "found_beaten": sum(r["found_beaten"] is True for r in rows),
                "with_best": sum(r["best"] != "" for r in rows),
                "best_beaten": sum(r["best_beaten"] is True for r in rows)}

    out = counts(summary)
    if summary and max(r["board"] for r in summary) > block:
        out["blocks"] = {}
        for lo in range(1, max(r["board"] for r in summary) + 1, block):
            rs = [r for r in summary if lo <= r["board"] < lo + block]
            if rs:
                out["blocks"][f"{lo}-{lo + block - 1}"] = counts(rs)
    return out


def of(h: dict, name: str) -> str:
    """``"21 of 60 boards (boards 1-30: 9 of 30; boards 31-60: 12 of 30)"``: a headline
    count, per block too."""
    text = f"{h[name]} of {h['boards']} boards"
    if h.get("blocks"):
        text += " (" + "; ".join(f"boards {k}: {c[name]} of {c['boards']}"
                                 for k, c in h["blocks"].items()) + ")"
    return text


def part_field(args) -> None:
    from collections import Counter

    rec = Record("field", args)
    policy_meta(args.policy)
    best_path = args.out / "best.csv"
    best_rows = {int(r["board"]): r for r in read_csv(best_path, "best")} \
        if best_path.is_file() else {}
    rows = []
    boards = boards_of(args)
    changed = []
    for i, b in enumerate(boards):
        t0 = time.time()
        opponents = candidates(b)
        old = best_rows.get(b["board"])
        if old and old["candidates"].split(";") != opponents:
            changed.append(b["board"])
        toml = found_toml(args, b["board"])
        k = register(b, opponents[0])
        print(f"[field {i + 1}/{len(boards)}] {k}: {len(opponents)} library bots"
              f"{' and the found bot' if toml else ''}", flush=True)
        played = learn().evaluate(args.policy, k, args.field_games, args.seed,
                                  args.processes,
                                  tuple(opponents) + ((str(toml),) if toml else ()))
        for e in played:
            row = match_row(e, b["board"])
            kind = "found" if toml and e["opponent"] == str(toml) else "library"
            if kind == "found":
                row["opponent"] = rel(toml)
            rows.append({"board": row.pop("board"), "opponent": row.pop("opponent"),
                         "kind": kind, **row})
        print(f"[field {i + 1}/{len(boards)}] {k}: {time.time() - t0:.1f} s", flush=True)
    write_csv(args.out / "field.csv", rows)
    best = {b: r["best"] for b, r in best_rows.items()}
    summary = field_summary(rows, best)
    write_csv(args.out / "field_summary.csv", summary)
    h = field_headline(summary)
    n_opp = [r["library_bots"] for r in summary]
    rec.note(f"SUMMARY: the policy beats every opponent (every library bot that can play "
             f"the board, and optimize's found bot where part found left one; 95% "
             f"interval above 50%) on {of(h, 'every_beaten')}; every library bot "
             f"on {of(h, 'every_library_beaten')}; {args.field_games} games a pairing, "
             f"seats rotated, seed {args.seed}")
    line = (f"the round robin's best bot (best.csv, today's headline opponent) is beaten "
            f"in the same games on {of(h, 'best_beaten')}")
    if h["with_best"] < h["boards"]:
        line += f" ({h['boards'] - h['with_best']} boards have no best bot: run part best)"
    eval_path = args.out / "eval.csv"
    if eval_path.is_file():
        ev = [r for r in read_csv(eval_path, "eval")
              if int(r["board"]) in {b["board"] for b in boards}]
        if ev:
            line += (f"; eval.csv ({ev[0]['games']} games a board): "
                     f"{sum(map(is_beaten, ev))} of {len(ev)}")
    rec.note(line)
    rec.note(f"found bots on {of(h, 'with_found')}, beaten on {h['found_beaten']} "
             f"of those {h['with_found']}; library bots per board {min(n_opp)}-{max(n_opp)} "
             f"(all of them: no cap)")
    if changed:
        rec.note(f"the library field differs from best.csv's candidates on boards "
                 f"{', '.join(map(str, changed))} (bots added or changed since)")
    med = sorted(r["median_win_rate"] for r in summary)
    rec.note(f"against the median library bot of a board: {med[0]:.1%}-{med[-1]:.1%}, "
             f"{sum(m > 0.5 for m in med)} boards above 50%")
    rec.note("")
    rec.note("board  beaten  weakest library bot       win     95% interval      median  "
             "found bot  win     95% interval      best bot")
    for r in summary:
        weakest = {c: r[f"weakest_library_{c}"] for c in ("win_rate", "ci_low", "ci_high")}
        found = ({c: r[f"found_{c}"] for c in ("win_rate", "ci_low", "ci_high")}
                 if r["found"] else None)
        best_txt = f"{r['best']} {r['best_win_rate']:.1%}" if r["best"] else ""
        rec.note(f"{r['board']:>5}  {r['library_beaten']:>2}/{r['library_bots']:<3} "
                 f"{r['weakest_library']:<22.22} {interval(weakest)}  "
                 f"{r['median_win_rate']:6.1%}  "
                 f"{'':<9}{interval(found) if found else '':<27}  {best_txt}"
                 f"{'' if r['every_beaten'] else '   not all beaten'}")
    held = Counter(r["opponent"] for r in rows if r["kind"] == "library" and not is_beaten(r))
    won = Counter(r["opponent"] for r in rows
                  if r["kind"] == "library" and float(r["ci_high"]) < 0.5)
    met = Counter(r["opponent"] for r in rows if r["kind"] == "library")
    rec.note("")
    rec.note("library bots the policy does not beat (interval not above 50%): on how many "
             "of the boards they play, and (in brackets) on how many they beat it "
             "(interval below 50%): "
             + (", ".join(f"{b} {n} of {met[b]} ({won[b]})" for b, n in held.most_common())
                or "none"))
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
    # A finished search continues from its state folder (best.search/, not committed):
    # without it optimize refuses to replace best.toml, so say so before any search.
    stateless = [b.name for b in all_boards if (folder / b.name / "best.toml").is_file()
                 and not (folder / b.name / "best.search").is_dir()]
    if stateless:
        raise Fail(f"{rel(folder)}: a found bot without its search state (best.search/, "
                   f"not committed) on {', '.join(stateless[:3])}"
                   f"{' ...' if len(stateless) > 3 else ''}: part found cannot continue "
                   f"here; part field plays the found bots as they are")
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
             f"{above} of {len(rows)} boards{per_block(rows)}; mean win rate {mean:.1%} "
             f"({args.games} games a board)")
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
                   help="boards, best, eval, firstgame, field (default: these five), found, "
                   "search")
    p.add_argument("--policy", type=Path, default=POLICY, help="the general policy's folder")
    p.add_argument("--out", type=Path, default=None,
                   help="results folder (default: the policy's eval/)")
    p.add_argument("--boards", type=int, default=N_BOARDS,
                   help=f"boards of the stream (default {N_BOARDS}; 60 adds boards 31-60)")
    p.add_argument("--pool", default=POOL,
                   help=f"boards: the kingdom spec the boards are drawn from (default {POOL}, "
                   "the pool general was first trained on; random:all adds Intrigue: give "
                   "another --out)")
    # games: None is the default below, or QUICK_GAMES under --quick
    p.add_argument("--games", type=int, default=None, help="games a board (eval, firstgame, "
                   "found; default 2000)")
    p.add_argument("--pair-games", type=int, default=None,
                   help="best: games a pair (default 400)")
    p.add_argument("--field-games", type=int, default=None,
                   help="field: games a pairing (default 400)")
    p.add_argument("--max-candidates", type=int, default=16)
    p.add_argument("--buy-games", type=int, default=None,
                   help="eval: games of a losses table (default 500)")
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
    p.add_argument("--search-games", type=int, default=None,
                   help="search: games a table (default 40)")
    p.add_argument("--time-ms", type=float, default=10.0, help="search: ms a decision")
    p.add_argument("--quick", action="store_true",
                   help=f"a check in seconds, no figures: the first 2 boards, {QUICK_GAMES} "
                   f"games wherever a games flag is not given; needs --out")
    args = p.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    if args.quick and args.out is None:
        p.error("--quick needs --out (its few games must not replace the results)")
    for name, default in (("games", 2000), ("pair_games", 400), ("field_games", 400),
                          ("buy_games", 500), ("search_games", 40)):
        if getattr(args, name) is None:
            setattr(args, name, QUICK_GAMES if args.quick else default)
    if args.quick and args.first is None:
        args.first = 2
    for name in ("boards", "games", "pair_games", "field_games", "max_candidates",
                 "buy_games", "processes", "budget", "search_games"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1, not {getattr(args, name)}")
    if args.first is not None and not 1 <= args.first <= args.boards:
        p.error(f"--first must be 1..{args.boards} (--boards), not {args.first}")
    if args.time_ms <= 0:
        p.error(f"--time-ms must be positive, not {args.time_ms:g}")
    args.policy = args.policy.resolve()
    args.first_game = args.first_game.resolve()
    args.out = (args.out or args.policy / "eval").resolve()
    parts = args.part or list(DEFAULT_PARTS)
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
