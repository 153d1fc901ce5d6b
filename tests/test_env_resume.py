"""A game stops at any decision and resumes there (sim.engine.resume): resuming is
exactly replaying the turn, at every question of every card and Event (base and
Adventures), and a state resumed holds nothing a copy of it shares."""

from __future__ import annotations

import numpy as np
import pytest

from sim.cards import BASE_KINGDOM, CARDS, N_CARDS
from sim.engine import codes as dc
from sim.engine import fingerprint
from sim.engine import layout as L
from sim.env import Game, core
from tests.turn_starts import RecordedGame

# Three kingdoms holding every base kingdom card (and Moat with the attacks).
_NAMES = [CARDS[c].name for c in BASE_KINGDOM]
KINGDOMS = [_NAMES[0:10], _NAMES[10:20], _NAMES[16:26]]


def _base_decisions() -> set[int]:
    """Every decision a base game asks: the turn's, Moat's and the base cards' (the D_*
    codes the base game's modules use)."""
    from sim.engine import base_set, game, steps

    return {v for mod in (base_set, game, steps) for k, v in vars(mod).items()
            if k.startswith("D_") and isinstance(v, int)}


def _play(state, rng) -> int:
    """A legal action, random but for money enough to buy the kingdom's cards: most
    Treasures played, half the buys the bot's or the dearest card (uniform random play
    buys Coppers and Curses and plays few of the cards)."""
    legal = state.legal_actions()
    d = state.decision()[0]
    if d == dc.D_BUY and rng.random() < 0.5:
        return state.bot_action() if rng.random() < 0.5 else max(legal[:-1] or legal)
    if d == dc.D_TREASURE and rng.random() < 0.9:
        return legal[0]
    return legal[int(rng.integers(len(legal)))]


def _check_resumed_equals_replayed(state, twin: RecordedGame) -> None:
    """The state, stopped at a question, is its twin stepped by the compiled API with the
    turn's start recorded, and both equal that turn played again from its start with the
    same answers in one call (no stop before the question), entry for entry: the game's
    arrays, the question, the streams, the legal actions."""
    assert twin.status == core.WAITING
    assert (twin.S == state.S).all() and (twin.R == state.R).all()
    status, D, R, mask = twin.played_from_turn_start()
    assert status == core.WAITING
    assert (D[:L.AGENT] == state.S[:L.AGENT]).all()
    assert state.S[L.ERR] == dc.ERR_AGENT_WAIT
    for k in (L.ERR_ARG, L.AG_WAIT_P, L.AG_WAIT_D, L.AG_WAIT_ARG, L.AG_LEN):
        assert D[k] == state.S[k]
    assert (R == state.R).all() and (mask == state.mask).all()


def test_resuming_a_stopped_turn_is_replaying_it_at_every_question():
    """Random legal play (:func:`_play`) on kingdoms of every base card, every decision an
    agent's, 2 and 3 players: at each question the resumed game (the state) equals the
    turn replayed from its start with the same answers (:func:`_check_resumed_equals_replayed`).
    Every decision of the base game is met, and many questions inside a card's text
    (its frame kept).  (It caught Poacher resumed at its second discard going back
    through its "discard the whole hand" test, which the first discard had made true.)"""
    met, inside = set(), 0
    for kingdom, players in [(0, 2), (1, 2), (2, 2), (0, 3), (2, 3)]:
        game = Game(kingdom=KINGDOMS[kingdom], players=players, turn_cap=40)
        rng = np.random.default_rng(kingdom)
        for seed in range(30):
            state, twin = game.new_initial_state(seed), RecordedGame(game, seed)
            while not state.is_terminal():
                _check_resumed_equals_replayed(state, twin)
                met.add(int(state.S[L.AG_WAIT_D]))
                inside += int(state.S[L.RES_N]) > 2    # inside a card's text, its frame kept
                a = _play(state, rng)
                state.apply_action(a)
                twin.apply(a)
    missing = {dc.DECISION_NAMES[d] for d in _base_decisions() - met}
    assert not missing, missing
    assert inside > 200, inside


