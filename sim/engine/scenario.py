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
    assert sc.gained_last_turn() == {"Gold": 1}
    sc.play_to_end()                # then as a batch plays it: sc.finished, sc.result()
    print(sc.log())                 # with log=True

Cards the game does not hold are refused (the engine has no text for them); an illegal
answer raises a one-line error naming the decision, the answer and the legal answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

import numpy as np

from sim.cards import (
    C_COINS,
    C_TYPES,
    C_VP,
    CARDS,
    EVENT,
    GEAR,
    LASTS_GAME,
    LASTS_NEXT_TURN,
    N_CARDS,
    START_HOW,
    START_KIND,
    card_id,
)
from sim.engine import codes
from sim.engine import layout as L
from sim.engine.batch import cards_in_game, illegal_answer_text, install_bots
from sim.engine.cardcalls import call_addresses, flat_addresses
from sim.engine.codes import END_PILES, END_PROVINCES, END_TURN_CAP, ERR_NONE, TOKEN_JOURNEY
from sim.engine.config import GameConfig
from sim.engine.game import (
    G_WINNERS,
    N_GAME_COLS,
    decide_on,
    draw_on,
    finish_game_on,
    play_turn_adv_on,
    play_turn_on,
    reset_game_on,
    turn_over_on,
)
from sim.engine.gamelog import format_log
from sim.engine.state import make_table, new_state, pack_programs
from sim.engine.zones import game_over, score

Cards = Iterable[str | int] | Mapping[str | int, int]


END_REASONS = {END_PROVINCES: "provinces", END_PILES: "piles", END_TURN_CAP: "turn cap"}


def _named(arr: np.ndarray) -> dict[str, int]:
    return {CARDS[c].name: int(arr[c]) for c in range(N_CARDS) if arr[c]}


