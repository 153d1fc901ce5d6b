"""Inheritance: an Estate does everything the inherited card does (ADVENTURES.md §5,
seed 003; issue 25).

"Your Estates have the set-aside card's abilities and types": its when-played text, its
Reserve call, its on-buy and on-gain text, its while-in-play effects, its Duration's next
turn, its Reaction.  The engine asks every such question through one set of helpers
(sim.engine.zones: ``has_ability``, ``with_ability``, ``card_with_ability``), which count
an inheriting Estate as its card.

The first part builds the four situations that failed while each check looked for the
real card only (an inherited Royal Carriage, Wine Merchant, Lost City, Bridge Troll) and
the answers that name a Reserve for its Estate.  The second part is the proof for the
whole class: for every card that Inheritance can set aside (every non-Victory Action of
the Supply: those costing over $4 under the -$2 token and Bridge Trolls), the same
situation is played once with the real card and once with an inheriting Estate in its
place, and the two games must end the same, the Estate read as the card.
"""

from __future__ import annotations

import numpy as np
import pytest

from bots.rules import Buy
from sim.cards import ACTION, CARDS, CHAMPION, HIRELING, KINGDOM_CARDS, REACTION, VICTORY, card_id
from sim.engine import layout as L
from sim.engine import legality
from sim.engine.callbacks import USE_DEFAULT_ANSWER
from sim.engine.codes import (
    D_START,
    DISCARD_FROM_MAT,
    EV_CALL,
    EV_DISCARD,
    EV_DRAW,
    EV_PLAY_AGAIN,
    EV_SET_ASIDE,
    EV_TOKEN,
    EV_TURN,
    TOKEN_ESTATE,
)
from sim.engine.gamelog import format_log
from sim.engine.scenario import Scenario
from tests.conftest import Scripted, check_consistent, clear, clear_log, events, nobuy

K_RESERVES = ["Royal Carriage", "Wine Merchant", "Guide", "Ratcatcher", "Village", "Caravan Guard",
              "Lost City", "Bridge Troll", "Laboratory", "Workshop"]


def game(bots, kingdom=K_RESERVES, events_=("Inheritance",)) -> Scenario:
    """A logging Scenario with every player's zones empty: the test states the situation."""
    sc = Scenario(list(bots), kingdom=kingdom, events=events_, log=True)
    for p in range(sc.config.n_players):
        clear(sc, p)
    clear_log(sc)
    return sc


def turn(sc: Scenario, p: int = 0) -> int:
    """Play ``p``'s turn; the state stays consistent and no card appears or vanishes."""
    total = sc.total_cards()
    produced = sc.play_turn(p)
    check_consistent(sc)
    assert sc.total_cards() == total
    return produced


def coppers(n: int) -> list[str]:
    return ["Copper"] * n


# ============================================================================ the four rulings
def test_an_inherited_royal_carriage_on_the_mat_is_offered_after_an_action_and_replays_it():
    bot = Scripted("me", play_action=["Village", None], after_action=["Royal Carriage"])
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Royal Carriage").set_mat(0, ["Estate"])
    sc.set_hand(0, ["Village"]).set_deck(0, coppers(10))
    turn(sc)
    assert [v.arg for v in bot.asked("after_action")] == [card_id("Village")]
    assert events(sc, EV_CALL, 0) == [(0, "Estate", 1, card_id("Village"))]
    assert events(sc, EV_PLAY_AGAIN, 0) == [(0, "Village", 1, card_id("Estate"))]
    # Village twice: 1 - 1 + 2 + 2 Actions, 2 Cards; the called Estate is discarded at Cleanup.
    assert bot.asked("buy")[0].actions == 4
    assert sc.mat(0) == {} and sc.discard(0) == {"Village": 1, "Estate": 1, "Copper": 2}


def test_an_inherited_royal_carriage_is_called_by_the_rule_bot_default():
    bot = Scripted("me", play_action=["Village", None])     # after_action: the rule default
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Royal Carriage").set_mat(0, ["Estate"])
    sc.set_hand(0, ["Village"]).set_deck(0, coppers(10))
    turn(sc)
    assert events(sc, EV_CALL, 0) == [(0, "Estate", 1, card_id("Village"))]