#: (kingdom, Events, players): every Adventures kingdom card and Event, with the cards
#: their texts meet (attacks beside Caravan Guard and Moat, gains beside Duplicate and
#: Travelling Fair, Royal Carriage and Coin of the Realm beside Throne Room and Disciple).
ADVENTURES_TABLES = [
    ("Moat,Militia,Witch,Bandit,Bureaucrat,Caravan Guard,Swamp Hag,Haunted Woods,Giant,"
     "Bridge Troll", "Quest,Alms,Borrow,Save", 3),
    ("Artisan,Coin of the Realm,Page,Peasant,Ratcatcher,Raze,Amulet,Dungeon,Gear,Guide",
     "Ball,Raid,Seaway,Trade", 2),
    ("Duplicate,Magpie,Messenger,Miser,Port,Ranger,Transmogrify,Artificer,Distant Lands,"
     "Lost City", "Lost Arts,Training,Inheritance,Pathfinding", 3),
    ("Relic,Royal Carriage,Storyteller,Treasure Trove,Wine Merchant,Hireling,Sentry,Bandit,"
     "Moat,Militia", "Scouting Party,Travelling Fair,Bonfire,Expedition", 2),
    ("Duplicate,Royal Carriage,Coin of the Realm,Peasant,Throne Room,Witch,Caravan Guard,"
     "Treasure Trove,Storyteller,Port", "Travelling Fair,Ferry,Plan,Mission", 2),
    ("Page,Peasant,Dungeon,Amulet,Duplicate,Workshop,Remodel,Mine,Vassal,Library",
     "Pilgrimage,Travelling Fair,Quest,Alms", 2),
]


def _adventures_decisions() -> set[int]:
    """Every decision the Adventures cards, Events and turn ask (the base cards' are
    :func:`_base_decisions`, met by the base test)."""
    from sim.engine.adventures import cards, events, mechanics, turn

    return {v for mod in (cards, events, mechanics, turn)
            for k, v in vars(mod).items() if k.startswith("D_") and isinstance(v, int)}


def _adventures_resumed(tables, seeds: int) -> tuple[set[int], int]:
    met, inside = set(), 0
    for t, (kingdom, events, players) in enumerate(tables):
        game = Game(kingdom=kingdom, events=events.split(","), players=players, turn_cap=30)
        rng = np.random.default_rng(100 + t)
        for seed in range(seeds):
            state, twin = game.new_initial_state(seed), RecordedGame(game, seed)
            while not state.is_terminal():
                _check_resumed_equals_replayed(state, twin)
                met.add(int(state.S[L.AG_WAIT_D]))
                inside += int(state.S[L.RES_N]) > 2
                a = _play(state, rng)
                state.apply_action(a)
                twin.apply(a)
    return met, inside


def test_an_adventures_turn_resumed_is_replayed_at_every_question():
    """The same on boards holding every Adventures card and Event (the start of the
    turn, Durations, Reserves called after an Action or on a gain, Travellers exchanged,
    reactions in another player's turn): the resumed game equals the turn replayed at
    every question, and every Adventures decision is met."""
    met, inside = _adventures_resumed(ADVENTURES_TABLES, 40)
    missing = {dc.DECISION_NAMES[d] for d in _adventures_decisions() - met}
    assert not missing, missing
    assert inside > 200, inside


@pytest.mark.slow
def test_an_adventures_turn_resumed_is_replayed_over_many_games():
    """:func:`test_an_adventures_turn_resumed_is_replayed_at_every_question` over many
    more games."""
    _adventures_resumed(ADVENTURES_TABLES, 300)


