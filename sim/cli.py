"""``domsim``: the command line on top of :mod:`sim.runner`.

    domsim bots                                  list the bots
    domsim bots --kingdom Witch,Moat,... --missing   which of them can play that kingdom
    domsim cards                                 list the cards (cost, types, text)
    domsim cards throne-room library             just those cards
    domsim cards --events                        the Events
    domsim match smithy-bm bmu --games 100000    one table, summary printed
    domsim tournament                            reference bots' round robin
    domsim tournament a b c d --players 3        every 3-bot table of a..d
    domsim play smithy-bm bmu --seed 7 --game 3  one game's log (replays game 3)
    domsim summary results/tournament.parquet    summarise a results file
    domsim plot results/tournament.parquet       its charts (``domsim plot --help``)
    domsim resume k.parquet                      finish an interrupted run
    domsim train --minutes 20 --out policy/      train a learned bot (sim.learn)
    domsim match policy/ bmu                     ... and play it

Errors are one line, ``domsim: error: ...``, never a traceback: exit 2 for bad
arguments (checked before any game is played, outputs included), 1 when a run
stops (a bot fails, or worker processes keep dying; finished games are saved
when there is an output file), 130 on Ctrl-C (finished chunks saved; ``domsim
resume FILE`` completes the run without replaying them).

Outputs (``--out``, ``--csv-summary``, ``--plot``): the folder must already
exist and be writable, checked up front; only domsim's own default ``results/``
folder is created.  An output that already exists is refused up front unless
``--force`` is given (:mod:`sim.outputs`), except the file a resume continues;
every file is written under a temporary name and renamed when complete.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import warnings
from collections.abc import Sequence

import sim
from sim.cli_args import UsageError, _max_events, _players, _positive, _seed

REFERENCE_BOTS = ("big-money", "bmu", "smithy-bm", "militia-bm", "double-militia")
DEFAULT_TOURNAMENT_OUT = os.path.join("results", "tournament.parquet")
# sim.analysis.plot.default_chart_dir(DEFAULT_TOURNAMENT_OUT), spelt out so that the parser
# does not import matplotlib; tests/test_cli.py checks the two agree.
DEFAULT_CHARTS = os.path.join("results", "tournament-charts")
# The run options' defaults, applied after parsing: the parser leaves them None so
# that a resumed run can tell the options the user gave from those left out.
RUN_DEFAULTS = {"games": 10_000, "seed": 0, "seats": "rotate", "turn_cap": 100}
MAX_GAME_INDEX = 2**62  # game indices are int64 in the layout arrays


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, no usage dump
        raise UsageError(message)


def _game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=_players, help="players per game: 2, 3 or 4")
    p.add_argument("--seed", type=_seed, default=0, help="master seed (default 0)")
    p.add_argument("--kingdom", default=None,
                   help='"first-game" (default), "auto" (the kingdom cards the bots name, '
                        'filled up to 10 from First Game), "random" (the bots\' cards, filled '
                        'up to 10 at random from the base set, drawn from --seed), '
                        '"random:ITEM,..." (the same from the cards listed and the sets named: '
                        'base, adventures, all = both; e.g. random:all, random:base,Port) or '
                        '10 comma-separated kingdom cards. A bot naming a card not in the '
                        'kingdom is an error (`domsim bots --kingdom K` lists the bots that '
                        'can play K)')
    _event_options(p)
    p.add_argument("--allow-missing-cards", action="store_true",
                   help="play bots whose rules name cards not in the kingdom anyway (those "
                        "rules never fire; the results file lists them)")
    p.add_argument("--seats", choices=("rotate", "random", "fixed"), default="rotate",
                   help="rotate: each seed once per cyclic seat rotation (default); random: "
                        "seats drawn from the seed; fixed: in the order given. Seat 0 always "
                        "moves first")
    p.add_argument("--turn-cap", type=_positive, default=100,
                   help="turns per player after which a game stops, capped (default 100)")


def _event_options(p: argparse.ArgumentParser) -> None:
    """``--events`` and ``--max-events``, beside every ``--kingdom``."""
    p.add_argument("--events", default=None, metavar="EVENTS",
                   help='Adventures Events in the game: none (default), comma-separated '
                        'Events (e.g. "Lost Arts,Seaway"; `domsim cards --events` lists them), '
                        '"auto" (the Events the bots\' rules buy) or "random": the Events the '
                        'bots buy, then up to --max-events in all by the rulebook\'s randomiser '
                        'method, drawn from --seed: the Events shuffled into a deck of the '
                        'random kingdom\'s pool (every base and Adventures kingdom card when '
                        'the kingdom is not random), those turned up before the 10th kingdom '
                        'card set out. Random Events never change the kingdom a seed draws. '
                        'A bot buying an Event not in the game is an error')
    p.add_argument("--max-events", type=_max_events, default=None, metavar="N",
                   help="most Events in a game (default 2, the rulebook's recommendation): "
                        "more listed is an error; random ones beyond N are skipped")


def _run_options(p: argparse.ArgumentParser, games_default: int, games_help: str) -> None:
    p.add_argument("--games", type=_positive, default=None, help=games_help)
    _game_options(p)
    p.set_defaults(**{k: None for k in RUN_DEFAULTS})
    p.add_argument("--chunk-size", type=_positive, default=None,
                   help="games per work unit (default: automatic, at most 20000)")
    p.add_argument("--resume", default=None, metavar="FILE",
                   help="continue the run saved in FILE, playing only its unfinished chunks; "
                        "bots and options come from FILE (any given must match it); the "
                        "result goes to FILE unless --out is given")
    _exec_options(p)


def _exec_options(p: argparse.ArgumentParser) -> None:
    """How and where a run is played and saved (no effect on its games)."""
    p.add_argument("--processes", type=_positive, default=None,
                   help="worker processes (default: all cores)")
    p.add_argument("--out", default=None,
                   help="results file, FILE.parquet or FILE.csv (CSV: run metadata in "
                        "FILE.csv.json); its folder must exist")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run on the Dask scheduler at ADDRESS")
    p.add_argument("--dask", action="store_true",
                   help="run on a local Dask cluster (--processes workers)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar (default: only when stderr is a terminal)")
    p.add_argument("--csv-summary", default=None, metavar="FILE",
                   help="also write the per-bot summary to FILE as CSV")
    p.add_argument("--force", action="store_true",
                   help="replace outputs that already exist (results file, CSV summary, "
                        "charts); without it an existing output is refused before any game "
                        "is played")
    p.add_argument("-v", "--verbose", action="count", default=0, help="more logging")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="domsim", description="Fast, reproducible Dominion bot simulations.")
    parser.add_argument("--version", action="version", version=f"domsim {sim.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    m = sub.add_parser("match", help="play one table of bots against each other",
                       description="Play the bots given (one per seat) against each other.")
    m.add_argument("bots", nargs="*", help="bot names or .toml files, one per seat "
                   "(none with --resume: taken from the file)")
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
                   help=f"draw the tournament's charts (PNG) into DIR (default: "
                        f"{DEFAULT_CHARTS} when the results go to the default --out); "
                        "`domsim plot FILE --format svg` adds vector copies")

    r = sub.add_parser("resume", help="finish an interrupted or failed run from its file",
                       description="Play the unfinished chunks of the run saved in FILE, with "
                                   "the configuration stored in FILE, and save it to FILE "
                                   "(or --out).")
    r.add_argument("file", help="results file of the run (.parquet or .csv)")
    _exec_options(r)
    r.add_argument("--plot", default=None, metavar="DIR",
                   help="also draw the run's charts into DIR")

    p = sub.add_parser("play", help="play one game and print its log",
                       description="Replay one game of a match (or of a results file with "
                                   "--from) and print its log. A seat given as human (or "
                                   "human:BOT, whose answers are the defaults) is a person "
                                   "asked every decision of that seat on standard input "
                                   "(docs/tutorials/play-a-bot.md); the log of a game with "
                                   "a person is saved.")
    p.add_argument("bots", nargs="*", help="bot names or .toml files, one per seat; human "
                                           "for a person")
    p.add_argument("--save-log", default=None, metavar="FILE",
                   help="also save the game log to FILE (a game with a person: saved by "
                        "default as results/human-game-seed-S.txt, -2, -3... if taken)")
    p.add_argument("--html", default=None, metavar="FILE",
                   help="also write the game as one self-contained HTML page that steps "
                        "through it turn by turn (opens from disk in any browser): a "
                        "spectator's replay showing every card, with each seat's view to "
                        "switch to")
    p.add_argument("--view", type=int, default=None, metavar="SEAT",
                   help="with --html: write the page as seat SEAT saw the game (the other "
                        "players' hands and draws as counts; the file holds nothing that "
                        "seat did not see)")
    p.add_argument("--force", action="store_true",
                   help="replace --save-log and --html files that already exist")
    p.add_argument("--game", type=int, default=0,
                   help="index of the game in the run (default 0)")
    p.add_argument("--from", dest="from_file", default=None, metavar="FILE",
                   help="take the run's configuration from a results file")
    _game_options(p)

    b = sub.add_parser("bots", help="list the bots",
                       description="Every registered bot with its description, then the "
                                   "bots given by spec or path: the search bot (mcts, "
                                   "mcts:key=value,...), the human seat (human, human:BOT) "
                                   "and the policy directories this "
                                   "checkout ships; with "
                                   "--kingdom, only those that can play that kingdom: every "
                                   "kingdom card their rules buy, gain, remodel, mine or play "
                                   "is in it, and every Event they buy is among --events "
                                   "(basic cards are always there; cards only named in "
                                   "conditions do not count). Runs refuse the others.")
    b.add_argument("--names", action="store_true",
                   help="names of the registered bots only")
    b.add_argument("--kingdom", default=None,
                   help='list only the bots that can play this kingdom: "first-game" or 10 '
                        'comma-separated kingdom cards, as match and tournament take them')
    _event_options(b)
    b.add_argument("--missing", action="store_true",
                   help="with --kingdom: also list the bots that cannot play it, each with "
                        "the cards and Events it lacks")

    c = sub.add_parser("cards", help="list the cards: cost, types and text",
                       description="Every card the engine knows, or those named, with its "
                                   "cost, types and text. Names are taken as --kingdom takes "
                                   "them: any case, '-' or '_' for spaces, comma-separated "
                                   "lists, first-game for the First Game kingdom, and a set: "
                                   "base or adventures (its kingdom cards, upgrades and "
                                   "Events). Events have the type Event; a cost marked * "
                                   "is a card not in the Supply (Traveller upgrades, gained "
                                   "only by exchanging).")
    c.add_argument("cards", nargs="*", metavar="CARD",
                   help="cards to show (default: all), e.g. throne-room or Moat,Smithy")
    c.add_argument("--kingdom-cards", action="store_true",
                   help="only kingdom cards (those a --kingdom may name), not the basic ones, "
                        "the Events or the Traveller upgrades")
    c.add_argument("--events", action="store_true",
                   help="only the Events (those --events may name)")
    c.add_argument("--names", action="store_true",
                   help="names only, one per line, as --kingdom takes them")

    s = sub.add_parser("summary", help="summarise a results file")
    s.add_argument("file")

    # Listed here for `domsim --help`; main() hands `domsim plot ...` to sim.analysis.plot.main,
    # which owns the options (and its own --help), before this parser sees them.
    sub.add_parser("plot", help="draw the charts of a results file", add_help=False)

    from sim.optimize import cli as optimize_cli

    optimize_cli.add_parser(sub, _positive, _seed, _players, _max_events)
    from sim.learn import cli as learn_cli

    learn_cli.add_parser(sub, _positive, _seed, _players)
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
    events = f", events {', '.join(cfg.events)}" if cfg.events else ""
    print(f"{results.n_games:,} games{status}, {cfg.players} players, {len(cfg.tables)} "
          f"table(s), seats {cfg.seats}, seed {cfg.seed}, kingdom "
          f"{', '.join(cfg.kingdom)}{events}", file=out)
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
    from bots.requirements import needs_text

    bots = list_bots()
    if args.kingdom is None:
        for opt, given in (("--events", args.events is not None),
                           ("--max-events", args.max_events is not None),
                           ("--missing", args.missing)):
            if given:
                raise UsageError(f"{opt} checks the bots against a kingdom: give --kingdom "
                                 f"too (e.g. --kingdom first-game)")
        _print_bots(bots, args.names)
        if not args.names:
            from bots import spec_bots

            given = spec_bots()
            w = max(len(spec) for spec, _ in given)
            print("\ngiven by spec or path (agent bots: they play through the state API, "
                  "far slower than compiled bots):")
            for spec, what in given:
                print(f"{spec.ljust(w)}  {what}")
        return 0
    if args.names and args.missing:
        raise UsageError("--names lists the bots that can play; --missing adds the others "
                         "with what they lack: give one")
    playable, lacking = _playable(bots, args)
    _print_bots(playable, args.names)
    if args.missing and lacking:
        print("\ncannot play it:" if playable else "cannot play it:")
        w = max(len(b.name) for b, _ in lacking)
        for b, ids in lacking:
            print(f"{b.name.ljust(w)}  needs {needs_text(ids)}")
    if not args.missing:
        _note(f"{len(playable)} of {len(bots)} bots can play this kingdom"
              + ("; --missing lists the others with the cards they lack" if lacking else ""))
    return 0


def _print_bots(bots, names_only: bool) -> None:
    if not bots:
        return
    if names_only:
        print("\n".join(b.name for b in bots))
        return
    w = max(len(b.name) for b in bots)
    for b in bots:
        print(f"{b.name.ljust(w)}  {getattr(b, 'description', '')}".rstrip())


def _playable(bots, args) -> tuple[list, list]:
    """``domsim bots --kingdom``: (bots that can play the kingdom and Events given, [(bot,
    ids of the cards and Events it lacks)]), both in registration order; the same check
    as a run's (:mod:`bots.requirements`)."""
    from bots.requirements import missing, required_cards
    from sim.engine.config import MAX_EVENTS, is_random_kingdom, parse_events, parse_kingdom
    from sim.runner.plan import is_auto_events

    key = args.kingdom.strip().lower()
    if key == "auto" or is_random_kingdom(key):
        raise UsageError(f"--kingdom {args.kingdom.strip()} is built from the bots of a run "
                         "(their cards are put in first), so every bot plays it: give "
                         "first-game or 10 cards to see which bots can play them")
    if args.events is not None and (is_auto_events(args.events)
                                    or args.events.strip().lower() == "random"):
        raise UsageError(f"--events {args.events.strip()} is chosen for the bots of a run: "
                         "give none or the Events to see which bots can play them")
    kingdom = parse_kingdom(args.kingdom)
    events = parse_events(args.events,
                          MAX_EVENTS if args.max_events is None else args.max_events)
    playable, lacking = [], []
    for b in bots:
        ids = missing(required_cards(b), kingdom, events)
        if ids:
            lacking.append((b, ids))
        else:
            playable.append(b)
    return playable, lacking