def test_an_inherited_royal_carriage_replaying_a_duration_stays_in_play_with_it():
    bot = Scripted("me", play_action=["Caravan Guard", None], after_action=["Estate"])
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Royal Carriage").set_mat(0, ["Estate"])
    sc.set_hand(0, ["Caravan Guard"]).set_deck(0, coppers(10))
    turn(sc)
    assert sc.in_play(0) == {"Caravan Guard": 1, "Estate": 1}
    assert sc.held_in_play(0) == {"Caravan Guard": 1, "Estate": 1}
    assert sc.next_turn(0) == {"Caravan Guard": 2}


def test_a_real_royal_carriage_is_called_before_an_inheriting_estate():
    bot = Scripted("me", play_action=["Village", None], after_action=["Royal Carriage", None])
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Royal Carriage").set_mat(0, ["Estate", "Royal Carriage"])
    sc.set_hand(0, ["Village"]).set_deck(0, coppers(10))
    turn(sc)
    assert events(sc, EV_CALL, 0) == [(0, "Royal Carriage", 1, card_id("Village"))]
    assert sc.mat(0) == {"Estate": 1}


def test_an_estate_without_royal_carriages_abilities_is_not_offered_after_an_action():
    bot = Scripted("me", play_action=["Village", None])
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Ratcatcher").set_mat(0, ["Estate"])
    sc.set_hand(0, ["Village"]).set_deck(0, coppers(10))
    turn(sc)
    assert bot.asked("after_action") == []


def test_an_inherited_wine_merchant_leaves_the_mat_with_2_dollars_unspent():
    bot = Scripted("me", wine_merchant_discard=[True])
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Wine Merchant").set_mat(0, ["Estate"])
    sc.set_hand(0, coppers(2)).set_deck(0, coppers(5))
    turn(sc)
    assert len(bot.asked("wine_merchant_discard")) == 1
    assert events(sc, EV_DISCARD, 0) == [(0, "Estate", 1, DISCARD_FROM_MAT)]
    assert sc.mat(0) == {} and sc.discard(0) == {"Estate": 1, "Copper": 2}


def test_an_inherited_wine_merchant_stays_on_the_mat_with_1_dollar_unspent():
    bot = Scripted("me", wine_merchant_discard=[True])
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Wine Merchant").set_mat(0, ["Estate"])
    sc.set_hand(0, coppers(1)).set_deck(0, coppers(5))
    turn(sc)
    assert bot.asked("wine_merchant_discard") == []
    assert sc.mat(0) == {"Estate": 1}


def test_an_inherited_wine_merchant_played_gives_its_buy_and_4_dollars_then_may_leave():
    bot = Scripted("me", play_action=["Estate", None], wine_merchant_discard=[True, True])
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Wine Merchant").set_mat(0, ["Wine Merchant"])
    sc.set_hand(0, ["Estate"]).set_deck(0, coppers(5))
    turn(sc)
    view = bot.asked("buy")[0]
    assert (view.buys, view.coins, view.mat) == (2, 4, {"Wine Merchant": 1, "Estate": 1})
    # $4 unspent: both leave, the real Wine Merchant first, one question each.
    assert [c for _, c, _, _ in events(sc, EV_DISCARD, 0)] == ["Wine Merchant", "Estate"]
    assert sc.mat(0) == {}


def test_an_inherited_lost_city_gained_makes_each_other_player_draw():
    bot = Scripted("me", buy=["Estate", None])
    sc = Scenario([bot, nobuy(), nobuy()], kingdom=K_RESERVES, events=("Inheritance",),
                  log=True)
    for p in range(3):
        clear(sc, p)
    clear_log(sc)
    sc.set_inheritance(0, "Lost City").set_hand(0, coppers(2)).set_deck(0, coppers(5))
    sc.set_deck(1, ["Silver", "Gold"]).set_deck(2, ["Gold"])
    turn(sc)
    assert sc.hand(1) == {"Silver": 1} and sc.hand(2) == {"Gold": 1}
    assert sc.deck(1) == ["Gold"]
    assert sc.discard(0) == {"Estate": 1, "Copper": 2}


