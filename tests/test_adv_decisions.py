"""Every Adventures decision answered by every bot kind.

* The random bot answers uniformly among exactly the legal answers (each test builds
  a state and checks the set of answers over many draws equals the legal set), never
  -1 to a mandatory choice, and plays thousands of random Adventures games without an
  illegal answer.
* The rule bots' defaults stay legal in the states that broke them and play as their
  docstrings say (sim.engine.adventures.decide).
* Python bots see the Adventures state a player may see (callbacks.View), a Python bot
  answering Adventures decisions plays the same games as the rule bot it mirrors, and
  bad answers are one-line errors naming the decision.
"""

from __future__ import annotations

import numpy as np
import pytest

from bots.library import RandomBot
from bots.python_bot import DEFAULT, PythonBot
from bots.rules import Buy, RuleBot, count, money
from sim.cards import ACTION, BASE_KINGDOM, CARDS, EVENT_SLOT, N_CARDS, card_id
from sim.cards.adventures import ADVENTURES_KINGDOM, EVENTS, sp
from sim.engine import codes
from sim.engine import layout as L
from sim.engine.adventures import cards as adv_cards
from sim.engine.adventures import events as adv_events
from sim.engine.adventures import events as adventures_events
from sim.engine.adventures import mechanics as adv_mechanics
from sim.engine.batch import BotError, play_batch
from sim.engine.callbacks import METHODS, MODES, YES_NO, AnswerError, read_answer
from sim.engine.config import GameConfig
from sim.engine.rng import game_seeds
from sim.engine.scenario import Scenario
from tests.conftest import (
    Scripted,
    adv_scenario,
    check_consistent,
    events,
    nobuy,
    raw_answer,
    raw_answers,
)

KINGDOM = ["Amulet", "Ratcatcher", "Coin of the Realm", "Caravan Guard", "Swamp Hag", "Gear",
           "Duplicate", "Page", "Village", "Smithy"]


def make(bots, kingdom=KINGDOM, game_events=(), n_players=2) -> Scenario:
    return adv_scenario(bots, kingdom, game_events, n_players)


def raw(sc, d, arg=0, p=0) -> int:
    return raw_answer(sc, d, arg, p)


def answers(sc, d, arg=0, n=400) -> set:
    """Every answer seat 0 gave to ``d`` in ``n`` draws: card names, None for -1, or the
    numbers of mode and yes/no decisions."""
    out = set()
    for r in raw_answers(sc, d, arg, n=n).tolist():   # n calls in one: see raw_answers
        if d in (adv_cards.D_AMULET, adv_cards.D_TEACHER_TOKEN, adv_cards.D_MISER,
                 adv_events.D_QUEST,
                 codes.D_EXCHANGE, adv_cards.D_CARAVAN_GUARD, adv_cards.D_DUPLICATE,
                 adv_cards.D_MESSENGER_DECK, adv_cards.D_WINE_MERCHANT, adv_mechanics.D_FAIR):
            out.add(r)
        else:
            out.add(CARDS[r].name if r >= 0 else None)
    return out


def set_aside(sc, p, cards) -> None:
    """Cards being looked at (ASIDE), as inside Raze's or Scouting Party's text."""
    z = L.ASIDE0 + p * L.N_SLOTS
    sc.S[z:z + L.N_SLOTS] = 0
    for name in cards:
        sc.S[z + card_id(name)] += 1
    sc.S[L.ASIDE_N + p] = len(cards)


def names(ids) -> set:
    return {CARDS[c].name for c in ids}


def gainable(sc, max_cost, types=0, exact=False) -> set:
    out = set()
    for c in range(N_CARDS):
        if sc.S[L.SUPPLY + c] <= 0 or (types and not CARDS[c].types & types):
            continue
        cost = CARDS[c].cost
        if cost == max_cost if exact else cost <= max_cost:
            out.add(CARDS[c].name)
    return out


# ----------------------------------------------------------------------------- random bot
@pytest.fixture(scope="module")
def rnd():
    sc = make([RandomBot(), nobuy("b")], game_events=["Alms", "Lost Arts"])
    sc.outside_cards = True      # Guide, Royal Carriage on mats: only answers are read
    return sc


