"""Hidden reactions (issue 35, item 3): who the agents' API asks, and what, never depends
on cards another player cannot see.

At the table a player who does not reveal Moat (or play Caravan Guard) keeps it secret;
an environment that asked an agent seat "reveal Moat?" only when it held one would tell
every other seat (State.current_player, the AEC agent_selection).  An agent seat is asked
whenever it owns a card with the Reaction's abilities (public), "no" its only answer when
it holds none (sim.engine.steps.agent_reaction, sim.env.core.legal_mask)."""

from __future__ import annotations

import numpy as np
import pytest

from bots import resolve_bot
from bots.rules import RuleBot
from sim.cards import card_id
from sim.engine import base_set, codes
from sim.engine import layout as L
from sim.engine.adventures import cards as adv_cards
from sim.engine.batch import play_batch
from sim.engine.config import GameConfig
from sim.engine.scenario import Scenario
from sim.env import Game, State, core, scenario_state
from sim.env.actions import NO, NONE, YES

BASE = "Moat,Militia,Witch,Village,Smithy,Market,Laboratory,Festival,Cellar,Chapel"
ADV = "Moat,Caravan Guard,Militia,Witch,Village,Smithy,Market,Laboratory,Festival,Cellar"
REACTIONS = (base_set.D_REVEAL_MOAT, adv_cards.D_CARAVAN_GUARD)
MILITIA = card_id("Militia")
SILVER, GOLD = card_id("Silver"), card_id("Gold")


def _position(kingdom: str, hand1: list[str], discard1: list[str], *,
              inherit: str | None = None, decisions="all", bots="bmu") -> State:
    """Seat 0 to move holding Militia; seat 1 (an agent seat) holds ``hand1``, its other
    cards in ``discard1`` and a draw pile of Coppers (so its owned cards are public)."""
    sc = Scenario(["bmu"], n_players=2, kingdom=kingdom, seed=3)
    sc.set_hand(0, ["Militia"] + ["Copper"] * 4)
    sc.set_deck(0, ["Copper"] * 5)
    sc.set_discard(0, [])
    sc.set_hand(1, hand1)
    sc.set_deck(1, ["Copper"] * 5)
    sc.set_discard(1, discard1)
    if inherit:
        sc.set_inheritance(1, inherit)
    return scenario_state(sc, 0, agents=[0, 1], decisions=decisions, bots=bots)


def _attack(state: State, reactions: list[int] | None = None) -> list[tuple]:
    """Play Militia from seat 0 and answer on to seat 0's next decision: each question
    as (seat, decision, legal actions).  Seat 1 answers its reaction questions from
    ``reactions`` (then "no"), anything else with its first legal action."""
    reactions = list(reactions or [])
    assert state.current_player() == 0 and state.decision()[0] == codes.D_ACTION
    state.apply_action(MILITIA)
    seen = []
    while state.current_player() != 0:
        d = state.decision()[0]
        seen.append((state.current_player(), d, tuple(state.legal_actions())))
        if d in REACTIONS:
            state.apply_action(reactions.pop(0) if reactions else NO)
        else:
            state.apply_action(state.legal_actions()[0])
    return seen


def _asked(seen: list[tuple]) -> list[tuple[int, int]]:
    return [(p, d) for p, d, _ in seen]


def _engine_takes(state: State, action: int) -> bool:
    """Whether the engine takes ``action`` now, past the mask (its own checks)."""
    s = state.clone()
    s._unshare()
    core.add_answer(s.S, action)
    g = s.game
    return core.go_on(s.S, s.R, g.T, g.P, g.P, g.Q, g.H, s._out_score, s._out_turns,
                      s._out_game, s.mask) != core.FAILED


# ------------------------------------------------------------------ (a) built situations
@pytest.mark.parametrize("kingdom", [BASE, ADV])
def test_moat_question_is_put_whether_or_not_moat_is_held(kingdom):
    held = _attack(_position(kingdom, ["Moat"] + ["Copper"] * 4, ["Estate"] * 3))
    hidden = _attack(_position(kingdom, ["Copper"] * 5, ["Moat"] + ["Estate"] * 3))
    assert _asked(held) == _asked(hidden)
    assert _asked(held)[0] == (1, base_set.D_REVEAL_MOAT)
    assert held[0][2] == (NO, YES) and hidden[0][2] == (NO,)
    # Owning no Moat (public): no question at all.
    none = _attack(_position(kingdom, ["Copper"] * 5, ["Estate"] * 3))
    assert (1, base_set.D_REVEAL_MOAT) not in _asked(none)