def test_an_inherited_lost_city_gained_without_a_buy_makes_the_others_draw_too():
    bot = Scripted("me", play_action=["Workshop", None], workshop_gain=["Estate"])
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Lost City").set_hand(0, ["Workshop"]).set_deck(0, coppers(5))
    sc.set_deck(1, ["Silver"])
    turn(sc)
    assert sc.hand(1) == {"Silver": 1}


def test_an_estate_gained_by_a_player_not_inheriting_lost_city_draws_nobody_a_card():
    bot = Scripted("me", buy=["Estate", None])
    sc = game([bot, nobuy()])
    sc.set_inheritance(1, "Lost City")             # the other player's Estates, not mine
    sc.set_hand(0, coppers(2)).set_deck(0, coppers(5)).set_deck(1, ["Silver"])
    turn(sc)
    assert sc.hand(1) == {}


def test_an_inherited_bridge_troll_in_play_lowers_costs_on_my_turn():
    seen = {}

    def buy(v):
        seen.setdefault(v.turn, {n: v.cost(n) for n in ("Province", "Estate", "Laboratory")})
        return "Laboratory" if v.can_buy("Laboratory") and v.buys == 2 else None

    bot = Scripted("me", play_action=["Estate", None], buy=buy)
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Bridge Troll")
    sc.set_hand(0, ["Estate"] + coppers(4)).set_deck(0, coppers(10))
    turn(sc)
    assert seen[1] == {"Province": 7, "Estate": 1, "Laboratory": 4}
    assert sc.discard(0).get("Laboratory") == 1                 # bought with $4
    assert sc.in_play(0) == {"Estate": 1} and sc.held_in_play(0) == {"Estate": 1}
    assert sc.minus_coin(1)                                     # its Attack worked already


def test_an_inherited_bridge_troll_kept_from_last_turn_still_lowers_costs_with_a_second():
    seen = []
    bot = Scripted("me", play_action=["Bridge Troll", None],
                   buy=lambda v: seen.append(v.cost("Province")))
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Bridge Troll").hold_in_play(0, "Estate")
    sc.set_hand(0, ["Bridge Troll"]).set_deck(0, coppers(10))
    turn(sc)
    assert seen[0] == 6                                         # two Trolls in play: -$2


def test_an_inherited_bridge_troll_lowers_nothing_on_other_players_turns():
    seen = []
    foe = Scripted("foe", buy=lambda v: seen.append(v.cost("Province")))
    sc = game([nobuy(), foe])
    sc.set_inheritance(0, "Bridge Troll").hold_in_play(0, "Estate")
    sc.set_hand(1, coppers(5)).set_deck(1, coppers(5))
    turn(sc, 1)
    assert seen == [8]


def test_the_rule_bot_buys_at_the_price_an_inherited_bridge_troll_makes():
    # adventures.decide.pick_buy_adv prices its buy list with the Trolls read once: the
    # Estate counts.
    sc = game([nobuy(buy=[Buy("Gold")]), nobuy()])
    sc.set_inheritance(0, "Bridge Troll").hold_in_play(0, "Estate")
    sc.set_hand(0, coppers(5)).set_deck(0, coppers(5))
    turn(sc)
    assert sc.discard(0).get("Gold") == 1                       # Gold at $5


def test_an_estate_inheriting_page_is_exchanged_and_goes_back_to_the_estate_pile():
    # ADVENTURES.md §7 (e): an inherited Traveller lets the Estate be exchanged.
    bot = Scripted("me", play_action=["Estate", None], exchange_traveller=[True])
    sc = game([bot, nobuy()], kingdom=K_RESERVES[:-1] + ["Page"])
    sc.set_inheritance(0, "Page").set_hand(0, ["Estate"]).set_deck(0, coppers(10))
    estates, hunters = sc.supply("Estate"), sc.non_supply("Treasure Hunter")
    turn(sc)
    assert [v.arg for v in bot.asked("exchange_traveller")] == [card_id("Estate")]
    assert sc.supply("Estate") == estates + 1 and sc.supply("Page") == 10
    assert sc.non_supply("Treasure Hunter") == hunters - 1
    assert sc.discard(0) == {"Treasure Hunter": 1, "Copper": 1}
    assert "Estate" not in sc.owned(0)


