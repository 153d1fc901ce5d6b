"""Invariants over many random Adventures games: 2, 3 and 4 players, random kingdoms of
all 56 kingdom cards (base and Adventures) with 0-2 random Events.

As in tests/test_invariants.py, a compiled stepping loop (``play_checked_adv``) calls the
engine's own ``reset_game`` and Adventures turn (through ``H[4]``, as ``play_games``
does, Mission turns included) and checks the whole state after setup and after every
turn: no count negative in any zone (hand, play, discard, set aside, Tavern mat, Gear's
and Save's cards) or pile (Supply, trash, the Traveller upgrade piles); each player's
owned cards equal their zones plus draw pile plus the card Inheritance set aside, card by
card; the ``*_N`` totals equal their zones; every card of the game conserved (Supply +
upgrade piles + trash + owned); the empty Supply pile count right; the copies marked to
stay in play (Durations) never more than the copies in play, and after a turn's Cleanup
nothing else left in anybody's play area; nothing set aside between turns; the play stack
empty; each token in one valid place (a pile token on an Action Supply pile or with its
owner; the -1 Card, -$1 and Journey tokens 0 or 1; the Estate token on a non-Victory
Action); Duration effects never negative; the discard pile's public top card in it.
The same seeds are then played by ``play_batch``: identical results, so the checked games
are exactly the games the engine plays.  The random bot answers every decision (cards
and Events) at random.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from numba import njit

from bots import get_bot
from bots.rules import Buy, RuleBot, count, left, money
from sim.cards import (
    ACTION,
    C_COINS,
    C_TYPES,
    C_VP,
    CARDS,
    EVENTS,
    KINGDOM_CARDS,
    N_CARDS,
    PROVINCE,
    VICTORY,
)
from sim.engine import layout as L
from sim.engine.batch import play_batch
from sim.engine.cardcalls import calls_from_flat
from sim.engine.codes import END_PILES, END_PROVINCES, END_TURN_CAP
from sim.engine.config import GameConfig, random_kingdom
from sim.engine.game import G_END, G_FIRST, G_TOTAL_TURNS, G_WINNERS, reset_game
from sim.engine.pointers import ptr
from sim.engine.rng import below, game_seeds
from sim.engine.scenario import Scenario
from sim.engine.zones import game_over, known_on_deck, score

N_KINGDOMS = 50         # per player count
GAMES = 200             # random-bot games per kingdom: 10,000 per player count
MIX_GAMES = 40          # rule-bot games per kingdom: 2,000 per player count
TURN_CAP = 60           # random bots seldom end a game; a capped game is flagged, not lost

OK, NEG, OWN_SUM, TOTALS, CONSERVED, EMPTY_COUNT, BAD_DECK, ENGINE_ERR, CACHED, ASIDE_LEFT, \
    STACK_LEFT, BAD_KNOWN, BAD_DISC_TOP, BAD_MARKS, LEFT_IN_PLAY, BAD_TOKEN, \
    BAD_UPGRADE_PILE = range(17)
CODE_NAMES = ("ok", "negative count", "owned != zones + draw pile + inherited card",
              "*_N total wrong", "cards not conserved", "empty-pile count wrong",
              "bad draw pile", "engine error", "cached money / VP / type counts != owned",
              "cards left set aside between turns", "play stack not empty between turns",
              "known top of the draw pile outside the pile",
              "discard pile's top card not in it (or one for an empty pile)",
              "more copies marked to stay in play than in play",
              "cards left in play after Cleanup that do not stay",
              "a token in an impossible place", "upgrade pile outside 0..5")

ZONE_STARTS = (L.HAND0, L.PLAY0, L.DISC0, L.ASIDE0, L.MAT0, L.GEAR0, L.SAVE0)
ZONE_TOTALS = (L.HAND_N, L.PLAY_N, L.DISC_N, L.ASIDE_N, L.MAT_N, L.GEAR_N, L.SAVE_N)


def random_events(seed: int) -> tuple[int, ...]:
    """0, 1 or 2 distinct Events drawn with the seed (each count equally likely)."""
    rng = np.random.default_rng(seed)
    k = int(rng.integers(0, 3))
    return tuple(sorted(int(e) for e in rng.choice(EVENTS, size=k, replace=False)))


def setups(n: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The (kingdom, Events) of player count ``n``: random kingdoms, then each kingdom
    card that no draw gave (50 draws of 10 of the 82 cards miss one about one time in
    eight) put into the first kingdoms, one each, in place of the card of that kingdom
    drawn most often, so that every card is played at every player count."""
    pool = tuple(sorted(KINGDOM_CARDS))
    kingdoms = [random_kingdom(5_000 * n + i, pool) for i in range(N_KINGDOMS)]
    drawn = Counter(c for k in kingdoms for c in k)
    for i, c in enumerate(c for c in pool if drawn[c] == 0):
        out = max(kingdoms[i], key=lambda x: (drawn[x], x))
        assert drawn[out] > 1
        drawn[out] -= 1
        drawn[c] += 1
        kingdoms[i] = tuple(sorted([x for x in kingdoms[i] if x != out] + [c]))
    return [(k, random_events(7_000 * n + i)) for i, k in enumerate(kingdoms)]


