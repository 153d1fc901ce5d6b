"""The learned policy: a small policy-and-value network in plain numpy.

    net = Net.new(n_in=270, hidden=(128, 128), rng=np.random.default_rng(0))
    logits, value, cache = net.forward(x, mask)        # x: features, mask: legal actions
    grads = net.backward(cache, d_logits, d_value)     # the gradients of every weight
    adam.step(net, grads)

Why numpy and not torch / JAX: neither is in this project's package index, the network
is small (two tanh layers of 128), and a batch of 1,024 decisions costs a few
milliseconds forward and back on one core, beside the engine's own stepping; the
learning stack then costs no install at all.

A shared trunk of tanh layers feeds two heads: logits over the whole action vocabulary
(:mod:`sim.env.actions`), masked to the legal actions before the softmax, and a scalar
value (the expected win share).  :func:`features` turns an observation
(:mod:`sim.env.observation`) into the network's input: only the entries a game of the
policy's kingdom can make non-zero, each as ``sign(x) * log1p(|x|)`` (counts of 0..60
and scores of -10..80 on one scale, without statistics to carry along).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from sim.cards import N_CARDS
from sim.env.actions import N_ACTIONS

#: Logit given to an illegal action: exp() of it is 0 in float32 and float64.
MASKED = -1e9
#: Logit of an action a policy was made without (a card added since: remap_to_table):
#: far below any action it knows (probability 0), yet above the illegal actions' MASKED,
#: so that where the only legal answers are such cards every argmax picks a legal one.
UNKNOWN = MASKED / 4


def feature_columns(cards: Iterable[int], players: int) -> np.ndarray:
    """The observation entries (indices) a game with these card and Event ids and this
    many players can make non-zero: every card section's entries of those cards, the
    blocks of the ``players`` seats, the turn's values and the question asked (the
    layout of :mod:`sim.env.observation`).  Fewer inputs: a smaller, faster network."""
    from sim.engine.layout import MAX_PLAYERS
    from sim.env import core
    from sim.env.observation import (
        CARD_SECTIONS,
        PLAYER_CARD_SECTIONS,
        PLAYER_SCALARS,
    )

    cards = sorted({int(c) for c in cards})
    cols: list[int] = []
    at = 0
    for _ in CARD_SECTIONS:
        cols += [at + c for c in cards]
        at += N_CARDS
    block = len(PLAYER_CARD_SECTIONS) * N_CARDS + len(PLAYER_SCALARS)
    for k in range(MAX_PLAYERS):
        if k < players:
            for j in range(len(PLAYER_CARD_SECTIONS)):
                cols += [at + j * N_CARDS + c for c in cards]
            start = at + len(PLAYER_CARD_SECTIONS) * N_CARDS
            cols += list(range(start, start + len(PLAYER_SCALARS)))
        at += block
    cols += list(range(at, core.OBS_SIZE))       # the turn's values, the question asked
    return np.asarray(cols, np.int64)


def table_sizes(rec: dict) -> tuple[int, int]:
    """(actions, observation entries) of the table recorded in ``rec``
    (sim.engine.fingerprint): what a policy made with it was sized by.  The actions
    after the cards (none, no, yes, the options) are this domsim's."""
    from sim.env.observation import names_for

    n_cards = len(rec["cards"])
    return (n_cards + N_ACTIONS - N_CARDS,
            len(names_for([c[0] for c in rec["cards"]], [d[0] for d in rec["decisions"]])))


