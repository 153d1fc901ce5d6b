"""The agents' state API (sim.env): exact games, legal actions checked against the
engine's own rules, cards conserved, clone / serialize / log, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from bots import bot_names, resolve_bot
from bots.identity import kingdom_needs
from sim.cards import CARDS, EVENT, KINGDOM_CARDS, N_CARDS
from sim.engine import codes
from sim.engine import layout as L
from sim.engine.adventures import events as adv_events
from sim.engine.batch import play_batch
from sim.engine.config import GameConfig, auto_kingdom
from sim.env import N_ACTIONS, Game, IllegalActionError, State, core, new_state
from sim.env.actions import DECISIONS, NONE, action_names, decision_codes, decisions_text

ROOT = Path(__file__).resolve().parent.parent
K2 = ("Swamp Hag,Haunted Woods,Amulet,Dungeon,Ratcatcher,Messenger,Magpie,Caravan Guard,"
      "Duplicate,Hireling")
K2_EVENTS = ("Training", "Pathfinding")


def play_as_bots(game: Game, seed: int) -> State:
    """Drive a game through the state API, each agent seat answering what its own bot
    answers (State.bot_action)."""
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        state.apply_action(state.bot_action())
    return state


def _board(bot) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A kingdom and Events in which ``bot`` can play (its named cards, filled up)."""
    needs = [c for c in kingdom_needs(bot)]
    events = tuple(sorted(c for c in needs if CARDS[c].is_type(EVENT)))
    cards = [c for c in needs if not CARDS[c].is_type(EVENT)]
    return auto_kingdom(cards), events


def _compiled(config: GameConfig, bots: list, seeds: np.ndarray):
    n = config.n_players
    return play_batch(config, bots, np.tile(np.arange(n), (len(seeds), 1)), seeds)


@pytest.mark.parametrize("name", [n for n in bot_names() if n != "random"])
def test_a_game_driven_by_the_bots_answers_is_the_bots_compiled_game(name):
    """Every library bot: through the state API, answering every decision as the bot
    would, the game is the one the batch plays on the same seed (scores and turns).
    (Not the random bot: its answers draw from its seat's stream, which an agent's
    answers do not advance, so from the first draw on its games differ.)"""
    bot = resolve_bot(name)
    kingdom, events = _board(bot)
    partner = resolve_bot("bmu")
    game = Game(kingdom=kingdom, events=events, players=2, bots=[bot, partner],
                agents=[0, 1])
    seeds = np.arange(1, 7, dtype=np.uint64)
    config = GameConfig(n_players=2, kingdom=kingdom, events=events,
                        max_events=max(2, len(events)))
    ref = _compiled(config, [bot, partner], seeds)
    for i, seed in enumerate(seeds):
        state = play_as_bots(game, int(seed))
        assert state.scores() == ref.score[i].tolist(), (name, int(seed))
        assert state._out_turns[0].tolist() == ref.turns[i].tolist(), (name, int(seed))


def test_three_and_four_player_adventures_games_are_the_compiled_games():
    for n in (3, 4):
        bots = [resolve_bot(b) for b in ("event-money", "bmu", "big-money", "bmu")[:n]]
        game = Game(kingdom=K2, events=K2_EVENTS, players=n, bots=bots, agents=[0, 1, 2][:n])
        config = GameConfig(n_players=n, kingdom=K2, events=K2_EVENTS)
        seeds = np.arange(11, 15, dtype=np.uint64)
        ref = _compiled(config, bots, seeds)
        for i, seed in enumerate(seeds):
            state = play_as_bots(game, int(seed))
            assert state.scores() == ref.score[i].tolist(), (n, int(seed))


# ------------------------------------------------------------------ random legal play
def _boards() -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Kingdoms and Events that together hold every kingdom card and every Event."""
    cards = sorted(KINGDOM_CARDS)
    events = sorted(c for c in range(N_CARDS) if CARDS[c].is_type(EVENT))
    chunks = [tuple(cards[i:i + 10]) for i in range(0, len(cards), 10)]
    if len(chunks[-1]) < 10:     # fill the last one from the first cards
        chunks[-1] = tuple(chunks[-1]) + tuple(c for c in cards if c not in chunks[-1])[
            :10 - len(chunks[-1])]
    per = -(-len(events) // len(chunks))
    return [(k, tuple(events[i * per:(i + 1) * per])) for i, k in enumerate(chunks)]


def _engine_accepts(state: State, action: int) -> bool:
    """Whether the engine takes ``action`` as the answer now, bypassing the mask: the
    engine's own legality checks (an illegal answer stops the game with ERR_ILLEGAL)."""
    s = state.clone()
    s._unshare()        # its own arrays, written here directly (clone is copy-on-write)
    core.add_answer(s.S, action)
    g = s.game
    status = core.go_on(s.S, s.R, g.T, g.P, g.P, g.Q, g.H, s._out_score, s._out_turns,
                        s._out_game, s.mask)
    return status != core.FAILED