def card_types_text(types: int) -> str:
    """A card's types as printed on it, e.g. ``Action-Attack``."""
    from sim.cards import TYPE_BITS

    # As printed: Action or Treasure first, then the others in alphabetical order
    # (Action-Duration-Reaction, Action-Reserve-Victory, Treasure-Attack).
    order = ("Action", "Treasure", "Attack", "Curse", "Duration", "Event", "Reaction",
             "Reserve", "Traveller", "Victory")
    return "-".join(t for t in order if types & TYPE_BITS[t])


def _card_set(word: str) -> tuple[int, ...] | None:
    """The ids a set word names in ``domsim cards``: ``first-game``, a set's word
    (``base``, ``adventures``, ``intrigue``: every card of the set, in id order) or a
    recommended kingdom's name (its cards, then its Events); None for any other word."""
    from sim.cards import FIRST_GAME, NAMED_KINGDOMS, SETS, kingdom_word

    key = kingdom_word(word)
    if key in ("first-game", "firstgame"):
        return FIRST_GAME
    for card_set in SETS:
        if key == card_set.word:
            return tuple(c.id for c in card_set.cards)
    if key in NAMED_KINGDOMS:
        _, cards, events = NAMED_KINGDOMS[key]
        return cards + events
    return None


def _selected_cards(words: Sequence[str]) -> list[int]:
    """Card ids named by ``words`` (each a card, a comma list, ``first-game`` or a set),
    in the order given, repeats dropped; no words: every card."""
    from sim.cards import N_CARDS, UnknownCardError, card_id

    if not words:
        return list(range(N_CARDS))
    ids: list[int] = []
    for word in words:
        for part in (w.strip() for w in word.split(",")):
            if not part:
                continue
            named = _card_set(part)
            if named is not None:
                ids += list(named)
                continue
            try:
                ids.append(card_id(part))
            except UnknownCardError as exc:
                raise UsageError(str(exc)) from None
    return list(dict.fromkeys(ids))