def remap_to_table(net: Net, columns: np.ndarray, rec: dict) -> tuple[Net, np.ndarray]:
    """A policy made with the table recorded in ``rec`` (one this domsim's only adds to:
    sim.engine.fingerprint.compare's ``usable``), in this domsim's terms: its
    observation columns found here by name (an added card's or decision's entries are
    read by none of them: zero inputs), its action head's columns moved to this
    domsim's action numbers, and an added card's action given the logit UNKNOWN (weights
    0, bias UNKNOWN): the policy never chooses an added card while it has another legal
    answer, and where the only legal answers are added cards (a forced choice) it takes
    the first, as the argmax of equal logits does.  Why a masked-out logit rather than
    the fallback bot answering: the forward passes (PolicyBot.logits,
    sim.learn.compiled.forward) already choose among the legal actions by logit, so the
    remapped policy needs no new code path, compiled or not."""
    from sim.cards import BY_NAME
    from sim.env.observation import names_for, observation_names

    old_cards = [c[0] for c in rec["cards"]]
    old_names = names_for(old_cards, [d[0] for d in rec["decisions"]])
    here = {name: i for i, name in enumerate(observation_names())}
    new_columns = np.asarray([here[old_names[int(c)]] for c in columns], np.int64)
    n_old = len(old_cards)
    target = np.asarray([BY_NAME[name.lower()].id for name in old_cards]
                        + [N_CARDS + j for j in range(net.Wp.shape[1] - n_old)], np.int64)
    Wp = np.zeros((net.Wp.shape[0], N_ACTIONS), net.Wp.dtype)
    bp = np.full(N_ACTIONS, UNKNOWN, net.bp.dtype)
    Wp[:, target] = net.Wp
    bp[target] = net.bp
    out = net.copy()
    out.Wp, out.bp, out.n_actions = Wp, bp, N_ACTIONS
    return out, new_columns


def widen_to_columns(net: Net, columns: np.ndarray, wider: np.ndarray) -> Net:
    """``net`` (reading observation ``columns``) as a network reading ``wider`` (which
    holds every one of them), ready to train on: each old column's first-layer row
    where that column now is, the added columns' rows 0, and the actions it was made
    without (:func:`remap_to_table`'s UNKNOWN bias) given the mean bias of the card
    actions it knows, weights 0.  Why: a general policy retrained over a larger card
    pool (issue 49 item 3: base + Adventures -> all three sets) starts as the policy it
    was, which plays every old board exactly as before (an added card's inputs are 0
    there), and an added card neither forbidden nor favoured until training decides.
    A ValueError names a column that ``wider`` lacks."""
    columns = np.asarray(columns, np.int64)
    wider = np.asarray(wider, np.int64)
    at = {int(c): i for i, c in enumerate(wider)}
    missing = [int(c) for c in columns if int(c) not in at]
    if missing:
        raise ValueError(f"the policy reads {len(missing)} observation entries the wider "
                         f"table lacks (first: {missing[0]})")
    out = net.copy()
    W0 = np.zeros((len(wider), net.W[0].shape[1]), net.W[0].dtype)
    W0[[at[int(c)] for c in columns]] = net.W[0]
    out.W[0] = W0
    added = out.bp <= UNKNOWN / 2
    known = ~added
    known[N_CARDS:] = False
    if added.any():
        out.Wp[:, added] = 0
        out.bp[added] = out.bp[known].mean() if known.any() else 0
    return out