class Scenario:
    """A game state that tests can shape card by card (see module docstring)."""

    def __init__(self, bots: list, n_players: int | None = None, kingdom=None, seed: int = 0,
                 turn_cap: int = 100, log: bool = False, events: Iterable[str | int] = (),
                 *, outside_cards: bool = False):
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
        # The engine's call tables as flat addresses (what the entry points take).
        self.H = flat_addresses(call_addresses(install_bots(self.bots, programs, self.P,
                                                            self.T)), bool(self.T[L.T_ADV]))
        self.S, self.R = new_state(self.T, turn_cap, log_rows=(1 << 14) if log else 0)
        seat_bots = np.arange(n, dtype=np.int32).reshape(1, n)
        reset_game_on(self.S, self.R, self.T, 0, np.uint64(seed), n, seat_bots)
        # The cards a zone may hold: those of this game's piles (Events are no cards).
        self._cards = frozenset(c for c in cards_in_game(self.T) if not CARDS[c].is_type(EVENT))
        # Engine tests only: zones may hold cards the game does not (they do nothing).
        self.outside_cards = outside_cards
        self._next: int | None = None     # who moves next, once a turn was played here
        self._end: int | None = None      # why the game ended (codes.END_*), once it did
        self._last_gains: dict[str, int] = {}
        self._result: dict | None = None

    def _card(self, card: str | int, what: str) -> int:
        """``card``'s id; a card that is not in this game (its Supply, the Traveller
        upgrade piles, the basic cards) is refused: the engine holds no text for it, so
        it would sit in the zone and do nothing."""
        c = card_id(card)
        if c not in self._cards and not (self.outside_cards and not CARDS[c].is_type(EVENT)):
            kind = "an Event, not a card" if CARDS[c].is_type(EVENT) else "not in this game"
            kingdom = ", ".join(CARDS[k].name for k in self.config.kingdom)
            raise ValueError(f"{what}: {CARDS[c].name} is {kind} (kingdom: {kingdom}); "
                             f"give the Scenario a kingdom with it")
        return c

    def _counts(self, cards: Cards, what: str) -> np.ndarray:
        out = np.zeros(L.N_SLOTS, np.int32)
        items = cards.items() if isinstance(cards, Mapping) else Counter(cards).items()
        for name, k in items:
            out[self._card(name, what)] += int(k)
        return out

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
        self._zone(L.HAND0, p)[:] = self._counts(cards, "set_hand")
        self._recount(p)
        return self

    def set_discard(self, p: int, cards: Cards) -> Scenario:
        self._zone(L.DISC0, p)[:] = self._counts(cards, "set_discard")
        self._recount(p)
        return self

    def set_in_play(self, p: int, cards: Cards) -> Scenario:
        self._zone(L.PLAY0, p)[:] = self._counts(cards, "set_in_play")
        self._recount(p)
        return self

    def set_deck(self, p: int, top_first: Iterable[str | int]) -> Scenario:
        """The draw pile, in order, its top card first."""
        ids = [self._card(c, "set_deck") for c in top_first]
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
        self._zone(L.MAT0, p)[:] = self._counts(cards, "set_mat")
        self._recount(p)
        return self

    def set_gear(self, p: int, cards: Cards) -> Scenario:
        """Cards Gear set aside for ``p``'s next turn (Gear itself: :meth:`hold_in_play`):
        with any, Gear's effect waits (one play's, unless more were set)."""
        self._zone(L.GEAR0, p)[:] = self._counts(cards, "set_gear")
        e = L.EFFECTS + p * L.N_SLOTS + GEAR
        self.S[e] = max(int(self.S[e]), 1) if self._zone(L.GEAR0, p).any() else 0
        self._recount_effects(p)
        self._recount(p)
        return self

    def _recount_effects(self, p: int) -> None:
        """EFFECTS_DUE: ``p``'s plays waiting whose cards have a start-of-turn effect."""
        row = self.S[L.EFFECTS + p * L.N_SLOTS:L.EFFECTS + p * L.N_SLOTS + N_CARDS]
        self.S[L.EFFECTS_DUE + p] = int(row[(START_HOW & START_KIND) != 0].sum())

    def hold_in_play(self, p: int, card: str | int, n: int = 1, *, game: bool = False
                     ) -> Scenario:
        """``n`` more copies of ``card`` in ``p``'s play area, staying through the next
        Cleanup (a Duration from an earlier turn, or the Throne Room with it), or for
        the game with ``game=True`` (Hireling, Champion).  Their effects are set apart:
        :meth:`set_next_turn`, :meth:`set_lasting`."""
        c = self._card(card, "hold_in_play")
        self._zone(L.PLAY0, p)[c] += n
        self.S[(L.PERM if game else L.KEEP) + p * L.N_SLOTS + c] += n
        self.S[L.MARKS + p] += n
        self._recount(p)
        return self

    #: The cards whose plays leave an effect for the next turn (their declarations).
    NEXT_TURN = tuple(c.name for c in CARDS if c.lasts == LASTS_NEXT_TURN)

    def set_next_turn(self, p: int, card: str | int, n: int = 1) -> Scenario:
        """``n`` plays' worth of ``card``'s start-of-next-turn effect waiting for ``p``."""
        c = self._card(card, "set_next_turn")
        if CARDS[c].lasts != LASTS_NEXT_TURN:
            raise ValueError(f"set_next_turn: {CARDS[c].name} leaves no effect for the next "
                             f"turn; these do: {', '.join(self.NEXT_TURN)}")
        self.S[L.EFFECTS + p * L.N_SLOTS + c] = n
        self._recount_effects(p)
        return self

    def set_duration_from_last_turn(self, p: int, card: str | int, n: int = 1, *,
                                    victims: Iterable[int] | None = None,
                                    gear: Cards = ()) -> Scenario:
        """``p`` played ``n`` copies of Duration ``card`` on their last turn: the copies
        stay in play (:meth:`hold_in_play`), their start-of-turn effects wait
        (:meth:`set_next_turn`) and, for a card whose lasting plays act on their victims'
        buys (:data:`ON_VICTIMS_BUY`), the attack holds each other player (or those in
        ``victims``: the others revealed Moat) until ``p``'s next turn
        (:meth:`set_attack_on`), as the real play leaves them.  Gear: ``gear`` are the
        cards it set aside (:meth:`set_gear`).  What the play did at once (Bridge Troll's
        -$1 tokens, a choice made, the cards drawn) is set apart.

        Replaces any copies of ``card`` held, or effects waiting, from before."""
        c = self._card(card, "set_duration_from_last_turn")
        name = CARDS[c].name
        if CARDS[c].lasts != LASTS_NEXT_TURN:
            durations = ", ".join(sorted(self.NEXT_TURN))
            raise ValueError(f"set_duration_from_last_turn: {name} is not a Duration with "
                             f"an effect next turn ({durations}); Hireling and Champion: "
                             f"hold_in_play(game=True) and set_lasting")
        if name == "Gear":
            if not gear:
                raise ValueError("set_duration_from_last_turn: Gear stays in play only with "
                                 "the cards it set aside: pass gear=[...]")
            self.set_gear(p, gear)
        elif gear:
            raise ValueError(f"set_duration_from_last_turn: gear= is for Gear, not {name}")
        held = int(self.S[L.KEEP + p * L.N_SLOTS + c])
        self.hold_in_play(p, c, n - held)
        self.set_next_turn(p, c, n)
        if CARDS[c].lasting_on_victims_buy:
            others = [q for q in range(self.config.n_players) if q != p]
            hit = set(others if victims is None else victims)
            for q in others:
                self.set_attack_on(p, q, c, n if q in hit else 0)
        elif victims is not None:
            raise ValueError(f"set_duration_from_last_turn: victims= is for "
                             f"{' and '.join(self.ON_VICTIMS_BUY)}, not {name}")
        return self

    def set_lasting(self, p: int, card: str | int, n: int = 1) -> Scenario:
        """``n`` plays of ``card`` in effect for ``p`` for the rest of the game: a card
        whose declaration says its plays last the game (``Card.lasts``: Hireling,
        Champion).  Replaces any count set before."""
        c = self._card(card, "set_lasting")
        if CARDS[c].lasts != LASTS_GAME:
            game = ", ".join(x.name for x in CARDS if x.lasts == LASTS_GAME)
            raise ValueError(f"set_lasting: {CARDS[c].name}'s plays do not last the game; "
                             f"these do: {game}")
        self.S[L.EFFECTS + p * L.N_SLOTS + c] = n
        self._recount_effects(p)
        return self

    #: The cards whose lasting plays act on their victims' buys (Card.lasting_on_victims_buy).
    ON_VICTIMS_BUY = tuple(c.name for c in CARDS if c.lasting_on_victims_buy)

    def set_attack_on(self, attacker: int, victim: int, card: str | int,
                      n: int = 1) -> Scenario:
        """``n`` plays of ``card`` (:data:`ON_VICTIMS_BUY`) by ``attacker`` affecting
        ``victim`` until the attacker's next turn: counted in the row of the card's way
        (layout.VICTIMS_BUY_ROW)."""
        c = card_id(card)
        way = CARDS[c].lasting_on_victims_buy
        if not way:
            raise ValueError(f"set_attack_on: {CARDS[c].name}'s plays do not act on their "
                             f"victims' buys; these do: {', '.join(self.ON_VICTIMS_BUY)}")
        self.S[L.VICTIMS_BUY_ROW[way] + attacker * L.MAX_PLAYERS + victim] = n
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
        """``p``'s Journey token face up or down (:meth:`log` shows each later turn-over
        with the face it turns to)."""
        self.S[L.JOURNEY_DOWN + p] = int(not face_up)
        return self

    def journey_face_up(self, p: int) -> bool:
        return not self.S[L.JOURNEY_DOWN + p]

    def set_inheritance(self, p: int, card: str | int | None) -> Scenario:
        """``p``'s Estate token on ``card`` (set aside, owned), as after Inheritance."""
        self.S[L.INHERIT + p] = 0 if card is None else self._card(card, "set_inheritance") + 1
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
        """Next-turn Duration effects waiting for ``p`` (plays' worth, by card; Gear's:
        its plays that set cards aside)."""
        row = self.S[L.EFFECTS + p * L.N_SLOTS:L.EFFECTS + (p + 1) * L.N_SLOTS]
        return {c.name: int(row[c.id]) for c in CARDS if c.lasts == LASTS_NEXT_TURN and row[c.id]}

    def gains_this_turn(self, p: int) -> int:
        """Cards ``p`` gained during their current or most recent turn (Treasure Hunter)."""
        return int(self.S[L.GAINED + p])

    @property
    def mission_next(self) -> bool:
        """The next turn is an extra turn from Mission (bought in the turn just played,
        or, within a turn, in this one)."""
        return bool(self.S[L.V + L.V_MISSION_NEXT] or self.S[L.V + L.V_MISSION])

    def set_mission_turn(self, on: bool = True) -> Scenario:
        """The next turn :meth:`play_turn` plays is (or is not) an extra turn from Mission:
        no cards can be bought in it, and it is not counted as one of the player's turns."""
        self.S[L.V + L.V_MISSION] = int(on)
        self.S[L.V + L.V_MISSION_NEXT] = 0
        return self

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
        """An engine error (a bot's illegal answer...) as one line naming the player, the
        decision, the card and the answers that were legal."""
        if self.S[L.ERR] != ERR_NONE:
            bot = self.bots[int(self.S[L.ERR + 5])]
            raise RuntimeError(illegal_answer_text(self.S, self.T, getattr(bot, "name", "?")))

    def play_turn(self, p: int) -> int:
        """Play player ``p``'s whole turn; returns the $ it had when buying started.

        Between turns it does what a game does (sim.engine.steps.adv_turn_over): count
        the turn (not a Mission turn), note who moves next (:attr:`next_player`; the same
        player after Mission, :attr:`mission_next`) or that the game is over
        (:attr:`finished`)."""
        self.S[L.V + L.V_CUR] = p
        before = self.owned(p)
        turn = play_turn_adv_on if self.T[L.T_ADV] else play_turn_on
        produced = int(turn(self.S, self.R, self.T, self.P, self.Q, self.H, p))
        self._check()
        after = self.owned(p)
        self._last_gains = {k: after.get(k, 0) - before.get(k, 0) for k in after
                            if after.get(k, 0) > before.get(k, 0)}
        nxt = int(turn_over_on(self.S, p))
        self._next, self._end = (nxt, None) if nxt >= 0 else (None, -1 - nxt)
        return produced

    @property
    def next_player(self) -> int | None:
        """Who moves next after the turn :meth:`play_turn` played last (None before any
        turn, and once the game is over)."""
        return self._next

    @property
    def finished(self) -> bool:
        """The last turn played ended the game (Provinces gone, three piles empty, or the
        turn cap): :meth:`result` gives the scores."""
        return self._end is not None

    def play_to_end(self, first: int | None = None) -> dict:
        """Play turns until the game ends, from ``first`` (default: :attr:`next_player`,
        else player 0), and return :meth:`result`.  Mission's extra turns are taken."""
        if self.finished:
            return self.result()
        p = first if first is not None else (self._next if self._next is not None else 0)
        while True:
            self.play_turn(p)
            if self.finished:
                return self.result()
            p = self._next

    def result(self) -> dict:
        """The finished game's outcome, as a batch counts it (sim.engine.game
        finish_game: fewest turns breaks a tie, a tie after that is shared; at the turn
        cap nobody wins): ``scores``, ``turns`` (Mission turns not counted) and
        ``winners`` by player, and ``reason`` ("provinces", "piles" or "turn cap").
        With ``log=True`` the log then ends with the result's lines, as a game's does."""
        if self._end is None:
            raise RuntimeError("the game is not over: play_turn or play_to_end first")
        if self._result is None:
            n = self.config.n_players
            score, turns = np.zeros((1, n), np.int32), np.zeros((1, n), np.int32)
            game = np.zeros((1, N_GAME_COLS), np.int32)
            finish_game_on(self.S, self.T, 0, n, self._end, score, turns, game)
            winners = int(game[0, G_WINNERS])
            self._result = {"scores": [int(x) for x in score[0]],
                            "turns": [int(x) for x in turns[0]],
                            "winners": [q for q in range(n) if winners >> q & 1],
                            "reason": END_REASONS[self._end]}
        return dict(self._result)

    def log(self) -> str:
        """The game's log so far as text (sim.engine.gamelog.format_log), for a Scenario
        made with ``log=True``.  Journey tokens a scenario turned face down
        (:meth:`set_journey`) show their true face: the faces at the log's start are
        worked back from the faces now over the turn-overs logged (set a token before
        the turns it matters to, not between them)."""
        if not self.S[L.V + L.V_LOG_ON]:
            raise RuntimeError("this Scenario keeps no log: make it with log=True")
        rows = self.log_rows()
        n = self.config.n_players
        flips = [0] * n
        for ev, _t, p, _c, k, _x in rows:
            if ev == codes.EV_TOKEN and k == TOKEN_JOURNEY and 0 <= p < n:
                flips[p] += 1
        start_up = [self.journey_face_up(p) ^ (flips[p] % 2 == 1) for p in range(n)]
        names = [getattr(b, "name", "?") for b in self.bots]
        return format_log(np.array(rows, np.int32).reshape(-1, L.LOG_WIDTH), names,
                          truncated=bool(self.S[L.V + L.V_LOG_TRUNC]), journey_up=start_up)

    def log_rows(self) -> list[tuple[int, ...]]:
        """The log's rows so far: (event, turn, player, card, count, extra), as
        sim.engine.codes EV_* describe them."""
        n = int(self.S[L.V + L.V_LOG_N])
        rows = self.S[L.LOG:L.LOG + n * L.LOG_WIDTH].reshape(n, L.LOG_WIDTH)
        return [tuple(int(x) for x in r) for r in rows]

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
