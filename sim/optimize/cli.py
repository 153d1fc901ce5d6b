"""``domsim optimize``: the subcommand's options and its run (registered by sim.cli)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence


def _list(text: str) -> list[str]:
    items = [t.strip() for t in text.split(",")]
    if not all(items):
        raise argparse.ArgumentTypeError(f"empty name in the list {text!r}")
    return items


def add_parser(sub, positive: Callable[[str], int], seed: Callable[[str], int],
               players: Callable[[str], int], max_events: Callable[[str], int]
               ) -> argparse.ArgumentParser:
    """Register ``optimize`` on the ``domsim`` subparsers (the CLI's own number types)."""
    from sim.optimize.defaults import REFERENCE_FIELD

    o = sub.add_parser(
        "optimize", help="search for the best rule bot for a kingdom",
        description="Search the space of rule bots grown from the kingdom's cards and "
                    "Events (Province/Duchy/Estate thresholds; for every kingdom card and "
                    "Event a place in the buy list, a limit, a prerequisite and a phase of "
                    "the game; the play order; token piles, gains, Reserve calls, Traveller "
                    "exchanges, modes) for the best mean win rate against the opponents (a "
                    "win shared by k counts 1/k). Candidates race on the same deals; weak "
                    "ones are dropped early; the winner is re-measured on fresh deals. Rerun "
                    "the same command to continue an interrupted search. With --boards, one "
                    "search per board and a report of the best bot of each.")
    o.add_argument("--out", required=True, metavar="FILE.toml",
                   help="the bot found; FILE.trace.json, FILE.png and the resumable state "
                        "FILE.search/ go beside it (with --boards: a folder for the report "
                        "and each board's search)")
    o.add_argument("--force", action="store_true",
                   help="start a new search even if FILE.toml, FILE.trace.json or FILE.png "
                        "exist (they are replaced); without it they are refused")
    o.add_argument("--kingdom", default=None,
                   help='"first-game" (default), "auto", "random[:CARD,...]" or 10 '
                        "comma-separated kingdom cards (as for match)")
    o.add_argument("--events", default=None, metavar="EVENTS",
                   help='Adventures Events: none (default), comma-separated Events or '
                        '"random" (as for match)')
    o.add_argument("--max-events", type=max_events, default=2, metavar="N",
                   help="most Events in a game (default 2; as for match)")
    o.add_argument("--players", type=players, default=2, help="players per game (default 2)")
    o.add_argument("--start", type=_list, default=None, metavar="BOT[,BOT...]",
                   help="bots the search starts from (default bmu; with --boards the library "
                        "bots of each board's field the space can express): rule bots of "
                        "the space's shape, by name or .toml file")
    o.add_argument("--against", type=_list, default=None, metavar="BOT[,BOT...]",
                   help="the opponent field (default: " + ", ".join(REFERENCE_FIELD) + "; "
                        "with --boards every library bot that can play the board)")
    o.add_argument("--boards", default=None, metavar="N|FILE",
                   help="a board report: N random boards (drawn from --kingdom, default "
                        "random:adventures, and --events, default random) or a file of "
                        "boards, one a line: 'card, card, ... | Event, Event'; --budget is "
                        "per board")
    o.add_argument("--min-events", type=positive, default=None, metavar="K",
                   help="with --boards N: draw boards with at least K Events")
    o.add_argument("--first-deals", type=positive, default=None, metavar="N",
                   help="first-rung deals per candidate the plan aims for (default 2000; "
                        "fewer: more, noisier generations)")
    o.add_argument("--replay", action="store_true",
                   help="play the held-out measurement of the finished search of --out again "
                        "from its saved bot and trace, and say whether the figures match")
    o.add_argument("--budget", type=positive, default=1_000_000,
                   help="games in all, held-out measurements included (default 1000000)")
    o.add_argument("--seed", type=seed, default=0, help="master seed (default 0)")
    o.add_argument("--population", type=positive, default=24,
                   help="candidates raced per generation (default 24)")
    o.add_argument("--holdout", type=positive, default=None,
                   help="games per opponent of the final held-out measurement (default: 2%% "
                        "of the budget, shared out)")
    o.add_argument("--cards", type=_list, default=None, metavar="CARD[,CARD...]",
                   help="kingdom cards whose purchase is searched (default: every Action of "
                        "the kingdom)")
    o.add_argument("--time-limit", type=positive, default=None, metavar="SECONDS",
                   help="start no new generation after SECONDS (then measure and write the "
                        "best so far)")
    o.add_argument("--processes", type=positive, default=None,
                   help="worker processes (default: all cores)")
    o.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="play on the Dask scheduler at ADDRESS")
    o.add_argument("--dask", action="store_true",
                   help="play on a local Dask cluster (--processes workers)")
    o.add_argument("--progress", action=argparse.BooleanOptionalAction, default=True,
                   help="one line per rung on stderr (default on)")
    return o