NOT_IN_SUPPLY_NOTE = "* not in the Supply: gained only by exchanging a Traveller"


def _cmd_cards(args) -> int:
    from sim.cards import CARDS, EVENTS, KINGDOM_CARDS, UPGRADES, kingdom_word

    ids = _selected_cards(args.cards)
    if args.kingdom_cards and args.events:
        raise UsageError("--kingdom-cards and --events together list nothing: give one")
    if args.kingdom_cards:
        ids = [c for c in ids if c in KINGDOM_CARDS]
    if args.events:
        ids = [c for c in ids if c in EVENTS]
    if args.names:
        print("\n".join(kingdom_word(CARDS[c].name) for c in ids))
        return 0
    starred = any(c in UPGRADES for c in ids)
    rows = [["card", "cost", "types", "text"]]
    for c in ids:
        card = CARDS[c]
        # "$3*": not in the Supply; the others padded so that the $ amounts line up.
        mark = "*" if c in UPGRADES else " " if starred else ""
        rows.append([card.name, f"${card.cost}{mark}", card_types_text(card.types), card.text])
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for r in rows:
        print("  ".join([r[0].ljust(widths[0]), r[1].rjust(widths[1]), r[2].ljust(widths[2]),
                         r[3]]).rstrip())
    if starred:
        print(NOT_IN_SUPPLY_NOTE)
    return 0


