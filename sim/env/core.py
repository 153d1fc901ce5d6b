"""The compiled half of the agents' API: resume a game at a decision, list the legal
actions there, and write an observation.

How a game stops at a decision (the design, measured in experiments/bench_env.py): the
turn stops at the question and is resumed there.  When an agent seat is asked past the
answers it gave (sim.engine.agent_seat.agent_answer), the functions the question was
asked inside keep where they were as frames in the state (sim.engine.resume), and the
state is the game as asked; the next step adds the answer to the turn's script and
calls the turn again, which goes straight back to the question and on (:func:`go_on`):
nothing is copied and nothing played twice.  The engine stays one engine: the bots'
whole games run through the same turn, and nothing here plays a card.  A turn that ends
without a new question is followed by the other seats' turns, played by their bots in
the same call, until an agent seat is asked or the game ends.

Actions are one vocabulary for every kingdom (sim.env.actions): card and Event ids, then
"none", "no", "yes" and the options of mode decisions.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import N_CARDS
from sim.engine import codes as dc
from sim.engine.agent_seat import A_MODE0, A_YES
from sim.engine.cardcalls import calls_from_flat
from sim.engine.game import finish_game, play_turn, reset_game
from sim.engine.layout import (
    AG_LEN,
    AG_MAX,
    AG_POS,
    AG_SCRIPT,
    AG_TAKES,
    AG_WAIT_ARG,
    AG_WAIT_D,
    AG_WAIT_P,
    ASIDE0,
    DECK_N,
    DISC0,
    DISC_N,
    DISC_TOP,
    ERR,
    EV_BOUGHT,
    EVENT_IDS,
    EVENT_SLOTS,
    H_DECIDE,
    H_HOOKS,
    H_TURN,
    HAND0,
    HAND_N,
    IN_SUPPLY,
    JOURNEY_DOWN,
    MAT0,
    MAX_PLAYERS,
    MINUS_CARD,
    MINUS_COIN,
    N_EVENTS,
    N_SLOTS,
    N_STREAMS,
    NON_SUPPLY,
    OWN0,
    PLAY0,
    SECRET_N,
    SUPPLY,
    T_ADV,
    TOK_CARD,
    TRASH,
    TURN_ADV,
    TURNS,
    V_ACTIONS,
    V_BUYS,
    V_COINS,
    V_CUR,
    V_LOG_ON,
    V_MISSION,
    V_NP,
    V_TOTAL_TURNS,
    V,
)
from sim.engine.legality import mark_legal
from sim.engine.pointers import copy_ints, ptr
from sim.engine.resume import start_resume
from sim.engine.rng import below, splitmix64
from sim.engine.steps import adv_turn_over, call_decider
from sim.engine.zones import known_owned, known_score, score, with_ability

N_ACTIONS = A_MODE0 + 4     # card and Event ids, none, no, yes, four options

# What go_on() returns.
WAITING, OVER, FAILED = 0, 1, 2


@njit(cache=True)
def first_player(R, n_players, first):
    """The seat that moves first: ``first``, or drawn from the game's last stream as a
    batch draws it (sim.engine.game.play_games), so a seed starts the same game."""
    if first >= 0:
        return first
    return below(ptr(R), N_STREAMS - 1, n_players)


@njit(cache=True, inline="always")
def turn_over(S, T, n, cur, score_out, turns_out, game_out):
    """After ``cur``'s turn: True when the game is over (its outcome written into the
    ``*_out`` rows); else the next seat's turn is set up, with no answers yet."""
    nxt = adv_turn_over(ptr(S), cur)
    if nxt < 0:
        finish_game(ptr(S), ptr(T), 0, n, -1 - nxt, score_out, turns_out, game_out)
        return True
    S[V + V_CUR] = nxt
    S[AG_LEN] = 0
    S[AG_POS] = 0
    return False


@njit(cache=True, inline="always")
def add_answer(S, a):
    """Action ``a`` is the next answer of the turn's script in ``S`` (the caller checked
    there is room: AG_MAX)."""
    k = S[AG_LEN]
    S[AG_SCRIPT + k] = a
    S[AG_LEN] = k + 1