def test_random_buy_offers_affordable_cards_allowed_events_and_stop(rnd):
    rnd.set_counters(actions=0, buys=1, coins=4)
    rnd.S[L.V + L.V_ONCE] = 0
    rnd.S[L.V + L.V_MISSION] = 0
    rnd.set_token(0, "-$2 cost", None)
    assert answers(rnd, codes.D_BUY) == gainable(rnd, 4) | {"Alms", None}
    rnd.S[L.V + L.V_ONCE] = 1 << int(EVENT_SLOT[card_id("Alms")])  # Alms bought this turn
    assert answers(rnd, codes.D_BUY) == gainable(rnd, 4) | {None}
    rnd.set_counters(coins=6)
    assert answers(rnd, codes.D_BUY) == gainable(rnd, 6) | {"Lost Arts", None}
    rnd.set_counters(coins=3).set_token(0, "-$2 cost", "Smithy")    # Smithy costs $2 now
    assert "Smithy" in answers(rnd, codes.D_BUY)
    rnd.S[L.V + L.V_MISSION] = 1                                     # no cards on a Mission
    rnd.S[L.V + L.V_ONCE] = 0
    assert answers(rnd, codes.D_BUY) == {"Alms", None}
    rnd.S[L.V + L.V_MISSION] = 0
    rnd.set_token(0, "-$2 cost", None)


def test_random_start_of_turn_never_stops_while_an_effect_is_due(rnd):
    rnd.set_hand(0, ["Copper", "Estate"]).set_mat(0, ["Ratcatcher", "Guide"])
    rnd.set_gear(0, ["Gold"]).set_next_turn(0, "Dungeon")
    assert answers(rnd, codes.D_START) == {"Gear", "Dungeon", "Ratcatcher", "Guide"}
    rnd.set_gear(0, []).set_next_turn(0, "Dungeon", 0)
    assert answers(rnd, codes.D_START) == {"Ratcatcher", "Guide", None}
    rnd.set_mat(0, [])


def _window(sc, card, gone) -> None:
    """The after-Action window of ``card``: the play stack's top entry is its play."""
    sc.S[L.V + L.V_STACK_N] = 1
    sc.S[L.STACK + L.E_CARD] = card_id(card)
    sc.S[L.STACK + L.E_GONE] = gone


def test_random_after_action_calls_only_what_can_be_called(rnd):
    rnd.set_mat(0, ["Royal Carriage", "Coin of the Realm"]).set_in_play(0, ["Smithy"])
    _window(rnd, "Smithy", 0)
    assert answers(rnd, codes.D_AFTER_ACTION, card_id("Smithy")) == {
        "Royal Carriage", "Coin of the Realm", None}
    _window(rnd, "Smithy", 1)                     # this copy left play: no replay
    assert answers(rnd, codes.D_AFTER_ACTION, card_id("Smithy")) == {"Coin of the Realm", None}
    rnd.set_mat(0, []).set_in_play(0, [])
    rnd.S[L.V + L.V_STACK_N] = 0


def test_random_token_pile_keeps_teachers_exclusion_only_for_teacher(rnd):
    piles = {c for c in KINGDOM if CARDS[card_id(c)].types & ACTION}
    assert "Coin of the Realm" not in piles and "Village" in piles
    rnd.set_token(0, "Trashing", "Village")
    rnd.S[L.V + L.V_THIS] = card_id("Teacher")
    assert answers(rnd, codes.D_TOKEN_PILE, 1) == piles - {"Village"}
    rnd.S[L.V + L.V_THIS] = card_id("Lost Arts")
    assert answers(rnd, codes.D_TOKEN_PILE, 1) == piles
    rnd.set_token(0, "Trashing", None)