def _make_run(args, round_robin: bool, prior=None):
    """The run's :class:`RunConfig` from the arguments.  Resuming (``prior``: the
    saved Results), the bots and options not given come from the file, so that
    ``domsim resume FILE`` needs nothing else and the options given are compared."""
    from sim.engine.config import MAX_EVENTS
    from sim.runner.plan import default_processes, make_config

    bots = list(args.bots)
    tables = None
    players = args.players if (round_robin or args.players) else None
    opts = {k: getattr(args, k) for k in RUN_DEFAULTS}
    kingdom = args.kingdom
    events = getattr(args, "events", None)
    max_events = getattr(args, "max_events", None)
    if prior is not None:
        pc = prior.config
        if not bots and not getattr(args, "table", None):
            bots, tables, round_robin = list(pc.bots), [list(t) for t in pc.tables], False
        if players is None and (round_robin or tables is not None):
            players = pc.players
        opts = {k: getattr(pc, k) if v is None else v for k, v in opts.items()}
        if kingdom is None:
            kingdom = list(pc.kingdom)
        if events is None:
            events = list(pc.events)
            # The file's Events were allowed when it was made.
            max_events = max(max_events or 0, len(events), MAX_EVENTS)
    opts = {k: RUN_DEFAULTS[k] if v is None else v for k, v in opts.items()}
    # A resumed run that was allowed to play with missing cards stays allowed.
    allow_missing = bool(getattr(args, "allow_missing_cards", False)
                         or (prior is not None and prior.config.unusable))
    if round_robin:
        if getattr(args, "table", None):
            tables = [[x.strip() for x in t.split(",") if x.strip()] for t in args.table]
            if not bots:
                bots = list(dict.fromkeys(x for t in tables for x in t))
        elif not bots:
            bots = list(REFERENCE_BOTS)
    if not bots:
        raise UsageError("match needs the bots, one per seat (or --resume FILE)")
    cfg = make_config(bots, players=players, tables=tables,
                      round_robin=round_robin and not tables, kingdom=kingdom,
                      chunk_size=args.chunk_size,
                      processes=args.processes or default_processes(),
                      allow_missing_cards=allow_missing, events=events,
                      max_events=MAX_EVENTS if max_events is None else max_events, **opts)
    for name, rules in cfg.unusable:
        _note(f"{name}: rules that can never fire on this kingdom: {'; '.join(rules)}")
    if prior is None and cfg.games != opts["games"]:
        _note(f"{opts['games']:,} games rounded up to {cfg.games:,} per table "
              f"(whole rotations of {cfg.players} seats)")
    return cfg