# What answer() returns besides go_on()'s statuses; the state is left unchanged.
ILLEGAL_ACTION, TOO_MANY_ANSWERS = -1, -2


@njit(cache=True)
def answer(S, R, T, P, Q, H_flat, score_out, turns_out, game_out, mask, a):
    """One step of the state API: answer the question the state ``S``/``R`` is stopped at
    with action ``a`` (added to the turn's answers) and :func:`go_on` from there.
    ILLEGAL_ACTION when ``mask`` does not allow ``a``, TOO_MANY_ANSWERS past AG_MAX
    answers in one turn (the state is then unchanged)."""
    if a < 0 or a >= len(mask) or mask[a] == 0:
        return ILLEGAL_ACTION
    if S[AG_LEN] >= AG_MAX:
        return TOO_MANY_ANSWERS
    add_answer(S, a)
    return go_on(S, R, T, P, P, Q, H_flat, score_out, turns_out, game_out, mask)


@njit(cache=True)
def go_on(S, R, T, P, P_later, Q, H_flat, score_out, turns_out, game_out, mask):
    """Play the game ``S``/``R`` on until an agent seat is asked a decision past the
    answers in its script (WAITING: ``S`` is the game as asked, ``mask`` the legal
    actions) or the game ends (OVER: the outcome in the ``*_out`` rows, the game as it
    ended in ``S``) or fails (FAILED: an engine error, sim.engine.codes ERR_*, left in
    S).  ``S`` is either stopped at a question, and resumed there (sim.engine.resume:
    nothing is played again, nothing copied), or at the start of a turn (a new game, a
    position).  The bots' programs are ``P`` for the current turn and ``P_later`` after
    it (a playout's: ``P`` without its agent seats, the bots' own fast paths; else ``P``
    again).  A playout (layout AG_PLAYOUT) never stops: past the script each agent
    seat's own bot answers."""
    return go_on_recording(S, R, S, R, False, T, P, P_later, Q, H_flat, score_out,
                           turns_out, game_out, mask)


@njit(cache=True)
def go_on_recording(S, R, S0, R0, record, T, P, P_later, Q, H_flat, score_out, turns_out,
                    game_out, mask):
    """:func:`go_on`; with ``record``, each turn that ends is followed by a copy of the
    game as the next turn starts into ``S0``/``R0`` (what tests compare a resumed turn
    with: the same turn played from its start with the same answers)."""
    H = calls_from_flat(H_flat)
    n = S[V + V_NP]
    if S[ERR] == dc.ERR_AGENT_WAIT:
        start_resume(S)
    programs = P
    while True:
        cur = S[V + V_CUR]
        if T[T_ADV]:
            H[H_TURN][TURN_ADV](ptr(S), ptr(R), ptr(T), ptr(programs), ptr(Q), H[:H_TURN],
                                cur)
        else:
            play_turn(ptr(S), ptr(R), ptr(T), ptr(programs), ptr(Q), H, cur)
        programs = P_later
        if S[ERR] == dc.ERR_AGENT_WAIT:
            legal_mask(S, T, S[AG_WAIT_P], S[AG_WAIT_D], S[AG_WAIT_ARG], mask)
            return WAITING
        if S[ERR] != 0:
            return FAILED
        if turn_over(S, T, n, cur, score_out, turns_out, game_out):
            return OVER
        if record:
            copy_ints(ptr(S0), ptr(S), len(S0))
            R0[:, :] = R