def test_random_mandatory_choices_never_answer_none(rnd):
    rnd.set_hand(0, ["Copper", "Estate", "Gold", "Village"])
    hand = {"Copper", "Estate", "Gold", "Village"}
    for d in (adv_cards.D_AMULET_TRASH, adv_mechanics.D_DUNGEON, adv_cards.D_RATCATCHER,
              adv_cards.D_TRANSMOGRIFY_TRASH, adv_cards.D_FUGITIVE, adv_events.D_SAVE):
        assert answers(rnd, d, 1) == hand, codes.DECISION_NAMES[d]
    for d in (adv_cards.D_GEAR, adv_cards.D_RAZE, adv_cards.D_ARTIFICER_DISCARD,
              codes.D_TRASHING_TOKEN,
              adv_events.D_TRADE):
        assert answers(rnd, d) == hand | {None}, codes.DECISION_NAMES[d]
    assert answers(rnd, adv_cards.D_STORYTELLER) == {"Copper", "Gold", None}
    assert answers(rnd, adv_cards.D_DISCIPLE) == {"Village", None}
    for d in (adv_cards.D_TRANSMOGRIFY_GAIN, adv_cards.D_MESSENGER_GAIN, adv_events.D_ALMS,
              adv_events.D_BALL):
        assert answers(rnd, d, 3) == gainable(rnd, 3), codes.DECISION_NAMES[d]
    assert answers(rnd, adv_events.D_SEAWAY, 4) == gainable(rnd, 4, types=ACTION)
    assert answers(rnd, adv_cards.D_ARTIFICER_GAIN, 3) == gainable(rnd, 3, exact=True) | {None}
    assert answers(rnd, adv_events.D_INHERITANCE, 4) == gainable(rnd, 4, types=ACTION)
    rnd.set_supply("Gold", 0)
    assert answers(rnd, adv_cards.D_HERO) == {"Copper", "Silver", "Coin of the Realm"}
    rnd.set_supply("Gold", 30)


def test_random_looked_at_cards_and_the_cards_going_onto_the_deck(rnd):
    rnd.set_hand(0, ["Copper", "Silver"])
    set_aside(rnd, 0, ["Gold", "Estate", "Estate"])
    for d in (adv_cards.D_RAZE_KEEP, adv_events.D_SCOUTING_PARTY, codes.D_TOPDECK_ORDER):
        assert answers(rnd, d, 2) == {"Gold", "Estate"}, codes.DECISION_NAMES[d]
    set_aside(rnd, 0, [])
    assert answers(rnd, codes.D_TOPDECK_ORDER, card_id("Haunted Woods")) == {"Copper", "Silver"}


def test_random_bonfire_and_pilgrimage_take_cards_in_play(rnd):
    rnd.set_in_play(0, ["Copper", "Silver", "Village", "Gold"])
    assert answers(rnd, adv_events.D_BONFIRE) == {"Copper", "Silver", "Village", "Gold", None}
    rnd.set_supply("Gold", 0)                      # no copy to gain
    assert answers(rnd, adv_events.D_PILGRIMAGE, -1) == {"Copper", "Silver", "Village", None}
    # Named in increasing id order: after Silver, only cards above it.
    assert answers(rnd, adv_events.D_PILGRIMAGE, card_id("Silver")) == {"Village", None}
    rnd.set_supply("Gold", 30).set_in_play(0, [])


def test_random_quest_options_and_discards_stay_legal_for_every_option(rnd):
    rnd.set_hand(0, ["Swamp Hag", "Curse", "Copper"])
    assert answers(rnd, adv_events.D_QUEST) == {-1, 0, 2}
    assert answers(rnd, adv_events.D_QUEST_DISCARD, 1) == {"Swamp Hag"}
    rnd.set_hand(0, ["Curse", "Curse", "Copper"])
    assert answers(rnd, adv_events.D_QUEST) == {-1, 1, 2}
    assert answers(rnd, adv_events.D_QUEST_DISCARD, 2) == {"Curse"}
    assert answers(rnd, adv_events.D_QUEST_DISCARD, 6) == {"Curse", "Copper"}
    rnd.set_hand(0, ["Copper"])
    assert answers(rnd, adv_events.D_QUEST) == {-1, 2}


def test_random_modes_and_yes_no(rnd):
    assert answers(rnd, adv_cards.D_AMULET) == {0, 1, 2}
    assert answers(rnd, adv_cards.D_TEACHER_TOKEN) == {0, 1, 2, 3}
    assert answers(rnd, adv_cards.D_MISER) == {0, 1}
    for d in (codes.D_EXCHANGE, adv_cards.D_CARAVAN_GUARD, adv_cards.D_DUPLICATE,
              adv_cards.D_MESSENGER_DECK, adv_cards.D_WINE_MERCHANT, adv_mechanics.D_FAIR):
        assert answers(rnd, d, card_id("Silver")) == {0, 1}