# Where the legal set is narrower than the engine's (sim.engine.adventures.random_bot):
# "nothing more" at the start of a turn while effects are due, Quest's options and
# discards, Pilgrimage's order.  Yes/no and option decisions take only their answers.
_NARROWER = {codes.D_START, adv_events.D_QUEST, adv_events.D_QUEST_DISCARD, adv_events.D_PILGRIMAGE}


def _conserved(state: State) -> None:
    D = state._now()
    n = state.game.num_players
    owned = sum(D[L.OWN0 + q * L.N_SLOTS:L.OWN0 + q * L.N_SLOTS + N_CARDS] for q in range(n))
    zones = (L.HAND0, L.PLAY0, L.DISC0, L.ASIDE0, L.MAT0, L.GEAR0, L.SAVE0)
    for q in range(n):
        held = sum(D[z + q * L.N_SLOTS:z + q * L.N_SLOTS + N_CARDS] for z in zones)
        held = held + np.bincount(D[L.DECK + q * L.MAX_DECK:L.DECK + q * L.MAX_DECK
                                    + D[L.DECK_N + q]], minlength=L.N_SLOTS)[:N_CARDS]
        inherit = int(D[L.INHERIT + q])
        if inherit:
            held[inherit - 1] += 1
        own = D[L.OWN0 + q * L.N_SLOTS:L.OWN0 + q * L.N_SLOTS + N_CARDS]
        assert (held == own).all(), [CARDS[c].name for c in np.flatnonzero(held != own)]
    start = state.game.T[L.SUPPLY0:L.SUPPLY0 + N_CARDS] + \
        state.game.T[L.NON_SUPPLY0:L.NON_SUPPLY0 + N_CARDS]
    now = D[L.SUPPLY:L.SUPPLY + N_CARDS] + D[L.NON_SUPPLY:L.NON_SUPPLY + N_CARDS] + \
        D[L.TRASH:L.TRASH + N_CARDS] + owned
    starting = np.zeros(N_CARDS, np.int64)
    starting[CARDS.index(next(c for c in CARDS if c.name == "Copper"))] = 7 * n
    starting[CARDS.index(next(c for c in CARDS if c.name == "Estate"))] = 3 * n
    assert ((now - starting)[start > 0] == start[start > 0]).all()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_legal_play_with_every_card_keeps_the_rules(players):
    """Random legal actions on boards holding every card and Event: every game ends (or
    is truncated), cards are conserved at every decision, the mask is never empty, and,
    on sampled decisions, the engine accepts every action in the mask and refuses every
    other (where its legal set is exactly the engine's)."""
    rng = np.random.default_rng(players)
    checked = 0
    for k, (kingdom, events) in enumerate(_boards()):
        game = Game(kingdom=kingdom, events=events, players=players, bots="random",
                    turn_cap=40)
        for seed in range(3):
            state = game.new_initial_state(1000 * k + seed)
            steps = 0
            while not state.is_terminal():
                legal = state.legal_actions()
                assert legal, state
                if steps % 7 == 0:
                    _conserved(state)
                if rng.random() < 0.03:
                    d = state.decision()[0]
                    for a in range(N_ACTIONS):
                        if a in legal:
                            assert _engine_accepts(state, a), (state, a)
                        elif d not in _NARROWER:
                            assert not _engine_accepts(state, a), \
                                (state, state.action_to_string(a))
                    checked += 1
                state.apply_action(legal[int(rng.integers(len(legal)))])
                steps += 1
            assert state.is_terminal()
            _conserved(state)
    assert checked > 20


# ------------------------------------------------------------------ the API
def test_same_seed_and_actions_same_game_in_another_process():
    state = new_state(kingdom=K2, events=K2_EVENTS, seed=5)
    rng = np.random.default_rng(1)
    for _ in range(150):
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    here = state.observation(state.current_player()).tobytes().hex()
    code = ("import sys; from sim.env import State; s = State.deserialize(sys.stdin.read()); "
            "print(s.observation(s.current_player()).tobytes().hex())")
    out = subprocess.run([sys.executable, "-c", code], input=state.serialize(), text=True,
                         capture_output=True, cwd=ROOT, check=True).stdout.strip()
    assert out == here