@njit(cache=True)
def game_total(S, n):
    t = 0
    for c in range(N_CARDS):
        t += S[L.SUPPLY + c] + S[L.TRASH + c] + S[L.NON_SUPPLY + c]
    for p in range(n):
        for c in range(N_CARDS):
            t += S[L.OWN0 + p * L.N_SLOTS + c]
    return t


@njit(cache=True)
def check_state(S, T, n, total0, after_turn):
    """0 if the state is consistent, else a failure code (see CODE_NAMES)."""
    deck = np.zeros(L.N_SLOTS, np.int64)
    for p in range(n):
        k = S[L.DECK_N + p]
        if k < 0 or k > L.MAX_DECK:
            return BAD_DECK
        deck[:] = 0
        for i in range(k):
            c = S[L.DECK + p * L.MAX_DECK + i]
            if c < 0 or c >= N_CARDS:
                return BAD_DECK
            deck[c] += 1
        inherited = S[L.INHERIT + p] - 1
        so = 0
        marks = 0
        for z in range(len(ZONE_STARTS)):
            t = 0
            for c in range(L.N_SLOTS):
                v = S[ZONE_STARTS[z] + p * L.N_SLOTS + c]
                if v < 0:
                    return NEG
                t += v
            if t != S[ZONE_TOTALS[z] + p]:
                return TOTALS
        for c in range(L.N_SLOTS):
            o = S[L.OWN0 + p * L.N_SLOTS + c]
            if o < 0:
                return NEG
            held = deck[c] + (1 if c == inherited else 0)
            for z in range(len(ZONE_STARTS)):
                held += S[ZONE_STARTS[z] + p * L.N_SLOTS + c]
            if o != held:
                return OWN_SUM
            so += o
            keep = S[L.KEEP + p * L.N_SLOTS + c]
            perm = S[L.PERM + p * L.N_SLOTS + c]
            in_play = S[L.PLAY0 + p * L.N_SLOTS + c]
            if keep < 0 or perm < 0 or keep + perm > in_play:
                return BAD_MARKS
            marks += keep + perm
            if after_turn and in_play != keep + perm:
                return LEFT_IN_PLAY
        if so != S[L.OWN_N + p]:
            return TOTALS
        if marks != S[L.MARKS + p]:      # the running count the turn's shortcuts read
            return BAD_MARKS
        if S[L.ASIDE_N + p] != 0:
            return ASIDE_LEFT
        known = known_on_deck(S, p)
        if S[L.UNKNOWN + p] < 0 or known < 0 or known > k:
            return BAD_KNOWN
        top = S[L.DISC_TOP + p]
        if S[L.DISC_N + p] == 0:
            if top != -1:
                return BAD_DISC_TOP
        elif top < 0 or top >= N_CARDS or S[L.DISC0 + p * L.N_SLOTS + top] <= 0:
            return BAD_DISC_TOP
        money = 0
        vp = 0
        for c in range(N_CARDS):
            money += S[L.OWN0 + p * L.N_SLOTS + c] * T[c * L.N_COLS + C_COINS]
            vp += S[L.OWN0 + p * L.N_SLOTS + c] * T[c * L.N_COLS + C_VP]
        if money != S[L.MONEY + p] or vp != S[L.VP + p]:
            return CACHED
        for b in range(L.N_TYPE_BITS):
            kk = 0
            for c in range(N_CARDS):
                if T[c * L.N_COLS + C_TYPES] & (1 << b):
                    kk += S[L.OWN0 + p * L.N_SLOTS + c]
            if kk != S[L.TYPE_N + b * L.MAX_PLAYERS + p]:
                return CACHED
        # Tokens: each kind is one value per player, so "held at most once" is the
        # layout; what can break is where it is.
        for t in range(L.N_TOKENS_ON_PILES):
            v = S[L.TOK_CARD + t * L.MAX_PLAYERS + p]
            if v < 0 or v > N_CARDS:
                return BAD_TOKEN
            if v and (S[L.IN_SUPPLY + v - 1] == 0 or (T[(v - 1) * L.N_COLS + C_TYPES]
                                                       & ACTION) == 0):
                return BAD_TOKEN
        for at in (L.MINUS_CARD, L.MINUS_COIN, L.JOURNEY_DOWN):
            if S[at + p] != 0 and S[at + p] != 1:
                return BAD_TOKEN
        if inherited >= 0:
            t = T[inherited * L.N_COLS + C_TYPES]
            if (t & ACTION) == 0 or (t & VICTORY) != 0:
                return BAD_TOKEN
        if S[L.GAINED + p] < 0:
            return NEG
        for c in range(L.N_SLOTS):
            if S[L.EFFECTS + p * L.N_SLOTS + c] < 0:
                return NEG
    empty = 0
    for c in range(L.N_SLOTS):
        s = S[L.SUPPLY + c]
        if s < 0 or S[L.TRASH + c] < 0:
            return NEG
        if S[L.NON_SUPPLY + c] < 0 or S[L.NON_SUPPLY + c] > 5:
            return BAD_UPGRADE_PILE
        if S[L.IN_SUPPLY + c] and s == 0:
            empty += 1
    if empty != S[L.V + L.V_EMPTY]:
        return EMPTY_COUNT
    if S[L.V + L.V_STACK_N] != 0:
        return STACK_LEFT
    if game_total(S, n) != total0:
        return CONSERVED
    return OK