def test_random_action_offers_an_inheriting_estate(rnd):
    rnd.set_hand(0, ["Estate", "Copper", "Smithy"])
    assert answers(rnd, codes.D_ACTION) == {"Smithy", None}
    rnd.set_inheritance(0, "Village")
    assert answers(rnd, codes.D_ACTION) == {"Estate", "Smithy", None}
    rnd.set_inheritance(0, None)


def _implemented_events() -> list[int]:
    """The Events whose text exists (sim.engine.adventures.events): a game may only hold
    those (an Event without a function has no slot in the engine's table)."""
    return [e for e in EVENTS if sp(e) in adventures_events.CARD_TEXT]


def _config(kingdom, n_players, game_events) -> GameConfig:
    cfg = GameConfig(n_players=n_players, kingdom=tuple(kingdom))
    # GameConfig gains an ``events`` field on another branch; until then set it here
    # (sim.engine.batch reads it with getattr).
    object.__setattr__(cfg, "events", tuple(game_events))
    return cfg


def test_random_bots_play_thousands_of_random_adventures_games():
    rng = np.random.default_rng(2024)
    pool_events = _implemented_events()
    played = 0
    for i in range(24):
        kingdom = list(rng.choice(ADVENTURES_KINGDOM, 6, replace=False)) + \
            list(rng.choice(BASE_KINGDOM, 4, replace=False))
        n_events = min(int(rng.integers(0, 3)), len(pool_events))
        game_events = list(rng.choice(pool_events, n_events, replace=False)) if n_events else []
        cfg = _config([int(c) for c in kingdom], 2 + i % 3, [int(e) for e in game_events])
        games = 100
        res = play_batch(cfg, [RandomBot()], np.zeros((games, cfg.n_players), np.int32),
                         game_seeds(i, 0, games))
        assert len(res.score) == games
        played += games
    assert played >= 2000


# ----------------------------------------------------------------------------- rule bots
def test_rule_start_of_turn_takes_due_effects_before_calls_and_stays_legal():
    """Gear's cards, Caravan Guard's and Swamp Hag's $ due, Ratcatcher on the mat, no junk
    in hand: the old default answered -1 (no more calls), then Ratcatcher once Gear's
    Estate was in hand, which the engine refuses.  Now the due effects come first and
    Ratcatcher trashes the Estate Gear brought back."""
    sc = make([nobuy("a"), nobuy("b")])
    sc.set_hand(0, ["Silver"] * 5).set_gear(0, ["Estate", "Gold"]).set_mat(0, ["Ratcatcher"])
    sc.set_next_turn(0, "Caravan Guard").set_next_turn(0, "Swamp Hag")
    sc.set_deck(0, ["Copper"] * 10)
    assert sc.decide(0, codes.D_START) == "Gear"
    produced = sc.play_turn(0)
    assert sc.trash() == {"Estate": 1}
    assert produced == 5 * 2 + 3 + 1 + 3
    assert events(sc, codes.EV_CALL, 0) == [(0, "Ratcatcher", 1, -1)]
    check_consistent(sc)


def test_rule_royal_carriage_never_on_a_copy_that_left_play():
    """Transmogrify played (to the mat) while another Transmogrify is in play: the old
    default called Royal Carriage on it (a copy is in play) and the engine refused."""
    sc = make([nobuy("a"), nobuy("b")], kingdom=KINGDOM[:8] + ["Transmogrify", "Royal Carriage"])
    sc.set_hand(0, ["Transmogrify"]).set_in_play(0, ["Transmogrify"])
    sc.set_mat(0, ["Royal Carriage"]).set_deck(0, ["Copper"] * 10)
    sc.play_turn(0)
    assert sc.mat(0) == {"Royal Carriage": 1, "Transmogrify": 1}
    assert events(sc, codes.EV_CALL, 0) == []


