"""Invariants over many random games: 2, 3 and 4 players, random kingdoms of all 26 base
kingdom cards (2nd edition).

Every game is played by a compiled stepping loop (``play_checked`` below) that calls the
engine's own ``reset_game`` / ``play_turn`` and, after setup and after every single turn,
checks the whole state: no count negative, each player's owned cards equal hand + in
play + discard + set aside + draw pile card by card, the ``*_N`` totals equal their
zones, every card of the game conserved (supply + trash + owned), the supply and the
trash only move one way, the empty-pile count right; between turns nobody has cards set
aside (Library, Sentry, Bandit, Vassal put every card they take somewhere), the play
stack (Throne Room, Vassal) is empty, the known top of each draw pile is within the
pile, the public top of each discard pile is a card in it (and none for an empty pile),
the player whose turn ended holds min(5, owned) cards and nothing in play.  The same
seeds are then played by ``play_batch`` and the results must be identical, so the
checked games are exactly the games the engine plays.

Kingdoms: the nine cards added in issue 9 with Moat (``REST_KINGDOM``), then kingdoms
of 10 cards drawn from all 26 with :func:`sim.engine.config.random_kingdom`.  Players:
the random bot (every decision random and legal), and mixes of the library bots with
one Big Money bot per kingdom card that buys and plays that card and its neighbour, so
every new decision is also answered by the rule bots' defaults.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from numba import njit

from bots import get_bot
from bots.identity import kingdom_needs
from bots.library import BOTS
from bots.rules import Buy, RuleBot, count, left, money
from sim.cards import (
    BASE_KINGDOM,
    C_COINS,
    C_TYPES,
    C_VP,
    CARDS,
    N_CARDS,
    PROVINCE,
    card_id,
)
from sim.engine import layout as L
from sim.engine.batch import play_batch
from sim.engine.cardcalls import calls_from_flat
from sim.engine.codes import (
    END_PILES,
    END_PROVINCES,
    END_TURN_CAP,
    EV_END,
    EV_GAIN,
    EV_PLAY,
    EV_PLAY_AGAIN,
    EV_TURN,
)
from sim.engine.config import GameConfig, random_kingdom
from sim.engine.game import G_END, G_FIRST, G_TOTAL_TURNS, G_WINNERS, play_turn, reset_game
from sim.engine.pointers import ptr
from sim.engine.rng import below, game_seeds
from sim.engine.scenario import Scenario
from sim.engine.state import make_table
from sim.engine.zones import game_over, known_on_deck, score
from tests.conftest import EXTRA_KINGDOM, FIRST_GAME, REST_KINGDOM

# This file: the base set (Adventures: tests/test_invariants_adventures.py).
ALL_KINGDOM_CARDS = tuple(sorted(BASE_KINGDOM))
assert len(ALL_KINGDOM_CARDS) == 26
N_KINGDOMS = 40        # per player count: REST_KINGDOM, then 39 drawn from all 26 cards
GAMES = 150            # random-bot games per kingdom: 6,000 per player count
LIB_GAMES = 100        # library-mix games per kingdom: 4,000 per player count


def kingdoms(n: int) -> list[tuple[int, ...]]:
    """The kingdoms of player count ``n``: REST_KINGDOM, then random ones of all 26."""
    rest = GameConfig(kingdom=REST_KINGDOM).kingdom
    return [rest] + [random_kingdom(1_000 * n + i, ALL_KINGDOM_CARDS)
                     for i in range(N_KINGDOMS - 1)]


# Failure codes of check_state.
OK, NEG, OWN_SUM, TOTALS, CONSERVED, SUPPLY_UP, TRASH_DOWN, EMPTY_COUNT, HAND_AFTER, \
    PLAY_AFTER, BAD_DECK, NOT_IN_SUPPLY, ENGINE_ERR, CACHED, ASIDE_LEFT, STACK_LEFT, \
    BAD_KNOWN, BAD_DISC_TOP = range(18)
CODE_NAMES = ("ok", "negative count", "owned != hand+play+discard+aside+deck",
              "*_N total wrong", "cards not conserved", "supply pile grew", "trash shrank",
              "empty-pile count wrong", "hand after cleanup != min(5, owned)",
              "cards left in play after cleanup", "bad draw pile", "owns a non-supply card",
              "engine error", "cached money / VP / type counts != owned cards",
              "cards left set aside between turns", "play stack not empty between turns",
              "known top of the draw pile outside the pile",
              "discard pile's top card not in it (or one for an empty pile)")


@njit(cache=True)
def game_total(S, n):
    t = 0
    for c in range(N_CARDS):
        t += S[L.SUPPLY + c] + S[L.TRASH + c]
    for p in range(n):
        for c in range(N_CARDS):
            t += S[L.OWN0 + p * L.N_SLOTS + c]
    return t


@njit(cache=True)
def check_state(S, T, n, total0, prev_supply, prev_trash, cur):
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
        sh = 0
        sp = 0
        sd = 0
        sa = 0
        so = 0
        for c in range(L.N_SLOTS):
            h = S[L.HAND0 + p * L.N_SLOTS + c]
            pl = S[L.PLAY0 + p * L.N_SLOTS + c]
            d = S[L.DISC0 + p * L.N_SLOTS + c]
            a = S[L.ASIDE0 + p * L.N_SLOTS + c]
            o = S[L.OWN0 + p * L.N_SLOTS + c]
            if h < 0 or pl < 0 or d < 0 or a < 0 or o < 0:
                return NEG
            if o != h + pl + d + a + deck[c]:
                return OWN_SUM
            if o > 0 and S[L.IN_SUPPLY + c] == 0:
                return NOT_IN_SUPPLY
            sh += h
            sp += pl
            sd += d
            sa += a
            so += o
        if (sh != S[L.HAND_N + p] or sp != S[L.PLAY_N + p] or sd != S[L.DISC_N + p]
                or sa != S[L.ASIDE_N + p] or so != S[L.OWN_N + p]):
            return TOTALS
        # Set-aside and looked-at cards go somewhere before the card that took them is done.
        if sa != 0:
            return ASIDE_LEFT
        known = known_on_deck(S, p)
        if S[L.UNKNOWN + p] < 0 or known < 0 or known > k:
            return BAD_KNOWN
        top = S[L.DISC_TOP + p]
        if sd == 0:
            if top != -1:
                return BAD_DISC_TOP
        elif top < 0 or top >= N_CARDS or S[L.DISC0 + p * L.N_SLOTS + top] <= 0:
            return BAD_DISC_TOP
        money = 0
        for c in range(N_CARDS):
            money += S[L.OWN0 + p * L.N_SLOTS + c] * T[c * L.N_COLS + C_COINS]
        if money != S[L.MONEY + p]:
            return CACHED
        vp = 0
        for c in range(N_CARDS):
            vp += S[L.OWN0 + p * L.N_SLOTS + c] * T[c * L.N_COLS + C_VP]
        if vp != S[L.VP + p]:
            return CACHED
        for b in range(L.N_TYPE_BITS):
            k = 0
            for c in range(N_CARDS):
                if T[c * L.N_COLS + C_TYPES] & (1 << b):
                    k += S[L.OWN0 + p * L.N_SLOTS + c]
            if k != S[L.TYPE_N + b * L.MAX_PLAYERS + p]:
                return CACHED
    empty = 0
    for c in range(L.N_SLOTS):
        s = S[L.SUPPLY + c]
        if s < 0 or S[L.TRASH + c] < 0:
            return NEG
        if s > prev_supply[c]:
            return SUPPLY_UP
        if S[L.TRASH + c] < prev_trash[c]:
            return TRASH_DOWN
        prev_supply[c] = s
        prev_trash[c] = S[L.TRASH + c]
        if S[L.IN_SUPPLY + c] and s == 0:
            empty += 1
    if empty != S[L.V + L.V_EMPTY]:
        return EMPTY_COUNT
    if S[L.V + L.V_STACK_N] != 0:
        return STACK_LEFT
    if game_total(S, n) != total0:
        return CONSERVED
    if cur >= 0:
        if S[L.PLAY_N + cur] != 0:
            return PLAY_AFTER
        if S[L.HAND_N + cur] != min(5, S[L.OWN_N + cur]):
            return HAND_AFTER
    return OK


@njit(cache=True)
def play_checked(A, n, seat_bots, seeds, first, out, fails, owned):
    """Play each game turn by turn, checking the state after setup and every turn.

    out[g] = (end reason, total turns, first seat, scores..., turns...);
    fails[g] = (failure code, turn number it happened after, seat) or zeros;
    owned[c] += copies of card c the players own at the end of each game.
    ``A``: the engine arrays play_turn takes before the seat, S, R and T first.
    """
    S = A[0]
    R = A[1]
    T = A[2]
    cap_total = S[L.V + L.V_TURN_CAP] * n
    prev_supply = np.zeros(L.N_SLOTS, np.int64)
    prev_trash = np.zeros(L.N_SLOTS, np.int64)
    turns_checked = 0
    for g in range(seeds.shape[0]):
        reset_game(ptr(S), ptr(R), ptr(T), g, seeds[g], n, seat_bots)
        for c in range(L.N_SLOTS):
            prev_supply[c] = S[L.SUPPLY + c]
            prev_trash[c] = S[L.TRASH + c]
        total0 = game_total(S, n)
        code = check_state(S, T, n, total0, prev_supply, prev_trash, -1)
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
            play_turn(ptr(A[0]), ptr(A[1]), ptr(A[2]), ptr(A[3]), ptr(A[4]),
                      calls_from_flat(A[5]), cur)
            if S[L.ERR]:
                fails[g, 0] = ENGINE_ERR
                return turns_checked
            S[L.TURNS + cur] += 1
            S[L.V + L.V_TOTAL_TURNS] += 1
            turns_checked += 1
            code = check_state(S, T, n, total0, prev_supply, prev_trash, cur)
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


def engine_arrays(sc: Scenario) -> tuple:
    """The arrays ``play_turn`` takes before the seat, taken from a Scenario by parameter
    name (the engine's signature grows as it gains features; this follows it)."""
    names = list(inspect.signature(play_turn.py_func).parameters)[:-1]
    assert names[:3] == ["S", "R", "T"], names
    return tuple(getattr(sc, name) for name in names)


def run_checked(n, kingdom, bots, seat_bots, seeds, first=None, owned=None):
    """Play with the checking loop; returns (out, fails, turns checked).  ``owned``
    (N_CARDS counts) adds up the cards owned at the end of every game."""
    sc = Scenario(list(bots), n_players=n, kingdom=kingdom)
    A = engine_arrays(sc)
    S = A[0]
    g = len(seeds)
    seeds = np.ascontiguousarray(seeds, np.uint64)
    seat_bots = np.ascontiguousarray(seat_bots, np.int32)
    if first is None:
        first = np.full(g, -1, np.int8)
    out = np.zeros((g, 3 + 2 * n), np.int64)
    fails = np.zeros((g, 3), np.int64)
    if owned is None:
        owned = np.zeros(N_CARDS, np.int64)
    k = play_checked(A, n, seat_bots, seeds, first, out, fails, owned)
    assert not S[L.ERR], (f"engine error {S[L.ERR:L.ERR + 6]} in kingdom {_names(kingdom)}, "
                          f"{n} players")
    return out, fails, k


def _seat_bots(n, games, n_bots, rng, fixed=None):
    if fixed is not None:
        return np.full((games, n), fixed, np.int32)
    return rng.integers(0, n_bots, size=(games, n)).astype(np.int32)


def _compare_with_batch(n, kingdom, bots, seat_bots, seeds, out):
    res = play_batch(GameConfig(n_players=n, kingdom=kingdom), bots, seat_bots, seeds)
    assert np.array_equal(res.game[:, G_END], out[:, 0])
    assert np.array_equal(res.game[:, G_TOTAL_TURNS], out[:, 1])
    assert np.array_equal(res.game[:, G_FIRST], out[:, 2])
    assert np.array_equal(res.score, out[:, 3:3 + n])
    assert np.array_equal(res.turns, out[:, 3 + n:3 + 2 * n])
    return res


def _names(ids) -> str:
    return ", ".join(CARDS[c].name if isinstance(c, (int, np.integer)) else str(c)
                     for c in ids)


def _report(fails, seeds, kingdom, bots, seat_bots):
    """The broken games, each with what replays it: seed, kingdom, bots by seat."""
    bad = np.flatnonzero(fails[:, 0])
    lines = [f"game {g} (seed {int(seeds[g])}, bots {[bots[b].name for b in seat_bots[g]]}): "
             f"{CODE_NAMES[fails[g, 0]]} after turn {fails[g, 1]} of seat {fails[g, 2]}"
             for g in bad[:10]]
    return (f"{len(bad)} games broke an invariant in kingdom {_names(kingdom)}:\n"
            + "\n".join(lines))


def _card_bm(a: str, b: str) -> RuleBot:
    """Big Money Ultimate's greening buying up to two each of ``a`` and ``b`` (played in
    the default order): the rule bots' defaults answer every decision those cards ask.
    It trashes only Curses and Estates: Chapel bots trashing Coppers too were seen to
    trash their whole economy and stall at the turn cap (a strategy, not the engine)."""
    name = f"inv-{a}-{b}".lower().replace(" ", "-")
    return RuleBot(name, "invariant test bot",
                   buy=[Buy("Province", money() > 15),
                        Buy("Duchy", left("Province") <= 4),
                        Buy("Estate", left("Province") <= 2),
                        Buy(a, count(a) < 2),      # before Gold: Artisan costs $6
                        Buy(b, count(b) < 2),
                        Buy("Gold"),
                        Buy("Silver")],
                   trash=["Curse", "Estate"], avoid_losing_end=True)


LIBRARY = [b for b in BOTS if b.name != "random"]


def mix_bots(kingdom) -> list:
    """The library bots whose cards are in ``kingdom`` (as a run requires) and, per kingdom
    card, a bot that buys it and the next one."""
    names = [CARDS[c].name for c in kingdom]
    fits = [b for b in LIBRARY if set(kingdom_needs(b)) <= set(kingdom)]
    return fits + [_card_bm(a, names[(i + 1) % len(names)]) for i, a in enumerate(names)]


@pytest.mark.slow  # 6,000 random games per player count; the library mixes below stay
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_every_invariant(n):
    bots = [get_bot("random")]
    owned = np.zeros(N_CARDS, np.int64)
    turns = capped_n = 0
    for ki, kingdom in enumerate(kingdoms(n)):
        seeds = game_seeds(1000 + 100 * n + ki, 0, GAMES)
        seat_bots = _seat_bots(n, GAMES, 1, None, fixed=0)
        out, fails, k = run_checked(n, kingdom, bots, seat_bots, seeds, owned=owned)
        assert not fails[:, 0].any(), _report(fails, seeds, kingdom, bots, seat_bots)
        res = _compare_with_batch(n, kingdom, bots, seat_bots, seeds, out)
        assert k == out[:, 1].sum()
        turns += k
        capped = res.game[:, G_END] == END_TURN_CAP
        capped_n += int(capped.sum())
        # A capped game ran the full cap and has no winner; the others ended for a reason.
        assert (res.game[capped, G_TOTAL_TURNS] == 100 * n).all()
        assert (res.game[capped, G_WINNERS] == 0).all()
        assert (res.game[~capped, G_WINNERS] != 0).all()
    # The kingdoms held every kingdom card and the random bot ended up with each of them.
    assert set().union(*map(set, kingdoms(n))) == set(ALL_KINGDOM_CARDS)
    missing = [CARDS[c].name for c in ALL_KINGDOM_CARDS if owned[c] == 0]
    assert not missing, f"no game ended with a player owning {missing}"
    print(f"\n{n}p random: {N_KINGDOMS} kingdoms x {GAMES} games, {turns} turns checked, "
          f"{capped_n} capped")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_library_mixes_keep_every_invariant_and_end(n):
    owned = np.zeros(N_CARDS, np.int64)
    turns = stalled = 0
    for ki, kingdom in enumerate(kingdoms(n)):
        bots = mix_bots(kingdom)
        rng = np.random.default_rng(7 * n + ki)
        seeds = game_seeds(2000 + 100 * n + ki, 0, LIB_GAMES)
        seat_bots = _seat_bots(n, LIB_GAMES, len(bots), rng)
        out, fails, k = run_checked(n, kingdom, bots, seat_bots, seeds, owned=owned)
        turns += k
        assert not fails[:, 0].any(), _report(fails, seeds, kingdom, bots, seat_bots)
        res = _compare_with_batch(n, kingdom, bots, seat_bots, seeds, out)
        capped = np.flatnonzero(res.game[:, G_END] == END_TURN_CAP)
        stalled += len(capped)
        # The only capped games allowed: bots that refuse to end a game they would not win
        # (avoid_losing_end) stalled one gain before the end.  Anything else must end.
        assert len(capped) <= max(1, LIB_GAMES // 50), _names(kingdom)
        config = GameConfig(n_players=n, kingdom=kingdom)
        supply0 = make_table(n, config.kingdom)[L.SUPPLY0:L.SUPPLY0 + N_CARDS].astype(np.int64)
        for g in capped:
            assert all(bots[b].flags["avoid_losing_end"] for b in seat_bots[g])
            log = play_batch(config, bots, seat_bots[g:g + 1], seeds[g:g + 1], log=True).log
            supply = supply0.copy()
            for ev, _t, _p, c, _k, _x in log:
                if ev == EV_GAIN:
                    supply[c] -= 1
            piles = np.sort(supply[supply0 > 0])
            assert min(supply[PROVINCE], piles[:3].sum()) == 1, (
                f"capped game not stalled at one gain from the end: seed {int(seeds[g])}, "
                f"kingdom {_names(kingdom)}, bots {[bots[b].name for b in seat_bots[g]]}")
    missing = [CARDS[c].name for c in ALL_KINGDOM_CARDS if owned[c] == 0]
    assert not missing, f"no game ended with a rule bot owning {missing}"
    print(f"\n{n}p library: {N_KINGDOMS} kingdoms x {LIB_GAMES} games, {turns} turns "
          f"checked, {stalled} stalled at the cap")


def _replay_end(log, n, supply0, first_seat, result_row, turns_row):
    """Check one logged game's turn order and its end against the supply, from its log."""
    supply = supply0.copy()
    turn_players = []
    over_after = []
    end_reason = None
    for ev, _t, p, c, k, _x in log:
        if ev == EV_TURN:
            if turn_players:
                over_after.append(bool(supply[PROVINCE] == 0
                                       or (supply[supply0 > 0] == 0).sum() >= 3))
            turn_players.append(p)
        elif ev == EV_GAIN:
            supply[c] -= 1
        elif ev == EV_END:
            over_after.append(bool(supply[PROVINCE] == 0 or (supply[supply0 > 0] == 0).sum() >= 3))
            end_reason = k
    assert end_reason is not None
    # Clockwise from the first player.
    assert turn_players == [(first_seat + i) % n for i in range(len(turn_players))]
    # The game went on while it was not over and stopped right after the turn that ended it.
    assert not any(over_after[:-1])
    if end_reason == END_TURN_CAP:
        assert not over_after[-1] and len(turn_players) == 100 * n
    else:
        assert over_after[-1]
        assert end_reason == (END_PROVINCES if supply[PROVINCE] == 0 else END_PILES)
    assert result_row[G_END] == end_reason and result_row[G_TOTAL_TURNS] == len(turn_players)
    assert result_row[G_FIRST] == first_seat
    assert [turn_players.count(p) for p in range(n)] == list(turns_row)
    # Nobody else took a turn: the players after the last one are one turn behind.
    last = turn_players[-1]
    for p in range(n):
        behind = (p - first_seat) % n > (last - first_seat) % n
        assert turns_row[p] == turns_row[first_seat] - (1 if behind else 0)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_logged_games_end_right_after_the_ending_turn(n):
    """Replay the logs of complete games: turn order clockwise from the first player, the
    game not over before its last turn, over (for the reported reason) right after it."""
    rng = np.random.default_rng(n)
    reasons = set()
    played = np.zeros(N_CARDS, np.int64)
    fixed = [GameConfig(kingdom=k).kingdom for k in (FIRST_GAME, EXTRA_KINGDOM)]
    for ki, kingdom in enumerate(fixed + kingdoms(n)[:8]):
        config = GameConfig(n_players=n, kingdom=kingdom)
        supply0 = make_table(n, config.kingdom)[L.SUPPLY0:L.SUPPLY0 + N_CARDS].astype(np.int64)
        bots = mix_bots(kingdom) + [get_bot("random")]
        seeds = game_seeds(3000 + 100 * n + ki, 0, 30)
        for i in range(len(seeds)):
            seat = rng.integers(0, len(bots), size=(1, n)) if i % 3 else np.full((1, n),
                                                                                 len(bots) - 1)
            res = play_batch(config, bots, seat, seeds[i:i + 1], log=True)
            assert not res.log_truncated
            _replay_end(res.log, n, supply0, int(res.game[0, G_FIRST]), res.game[0],
                        res.turns[0])
            reasons.add(int(res.game[0, G_END]))
            for ev, _t, _p, c, _k, _x in res.log:
                if ev in (EV_PLAY, EV_PLAY_AGAIN):
                    played[c] += 1
    assert {END_PROVINCES, END_PILES} <= reasons
    # Those games played every kingdom card but Gardens (a Victory card).
    unplayed = [CARDS[c].name for c in ALL_KINGDOM_CARDS if played[c] == 0]
    assert unplayed == ["Gardens"], unplayed


@pytest.mark.parametrize("n", [2, 3, 4])
def test_same_seed_same_game_and_chunking_does_not_matter(n):
    config = GameConfig(n_players=n, kingdom=REST_KINGDOM)
    bots = mix_bots(config.kingdom) + [get_bot("random")]
    rng = np.random.default_rng(99 + n)
    g = 600
    seeds = game_seeds(4242 + n, 0, g)
    seat_bots = rng.integers(0, len(bots), size=(g, n)).astype(np.int32)
    first = np.where(rng.random(g) < 0.5, -1, rng.integers(0, n, g)).astype(np.int8)
    whole = play_batch(config, bots, seat_bots, seeds, first, record_turns=1)
    again = play_batch(config, bots, seat_bots, seeds, first, record_turns=1)
    for a, b in ((whole.score, again.score), (whole.turns, again.turns),
                 (whole.game, again.game), (whole.rec_coins, again.rec_coins),
                 (whole.rec_vp, again.rec_vp)):
        assert np.array_equal(a, b)
    cuts = [0, 1, 37, 38, 250, 599, 600]
    parts = [play_batch(config, bots, seat_bots[a:b], seeds[a:b], first[a:b], record_turns=1)
             for a, b in zip(cuts[:-1], cuts[1:], strict=True)]
    for field in ("score", "turns", "game", "rec_coins", "rec_vp"):
        joined = np.concatenate([getattr(r, field) for r in parts])
        assert np.array_equal(joined, getattr(whole, field)), field
    # Game i of a run replays alone from game_seeds(master, i, i + 1).
    i = 123
    alone = play_batch(config, bots, seat_bots[i:i + 1], game_seeds(4242 + n, i, i + 1),
                       first[i:i + 1])
    assert np.array_equal(alone.game[0], whole.game[i])
    assert np.array_equal(alone.score[0], whole.score[i])
    # Same seed, same log, event by event.
    log1 = play_batch(config, bots, seat_bots[i:i + 1], seeds[i:i + 1], first[i:i + 1],
                      log=True).log
    log2 = play_batch(config, bots, seat_bots[i:i + 1], seeds[i:i + 1], first[i:i + 1],
                      log=True).log
    assert np.array_equal(log1, log2) and len(log1) > 100
    # Different seeds do give different games.
    assert len({tuple(r) for r in whole.score}) > g // 4


def test_first_seat_given_or_drawn_from_the_seed():
    n = 3
    config = GameConfig(n_players=n)
    bots = [get_bot("big-money")]
    seeds = game_seeds(77, 0, 300)
    drawn = play_batch(config, bots, np.zeros((300, n)), seeds)
    firsts = drawn.game[:, G_FIRST]
    assert set(firsts.tolist()) == {0, 1, 2}
    assert all(np.bincount(firsts, minlength=3) > 60)
    given = play_batch(config, bots, np.zeros((300, n)), seeds, np.full(300, 2, np.int8))
    assert (given.game[:, G_FIRST] == 2).all()


def test_checker_catches_each_break_of_the_new_zones():
    """The checker is not vacuous: each new rule fails on a state broken just so."""
    sc = Scenario(["bmu", "bmu"], kingdom=REST_KINGDOM)
    sc.set_hand(0, ["Library", "Copper", "Copper", "Estate", "Silver"])
    sc.set_discard(0, ["Copper", "Estate"])
    S, T = sc.S, sc.T
    lib, estate = card_id("Library"), card_id("Estate")
    S[L.DISC_TOP] = estate          # Scenario.set_discard leaves the top card to the caller
    total0 = game_total(S, 2)

    def check(S):
        prev_supply = S[L.SUPPLY:L.SUPPLY + L.N_SLOTS].astype(np.int64)
        prev_trash = S[L.TRASH:L.TRASH + L.N_SLOTS].astype(np.int64)
        return CODE_NAMES[check_state(S, T, 2, total0, prev_supply, prev_trash, -1)]

    assert check(S) == "ok"
    aside = S.copy()        # Library set aside from the hand and left there
    aside[L.HAND0 + lib] -= 1
    aside[L.HAND_N] -= 1
    aside[L.ASIDE0 + lib] += 1
    aside[L.ASIDE_N] += 1
    assert check(aside) == "cards left set aside between turns"
    uncounted = aside.copy()
    uncounted[L.ASIDE_N] -= 1
    assert check(uncounted) == "*_N total wrong"
    lost = S.copy()         # a card set aside that was never taken from anywhere
    lost[L.ASIDE0 + lib] += 1
    assert check(lost) == "owned != hand+play+discard+aside+deck"
    stack = S.copy()
    stack[L.V + L.V_STACK_N] = 1
    assert check(stack) == "play stack not empty between turns"
    known = S.copy()
    known[L.UNKNOWN] = -1
    assert check(known) == "known top of the draw pile outside the pile"
    top = S.copy()          # the public top of the discard pile is a card not in it
    top[L.DISC_TOP] = lib
    assert check(top) == "discard pile's top card not in it (or one for an empty pile)"
    top[L.DISC_TOP] = -1
    assert check(top) == "discard pile's top card not in it (or one for an empty pile)"
    top[L.DISC_TOP] = estate
    assert check(top) == "ok"
    top[L.DISC_TOP + 1] = estate    # player 1's discard pile is empty
    assert S[L.DISC_N + 1] == 0
    assert check(top) == "discard pile's top card not in it (or one for an empty pile)"