def test_a_padded_question_takes_only_no_and_the_bot_answers_no():
    state = _position(BASE, ["Copper"] * 5, ["Moat"])
    state.apply_action(MILITIA)
    assert state.current_player() == 1 and state.decision()[0] == base_set.D_REVEAL_MOAT
    assert state.legal_actions() == [NO]
    assert state.bot_action() == NO          # bmu reveals Moat when it holds one
    assert _engine_takes(state, NO) and not _engine_takes(state, YES)
    state.apply_action(NO)
    assert state.decision()[0] == codes.D_ATTACK_DISCARD    # the attack goes on
    held = _position(BASE, ["Moat"] + ["Copper"] * 4, [])
    held.apply_action(MILITIA)
    assert held.bot_action() == YES and _engine_takes(held, YES)


def test_caravan_guard_is_asked_until_no_whether_or_not_one_is_held():
    held = _position(ADV, ["Caravan Guard"] + ["Copper"] * 4, ["Estate"] * 3)
    hidden = _position(ADV, ["Copper"] * 5, ["Caravan Guard"] + ["Estate"] * 3)
    a, b = _attack(held.clone()), _attack(hidden.clone())
    assert _asked(a) == _asked(b)
    assert _asked(a)[0] == (1, adv_cards.D_CARAVAN_GUARD)
    assert a[0][2] == (NO, YES) and b[0][2] == (NO,)
    # Played, it draws a Copper: asked again (padded: none left), until "no".
    played = _attack(held, [YES])
    assert _asked(played)[:2] == [(1, adv_cards.D_CARAVAN_GUARD)] * 2
    assert played[1][2] == (NO,)
    # With Moat owned too: the Guard's questions, then Moat's, held or not.
    both = _attack(_position(ADV, ["Caravan Guard"] + ["Copper"] * 4, ["Moat"]))
    assert _asked(both)[:2] == [(1, adv_cards.D_CARAVAN_GUARD), (1, base_set.D_REVEAL_MOAT)]
    assert both[1][2] == (NO,)


def test_an_estate_inheriting_moat_is_asked_about_once_whether_or_not_held():
    held = _attack(_position(ADV, ["Estate"] + ["Copper"] * 4, ["Estate"] * 2,
                             inherit="Moat"))
    hidden = _attack(_position(ADV, ["Copper"] * 5, ["Estate"] * 3, inherit="Moat"))
    assert _asked(held) == _asked(hidden)
    assert [q for q in _asked(held) if q[1] == base_set.D_REVEAL_MOAT] == \
        [(1, base_set.D_REVEAL_MOAT)]
    assert held[0][2] == (NO, YES) and hidden[0][2] == (NO,)
    # Revealed, the Estate blocks the attack: no discard.
    blocked = _attack(_position(ADV, ["Estate"] + ["Copper"] * 4, ["Estate"] * 2,
                                inherit="Moat"), [YES])
    assert _asked(blocked) == [(1, base_set.D_REVEAL_MOAT)]


@pytest.mark.parametrize("kingdom", [BASE, ADV])
def test_a_seat_whose_bot_answers_reactions_is_never_asked_a_padded_question(kingdom):
    """Agents taking only the turn's decisions: the reaction goes to seat 1's bot when
    it holds Moat (bmu reveals it) and to nobody when it does not (the bot, which would
    say yes, is not asked: the attack makes it discard to 3)."""
    for hand, kept in ((["Moat"] + ["Copper"] * 4, 5), (["Copper"] * 5, 3)):
        state = _position(kingdom, hand, ["Moat"], decisions="turn")
        state.apply_action(MILITIA)
        while state.decision()[0] != codes.D_BUY:
            assert state.current_player() == 0
            state.apply_action(state.bot_action())
        assert int(state.D[L.HAND_N + 1]) == kept


# ------------------------------------------------------------------ (b) random games
def _redeal(state: State, p: int, rng: np.random.Generator) -> State:
    """A copy, at the turn's first question, with every other seat's hand and draw pile
    dealt again from one pool: a position that differs from ``state`` only in what ``p``
    cannot see."""
    c = state.clone()
    c._unshare()
    S0 = c.S
    for q in range(c.game.num_players):
        if q == p:
            continue
        h, k0, size = L.HAND0 + q * L.N_SLOTS, L.DECK + q * L.MAX_DECK, int(S0[L.DECK_N + q])
        hand = np.repeat(np.arange(L.N_SLOTS), S0[h:h + L.N_SLOTS])
        pool = np.concatenate([hand, S0[k0:k0 + size]])
        rng.shuffle(pool)
        S0[h:h + L.N_SLOTS] = np.bincount(pool[:len(hand)], minlength=L.N_SLOTS)
        S0[k0:k0 + size] = pool[len(hand):]
    c._advance()
    return c