@njit(cache=True)
def bot_answer(D, R, T, P, Q, H_flat, p, d, arg):
    """What seat ``p``'s own bot answers to decision ``d`` in the game ``D`` (a copy of a
    state stopped at a question; ``R`` a copy of its streams): the agents' block
    is told agents do not take ``d``, so the seat's bot kind answers (an engine answer:
    card id, -1, 0/1 or an option).  A padded reaction question (:func:`legal_mask`'s
    hidden reactions) is answered "no", the engine's answer for the seat's bot."""
    if padded_reaction(D, p, d):    # no bot is asked about a card it does not hold
        return 0
    H = calls_from_flat(H_flat)
    D[AG_TAKES + d] = 0
    D[V + V_LOG_ON] = 0     # D holds no log rows
    return call_decider(H[H_DECIDE], ptr(D), ptr(R), ptr(T), ptr(P), ptr(Q), H[H_HOOKS], p, d,
                        arg)


# ----------------------------------------------------------------------------- legal actions
@njit(cache=True)
def padded_reaction(S, p, d):
    """``d`` is a reaction question (a Reaction's declared question: Moat's, Caravan
    Guard's, Diplomat's; sim.engine.codes.QUESTION_REACTION) that ``p`` is asked holding
    no card with the Reaction's abilities: put only to hide that (see :func:`legal_mask`),
    "no" is its one answer."""
    x = dc.QUESTION_REACTION[d]
    return x >= 0 and with_ability(S, p, HAND0, x) == 0


@njit(cache=True)
def legal_mask(S, T, p, d, arg, mask):
    """The actions that answer decision ``d`` (asked of ``p`` with ``arg``) legally, as
    1s in ``mask``; how many.  They are the table of decisions' answers
    (sim.engine.codes, sim.engine.legality.mark_legal), which are the answers the
    random bot draws from, so a game of random legal actions is a game the engine's own
    rules allow.  Four are narrower than the rules, as the random bot's are (listed in
    sim.engine.legality): "nothing more" at the start of a turn only once no effect is
    due, Quest's options and discards, Pilgrimage's cards named in increasing id order,
    and Throne Room's and Disciple's Actions by their own type; each still reaches every
    outcome.

    Hidden reactions: an agent seat is asked "reveal Moat?" and "play Caravan Guard?"
    whenever it could hold the card as far as the other seats know (it owns one, or an
    Estate with its abilities through Inheritance), not only when it does: who is asked
    is public, and a player who does not reveal keeps the card secret.  When it holds
    none, "no" is the only legal action (:func:`padded_reaction`; the engine refuses
    "yes": sim.engine.steps.agent_reaction)."""
    n = mark_legal(S, T, p, d, arg, mask)
    if padded_reaction(S, p, d):
        mask[A_YES] = 0
        n -= 1
    return n


# ----------------------------------------------------------------------------- observation
# The observation of player p (sim.env.observation names each entry): sections of
# N_CARDS counts, then per player (p first, then in turn order) counts and scalars, then
# the turn's scalars and the question asked.
N_PLAYER_SCALARS = 16
N_TURN_SCALARS = 10
OBS_CARD_SECTIONS = 7       # in game, supply, trash, own hand, own play, own discard, aside
OBS_PLAYER = 2 * N_CARDS + N_PLAYER_SCALARS     # owned, Tavern mat, scalars
OBS_SIZE = (OBS_CARD_SECTIONS * N_CARDS + MAX_PLAYERS * OBS_PLAYER + N_TURN_SCALARS
            + dc.N_DECISIONS)
#: The bounds every entry lies within (sim.env.spaces.observation_box): counts, sizes,
#: turns (at most 1,000 per player), $ and scores (Curses make them negative) are far
#: inside; the question's arg is a count, a card id, a cost limit or -1.
OBS_LOW, OBS_HIGH = -1e4, 1e4
#: What the question's arg reads when the engine's cost limit is "any cost" (Hero's
#: Treasure; the engine passes 1 << 20, outside the bounds): above every card's cost, so
#: "costing up to arg" still reads true for every card, and bounded.
OBS_ANY_COST = 100


@njit(cache=True, inline="always")
def _put_counts(out, o, S, at):
    """``out[o:o + N_CARDS] = S[at:at + N_CARDS]`` (as float32), through views indexed
    from 0: an index numba cannot prove non-negative gets a wraparound check that keeps
    the loop from vectorizing (written out, each entry of :func:`observe` cost a cycle
    or more; as views, the observation is written in a third of the time)."""
    dst = out[o:o + N_CARDS]
    src = S[at:at + N_CARDS]
    for c in range(N_CARDS):
        dst[c] = src[c]


