"""Building the engine's flat arrays: the setup table ``T``, the state ``S``,
the random streams ``R`` and the packed bot programs ``P``/``Q``.

Layout offsets live in :mod:`sim.engine.layout`; this module fills them from the
friendly Python objects (card table, :class:`~sim.engine.program.Program`).
"""

from __future__ import annotations

import numpy as np

from sim import cards as C
from sim.engine import layout as L
from sim.engine.program import COND_WIDTH, MAX_CONDS, MAX_RULES, N_LISTS, NEVER, Program


def supply_sizes(n_players: int, kingdom: tuple[int, ...]) -> np.ndarray:
    """Starting pile sizes for this player count (0 for cards not in the game)."""
    if n_players not in (2, 3, 4):
        raise ValueError(f"Dominion takes 2, 3 or 4 players here, not {n_players}")
    victory = 8 if n_players == 2 else 12
    s = np.zeros(L.N_SLOTS, np.int32)
    s[C.COPPER] = 60 - 7 * n_players
    s[C.SILVER] = 40
    s[C.GOLD] = 30
    s[C.ESTATE] = s[C.DUCHY] = s[C.PROVINCE] = victory
    s[C.CURSE] = 10 * (n_players - 1)
    for k in kingdom:
        # Its declared size whatever the player count (Card.pile_size: Port's 12), else
        # a Victory pile's or 10.
        s[k] = C.PILE_SIZE[k] or (victory if C.CARDS[k].is_type(C.VICTORY) else 10)
    return s


def non_supply_sizes(kingdom: tuple[int, ...]) -> np.ndarray:
    """Starting sizes of the Traveller upgrade piles: each line's whose first card is in
    the kingdom, at its declared size (Card.pile_size: 5)."""
    s = np.zeros(L.N_SLOTS, np.int32)
    for first, line in C.TRAVELLER_LINES.items():
        if first in kingdom:
            s[list(line)] = C.PILE_SIZE[list(line)]
    return s