@njit(cache=True)
def play_checked_adv(A, n, seat_bots, seeds, first, out, fails, owned):
    """Play each game turn by turn (Adventures turns, Mission turns as play_games takes
    them), checking the state after setup and every turn.  Same outputs as
    tests/test_invariants.play_checked."""
    S = A[0]
    R = A[1]
    T = A[2]
    H = calls_from_flat(A[5])
    cap_total = S[L.V + L.V_TURN_CAP] * n
    turns_checked = 0
    for g in range(seeds.shape[0]):
        reset_game(ptr(S), ptr(R), ptr(T), g, seeds[g], n, seat_bots)
        total0 = game_total(S, n)
        code = check_state(S, T, n, total0, False)
        if code:
            fails[g, 0] = code
            continue
        cur = np.int64(first[g])
        if cur < 0:
            cur = below(ptr(R), L.N_STREAMS - 1, n)
        out[g, 2] = cur
        reason = END_TURN_CAP
        while True:
            S[L.V + L.V_CUR] = cur
            H[4][0](ptr(A[0]), ptr(A[1]), ptr(A[2]), ptr(A[3]), ptr(A[4]),
                    (H[0], H[1], H[2], H[3]), cur)
            if S[L.ERR]:
                fails[g, 0] = ENGINE_ERR
                return turns_checked
            if S[L.V + L.V_MISSION] == 0:
                S[L.TURNS + cur] += 1
            S[L.V + L.V_TOTAL_TURNS] += 1
            turns_checked += 1
            code = check_state(S, T, n, total0, True)
            if code and fails[g, 0] == 0:
                fails[g, 0] = code
                fails[g, 1] = S[L.V + L.V_TOTAL_TURNS]
                fails[g, 2] = cur
            if S[L.SUPPLY + PROVINCE] == 0:
                reason = END_PROVINCES
                break
            if game_over(S):
                reason = END_PILES
                break
            if S[L.V + L.V_TOTAL_TURNS] >= cap_total:
                break
            S[L.V + L.V_PREV] = cur
            S[L.V + L.V_MISSION] = S[L.V + L.V_MISSION_NEXT]
            S[L.V + L.V_MISSION_NEXT] = 0
            if S[L.V + L.V_MISSION]:
                out[g, 3 + 2 * n] += 1
                continue
            cur += 1
            if cur == n:
                cur = 0
        out[g, 0] = reason
        out[g, 1] = S[L.V + L.V_TOTAL_TURNS]
        for p in range(n):
            out[g, 3 + p] = score(S, T, p)
            out[g, 3 + n + p] = S[L.TURNS + p]
            for c in range(N_CARDS):
                owned[c] += S[L.OWN0 + p * L.N_SLOTS + c]
    return turns_checked


