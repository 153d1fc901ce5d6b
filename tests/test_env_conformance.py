"""Every observation lies in its declared space, for every decision of every card and
Event (issue 35, item 1), and the environments pass their libraries' conformance tests
on boards that hold every card.

Nine tables hold all 82 kingdom cards (base, Adventures and Intrigue) and all 20 Events,
2-4 players, attacks beside their reactions.  Random agents play them (the whole turn's
choices at random, playing and buying more often than stopping, so that the cards bought
are played), and at every step every seat's observation is checked with
``observation_space.contains``; every decision code (sim.engine.codes D_*) must be met.
PettingZoo's ``api_test`` and Gymnasium's ``check_env`` run on each table.  A longer
many-seed sweep is in the slow tier.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from sim.cards import CARDS, EVENTS, KINGDOM_CARDS, card_id  # noqa: E402
from sim.engine import base_set, codes  # noqa: E402
from sim.engine.adventures import cards as adv_cards  # noqa: E402
from sim.engine.adventures import events as adv_events  # noqa: E402
from sim.engine.scenario import Scenario  # noqa: E402
from sim.env import Game, aec_env, core, gym_env, scenario_state  # noqa: E402
from sim.env.actions import MODE0, NONE  # noqa: E402
from sim.env.observation import observation_names  # noqa: E402
from sim.env.spaces import observation_box  # noqa: E402

#: (kingdom, Events, players): together every kingdom card and every Event.
TABLES = [
    ("Moat,Militia,Witch,Bandit,Bureaucrat,Caravan Guard,Swamp Hag,Haunted Woods,Giant,"
     "Bridge Troll", "Quest,Alms,Borrow,Save", 4),
    ("Cellar,Village,Merchant,Workshop,Smithy,Remodel,Market,Mine,Festival,Laboratory",
     "Scouting Party,Travelling Fair,Bonfire,Expedition", 2),
    ("Council Room,Gardens,Moneylender,Chapel,Harbinger,Vassal,Poacher,Throne Room,Library,"
     "Sentry", "Ferry,Plan,Mission,Pilgrimage", 3),
    ("Artisan,Coin of the Realm,Page,Peasant,Ratcatcher,Raze,Amulet,Dungeon,Gear,Guide",
     "Ball,Raid,Seaway,Trade", 2),
    ("Duplicate,Magpie,Messenger,Miser,Port,Ranger,Transmogrify,Artificer,Distant Lands,"
     "Lost City", "Lost Arts,Training,Inheritance,Pathfinding", 3),
    ("Relic,Royal Carriage,Storyteller,Treasure Trove,Wine Merchant,Hireling,Sentry,Bandit,"
     "Moat,Militia", "Quest", 4),
    # Intrigue, with a Reaction, an Attack, Throne Room and Events beside it.
    ("Courtyard,Lurker,Pawn,Masquerade,Shanty Town,Steward,Swindler,Wishing Well,Baron,Moat",
     "Ferry", 3),
    ("Bridge,Conspirator,Diplomat,Ironworks,Mill,Mining Village,Secret Passage,Courtier,Duke,"
     "Militia", "Alms,Save", 2),
    ("Minion,Patrol,Replace,Torturer,Trading Post,Upgrade,Harem,Nobles,Caravan Guard,"
     "Throne Room", "Quest", 4),
]
TURN_CAP = 40
PLAY_MORE = 0.9     # how often a random agent plays or buys rather than stops, when it can


def _ids(text: str) -> set[int]:
    return {card_id(x) for x in text.split(",")}


def test_the_tables_hold_every_kingdom_card_and_every_event():
    cards = set().union(*(_ids(k) for k, _, _ in TABLES))
    events = set().union(*(_ids(e) for _, e, _ in TABLES))
    assert cards == set(KINGDOM_CARDS), sorted(CARDS[c].name for c in set(KINGDOM_CARDS) - cards)
    assert events == set(EVENTS)


def random_action(state, rng: np.random.Generator, prefer: frozenset[int] = frozenset()
                  ) -> int:
    """A random legal action; in the Action, Treasure and Buy phases "end" only one time
    in ten while something else is legal (uniform play ends turns before anything is
    bought, and most cards would never be played).  A legal action in ``prefer`` is
    taken first."""
    legal = state.legal_actions()
    wanted = [a for a in legal if a in prefer]
    if wanted:
        return wanted[0]
    d = state.decision()[0]
    if d in (codes.D_ACTION, codes.D_TREASURE, codes.D_BUY) and len(legal) > 1 \
            and rng.random() < PLAY_MORE:
        legal = [a for a in legal if a != NONE]
    return legal[int(rng.integers(len(legal)))]


def check_all_seats(state, box, names, where: str) -> None:
    """Every seat's observation of ``state`` in ``box``; a failure names the entries out
    of bounds and the decision asked."""
    for p in range(state.game.num_players):
        obs = state.observation(p)
        if not box.contains(obs):
            out = np.flatnonzero((obs < box.low) | (obs > box.high))
            pytest.fail(f"{where}, seat {p} at {state.decision_name()}: out of bounds "
                        + ", ".join(f"{names[i]} = {obs[i]}" for i in out[:5]))


def sweep(seeds: range) -> tuple[dict[int, int], int]:
    """Play every table on ``seeds`` with random agents at every seat, checking every
    seat's observation against the space at every step (and at the end); returns the
    decision codes met (code -> times) and the steps taken.  A failure names the
    entries out of bounds and the decision asked."""
    box = observation_box()
    names = observation_names()
    met: dict[int, int] = {}
    steps = 0
    for kingdom, events, players in TABLES:
        game = Game(kingdom=kingdom, events=events.split(","), players=players,
                    turn_cap=TURN_CAP)
        for seed in seeds:
            rng = np.random.default_rng(seed)
            state = game.new_initial_state(seed)
            while True:
                check_all_seats(state, box, names, f"{kingdom} seed {seed}")
                if state.is_terminal():
                    break
                d = state.decision()[0]
                met[d] = met.get(d, 0) + 1
                state.apply_action(random_action(state, rng))
                steps += 1
    return met, steps


def _missing(met: dict[int, int]) -> list[str]:
    return [codes.DECISION_NAMES[d] for d in range(codes.N_DECISIONS) if d not in met]


def _situations() -> list[tuple[Scenario, frozenset[int], int]]:
    """Built situations for the decisions random play meets a few times in a hundred
    games (or never): (scenario, actions to prefer, the decision it must reach)."""
    ids = lambda *names: frozenset(card_id(n) for n in names)   # noqa: E731
    out = []
    # Bandit: the victim reveals Silver and Gold, and chooses which to trash.
    sc = Scenario(["bmu", "bmu"], kingdom=TABLES[0][0].split(",")[:10])
    sc.set_hand(0, ["Bandit", "Copper", "Copper", "Copper", "Estate"])
    sc.set_deck(1, ["Silver", "Gold", "Copper"])
    out.append((sc, ids("Bandit"), base_set.D_BANDIT))
    # Inheritance bought with $8: an Action costing up to $4 to set aside.
    sc = Scenario(["bmu", "bmu"], kingdom=TABLES[4][0].split(","),
                  events=TABLES[4][1].split(","))
    sc.set_hand(0, ["Gold", "Gold", "Silver", "Estate", "Estate"])
    out.append((sc, ids("Gold", "Silver", "Inheritance"), adv_events.D_INHERITANCE))
    # Teacher on the Tavern mat, called at the start of the turn: the token to move.
    sc = Scenario(["bmu", "bmu"], kingdom=TABLES[3][0].split(","))
    sc.set_mat(0, ["Teacher"])
    out.append((sc, ids("Teacher"), adv_cards.D_TEACHER_TOKEN))
    # Quest bought with six cards left in hand: discard six (the cards one by one).
    sc = Scenario(["bmu", "bmu"], kingdom=TABLES[0][0].split(","),
                  events=TABLES[0][1].split(","))
    sc.set_hand(0, ["Estate"] * 7)
    out.append((sc, ids("Quest") | {MODE0 + 2}, adv_events.D_QUEST_DISCARD))
    return out


def test_every_observation_of_every_decision_lies_in_the_space():
    """Random games on every table, every seat's observation checked at every step, and
    the built situations of the rarest decisions; every decision code met at least once."""
    met, steps = sweep(range(16))
    assert steps > 10_000
    box, names = observation_box(), observation_names()
    for k, (sc, prefer, target) in enumerate(_situations()):
        state = scenario_state(sc, 0)
        rng = np.random.default_rng(k)
        while not state.is_terminal() and state.decision()[0] != target:
            check_all_seats(state, box, names, f"situation {k}")
            d = state.decision()[0]
            met[d] = met.get(d, 0) + 1
            state.apply_action(random_action(state, rng, prefer))
        assert state.decision()[0] == target, codes.DECISION_NAMES[target]
        check_all_seats(state, box, names, f"situation {k}")
        met[target] = met.get(target, 0) + 1
    assert not _missing(met), f"decisions never met: {_missing(met)}"


@pytest.mark.slow
def test_many_seeds_every_observation_lies_in_the_space():
    """The sweep on many more seeds (rare paths: long games, many Curses, big hands)."""
    met, steps = sweep(range(16, 200))
    assert not _missing(met)


def test_the_any_cost_arg_of_hero_reads_a_bounded_cost():
    """The decision "gain with Hero" is asked with the engine's any-cost sentinel
    (1 << 20): its observation reads core.OBS_ANY_COST, in bounds, instead."""
    game = Game(kingdom=TABLES[3][0], events=TABLES[3][1].split(","), players=2,
                turn_cap=TURN_CAP)
    arg_entry = observation_names().index("the question's arg")
    box = observation_box()
    for seed in range(40):
        rng = np.random.default_rng(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            d, arg = state.decision()
            if d == adv_cards.D_HERO:
                assert arg >= 1 << 20               # what the engine asks with
                obs = state.observation(state.current_player())
                assert box.contains(obs), obs[arg_entry]
                assert obs[arg_entry] == core.OBS_ANY_COST
                return
            state.apply_action(random_action(state, rng))
    pytest.fail("no game asked gain with Hero")


class StaleSampleToLegal(gym.ActionWrapper):
    """Gymnasium's step-determinism check draws its action *before* it resets the
    environment (``action_space.sample()``, then ``reset(seed=123)``, then ``step``): the
    action is legal in the state before the reset, not necessarily in the new game's
    first question, which the environment rightly refuses.  This wrapper answers such an
    action with the first legal one, deterministically, so that everything else the
    checker tests (spaces, observations in them, seeding, determinism) runs on every
    table.  Every other action passes unchanged."""

    def action(self, action):
        mask = self.unwrapped.action_masks()
        return action if mask[int(action)] else int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_pettingzoo_api_test_and_gymnasium_check_env_pass_on_every_table(table):
    kingdom, events, players = TABLES[table]
    api_test(aec_env(kingdom=kingdom, events=events, players=players, turn_cap=TURN_CAP),
             num_cycles=1000)
    env = gym_env(kingdom=kingdom, events=events, players=players, turn_cap=TURN_CAP)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*different from the unwrapped.*")
        check_env(StaleSampleToLegal(env), skip_render_check=True)