# ============================================================================ calls by name
def test_an_inherited_guide_is_called_by_answering_guide():
    bot = Scripted("me", start_of_turn=["Guide", None])
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Guide").set_mat(0, ["Estate"])
    sc.set_hand(0, coppers(5)).set_deck(0, ["Silver"] * 5 + coppers(5))
    turn(sc)
    assert events(sc, EV_CALL, 0) == [(0, "Estate", 1, -1)]
    assert bot.asked("buy")[0].coins == 10                      # the new hand: 5 Silvers


def test_the_rule_bot_calls_an_inherited_ratcatcher_with_junk_in_hand():
    sc = game([nobuy(), nobuy()])
    sc.set_inheritance(0, "Ratcatcher").set_mat(0, ["Estate"])
    sc.set_hand(0, ["Curse"] + coppers(4)).set_deck(0, coppers(5))
    turn(sc)
    assert events(sc, EV_CALL, 0) == [(0, "Estate", 1, -1)]
    assert sc.trash() == {"Curse": 1}


def test_the_random_bot_may_name_an_inherited_reserve_at_the_start_of_the_turn():
    sc = game([nobuy(), nobuy()])
    sc.set_inheritance(0, "Ratcatcher").set_mat(0, ["Estate"])
    legal = [c.name for c in CARDS
             if legality.card_ok(sc.S, sc.T, 0, D_START, 0, c.id, False)]
    assert legal == ["Ratcatcher"]


def test_an_estate_inheriting_nothing_callable_cannot_be_called_by_a_reserves_name():
    bot = Scripted("me", start_of_turn=["Guide"])
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Village").set_mat(0, ["Estate"])
    sc.set_hand(0, coppers(5)).set_deck(0, coppers(5))
    # Two effects due, so the bot is asked which comes first.
    sc.hold_in_play(0, "Caravan Guard").set_next_turn(0, "Caravan Guard")
    sc.hold_in_play(0, "Bridge Troll").set_next_turn(0, "Bridge Troll")
    with pytest.raises(RuntimeError, match="Guide is not a legal answer.*"
                       "legal answers: Caravan Guard, Bridge Troll"):
        sc.play_turn(0)


def test_the_log_reads_an_inherited_duplicates_call_as_one_on_a_gain():
    rows = np.array([
        (EV_TURN, 4, 0, -1, 4, 0),
        (EV_TOKEN, 4, 0, card_id("Duplicate"), TOKEN_ESTATE, card_id("Inheritance")),
        (EV_CALL, 4, 0, card_id("Estate"), 1, card_id("Silver")),
        (EV_TOKEN, 4, 1, card_id("Royal Carriage"), TOKEN_ESTATE, card_id("Inheritance")),
        (EV_CALL, 4, 1, card_id("Estate"), 1, card_id("Village")),
    ], np.int32)
    lines = [line.strip() for line in format_log(rows, ("a", "b")).splitlines()]
    assert "P0 a calls Estate (on gaining Silver)" in lines
    assert "P1 b calls Estate (after Village)" in lines


# ============================================================================ types
def test_library_may_skip_an_estate_inheriting_an_action():
    bot = Scripted("me", play_action=["Library", None], library_set_aside=[True])
    sc = game([bot, nobuy()], kingdom=K_RESERVES[:-1] + ["Library"])
    sc.set_inheritance(0, "Village")
    sc.set_hand(0, ["Library"]).set_deck(0, ["Estate"] + coppers(8))
    turn(sc)
    assert [v.arg for v in bot.asked("library_set_aside")] == [card_id("Estate")]
    assert events(sc, EV_SET_ASIDE, 0)[0][1] == "Estate"


def test_library_draws_an_estate_of_a_player_without_inheritance_without_asking():
    bot = Scripted("me", play_action=["Library", None])
    sc = game([bot, nobuy()], kingdom=K_RESERVES[:-1] + ["Library"])
    sc.set_hand(0, ["Library"]).set_deck(0, ["Estate"] + coppers(8))
    turn(sc)
    assert bot.asked("library_set_aside") == []
    assert events(sc, EV_DRAW, 0)[0][1] == "Estate"


