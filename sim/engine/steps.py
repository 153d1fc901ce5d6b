"""The steps card texts are made of: ask a player, check an answer, gain a card
costing up to $N, let an attacked player react, queue a card to be played.

Each card's own function (:mod:`sim.engine.base_set`) is written with these
and the zone moves of :mod:`sim.engine.zones`, so a card's text reads as its
printed text.  An illegal answer is recorded with :func:`fail` (the batch
stops and the Python side names the bot, decision and card); every step
returns early once an error is recorded.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import ATTACK_REACTIONS, C_TYPES, N_CARDS, PROVINCE, REACT_HOW, REACT_HOW_UNAFFECTED
from sim.engine.agent_seat import agent_answer
from sim.engine.codes import (
    BOT_RAISED,
    DEC_DECIDER,
    END_PILES,
    END_PROVINCES,
    END_TURN_CAP,
    ERR_BOT_RAISED,
    ERR_ILLEGAL,
    ERR_OVERFLOW,
    EV_REVEAL,
    REACT_QUESTION,
    USE_DEFAULT,
)
from sim.engine.layout import (
    A_ATTACKED,
    A_ON_GAIN,
    ADV_STACK_WIDTH,
    BOT,
    DECIDE_BASE,
    E_GONE,
    E_KIND,
    E_KIND_COPY,
    E_STAYS,
    E_WINDOW,
    ERR,
    ERR_ARG,
    H_ADVENTURE,
    H_DECIDE,
    H_HOOKS,
    HAND0,
    HAND_N,
    N_COLS,
    N_REACTIONS,
    N_SLOTS,
    OWN0,
    P_WIDTH,
    PF_FLAGS,
    REACTION_IDS,
    STACK,
    STACK_DEPTH,
    STACK_WIDTH,
    SUPPLY,
    T_ADV,
    TURNS,
    V_GAME,
    V_MISSION,
    V_MISSION_NEXT,
    V_NP,
    V_PREV,
    V_STACK_N,
    V_TOTAL_TURNS,
    V_TURN_CAP,
    V,
)
from sim.engine.program import F_KIND, K_AGENT
from sim.engine.resume import NO_SITE, push_frame, stopped, take_frame
from sim.engine.zones import (
    can_gain,
    card_with_ability,
    gain,
    game_over,
    log_event,
    trash_from_hand,
    with_ability,
)


@njit(cache=True, inline="always")
def adv_turn_over(S, cur):
    """After ``cur``'s turn in an Adventures game (its records, if any, already taken):
    count the turn (a Mission turn is not one of ``cur``'s turns), then the seat that
    moves next, or ``-1 - reason`` (sim.engine.codes END_*) when the game is over.
    Mission gives the same player another turn.  Shared by the game loops of
    sim.engine.game.play_games_adv and sim.engine.adventures.turn.play_turn_adv."""
    if S[V + V_MISSION] == 0:
        S[TURNS + cur] += 1
    S[V + V_TOTAL_TURNS] += 1
    if S[SUPPLY + PROVINCE] == 0:
        return -1 - END_PROVINCES
    if game_over(S):
        return -1 - END_PILES
    n = S[V + V_NP]
    if S[V + V_TOTAL_TURNS] >= S[V + V_TURN_CAP] * n:
        return -1 - END_TURN_CAP
    S[V + V_PREV] = cur
    S[V + V_MISSION] = S[V + V_MISSION_NEXT]
    S[V + V_MISSION_NEXT] = 0
    if S[V + V_MISSION]:        # Mission: the same player takes another turn
        return cur
    return cur + 1 if cur + 1 < n else 0


@njit(cache=True)
def fail(S, code, p, d, c):
    """Record an error; the batch stops before the current game is counted."""
    if S[ERR] == 0:
        S[ERR] = code
        S[ERR + 1] = S[V + V_GAME]
        S[ERR + 2] = p
        S[ERR + 3] = d
        S[ERR + 4] = c
        S[ERR + 5] = S[BOT + p]


@njit(cache=True, inline="always")
def call_decider(deciders, S, R, T, P, Q, hooks, p, d, arg):
    """The answer to question ``d`` from the decider that answers it (``deciders`` is
    the engine's H[H_DECIDE], sim.engine.decision_pair): in a base game ``decide``; in a
    game running the Adventures turn the one of the rule bot ``d`` declares
    (codes.DEC_DECIDER).  The one place a decider is chosen: ``ask`` and every caller
    that asks a seat's bot from outside the turn go through it."""
    if T[T_ADV]:
        return deciders[DEC_DECIDER[d]](S, R, T, P, Q, hooks, p, d, arg)
    return deciders[DECIDE_BASE](S, R, T, P, Q, hooks, p, d, arg)


@njit(cache=True)
def ask(S, R, T, P, Q, H, p, d, arg):
    """Ask player ``p`` decision ``d``; records an error if its bot raised.  The
    question's ``arg`` is kept (layout ERR_ARG) so that an illegal answer's error can
    list the answers that were legal (sim.engine.batch.legal_answers)."""
    S[ERR_ARG] = arg
    c = call_decider(H[H_DECIDE], S, R, T, P, Q, H[H_HOOKS], p, d, arg)
    if c == BOT_RAISED:
        fail(S, ERR_BOT_RAISED, p, d, -1)
    return c


@njit(cache=True)
def in_hand_ok(S, T, p, d, c, type_mask):
    """True when ``c`` is a legal card from ``p``'s hand; records an error if not."""
    if c < 0 or c >= N_CARDS or S[HAND0 + p * N_SLOTS + c] <= 0 or (
            type_mask and (T[c * N_COLS + C_TYPES] & type_mask) == 0):
        fail(S, ERR_ILLEGAL, p, d, c)
        return False
    return True


@njit(cache=True)
def in_zone_ok(S, p, d, c, z0):
    """True when ``c`` is in the count zone starting at ``z0`` (of player 0; ``p``'s is
    ``p * N_SLOTS`` further); records an error if not."""
    if c < 0 or c >= N_CARDS or S[z0 + p * N_SLOTS + c] <= 0:
        fail(S, ERR_ILLEGAL, p, d, c)
        return False
    return True


@njit(cache=True)
def yes_no(S, R, T, P, Q, H, p, d, arg):
    """Ask a yes/no decision: 1 yes, 0 no, -1 after an error (illegal answers fail)."""
    r = ask(S, R, T, P, Q, H, p, d, arg)
    if S[ERR]:
        return -1
    if r != 0 and r != 1:
        fail(S, ERR_ILLEGAL, p, d, r)
        return -1
    return r


@njit(cache=True)
def any_gainable(S, T, max_cost, type_mask):
    for c in range(N_CARDS):
        of_type = type_mask == 0 or (T[c * N_COLS + C_TYPES] & type_mask) != 0
        if of_type and can_gain(S, T, c, max_cost):
            return True
    return False


# Resume sites (sim.engine.resume).
GAIN_CHOICE_AT_CHOICE = 1
GAIN_CHOICE_IN_GAIN = 2         # (the card chosen)


@njit(cache=True)
def gain_choice(S, R, T, P, Q, H, p, d, max_cost, type_mask, where):
    """A mandatory "gain a card costing up to max_cost" (of a type, if type_mask); the
    card gained, -1 when none was (nothing to gain, an error, or the turn stopped).

    In an Adventures game the gain may set off questions (Duplicate, Travelling Fair:
    :func:`gain_card`), so it keeps a frame (sim.engine.resume): GAIN_CHOICE_AT_CHOICE,
    the choice; GAIN_CHOICE_IN_GAIN, the gain of the card chosen.  A base game's gain
    asks nothing: no frame."""
    c = -1
    adventures = T[T_ADV] != 0
    if adventures:
        site, chosen, _, _, _ = take_frame(S)
        if site == GAIN_CHOICE_IN_GAIN:
            c = chosen
    if c < 0:
        if not any_gainable(S, T, max_cost, type_mask):
            return -1
        c = ask(S, R, T, P, Q, H, p, d, max_cost)
        if S[ERR]:
            if adventures and stopped(S):
                push_frame(S, GAIN_CHOICE_AT_CHOICE, 0, 0, 0, 0)
            return -1
        ok = c >= 0 and c < N_CARDS and can_gain(S, T, c, max_cost)
        if ok and type_mask:
            ok = (T[c * N_COLS + C_TYPES] & type_mask) != 0
        if not ok:
            fail(S, ERR_ILLEGAL, p, d, c)
            return -1
    gain_card(S, R, T, P, Q, H, p, c, where)
    if adventures and stopped(S):
        push_frame(S, GAIN_CHOICE_IN_GAIN, c, 0, 0, 0)
        return -1
    return c


GAIN_CARD_IN_TRIGGERS = 1       # the card is gained: inside what the gain sets off


@njit(cache=True)
def gain_card(S, R, T, P, Q, H, p, c, where):
    """``p`` gains ``c`` (the caller checked its pile is not empty), then what a gain
    sets off in an Adventures game (Duplicate, Lost City, Travelling Fair, the count
    Treasure Hunter reads: sim.engine.adventures.mechanics.on_gain), whose questions
    stop the turn past the gain: then a frame (GAIN_CARD_IN_TRIGGERS: the card is
    gained)."""
    if T[T_ADV]:
        site, _, _, _, _ = take_frame(S)
        if site == NO_SITE:
            gain(S, T, p, c, where)
        H[H_ADVENTURE][A_ON_GAIN](S, R, T, P, Q, H[:H_ADVENTURE], p, c, where)
        if stopped(S):
            push_frame(S, GAIN_CARD_IN_TRIGGERS, 0, 0, 0, 0)
        return
    gain(S, T, p, c, where)


@njit(cache=True, inline="always")
def is_agent(S, P, q):
    """Seat ``q`` is an agent seat (sim.env: its bot kind is K_AGENT + k)."""
    return P[S[BOT + q] * P_WIDTH + PF_FLAGS + F_KIND] >= K_AGENT


# The Reactions that leave their holder unaffected by an Attack (Moat), in the window's
# declared order (sim.cards.ATTACK_REACTIONS), and each card's way of reacting (REACT_HOW)
# and question (REACT_QUESTION): compiled in as constants.
UNAFFECTED_IDS = np.array([c for c in ATTACK_REACTIONS if REACT_HOW[c] == REACT_HOW_UNAFFECTED],
                          np.int64)
N_UNAFFECTED = len(UNAFFECTED_IDS)


@njit(cache=True)
def agent_reaction(S, R, T, P, Q, H, q, d, x, arg):
    """Agent seat ``q``'s reaction question ``d`` for the Reaction ``x`` (Moat, Caravan
    Guard), put whenever ``q`` could hold one as far as the other players know: it owns
    a card with ``x``'s abilities (owned counts and the Estate token are public), held
    now or not.  At the table a player who does not reveal keeps the card secret; an
    agent seat asked only when holding one would tell every other seat (who is asked
    is public: State.current_player, the AEC agent_selection).  With none in hand the
    question is padded: "no" is its only legal answer (sim.env.core.legal_mask), and
    when agents do not take ``d`` or a playout's script has run out the answer is "no"
    without asking the seat's bot, so no bot is asked about a card it does not hold.
    The card to reveal or play (``x``, else an Estate with its abilities), or -1 for
    "no" (or after an error)."""
    card = card_with_ability(S, q, HAND0, x)
    if card >= 0:
        return card if yes_no(S, R, T, P, Q, H, q, d, arg) == 1 else -1
    if with_ability(S, q, OWN0, x) == 0:
        return -1
    S[ERR_ARG] = arg
    r = agent_answer(S, q, d, arg)
    if r != USE_DEFAULT and r != 0 and S[ERR] == 0:
        fail(S, ERR_ILLEGAL, q, d, r)
    return -1


@njit(cache=True, inline="always")
def attack_blocked(S, R, T, P, Q, H, q):
    """The reaction window of an attacked player ``q``: it may reveal Reactions from
    its hand; one that declares it leaves its holder unaffected (Moat: REACT_HOW), revealed,
    makes it unaffected by this attack.  Only the game's Reactions are looked at (a short
    list in the table, usually empty, in the declared order).  Revealing is a yes/no
    decision like any other (the card's declared question, REACT_QUESTION): another
    answer is an error, not a "no".  An agent seat's window is :func:`agent_blocked`."""
    blocked = False
    for i in range(T[N_REACTIONS]):
        c = T[REACTION_IDS + i]
        if S[HAND0 + q * N_SLOTS + c] == 0:
            continue
        if REACT_HOW[c] == REACT_HOW_UNAFFECTED and not blocked:
            if yes_no(S, R, T, P, Q, H, q, REACT_QUESTION[c], 0) == 1:
                log_event(S, EV_REVEAL, q, c, 1, 0)
                blocked = True
    return blocked


@njit(cache=True)
def agent_blocked(S, R, T, P, Q, H, q):
    """:func:`attack_blocked` for an agent seat: asked whether or not it holds each
    Reaction that leaves its holder unaffected (Moat; :func:`agent_reaction`), once for
    such a card or an Estate with its abilities (Inheritance: a bot seat is asked about
    such an Estate after attack_blocked, in sim.engine.adventures.mechanics.attacked_adv,
    only when it holds no Moat)."""
    for i in range(N_UNAFFECTED):
        x = UNAFFECTED_IDS[i]
        m = agent_reaction(S, R, T, P, Q, H, q, REACT_QUESTION[x], x, 0)
        if m >= 0:
            log_event(S, EV_REVEAL, q, m, 1, 0)
            return True
        if S[ERR]:      # an error, or stopped at the question
            break
    return False


@njit(cache=True)
def attacked(S, R, T, P, Q, H, p, k):
    """The ``k``-th player after ``p`` in turn order if ``p``'s Attack affects them, after
    their reaction window; -1 when they block it (or an error is recorded: the callers'
    loops then run out without touching anyone, and the batch stops)."""
    q = (p + k) % S[V + V_NP]
    if S[ERR]:
        return -1
    if T[T_ADV]:    # Caravan Guard, Champion (sim.engine.adventures.mechanics.attacked_adv)
        if H[H_ADVENTURE][A_ATTACKED](S, R, T, P, Q, H[:H_ADVENTURE], p, q, 0) == 0 or S[ERR]:
            return -1
        return q
    if is_agent(S, P, q):   # sim.env: asked whether or not it holds Moat
        if agent_blocked(S, R, T, P, Q, H, q) or S[ERR]:
            return -1
        return q
    if attack_blocked(S, R, T, P, Q, H, q) or S[ERR]:
        return -1
    return q


# An Attack's sites, for the Attacks that take their players through attacked_resumed
# or hit_after_windows (their own sites are named by these; sites past ATTACK_AT_PLAYER
# are inside what the Attack does to the k-th player too).
ATTACK_AT_REACTION = 1          # the k-th player's reaction window
ATTACK_AT_PLAYER = 2            # inside what the Attack does to the k-th player


@njit(cache=True)
def attacked_resumed(S, R, T, P, Q, H, p, k, site):
    """An Attack's step to the ``k``-th player after ``p`` (:func:`attacked`: its reaction
    window, then the player, or -1 when unaffected), for a card whose frame is (site, k):
    resumed at ATTACK_AT_PLAYER or a later site (past the window, inside what the Attack
    does to them) it is that player; a question in the window pushes the card's frame
    (ATTACK_AT_REACTION, k).  One home for the window-then-effect walk of Militia,
    Witch, Bureaucrat, Bandit, Swindler, Torturer and the Attacks that only mark."""
    if site >= ATTACK_AT_PLAYER:
        return (p + k) % S[V + V_NP]
    q = attacked(S, R, T, P, Q, H, p, k)
    if stopped(S):
        push_frame(S, ATTACK_AT_REACTION, k, 0, 0, 0)
    return q


@njit(cache=True)
def hit_after_windows(S, R, T, P, Q, H, p, k0, hit):
    """Every other player's reaction window, from the ``k0``-th after ``p`` in turn
    order, before the Attack does anything to any of them: Reactions answer the play
    (the Official FAQs of Minion, Replace; Giant's before its token turns).  Returns
    ``hit`` with a bit added for each player the Attack affects.  A question in a window
    pushes the card's frame (ATTACK_AT_REACTION, k, hit): the card resumes with
    ``k0 = k`` and that ``hit``; the caller returns on ``S[ERR]`` (a stop included)."""
    for k in range(k0, S[V + V_NP]):
        q = attacked(S, R, T, P, Q, H, p, k)
        if stopped(S):
            push_frame(S, ATTACK_AT_REACTION, k, hit, 0, 0)
            return hit
        if q >= 0:
            hit |= 1 << q
    return hit


@njit(cache=True)
def trash_asked(S, R, T, P, Q, H, p, d, site, a, b):
    """``p`` trashes a card from its hand, asked ``d`` (mandatory when the hand holds a
    card: Remodel, Transmogrify, Upgrade, Replace).  Returns the card, or -1 when
    nothing was trashed: an empty hand, an error, or a question that stopped the turn
    (the caller's frame (site, a, b) is then pushed)."""
    if S[HAND_N + p] == 0:
        return -1
    c = ask(S, R, T, P, Q, H, p, d, 0)
    if stopped(S):
        push_frame(S, site, a, b, 0, 0)
        return -1
    if S[ERR] or not in_hand_ok(S, T, p, d, c, 0):
        return -1
    trash_from_hand(S, T, p, c)
    return c


@njit(cache=True)
def push_play(S, T, p, c, times, by):
    """Queue card ``c`` (already in play) to be resolved ``times`` times, played by
    card ``by``; the turn resolves it as soon as the current card's text is done
    (sim.engine.game.play_action; in an Adventures game the wider entries of
    sim.engine.adventures.turn, which also track Durations and after-Action calls)."""
    push_entry(S, T, p, c, times, by, E_KIND_COPY)


@njit(cache=True)
def push_entry(S, T, p, c, times, by, kind):
    """:func:`push_play` with the kind of an Adventures entry (E_KIND_*)."""
    n = S[V + V_STACK_N]
    if n >= STACK_DEPTH:
        fail(S, ERR_OVERFLOW, p, -1, c)
        return
    if T[T_ADV]:
        o = STACK + ADV_STACK_WIDTH * n
        S[o + E_STAYS] = 0
        S[o + E_GONE] = 0
        S[o + E_WINDOW] = 0
        S[o + E_KIND] = kind
    else:
        o = STACK + STACK_WIDTH * n
    S[o] = c
    S[o + 1] = times
    S[o + 2] = times
    S[o + 3] = by
    S[V + V_STACK_N] = n + 1