def test_a_clone_stepped_otherwise_leaves_the_original_as_it_was():
    """Clones taken at random questions (inside cards too) and stepped with other
    answers: the original then plays exactly as its twin that was never cloned."""
    from sim.env import State

    game = Game(kingdom=KINGDOMS[0], players=2, turn_cap=40)
    assert all(hasattr(game.new_initial_state(0).clone(), name) for name in State.__slots__)
    rng, twin_rng = np.random.default_rng(3), np.random.default_rng(3)
    side = np.random.default_rng(99)
    for seed in range(6):
        state, twin = game.new_initial_state(seed), game.new_initial_state(seed)
        while not state.is_terminal():
            if side.random() < 0.2:
                c = state.clone()
                for _ in range(int(side.integers(1, 20))):
                    if c.is_terminal():
                        break
                    legal = c.legal_actions()
                    c.apply_action(legal[int(side.integers(len(legal)))])
            legal = state.legal_actions()
            assert legal == twin.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            twin.apply_action(legal[int(twin_rng.integers(len(legal)))])
            assert (state.S[:L.LOG] == twin.S[:L.LOG]).all()
        assert state.returns() == twin.returns()


def test_an_answer_that_is_refused_changes_nothing():
    """An illegal action is refused before anything moves: the state plays on as if it
    had never been given."""
    game = Game(kingdom=KINGDOMS[0], players=2)
    state, twin = game.new_initial_state(5), game.new_initial_state(5)
    for _ in range(40):
        illegal = next(a for a in range(core.N_ACTIONS) if not state.mask[a])
        with pytest.raises(Exception, match="illegal action"):
            state.apply_action(illegal)
        a = state.legal_actions()[-1]
        state.apply_action(a)
        twin.apply_action(a)
        assert (state.S == twin.S).all() and state.history == twin.history


def test_states_saved_by_the_replaying_engine_load_and_play_on_the_same():
    """States serialized by 0.8.0 (which replayed every turn; both versions of the format,
    one from a seed and one from a resampled position, 2 and 3 players) load into the
    resuming engine at the same question and play on to the same end
    (tests/data/saved_states_0.8.0.json: written by 0.8.0, with what it played after)."""
    import json
    from pathlib import Path

    from sim.env import State

    saved = json.loads((Path(__file__).parent / "data" / "saved_states_0.8.0.json")
                       .read_text(encoding="utf-8"))
    assert saved["written_by"] == "0.8.0"
    assert sorted(json.loads(s["text"])["domsim_state"] for s in saved["states"]) == [1, 1, 2, 2]
    # Written with the table of 0.10-0.12: this domsim adds cards after its last, so its
    # none, no, yes and options are as many later here (a card's action is its id).
    n_old = len(fingerprint.legacy()["cards"])

    def now(actions):
        return [a + N_CARDS - n_old if a >= n_old else a for a in actions]

    for s in saved["states"]:
        state = State.deserialize(s["text"])
        assert state.game.params() == s["game"]
        assert state.legal_actions() == now(s["legal"])
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[-1])
        assert state.history == now(s["history"])
        assert state.returns() == s["returns"] and state.scores() == s["scores"]


def test_states_saved_by_0_13_load_and_play_on_the_same():
    """States serialized by 0.13.0 (before Masquerade's secret passes were recorded: a
    shorter state) in 3- and 4-player Masquerade games, one from a seed and one stopped
    at a question (its position of the 0.13 layout, carried by sim.env.layouts), load at
    the same question and play on to the same end (tests/data/saved_states_0.13.0.json:
    written by 0.13.0, with what it played after)."""
    import json
    from pathlib import Path

    from sim.env import State

    saved = json.loads((Path(__file__).parent / "data" / "saved_states_0.13.0.json")
                       .read_text(encoding="utf-8"))
    assert saved["written_by"] == "0.13.0"
    texts = [json.loads(s["text"]) for s in saved["states"]]
    assert [t["domsim_state"] for t in texts] == [1, 3, 1, 3]
    assert {tuple(t["sizes"]) for t in texts if "sizes" in t} == {(10960, 36)}
    for s in saved["states"]:
        state = State.deserialize(s["text"])
        assert state.game.params() == s["game"]
        assert state.legal_actions() == s["legal"]
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[-1])
        assert state.history == s["history"]
        assert state.returns() == s["returns"] and state.scores() == s["scores"]