def _resume_args(args) -> argparse.Namespace:
    """``domsim resume FILE [...]`` as ``match --resume FILE [...]`` without bots."""
    d = vars(args).copy()
    d.update(bots=[], table=None, players=None, kingdom=None, events=None, max_events=None,
             chunk_size=None,
             resume=args.file, no_out=True, **{k: None for k in RUN_DEFAULTS})
    return argparse.Namespace(**d)


def _outputs(args, out: str | None, round_robin: bool) -> str | None:
    """Check every output before a game is played (see the module docstring);
    returns the charts folder to draw, if any."""
    from sim.analysis.io import check_output, refuse_existing_results
    from sim.outputs import refuse_existing

    force = getattr(args, "force", False)
    plot_dir = getattr(args, "plot", None)
    if plot_dir is None and round_robin and out == DEFAULT_TOURNAMENT_OUT:
        plot_dir = DEFAULT_CHARTS
    if out is not None and out == DEFAULT_TOURNAMENT_OUT:
        os.makedirs(os.path.dirname(out), exist_ok=True)  # domsim's own folder
    if out is not None:
        check_output(out, "results")
        continued = args.resume is not None and _same_file(out, args.resume)
        if not continued:  # a resume saves its own file: that is what it is for
            refuse_existing_results(out, force=force)
    if args.csv_summary is not None:
        check_output(args.csv_summary, "csv")
        if out is not None and os.path.abspath(args.csv_summary) == os.path.abspath(out):
            raise UsageError(f"--csv-summary and the results file are both {out}")
        refuse_existing([args.csv_summary], force=force, what="CSV summary")
    if plot_dir is not None:
        check_output(plot_dir, "dir")
        from sim.analysis.plot import TOURNAMENT_FORMATS, refuse_existing_charts

        refuse_existing_charts(plot_dir, TOURNAMENT_FORMATS, force=force)
    return plot_dir