def make_table(n_players: int, kingdom: tuple[int, ...], events: tuple[int, ...] = ()
               ) -> np.ndarray:
    """``T``: card table, starting supply, the Action and Treasure ids in the game and its
    cards that react to an Attack (their declaration, sim.cards.ATTACK_REACTIONS, in order);
    with Adventures cards or Events, the Events, the upgrade piles and the Traveller lines;
    whether the game runs the Adventures turn (its cards' sets' declaration,
    sim.cards.NEEDS_ADVENTURES_TURN); each card's Event slot, once-per-turn bit, pile
    kind and part in the start-of-turn window (its declaration), and the game's cards
    that take part there, in the window's default order; the game's cards that score
    by a rule (Gardens, Duke) and each card's rule; the game's Reserves called after an
    Action or on a gain, its cards with lasting effects on Actions and Attacks, and what
    each card's call or lasting play does."""
    T = np.zeros(L.TABLE_SIZE, np.int32)
    T[:C.N_CARDS * L.N_COLS] = C.card_table().ravel()
    supply0 = supply_sizes(n_players, kingdom)
    T[L.SUPPLY0:L.SUPPLY0 + L.N_SLOTS] = supply0
    bad = [c for c in events if not C.CARDS[c].is_type(C.EVENT)]
    if bad:
        raise ValueError(f"not Events: {', '.join(C.CARDS[c].name for c in bad)}")
    T[L.T_ADV] = int(any(C.NEEDS_ADVENTURES_TURN[c] for c in (*kingdom, *events)))
    T[L.N_EVENTS] = len(events)
    T[L.EVENT_IDS:L.EVENT_IDS + len(events)] = sorted(events)
    for c, nxt in C.EXCHANGE_FOR.items():
        T[L.EXCHANGE_FOR + c] = nxt + 1
    T[L.NON_SUPPLY0:L.NON_SUPPLY0 + L.N_SLOTS] = non_supply_sizes(kingdom)
    ids = [c for c in range(C.N_CARDS)
           if supply0[c] > 0 or T[L.NON_SUPPLY0 + c] > 0]   # upgrades can be in hand too
    T[L.T_TRAVELLERS] = sum(c in C.EXCHANGE_FOR for c in ids)
    actions = [c for c in ids if C.TYPES[c] & C.ACTION]
    treasures = [c for c in ids if C.TYPES[c] & C.TREASURE]
    T[L.N_ACTIONS] = len(actions)
    T[L.ACTION_IDS:L.ACTION_IDS + len(actions)] = actions
    T[L.N_TREASURES] = len(treasures)
    T[L.TREASURE_IDS:L.TREASURE_IDS + len(treasures)] = treasures
    # Cards of the game are ids below T_NIDS: loops over a game's cards stop there
    # (resetting a game's zones is a good part of a short game's time).
    T[L.T_NIDS] = max(ids) + 1
    # The game's cards that react to an Attack, in the window's declared order.
    reactions = [c for c in C.ATTACK_REACTIONS if c in ids]
    T[L.N_REACTIONS] = len(reactions)
    T[L.REACTION_IDS:L.REACTION_IDS + len(reactions)] = reactions
    # Each card's declared facts the engine looks up by id (layout: EVENT_SLOT ...).
    T[L.EVENT_SLOT:L.EVENT_SLOT + L.N_SLOTS] = -1
    T[L.EVENT_SLOT:L.EVENT_SLOT + C.N_CARDS] = C.EVENT_SLOT
    for e in C.EVENTS:
        if C.CARDS[e].once_per_turn:
            T[L.ONCE_BIT + e] = 1 << int(C.EVENT_SLOT[e])
    T[L.NON_SUPPLY_PILE + np.array(C.UPGRADES, np.intp)] = 1
    # The game's start-of-turn window: its cards with a part in it, in the default order.
    T[L.START_HOW:L.START_HOW + C.N_CARDS] = C.START_HOW
    T[L.LASTS:L.LASTS + C.N_CARDS] = C.LASTS
    in_game = set(ids)
    starts = [c for c in C.START_ORDER if c in in_game]
    T[L.N_START] = len(starts)
    T[L.START_IDS:L.START_IDS + len(starts)] = starts
    for at, column in ((L.START_DRAW, C.START_DRAW), (L.START_COINS, C.START_COINS),
                       (L.START_BUYS, C.START_BUYS)):
        T[at:at + C.N_CARDS] = column
    calls = [c for c in starts if C.START_HOW[c] & C.START_KIND == C.START_CALL]
    T[L.N_START_CALLS] = len(calls)
    T[L.START_CALL_IDS:L.START_CALL_IDS + len(calls)] = calls
    lasting = [c for c in sorted(in_game) if C.LASTS[c]]
    T[L.N_LASTING] = len(lasting)
    T[L.LASTING_IDS:L.LASTING_IDS + len(lasting)] = lasting
    # Scoring beyond printed VP: the game's cards with a VP rule, and each card's rule.
    rules = [c for c in C.VP_RULE_CARDS if c in in_game]
    T[L.N_VP_RULES] = len(rules)
    T[L.VP_RULE_IDS:L.VP_RULE_IDS + len(rules)] = rules
    T[L.VP_PER_CARDS:L.VP_PER_CARDS + C.N_CARDS] = C.VP_PER_CARDS
    T[L.VP_PER_CARD:L.VP_PER_CARD + L.N_SLOTS] = -1
    T[L.VP_PER_CARD:L.VP_PER_CARD + C.N_CARDS] = C.VP_PER_CARD
    T[L.T_ON_BUY] = int(any(C.CARDS[c].on_buy for c in (*in_game, *events)))
    # The game's Reserves called after an Action (in the window's order) and on a gain,
    # and what each card's call does; the game's cards with lasting effects on Actions
    # played and on Attacks.  Each list holds only the game's cards: a game without them
    # skips the window or the step in one test.
    for count, at, cards in ((L.N_AFTER_CALLS, L.AFTER_CALL_IDS, C.AFTER_ACTION_CALLS),
                             (L.N_GAIN_CALLS, L.GAIN_CALL_IDS, C.ON_GAIN_CALLS)):
        ours = [c for c in cards if c in in_game]
        T[count] = len(ours)
        T[at:at + len(ours)] = ours
    T[L.CALL_COPY_UP_TO:L.CALL_COPY_UP_TO + L.N_SLOTS] = -1
    T[L.CALL_COPY_UP_TO:L.CALL_COPY_UP_TO + C.N_CARDS] = C.CALL_COPY_UP_TO
    return T