def test_rule_royal_carriage_replays_the_costliest_non_terminal():
    sc = make([nobuy("a"), nobuy("b")],
              kingdom=KINGDOM[:7] + ["Royal Carriage", "Village", "Laboratory"])
    sc.set_hand(0, ["Village", "Laboratory"]).set_mat(0, ["Royal Carriage"])
    sc.set_deck(0, ["Copper"] * 10)
    sc.play_turn(0)
    lab = card_id("Laboratory")
    assert events(sc, codes.EV_CALL, 0) == [(0, "Royal Carriage", 1, lab)]
    assert (0, "Laboratory", 1, card_id("Royal Carriage")) in events(sc, codes.EV_PLAY_AGAIN, 0)


def test_rule_topdeck_order_takes_the_looked_at_cards_when_there_are_some():
    sc = make([nobuy("a"), nobuy("b")])
    sc.set_hand(0, ["Copper", "Silver"])
    set_aside(sc, 0, ["Gold", "Estate"])
    assert sc.decide(0, codes.D_TOPDECK_ORDER, card_id("Scouting Party")) == "Estate"
    set_aside(sc, 0, [])
    assert sc.decide(0, codes.D_TOPDECK_ORDER, card_id("Haunted Woods")) == "Copper"


def test_rule_token_pile_excludes_own_token_piles_only_for_teacher():
    sc = make([RuleBot("smithy-first", "", play=["Smithy"]), nobuy("b")])
    sc.set_token(0, "+1 Card", "Smithy")
    sc.S[L.V + L.V_THIS] = card_id("Teacher")
    teacher = sc.decide(0, codes.D_TOKEN_PILE, 1)
    assert teacher not in (None, "Smithy")
    sc.S[L.V + L.V_THIS] = card_id("Lost Arts")
    assert sc.decide(0, codes.D_TOKEN_PILE, 1) == "Smithy"


def test_rule_quest_takes_only_options_it_completes():
    sc = make([nobuy("a"), nobuy("b")])
    for hand, mode, first in ((["Swamp Hag", "Curse", "Curse"], 0, "Swamp Hag"),
                              (["Curse", "Curse", "Copper"], 1, "Curse"),
                              (["Estate"] * 6, 2, "Estate"),
                              (["Copper", "Estate"], -1, None)):
        sc.set_hand(0, hand)
        assert raw(sc, adv_events.D_QUEST) == mode, hand
        if first:
            assert sc.decide(0, adv_events.D_QUEST_DISCARD, 1) == first


def test_rule_duplicate_and_travelling_fair_skip_junk():
    sc = make([nobuy("a"), nobuy("b")])
    assert raw(sc, adv_cards.D_DUPLICATE, card_id("Estate")) == 0
    assert raw(sc, adv_cards.D_DUPLICATE, card_id("Gold")) == 1
    assert raw(sc, adv_cards.D_DUPLICATE, card_id("Duchy")) == 1
    assert raw(sc, adv_mechanics.D_FAIR, card_id("Duchy")) == 0
    assert raw(sc, adv_mechanics.D_FAIR, card_id("Silver")) == 1


def test_rule_hero_gains_the_costliest_treasure_left_and_inheritance_keeps_the_limit():
    sc = make([nobuy("a"), nobuy("b")])
    assert sc.decide(0, adv_cards.D_HERO) == "Gold"
    sc.set_supply("Gold", 0)
    assert sc.decide(0, adv_cards.D_HERO) == "Silver"
    for c in ("Silver", "Copper", "Coin of the Realm"):
        sc.set_supply(c, 0)
    assert sc.decide(0, adv_cards.D_HERO) is None            # no Treasure left to gain
    got = sc.decide(0, adv_events.D_INHERITANCE, 3)
    assert CARDS[card_id(got)].cost <= 3 and CARDS[card_id(got)].types & ACTION


