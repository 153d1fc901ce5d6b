"""Play candidates against the opponent field through the runner, on shared deals.

One run per candidate: its tables seat the candidate with each opponent (the
candidate plus ``players - 1`` copies of the opponent), ``games`` per table, all
from one seed.  Game ``i`` of a run gets its seed and seats from ``(seed, i)``
alone (:mod:`sim.runner.plan`), so two candidates run with the same seed meet
the same opponent on the same deals: the common random numbers of the race.

The runner's pool of worker processes (or Dask cluster) is started once and kept
for every run of the search; candidates are handed to it as ``.toml`` files, so
workers forked before a candidate existed still build it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from sim.analysis.results import seat_outcomes, wilson
from sim.runner import make_config, run


class _KeptBackend:
    """A runner backend started once and closed only by :meth:`shutdown` (the runner
    closes its backend after every run)."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.started = False

    def start(self, cfg, n_chunks: int) -> None:
        if not self.started:
            # As many workers as asked, whatever the first run's size.
            self.inner.start(cfg, 1 << 30)
            self.started = True

    def outputs(self, cfg, chunks):
        return self.inner.outputs(cfg, chunks)

    def close(self) -> None:
        pass

    def shutdown(self) -> None:
        if self.started:
            self.inner.close()
            self.started = False


class Evaluator:
    """Scores candidates against ``opponents`` on ``kingdom`` (a tuple of card names)
    with ``events`` (Event names, none by default).

    ``backend``: "local" (``processes`` worker processes), "dask" (a local Dask
    cluster) or a Dask scheduler address.  Counts every game it plays in ``games``.
    """

    def __init__(self, opponents: Sequence[str], *, players: int, kingdom: Sequence[str],
                 processes: int = 1, backend: str = "local", turn_cap: int = 100,
                 events: Sequence[str] = ()) -> None:
        self.opponents = list(opponents)
        self.players = players
        self.kingdom = list(kingdom)
        self.events = list(events)
        self.processes = processes
        self.turn_cap = turn_cap
        if backend == "local":
            from sim.runner.execute import LocalBackend

            inner = LocalBackend(processes)
        else:
            from sim.runner.dask_backend import DaskBackend

            inner = DaskBackend(None if backend == "dask" else backend, n_workers=processes)
        self.backend = _KeptBackend(inner)
        self.games = 0

    def close(self) -> None:
        self.backend.shutdown()

    def _config(self, spec: str, opponents: Sequence[str], games: int, seed: int):
        bots = [spec, *opponents]
        tables = [[0] + [1 + j] * (self.players - 1) for j in range(len(opponents))]
        return make_config(bots, players=self.players, tables=tables, games=games, seed=seed,
                           kingdom=self.kingdom, turn_cap=self.turn_cap,
                           processes=self.processes, events=self.events,
                           max_events=max(2, len(self.events)))

    def _play(self, cfg):
        res = run(cfg, backend=self.backend, progress=False)
        self.games += res.n_games
        return res

    def deal_scores(self, spec: str | os.PathLike, seed: int, deals: int) -> np.ndarray:
        """Per deal (one seed, every seat rotation), the candidate's mean credit per game,
        averaged over the opponents: the race's score, one value per deal."""
        n = self.players
        cfg = self._config(os.fspath(spec), self.opponents, deals * n, seed)
        df = self._play(cfg).games.sort_values("game")
        credit = np.zeros(len(df))
        for o in seat_outcomes(df):
            credit += np.where(o.bot == 0, o.credit, 0.0)
        # Games run table by table, deal by deal, rotation by rotation.
        per = credit.reshape(len(self.opponents), deals, n)
        return per.mean(axis=2).mean(axis=0)

    def measure(self, spec: str | os.PathLike, seed: int, games: int,
                opponents: Sequence[str] | None = None) -> list[dict]:
        """Win rate (1/k shared-win credit) of the candidate against each opponent (and,
        with the candidate's own spec among ``opponents``, against itself), with a
        Wilson 95% interval; the last row, ``field``, pools the opponents given."""
        opponents = self.opponents if opponents is None else list(opponents)
        spec = os.fspath(spec)
        rows = []
        tot_c = tot_g = 0.0
        for opp in opponents:
            selfplay = os.fspath(opp) == spec
            # Each opponent gets its own run from the same seed: CRN across opponents.
            cfg = self._config(spec, [opp], games, seed)
            df = self._play(cfg).games
            credit = games_n = 0.0
            for o in seat_outcomes(df):
                mine = o.bot == 0
                if not selfplay:
                    # The opponent's seats are code 1; only the candidate's count.
                    credit += float(o.credit[mine].sum())
                    games_n += float(mine.sum())
                else:
                    # Against itself every seat is the candidate: a seat's mean credit,
                    # (1 - capped share) / players, a check of the scoring.
                    credit += float(o.credit.sum())
                    games_n += float(len(o.credit))
            lo, hi = wilson(credit, games_n)
            name = "itself" if selfplay else cfg.names[1]
            rows.append({"opponent": name, "games": int(games_n), "win_rate": credit / games_n,
                         "ci_low": float(lo), "ci_high": float(hi)})
            if not selfplay:
                tot_c += credit
                tot_g += games_n
        if tot_g:
            lo, hi = wilson(tot_c, tot_g)
            rows.append({"opponent": "field", "games": int(tot_g), "win_rate": tot_c / tot_g,
                         "ci_low": float(lo), "ci_high": float(hi)})
        return rows