def _same_file(a: str, b: str) -> bool:
    return os.path.abspath(a) == os.path.abspath(b)


def _cmd_run(args, round_robin: bool) -> int:
    from sim.runner.execute import RunError, RunInterrupted, check_resume, load_resume, run

    if args.command == "resume":
        args = _resume_args(args)
    prior = load_resume(args.resume) if args.resume is not None else None
    cfg = _make_run(args, round_robin, prior)
    if prior is not None:
        check_resume(prior, cfg, args.resume)  # (run() checks too, without the file's name)
    out = args.out
    if out is not None and getattr(args, "no_out", False) and args.command == "tournament":
        raise UsageError("--no-out and --out together: give one")
    if out is None and args.resume is not None:
        out = args.resume
    if out is None and round_robin and not args.no_out:
        out = DEFAULT_TOURNAMENT_OUT
    backend = None
    if args.scheduler or args.dask:
        from sim.runner.dask_backend import DaskBackend

        backend = DaskBackend(args.scheduler, n_workers=args.processes)
    plot_dir = _outputs(args, out, round_robin)
    try:
        results = run(cfg, processes=args.processes, backend=backend, progress=args.progress,
                      out=out, resume=prior)
    except RunError as exc:
        if out is not None:
            again = (f"; finish with: domsim resume {out}"
                     if exc.error.get("kind") == "worker-lost" else "")
            _note(f"{exc.results.n_games:,} finished games saved to {out}{again}")
        print(f"domsim: error: {exc}", file=sys.stderr)
        return 1
    except RunInterrupted as exc:
        if out is not None:
            _note(f"interrupted: {exc.results.n_games:,} finished games saved to {out}; "
                  f"finish with: domsim resume {out}")
        else:
            _note("interrupted (nothing saved: no --out)")
        return 130
    print_results(results)
    if args.csv_summary is not None:
        from sim.outputs import atomic_path

        with atomic_path(args.csv_summary) as tmp:
            results.summary().to_csv(tmp)
    if out is not None:
        _note(f"results saved to {out}")
    if plot_dir:
        plot_hook(results, plot_dir, args.processes)
    return 0


def plot_hook(results, directory: str, processes: int | None = None) -> None:
    """Charts of a tournament (sim.analysis.plot; PNG, drawn in up to 2 processes, at most
    ``processes``); imported here so that matplotlib only loads when charts are asked for."""
    from sim.analysis import plot

    workers = min(2, processes or os.cpu_count() or 1)
    paths = plot.tournament_figures(results, directory, processes=workers)
    if paths:
        _note(f"{len(paths)} charts saved to {directory}")