def _turn(state: State, p: int, seed: int) -> tuple[list[tuple[int, int]], int]:
    """Play the rest of ``p``'s turn: ``p`` answers at random from ``seed``, the others
    "no" to reactions and their first legal action otherwise.  The questions as (seat,
    decision), and how many were padded reaction questions."""
    rng = np.random.default_rng(seed)
    s = state.clone()
    asked, padded = [], 0
    while not s.is_terminal():
        q, d = s.current_player(), s.decision()[0]
        legal = s.legal_actions()
        asked.append((q, d))
        if q == p:
            a = legal[int(rng.integers(len(legal)))]
        elif d in REACTIONS:
            padded += legal == [NO]
            a = NO
        else:
            a = legal[0]
        s.apply_action(a)
        if int(s.S[L.AG_LEN]) == 0:     # the turn is over
            break
    return asked, padded


def _random_action(state: State, rng: np.random.Generator, favour: set[int]) -> int:
    """A random legal action, leaning to games with attacks and reactions: Treasures
    played, the ``favour`` cards (and Silver, Gold) bought and played most of the time."""
    legal = state.legal_actions()
    d = state.decision()[0]
    if d == codes.D_TREASURE and legal[0] != NONE:
        return legal[0]
    if d in (codes.D_BUY, codes.D_ACTION):
        liked = [a for a in legal if a in favour or a in (SILVER, GOLD)]
        if liked and rng.random() < 0.8:
            return liked[int(rng.integers(len(liked)))]
    return legal[int(rng.integers(len(legal)))]


@pytest.mark.parametrize("kingdom,events,players", [(BASE, (), 2), (ADV, ("Inheritance",), 3)])
def test_in_random_games_who_is_asked_never_depends_on_hidden_cards(kingdom, events,
                                                                    players):
    """Random games with agent seats: at each turn's start the other seats' hands and
    piles are dealt again (twice); the rest of the turn puts the same questions to the
    same seats in the same order."""
    favour = {card_id(c) for c in ("Moat", "Caravan Guard", "Militia", "Witch")} | \
        {card_id(e) for e in events}
    game = Game(kingdom=kingdom, events=events, players=players, turn_cap=20)
    rng = np.random.default_rng(players)
    reactions = padded = turns = 0
    for seed in range(3):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if int(state.S[L.AG_LEN]) == 0:    # the turn's first question
                p = int(state.S[L.V + L.V_CUR])
                ref, n_padded = _turn(state, p, seed * 1000 + turns)
                for _ in range(2):
                    other, _ = _turn(_redeal(state, p, rng), p, seed * 1000 + turns)
                    assert other == ref, (seed, turns)
                reactions += sum(d in REACTIONS for _, d in ref)
                padded += n_padded
                turns += 1
            state.apply_action(_random_action(state, rng, favour))
    assert reactions > 10 and padded > 5, (reactions, padded)


# ------------------------------------------------------------------ (c) exactness
def _bots(kingdom: str) -> list:
    """A Moat-and-Militia buyer and a Witch-and-Guard buyer (the kingdom's cards only)."""
    def buys(*cards: str) -> list[str]:
        return [c for c in cards if c in kingdom or c in ("Province", "Gold", "Silver")]
    return [RuleBot("moat-militia", buy=buys("Province", "Gold", "Militia", "Moat", "Silver")),
            RuleBot("guard-witch", buy=buys("Province", "Gold", "Witch", "Caravan Guard",
                                            "Moat", "Silver"))]


@pytest.mark.parametrize("kingdom", [BASE, ADV])
def test_agents_answering_as_their_bots_play_the_bots_compiled_games(kingdom):
    """Agent seats answering every question with State.bot_action (padded questions
    included) play the game the batch plays on the same seed."""
    bots = _bots(kingdom)
    game = Game(kingdom=kingdom, players=2, bots=bots, agents=[0, 1])
    config = GameConfig(n_players=2, kingdom=kingdom)
    seeds = np.arange(1, 7, dtype=np.uint64)
    ref = play_batch(config, bots, np.tile(np.arange(2), (len(seeds), 1)), seeds)
    padded = 0
    for i, seed in enumerate(seeds):
        state = game.new_initial_state(int(seed))
        while not state.is_terminal():
            padded += state.decision()[0] in REACTIONS and state.legal_actions() == [NO]
            state.apply_action(state.bot_action())
        assert state.scores() == ref.score[i].tolist(), int(seed)
        assert state._out_turns[0].tolist() == ref.turns[i].tolist(), int(seed)
    assert padded > 0


def test_bmu_partner_games_with_reactions_stay_exact():
    """The library's bmu against a Moat buyer: the same games through the API."""
    bots = [resolve_bot("bmu"), _bots(BASE)[0]]
    game = Game(kingdom=BASE, players=2, bots=bots)
    config = GameConfig(n_players=2, kingdom=BASE)
    seeds = np.arange(20, 24, dtype=np.uint64)
    ref = play_batch(config, bots, np.tile(np.arange(2), (len(seeds), 1)), seeds)
    for i, seed in enumerate(seeds):
        state = game.new_initial_state(int(seed))
        while not state.is_terminal():
            state.apply_action(state.bot_action())
        assert state.scores() == ref.score[i].tolist(), int(seed)
