"""Intrigue cards that reach the other players: Attacks (Swindler, Minion, Replace,
Torturer), a Reaction (Diplomat) and Masquerade's passing.  See
:mod:`sim.engine.intrigue`.

The Attacks go through the engine's attack step (:func:`sim.engine.steps.attacked`: in
an Intrigue game, always the Adventures window, mechanics.attacked_adv), so Moat, Caravan
Guard and Diplomat answer them and Champion keeps them off, each other player in turn
order from the attacker's left.  Each Attack's reaction window opens when it is played,
before it does anything (Official FAQ: Minion, Replace), so Minion and Replace take every
player's window first (as Giant does) and remember who is hit (a bit per player).
Diplomat's Reaction is in mechanics.attacked_adv, beside Caravan Guard's.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import ACTION, CURSE, N_CARDS, TREASURE, VICTORY
from sim.cards import intrigue as _intrigue
from sim.cards.intrigue import REPLACE
from sim.engine.codes import (
    D_ATTACK_DISCARD,
    DISCARD_ATTACK,
    ERR_ILLEGAL,
    EV_DISCARD,
    EV_PASS,
    EV_TOPDECK,
    code_of,
)
from sim.engine.intrigue import texts_of
from sim.engine.layout import (
    DISC0,
    DISC_N,
    DISC_TOP,
    ERR,
    HAND0,
    HAND_N,
    MAX_PLAYERS,
    N_SLOTS,
    SUPPLY,
    V_ACTIONS,
    V_NP,
    Z_ASIDE,
    Z_DISC,
    V,
)
from sim.engine.resume import NO_SITE, push_frame, stopped, take_frame
from sim.engine.steps import (
    ATTACK_AT_PLAYER,
    ATTACK_AT_REACTION,
    any_gainable,
    ask,
    attacked_resumed,
    fail,
    gain_card,
    hit_after_windows,
    in_hand_ok,
    trash_asked,
)
from sim.engine.zones import (
    GAIN_TO_DISCARD,
    GAIN_TO_HAND,
    add_coins,
    can_gain,
    cost_of,
    count_owned,
    discard_from_hand,
    draw,
    log_event,
    record_pass,
    take_top,
    topdeck_from,
    trash_from,
    trash_from_hand,
    types_of,
)

D_MASQUERADE_PASS = code_of(_intrigue.MASQUERADE_PASS)
D_MASQUERADE_TRASH = code_of(_intrigue.MASQUERADE_TRASH)
D_SWINDLER_GAIN = code_of(_intrigue.SWINDLER_GAIN)
D_MINION_MODE = code_of(_intrigue.MINION_MODE)
D_REPLACE_TRASH = code_of(_intrigue.REPLACE_TRASH)
D_REPLACE_GAIN = code_of(_intrigue.REPLACE_GAIN)
D_TORTURER_MODE = code_of(_intrigue.TORTURER_MODE)
# Diplomat's Reaction is asked in the attack window (mechanics.attacked_adv: whether to
# reveal it is its declared question, sim.engine.codes.REACT_QUESTION; then the discards).
D_DIPLOMAT_REVEAL = code_of(_intrigue.DIPLOMAT_REVEAL)
D_DIPLOMAT_DISCARD = code_of(_intrigue.DIPLOMAT_DISCARD)


@njit(cache=True)
def discard_hand(S, p):
    """``p`` discards their whole hand (Minion); logs EV_DISCARD (DISCARD_ATTACK: the
    log names the card resolving) per card."""
    h0 = HAND0 + p * N_SLOTS
    d0 = DISC0 + p * N_SLOTS
    for c in range(N_CARDS):
        k = S[h0 + c]
        if k:
            S[d0 + c] += k
            S[h0 + c] = 0
            S[DISC_TOP + p] = c
            log_event(S, EV_DISCARD, p, c, k, DISCARD_ATTACK)
    S[DISC_N + p] += S[HAND_N + p]
    S[HAND_N + p] = 0


@njit(cache=True)
def exact_gainable(S, T, cost):
    """Some Supply card can be gained costing exactly ``cost`` (now)."""
    for c in range(N_CARDS):
        if S[SUPPLY + c] > 0 and cost_of(S, T, c) == cost:
            return True
    return False


# ----------------------------------------------------------------------------- Masquerade
MASQUERADE_AT_PASS = 1          # the choices so far (card + 1 per player from p; 0: not yet)
MASQUERADE_AT_TRASH = 2


@njit(cache=True)
def masquerade(S, R, T, P, Q, H, p):
    """Masquerade: +2 Cards (counter). Each player with any cards in hand passes one to
    the next such player to their left, at once. Then you may trash a card from your hand.

    Every player with cards chooses first, in turn order from ``p`` (D_MASQUERADE_PASS,
    ASK_ANY), then all the cards move at once; a player with no cards neither passes nor
    receives, and a lone player with cards passes to themselves.  Passing is neither a
    gain nor a trash: the card changes owner (zones.count_owned), nothing triggers.  Not
    an Attack.  Logs EV_PASS (player: the giver, extra: the receiver; only those two see
    the card: sim.engine.gamelog VISIBILITY; zones.record_pass keeps it out of what the
    others know of owned cards).  Then asks ``p`` D_MASQUERADE_TRASH (or none); logs
    EV_TRASH.  Frame: MASQUERADE_AT_PASS, the choices so far;
    MASQUERADE_AT_TRASH, the trash."""
    n = S[V + V_NP]
    site, c0, c1, c2, c3 = take_frame(S)
    if site <= MASQUERADE_AT_PASS:
        ch = np.zeros(MAX_PLAYERS, np.int64)
        ch[0] = c0
        ch[1] = c1
        ch[2] = c2
        ch[3] = c3
        for k in range(n):
            q = (p + k) % n
            if S[HAND_N + q] == 0 or ch[k] > 0:
                continue
            c = ask(S, R, T, P, Q, H, q, D_MASQUERADE_PASS, 0)
            if stopped(S):
                push_frame(S, MASQUERADE_AT_PASS, ch[0], ch[1], ch[2], ch[3])
                return
            if S[ERR] or not in_hand_ok(S, T, q, D_MASQUERADE_PASS, c, 0):
                return
            ch[k] = c + 1
        for k in range(n):
            if ch[k] == 0:
                continue
            to = k
            for j in range(1, n + 1):
                if ch[(k + j) % n] > 0:
                    to = (k + j) % n
                    break
            giver = (p + k) % n
            getter = (p + to) % n
            c = ch[k] - 1
            S[HAND0 + giver * N_SLOTS + c] -= 1
            S[HAND_N + giver] -= 1
            count_owned(S, T, giver, c, -1)
            S[HAND0 + getter * N_SLOTS + c] += 1
            S[HAND_N + getter] += 1
            count_owned(S, T, getter, c, 1)
            log_event(S, EV_PASS, giver, c, 1, getter)
            record_pass(S, giver, getter, c)
    if S[HAND_N + p] == 0:
        return
    c = ask(S, R, T, P, Q, H, p, D_MASQUERADE_TRASH, 0)
    if stopped(S):
        push_frame(S, MASQUERADE_AT_TRASH, 0, 0, 0, 0)
        return
    if S[ERR] or c < 0:
        return
    if in_hand_ok(S, T, p, D_MASQUERADE_TRASH, c, 0):
        trash_from_hand(S, T, p, c)


# ----------------------------------------------------------------------------- Swindler
SWINDLER_AT_REACTION = ATTACK_AT_REACTION  # the k-th player's reaction window
SWINDLER_AT_GAIN = ATTACK_AT_PLAYER         # the choice for the k-th player (the cost)
SWINDLER_IN_GAIN = 3            # the k-th player's gain (the card)


@njit(cache=True)
def swindler(S, R, T, P, Q, H, p):
    """Swindler: +$2 (counter). Each other player trashes the top card of their deck and
    gains a card with the same cost that you choose.

    In turn order from the left; a player the Attack does not affect (Moat, Champion)
    reveals and trashes nothing.  The deck shuffles when empty; with no card at all the
    player trashes and gains nothing.  The cost is the card's cost now (Bridge, Bridge
    Troll, the -$2 token); ``p`` is asked D_SWINDLER_GAIN (arg: the cost; any Supply card
    costing exactly that, the trashed card's own pile too) when one can be gained, else
    nothing is gained.  Logs EV_TRASH, EV_GAIN.  Frame: SWINDLER_AT_REACTION, player k's
    window; SWINDLER_AT_GAIN, the choice (the cost); SWINDLER_IN_GAIN, the gain (the
    card)."""
    n = S[V + V_NP]
    site, k0, x, _, _ = take_frame(S)
    for k in range(max(k0, 1), n):
        resumed = site
        site = NO_SITE
        q = attacked_resumed(S, R, T, P, Q, H, p, k, resumed)
        if stopped(S):
            return
        if q < 0:
            continue
        if resumed == SWINDLER_IN_GAIN:
            g = x
        else:
            if resumed == SWINDLER_AT_GAIN:
                cost = x
            else:
                c = take_top(S, R, q)
                if c < 0:
                    continue
                cost = cost_of(S, T, c)
                trash_from(S, T, q, Z_ASIDE, c)
            if not exact_gainable(S, T, cost):
                continue
            g = ask(S, R, T, P, Q, H, p, D_SWINDLER_GAIN, cost)
            if stopped(S):
                push_frame(S, SWINDLER_AT_GAIN, k, cost, 0, 0)
                return
            if S[ERR]:
                return
            if g < 0 or g >= N_CARDS or not can_gain(S, T, g, cost) or \
                    cost_of(S, T, g) != cost:
                fail(S, ERR_ILLEGAL, p, D_SWINDLER_GAIN, g)
                return
        gain_card(S, R, T, P, Q, H, q, g, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, SWINDLER_IN_GAIN, k, g, 0, 0)
            return


# ----------------------------------------------------------------------------- Minion
MINION_AT_REACTION = ATTACK_AT_REACTION    # the k-th player's window (who is hit so far)
MINION_AT_MODE = 2              # the choice (who is hit)


@njit(cache=True)
def minion(S, R, T, P, Q, H, p):
    """Minion: +1 Action (counter). Choose one: +$2; or discard your hand, +4 Cards, and
    each other player with at least 5 cards in hand discards their hand and draws 4 cards.

    Reactions answer Minion when it is played, before the choice (Official FAQ): every
    other player's window comes first, in turn order (who is hit kept as a bit each);
    then ``p`` is asked D_MINION_MODE (0 +$2, 1 the attack).  The attack draws 4 even
    from an empty hand; a hit player's hand size is counted then.  Logs EV_DISCARD
    (DISCARD_ATTACK), the draws.  Frame: MINION_AT_REACTION, player k's window;
    MINION_AT_MODE, the choice."""
    n = S[V + V_NP]
    site, k0, hit, _, _ = take_frame(S)
    if site == NO_SITE:
        k0 = 1
    hit = hit_after_windows(S, R, T, P, Q, H, p, k0 if site <= MINION_AT_REACTION else n, hit)
    if S[ERR]:
        return
    r = ask(S, R, T, P, Q, H, p, D_MINION_MODE, 0)
    if stopped(S):
        push_frame(S, MINION_AT_MODE, 0, hit, 0, 0)
        return
    if S[ERR]:
        return
    if r == 0:
        add_coins(S, p, 2)
        return
    if r != 1:
        fail(S, ERR_ILLEGAL, p, D_MINION_MODE, r)
        return
    discard_hand(S, p)
    draw(S, R, p, 4)
    for k in range(1, n):
        q = (p + k) % n
        if (hit >> q) & 1 and S[HAND_N + q] >= 5:
            discard_hand(S, q)
            draw(S, R, q, 4)


# ----------------------------------------------------------------------------- Replace
REPLACE_AT_REACTION = ATTACK_AT_REACTION   # the k-th player's window (who is hit so far)
REPLACE_AT_TRASH = 2            # (who is hit)
REPLACE_AT_GAIN = 3             # (the limit, who is hit)
REPLACE_IN_GAIN = 4             # (the card, who is hit, its copies in the discard before)
REPLACE_IN_CURSE_GAIN = 5       # the k-th player's Curse (who is hit)


@njit(cache=True)
def replace(S, R, T, P, Q, H, p):
    """Replace: trash a card from your hand. Gain a card costing up to $2 more than it. If
    the gained card is an Action or Treasure, put it onto your deck; if it's a Victory
    card, each other player gains a Curse.

    An Attack: every other player's reaction window opens when it is played (Official
    FAQ), who is hit kept as a bit each; only the Curses reach them.  Asks D_REPLACE_TRASH
    (mandatory with a card in hand), D_REPLACE_GAIN (arg: the most it may cost).  The card
    is gained to the discard pile, then moved onto the deck if it is still there (an
    on-gain effect may have moved it: Travelling Fair); a card of both kinds (Harem,
    Nobles, Mill) does both.  Curses in turn order while they last.  Logs EV_TRASH,
    EV_GAIN, EV_TOPDECK (extra REPLACE, public: the card was gained).  Frame: see the
    sites above."""
    n = S[V + V_NP]
    site, a, hit, before, _ = take_frame(S)
    if site <= REPLACE_AT_REACTION:
        hit = hit_after_windows(S, R, T, P, Q, H, p, a if site == REPLACE_AT_REACTION else 1,
                                hit)
        if S[ERR]:
            return
    limit = a
    g = a
    if site <= REPLACE_AT_TRASH:
        c = trash_asked(S, R, T, P, Q, H, p, D_REPLACE_TRASH, REPLACE_AT_TRASH, 0, hit)
        if c < 0:
            return
        limit = cost_of(S, T, c) + 2
    if site <= REPLACE_AT_GAIN:
        if not any_gainable(S, T, limit, 0):
            return
        g = ask(S, R, T, P, Q, H, p, D_REPLACE_GAIN, limit)
        if stopped(S):
            push_frame(S, REPLACE_AT_GAIN, limit, hit, 0, 0)
            return
        if S[ERR]:
            return
        if g < 0 or g >= N_CARDS or not can_gain(S, T, g, limit):
            fail(S, ERR_ILLEGAL, p, D_REPLACE_GAIN, g)
            return
        before = S[DISC0 + p * N_SLOTS + g]
    k0 = 1
    if site <= REPLACE_IN_GAIN:
        gain_card(S, R, T, P, Q, H, p, g, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, REPLACE_IN_GAIN, g, hit, before, 0)
            return
        if S[ERR]:
            return
        t = types_of(S, T, p, g)
        if (t & (ACTION | TREASURE)) and S[DISC0 + p * N_SLOTS + g] > before:
            topdeck_from(S, p, Z_DISC, g)
            log_event(S, EV_TOPDECK, p, g, 1, REPLACE)
        if (t & VICTORY) == 0:
            return
    else:
        k0 = a
    for k in range(k0, n):
        q = (p + k) % n
        if site == REPLACE_IN_CURSE_GAIN and k == k0:   # resumed inside this Curse's gain
            pass
        elif not (hit >> q) & 1 or S[SUPPLY + CURSE] == 0 or S[ERR]:
            continue
        gain_card(S, R, T, P, Q, H, q, CURSE, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, REPLACE_IN_CURSE_GAIN, k, hit, 0, 0)
            return


# ----------------------------------------------------------------------------- Torturer
TORTURER_AT_REACTION = ATTACK_AT_REACTION  # the k-th player's reaction window
TORTURER_AT_MODE = ATTACK_AT_PLAYER         # the k-th player's choice
TORTURER_AT_DISCARD = 3         # the k-th player's discards (how many so far)
TORTURER_IN_CURSE_GAIN = 4      # the k-th player's Curse


@njit(cache=True)
def torturer(S, R, T, P, Q, H, p):
    """Torturer: +3 Cards (counter). Each other player either discards 2 cards or gains a
    Curse to their hand, their choice. (They may pick an option they can't do.)

    In turn order from the left, each affected player chooses (D_TORTURER_MODE, 0 discard,
    1 the Curse) and it happens before the next one chooses (Official FAQ: Curses dealt
    in turn order).  Discarding with fewer than 2 cards discards what there is
    (D_ATTACK_DISCARD, arg: how many still); the Curse with none left does nothing.  Logs
    EV_DISCARD (DISCARD_ATTACK), EV_GAIN (to hand).  Frame: see the sites above."""
    n = S[V + V_NP]
    site, k0, done, _, _ = take_frame(S)
    for k in range(max(k0, 1), n):
        resumed = site
        site = NO_SITE
        q = attacked_resumed(S, R, T, P, Q, H, p, k, resumed)
        if stopped(S):
            return
        if q < 0:
            continue
        if resumed <= TORTURER_AT_MODE:
            r = ask(S, R, T, P, Q, H, q, D_TORTURER_MODE, 0)
            if stopped(S):
                push_frame(S, TORTURER_AT_MODE, k, 0, 0, 0)
                return
            if S[ERR]:
                return
            if r != 0 and r != 1:
                fail(S, ERR_ILLEGAL, q, D_TORTURER_MODE, r)
                return
            done = 0
        else:
            r = 0 if resumed == TORTURER_AT_DISCARD else 1
        if r == 0:
            while done < 2 and S[HAND_N + q] > 0:
                left = 2 - done
                c = ask(S, R, T, P, Q, H, q, D_ATTACK_DISCARD,
                        left if left < S[HAND_N + q] else S[HAND_N + q])
                if stopped(S):
                    push_frame(S, TORTURER_AT_DISCARD, k, done, 0, 0)
                    return
                if S[ERR] or not in_hand_ok(S, T, q, D_ATTACK_DISCARD, c, 0):
                    return
                discard_from_hand(S, q, c)
                log_event(S, EV_DISCARD, q, c, 1, DISCARD_ATTACK)
                done += 1
        elif resumed == TORTURER_IN_CURSE_GAIN or S[SUPPLY + CURSE] > 0:
            gain_card(S, R, T, P, Q, H, q, CURSE, GAIN_TO_HAND)
            if stopped(S):
                push_frame(S, TORTURER_IN_CURSE_GAIN, k, 0, 0, 0)
                return
        done = 0


# ----------------------------------------------------------------------------- Diplomat
@njit(cache=True)
def diplomat(S, R, T, P, Q, H, p):
    """Diplomat: +2 Cards (counter). If you have 5 or fewer cards in hand (after drawing),
    +2 Actions.  (Its Reaction, when another player plays an Attack, is in
    sim.engine.adventures.mechanics.attacked_adv.)  No decision."""
    if S[HAND_N + p] <= 5:
        S[V + V_ACTIONS] += 2


CARD_TEXT = texts_of(globals())