def _cmd_play(args) -> int:
    from sim.engine.config import MAX_EVENTS
    from sim.engine.gamelog import format_log
    from sim.runner.api import play_game
    from sim.runner.plan import RunConfig, make_config

    if args.game >= MAX_GAME_INDEX:
        raise UsageError(f"game index must be below 2**62, not {args.game}")
    if args.from_file:
        from sim.analysis.io import load_frame

        if args.bots:
            raise UsageError("play takes the bots or --from FILE (whose bots it replays), "
                             "not both")
        _, meta = load_frame(args.from_file)
        cfg = RunConfig.from_dict(meta["config"])
    else:
        if not args.bots:
            raise UsageError("play needs the bots, one per seat (or --from FILE)")
        if args.game < 0:
            raise UsageError(f"game index must be at least 0, not {args.game}")
        cfg = make_config(args.bots, players=args.players, games=args.game + 1,
                          seed=args.seed, seats=args.seats, kingdom=args.kingdom,
                          turn_cap=args.turn_cap, allow_missing_cards=args.allow_missing_cards,
                          events=args.events,
                          max_events=MAX_EVENTS if args.max_events is None else args.max_events)
    from sim.env.human import HUMAN_PREFIX, HumanSeat, LeftTable
    from sim.numba_cache import compile_notice
    from sim.outputs import refuse_existing

    human = any(n == HUMAN_PREFIX for n in cfg.names)
    if args.view is not None:
        n_seats = cfg.game_config().n_players
        if args.html is None:
            raise UsageError("--view SEAT chooses whose view --html FILE shows: give --html")
        if not 0 <= args.view < n_seats:
            raise UsageError(f"--view: a seat of this {n_seats}-player game (0 to "
                             f"{n_seats - 1}), not {args.view}")
    outs = [p for p in (args.save_log, args.html) if p is not None]
    for path in outs:
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            raise UsageError(f"cannot write {path}: its folder {folder} does not exist or "
                             "is not writable")
    refuse_existing(outs, force=args.force)
    save_log = args.save_log or (_free_log_path(cfg.seed) if human else None)
    try:
        with compile_notice():  # replaying with the log may compile it the first time
            result, seat_names, seed = play_game(cfg, args.game, log=True)
    except LeftTable as exc:
        _save_text(save_log, exc.log + "\n")
        _note(f"left the table ({exc.why}); the game so far saved to {save_log}")
        return 130 if "Ctrl-C" in exc.why else 0
    except KeyboardInterrupt:
        if not human:
            raise
        # Ctrl-C while another seat was deciding: the log as the person last saw it.
        from sim.runner.api import run_bots

        seat = next(b for b in run_bots(cfg) if isinstance(b, HumanSeat))
        _save_text(save_log, "\n".join(seat.seen) + "\n")
        _note(f"left the table (interrupted (Ctrl-C) while another seat played); the game "
              f"up to your last question saved to {save_log}")
        return 130
    header = (f"game {args.game} of seed {cfg.seed} (game seed {seed}), seats {cfg.seats}: "
              + ", ".join(f"seat {s} {n}" for s, n in enumerate(seat_names)))
    text = format_log(result.log, seat_names, header=header,
                      winners_mask=int(result.game[0, 0]), truncated=result.log_truncated,
                      notes=result.notes)
    if save_log is not None:
        _save_text(save_log, text + "\n")
    if human:
        # A person's game ends with its result (and the news since the last question, as
        # the seat saw it), not the full log, which names every player's hidden cards:
        # that goes to the file.
        from sim.runner.api import run_bots

        seat = next(b for b in run_bots(cfg) if isinstance(b, HumanSeat))
        print(seat.game_over(result.log, seat_names, [int(x) for x in result.score[0]],
                             [int(x) for x in result.turns[0]], int(result.game[0, 0]),
                             save_log))
    else:
        print(text)
    if save_log is not None:
        _note(f"game log saved to {save_log}")
    if args.html is not None:
        from sim.analysis.viewer import write_viewer

        write_viewer(args.html, result, seat_names, cfg, seed, header, view=args.view)
        seen = "" if args.view is None else f" (seat {args.view}'s view)"
        _note(f"game viewer written to {args.html}{seen}")
    return 0