def run_checked(n, kingdom, events, bots, seat_bots, seeds, owned):
    sc = Scenario(list(bots), n_players=n, kingdom=kingdom, events=events, turn_cap=TURN_CAP)
    A = (sc.S, sc.R, sc.T, sc.P, sc.Q, sc.H)
    g = len(seeds)
    out = np.zeros((g, 4 + 2 * n), np.int64)
    fails = np.zeros((g, 3), np.int64)
    first = np.full(g, -1, np.int8)
    k = play_checked_adv(A, n, np.ascontiguousarray(seat_bots, np.int32),
                         np.ascontiguousarray(seeds, np.uint64), first, out, fails, owned)
    assert not sc.S[L.ERR], (f"engine error {sc.S[L.ERR:L.ERR + 6]} in {_names(kingdom)} "
                             f"+ {_names(events)}, {n} players")
    return out, fails, k


def _names(ids) -> str:
    return ", ".join(CARDS[c].name for c in ids)


def _config(n, kingdom, events) -> GameConfig:
    return GameConfig(n_players=n, kingdom=kingdom, turn_cap=TURN_CAP, events=events)


@pytest.mark.slow  # 10,000 random games per player count; the rule-bot mixes below stay
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_adventures_games_keep_every_invariant(n):
    bots = [get_bot("random")]
    owned = np.zeros(N_CARDS, np.int64)
    turns = capped_n = missions = 0
    for ki, (kingdom, events) in enumerate(setups(n)):
        seeds = game_seeds(3000 + 100 * n + ki, 0, GAMES)
        seat_bots = np.zeros((GAMES, n), np.int32)
        out, fails, k = run_checked(n, kingdom, events, bots, seat_bots, seeds, owned)
        bad = np.flatnonzero(fails[:, 0])
        assert not len(bad), "\n".join(
            f"{_names(kingdom)} + Events {_names(events)}: game {g} (seed {int(seeds[g])}): "
            f"{CODE_NAMES[fails[g, 0]]} after turn {fails[g, 1]} of seat {fails[g, 2]}"
            for g in bad[:10])
        res = play_batch(_config(n, kingdom, events), bots, seat_bots, seeds)
        assert np.array_equal(res.game[:, G_END], out[:, 0])
        assert np.array_equal(res.game[:, G_TOTAL_TURNS], out[:, 1])
        assert np.array_equal(res.game[:, G_FIRST], out[:, 2])
        assert np.array_equal(res.score, out[:, 3:3 + n])
        assert np.array_equal(res.turns, out[:, 3 + n:3 + 2 * n])
        assert k == out[:, 1].sum()
        turns += k
        missions += int(out[:, 3 + 2 * n].sum())
        capped = res.game[:, G_END] == END_TURN_CAP
        capped_n += int(capped.sum())
        assert (res.game[capped, G_TOTAL_TURNS] == TURN_CAP * n).all()
        assert (res.game[capped, G_WINNERS] == 0).all()
        assert (res.game[~capped, G_WINNERS] != 0).all()
        assert set(res.game[~capped, G_END]) <= {END_PROVINCES, END_PILES}
    # Every Adventures kingdom card was in some game and ended up owned by someone.
    used = set().union(*(set(k) for k, _ in setups(n)))
    assert used == set(KINGDOM_CARDS)
    missing = [CARDS[c].name for c in sorted(KINGDOM_CARDS) if owned[c] == 0]
    assert not missing, f"no game ended with a player owning {missing}"
    print(f"\n{n}p random Adventures: {N_KINGDOMS} kingdoms x {GAMES} games, {turns} turns "
          f"checked, {capped_n} capped, {missions} Mission turns")


