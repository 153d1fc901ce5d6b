"""``domsim train``: train a learned bot (sim.learn.train) from the command line.

    domsim train --kingdom first-game --players 2 --against big-money,bmu,smithy-bm,self \\
        --minutes 20 --seed 1 --out policy/
    domsim train ... --out policy/ --resume       # continue after Ctrl-C
    domsim train --kingdom random:all --events random --league field --against self \
        --init bots/data/policies/general ... --out general-league/   # fine-tune, the field
    domsim match policy/ bmu --games 10000        # the policy plays as a bot

Errors are one line (``domsim: error: ...``, exit 2), checked before the league's games
are built (a first run compiles the engine: minutes): an unknown bot in ``--against``, a
league or fallback bot that cannot play the kingdom, an ``--out`` whose folder does not
exist or that holds another run (``--resume`` continues it, with the same settings,
``--force`` replaces it).  Ctrl-C saves a checkpoint (the run after its last whole
iteration) and exits 130.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Callable


def add_parser(sub, positive: Callable[[str], int], seed: Callable[[str], int],
               players: Callable[[str], int]) -> argparse.ArgumentParser:
    """Register ``train`` on the ``domsim`` subparsers (the CLI's own number types)."""
    from sim.learn.train import TrainConfig

    d = TrainConfig()
    t = sub.add_parser(
        "train", help="train a learned bot by self-play and a league of bots",
        description="Train a policy for one kingdom (or, with a random --kingdom spec, for "
                    "every kingdom of it) by masked PPO (numpy, on CPU) against a "
                    "league of library bots and a frozen snapshot of itself (self), with "
                    "terminal rewards only (win 1, a win shared by k 1/k, loss 0) unless "
                    "--shaping is given. Prints progress (games, greedy win rate against "
                    "each league bot), writes OUT/curve.csv, a checkpoint every "
                    "--checkpoint-s seconds and the policy (OUT/policy.npz, "
                    "OUT/policy.json), which plays as a bot: domsim match OUT bmu.")
    t.add_argument("--out", required=True, metavar="DIR",
                   help="the policy directory (created; its parent must exist)")
    t.add_argument("--kingdom", default="first-game",
                   help='"first-game" (default), 10 comma-separated kingdom cards, or a '
                        'random spec ("random:all", "random:base,adventures", ...) for a '
                        'general policy: every board a new kingdom drawn from it')
    t.add_argument("--events", default=None, metavar="EVENTS",
                   help='comma-separated Adventures Events (default none); "random" with a '
                        'random --kingdom: up to 2 random Events on each board')
    t.add_argument("--boards", type=positive, default=d.boards,
                   help=f"a general policy: boards played at once (default {d.boards})")
    t.add_argument("--board-iterations", type=positive, default=d.board_iterations,
                   help=f"a general policy: iterations before new boards are drawn "
                        f"(default {d.board_iterations})")
    t.add_argument("--league", choices=("fixed", "field"), default=d.league,
                   help="fixed (default): the --against bots on every table; field: on each "
                        "board, the --against entries plus --field-tables tables whose "
                        "opponents are drawn, at every board draw, from every library bot "
                        "that can play the board and past snapshots of the policy, the ones "
                        "it does worst against most often (prioritized fictitious self-play: "
                        "weight (1 - win share)^2, its win share against each opponent "
                        "tracked over the run)")
    t.add_argument("--field-tables", type=positive, default=d.field_tables,
                   help=f"--league field: drawn tables per board (default {d.field_tables})")
    t.add_argument("--past-every", type=int, default=d.past_every, metavar="N",
                   help=f"--league field: iterations between two past snapshots joining the "
                        f"league (default {d.past_every}; 0: none)")
    t.add_argument("--past-max", type=int, default=d.past_max, metavar="N",
                   help=f"--league field: past snapshots kept, the oldest dropped "
                        f"(default {d.past_max})")
    t.add_argument("--exploit-every", type=int, default=d.exploit_every, metavar="N",
                   help="--league field: iterations between two exploiters (a copy of the "
                        "policy trained against it frozen, on boards of its own; it joins "
                        "the draw when it beats the policy; default 0: none)")
    t.add_argument("--exploit-iterations", type=positive, default=d.exploit_iterations,
                   metavar="N", help=f"iterations an exploiter trains "
                                     f"(default {d.exploit_iterations})")
    t.add_argument("--exploit-max", type=positive, default=d.exploit_max, metavar="N",
                   help=f"exploiters kept in the league, the oldest dropped "
                        f"(default {d.exploit_max})")
    t.add_argument("--init", default=None, metavar="POLICY_DIR",
                   help="start from this policy's weights (a policy directory of the same "
                        "layer widths and inputs; general: the library's general policy, "
                        "which also fine-tunes on one --kingdom, keeping its inputs) and "
                        "fine-tune it; default: random weights")
    t.add_argument("--imitate", type=int, default=0, metavar="N",
                   help="first N iterations learn by imitation (DAgger), not PPO: the "
                        "--init policy's answers at the decisions it took, the fallback's "
                        "at the others (default 0: off; for a policy that starts taking "
                        "new decisions)")
    t.add_argument("--players", type=players, default=2, help="players per game (default 2)")
    t.add_argument("--against", default=",".join(d.against), metavar="BOT,...",
                   help="the league: bot names or .toml files, and self (a frozen snapshot "
                        f"of the policy); default {','.join(d.against)}")
    t.add_argument("--fallback", default=d.fallback,
                   help=f"the compiled bot answering the decisions the policy does not take, "
                        f"and whose own action the policy starts from (default {d.fallback})")
    t.add_argument("--decisions", default=d.decisions,
                   help='the decisions the policy takes: "buy" (default), "turn" (play an '
                        'Action, buy) or decision names joined by +')
    t.add_argument("--minutes", type=float, default=None,
                   help="training time budget in minutes (wall clock)")
    t.add_argument("--iterations", type=positive, default=None,
                   help="iteration budget (reproducible to the bit, unlike --minutes)")
    t.add_argument("--seed", type=seed, default=0, help="the run's seed (default 0)")
    t.add_argument("--games", type=positive, default=d.games,
                   help=f"games played in parallel, split over the league (default {d.games})")
    t.add_argument("--steps", type=positive, default=d.steps,
                   help=f"steps of every game per iteration (default {d.steps})")
    t.add_argument("--hidden", default=",".join(str(h) for h in d.hidden), metavar="N,N",
                   help="hidden layer widths (default "
                        + ",".join(str(h) for h in d.hidden) + ")")
    t.add_argument("--lr", type=float, default=d.lr, help=f"Adam's step (default {d.lr})")
    t.add_argument("--prior", type=float, default=d.prior,
                   help=f"logit added at the fallback's own action (default {d.prior}; 0: "
                        "start from random play)")
    t.add_argument("--shaping", type=float, default=0.0,
                   help="add W * tanh(VP lead / 10) to each game's reward (default 0: off)")
    t.add_argument("--eval-every", type=positive, default=d.eval_every,
                   help=f"iterations between evaluations (default {d.eval_every})")
    t.add_argument("--eval-games", type=positive, default=d.eval_games,
                   help=f"greedy games per league bot per evaluation (default {d.eval_games})")
    t.add_argument("--checkpoint-s", type=float, default=d.checkpoint_s,
                   help=f"seconds between checkpoints (default {d.checkpoint_s:g})")
    t.add_argument("--resume", action="store_true",
                   help="continue the run checkpointed in --out (same settings)")
    t.add_argument("--force", action="store_true",
                   help="replace the run in --out, if any")
    t.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    return t


def run(args, argv: list[str]) -> int:
    """Run ``domsim train`` (bad settings raise UsageError before anything trains)."""
    from sim.cli_args import UsageError
    from sim.learn.train import TrainConfig, TrainError, parse_league, train

    try:
        hidden = tuple(int(h) for h in args.hidden.split(",") if h.strip())
    except ValueError:
        raise UsageError(f"--hidden: whole numbers joined by commas, not {args.hidden!r}")\
            from None
    if not hidden or min(hidden) < 1:
        raise UsageError(f"--hidden: at least one layer of at least 1, not {args.hidden!r}")
    if args.minutes is None and args.iterations is None:
        raise UsageError("a budget is needed: --minutes M and/or --iterations N")
    for opt in ("minutes", "lr", "checkpoint_s"):
        v = getattr(args, opt)
        if v is not None and not v > 0:
            raise UsageError(f"--{opt.replace('_', '-')} must be positive, not {v:g}")
    for opt in ("past_every", "past_max", "imitate", "exploit_every"):
        if getattr(args, opt) < 0:
            raise UsageError(f"--{opt.replace('_', '-')} must be at least 0, not "
                             f"{getattr(args, opt)}")
    if not args.prior >= 0:
        raise UsageError(f"--prior must be at least 0, not {args.prior:g}")
    decisions = args.decisions
    if "+" in decisions:
        decisions = ",".join(x for x in decisions.split("+") if x.strip())
    try:
        from sim.env.actions import decision_codes

        decision_codes(decisions)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    events = tuple(e.strip() for e in (args.events or "").split(",") if e.strip())
    cfg = TrainConfig(kingdom=args.kingdom, events=events, players=args.players,
                      against=parse_league(args.against), fallback=args.fallback,
                      decisions=decisions, seed=args.seed, minutes=args.minutes,
                      iterations=args.iterations, games=args.games, steps=args.steps,
                      hidden=hidden, lr=args.lr, prior=args.prior, shaping=args.shaping,
                      eval_every=args.eval_every, eval_games=args.eval_games,
                      checkpoint_s=args.checkpoint_s, boards=args.boards,
                      board_iterations=args.board_iterations, league=args.league,
                      field_tables=args.field_tables, past_every=args.past_every,
                      past_max=args.past_max, init=args.init, imitate=args.imitate,
                      exploit_every=args.exploit_every,
                      exploit_iterations=args.exploit_iterations,
                      exploit_max=args.exploit_max)
    command = "domsim " + " ".join(shlex.quote(a) for a in argv)
    try:
        result = train(cfg, args.out, resume=args.resume, force=args.force, command=command,
                       progress=(lambda line: None) if args.quiet else None)
    except TrainError as exc:
        raise UsageError(str(exc)) from None
    last = {r["opponent"]: r["win_rate"] for r in result.curve
            if r["iteration"] == result.iterations}
    rates = ", ".join(f"{k} {v:.0%}" for k, v in last.items())
    print(f"policy {result.directory}: {result.iterations:,} iterations, {result.games:,} "
          f"games, {result.wall_s:.0f} s" + (f"; greedy win rate vs {rates}" if rates else "")
          + f"; play it: domsim match {result.directory} bmu")
    return 0