def run(args, argv: Sequence[str]) -> int:
    """Run the search of ``args``; prints the held-out table and where the files went."""
    from sim.engine.config import ConfigError
    from sim.optimize.search import OptimizeInterrupted, command_line, optimize

    if args.scheduler and args.dask:
        raise ConfigError("give --dask or --scheduler, not both")
    backend = args.scheduler or ("dask" if args.dask else "local")
    if backend != "local":
        from sim.runner.dask_backend import require_dask

        require_dask()
    if args.replay:
        return _replay(args, backend)
    if args.min_events is not None and args.boards is None:
        raise ConfigError("--min-events is for --boards N")
    keep = min(4, args.population - 1) if args.population > 1 else 1
    command = command_line(["optimize", *argv])
    if args.boards is not None:
        return _boards(args, backend, keep, command)
    try:
        res = optimize(out=args.out, kingdom=args.kingdom, events=args.events,
                       max_events=args.max_events, players=args.players,
                       start=args.start, against=args.against, budget=args.budget,
                       seed=args.seed, population=args.population, keep=keep,
                       holdout=args.holdout, cards=args.cards, time_limit_s=args.time_limit,
                       processes=args.processes, force=args.force,
                       backend=backend, progress=args.progress,
                       first_deals=args.first_deals, command=command)
    except OptimizeInterrupted as exc:
        print(f"domsim: {exc}", file=sys.stderr)
        return 130
    print(f"{res.bot.name}: {res.genome.describe()}")
    print(f"held-out win rates ({res.trace['settings']['holdout']:,} games per opponent, "
          f"Wilson 95%):")
    _print_rows(res.heldout)
    print(f"games: {res.games:,} in {res.wall_s:.0f} s; bot: {res.toml}; trace: "
          f"{res.trace_path}" + (f"; chart: {res.chart}" if res.chart else ""))
    return 0


def _print_rows(rows) -> None:
    for r in rows:
        print(f"  vs {r['opponent']:<16} {100 * r['win_rate']:6.2f}%  "
              f"[{100 * r['ci_low']:.2f}, {100 * r['ci_high']:.2f}]")


def _replay(args, backend: str) -> int:
    from sim.optimize.search import replay

    res = replay(args.out, processes=args.processes, backend=backend)
    print(f"held-out measurement of {args.out} played again:")
    _print_rows(res["rows"])
    if res["same"]:
        print("the same figures as the search's trace")
        return 0
    print("domsim: the figures differ from the trace's: the bot file is not the one the "
          "search measured", file=sys.stderr)
    return 1


def _boards(args, backend: str, keep: int, command: str) -> int:
    from sim.engine.config import ConfigError
    from sim.optimize.report import board_report, random_boards, read_boards
    from sim.optimize.search import OptimizeInterrupted

    if args.cards is not None:
        raise ConfigError("--cards is for one kingdom, not --boards")
    if args.start is not None:
        raise ConfigError("--start is for one kingdom; with --boards each board starts from "
                          "its library bots")
    text = args.boards.strip()
    if text.isdigit():
        boards = random_boards(int(text), args.seed,
                               kingdom=args.kingdom or "random:adventures",
                               events=args.events if args.events is not None else "random",
                               max_events=args.max_events, min_events=args.min_events or 0)
    else:
        if args.kingdom is not None or args.events is not None:
            raise ConfigError("--kingdom and --events draw random boards (--boards N); a "
                              "boards file names its own")
        if args.min_events is not None:
            raise ConfigError("--min-events is for --boards N")
        boards = read_boards(text)
    try:
        res = board_report(args.out, boards, budget=args.budget, seed=args.seed,
                           players=args.players, population=args.population, keep=keep,
                           against=args.against, holdout=args.holdout,
                           processes=args.processes, backend=backend, progress=args.progress,
                           time_limit_s=args.time_limit, first_deals=args.first_deals,
                           command=command, force=args.force)
    except OptimizeInterrupted as exc:
        print(f"domsim: {exc}", file=sys.stderr)
        return 130
    for r in res.rows:
        print(f"{r['board']}: vs the field {100 * r['field_win_rate']:.1f}%, weakest "
              f"{r['weakest_opponent']} {100 * r['weakest_win_rate']:.1f}% "
              f"[{100 * r['weakest_ci_low']:.1f}, {100 * r['weakest_ci_high']:.1f}]")
    print(f"report: {res.markdown}; table: {res.csv}; chart: {res.chart}; games: "
          f"{res.games:,} in {res.wall_s:.0f} s")
    return 0