def features(obs: np.ndarray, columns: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """The network input for observations ``obs`` ([..., OBS_SIZE]): the ``columns``
    entries as ``sign(x) * log1p(|x|)``, float32."""
    x = np.take(obs, columns, axis=-1).astype(np.float32, copy=False)
    y = np.log1p(np.abs(x))
    np.copysign(y, x, out=y)
    if out is not None:
        out[...] = y
        return out
    return y


@dataclass
class Net:
    """Weights of the policy-and-value network (see module docstring).

    ``W[k]``, ``b[k]``: the trunk's layers; ``Wp``, ``bp``: the policy head (logits per
    action); ``Wv``, ``bv``: the value head."""

    W: list[np.ndarray]
    b: list[np.ndarray]
    Wp: np.ndarray
    bp: np.ndarray
    Wv: np.ndarray
    bv: np.ndarray
    n_actions: int = N_ACTIONS
    extra: dict = field(default_factory=dict)

    @classmethod
    def new(cls, n_in: int, hidden: Iterable[int] = (128, 128), n_actions: int = N_ACTIONS,
            rng: np.random.Generator | None = None, dtype=np.float32) -> Net:
        """A network with orthogonal-ish (scaled normal) weights: the trunk's layers
        with gain 1, the policy head 0.01 (a nearly uniform first policy, as PPO
        implementations start), the value head 1."""
        rng = np.random.default_rng(0) if rng is None else rng
        sizes = [int(n_in)] + [int(h) for h in hidden]
        W = [(rng.standard_normal((a, b)) / np.sqrt(a)).astype(dtype)
             for a, b in zip(sizes[:-1], sizes[1:], strict=True)]
        bias = [np.zeros(b, dtype) for b in sizes[1:]]
        h = sizes[-1]
        Wp = (rng.standard_normal((h, n_actions)) * 0.01 / np.sqrt(h)).astype(dtype)
        Wv = (rng.standard_normal((h, 1)) / np.sqrt(h)).astype(dtype)
        return cls(W, bias, Wp, np.zeros(n_actions, dtype), Wv, np.zeros(1, dtype),
                   n_actions)

    # ------------------------------------------------------------------ weights as arrays
    def arrays(self) -> list[np.ndarray]:
        """Every weight array, in a fixed order (the order of :meth:`backward`'s grads)."""
        return [*self.W, *self.b, self.Wp, self.bp, self.Wv, self.bv]

    def set_arrays(self, arrays: list[np.ndarray]) -> None:
        """Take the weights from ``arrays`` (in :meth:`arrays` order: a checkpoint's)."""
        k = len(self.W)
        self.W = list(arrays[:k])
        self.b = list(arrays[k:2 * k])
        self.Wp, self.bp, self.Wv, self.bv = arrays[2 * k:]

    def copy(self) -> Net:
        """An independent copy (self-play's frozen snapshot must not move with training)."""
        new = Net([w.copy() for w in self.W], [b.copy() for b in self.b], self.Wp.copy(),
                  self.bp.copy(), self.Wv.copy(), self.bv.copy(), self.n_actions)
        return new

    def astype(self, dtype) -> Net:
        """A copy in ``dtype`` (float64 for the gradient check and one-row play)."""
        out = self.copy()
        out.set_arrays([a.astype(dtype) for a in out.arrays()])
        return out

    def n_inputs(self) -> int:
        """The input width (the number of observation columns it reads)."""
        return int(self.W[0].shape[0])

    # ------------------------------------------------------------------ forward / backward
    def forward(self, x: np.ndarray, mask: np.ndarray, prior: np.ndarray | None = None,
                prior_w: float = 0.0) -> tuple[np.ndarray, np.ndarray, tuple]:
        """Masked logits [B, A] and values [B] for inputs ``x`` [B, n_in] and legal-action
        masks [B, A] (non-zero = legal), ``prior_w`` added at each row's ``prior`` action
        (the fallback bot's, sim.learn.prior; a constant: no gradient); the cache
        :meth:`backward` needs."""
        hs = [x]
        h = x
        for W, b in zip(self.W, self.b, strict=True):
            h = np.tanh(h @ W + b)
            hs.append(h)
        logits = h @ self.Wp + self.bp
        if prior is not None and prior_w:
            logits[np.arange(len(logits)), prior] += np.asarray(prior_w, logits.dtype)
        logits = np.where(mask != 0, logits, np.asarray(MASKED, logits.dtype))
        value = (h @ self.Wv)[:, 0] + self.bv[0]
        return logits, value, (hs, mask)

    def backward(self, cache: tuple, d_logits: np.ndarray, d_value: np.ndarray
                 ) -> list[np.ndarray]:
        """The gradients of a loss with ``d_logits`` = dL/dlogits [B, A] (0 at illegal
        actions) and ``d_value`` = dL/dvalue [B], in :meth:`arrays` order."""
        hs, mask = cache
        d_logits = np.where(mask != 0, d_logits, 0).astype(hs[-1].dtype, copy=False)
        h = hs[-1]
        gWp = h.T @ d_logits
        gbp = d_logits.sum(axis=0)
        dv = d_value.astype(h.dtype, copy=False)[:, None]
        gWv = h.T @ dv
        gbv = dv.sum(axis=0)
        dh = d_logits @ self.Wp.T + dv @ self.Wv.T
        gW: list[np.ndarray] = [None] * len(self.W)  # type: ignore[list-item]
        gb: list[np.ndarray] = [None] * len(self.W)  # type: ignore[list-item]
        for k in range(len(self.W) - 1, -1, -1):
            dz = dh * (1.0 - hs[k + 1] * hs[k + 1])
            gW[k] = hs[k].T @ dz
            gb[k] = dz.sum(axis=0)
            if k:
                dh = dz @ self.W[k].T
        return [*gW, *gb, gWp, gbp, gWv, gbv]


def log_softmax(logits: np.ndarray) -> np.ndarray:
    """Row-wise log-softmax (masked entries come out about -1e9: probability 0)."""
    m = logits.max(axis=1, keepdims=True)
    z = logits - m
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


def sample(logits: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action per row drawn from softmax(logits), by one uniform per row (the
    inverse of the cumulative distribution: reproducible for a seeded ``rng``)."""
    p = np.exp(log_softmax(logits))
    c = np.cumsum(p, axis=1)
    u = rng.random(len(logits))[:, None] * c[:, -1:]
    a = (c < u).sum(axis=1)
    # A legal action always: never past the last legal one (rounding at the top).
    last = logits.shape[1] - 1 - np.argmax((logits > MASKED / 2)[:, ::-1], axis=1)
    return np.minimum(a, last)


def ppo_loss(net: Net, x: np.ndarray, mask: np.ndarray, actions: np.ndarray,
             old_logp: np.ndarray, adv: np.ndarray, returns: np.ndarray, *, clip: float,
             vf_coef: float, ent_coef: float, prior: np.ndarray | None = None,
             prior_w: float = 0.0, need_grad: bool = True
             ) -> tuple[float, dict, list[np.ndarray] | None]:
    """PPO's clipped surrogate loss on one minibatch, its statistics and its gradients.

    loss = mean(-min(r A, clip(r, 1-clip, 1+clip) A) + vf_coef / 2 (V - R)^2
    - ent_coef H(pi)), r = pi(a) / pi_old(a), H over the legal actions.  The gradients
    are exact (tests/test_learn.py checks them against finite differences)."""
    B = len(x)
    logits, value, cache = net.forward(x, mask, prior, prior_w)
    lp = log_softmax(logits)
    p = np.exp(lp)
    rows = np.arange(B)
    logp = lp[rows, actions]
    ratio = np.exp(logp - old_logp)
    clipped = np.clip(ratio, 1.0 - clip, 1.0 + clip)
    surr = np.minimum(ratio * adv, clipped * adv)
    legal = mask != 0
    plogp = np.where(legal, p * lp, 0.0)
    entropy = -plogp.sum(axis=1)
    v_err = value - returns
    loss = float(np.mean(-surr + 0.5 * vf_coef * v_err * v_err - ent_coef * entropy))
    stats = {"loss": loss, "policy": float(np.mean(-surr)),
             "value": float(np.mean(v_err * v_err)), "entropy": float(np.mean(entropy)),
             "kl": float(np.mean(old_logp - logp)),
             "clip_frac": float(np.mean(np.abs(ratio - 1.0) > clip))}
    if not need_grad:
        return loss, stats, None
    # d(-surr)/dlogp: -r A where the unclipped term is the minimum (or r is inside the
    # clip range, where both agree), else 0.
    use = (ratio * adv <= clipped * adv) | ((ratio >= 1.0 - clip) & (ratio <= 1.0 + clip))
    g = np.where(use, -ratio * adv, 0.0) / B
    d_logits = -p * g[:, None]
    d_logits[rows, actions] += g
    # dH/dz_j = -p_j (log p_j + H) on the legal actions.
    dH = np.where(legal, -p * (lp + entropy[:, None]), 0.0)
    d_logits -= ent_coef * dH / B
    d_value = vf_coef * v_err / B
    return loss, stats, net.backward(cache, d_logits, d_value)


def asked_decisions(x: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """The decision code each row of inputs ``x`` answers (its "asked: ..." entry, the
    one non-zero one of the observation's last block; -1 where the policy reads none),
    so that a row's question needs no record beside its inputs."""
    from sim.engine.codes import N_DECISIONS
    from sim.env.core import OBS_SIZE

    first = OBS_SIZE - N_DECISIONS
    where = np.flatnonzero(np.asarray(columns) >= first)
    codes = np.asarray(columns)[where] - first
    if not len(where):
        return np.full(len(x), -1, np.int64)
    block = x[:, where]
    out = codes[block.argmax(axis=1)].astype(np.int64)
    out[~(block > 0).any(axis=1)] = -1
    return out


def imitation_loss(net: Net, x: np.ndarray, mask: np.ndarray, target: np.ndarray,
                   returns: np.ndarray, *, vf_coef: float, prior: np.ndarray | None = None,
                   prior_w: float = 0.0) -> tuple[float, dict, list[np.ndarray]]:
    """Cross-entropy of the policy (with its prior) against ``target`` distributions
    [B, A] over the legal actions, plus the value loss of :func:`ppo_loss`; its
    statistics and exact gradients.  Used to start a policy from a teacher's answers
    (DAgger: the rows come from the learner's own games, sim.learn.train's
    ``imitate``)."""
    B = len(x)
    logits, value, cache = net.forward(x, mask, prior, prior_w)
    lp = log_softmax(logits)
    p = np.exp(lp)
    legal = mask != 0
    ce = -np.where(legal, target * lp, 0.0).sum(axis=1)
    v_err = value - returns
    loss = float(np.mean(ce + 0.5 * vf_coef * v_err * v_err))
    agree = float(np.mean(logits.argmax(axis=1) == target.argmax(axis=1)))
    stats = {"loss": loss, "policy": float(np.mean(ce)), "value": float(np.mean(v_err ** 2)),
             "agree": agree}
    d_logits = np.where(legal, p - target, 0.0) / B
    return loss, stats, net.backward(cache, d_logits, vf_coef * v_err / B)


class Adam:
    """Adam with global gradient-norm clipping (PPO's usual optimiser)."""

    def __init__(self, net: Net, lr: float = 1e-3, betas: tuple[float, float] = (0.9, 0.999),
                 eps: float = 1e-8, max_norm: float = 0.5):
        self.lr, self.betas, self.eps, self.max_norm = lr, betas, eps, max_norm
        self.m = [np.zeros_like(a) for a in net.arrays()]
        self.v = [np.zeros_like(a) for a in net.arrays()]
        self.t = 0

    def step(self, net: Net, grads: list[np.ndarray], lr: float | None = None) -> float:
        """One update of ``net`` in place; returns the gradient norm before clipping."""
        norm = float(np.sqrt(sum(float((g.astype(np.float64) ** 2).sum()) for g in grads)))
        scale = min(1.0, self.max_norm / (norm + 1e-12)) if self.max_norm else 1.0
        self.t += 1
        b1, b2 = self.betas
        lr = self.lr if lr is None else lr
        corr = lr * np.sqrt(1 - b2 ** self.t) / (1 - b1 ** self.t)
        arrays = net.arrays()
        for a, g, m, v in zip(arrays, grads, self.m, self.v, strict=True):
            g = g * scale
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            a -= (corr * m / (np.sqrt(v) + self.eps)).astype(a.dtype)
        return norm

    def state_arrays(self) -> list[np.ndarray]:
        """The moments and step count as arrays, for a checkpoint (a resumed run must
        take the same steps as an uninterrupted one)."""
        return [*self.m, *self.v, np.asarray([self.t], np.int64)]

    def set_state_arrays(self, arrays: list[np.ndarray]) -> None:
        """Restore :meth:`state_arrays`."""
        k = len(self.m)
        self.m = [a.copy() for a in arrays[:k]]
        self.v = [a.copy() for a in arrays[k:2 * k]]
        self.t = int(arrays[2 * k][0])