# ============================================================================ what can be inherited
def inheritable_cards() -> list[str]:
    """Every card Inheritance can set aside: a non-Victory Action of the Supply (base and
    Adventures kingdom piles).  Those costing over $4 need the -$2 token and Bridge
    Trolls (test_inheritance_sets_aside_a_card_costing_over_4_under_reductions)."""
    return [CARDS[c].name for c in KINGDOM_CARDS
            if CARDS[c].is_type(ACTION) and not CARDS[c].is_type(VICTORY)]


@pytest.mark.parametrize("name, trolls, token", [("Lost City", 1, False),
                                                 ("Royal Carriage", 0, True),
                                                 ("Hireling", 0, True),
                                                 ("Artisan", 2, False)])
def test_inheritance_sets_aside_a_card_costing_over_4_under_reductions(name, trolls, token):
    bot = Scripted("me", buy=["Inheritance", None], inheritance_set_aside=[name])
    kingdom = ["Bridge Troll", name] + [k for k in K_RESERVES if k not in (name, "Bridge Troll")]
    sc = game([bot, nobuy()], kingdom=kingdom[:10])
    sc.set_hand(0, ["Gold"] * 2 + ["Copper"]).set_deck(0, coppers(5))
    if trolls:
        sc.hold_in_play(0, "Bridge Troll", trolls)
    if token:
        sc.set_token(0, "-$2 cost", name)
    turn(sc)
    assert sc.inherited(0) == name


# ============================================================================ Estate == card
# The comparison: one situation, played with the card itself (world "card") and with an
# inheriting Estate in its place (world "Estate"); the two must end the same once every
# "Estate" is read as the card.  Nobody else has an Estate, so the renaming is exact.
#
# * played: my turn plays it from hand (then Villages while Actions last) and buys one card
#   (the dearest of Gold, Laboratory, Silver I can afford: Bridge Troll's price shows, and
#   Wine Merchant's $4 leaves $2 unspent); the other player's turn (buying a Silver:
#   Haunted Woods, Swamp Hag show); my next turn (Duration effects, Reserve calls: Guide,
#   Ratcatcher, Transmogrify at the start, Royal Carriage after a Village, Duplicate on
#   the buy, Wine Merchant at the end of the Buy phase).  Checked after each turn.
# * bought: my turn buys it (on-buy and on-gain texts: Port, Messenger, Lost City).  The $
#   left differ by the two prices ($2 against the card's), which is added back.
# * reacting (Reactions only): the other player plays Militia while it is in my hand; then
#   my next turn.  My discards (Militia's, Diplomat's) follow DISCARD_ORDER, the card or
#   its Estate last: the rule bot's discard ranks are by card, an Estate's its own.
#
# The draw piles are long enough that nobody shuffles: a shuffle lays the discard pile out
# by card id before shuffling, so an Estate and the card would end in different places.
# The top of a discard pile after Cleanup is likewise the highest card id moved, an
# artifact of the count zones, and is not compared.  Decisions other than those scripted
# here are the rule bot's defaults, the same in both worlds.
FILLER = ["Village", "Laboratory", "Militia", "Moat", "Smithy", "Market", "Festival", "Cellar",
          "Chapel", "Workshop"]
START_CALLS = ("Guide", "Ratcatcher", "Transmogrify", "Teacher")
MY_DECK = ["Village", "Copper", "Curse", "Silver", "Copper"] * 8     # 40 cards, top first
FOE_DECK = ["Copper", "Silver", "Curse", "Copper", "Gold"] * 4
BUY_ORDER = ("Gold", "Laboratory", "Silver")      # $5 buys Gold only under a Bridge Troll
DISCARD_ORDER = ("Curse", "Copper", "Village", "Silver", "Gold")   # then the card itself


def kingdom_with(name: str) -> list[str]:
    return [name] + [k for k in FILLER if k != name][:9]