@njit(cache=True)
def observe(S, T, p, waiting, out):
    """Write what player ``p`` may know into ``out`` (float32[OBS_SIZE]): its own hand,
    play area, discard pile and looked-at cards; everyone's owned cards (gains and trashes
    are public), Tavern mats, pile sizes, scores, tokens; the Supply and trash; and, when
    ``waiting`` and ``p`` is the one asked, the question.  Another player's owned cards
    and score are what ``p`` may know of them (sim.engine.zones.known_owned, known_score:
    a card Masquerade passed between two others is not in them).  Never the order of a draw pile
    or another player's hand (the information rule of bots, sim.engine.decide)."""
    out[:] = 0.0
    n = S[V + V_NP]
    o = 0
    in_supply = S[IN_SUPPLY:IN_SUPPLY + N_CARDS]
    non_supply = S[NON_SUPPLY:NON_SUPPLY + N_CARDS]
    flags = out[:N_CARDS]
    for c in range(N_CARDS):
        flags[c] = 1.0 if in_supply[c] or non_supply[c] else 0.0
    for i in range(T[N_EVENTS]):
        out[o + T[EVENT_IDS + i]] = 1.0
    o += N_CARDS
    z = p * N_SLOTS
    _put_counts(out, o, S, SUPPLY)
    _put_counts(out, o + N_CARDS, S, TRASH)
    _put_counts(out, o + 2 * N_CARDS, S, HAND0 + z)
    _put_counts(out, o + 3 * N_CARDS, S, PLAY0 + z)
    _put_counts(out, o + 4 * N_CARDS, S, DISC0 + z)
    _put_counts(out, o + 5 * N_CARDS, S, ASIDE0 + z)
    piles = out[o:o + N_CARDS]
    for c in range(N_CARDS):    # Upgrade piles of Travellers are not in SUPPLY
        if non_supply[c]:
            piles[c] = non_supply[c]
    o += 6 * N_CARDS
    cur = S[V + V_CUR]
    hidden = S[SECRET_N]
    for k in range(n):
        q = (p + k) % n
        _put_counts(out, o, S, OWN0 + q * N_SLOTS)
        if hidden and q != p:       # Masquerade's passes p did not see taken out
            for c in range(N_CARDS):
                out[o + c] = known_owned(S, p, q, c)
        _put_counts(out, o + N_CARDS, S, MAT0 + q * N_SLOTS)
        s = o + 2 * N_CARDS
        out[s] = S[HAND_N + q]
        out[s + 1] = S[DECK_N + q]
        out[s + 2] = S[DISC_N + q]
        out[s + 3] = S[DISC_TOP + q] + 1
        out[s + 4] = score(S, T, q) if hidden == 0 else known_score(S, T, p, q)
        out[s + 5] = S[TURNS + q]
        out[s + 6] = S[JOURNEY_DOWN + q]
        out[s + 7] = S[MINUS_CARD + q]
        out[s + 8] = S[MINUS_COIN + q]
        for t in range(6):          # the pile each of its tokens is on, + 1 (0: none)
            out[s + 9 + t] = S[TOK_CARD + t * MAX_PLAYERS + q]
        bought = 0
        for e in range(EVENT_SLOTS):
            bought += S[EV_BOUGHT + q * EVENT_SLOTS + e]
        out[s + 15] = bought
        o += OBS_PLAYER
    o += (MAX_PLAYERS - n) * OBS_PLAYER
    out[o] = 1.0 if cur == p else 0.0
    out[o + 1] = (cur - p) % n
    out[o + 2] = S[V + V_COINS] if cur == p else 0
    out[o + 3] = S[V + V_ACTIONS] if cur == p else 0
    out[o + 4] = S[V + V_BUYS] if cur == p else 0
    out[o + 5] = S[V + V_MISSION]
    out[o + 6] = S[V + V_TOTAL_TURNS]
    out[o + 7] = n
    asked = waiting and S[AG_WAIT_P] == p
    out[o + 8] = 1.0 if asked else 0.0
    if asked:
        arg = S[AG_WAIT_ARG]
        out[o + 9] = OBS_ANY_COST if arg >= dc.ANY_COST else arg
    o += N_TURN_SCALARS
    if asked:
        out[o + S[AG_WAIT_D]] = 1.0



