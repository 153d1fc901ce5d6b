"""The user-facing Python API, shaped like Axelrod's ``Tournament(...).play()``.

>>> from sim.runner import Match, Tournament
>>> res = Match("smithy-bm", "bmu", games=10_000, seed=1).play()
>>> res.summary()                                   # doctest: +SKIP
>>> res = Tournament(["big-money", "bmu", "smithy-bm"], games=2_000).play()
>>> res.matrix()                                    # doctest: +SKIP
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from sim.runner.execute import run
from sim.runner.plan import RunConfig, default_processes, make_config


class Tournament:
    """Round robin: every combination of ``players`` bots (or the ``tables`` given)
    plays ``games`` games (per table, rounded up to whole seat rotations).

    Bots are registered names, ``.toml`` paths or bot objects.  ``seats``: ``rotate``
    (default: each seed once per cyclic seat rotation), ``random`` or ``fixed``.
    ``kingdom``: First Game by default, ``"auto"`` (the bots' own cards filled up from
    First Game), ``"random"`` / ``"random:SET|CARD,..."`` or 10 cards; a bot naming cards
    not in it is an error unless ``allow_missing_cards``.  ``events``: none by default,
    a list of Events or ``"random"`` (0 to ``max_events``, default 2, by the rulebook's
    randomiser method); see :func:`sim.runner.plan.make_config`.
    """

    round_robin = True

    def __init__(self, bots: Sequence[str], *, players: int | None = None, games: int = 1000,
                 seed: int = 0, seats: str = "rotate", kingdom: str | Sequence[str] | None = None,
                 turn_cap: int = 100, tables: Sequence[Sequence[int | str]] | None = None,
                 chunk_size: int | None = None, processes: int | None = None,
                 allow_missing_cards: bool = False,
                 events: str | Sequence[str | int] | None = None, max_events: int = 2):
        self.processes = processes
        self.config: RunConfig = make_config(
            list(bots), players=players, tables=tables,
            round_robin=self.round_robin and not tables, games=games, seed=seed, seats=seats,
            kingdom=kingdom, turn_cap=turn_cap, chunk_size=chunk_size,
            processes=default_processes() if processes is None else processes,
            allow_missing_cards=allow_missing_cards, events=events, max_events=max_events)

    def play(self, *, processes: int | None = None, progress: bool | None = None,
             out: str | os.PathLike | None = None, resume: str | os.PathLike | None = None,
             backend: str | object | None = None, scheduler: str | None = None,
             checkpoint_s: float = 60.0):
        """Play the run and return :class:`sim.analysis.results.Results`.

        ``backend="dask"`` runs the same chunks on a Dask cluster (``scheduler``
        address, or a local cluster); results are identical to the local run.
        """
        procs = self.processes if processes is None else processes
        if backend == "dask" or scheduler is not None:
            from sim.runner.dask_backend import DaskBackend

            backend = DaskBackend(scheduler, n_workers=procs)
        elif backend in (None, "local"):
            backend = None
        return run(self.config, processes=procs, backend=backend, progress=progress, out=out,
                   resume=resume, checkpoint_s=checkpoint_s)


class Match(Tournament):
    """One table: the bots given, in order, ``players = len(bots)`` by default."""

    round_robin = False

    def __init__(self, *bots: str, **kw):
        if len(bots) == 1 and isinstance(bots[0], (list, tuple)):
            bots = tuple(bots[0])
        super().__init__(list(bots), **kw)


def run_bots(cfg: RunConfig) -> list:
    """The bot objects a run plays, in its order: the very objects this process's games
    use (resolved once and kept), so a caller can read what an agent bot kept of a game
    after it stopped (the human seat's log when Ctrl-C lands while another seat plays)."""
    from sim.runner.work import _bots

    return _bots(cfg.bots, cfg.hashes)


def play_game(cfg: RunConfig, index: int, *, log: bool = True):
    """Replay game ``index`` of a run alone: (BatchResult, bot name per seat, game seed).

    With ``log=True`` the result carries the event log for ``sim.engine.gamelog.format_log``.
    """
    from sim.engine.batch import play_batch
    from sim.engine.config import ConfigError

    if not 0 <= index < cfg.n_games:
        raise ConfigError(f"game index must be in 0..{cfg.n_games - 1}, not {index}")
    lay = cfg.layout(index, index + 1)
    res = play_batch(cfg.game_config(), run_bots(cfg), lay["seat_bots"], lay["seed"],
                     lay["first"], log=log, game_offset=index)
    return res, [cfg.names[b] for b in lay["seat_bots"][0]], int(lay["seed"][0])