def my_bot(card: str, played: str, buys: tuple[str, ...] = BUY_ORDER) -> Scripted:
    """Plays ``played`` (the card, or the Estate inheriting it) when in hand, else a
    Village; buys one card a turn, the first of ``buys`` it can afford; calls the card's
    Reserve text whenever it may (named by the card, which calls the Estate too); reacts."""
    bought = set()

    def play(v):
        if played in v.hand:
            return played
        return "Village" if "Village" in v.hand else None

    def buy(v):
        if v.turn in bought:
            return None
        bought.add(v.turn)
        return next((c for c in buys if v.can_buy(c)), None)

    def discard(v):
        # The rule bot's discard ranks read an inheriting Estate as an Estate (a Victory
        # card, the first to go), the bot's own choice: both worlds discard by this order.
        return next((c for c in (*DISCARD_ORDER, played) if v.hand.get(c)), USE_DEFAULT_ANSWER)

    def start(v):
        if card in START_CALLS and (card in v.mat or "Estate" in v.mat):
            return card
        return USE_DEFAULT_ANSWER

    return Scripted("me", play_action=play, buy=buy, start_of_turn=start,
                    after_action=lambda v: "Royal Carriage" if card == "Royal Carriage"
                    else USE_DEFAULT_ANSWER,
                    duplicate_call=lambda v: True, wine_merchant_discard=lambda v: True,
                    exchange_traveller=lambda v: True, caravan_guard_react=lambda v: True,
                    reveal_moat=lambda v: True, messenger_deck=lambda v: False,
                    attack_discard=discard, diplomat_discard=discard)


def foe_bot(attack: str | None = None) -> Scripted:
    bought = set()

    def buy(v):
        if v.turn in bought or not v.can_buy("Silver"):
            return None
        bought.add(v.turn)
        return "Silver"

    return Scripted("foe", play_action=lambda v: attack if attack in v.hand else None, buy=buy)


def world(card: str, estate: bool, bots) -> Scenario:
    sc = game(bots, kingdom=kingdom_with(card))
    if estate:
        sc.set_inheritance(0, card)
    return sc


def snapshot(sc: Scenario, card: str) -> dict:
    """Everything both players have and the game's piles and counters, with "Estate" read
    as ``card`` (counts merged into the card's, names in order replaced)."""

    def merged(counts: dict) -> dict:
        out = dict(counts)
        if "Estate" in out:
            out[card] = out.get(card, 0) + out.pop("Estate")
        return out

    def named(cards: list) -> list:
        return [card if c == "Estate" else c for c in cards]

    S = sc.S
    state = {"counters": sc.counters, "trash": merged(sc.trash()),
             "supply": merged({c.name: sc.supply(c.id) for c in CARDS if S[L.IN_SUPPLY + c.id]}),
             "non_supply": {c.name: sc.non_supply(c.id) for c in CARDS
                            if S[L.NON_SUPPLY + c.id]}}
    for p in range(sc.config.n_players):
        state[p] = {
            "hand": merged(sc.hand(p)), "in_play": merged(sc.in_play(p)),
            "discard": merged(sc.discard(p)), "deck": named(sc.deck(p)),
            "mat": merged(sc.mat(p)), "gear": merged(sc.gear(p)), "saved": merged(sc.saved(p)),
            "held": merged(sc.held_in_play(p)), "lasting": merged(sc.lasting_in_play(p)),
            "next_turn": sc.next_turn(p), "gained": sc.gains_this_turn(p),
            "tokens": (sc.minus_card(p), sc.minus_coin(p), sc.journey_face_up(p),
                       tuple(sc.token_pile(p, t) for t in Scenario.TOKENS)),
            "lasting_effects": (int(S[L.EFFECTS + p * L.N_SLOTS + HIRELING]),
                                int(S[L.EFFECTS + p * L.N_SLOTS + CHAMPION])),
            "attacks_on": tuple(int(S[base + p * L.MAX_PLAYERS + q])
                                for base in (L.HAND_ONTO_DECK_ON, L.GAIN_CURSE_ON)
                                for q in range(2)),
        }
    return state


def play_both(card: str, bots_for, deal, turns) -> list[tuple]:
    """Play the seats ``turns`` in both worlds, each dealt by ``deal(sc, played)`` with the
    bots ``bots_for(played)`` (``played``: the card's name, or "Estate"); for each world
    the snapshot before the first turn, then ($ produced, snapshot) after each turn, then
    the decisions each seat was asked.  Returned as pairs (card world, Estate world)."""
    worlds = []
    for estate in (False, True):
        played = "Estate" if estate else card
        bots = bots_for(played)
        sc = world(card, estate, bots)
        deal(sc, played)
        shots = [snapshot(sc, card)]
        for p in turns:
            produced = turn(sc, p)
            shots.append((produced, snapshot(sc, card)))
        shots.append([b.methods() for b in bots])
        worlds.append(shots)
    return list(zip(*worlds, strict=True))