# ----------------------------------------------------------------------------- Python bots
def test_view_shows_the_adventures_state_a_player_may_see():
    bot = Scripted("a", start_of_turn=[None])
    sc = make([bot, nobuy("b")], game_events=["Alms", "Lost Arts"],
              kingdom=[c for c in KINGDOM if c != "Caravan Guard"] + ["Hireling"])
    sc.set_hand(0, ["Copper"]).set_mat(0, ["Ratcatcher"]).set_mat(1, ["Duplicate"])
    sc.set_gear(0, ["Gold"]).set_gear(1, ["Silver"])
    sc.S[L.SAVE0 + card_id("Province")] = 1
    sc.hold_in_play(0, "Amulet").hold_in_play(1, "Hireling", game=True)
    sc.set_next_turn(0, "Amulet").set_lasting(1, "Hireling")
    sc.set_token(0, "+1 Action", "Village").set_token(1, "-$2 cost", "Smithy")
    sc.set_minus_card(1).set_minus_coin(0).set_journey(1, False).set_inheritance(1, "Page")
    sc.set_non_supply("Warrior", 3)
    sc.S[L.V + L.V_MISSION] = 1
    sc.decide(0, codes.D_START)
    v = bot.asked("start_of_turn")[0]
    assert v.mat == {"Ratcatcher": 1} and v.opponents_mat == [{"Duplicate": 1}]
    assert v.gear == {"Gold": 1} and v.saved == {"Province": 1}
    assert not hasattr(v, "opponents_gear") and not hasattr(v, "opponents_saved")
    assert v.held_in_play == {"Amulet": 1} and v.opponents_held_in_play == [{"Hireling": 1}]
    # Gear's cards are the player's secret; that a Gear's effect waits is public (Gear
    # stays in play only when it set cards aside).
    assert v.durations_due == {"Gear": 1, "Amulet": 1}
    assert v.opponents_durations_due == [{"Gear": 1, "Hireling": 1}]
    assert v.token_piles == {"+1 Action": "Village"}
    assert v.opponents_token_piles == [{"-$2 cost": "Smithy"}]
    assert (v.minus_card, v.opponents_minus_card) == (False, [True])
    assert (v.minus_coin, v.opponents_minus_coin) == (True, [False])
    assert (v.journey_up, v.opponents_journey_up) == (True, [False])
    assert (v.inherited, v.opponents_inherited) == (None, ["Page"])
    assert v.events == ["Alms", "Lost Arts"] and v.mission_turn
    assert v.non_supply["Warrior"] == 3 and v.non_supply["Treasure Hunter"] == 5
    # Costs now: the -$2 token is seat 1's, so on seat 0's turn Smithy costs $4.
    assert v.cost("Smithy") == 4 and v.cost("Alms") == 0
    sc.S[L.V + L.V_CUR] = 1
    sc.decide(0, codes.D_START)
    assert bot.asked("start_of_turn")[1].cost("Smithy") == 2


ADV_RULES = RuleBot(
    "adv-rules", "Big Money with Adventures cards whose decisions it leaves to the defaults",
    buy=[Buy("Province", money() > 15), Buy("Gold"), Buy("Swamp Hag", count("Swamp Hag") < 1),
         Buy("Duplicate", count("Duplicate") < 1), Buy("Amulet", count("Amulet") < 2),
         Buy("Gear", count("Gear") < 1), Buy("Smithy", count("Smithy") < 1),
         Buy("Caravan Guard", count("Caravan Guard") < 1),
         Buy("Ratcatcher", count("Ratcatcher") < 1),
         Buy("Coin of the Realm", count("Coin of the Realm") < 1),
         Buy("Page", count("Page") < 2), Buy("Silver")])
HAG_RULES = RuleBot("hag-rules", "Big Money with Swamp Hags",
                    buy=[Buy("Province", money() > 15), Buy("Gold"),
                         Buy("Swamp Hag", count("Swamp Hag") < 2), Buy("Silver")])
START_ORDER = ("Haunted Woods", "Dungeon", "Caravan Guard", "Swamp Hag", "Bridge Troll",
               "Amulet")
TRASH_RANK = ADV_RULES.program().trash_rank


def _junk(view):
    """What the rule bot would trash first from this hand (its trash ranks), or None."""
    ranked = [(int(TRASH_RANK[card_id(c)]), card_id(c)) for c in view.hand]
    best = min(ranked, default=None)
    return CARDS[best[1]].name if best and best[0] < 1_000_000 else None


