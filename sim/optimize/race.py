"""Racing: successive halving on common random numbers, with a sound early drop.

A race compares candidates on the *same* deals (seeds and seat rotations): each
deal gives every candidate one score, its mean credit (1 per sole win, 1/k per
shared win) over the deal's games against the opponent field.  Because the deals
are shared, the noise of the cards cancels in the differences between two
candidates, so comparisons use the *paired* differences (far tighter than two
independent win rates).

Rung r plays ``d0 * eta**r`` deals in all (the new ones only: earlier rungs'
scores are kept).  After each rung:

1. *Sound drop*: the leader is the candidate with the highest mean; a candidate
   whose paired difference to the leader has an upper confidence bound below 0
   (``mean + z * se < 0``) is dropped (once at least :data:`MIN_PAIRED` deals are
   shared).  ``z`` is Bonferroni-corrected for every
   comparison the race can make (candidates x rungs), so with probability at
   least ``1 - alpha`` no candidate is ever dropped this way while it is truly at
   least as good as the leader.
2. *Halving*: of the rest, the ``ceil(n / eta)`` best by mean go on (at least
   ``keep``).  This is successive halving (Karnin, Koren & Somekh 2013): it spends
   most games on the few candidates that are still close.

The race stops when ``keep`` candidates are left (or after ``max_rungs``); the
survivors, best first, are the race's result.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from statistics import NormalDist

import numpy as np

#: Fewest shared deals before the confidence-bound drop is used: below it the standard
#: error of the paired differences is itself too uncertain for a normal bound.
MIN_PAIRED = 30


def bonferroni_z(alpha: float, comparisons: int) -> float:
    """One-sided normal quantile for ``alpha`` split over ``comparisons`` tests."""
    return NormalDist().inv_cdf(1 - alpha / max(1, comparisons))


def plan_rungs(n: int, keep: int, eta: int) -> list[int]:
    """How many candidates play each rung when only halving drops (the most games)."""
    alive, out = n, []
    while True:
        out.append(alive)
        if alive <= keep:
            return out
        alive = max(keep, math.ceil(alive / eta))


def race_cost(n: int, keep: int, eta: int, d0: int) -> int:
    """Deals (candidate x deal) a race of ``n`` candidates plays at most."""
    cost, prev = 0, 0
    for r, alive in enumerate(plan_rungs(n, keep, eta)):
        total = d0 * eta ** r
        cost += alive * (total - prev)
        prev = total
    return cost


@dataclass
class Race:
    """The state of one race: per-candidate scores on the shared deals, who is alive.

    ``scores[c]`` is a float array, one value per deal played so far (every alive
    candidate has played the same deals).  ``dropped[c]`` says at which rung and why.
    """

    names: list[str]
    keep: int = 4
    eta: int = 2
    alpha: float = 0.05
    d0: int = 100
    rung: int = 0
    scores: dict[str, np.ndarray] = field(default_factory=dict)
    alive: list[str] = field(default_factory=list)
    dropped: dict[str, dict] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.alive and not self.dropped:
            self.alive = list(self.names)
        self.max_rungs = len(plan_rungs(len(self.names), self.keep, self.eta))
        self.z = bonferroni_z(self.alpha, max(1, len(self.names) - 1) * self.max_rungs)

    @property
    def done(self) -> bool:
        return self.rung >= self.max_rungs or (self.rung > 0 and len(self.alive) <= self.keep)

    def deals_next(self) -> int:
        """New deals each alive candidate plays in the next rung."""
        return self.d0 * self.eta ** self.rung - (self.d0 * self.eta ** (self.rung - 1)
                                                  if self.rung else 0)

    def add(self, new: dict[str, np.ndarray]) -> list[dict]:
        """Record a rung's scores (one array per alive candidate, same deals for all),
        then drop; returns one record per candidate (mean, se to the leader, fate)."""
        missing = set(self.alive) - set(new)
        if missing:
            raise ValueError(f"no scores for {sorted(missing)}")
        for c in self.alive:
            prior = self.scores.get(c)
            v = np.asarray(new[c], np.float64)
            self.scores[c] = v if prior is None else np.concatenate([prior, v])
        lengths = {len(self.scores[c]) for c in self.alive}
        if len(lengths) != 1:
            raise ValueError("alive candidates must share their deals")
        records = self._drop()
        self.rung += 1
        return records

    def stats(self) -> dict[str, tuple[float, float]]:
        """Per alive candidate: (mean score, standard error of its paired difference to
        the leader; 0 for the leader)."""
        means = {c: float(self.scores[c].mean()) for c in self.alive}
        leader = max(self.alive, key=lambda c: (means[c], -self.alive.index(c)))
        out = {}
        for c in self.alive:
            d = self.scores[c] - self.scores[leader]
            se = float(d.std(ddof=1) / math.sqrt(len(d))) if len(d) > 1 else math.inf
            out[c] = (means[c], 0.0 if c == leader else se)
        return out

    def ranking(self) -> list[str]:
        """Alive candidates, best mean first (ties: earlier listed first)."""
        st = self.stats()
        return sorted(self.alive, key=lambda c: (-st[c][0], self.names.index(c)))

    def _drop(self) -> list[dict]:
        st = self.stats()
        order = self.ranking()
        leader = order[0]
        lead = st[leader][0]
        n_before = len(order)
        records = {c: {"candidate": c, "rung": self.rung, "deals": len(self.scores[c]),
                       "mean": st[c][0], "diff": st[c][0] - lead, "se": st[c][1],
                       "fate": "leader" if c == leader else "alive"} for c in order}
        survivors = []
        for c in order:
            diff, se = st[c][0] - lead, st[c][1]
            if c != leader and len(self.scores[c]) >= MIN_PAIRED and diff + self.z * se < 0:
                records[c]["fate"] = "dropped: worse than the leader (upper bound < 0)"
            else:
                survivors.append(c)
        last = self.rung + 1 >= self.max_rungs
        if not last:
            target = max(self.keep, math.ceil(n_before / self.eta))
            for c in survivors[target:]:
                records[c]["fate"] = "dropped: halving"
            survivors = survivors[:target]
        for c in order:
            if c not in survivors:
                self.dropped[c] = records[c]
        self.alive = survivors
        return [records[c] for c in order]

    # -- saving --------------------------------------------------------------------------
    def to_state(self) -> tuple[dict, dict[str, np.ndarray]]:
        meta = {"names": self.names, "keep": self.keep, "eta": self.eta, "alpha": self.alpha,
                "d0": self.d0, "rung": self.rung, "alive": self.alive,
                "dropped": self.dropped}
        return meta, dict(self.scores)

    @classmethod
    def from_state(cls, meta: dict, scores: dict[str, np.ndarray]) -> Race:
        return cls(names=list(meta["names"]), keep=int(meta["keep"]), eta=int(meta["eta"]),
                   alpha=float(meta["alpha"]), d0=int(meta["d0"]), rung=int(meta["rung"]),
                   scores={k: np.asarray(v) for k, v in scores.items()},
                   alive=list(meta["alive"]), dropped=dict(meta["dropped"]))
