"""The one re-deal of hidden information, compiled: what :meth:`sim.env.state.State.resample`
and the search bot (sim.env.search, its determinizations) both use.

**The rule.**  A re-deal of a game for a viewer ``p`` is made in the game as it stands,
stopped at a question (sim.engine.resume: the game holds where each card's text is), and
changes only what ``p`` cannot see:

* each other player's hand and whole draw pile are pooled and dealt back to the same
  sizes (hand, then pile);
* the unknown bottom of ``p``'s own draw pile (the cards below those it put there or
  looked at, layout K_UNKNOWN; after a shuffle, all of it) is shuffled;
* every random stream of the game (future shuffles, random bots) is drawn again.

Everything else stays as it is, exactly: every zone's size for every player, owned
cards, the Supply, trash, tokens, mats, set-aside cards (those a card's text is looking
at now too), every play area, ``p``'s own hand, discard pile and known pile top, every
discard pile with its top card, and where the turn stands (its frames and answers).
Nothing is played again: the cards drawn, revealed and discarded earlier this turn are
where they went, and what went into a hand or a pile unseen is dealt with the rest.
The deal is then checked: the seat asked must have the same legal actions (when it is
not ``p``, they depend on its dealt hand: a deal that changes them is rejected, so the
callers retry) and ``p`` the same observation.

**Why the discard piles are kept.**  Most cards in a discard pile went there in public
since its owner's last shuffle (played, bought, gained, revealed and discarded), so pooling
the piles would deal cards ``p`` saw played or gained into hands and draw piles: deals
``p`` knows are false.  The engine does not record which discarded cards were seen and
which were not (an opponent's unplayed cards discarded in Clean-up are hidden), so the
rule keeps every discard pile as it is: the known limit is that a deal is conditioned on
the hidden part of an opponent's discard pile (it knows which cards that opponent
discarded unseen since its last shuffle, hence what its hand and pile hold together).
In the same way face-down set-asides (Gear, Save) stay with their owner, and the cards
``p`` saw put on an opponent's draw pile (Bureaucrat's Silver) or revealed from a hand
(a hand with no Victory card shown to Bureaucrat) are pooled with the rest: what earlier
turns and earlier questions revealed is not used to narrow the deal.

**Masquerade's secret passes: a known limit.**  With 3 or 4 players a card Masquerade
passed between two others is hidden from ``p`` (sim.engine.zones.known_owned: ``p``'s
observation, its rule terms and hooks count it with its giver), but the re-deal keeps
every player's owned cards, so the card stays with its receiver (pooled with the
receiver's hand and pile) in every deal: the deals are conditioned on that pass.  The
observation a deal is checked against is ``p``'s, the same in every deal (owned cards
and the recorded passes are kept), so nothing is rejected for it.  Re-dealing the
passed cards would mean choosing, for each such pass, which card went from the giver's
cards to the receiver's, among deals that still explain every later public event (a
trashed or revealed copy): not done.

Each pool is put in card-id order before it is shuffled, with the caller's own stream:
the deal depends only on what ``p`` knows and on that stream, never on the true order of
hidden cards, so two positions that differ only in hidden information give the same deals.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import N_CARDS
from sim.engine.layout import (
    AG_WAIT_ARG,
    AG_WAIT_D,
    AG_WAIT_P,
    DECK,
    DECK_N,
    HAND0,
    KNOWN_TOP_MAX,
    MAX_DECK,
    MAX_PLAYERS,
    N_SLOTS,
    SEEN_HAND,
    SEEN_TOP,
    UNKNOWN,
    V_NP,
    V,
)
from sim.engine.pointers import copy_ints, ptr
from sim.engine.rng import next_u64, seed_stream, shuffle
from sim.env.core import N_ACTIONS, OBS_SIZE, legal_mask, observe

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
def deal_again(D, R, p, rng, counts, pool):
    """Deal again, in the game ``D``/``R`` (stopped at a question), what player ``p``
    cannot see (the module's rule).  Draw piles are stored bottom first.  The hooks'
    copy of a hand (layout SEEN_HAND, SEEN_TOP: scratch rewritten before each hook is
    asked) is cleared, so no hidden card is left in the dealt game."""
    n = D[V + V_NP]
    for q in range(n):
        k0 = DECK + q * MAX_DECK
        size = D[DECK_N + q]
        counts[:] = 0
        in_hand = 0
        h = HAND0 + q * N_SLOTS
        if q == p:
            unknown = min(D[UNKNOWN + q], size)
        else:
            unknown = size
            for c in range(N_CARDS):
                counts[c] += D[h + c]
                in_hand += D[h + c]
                D[h + c] = 0
        for i in range(unknown):
            counts[D[k0 + i]] += 1
        m = _shuffle_counts(counts, pool, rng)
        for i in range(in_hand):
            D[h + pool[i]] += 1
        for i in range(m - in_hand):
            D[k0 + i] = pool[in_hand + i]
    for i in range(SEEN_HAND, SEEN_TOP + KNOWN_TOP_MAX):
        D[i] = 0
    for k in range(R.shape[0]):
        seed_stream(R[k], 0, next_u64(rng, 0))


@njit(cache=True)
def same_question(D, T, want_mask, mask, viewer, want_obs, obs):
    """Whether the game ``D`` (stopped at a question) has the legal actions ``want_mask``
    (written into ``mask``) and gives ``viewer`` the observation ``want_obs`` (``obs``:
    scratch)."""
    legal_mask(D, T, D[AG_WAIT_P], D[AG_WAIT_D], D[AG_WAIT_ARG], mask)
    for a in range(N_ACTIONS):
        if mask[a] != want_mask[a]:
            return False
    observe(D, T, viewer, True, obs)
    for i in range(OBS_SIZE):
        if obs[i] != want_obs[i]:
            return False
    return True


@njit(cache=True)
def deal_consistent(D, R, now, R_now, T, viewer, rng, tries, want_mask, want_obs, mask, obs,
                    counts, pool):
    """Up to ``tries`` deals (:func:`deal_again` for ``viewer``), each of the game ``now``
    (stopped at a question; ``R_now`` its streams, ``want_mask`` its legal actions,
    ``want_obs`` ``viewer``'s observation) copied into ``D``/``R``, until one keeps the
    legal actions and the observation (:func:`same_question`).  Returns the number of
    deals made: positive when the last one is kept (``D``/``R``, ``mask`` its legal
    actions), minus ``tries`` when none is."""
    m = len(D)
    for k in range(tries):
        copy_ints(ptr(D), ptr(now), m)
        R[:, :] = R_now
        deal_again(D, R, viewer, rng, counts, pool)
        if same_question(D, T, want_mask, mask, viewer, want_obs, obs):
            return k + 1
    return -tries


@njit(cache=True)
def resample_into(D, R, mask, now, R_now, T, viewer, seed, tries, want_mask):
    """:meth:`State.resample <sim.env.state.State.resample>`'s deal in one call:
    :func:`deal_consistent` for ``viewer`` with the stream :func:`stream` (``seed``)
    gives, the observation to keep computed from ``now`` (whose legal actions are
    ``want_mask``), its scratch allocated here.  ``D``/``R``/``mask``: the copy."""
    rng = np.zeros(4, np.uint64)
    seed_stream(rng, 0, np.uint64(seed))
    want_obs = np.empty(OBS_SIZE, np.float32)
    observe(now, T, viewer, True, want_obs)
    obs = np.empty(OBS_SIZE, np.float32)
    counts = np.zeros(N_SLOTS, np.int64)
    pool = np.zeros(POOL_SIZE, np.int64)
    return deal_consistent(D, R, now, R_now, T, viewer, rng, tries, want_mask, want_obs, mask,
                           obs, counts, pool)