def test_clone_is_independent_and_serialize_round_trips():
    state = new_state(seed=3)
    for _ in range(10):
        state.apply_action(state.legal_actions()[-1])
    copy = state.clone()
    before = state.observation(0).copy()
    while not copy.is_terminal():
        copy.apply_action(copy.legal_actions()[0])
    assert (state.observation(0) == before).all()
    again = State.deserialize(state.serialize())
    assert again.history == state.history
    assert (again.observation(1) == state.observation(1)).all()
    assert json.loads(state.serialize())["game"]["kingdom"][0] == "Cellar"


def test_illegal_action_names_it_and_the_legal_ones():
    state = new_state(seed=0, decisions="buy")
    assert state.decision()[0] == codes.D_BUY
    province = next(i for i, c in enumerate(CARDS) if c.name == "Province")
    with pytest.raises(IllegalActionError, match=r"illegal action \d+ \(Province\) for buy.*"
                                                  r"legal: .*\(Copper\)"):
        state.apply_action(province)
    with pytest.raises(IllegalActionError, match="outside"):
        state.apply_action(N_ACTIONS + 5)


def test_turn_and_buy_presets_leave_the_rest_to_the_bot():
    state = new_state(seed=2, decisions="turn", bots="smithy-bm")
    seen = set()
    while not state.is_terminal():
        seen.add(state.decision()[0])
        state.apply_action(state.bot_action())
    assert seen <= {codes.D_ACTION, codes.D_BUY} and codes.D_BUY in seen
    assert decision_codes("buy") == {codes.D_BUY}
    with pytest.raises(ValueError, match="not a decision"):
        decision_codes(["fly"])


def test_decisions_in_words_read_back_as_the_same_decisions():
    """A preset by its name, most decisions as those left out, a few by their names;
    each text, where it is names, reads back as the same set."""
    assert decisions_text("all") == "all" and decisions_text([codes.D_BUY]) == "buy"
    assert decisions_text("buy,play an Action") == "turn"
    few = "play an Action,buy,put a token on a pile"
    assert decisions_text(few) == few and decision_codes(decisions_text(few)) == \
        decision_codes(few)
    most = [name for name in DECISIONS if name not in ("discard to Dungeon", "reveal Moat")]
    assert decisions_text(most) == "every decision but reveal Moat, discard to Dungeon"
    assert decisions_text(",".join(most)) == decisions_text(most)


def test_observation_hides_other_hands_and_deck_order():
    """Two games that differ only in seat 1's hand and in deck order give seat 0 the same
    observation."""
    state = new_state(seed=9, decisions="buy")
    other = state.clone()
    D = other.D
    h1 = L.HAND0 + 1 * L.N_SLOTS
    copper, estate = (next(i for i, c in enumerate(CARDS) if c.name == n)
                      for n in ("Copper", "Estate"))
    if D[h1 + copper] and D[L.DISC0 + L.N_SLOTS + estate] == 0:
        pass
    # Swap the order of seat 0's draw pile: seat 0 cannot see it.
    deck = D[L.DECK:L.DECK + D[L.DECK_N]].copy()
    D[L.DECK:L.DECK + len(deck)] = deck[::-1]
    assert (other.observation(0) == state.observation(0)).all()
    # Seat 1's hand and deck exchange a card (Copper <-> Estate): seat 0 sees no change.
    n1 = D[L.DECK_N + 1]
    d1 = D[L.DECK + L.MAX_DECK:L.DECK + L.MAX_DECK + n1]
    if D[h1 + copper] and (d1 == estate).any():
        D[h1 + copper] -= 1
        D[h1 + estate] += 1
        d1[np.flatnonzero(d1 == estate)[0]] = copper
        assert (other.observation(0) == state.observation(0)).all()
        assert (other.observation(1) != state.observation(1)).any()


def test_returns_follow_the_outcome_rules_and_the_log_reads_like_domsim_play():
    state = new_state(seed=4, bots="bmu", decisions="buy")
    while not state.is_terminal():
        state.apply_action(state.bot_action())
    assert state.current_player() == -4 and state.legal_actions() == []
    winners = state.winners()
    assert sum(state.returns()) == pytest.approx(1.0 if winners else 0.0)
    text = state.log()
    assert "Turn 1" in text or "turn 1" in text.lower()
    assert "Province" in text


def test_action_vocabulary_is_stable_and_named():
    names = action_names()
    assert len(names) == N_ACTIONS
    assert names[:3] == [CARDS[0].name, CARDS[1].name, CARDS[2].name]
    assert names[NONE] == "nothing"
    state = new_state(seed=1, decisions="buy")
    assert state.action_to_string(NONE) == "buy: end"


def test_python_bots_are_refused_with_a_reason():
    from bots.python_bot import PythonBot

    class Mine(PythonBot):
        name = "mine"

        def buy(self, view):
            return None

    with pytest.raises(ValueError, match="Python bot"):
        Game(bots=[Mine(), "bmu"])