class AdvPython(PythonBot):
    """ADV_RULES's Adventures defaults, written against the View."""

    name = "adv-python"
    fallback = ADV_RULES

    def __init__(self):
        self.asked: dict[str, int] = {}

    def _ask(self, method):
        self.asked[method] = self.asked.get(method, 0) + 1

    def start_of_turn(self, view):
        self._ask("start_of_turn")
        if view.gear:
            return "Gear"
        for card in START_ORDER:
            if view.durations_due.get(card):
                return card
        if view.mat.get("Ratcatcher") and _junk(view):
            return "Ratcatcher"
        return None

    def after_action(self, view):
        self._ask("after_action")
        actions_in_hand = any(CARDS[card_id(c)].types & ACTION for c in view.hand)
        if view.mat.get("Coin of the Realm") and view.actions == 0 and actions_in_hand:
            return "Coin of the Realm"
        return None

    def amulet_mode(self, view):
        self._ask("amulet_mode")
        if _junk(view):
            return 1
        return 2 if view.turn <= 10 else 0

    def ratcatcher_trash(self, view):
        self._ask("ratcatcher_trash")
        return _junk(view) or DEFAULT

    def exchange_traveller(self, view):
        self._ask("exchange_traveller")
        return True

    def caravan_guard_react(self, view):
        self._ask("caravan_guard_react")
        return True

    def duplicate_call(self, view):
        self._ask("duplicate_call")
        return TRASH_RANK[view.arg] >= 1_000_000


def _adv_games(bot, games=120):
    seeds = game_seeds(7, 0, games)
    seats = np.tile(np.array([[0, 1], [1, 0]], np.int32), (games // 2, 1))
    return play_batch(GameConfig(kingdom=tuple(KINGDOM)), [bot, HAG_RULES], seats, seeds,
                      np.zeros(games, np.int8))


def test_python_bot_answering_adventures_decisions_plays_the_rule_bots_games():
    ref = _adv_games(ADV_RULES)
    py = AdvPython()
    mine = _adv_games(py)
    np.testing.assert_array_equal(ref.score, mine.score)
    np.testing.assert_array_equal(ref.turns, mine.turns)
    np.testing.assert_array_equal(ref.game, mine.game)
    for method in ("start_of_turn", "after_action", "amulet_mode", "ratcatcher_trash",
                   "exchange_traveller", "caravan_guard_react", "duplicate_call"):
        assert py.asked.get(method, 0) > 0, f"{method} never asked: the test proves nothing"


ADV_METHODS = [m for d, m in enumerate(METHODS)
               if codes.DEC_RULES[d] == codes.RULES_ADVENTURES]


@pytest.mark.parametrize("method", ADV_METHODS)
def test_bad_answers_to_adventures_decisions_are_one_line_errors_naming_them(method):
    sc = make([nobuy("a"), nobuy("b")])
    if method in YES_NO:
        bad = ["Silver", 1, 2]
    elif method in MODES:
        bad = [MODES[method], -1, "Silver", True, 1.0]
    else:
        bad = [True, "Kopper", 2.5, ["Silver"]]
    for value in bad:
        with pytest.raises(AnswerError) as info:
            read_answer(method, value, sc.S)
        text = str(info.value)
        assert method in text and repr(value) in text and "\n" not in text


class WrongMode(PythonBot):
    name = "wrong-mode"
    fallback = ADV_RULES

    def amulet_mode(self, view):
        return 3


class TrashesGold(PythonBot):
    name = "trashes-gold"
    fallback = ADV_RULES

    def ratcatcher_trash(self, view):
        return "Province"


def test_a_bad_answer_in_a_game_names_bot_method_and_decision_in_one_line():
    with pytest.raises(BotError) as info:
        _adv_games(WrongMode(), 40)
    msg = str(info.value)
    assert "wrong-mode: amulet_mode answered 3" in msg and "choose with Amulet" in msg
    assert "\n" not in msg
    with pytest.raises(BotError) as info:
        _adv_games(TrashesGold(), 60)
    msg = str(info.value)
    assert "'trashes-gold' made an illegal choice deciding to trash with Ratcatcher: " \
           "Province" in msg and "\n" not in msg
