"""The one re-deal of hidden information, compiled: what :meth:`sim.env.state.State.resample`
and the search bot (sim.env.search, its determinizations) both use.

**The rule.**  A re-deal of a game for a viewer ``p`` is made in the state's turn-start
snapshot (``S0``/``R0``: the state is that snapshot plus the answers given this turn) and
changes only what ``p`` cannot see:

* each other player's hand and whole draw pile are pooled and dealt back to the same
  sizes (hand, then pile);
* the unknown bottom of ``p``'s own draw pile (the cards below those it put there or
  looked at, layout K_UNKNOWN) is shuffled, unless the pile was reshuffled or added to
  during this turn (then every card of it was drawn by ``p``, and seen);
* every random stream of the game (future shuffles, random bots) is drawn again.

Everything else stays as it is, exactly: every zone's size for every player, owned
cards, the Supply, trash, tokens, mats and set-aside cards, every play area, ``p``'s own
hand, discard pile and known pile top, and every discard pile with its top card.  The
deal is then checked: the turn is replayed from its start with the answers given so far
(sim.env.core.replay), and the deal is kept only if the replay asks the same seat the
same question with the same legal actions and gives ``p`` the same observation.  So the
cards seen this turn (drawn, revealed, discarded to ``p``'s attacks, the other seats'
answers) are what ``p`` saw, and a deal under which an answer given this turn is no
longer legal (another seat's script of answers assumed its old hand) is rejected, never
played.

**Why the discard piles are kept.**  Most cards in a discard pile went there in public
since its owner's last shuffle (played, bought, gained, revealed and discarded), so pooling
the piles would deal cards ``p`` saw played or gained into hands and draw piles: deals
``p`` knows are false.  The engine does not record which discarded cards were seen and
which were not (an opponent's unplayed cards discarded in Clean-up are hidden), so the
rule keeps every discard pile as it is: the known limit is that a deal is conditioned on
the hidden part of an opponent's discard pile (it knows which cards that opponent
discarded unseen since its last shuffle, hence what its hand and pile hold together).
In the same way face-down set-asides (Gear, Save) stay with their owner, and the cards
``p`` saw put on an opponent's draw pile (Bureaucrat's Silver) are pooled with the rest.
The check sees what the observation vector shows (sim.env.core.observe): of an opponent's
discard pile only its size and top, so of two cards discarded to ``p``'s Militia only the
top one is checked; and what earlier turns revealed is not used to narrow the deal.  When
the seat asked is not ``p`` (State.resample for another seat), its legal actions must come
out the same too, and as they depend on its dealt hand most deals can fail: the callers
retry (State.resample's ``tries``).

Each pool is put in card-id order before it is shuffled, with the caller's own stream:
the deal depends only on what ``p`` knows and on that stream, never on the true order of
hidden cards, so two positions that differ only in hidden information give the same deals.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import N_CARDS
from sim.engine.layout import (
    AG_SHADOW,
    AG_WAIT_ARG,
    AG_WAIT_D,
    AG_WAIT_P,
    DECK,
    DECK_N,
    HAND0,
    MAX_DECK,
    MAX_PLAYERS,
    N_SLOTS,
    UNKNOWN,
    V_NP,
    V,
)
from sim.engine.pointers import copy_ints, ptr
from sim.engine.rng import next_u64, seed_stream, shuffle
from sim.env.core import N_ACTIONS, OBS_SIZE, WAITING, observe, replay

#: The scratch a deal needs (:func:`scratch`): card counts, and a pool of cards.
POOL_SIZE = MAX_DECK + N_SLOTS * MAX_PLAYERS


def scratch() -> tuple[np.ndarray, np.ndarray]:
    """``counts`` and ``pool`` for :func:`deal_again`."""
    return np.zeros(N_SLOTS, np.int64), np.zeros(POOL_SIZE, np.int64)


def stream(seed: int) -> np.ndarray:
    """A random stream for the deals (sim.engine.rng), seeded."""
    rng = np.zeros(4, np.uint64)
    seed_stream(rng, 0, np.uint64(seed))
    return rng


@njit(cache=True)
def _shuffle_counts(counts, pool, rng):
    """``pool`` filled with the cards of ``counts`` in id order, then shuffled with the
    stream ``rng``; how many."""
    m = 0
    for c in range(N_CARDS):
        for _ in range(counts[c]):
            pool[m] = c
            m += 1
    shuffle(pool, 0, m, rng, 0)
    return m


@njit(cache=True)
def deal_again(S0, R0, now, p, rng, counts, pool):
    """Deal again, in the turn-start snapshot ``S0``/``R0``, what player ``p`` cannot see
    (the module's rule); ``now`` is the game as asked (to tell what ``p``'s own pile
    went through this turn).  Draw piles are stored bottom first."""
    n = S0[V + V_NP]
    for q in range(n):
        k0 = DECK + q * MAX_DECK
        size0 = S0[DECK_N + q]
        counts[:] = 0
        in_hand = 0
        if q == p:
            size_now = now[DECK_N + q]
            if size_now > size0:
                continue
            same = True
            for i in range(size_now):
                if now[k0 + i] != S0[k0 + i]:
                    same = False
                    break
            if not same:
                continue
            unknown = min(S0[UNKNOWN + q], size_now)
        else:
            unknown = size0
            h = HAND0 + q * N_SLOTS
            for c in range(N_CARDS):
                counts[c] += S0[h + c]
                in_hand += S0[h + c]
                S0[h + c] = 0
        for i in range(unknown):
            counts[S0[k0 + i]] += 1
        m = _shuffle_counts(counts, pool, rng)
        if q != p:
            h = HAND0 + q * N_SLOTS
            for i in range(in_hand):
                S0[h + pool[i]] += 1
        for i in range(m - in_hand):
            S0[k0 + i] = pool[in_hand + i]
    for k in range(R0.shape[0]):
        seed_stream(R0[k], 0, next_u64(rng, 0))


@njit(cache=True)
def same_question(D, asker, d, arg, mask, want_mask, viewer, obs, want_obs, T):
    """Whether the game ``D`` (as asked) asks seat ``asker`` decision ``d`` with ``arg``,
    with legal actions ``want_mask``, and gives ``viewer`` the observation ``want_obs``
    (``obs``: scratch)."""
    if D[AG_WAIT_P] != asker or D[AG_WAIT_D] != d or D[AG_WAIT_ARG] != arg:
        return False
    for a in range(N_ACTIONS):
        if mask[a] != want_mask[a]:
            return False
    observe(D, T, viewer, True, obs)
    for i in range(OBS_SIZE):
        if obs[i] != want_obs[i]:
            return False
    return True


@njit(cache=True)
def deal_consistent(S, R, S0, R0, Sd, Rd, now, T, P, Q, H, viewer, rng, tries, want_mask,
                    want_obs, mask, obs, counts, pool, score_out, turns_out, game_out):
    """Up to ``tries`` deals (:func:`deal_again` for ``viewer``, each of the snapshot
    ``S0``/``R0`` into ``Sd``/``Rd``), each replayed into ``S``/``R`` (the game as
    asked in its shadow, or ``S`` itself when it has none; ``mask`` its legal actions)
    until one reaches the question of ``now`` with ``want_mask`` and ``want_obs`` for
    ``viewer``.  Returns the number of deals made:
    positive when the last one is kept (``Sd``/``Rd`` its snapshot, ``S`` its game as
    asked), minus ``tries`` when none is."""
    m = len(Sd)
    asker = now[AG_WAIT_P]
    d = now[AG_WAIT_D]
    arg = now[AG_WAIT_ARG]
    for k in range(tries):
        copy_ints(ptr(Sd), ptr(S0), m)
        Rd[:, :] = R0
        deal_again(Sd, Rd, now, viewer, rng, counts, pool)
        status = replay(S, R, Sd, Rd, T, P, Q, H, score_out, turns_out, game_out, mask)
        if status == WAITING and same_question(S[S[AG_SHADOW]:], asker, d, arg, mask,
                                               want_mask, viewer, obs, want_obs, T):
            return k + 1
    return -tries