# ------------------------------------------------------------------ resample
def _opponent_hand(state: State, q: int) -> np.ndarray:
    h = L.HAND0 + q * L.N_SLOTS
    return state.D[h:h + N_CARDS].copy()


def _swap_hidden(state: State, q: int) -> State:
    """A copy that differs only in what seat ``1 - q`` cannot see: one card of seat
    ``q``'s hand exchanged with a different card from the unknown bottom of its draw pile,
    at the turn's start (and as asked)."""
    other = state.clone()
    other._unshare()    # its own arrays, written here directly (clone is copy-on-write)
    h, k0 = L.HAND0 + q * L.N_SLOTS, L.DECK + q * L.MAX_DECK
    for S in (other.D,):
        unknown = int(S[L.UNKNOWN + q])
        deck = S[k0:k0 + unknown]
        hand = np.flatnonzero(S[h:h + N_CARDS])
        pick = next((c, i) for c in hand for i in range(unknown) if deck[i] != c)
        c, i = pick
        S[h + c] -= 1
        S[h + deck[i]] += 1
        deck[i] = c
    return other


def test_resample_keeps_what_the_player_knows_and_deals_the_rest_again():
    state = new_state(seed=5, decisions="buy", bots="smithy-bm")
    while state.current_player() != 0 or state.D[L.UNKNOWN + 1] < 3:
        state.apply_action(state.bot_action())
    rng = np.random.default_rng(0)
    hands = set()
    for _ in range(60):
        r = state.resample(0, rng)
        assert (r.observation(0) == state.observation(0)).all()
        assert r.legal_actions() == state.legal_actions() and r.history == state.history
        hands.add(tuple(_opponent_hand(r, 1)))
    assert len(hands) >= 3       # the opponent's hand is dealt again


def test_states_differing_only_in_hidden_cards_resample_alike():
    """Two states that differ only in what seat 0 cannot see: the distribution of seat 1's
    resampled hand is the same (600 draws each; total variation distance of the Copper
    count in hand below 0.08; seeded, so the check is exact on every run)."""
    state = new_state(seed=8, decisions="buy", bots="bmu")
    while state.current_player() != 0 or state.D[L.UNKNOWN + 1] < 3:
        state.apply_action(state.bot_action())
    other = _swap_hidden(state, 1)
    assert (other.observation(0) == state.observation(0)).all()
    assert (_opponent_hand(other, 1) != _opponent_hand(state, 1)).any()
    copper = next(i for i, c in enumerate(CARDS) if c.name == "Copper")
    counts = []
    for s, seed in ((state, 1), (other, 2)):
        rng = np.random.default_rng(seed)
        draws = [int(_opponent_hand(s.resample(0, rng), 1)[copper]) for _ in range(600)]
        counts.append(np.bincount(draws, minlength=6)[:6] / 600)
    assert 0.5 * np.abs(counts[0] - counts[1]).sum() < 0.08, counts


@pytest.mark.slow  # 10,000 games; the default tier plays 54 with the engine checks
def test_ten_thousand_random_legal_games_with_every_card_end_and_conserve_cards():
    """The issue's count: 10,000 games of random legal actions over boards holding every
    card and Event, 2-4 players; each ends or is truncated, with cards conserved, and the
    engine takes every action drawn from the mask (an illegal one would raise)."""
    rng = np.random.default_rng(27)
    boards = _boards()
    games = {(k, n): Game(kingdom=b[0], events=b[1], players=n, bots="random", turn_cap=40)
             for k, b in enumerate(boards) for n in (2, 3, 4)}
    keys = sorted(games)
    ended = truncated = 0
    for i in range(10_000):
        state = games[keys[i % len(keys)]].new_initial_state(i)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal
            state.apply_action(legal[int(rng.integers(len(legal)))])
        _conserved(state)
        truncated += state.is_truncated()
        ended += not state.is_truncated()
    assert ended + truncated == 10_000 and ended > 0


def test_observation_entries_are_named_and_read_the_state():
    from sim.env.observation import observation_names

    names = observation_names()
    state = new_state(seed=1)
    obs = dict(zip(names, state.observation(state.current_player()), strict=True))
    assert obs["me: hand size"] == 5 and obs["player +1 owns: Copper"] == 7
    assert obs["asked: play a Treasure"] == 1 and obs["I am asked now"] == 1
    assert obs["supply: Province"] == 8 and obs["in game: Cellar"] == 1


def test_a_game_at_the_turn_cap_is_truncated_with_no_winner():
    state = new_state(seed=1, decisions="buy", bots="bmu", turn_cap=3)
    while not state.is_terminal():
        state.apply_action(state.bot_action())
    assert state.is_truncated() and state.winners() == [] and state.returns() == [0.0, 0.0]