def _free_log_path(seed: int) -> str:
    """results/human-game-seed-S.txt, or -2, -3... after it: a person's game is never
    refused nor lost for want of --force (results/ is created, as for every default)."""
    os.makedirs("results", exist_ok=True)
    base = os.path.join("results", f"human-game-seed-{seed}")
    path, k = base + ".txt", 1
    while os.path.exists(path):
        k += 1
        path = f"{base}-{k}.txt"
    return path


def _save_text(path: str, text: str) -> None:
    from sim.outputs import atomic_write_text

    atomic_write_text(path, text)


def _cmd_summary(args) -> int:
    from sim.analysis.results import Results

    results = Results.load(args.file)
    print_results(results)
    if not results.complete:
        _note(f"incomplete run: finish it with: domsim resume {args.file}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``domsim`` console script; returns the exit status.

    Ctrl-C is caught from the first line on, while numpy and the engine are still
    loading too (``import sim`` itself loads nothing heavy).
    """
    with warnings.catch_warnings():
        warnings.showwarning = _show_warning
        try:
            return _main(argv)
        except KeyboardInterrupt:
            _note("interrupted")
            return 130
        except ValueError as exc:
            # A card set DOMSIM_CARD_SETS adds that cannot join the table: raised while
            # sim.cards is first imported, so its class is looked up, not imported.
            sets = sys.modules.get("sim.cards.sets")
            if sets is None or not isinstance(exc, sets.CardSetError):
                raise
            print(f"domsim: error: {exc}", file=sys.stderr)
            return 2


_default_showwarning = warnings.showwarning
_warned: set[str] = set()


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """A bot's warning (:class:`bots.errors.BotWarning`, e.g. a bot file with no buy
    rules) as one ``domsim: warning:`` line, once (a bot file is read more than once
    per run); any other warning as Python shows it."""
    from bots.errors import BotWarning

    if issubclass(category, BotWarning):
        if str(message) not in _warned:
            _warned.add(str(message))
            print(f"domsim: warning: {message}", file=sys.stderr if file is None else file)
    else:
        _default_showwarning(message, category, filename, lineno, file, line)


def _main(argv: Sequence[str] | None) -> int:
    from bots.errors import BotError as BotDefinitionError
    from sim.engine.config import ConfigError

    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["plot"]:
            from sim.analysis import plot

            return plot.main(argv[1:])
        args = parser.parse_args(argv)
        verbose = getattr(args, "verbose", 0)
        logging.basicConfig(level=logging.WARNING - 10 * min(verbose, 2),
                            format="%(levelname)s %(processName)s %(name)s: %(message)s")
        if args.command == "bots":
            return _cmd_bots(args)
        if args.command == "cards":
            return _cmd_cards(args)
        if args.command == "match":
            return _cmd_run(args, round_robin=False)
        if args.command == "tournament":
            return _cmd_run(args, round_robin=True)
        if args.command == "resume":
            return _cmd_run(args, round_robin=False)
        if args.command == "play":
            return _cmd_play(args)
        if args.command == "summary":
            return _cmd_summary(args)
        if args.command == "optimize":
            from sim.optimize import cli as optimize_cli

            return optimize_cli.run(args, argv[1:])
        if args.command == "train":
            from sim.learn import cli as learn_cli

            return learn_cli.run(args, argv)
        raise UsageError(f"unknown command {args.command!r}")  # pragma: no cover
    except BrokenPipeError:  # output piped into head & co.: stop quietly
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0
    except (UsageError, ConfigError, BotDefinitionError, OSError) as exc:
        print(f"domsim: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        _note("interrupted")
        return 130
    except MemoryError as exc:
        print(f"domsim: error: out of memory ({_one_line(exc)}); play fewer games per run",
              file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - a bug: one line, the traceback on request
        if os.environ.get("DOMSIM_TRACEBACK"):
            raise
        print(f"domsim: error: unexpected {type(exc).__name__}: {_one_line(exc)} (a bug: "
              f"please report it; DOMSIM_TRACEBACK=1 shows the traceback)", file=sys.stderr)
        return 1


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


if __name__ == "__main__":
    # ``python -m sim.cli``: run the module's importable copy, so that the UsageError
    # the subcommands' modules raise (imported from sim.cli) is the one main() catches.
    import sim.cli

    sys.exit(sim.cli.main())