def assert_same(card: str, pairs, labels) -> None:
    labels = ("the start", *labels, "the decisions asked")
    for label, (with_card, with_estate) in zip(labels, pairs, strict=True):
        assert with_estate == with_card, f"{card}: {label} differs with an inheriting Estate"


@pytest.mark.parametrize("card", inheritable_cards())
def test_an_inheriting_estate_played_does_what_the_card_does(card):
    def deal(sc, played):
        sc.set_hand(0, [played, "Copper", "Copper", "Copper", "Silver"]).set_deck(0, MY_DECK)
        sc.set_hand(1, ["Copper", "Copper", "Silver", "Copper", "Curse"]).set_deck(1, FOE_DECK)

    pairs = play_both(card, lambda played: [my_bot(card, played), foe_bot()], deal,
                      turns=(0, 1, 0))
    assert_same(card, pairs, ("my turn", "the other player's turn", "my next turn"))
    # The situation does reach the card's own texts (checked in the card's world).
    asked_me = pairs[-1][0][0]
    assert "play_action" in asked_me
    if card in ASKED_WHEN_PLAYED:
        assert ASKED_WHEN_PLAYED[card] in asked_me, f"{card}: its Reserve / exchange unused"
    if card == "Bridge Troll":
        assert pairs[1][0][1][0]["discard"].get("Gold") == 1    # Gold at $5


# The decision each Reserve or Traveller's text asks in the "played" situation.
ASKED_WHEN_PLAYED = {"Royal Carriage": "after_action", "Wine Merchant": "wine_merchant_discard",
                     "Duplicate": "duplicate_call", "Guide": "start_of_turn",
                     "Ratcatcher": "start_of_turn", "Transmogrify": "start_of_turn",
                     "Page": "exchange_traveller", "Peasant": "exchange_traveller"}


@pytest.mark.parametrize("card", inheritable_cards())
def test_an_inheriting_estate_bought_does_what_the_card_does(card):
    def deal(sc, played):
        sc.set_hand(0, ["Gold", "Gold", "Silver"]).set_deck(0, MY_DECK).set_deck(1, FOE_DECK)

    pairs = play_both(card, lambda played: [my_bot(card, played, buys=(played,)), foe_bot()],
                      deal, turns=(0,))
    prices = (CARDS[card_id(card)].cost, CARDS[card_id("Estate")].cost)
    for price, (_, shot) in zip(prices, pairs[1], strict=True):
        shot["counters"]["coins"] += price              # the $ left before paying
    assert_same(card, pairs, ("my turn",))
    before, after = pairs[0][0], pairs[1][0][1]
    assert after["supply"][card] == before["supply"][card] - 1 - (card == "Port"), \
        f"{card} was not bought"


@pytest.mark.parametrize("card", [n for n in inheritable_cards()
                                  if CARDS[card_id(n)].is_type(REACTION)])
def test_an_inheriting_estate_reacts_as_the_card_does(card):
    def deal(sc, played):
        sc.set_hand(0, [played, "Copper", "Copper", "Silver", "Curse"]).set_deck(0, MY_DECK)
        sc.set_hand(1, ["Militia", "Copper", "Copper", "Copper", "Silver"])
        sc.set_deck(1, FOE_DECK)

    pairs = play_both(card, lambda played: [my_bot(card, played), foe_bot("Militia")], deal,
                      turns=(1, 0))
    assert_same(card, pairs, ("the Attack", "my next turn"))
    asked_me = pairs[-1][0][0]
    assert {"reveal_moat", "caravan_guard_react", "diplomat_reveal"} & set(asked_me)


def test_the_comparison_covers_every_inheritable_card_and_the_four_rulings():
    names = inheritable_cards()
    assert {"Royal Carriage", "Wine Merchant", "Lost City", "Bridge Troll", "Hireling",
            "Ratcatcher", "Port", "Messenger", "Page", "Peasant", "Moat",
            "Caravan Guard"} <= set(names)
    assert not {"Distant Lands", "Coin of the Realm", "Teacher", "Champion",
                "Gardens"} & set(names)
