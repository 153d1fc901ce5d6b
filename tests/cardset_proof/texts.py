"""The made-up set's functions: what a new set's module of sim/engine holds.

One compiled function per card with text, the printed text in its docstring, and the
set's ``CARD_TEXT`` by special code; the codes of its questions come from the table of
decisions (sim.engine.codes.code_of), which numbers them after the built-in ones.
"""

from __future__ import annotations

from numba import njit

from sim.cards import SILVER
from sim.engine.adventures.mechanics import at_start, gain_with_triggers, play_lasts
from sim.engine.codes import ERR_ILLEGAL, code_of
from sim.engine.layout import ERR, HAND_N, SUPPLY
from sim.engine.resume import push_frame, stopped, take_frame
from sim.engine.steps import ask, fail, in_hand_ok
from sim.engine.zones import add_coins, trash_from_hand
from tests.cardset_proof.cards import (
    PROOF_ALMANAC,
    PROOF_ALMANAC_SILVER,
    PROOF_LENDER_TRASH,
    SP_PROOF_ALMANAC,
    SP_PROOF_LENDER,
)

D_PROOF_LENDER = code_of(PROOF_LENDER_TRASH)
D_PROOF_ALMANAC = code_of(PROOF_ALMANAC_SILVER)


@njit(cache=True)
def proof_lender(S, R, T, P, Q, H, p):
    """Proof Lender: you may trash a card from your hand; if you do, +$2.

    Asks D_PROOF_LENDER (a card from hand, or none) when the hand holds a card."""
    if S[HAND_N + p] == 0:
        return
    c = ask(S, R, T, P, Q, H, p, D_PROOF_LENDER, 0)
    if S[ERR] or c < 0 or not in_hand_ok(S, T, p, D_PROOF_LENDER, c, 0):
        return
    trash_from_hand(S, T, p, c)
    add_coins(S, p, 2)


# Resume sites of proof_almanac (sim.engine.resume).
PROOF_ALMANAC_AT_SILVER = 1         # the question
PROOF_ALMANAC_IN_SILVER_GAIN = 2    # inside the Silver's gain (a Reserve called on it)


@njit(cache=True)
def proof_almanac(S, R, T, P, Q, H, p):
    """Proof Almanac: +$1 (counter).  At the start of your next turn, you may gain a
    Silver (its declared start-of-turn effect, run with the start-of-turn flag).

    Asks D_PROOF_ALMANAC (1 yes, 0 no) when a Silver is left to gain."""
    if not at_start(S):
        play_lasts(S, T, p, PROOF_ALMANAC)
        return
    site, _, _, _, _ = take_frame(S)
    if site != PROOF_ALMANAC_IN_SILVER_GAIN:
        if S[SUPPLY + SILVER] == 0:
            return
        r = ask(S, R, T, P, Q, H, p, D_PROOF_ALMANAC, 0)
        if stopped(S):
            push_frame(S, PROOF_ALMANAC_AT_SILVER, 0, 0, 0, 0)
            return
        if S[ERR] or r == 0:
            return
        if r != 1:
            fail(S, ERR_ILLEGAL, p, D_PROOF_ALMANAC, r)
            return
    gain_with_triggers(S, R, T, P, Q, H, p, SILVER, 0)
    if stopped(S):
        push_frame(S, PROOF_ALMANAC_IN_SILVER_GAIN, 0, 0, 0, 0)


CARD_TEXT = {
    SP_PROOF_LENDER: proof_lender,
    SP_PROOF_ALMANAC: proof_almanac,
}
