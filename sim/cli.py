"""``domsim``: the command line on top of :mod:`sim.runner`.

    domsim bots                                  list the bots
    domsim match smithy-bm bmu --games 100000    one table, summary printed
    domsim tournament                            reference bots' round robin
    domsim tournament a b c d --players 3        every 3-bot table of a..d
    domsim play smithy-bm bmu --seed 7 --game 3  one game's log (replays game 3)
    domsim summary results/tournament.parquet    summarise a results file
    domsim plot results/tournament.parquet       its charts (``domsim plot --help``)

Errors are one line, ``domsim: error: ...``: exit 2 for bad arguments, 1 when
a bot fails during a run (finished games are saved when there is an output
file), 130 on Ctrl-C (finished chunks saved; ``--resume FILE`` completes the
run without replaying them).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence

import sim

REFERENCE_BOTS = ("big-money", "bmu", "smithy-bm", "militia-bm", "double-militia")
DEFAULT_TOURNAMENT_OUT = os.path.join("results", "tournament.parquet")
# sim.plot.default_chart_dir(DEFAULT_TOURNAMENT_OUT), spelt out so that the parser
# does not import matplotlib; tests/test_cli.py checks the two agree.
DEFAULT_CHARTS = os.path.join("results", "tournament-charts")


class UsageError(Exception):
    """Bad arguments: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, no usage dump
        raise UsageError(message)


def _positive(text: str) -> int:
    try:
        v = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {v}")
    return v


def _seed(text: str) -> int:
    try:
        v = int(text.replace("_", ""), 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer seed: {text!r}") from None
    if not 0 <= v < 2**64:
        raise argparse.ArgumentTypeError(f"seed must be in 0 .. 2**64-1, not {v}")
    return v


def _players(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of players: {text!r}") from None
    if v not in (2, 3, 4):
        raise argparse.ArgumentTypeError(f"games take 2, 3 or 4 players, not {v}")
    return v


def _game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=_players, help="players per game: 2, 3 or 4")
    p.add_argument("--seed", type=_seed, default=0, help="master seed (default 0)")
    p.add_argument("--kingdom", default=None,
                   help='"first-game" (default), "auto" (the kingdom cards the bots name, '
                        'filled up to 10 from First Game) or 10 comma-separated kingdom cards. '
                        'A bot naming a card not in the kingdom is an error')
    p.add_argument("--allow-missing-cards", action="store_true",
                   help="play bots whose rules name cards not in the kingdom anyway (those "
                        "rules never fire; the results file lists them)")
    p.add_argument("--seats", choices=("rotate", "random", "fixed"), default="rotate",
                   help="rotate: each seed once per cyclic seat rotation (default); random: "
                        "seats drawn from the seed; fixed: in the order given. Seat 0 always "
                        "moves first")
    p.add_argument("--turn-cap", type=_positive, default=100,
                   help="turns per player after which a game stops, capped (default 100)")


def _run_options(p: argparse.ArgumentParser, games_default: int, games_help: str) -> None:
    p.add_argument("--games", type=_positive, default=games_default, help=games_help)
    _game_options(p)
    p.add_argument("--processes", type=_positive, default=None,
                   help="worker processes (default: all cores)")
    p.add_argument("--chunk-size", type=_positive, default=None,
                   help="games per work unit (default: automatic, at most 20000)")
    p.add_argument("--out", default=None, help="results file, FILE.parquet or FILE.csv")
    p.add_argument("--resume", default=None, metavar="FILE",
                   help="continue the run saved in FILE (same configuration), playing only "
                        "its unfinished chunks; the result goes to FILE unless --out is given")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run on the Dask scheduler at ADDRESS")
    p.add_argument("--dask", action="store_true",
                   help="run on a local Dask cluster (--processes workers)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar (default: only when stderr is a terminal)")
    p.add_argument("--csv-summary", default=None, metavar="FILE",
                   help="also write the per-bot summary to FILE as CSV")
    p.add_argument("-v", "--verbose", action="count", default=0, help="more logging")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="domsim", description="Fast, reproducible Dominion bot simulations.")
    parser.add_argument("--version", action="version", version=f"domsim {sim.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    m = sub.add_parser("match", help="play one table of bots against each other",
                       description="Play the bots given (one per seat) against each other.")
    m.add_argument("bots", nargs="+", help="bot names or .toml files, one per seat")
    _run_options(m, 10_000, "games in all, rounded up to whole seat rotations (default 10000)")

    t = sub.add_parser("tournament", help="round robin of a set of bots",
                       description="Every combination of --players bots (or each --table) "
                                   "plays --games games. Without bots: the reference bots.")
    t.add_argument("bots", nargs="*", help="bot names or .toml files (default: "
                   + ", ".join(REFERENCE_BOTS) + ")")
    t.add_argument("--table", action="append", default=None, metavar="A,B[,C,D]",
                   help="play only this table (repeatable) instead of every combination")
    _run_options(t, 10_000, "games per table, rounded up to whole rotations (default 10000)")
    t.add_argument("--no-out", action="store_true",
                   help=f"do not write {DEFAULT_TOURNAMENT_OUT} (the default --out)")
    t.add_argument("--plot", default=None, metavar="DIR",
                   help=f"draw the tournament's charts into DIR (default: {DEFAULT_CHARTS} "
                        "when the results go to the default --out)")

    p = sub.add_parser("play", help="play one game and print its log",
                       description="Replay one game of a match (or of a results file with "
                                   "--from) and print its log.")
    p.add_argument("bots", nargs="*", help="bot names or .toml files, one per seat")
    p.add_argument("--game", type=int, default=0,
                   help="index of the game in the run (default 0)")
    p.add_argument("--from", dest="from_file", default=None, metavar="FILE",
                   help="take the run's configuration from a results file")
    _game_options(p)

    b = sub.add_parser("bots", help="list the registered bots")
    b.add_argument("--names", action="store_true", help="names only")

    s = sub.add_parser("summary", help="summarise a results file")
    s.add_argument("file")

    # Listed here for `domsim --help`; main() hands `domsim plot ...` to sim.plot.main,
    # which owns the options (and its own --help), before this parser sees them.
    sub.add_parser("plot", help="draw the charts of a results file", add_help=False)
    return parser


