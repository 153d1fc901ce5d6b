"""Build an exact game situation and run the real engine on it.

Tests (and curious users) need "this hand, this draw-pile order, this
supply": :class:`Scenario` sets the state arrays directly, keeps the owned
counts consistent, and calls the same compiled functions a full game uses
(``play_turn``, ``decide``, ``draw``, through their array entry points in
sim.engine.game), so nothing here is a second engine.

    sc = Scenario(["smithy-bm", "bmu"])
    sc.set_hand(0, ["Smithy", "Copper", "Copper", "Estate", "Estate"])
    sc.set_deck(0, ["Gold", "Gold", "Silver"])      # top card first
    sc.play_turn(0)
    assert sc.bought(0) == ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

import numpy as np

from sim.cards import C_COINS, C_TYPES, C_VP, CARDS, N_CARDS, card_id
from sim.engine import layout as L
from sim.engine.batch import install_bots
from sim.engine.codes import ERR_NONE
from sim.engine.config import GameConfig
from sim.engine.game import (
    decide_on,
    draw_on,
    play_turn_adv_on,
    play_turn_on,
    reset_game_on,
)
from sim.engine.state import make_table, new_state, pack_programs
from sim.engine.zones import game_over, score

Cards = Iterable[str | int] | Mapping[str | int, int]


def _counts(cards: Cards) -> np.ndarray:
    out = np.zeros(L.N_SLOTS, np.int32)
    items = cards.items() if isinstance(cards, Mapping) else Counter(cards).items()
    for name, k in items:
        out[card_id(name)] += int(k)
    return out


def _named(arr: np.ndarray) -> dict[str, int]:
    return {CARDS[c].name: int(arr[c]) for c in range(N_CARDS) if arr[c]}


class Scenario:
    """A game state that tests can shape card by card (see module docstring)."""

    def __init__(self, bots: list, n_players: int | None = None, kingdom=None, seed: int = 0,
                 turn_cap: int = 100, log: bool = False, events: Iterable[str | int] = ()):
        from bots import resolve_bot

        self.bots = [resolve_bot(b) for b in bots]
        n = n_players or len(self.bots)
        if len(self.bots) == 1:
            self.bots = self.bots * n
        events = tuple(events)
        self.config = GameConfig(n_players=n, kingdom=kingdom, turn_cap=turn_cap,
                                 events=events, max_events=max(2, len(events)))
        programs = [b.program() for b in self.bots]
        self.T = make_table(n, self.config.kingdom, self.config.events)
        self.P, self.Q = pack_programs(programs, self.T)
        self.H = install_bots(self.bots, programs, self.P, self.T)
        self.S, self.R = new_state(self.T, turn_cap, log_rows=(1 << 14) if log else 0)
        seat_bots = np.arange(n, dtype=np.int32).reshape(1, n)
        reset_game_on(self.S, self.R, self.T, 0, np.uint64(seed), n, seat_bots)

    # ------------------------------------------------------------------ shaping
    def _zone(self, z0: int, p: int) -> np.ndarray:
        o = z0 + p * L.N_SLOTS
        return self.S[o:o + L.N_SLOTS]

    def _recount(self, p: int) -> None:
        """Owned = hand + in play + discard + draw pile (tests set zones directly)."""
        own = (self._zone(L.HAND0, p) + self._zone(L.PLAY0, p) + self._zone(L.DISC0, p)
               + self._zone(L.ASIDE0, p) + self._zone(L.MAT0, p) + self._zone(L.GEAR0, p)
               + self._zone(L.SAVE0, p))
        if self.S[L.INHERIT + p]:
            own[self.S[L.INHERIT + p] - 1] += 1
        own = own + np.bincount(self.deck(p, ids=True), minlength=L.N_SLOTS).astype(np.int32)
        self._zone(L.OWN0, p)[:] = own
        self.S[L.OWN_N + p] = own.sum()
        table = self.T[:N_CARDS * L.N_COLS].reshape(N_CARDS, L.N_COLS)
        self.S[L.MONEY + p] = int((own[:N_CARDS] * table[:, C_COINS]).sum())
        self.S[L.VP + p] = int((own[:N_CARDS] * table[:, C_VP]).sum())
        for k in range(L.N_TYPE_BITS):
            has = (table[:, C_TYPES] & (1 << k)) != 0
            self.S[L.TYPE_N + k * L.MAX_PLAYERS + p] = int(own[:N_CARDS][has].sum())
        for z0, n_at in ((L.HAND0, L.HAND_N), (L.PLAY0, L.PLAY_N), (L.DISC0, L.DISC_N),
                         (L.MAT0, L.MAT_N), (L.GEAR0, L.GEAR_N), (L.SAVE0, L.SAVE_N)):
            self.S[n_at + p] = self._zone(z0, p).sum()

    def set_hand(self, p: int, cards: Cards) -> Scenario:
        self._zone(L.HAND0, p)[:] = _counts(cards)
        self._recount(p)
        return self

    def set_discard(self, p: int, cards: Cards) -> Scenario:
        self._zone(L.DISC0, p)[:] = _counts(cards)
        self._recount(p)
        return self

    def set_in_play(self, p: int, cards: Cards) -> Scenario:
        self._zone(L.PLAY0, p)[:] = _counts(cards)
        self._recount(p)
        return self

    def set_deck(self, p: int, top_first: Iterable[str | int]) -> Scenario:
        """The draw pile, in order, its top card first."""
        ids = [card_id(c) for c in top_first]
        o = L.DECK + p * L.MAX_DECK
        self.S[o:o + len(ids)] = ids[::-1]
        self.S[L.DECK_N + p] = len(ids)
        self.S[L.UNKNOWN + p] = len(ids)      # a shuffled pile: its owner knows none of it
        self._recount(p)
        return self

    def set_supply(self, card: str | int, n: int) -> Scenario:
        c = card_id(card)
        if not self.S[L.IN_SUPPLY + c]:
            raise ValueError(f"{CARDS[c].name} is not in this game's supply")
        self.S[L.SUPPLY + c] = n
        self.S[L.V + L.V_EMPTY] = int(sum(1 for k in range(N_CARDS) if self.S[L.IN_SUPPLY + k]
                                          and self.S[L.SUPPLY + k] == 0))
        return self

    # ------------------------------------------------------------------ Adventures
    def set_mat(self, p: int, cards: Cards) -> Scenario:
        """``p``'s Tavern mat."""
        self._zone(L.MAT0, p)[:] = _counts(cards)
        self._recount(p)
        return self

    def set_gear(self, p: int, cards: Cards) -> Scenario:
        """Cards Gear set aside for ``p``'s next turn (Gear itself: :meth:`hold_in_play`)."""
        self._zone(L.GEAR0, p)[:] = _counts(cards)
        self._recount(p)
        return self

    def hold_in_play(self, p: int, card: str | int, n: int = 1, *, game: bool = False
                     ) -> Scenario:
        """``n`` more copies of ``card`` in ``p``'s play area, staying through the next
        Cleanup (a Duration from an earlier turn, or the Throne Room with it), or for
        the game with ``game=True`` (Hireling, Champion).  Their effects are set apart:
        :meth:`set_next_turn`, :meth:`set_lasting`."""
        c = card_id(card)
        self._zone(L.PLAY0, p)[c] += n
        self.S[(L.PERM if game else L.KEEP) + p * L.N_SLOTS + c] += n
        self.S[L.MARKS + p] += n
        self._recount(p)
        return self

    _NEXT = {"Amulet": L.NEXT_AMULET, "Bridge Troll": L.NEXT_TROLL, "Caravan Guard": L.NEXT_GUARD,
             "Dungeon": L.NEXT_DUNGEON, "Haunted Woods": L.NEXT_WOODS, "Swamp Hag": L.NEXT_HAG}

    def set_next_turn(self, p: int, card: str, n: int = 1) -> Scenario:
        """``n`` plays' worth of ``card``'s start-of-next-turn effect waiting for ``p``."""
        self.S[self._NEXT[CARDS[card_id(card)].name] + p] = n
        return self

    def set_lasting(self, p: int, hirelings: int = 0, champions: int = 0) -> Scenario:
        """Hireling and Champion plays in effect for ``p`` (for the rest of the game)."""
        self.S[L.HIRELINGS + p] = hirelings
        self.S[L.CHAMPIONS + p] = champions
        return self

    def set_attack_on(self, attacker: int, victim: int, card: str, n: int = 1) -> Scenario:
        """``n`` plays of Haunted Woods or Swamp Hag by ``attacker`` affecting ``victim``
        until the attacker's next turn."""
        base = L.WOODS_ON if card_id(card) == card_id("Haunted Woods") else L.HAG_ON
        self.S[base + attacker * L.MAX_PLAYERS + victim] = n
        return self

    TOKENS = ("+1 Card", "+1 Action", "+1 Buy", "+$1", "-$2 cost", "Trashing")

    def set_token(self, p: int, token: str, pile: str | int | None) -> Scenario:
        """Put ``p``'s pile token (:data:`TOKENS`) on ``pile``'s pile (None: off the piles)."""
        k = self.TOKENS.index(token)
        self.S[L.TOK_CARD + k * L.MAX_PLAYERS + p] = 0 if pile is None else card_id(pile) + 1
        return self

    def token_pile(self, p: int, token: str) -> str | None:
        v = int(self.S[L.TOK_CARD + self.TOKENS.index(token) * L.MAX_PLAYERS + p])
        return CARDS[v - 1].name if v else None

    def set_minus_card(self, p: int, on_deck: bool = True) -> Scenario:
        self.S[L.MINUS_CARD + p] = int(on_deck)
        return self

    def set_minus_coin(self, p: int, taken: bool = True) -> Scenario:
        self.S[L.MINUS_COIN + p] = int(taken)
        return self

    def minus_card(self, p: int) -> bool:
        return bool(self.S[L.MINUS_CARD + p])

    def minus_coin(self, p: int) -> bool:
        return bool(self.S[L.MINUS_COIN + p])

    def set_journey(self, p: int, face_up: bool) -> Scenario:
        self.S[L.JOURNEY_DOWN + p] = int(not face_up)
        return self

    def journey_face_up(self, p: int) -> bool:
        return not self.S[L.JOURNEY_DOWN + p]

    def set_inheritance(self, p: int, card: str | int | None) -> Scenario:
        """``p``'s Estate token on ``card`` (set aside, owned), as after Inheritance."""
        self.S[L.INHERIT + p] = 0 if card is None else card_id(card) + 1
        self.S[L.INHERITANCE_BOUGHT + p] = int(card is not None)
        self._recount(p)
        return self

    def inherited(self, p: int) -> str | None:
        v = int(self.S[L.INHERIT + p])
        return CARDS[v - 1].name if v else None

    def set_non_supply(self, card: str | int, n: int) -> Scenario:
        """A Traveller upgrade pile's size."""
        self.S[L.NON_SUPPLY + card_id(card)] = n
        return self

    def non_supply(self, card: str | int) -> int:
        return int(self.S[L.NON_SUPPLY + card_id(card)])

    def mat(self, p: int) -> dict[str, int]:
        return _named(self._zone(L.MAT0, p))

    def gear(self, p: int) -> dict[str, int]:
        return _named(self._zone(L.GEAR0, p))

    def saved(self, p: int) -> dict[str, int]:
        return _named(self._zone(L.SAVE0, p))

    def held_in_play(self, p: int) -> dict[str, int]:
        """Copies in ``p``'s play area marked to stay through the next Cleanup."""
        return _named(self.S[L.KEEP + p * L.N_SLOTS:L.KEEP + (p + 1) * L.N_SLOTS])

    def lasting_in_play(self, p: int) -> dict[str, int]:
        """Copies in ``p``'s play area that stay for the rest of the game."""
        return _named(self.S[L.PERM + p * L.N_SLOTS:L.PERM + (p + 1) * L.N_SLOTS])

    def next_turn(self, p: int) -> dict[str, int]:
        """Next-turn Duration effects waiting for ``p`` (plays' worth, by card)."""
        return {name: int(self.S[o + p]) for name, o in self._NEXT.items() if self.S[o + p]}

    def gains_this_turn(self, p: int) -> int:
        """Cards ``p`` gained during their current or most recent turn (Treasure Hunter)."""
        return int(self.S[L.GAINED + p])

    @property
    def mission_next(self) -> bool:
        return bool(self.S[L.V + L.V_MISSION_NEXT])

    def set_turns(self, p: int, n: int) -> Scenario:
        self.S[L.TURNS + p] = n
        return self

    def set_counters(self, actions: int | None = None, buys: int | None = None,
                     coins: int | None = None) -> Scenario:
        for slot, val in ((L.V_ACTIONS, actions), (L.V_BUYS, buys), (L.V_COINS, coins)):
            if val is not None:
                self.S[L.V + slot] = val
        return self

    # ------------------------------------------------------------------ running
    def _check(self) -> None:
        if self.S[L.ERR] != ERR_NONE:
            from sim.engine.codes import DECISION_NAMES
            code, _g, seat, d, c = (int(x) for x in self.S[L.ERR:L.ERR + 5])
            raise RuntimeError(f"engine error {code}: seat {seat} deciding to "
                               f"{DECISION_NAMES[d]}: card {c}")

    def play_turn(self, p: int) -> int:
        """Play player ``p``'s whole turn; returns the $ it had when buying started."""
        self.S[L.V + L.V_CUR] = p
        before = self.owned(p)
        adventures = bool(self.T[L.T_ADV])
        turn = play_turn_adv_on if adventures else play_turn_on
        produced = int(turn(self.S, self.R, self.T, self.P, self.Q, self.H, p))
        self._check()
        after = self.owned(p)
        self._last_gains = {k: after.get(k, 0) - before.get(k, 0) for k in after
                            if after.get(k, 0) > before.get(k, 0)}
        if not (adventures and self.S[L.V + L.V_MISSION]):
            self.S[L.TURNS + p] += 1
        self.S[L.V + L.V_TOTAL_TURNS] += 1
        if adventures:      # as sim.engine.game.play_games does between turns
            self.S[L.V + L.V_PREV] = p
            self.S[L.V + L.V_MISSION] = self.S[L.V + L.V_MISSION_NEXT]
            self.S[L.V + L.V_MISSION_NEXT] = 0
        return produced

    def decide(self, p: int, decision: int, arg: int = 0) -> str | int | None:
        """Ask player ``p`` one decision (sim.engine.codes.D_*) in the current state."""
        r = int(decide_on(self.S, self.R, self.T, self.P, self.Q, self.H, p, decision, arg))
        return CARDS[r].name if 0 <= r < N_CARDS else (None if r == -1 else r)

    def draw(self, p: int, n: int) -> int:
        return int(draw_on(self.S, self.R, p, n))

    # ------------------------------------------------------------------ reading
    def hand(self, p: int) -> dict[str, int]:
        return _named(self._zone(L.HAND0, p))

    def in_play(self, p: int) -> dict[str, int]:
        return _named(self._zone(L.PLAY0, p))

    def discard(self, p: int) -> dict[str, int]:
        return _named(self._zone(L.DISC0, p))

    def set_aside(self, p: int) -> dict[str, int]:
        """Cards in ``p``'s set-aside zone (looked at, revealed or set aside; empty
        between card texts)."""
        return _named(self._zone(L.ASIDE0, p))

    def known_deck_top(self, p: int) -> list[str]:
        """The cards on top of ``p``'s draw pile that ``p`` knows, top first."""
        known = max(0, int(self.S[L.DECK_N + p]) - int(self.S[L.UNKNOWN + p]))
        return self.deck(p)[:known]

    def discard_top(self, p: int) -> str | None:
        """The discard pile's top card (public), or None."""
        top = int(self.S[L.DISC_TOP + p])
        return CARDS[top].name if top >= 0 else None

    def owned(self, p: int) -> dict[str, int]:
        return _named(self._zone(L.OWN0, p))

    def deck(self, p: int, ids: bool = False) -> list:
        """The draw pile, top card first."""
        o = L.DECK + p * L.MAX_DECK
        cards = self.S[o:o + self.S[L.DECK_N + p]][::-1]
        return cards.copy() if ids else [CARDS[c].name for c in cards]

    def supply(self, card: str | int) -> int:
        return int(self.S[L.SUPPLY + card_id(card)])

    def trash(self) -> dict[str, int]:
        return _named(self.S[L.TRASH:L.TRASH + L.N_SLOTS])

    def score(self, p: int) -> int:
        return int(score(self.S, self.T, p))

    def gained_last_turn(self) -> dict[str, int]:
        """Cards whose owned count rose during the last play_turn."""
        return dict(self._last_gains)

    def game_over(self) -> bool:
        return bool(game_over(self.S))

    @property
    def counters(self) -> dict[str, int]:
        v = self.S[L.V:L.V + L.N_V]
        return {"actions": int(v[L.V_ACTIONS]), "buys": int(v[L.V_BUYS]),
                "coins": int(v[L.V_COINS])}

    def total_cards(self) -> int:
        """Every card in the game: supply + trash + all players' zones (conservation)."""
        n = int(self.S[L.SUPPLY:L.SUPPLY + N_CARDS].sum() + self.S[L.TRASH:L.TRASH + N_CARDS].sum()
                + self.S[L.NON_SUPPLY:L.NON_SUPPLY + N_CARDS].sum())
        for p in range(self.config.n_players):
            n += int(self._zone(L.OWN0, p).sum())
        return n
