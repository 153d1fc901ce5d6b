"""The search bot's playout bot on new boards: the old fixed ``auto`` against the measured
one (issue 35, item 8b).

    nice python experiments/mcts_playout_auto.py                 # 10 boards, ~15 CPU-minutes
    python experiments/mcts_playout_auto.py --summary-only       # the table again, from the CSV

``playout = "auto"`` used to take the first playable bot of a fixed list of nine
(sim.env.mcts.PLAYOUT_PREFERENCE, :func:`sim.env.mcts.fixed_playout`); it now takes the
best library bot of a short seeded round robin on the game's own kingdom and Events
(:func:`sim.env.mcts.auto_choice`).  This draws ``--boards`` random Adventures boards with
Events, as the CLI does (``--kingdom random:adventures --events random``, seeds from
``--seed`` up, boards that draw no Event skipped), and plays the search bot with each
choice against every library bot playable there (sim.env.mcts.auto_candidates), with a
reduced search (``--playouts``) and few games (``--games`` a matchup, seats rotating).
Where both choices are the same bot the games are the same: played once, listed for both.
The run stops starting new matchups after ``--max-cpu-minutes`` of CPU time.

Writes under experiments/results/mcts/: playout_auto.csv (one row a board, choice and
opponent, with the round robin's figure for the playout bot), playout_auto.md (the
summary: per board and overall, 95% Wilson intervals) and command_playout_auto.json;
``--witch GAMES`` instead plays only the board with Witch of tests/test_mcts.py against
witch-bm (playout_auto_witch.csv).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))
OUT = ROOT / "experiments" / "results" / "mcts"


def cpu_minutes() -> float:
    """CPU time of this process and its finished children, in minutes."""
    me, kids = (resource.getrusage(w) for w in (resource.RUSAGE_SELF,
                                                  resource.RUSAGE_CHILDREN))
    return (me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime) / 60


def boards(n: int, seed: int) -> list[tuple[int, tuple[str, ...], tuple[str, ...]]]:
    """``n`` boards (seed, kingdom names, Event names) drawn as ``domsim match
    --kingdom random:adventures --events random --seed S`` draws them, skipping seeds
    that draw no Event."""
    from sim.runner.plan import make_config

    out = []
    s = seed
    while len(out) < n:
        cfg = make_config(["bmu", "big-money"], kingdom="random:adventures", events="random",
                          seed=s)
        if cfg.events:
            out.append((s, tuple(cfg.kingdom), tuple(cfg.events)))
        s += 1
    return out


def head_to_head(spec: str, opponent: str, games: int, seed: int, kingdom, events) -> dict:
    from sim.runner import Match

    res = Match(spec, opponent, games=games, seed=seed, kingdom=list(kingdom),
                events=list(events)).play(processes=1, progress=False)
    s = res.summary()
    me = next(n for n in s.index if n.startswith("mcts"))
    row = s.loc[me]
    return {"games": int(row["games"]), "win_rate": round(float(row["win_rate"]), 4),
            "ci_low": round(float(row["ci_low"]), 4), "ci_high": round(float(row["ci_high"]), 4)}


#: A board with Witch where the fixed list took smithy-bm and never considered witch-bm
#: (the board of tests/test_mcts.py; issue 35 saw the search bot lose to witch-bm there).
WITCH = ("Witch", "Laboratory", "Smithy", "Village", "Market", "Moat", "Cellar", "Chapel",
         "Militia", "Page")
WITCH_EVENTS = ("Lost Arts", "Ball")


def witch(games: int, playouts: int, seed: int, out: Path) -> None:
    """The search bot with each choice against witch-bm on :data:`WITCH` (``--witch``),
    written to playout_auto_witch.csv."""
    import pandas as pd

    from sim.cards import card_id
    from sim.env.mcts import fixed_playout
    from sim.outputs import atomic_write_text

    k = tuple(card_id(c) for c in WITCH)
    e = tuple(card_id(c) for c in WITCH_EVENTS)
    fixed = fixed_playout(k, e).name
    rows = []
    for choice, spec in (("fixed", f"mcts:playouts={playouts},playout={fixed}"),
                         ("measured", f"mcts:playouts={playouts}")):
        r = head_to_head(spec, "witch-bm", games, seed, WITCH, WITCH_EVENTS)
        rows.append({"choice": choice, "spec": spec, "opponent": "witch-bm", **r})
        print(f"witch board, {choice} ({spec}): {r}", flush=True)
    atomic_write_text(out / "playout_auto_witch.csv", pd.DataFrame(rows).to_csv(index=False))


def summary(rows: list[dict], command: str, playouts: int, games: int) -> str:
    """The markdown summary: per board and overall win rates of each choice (win shares
    summed over the board's matchups, 95% Wilson intervals)."""
    import pandas as pd

    from sim.analysis.results import wilson

    df = pd.DataFrame(rows)
    lines = ["# The search bot's playout bot: fixed list vs measured round robin",
             "", f"Command: `{command}`", "",
             f"Search: `mcts:playouts={playouts}` (reduced), {games} games a matchup, seats "
             "rotating; each board a random Adventures kingdom with random Events (the CLI's "
             "`--kingdom random:adventures --events random`). Opponents: every library bot "
             "playable on the board (random aside). `rr` is the round robin's figure for the "
             "playout bot (mean win share over its pairings). Small samples: a board's 240 "
             "games a choice give intervals about ten points wide; only the overall rows "
             "say much. Both choices play the same seeds against each opponent, so the "
             "paired gap (last line) is tighter than the two intervals suggest.", "",
             "| board (seed) | Events | fixed: playout (rr) | win % [95%] | measured: playout "
             "(rr) | win % [95%] | opponents |", "|---|---|---|---|---|---|---|"]

    def pooled(part) -> str:
        wins, n = float((part["win_rate"] * part["games"]).sum()), int(part["games"].sum())
        if not n:
            return "-"
        lo, hi = wilson(wins, n)
        return f"{100 * wins / n:.1f} [{100 * lo:.1f}, {100 * hi:.1f}] ({n} games)"

    for seed, b in df.groupby("board", sort=False):
        f, m = b[b.choice == "fixed"], b[b.choice == "measured"]
        both = set(f.opponent) & set(m.opponent)
        f, m = f[f.opponent.isin(both)], m[m.opponent.isin(both)]
        if f.empty:
            continue
        lines.append(f"| {seed} | {b.events.iloc[0]} | {f.playout.iloc[0]} "
                     f"({f.rr_playout.iloc[0]:.3f}) | {pooled(f)} | {m.playout.iloc[0]} "
                     f"({m.rr_playout.iloc[0]:.3f}) | {pooled(m)} | {len(both)} |")
    done = df.groupby(["board", "opponent"]).choice.nunique() == 2
    keys = set(done[done].index)
    whole = df[[(b, o) in keys for b, o in zip(df.board, df.opponent, strict=True)]]
    changed = whole[whole.same == 0]
    lines += ["", f"Overall, every matchup: fixed {pooled(whole[whole.choice == 'fixed'])}, "
                  f"measured {pooled(whole[whole.choice == 'measured'])}.",
              f"Boards where the choice changed only: fixed "
              f"{pooled(changed[changed.choice == 'fixed'])}, measured "
              f"{pooled(changed[changed.choice == 'measured'])}.", ""]
    lines += ["Against each opponent, over the boards it could play (every matchup, one row "
              "per matchup in playout_auto.csv):", "",
              "| opponent | boards | fixed win % [95%] | measured win % [95%] |",
              "|---|---|---|---|"]
    for opp, o in whole.groupby("opponent"):
        lines.append(f"| {opp} | {o.board.nunique()} | {pooled(o[o.choice == 'fixed'])} | "
                     f"{pooled(o[o.choice == 'measured'])} |")
    lines.append("")
    if not changed.empty:
        pair = changed.pivot_table(index=["board", "opponent"], columns="choice",
                                   values="win_rate")
        gap = 100 * (pair["measured"] - pair["fixed"])
        se = gap.std(ddof=1) / len(gap) ** 0.5
        lines += [f"Paired by matchup where the choice changed (same seeds): measured minus "
                  f"fixed {gap.mean():+.1f} points, standard error {se:.1f} over "
                  f"{len(gap)} matchups (mean ± 1.96 SE: [{gap.mean() - 1.96 * se:+.1f}, "
                  f"{gap.mean() + 1.96 * se:+.1f}]); better on {int((gap > 0).sum())}, "
                  f"worse on {int((gap < 0).sum())}, equal on {int((gap == 0).sum())}.", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=int, default=10)
    ap.add_argument("--games", type=int, default=20, help="games a matchup (default 20)")
    ap.add_argument("--playouts", type=int, default=200,
                    help="the search's playouts a decision (default 200: reduced)")
    ap.add_argument("--seed", type=int, default=3500, help="the first board's seed")
    ap.add_argument("--max-cpu-minutes", type=float, default=15.0)
    ap.add_argument("--summary-only", action="store_true")
    ap.add_argument("--witch", type=int, default=0, metavar="GAMES",
                    help="only the Witch board against witch-bm, GAMES games a choice "
                         "(playout_auto_witch.csv)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    from sim.outputs import atomic_write_text

    csv, md = args.out / "playout_auto.csv", args.out / "playout_auto.md"
    command = "python experiments/mcts_playout_auto.py " + " ".join(argv or sys.argv[1:])
    if args.witch:
        witch(args.witch, args.playouts, args.seed, args.out)
        return
    if args.summary_only:
        import pandas as pd

        log = args.out / "command_playout_auto.json"
        if log.is_file():           # the command of the run that played the games
            command = json.loads(log.read_text())["command"]
        atomic_write_text(md, summary(pd.read_csv(csv).to_dict("records"), command,
                                      args.playouts, args.games))
        print(md.read_text())
        return
    import os

    import pandas as pd

    from sim.cards import card_id
    from sim.engine.config import GameConfig
    from sim.env.mcts import auto_candidates, auto_choice, fixed_playout

    args.out.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    load_before = os.getloadavg()
    rows: list[dict] = []
    stopped = None
    for seed, kingdom, events in boards(args.boards, args.seed):
        k, e = tuple(card_id(c) for c in kingdom), tuple(card_id(c) for c in events)
        t_rr = time.process_time()
        measured, scores = auto_choice(GameConfig(2, k, 100, e))
        rr_s = time.process_time() - t_rr
        fixed = fixed_playout(k, e).name
        print(f"board {seed}: {', '.join(kingdom)} | {', '.join(events)}: fixed {fixed} "
              f"({scores.get(fixed, float('nan')):.3f}), measured {measured} "
              f"({scores[measured]:.3f}); round robin {rr_s:.1f} CPU-s", flush=True)
        for opp in (b.name for b in auto_candidates(k, e)):
            if cpu_minutes() > args.max_cpu_minutes:
                stopped = f"stopped at board {seed} before {opp}: CPU cap"
                break
            spec_fixed = f"mcts:playouts={args.playouts},playout={fixed}"
            spec_auto = f"mcts:playouts={args.playouts}"
            a = head_to_head(spec_fixed, opp, args.games, seed, kingdom, events)
            b = a if fixed == measured else head_to_head(spec_auto, opp, args.games, seed,
                                                         kingdom, events)
            for choice, playout, r in (("fixed", fixed, a), ("measured", measured, b)):
                rows.append({"board": seed, "kingdom": ",".join(kingdom),
                             "events": ",".join(events), "choice": choice,
                             "playout": playout, "rr_playout": round(scores.get(playout,
                                                                                float("nan")), 4),
                             "same": int(fixed == measured), "opponent": opp, **r})
            print(f"  vs {opp}: fixed {a['win_rate']:.2f}, measured {b['win_rate']:.2f} "
                  f"({cpu_minutes():.1f} CPU-min)", flush=True)
            atomic_write_text(csv, pd.DataFrame(rows).to_csv(index=False))
        if stopped:
            print(stopped, flush=True)
            break
    atomic_write_text(md, summary(rows, command, args.playouts, args.games))
    log = {"command": command, "cpu_minutes": round(cpu_minutes(), 2),
           "wall_s": round(time.time() - t0, 1), "load_before": load_before,
           "load_after": os.getloadavg(), "cpu_count": os.cpu_count(), "stopped": stopped}
    atomic_write_text(args.out / "command_playout_auto.json", json.dumps(log, indent=2) + "\n")
    print(md.read_text())


if __name__ == "__main__":
    main()