# -- output ------------------------------------------------------------------------

def _text_table(rows: list[list[str]]) -> str:
    """Fixed-width columns: the first left-aligned, the others right-aligned."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [c.ljust(w) if i == 0 else c.rjust(w)
                 for i, (c, w) in enumerate(zip(row, widths, strict=True))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def format_summary(summary, players: int) -> str:
    """The per-bot summary as a fixed-width text table."""
    rows = [["bot", "games", "win %", "95% CI", "wins", "shared", "losses", "capped",
             "tb wins", "score", "turns"] + [f"seat{s} %" for s in range(players)]]
    for bot, r in summary.iterrows():
        rows.append([str(bot), f"{int(r.games):,}", f"{100 * r.win_rate:.2f}",
                     f"{100 * r.ci_low:.2f}-{100 * r.ci_high:.2f}", f"{int(r.wins):,}",
                     f"{int(r.shared_wins):,}", f"{int(r.losses):,}", f"{int(r.capped):,}",
                     f"{int(r.tiebreak_wins):,}", f"{r.avg_score:.2f}", f"{r.avg_turns:.2f}"]
                    + [f"{100 * r[f'win_rate_seat{s}']:.2f}" for s in range(players)])
    return _text_table(rows)


def format_matrix(matrix) -> str:
    names = [str(c) for c in matrix.columns]
    rows = [["win % (row vs col)"] + names]
    for bot, r in matrix.iterrows():
        rows.append([str(bot)] + ["" if r[c] != r[c] else f"{100 * r[c]:.1f}"
                                  for c in matrix.columns])
    return _text_table(rows)


def format_tables(tables) -> str:
    """Per-table win rates (3-4 players) as a text table, in percent like the summary."""
    rows = [["table", "bot", "games", "win %", "95% CI"]]
    for r in tables.itertuples(index=False):
        rows.append([str(r.table_bots), str(r.bot), f"{int(r.games):,}",
                     f"{100 * r.win_rate:.2f}", f"{100 * r.ci_low:.2f}-{100 * r.ci_high:.2f}"])
    return _text_table(rows)


def print_results(results, out=None) -> None:
    out = sys.stdout if out is None else out
    cfg = results.config
    status = "" if results.complete else " (INCOMPLETE)"
    print(f"{results.n_games:,} games{status}, {cfg.players} players, {len(cfg.tables)} "
          f"table(s), seats {cfg.seats}, seed {cfg.seed}, kingdom "
          f"{', '.join(cfg.kingdom)}", file=out)
    if len(results.games) == 0:
        return
    print(format_summary(results.summary(), cfg.players), file=out)
    if cfg.players == 2 and len(cfg.names) > 2 and len(cfg.tables) > 1:
        print(file=out)
        print(format_matrix(results.matrix()), file=out)
    elif cfg.players > 2 and 1 < len(cfg.tables) <= 20:
        print(file=out)
        print(format_tables(results.tables()), file=out)


def _note(msg: str) -> None:
    print(f"domsim: {msg}", file=sys.stderr)


# -- commands ------------------------------------------------------------------------

def _cmd_bots(args) -> int:
    from bots import list_bots

    bots = list_bots()
    if args.names:
        print("\n".join(b.name for b in bots))
        return 0
    w = max(len(b.name) for b in bots)
    for b in bots:
        print(f"{b.name.ljust(w)}  {getattr(b, 'description', '')}")
    return 0


def _make_run(args, round_robin: bool):
    from sim.runner.plan import default_processes, make_config

    bots = list(args.bots)
    tables = None
    if round_robin:
        if args.table:
            tables = [[x.strip() for x in t.split(",") if x.strip()] for t in args.table]
            if not bots:
                bots = list(dict.fromkeys(x for t in tables for x in t))
        elif not bots:
            bots = list(REFERENCE_BOTS)
    cfg = make_config(bots, players=args.players if (round_robin or args.players) else None,
                      tables=tables, round_robin=round_robin and not tables,
                      games=args.games, seed=args.seed, seats=args.seats,
                      kingdom=args.kingdom, turn_cap=args.turn_cap, chunk_size=args.chunk_size,
                      processes=args.processes or default_processes(),
                      allow_missing_cards=args.allow_missing_cards)
    for name, rules in cfg.unusable:
        _note(f"{name}: rules that can never fire on this kingdom: {'; '.join(rules)}")
    if cfg.games != args.games:
        _note(f"{args.games:,} games rounded up to {cfg.games:,} per table "
              f"(whole rotations of {cfg.players} seats)")
    return cfg


def _cmd_run(args, round_robin: bool) -> int:
    from sim.runner.execute import RunError, RunInterrupted, run

    cfg = _make_run(args, round_robin)
    out = args.out
    if out is None and args.resume:
        out = args.resume
    if out is None and round_robin and not args.no_out:
        out = DEFAULT_TOURNAMENT_OUT
    if out is not None:
        from sim.io import file_kind

        file_kind(out)
    backend = None
    if args.scheduler or args.dask:
        from sim.dask_backend import DaskBackend

        backend = DaskBackend(args.scheduler, n_workers=args.processes)
    try:
        results = run(cfg, processes=args.processes, backend=backend, progress=args.progress,
                      out=out, resume=args.resume)
    except RunError as exc:
        if out is not None:
            _note(f"{exc.results.n_games:,} finished games saved to {out}")
        print(f"domsim: error: {exc}", file=sys.stderr)
        return 1
    except RunInterrupted as exc:
        if out is not None:
            _note(f"interrupted: {exc.results.n_games:,} finished games saved to {out}; "
                  f"finish with --resume {out}")
        else:
            _note("interrupted (nothing saved: no --out)")
        return 130
    print_results(results)
    if args.csv_summary:
        results.summary().to_csv(args.csv_summary)
    if out is not None:
        _note(f"results saved to {out}")
    plot_dir = getattr(args, "plot", None) if round_robin else None
    if plot_dir is None and round_robin and out == DEFAULT_TOURNAMENT_OUT:
        plot_dir = DEFAULT_CHARTS
    if plot_dir:
        plot_hook(results, plot_dir)
    return 0


def plot_hook(results, directory: str) -> None:
    """Charts of a tournament (sim.plot); imported here so that matplotlib only loads
    when charts are asked for."""
    from sim import plot

    paths = plot.tournament_figures(results, directory)
    if paths:
        _note(f"{len(paths)} charts saved to {directory}")


def _cmd_play(args) -> int:
    from sim.gamelog import format_log
    from sim.runner.api import play_game
    from sim.runner.plan import RunConfig, make_config

    if args.from_file:
        from sim.io import load_frame

        _, meta = load_frame(args.from_file)
        cfg = RunConfig.from_dict(meta["config"])
    else:
        if not args.bots:
            raise UsageError("play needs the bots, one per seat (or --from FILE)")
        if args.game < 0:
            raise UsageError(f"game index must be at least 0, not {args.game}")
        cfg = make_config(args.bots, players=args.players, games=args.game + 1,
                          seed=args.seed, seats=args.seats, kingdom=args.kingdom,
                          turn_cap=args.turn_cap, allow_missing_cards=args.allow_missing_cards)
    from sim.numba_cache import compile_notice

    with compile_notice():  # replaying with the log may compile it the first time
        result, seat_names, seed = play_game(cfg, args.game, log=True)
    header = (f"game {args.game} of seed {cfg.seed} (game seed {seed}), seats {cfg.seats}: "
              + ", ".join(f"seat {s} {n}" for s, n in enumerate(seat_names)))
    print(format_log(result.log, seat_names, header=header, winners_mask=int(result.game[0, 0]),
                     truncated=result.log_truncated))
    return 0


def _cmd_summary(args) -> int:
    from sim.results import Results

    results = Results.load(args.file)
    print_results(results)
    if not results.complete:
        _note(f"incomplete run: finish it with --resume {args.file}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``domsim`` console script; returns the exit status."""
    from bots.errors import BotError as BotDefinitionError
    from sim.config import ConfigError

    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["plot"]:
            from sim import plot

            return plot.main(argv[1:])
        args = parser.parse_args(argv)
        verbose = getattr(args, "verbose", 0)
        logging.basicConfig(level=logging.WARNING - 10 * min(verbose, 2),
                            format="%(levelname)s %(processName)s %(name)s: %(message)s")
        if args.command == "bots":
            return _cmd_bots(args)
        if args.command == "match":
            return _cmd_run(args, round_robin=False)
        if args.command == "tournament":
            return _cmd_run(args, round_robin=True)
        if args.command == "play":
            return _cmd_play(args)
        if args.command == "summary":
            return _cmd_summary(args)
        raise UsageError(f"unknown command {args.command!r}")  # pragma: no cover
    except BrokenPipeError:  # output piped into head & co.: stop quietly
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0
    except (UsageError, ConfigError, BotDefinitionError, OSError) as exc:
        msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        print(f"domsim: error: {msg}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        _note("interrupted")
        return 130


if __name__ == "__main__":
    sys.exit(main())