@njit(cache=True)
def scores(S, T, out):
    """Each player's victory points now, into ``out``."""
    for q in range(S[V + V_NP]):
        out[q] = score(S, T, q)


# ----------------------------------------------------------------------------- batches
@njit(cache=True)
def start_game(S, R, template, T, P, Q, H_flat, seed, n_players, seat_bots, score_out,
               turns_out, game_out, mask):
    """Set up a new game from ``seed`` in ``S``/``R`` (``template``: a fresh state with
    the agents' block) and play it to its first agent decision, as State does."""
    S[:] = template
    reset_game(ptr(S), ptr(R), ptr(T), 0, seed, n_players, seat_bots)
    S[V + V_CUR] = first_player(R, n_players, -1)
    return go_on(S, R, T, P, P, Q, H_flat, score_out, turns_out, game_out, mask)


@njit(cache=True)
def row_game_seed(row_seed, k):
    """The seed of the ``k``-th game of a batch row whose stream is ``row_seed``."""
    return splitmix64(row_seed + np.uint64(k))


@njit(cache=True)
def step_batch(S, R, template, T, P, Q, H_flat, n_players, seat_bots, actions,
               row_seeds, games_started, masks, obs, rewards, terminated, truncated, current,
               score_out, turns_out, game_out):
    """One step of every game of a batch (row i of each array is game i): apply
    ``actions[i]`` (-1: none, for a game that is not waiting), advance to the next agent
    decision; a game that ends writes its rewards (the win share) and done flags, and a
    new game starts in its row (automatic reset), from the row's own seed stream
    (:func:`row_game_seed`), so a row plays the same games whatever the batch size.  Then
    the observation of the seat asked, into ``obs[i]``.  Returns the index of the first
    game given an illegal action, ``n + i`` for an engine error, ``2n + i`` for a turn of
    more than AG_MAX agent answers, or -1 (nothing after it is stepped)."""
    n = S.shape[0]
    for i in range(n):
        terminated[i] = False
        truncated[i] = False
        for q in range(n_players):
            rewards[i, q] = 0.0
        a = actions[i]
        if a < 0 or a >= masks.shape[1] or masks[i, a] == 0:
            return i
        if S[i, AG_LEN] >= AG_MAX:      # resumed where it stopped, no snapshot kept
            return 2 * n + i
        add_answer(S[i], a)
        status = go_on(S[i], R[i], T, P, P, Q, H_flat, score_out[i:i + 1],
                       turns_out[i:i + 1], game_out[i:i + 1], masks[i])
        while status == OVER:
            if game_out[i, 3] == dc.END_TURN_CAP:      # G_END
                truncated[i] = True
            else:
                terminated[i] = True
                win = game_out[i, 0]                    # G_WINNERS
                k = 0
                for q in range(n_players):
                    k += (win >> q) & 1
                for q in range(n_players):
                    if (win >> q) & 1:
                        rewards[i, q] = 1.0 / k
            status = start_game(S[i], R[i], template, T, P, Q, H_flat,
                                row_game_seed(row_seeds[i], games_started[i]), n_players,
                                seat_bots, score_out[i:i + 1], turns_out[i:i + 1],
                                game_out[i:i + 1], masks[i])
            games_started[i] += 1
        if status == FAILED:
            return n + i
        D = S[i]
        current[i] = D[AG_WAIT_P]
        observe(D, T, D[AG_WAIT_P], True, obs[i])
    return -1