def card_bot(a: str, b: str) -> RuleBot:
    """Big Money Ultimate's greening buying up to two each of ``a`` and ``b``: its games
    end (Provinces, piles), and the rule bots' defaults answer every decision those
    cards ask."""
    return RuleBot(f"inv-{a}-{b}".lower().replace(" ", "-"), "invariant test bot",
                   buy=[Buy("Province", money() > 15),
                        Buy("Duchy", left("Province") <= 4),
                        Buy("Estate", left("Province") <= 2),
                        Buy(a, count(a) < 2), Buy(b, count(b) < 2),
                        Buy("Gold"), Buy("Silver")],
                   trash=["Curse", "Estate"], avoid_losing_end=True)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_rule_bot_adventures_games_keep_every_invariant_and_end(n):
    owned = np.zeros(N_CARDS, np.int64)
    turns = capped_n = 0
    for ki, (kingdom, events) in enumerate(setups(n)):
        names = [CARDS[c].name for c in kingdom]
        bots = [card_bot(a, names[(i + 1) % 10]) for i, a in enumerate(names)]
        rng = np.random.default_rng(11 * n + ki)
        seeds = game_seeds(4000 + 100 * n + ki, 0, MIX_GAMES)
        seat_bots = rng.integers(0, len(bots), size=(MIX_GAMES, n)).astype(np.int32)
        out, fails, k = run_checked(n, kingdom, events, bots, seat_bots, seeds, owned)
        bad = np.flatnonzero(fails[:, 0])
        assert not len(bad), "\n".join(
            f"{_names(kingdom)} + Events {_names(events)}: game {g} (seed {int(seeds[g])}, "
            f"bots {[bots[b].name for b in seat_bots[g]]}): {CODE_NAMES[fails[g, 0]]} after "
            f"turn {fails[g, 1]} of seat {fails[g, 2]}" for g in bad[:10])
        res = play_batch(_config(n, kingdom, events), bots, seat_bots, seeds)
        assert np.array_equal(res.score, out[:, 3:3 + n])
        assert np.array_equal(res.game[:, G_END], out[:, 0])
        turns += k
        capped_n += int((res.game[:, G_END] == END_TURN_CAP).sum())
    # Rule bots end their games (a rare stall of avoid_losing_end bots at the cap aside).
    assert capped_n <= len(setups(n)) * MIX_GAMES // 50
    missing = [CARDS[c].name for c in sorted(KINGDOM_CARDS) if owned[c] == 0]
    assert not missing, f"no game ended with a rule bot owning {missing}"
    print(f"\n{n}p rule bots, Adventures: {turns} turns checked, {capped_n} capped")


def test_same_seed_same_adventures_game():
    kingdom, events = setups(2)[0]
    bots = [get_bot("random")]
    seeds = game_seeds(99, 0, 300)
    seat_bots = np.zeros((300, 2), np.int32)
    config = _config(2, kingdom, events)
    a = play_batch(config, bots, seat_bots, seeds, log=True)
    b = play_batch(config, bots, seat_bots, seeds, log=True)
    assert np.array_equal(a.game, b.game) and np.array_equal(a.score, b.score)
    assert np.array_equal(a.log, b.log)
    halves = [play_batch(config, bots, seat_bots[i:i + 150], seeds[i:i + 150])
              for i in (0, 150)]
    assert np.array_equal(np.concatenate([h.score for h in halves]), a.score)