def game_ids(T: np.ndarray) -> np.ndarray:
    """The ids of the cards that can be in the game of table ``T``, ascending: its Supply
    piles and Traveller upgrade piles (the only ways a card enters a game).  The engine
    walks these instead of every id where the order of ids matters (layout.GAME_IDS)."""
    in_game = ((T[L.SUPPLY0:L.SUPPLY0 + C.N_CARDS] > 0)
               | (T[L.NON_SUPPLY0:L.NON_SUPPLY0 + C.N_CARDS] > 0))
    return np.flatnonzero(in_game).astype(np.int32)


def new_state(T: np.ndarray, turn_cap: int, log_rows: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """``S`` and ``R`` for one batch (reused by every game of it)."""
    S = np.zeros(L.STATE_SIZE + log_rows * L.LOG_WIDTH, np.int32)
    S[L.IN_SUPPLY:L.IN_SUPPLY + L.N_SLOTS] = (T[L.SUPPLY0:L.SUPPLY0 + L.N_SLOTS] > 0)
    ids = game_ids(T)
    S[L.GAME_IDS_N] = len(ids)
    S[L.GAME_IDS:L.GAME_IDS + len(ids)] = ids
    S[L.V + L.V_TURN_CAP] = turn_cap
    S[L.V + L.V_LOG_ON] = int(log_rows > 0)
    S[L.V + L.V_LOG_CAP] = log_rows
    S[L.V + L.V_SIZE] = len(S)
    R = np.zeros((L.N_STREAMS, L.RNG_WIDTH), np.uint64)
    return S, R


def pack_programs(programs: list[Program], table: np.ndarray | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
    """``P`` (int32 [bots, P_WIDTH]) and ``Q`` (float64 [bots, MAX_RULES, MAX_CONDS, 7]).

    Fixed widths let the engine index both flat with constant strides.  Given
    the game's ``table`` (:func:`make_table`), each play list keeps only the
    Actions in that game: the engine scans it every turn, and a card that is
    not in the game can never be in hand.
    """
    in_game = None if table is None else (
        (table[L.SUPPLY0:L.SUPPLY0 + C.N_CARDS] > 0)
        | (table[L.NON_SUPPLY0:L.NON_SUPPLY0 + C.N_CARDS] > 0))
    P = np.zeros((len(programs), L.P_WIDTH), np.int32)
    Q = np.zeros((len(programs), MAX_RULES, MAX_CONDS, COND_WIDTH), np.float64)
    Q[..., 5] = 1.0
    for b, prog in enumerate(programs):
        prog.validate()
        P[b, L.PF_FLAGS:L.PF_FLAGS + len(prog.flags)] = prog.flags
        P[b, L.PF_BOUNDS:L.PF_BOUNDS + 2 * N_LISTS] = prog.list_bounds.ravel()
        for k, ranks in enumerate(prog.rank_rows()):   # row k is sim.engine.program R_k
            o = L.PF_RANKS + k * L.N_SLOTS
            P[b, o:o + C.N_CARDS] = ranks
        plays = [c for c in np.argsort(prog.play_rank, kind="stable")
                 if prog.play_rank[c] < NEVER and (in_game is None or in_game[c])]
        P[b, L.PF_NPLAY] = len(plays)
        P[b, L.PF_PLAY:L.PF_PLAY + len(plays)] = plays
        r = len(prog.rules)
        P[b, L.PF_NRULES] = r
        rows = P[b, L.PF_RULES:L.PF_RULES + L.RULE_WIDTH * r].reshape(r, L.RULE_WIDTH)
        rows[:, :2] = prog.rules
        rows[:, 2] = prog.n_conds
        Q[b, :r] = prog.conds
    return P, Q
