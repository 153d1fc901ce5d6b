"""Intrigue's own-turn cards (sim/engine/intrigue/cards.py): one scenario per ruling of
INTRIGUE.md §3 (and the Official FAQ lines followed), then bots over kingdoms holding them
(invariants, 2-4 players) and random agents at every seat (resume at every question, the
engine against the mask).

Cards: Courtyard, Pawn, Shanty Town, Steward, Baron, Bridge, Conspirator, Ironworks, Mill,
Mining Village, Nobles; Duke and Harem (no function: counters and a declared VP rule).
The FAQ digest is /work/intrigue_faq.md ([RB]: the rulebook FAQ as shipped in dominiontabs'
card database; [W]: the DominionStrategy wiki page of the card).
"""

from __future__ import annotations

import numpy as np
import pytest

from bots import get_bot
from bots.rules import Choose, RuleBot
from sim.cards import CARDS, N_CARDS, card_id
from sim.cards import intrigue as I
from sim.engine import codes
from sim.engine import layout as L
from sim.engine.intrigue.cards import (
    D_BARON,
    D_COURTYARD,
    D_IRONWORKS,
    D_MILL,
    D_MINING_VILLAGE,
    D_NOBLES,
    D_PAWN,
    D_STEWARD,
    D_STEWARD_TRASH,
)
from sim.engine.state import supply_sizes
from sim.engine.zones import cost_of
from sim.env import Game
from tests.conftest import Scripted, adv_scenario, events, nobuy, raw_answer

MINE = ["Courtyard", "Pawn", "Shanty Town", "Steward", "Baron", "Bridge", "Conspirator",
        "Ironworks", "Mill", "Mining Village"]
# An Event (Bridge never changes its price).
EVENTS = ["Travelling Fair"]


FILL = MINE + ["Nobles", "Duke", "Harem", "Throne Room", "Village", "Gardens", "Bridge Troll",
               "Amulet", "Workshop", "Moat"]


def K(*cards: str) -> list[str]:
    """A kingdom holding ``cards``, filled up to 10 from FILL."""
    out = list(cards)
    for c in FILL:
        if len(out) == 10:
            break
        if c not in out:
            out.append(c)
    return out


def _cost(sc, name: str) -> int:
    return int(cost_of(sc.S, sc.T, card_id(name)))


class Snap:
    """A buy answer that buys nothing and keeps what the player had when buying began:
    the hand, Actions and Buys left (the turn's Cleanup then draws a new hand)."""

    def __init__(self):
        self.hand = None

    def __call__(self, view):
        if self.hand is None:
            self.hand, self.actions, self.buys = view.hand, view.actions, view.buys
        return None


# ----------------------------------------------------------------------------- Courtyard
def test_courtyard_puts_any_card_even_one_just_drawn_onto_the_deck(scenario):
    """INTRIGUE.md §3 Courtyard: the card put on the deck may be one just drawn ([RB]: any
    card in hand, not only one of the 3 drawn)."""
    snap = Snap()
    me = Scripted(play_action=["Courtyard", None], courtyard_topdeck=["Gold"],
                  play_treasure=[None], buy=snap)
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Courtyard", "Copper"]).set_deck(0, ["Gold", "Estate", "Silver", "Duchy"])
    sc.play_turn(0)
    assert len(me.asked("courtyard_topdeck")) == 1
    assert me.asked("courtyard_topdeck")[0].hand == {"Copper": 1, "Gold": 1, "Estate": 1,
                                                     "Silver": 1}
    assert snap.hand == {"Copper": 1, "Estate": 1, "Silver": 1}
    rows = events(sc, codes.EV_TOPDECK, 0)
    assert [(r[1], r[3]) for r in rows] == [("Gold", I.COURTYARD)]
    assert sc.hand(0)["Gold"] == 1          # drawn first by Cleanup


def test_courtyard_with_an_empty_hand_puts_nothing_back(scenario):
    """INTRIGUE.md §3 Courtyard: with an empty hand nothing happens (nothing to draw)."""
    me = Scripted(play_action=["Courtyard", None])
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Courtyard"])
    sc.play_turn(0)
    assert me.asked("courtyard_topdeck") == [] and events(sc, codes.EV_TOPDECK) == []


# ----------------------------------------------------------------------------- Pawn
def test_pawn_takes_two_different_options_both_chosen_before_either(scenario):
    """INTRIGUE.md §3: Pawn's choices must differ; the Official FAQ ([RB]): both are chosen
    before either resolves (the second question comes before the card is drawn, its arg
    marks the first choice)."""
    me = Scripted(play_action=["Pawn", None], pawn_mode=[0, 3])
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Pawn"]).set_deck(0, ["Silver"])
    assert sc.play_turn(0) == 1 + 2          # +$1, and the Silver drawn
    asked = me.asked("pawn_mode")
    assert len(asked) == 2 and asked[1].hand == {}      # nothing drawn yet


def test_pawn_action_and_buy(scenario):
    """Pawn: +1 Action and +1 Buy (Choose two): two Pawns played, two Buys more."""
    snap = Snap()
    me = Scripted(play_action=["Pawn", "Pawn", None], pawn_mode=[1, 2, 1, 2], buy=snap)
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Pawn", "Pawn"])
    sc.play_turn(0)
    assert len(me.asked("pawn_mode")) == 4
    assert (snap.actions, snap.buys) == (1, 3)


def test_pawn_refuses_the_same_option_twice(scenario):
    """INTRIGUE.md §3: Pawn's two choices must be different: the same twice is illegal."""
    me = Scripted(play_action=["Pawn", None], pawn_mode=[3, 3])
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Pawn"])
    with pytest.raises(RuntimeError):
        sc.play_turn(0)


# ----------------------------------------------------------------------------- Shanty Town
def test_shanty_town_reveals_the_hand_and_draws_2_without_actions(scenario):
    """Shanty Town: +2 Actions; the whole hand is revealed (public); no Action: +2 Cards
    ([RB]: the first card drawn being an Action does not stop the second)."""
    snap = Snap()
    me = Scripted(play_action=["Shanty Town", None], buy=snap)
    sc = scenario([me, nobuy()], kingdom=K("Village"))
    sc.set_hand(0, ["Shanty Town", "Copper", "Copper", "Estate"]).set_deck(
        0, ["Village", "Silver"])
    assert sc.play_turn(0) == 2 + 2
    revealed = {r[1]: r[2] for r in events(sc, codes.EV_REVEAL_CARD, 0)}
    assert revealed == {"Copper": 2, "Estate": 1}
    assert snap.hand == {"Village": 1, "Estate": 1} and snap.actions == 2


@pytest.mark.parametrize("other", ["Nobles", "Mill", "Estate"])
def test_shanty_town_draws_nothing_with_any_action_in_hand(scenario, other):
    """INTRIGUE.md §3 Shanty Town: the test is "no Action card": Nobles, Mill (Action and
    Victory) or an Estate that inherited an Action make it draw nothing."""
    me = Scripted(play_action=["Shanty Town", None])
    sc = scenario([me, nobuy()], kingdom=K("Nobles", "Mill"))
    if other == "Estate":
        sc.set_inheritance(0, "Pawn")
    sc.set_hand(0, ["Shanty Town", other]).set_deck(0, ["Silver", "Silver"])
    assert sc.play_turn(0) == 0


# ----------------------------------------------------------------------------- Steward
@pytest.mark.parametrize("mode,coins", [(0, 4), (1, 2)])
def test_steward_cards_or_coins(scenario, mode, coins):
    """Steward: +2 Cards (two Silvers drawn) or +$2: one choice."""
    me = Scripted(play_action=["Steward", None], steward_mode=[mode])
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Steward"]).set_deck(0, ["Silver", "Silver"])
    assert sc.play_turn(0) == coins


def test_steward_trashes_2_or_what_the_hand_holds(scenario):
    """INTRIGUE.md §3 Steward: trash 2 if you have 2, otherwise what you have; any option
    may be chosen with nothing to do (an empty hand: no question)."""
    me = Scripted(play_action=["Steward", None], steward_mode=[2],
                  steward_trash=["Estate", "Copper"])
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Steward", "Estate", "Copper", "Silver"])
    sc.play_turn(0)
    assert sc.trash() == {"Estate": 1, "Copper": 1}
    assert [v.hand for v in me.asked("steward_trash")][1] == {"Copper": 1, "Silver": 1}
    one = Scripted(play_action=["Steward", None], steward_mode=[2])
    sc = scenario([one, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Steward", "Curse"])
    sc.play_turn(0)
    assert sc.trash() == {"Curse": 1} and len(one.asked("steward_trash")) == 1
    none = Scripted(play_action=["Steward", None], steward_mode=[2])
    sc = scenario([none, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Steward"])
    sc.play_turn(0)
    assert sc.trash() == {} and none.asked("steward_trash") == []


# ----------------------------------------------------------------------------- Baron
def test_baron_discards_an_estate_for_4(scenario):
    """Baron: +1 Buy; discard an Estate for +$4 (no Estate gained)."""
    snap = Snap()
    me = Scripted(play_action=["Baron", None], baron_discard=[True], buy=snap)
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Baron", "Estate"])
    assert sc.play_turn(0) == 4 and snap.buys == 2
    assert sc.owned(0) == {"Baron": 1, "Estate": 1}
    assert [r[1] for r in events(sc, codes.EV_DISCARD, 0)] == ["Estate"]


def test_baron_declining_or_without_an_estate_gains_one(scenario):
    """INTRIGUE.md §3 Baron: choosing not to discard (or having no Estate) gains an Estate
    ([RB]: the gain is not optional)."""
    me = Scripted(play_action=["Baron", None], baron_discard=[False])
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Baron", "Estate"])
    assert sc.play_turn(0) == 0 and sc.owned(0)["Estate"] == 2
    none = Scripted(play_action=["Baron", None])
    sc = scenario([none, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Baron", "Copper"])
    sc.play_turn(0)
    assert none.asked("baron_discard") == [] and sc.owned(0)["Estate"] == 1


def test_baron_with_the_estate_pile_empty_gains_nothing(scenario):
    """INTRIGUE.md §3 Baron: if the Estate pile is empty, nothing is gained."""
    me = Scripted(play_action=["Baron", None])
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Baron"]).set_supply("Estate", 0)
    sc.play_turn(0)
    assert "Estate" not in sc.owned(0)


# ----------------------------------------------------------------------------- Bridge
def test_bridge_lowers_every_cost_by_1_per_play_never_below_0_this_turn(scenario):
    """INTRIGUE.md §3 Bridge: each play lowers costs by another $1 this turn (Throne Room on
    Bridge: $2, [RB]), for every card, never below $0, and it ends with the turn.  Events
    are not cards: Travelling Fair's price stays $2."""
    costs = []

    def look(view):
        if not costs:
            costs.append({n: view.cost(n) for n in ("Province", "Silver", "Copper", "Pawn",
                                                    "Travelling Fair")})
        return None

    me = Scripted(play_action=["Throne Room", None], throne_room=["Bridge"], buy=look)
    sc = adv_scenario([me, nobuy()], K("Throne Room", "Bridge", "Pawn"), EVENTS)
    sc.set_hand(0, ["Throne Room", "Bridge"])
    assert sc.play_turn(0) == 2
    assert costs[0] == {"Province": 6, "Silver": 1, "Copper": 0, "Pawn": 0,
                        "Travelling Fair": 2}
    assert int(sc.S[L.V + L.V_BRIDGES]) == 2 and _cost(sc, "Province") == 6
    sc.play_turn(1)
    assert _cost(sc, "Province") == 8 and _cost(sc, "Silver") == 3


def test_bridge_lets_the_player_buy_a_card_for_1_less(scenario):
    """Bridge: buying pays the lowered cost (a Gold for $5; $1 of $1 + 4 left)."""
    me = Scripted(play_action=["Bridge", None], buy=["Gold", None])
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Bridge", "Silver", "Silver"])
    assert sc.play_turn(0) == 5
    assert sc.owned(0)["Gold"] == 1


def test_bridge_stacks_with_bridge_troll_and_the_cost_token(scenario):
    """INTRIGUE.md §3 With Adventures: Bridge and Bridge Troll stack; the -$2 token on a
    pile stacks with both."""
    got = {}

    def look(view):
        if not got:
            got.update({n: view.cost(n) for n in ("Village", "Gold")})
        return None

    me = Scripted(play_action=["Bridge", None], buy=look)
    sc = scenario([me, nobuy()], kingdom=K("Bridge", "Bridge Troll", "Village"))
    sc.set_hand(0, ["Bridge"]).set_in_play(0, ["Bridge Troll"])
    sc.S[L.TOK_COST + 0] = card_id("Village") + 1
    sc.play_turn(0)
    assert got == {"Village": 0, "Gold": 4}
    sc.S[L.V + L.V_CUR] = 0
    sc.S[L.V + L.V_BRIDGES] = 1
    assert _cost(sc, "Gold") == 5 and _cost(sc, "Village") == 0


def test_ironworks_after_bridge_gains_a_card_costing_5(scenario):
    """INTRIGUE.md §3 Bridge: the reduction applies to gains too ([RB]: Village, Bridge,
    Workshop gains a Duchy); Ironworks's "up to $4" reads the lowered costs."""
    me = Scripted(play_action=["Village", "Bridge", "Ironworks", None],
                  ironworks_gain=["Duchy"])
    sc = scenario([me, nobuy()], kingdom=K("Village", "Bridge", "Ironworks"))
    sc.set_hand(0, ["Village", "Bridge", "Ironworks"]).set_deck(0, ["Copper"] * 3)
    sc.play_turn(0)
    assert sc.owned(0)["Duchy"] == 1
    assert me.asked("ironworks_gain")[0].hand == {"Copper": 1}     # Village's


# ----------------------------------------------------------------------------- Conspirator
def test_conspirator_draws_as_the_third_action_played(scenario):
    """Conspirator: +$2; with 3 or more Actions played this turn (counting this) +1 Card
    and +1 Action (checked once, when played)."""
    snap = Snap()
    me = Scripted(play_action=["Village", "Conspirator", "Conspirator", None],
                  play_treasure=[None], buy=snap)
    sc = scenario([me, nobuy()], kingdom=K("Village", "Conspirator"))
    sc.set_hand(0, ["Village", "Conspirator", "Conspirator"]).set_deck(
        0, ["Silver", "Copper", "Estate"])
    sc.play_turn(0)
    # Village draws Silver; the 1st Conspirator (2nd Action) draws nothing; the 2nd
    # (3rd Action) draws the Copper and gives an Action.
    assert snap.actions == 1 and snap.hand == {"Silver": 1, "Copper": 1}


def test_throne_room_conspirator_draws_on_its_second_play(scenario):
    """INTRIGUE.md §3 Conspirator: Throne Room and each play of the card played twice
    count (Throne Room + Conspirator: the second play draws)."""
    snap = Snap()
    me = Scripted(play_action=["Throne Room", None], throne_room=["Conspirator"],
                  play_treasure=[None], buy=snap)
    sc = scenario([me, nobuy()], kingdom=K("Throne Room", "Conspirator"))
    sc.set_hand(0, ["Throne Room", "Conspirator"]).set_deck(0, ["Gold", "Silver"])
    sc.play_turn(0)
    assert snap.hand == {"Gold": 1} and snap.actions == 1


def test_conspirator_counts_an_estate_playing_an_inherited_action(scenario):
    """INTRIGUE.md §3 With Adventures: an Estate playing an inherited Action counts for
    Conspirator."""
    snap = Snap()
    me = Scripted(play_action=["Estate", "Village", "Conspirator", None],
                  play_treasure=[None], buy=snap)
    sc = scenario([me, nobuy()], kingdom=K("Village", "Conspirator"))
    sc.set_inheritance(0, "Village")
    sc.set_hand(0, ["Estate", "Village", "Conspirator"]).set_deck(0, ["Copper"] * 4)
    sc.play_turn(0)
    assert snap.hand == {"Copper": 3}


def test_a_royal_carriage_replay_counts_for_conspirator(scenario):
    """Conspirator counts every resolution this turn: Royal Carriage's replay of it is the
    third Action (Village, Conspirator, its replay), which draws and gives an Action."""
    snap = Snap()
    me = Scripted(play_action=["Village", "Conspirator", None],
                  after_action=[None, "Royal Carriage"], play_treasure=[None], buy=snap)
    sc = scenario([me, nobuy()], kingdom=K("Village", "Conspirator", "Royal Carriage"))
    sc.set_hand(0, ["Village", "Conspirator"]).set_mat(0, ["Royal Carriage"]).set_deck(
        0, ["Silver", "Gold"])
    assert sc.play_turn(0) == 4
    assert snap.hand == {"Silver": 1, "Gold": 1} and snap.actions == 2


def test_durations_of_an_earlier_turn_do_not_count_for_conspirator(scenario):
    """INTRIGUE.md §3 Conspirator: Durations from a previous turn do not count (Amulet's
    start-of-turn effect is no Action played this turn)."""
    snap = Snap()
    me = Scripted(play_action=["Amulet", "Village", "Conspirator", None],
                  amulet_mode=[0, 0], play_treasure=[None, None])
    sc = scenario([me, nobuy()], kingdom=K("Amulet", "Village", "Conspirator"))
    sc.set_hand(0, ["Amulet"]).set_deck(0, ["Copper"] * 3 + ["Village", "Conspirator"]
                                        + ["Estate", "Gold"])
    sc.play_turn(0)
    me.script["buy"] = snap
    sc.play_turn(0)
    assert sc.S[L.V + L.V_ACTIONS_PLAYED] == 2
    assert snap.hand == {"Copper": 3, "Estate": 1} and snap.actions == 1


# ----------------------------------------------------------------------------- Ironworks
@pytest.mark.parametrize("gain,actions,coins,cards", [
    ("Silver", 0, 1, 0), ("Village", 1, 0, 0), ("Estate", 0, 0, 1), ("Mill", 1, 0, 1)])
def test_ironworks_bonuses_follow_the_gained_cards_types(scenario, gain, actions, coins,
                                                         cards):
    """INTRIGUE.md §3 Ironworks: the bonuses follow the gained card's types (Mill: +1
    Action and +1 Card)."""
    snap = Snap()
    me = Scripted(play_action=["Ironworks", None], ironworks_gain=[gain],
                  play_treasure=[None], buy=snap)
    sc = scenario([me, nobuy()], kingdom=K("Ironworks", "Village", "Mill"))
    sc.set_hand(0, ["Ironworks"]).set_deck(0, ["Gold"])
    assert sc.play_turn(0) == coins
    assert sc.owned(0)[gain] == 1 and snap.actions == actions
    assert snap.hand == ({"Gold": 1} if cards else {})


def test_ironworks_gaining_harem_after_two_bridges_gives_coin_and_card(scenario):
    """INTRIGUE.md §3 Ironworks: Harem is a Treasure and a Victory card: +$1 and +1 Card
    (Throne Room's two plays of Bridge bring it to $4)."""
    snap = Snap()
    me = Scripted(play_action=["Village", "Throne Room", "Ironworks", None],
                  throne_room=["Bridge"], ironworks_gain=["Harem"], play_treasure=[None],
                  buy=snap)
    sc = scenario([me, nobuy()], kingdom=K("Village", "Throne Room", "Bridge", "Ironworks",
                                           "Harem"))
    sc.set_hand(0, ["Village", "Throne Room", "Bridge", "Ironworks"]).set_deck(
        0, ["Copper", "Gold"])
    assert sc.play_turn(0) == 1 + 1 + 1
    assert sc.owned(0)["Harem"] == 1 and snap.hand == {"Copper": 1, "Gold": 1}


def test_ironworks_with_nothing_to_gain_gives_nothing(scenario):
    """INTRIGUE.md §3 Ironworks: nothing if nothing was gained."""
    me = Scripted(play_action=["Ironworks", None])
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Ironworks"])
    for c in range(N_CARDS):
        if sc.supply(c) and CARDS[c].cost <= 4:
            sc.set_supply(c, 0)
    assert sc.play_turn(0) == 0 and me.asked("ironworks_gain") == []


# ----------------------------------------------------------------------------- Mill
def test_mill_discards_2_for_2(scenario):
    """Mill: +1 Card +1 Action; discard 2 cards for +$2."""
    me = Scripted(play_action=["Mill", None], mill_discard=["Estate", "Curse"])
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Mill", "Estate", "Curse"]).set_deck(0, ["Copper"])
    assert sc.play_turn(0) == 2 + 1
    assert [e[1] for e in events(sc, codes.EV_DISCARD, 0)][:2] == ["Estate", "Curse"]


def test_mill_may_discard_its_one_card_for_nothing_or_decline(scenario):
    """INTRIGUE.md §3 Mill: you may choose to discard with one card in hand; +$2 only when
    2 were discarded ([RB][W])."""
    me = Scripted(play_action=["Mill", None], mill_discard=["Copper"], play_treasure=[None])
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Mill"]).set_deck(0, ["Copper"])
    assert sc.play_turn(0) == 0 and len(me.asked("mill_discard")) == 1
    no = Scripted(play_action=["Mill", None], mill_discard=[None])
    sc = scenario([no, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Mill", "Silver"]).set_deck(0, ["Copper"])
    assert sc.play_turn(0) == 3 and len(no.asked("mill_discard")) == 1


# ----------------------------------------------------------------------------- Mining Village
def test_mining_village_trashes_itself_for_2(scenario):
    """Mining Village: +1 Card, +2 Actions; you may trash this for +$2."""
    snap = Snap()
    me = Scripted(play_action=["Mining Village", None], mining_village_trash=[True],
                  play_treasure=[None], buy=snap)
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Mining Village"]).set_deck(0, ["Copper"])
    assert sc.play_turn(0) == 2 and sc.trash() == {"Mining Village": 1}
    assert snap.actions == 2


def test_throne_room_mining_village_trashes_it_once(scenario):
    """INTRIGUE.md §3 Mining Village: trashing needs it still in play: replayed by Throne
    Room, only one play can trash it (+$2 once, [RB])."""
    me = Scripted(play_action=["Throne Room", None], throne_room=["Mining Village"],
                  mining_village_trash=[True, True], play_treasure=[None])
    sc = scenario([me, nobuy()], kingdom=K("Throne Room", "Mining Village"))
    sc.set_hand(0, ["Throne Room", "Mining Village"]).set_deck(0, ["Estate", "Estate"])
    assert sc.play_turn(0) == 2
    assert len(me.asked("mining_village_trash")) == 1 and sc.trash() == {"Mining Village": 1}


def test_an_estate_inheriting_mining_village_trashes_the_estate(scenario):
    """INTRIGUE.md §3 With Adventures: an Estate playing Mining Village trashes the
    Estate."""
    me = Scripted(play_action=["Estate", None], mining_village_trash=[True],
                  play_treasure=[None])
    sc = scenario([me, nobuy()], kingdom=K("Mining Village"))
    sc.set_inheritance(0, "Mining Village")
    sc.set_hand(0, ["Estate"]).set_deck(0, ["Duchy"])
    assert sc.play_turn(0) == 2 and sc.trash() == {"Estate": 1}


# ----------------------------------------------------------------------------- Nobles, Duke, Harem
@pytest.mark.parametrize("mode,hand,actions", [(0, 3, 0), (1, 0, 2)])
def test_nobles_one_choice(scenario, mode, hand, actions):
    """INTRIGUE.md §3 Nobles: one choice (+3 Cards or +2 Actions); scores 2 VP."""
    snap = Snap()
    me = Scripted(play_action=["Nobles", None], nobles_mode=[mode], play_treasure=[None],
                  buy=snap)
    sc = scenario([me, nobuy()], kingdom=K("Nobles"))
    sc.set_hand(0, ["Nobles"]).set_deck(0, ["Estate"] * 3)
    sc.play_turn(0)
    assert sum(snap.hand.values()) == hand and snap.actions == actions
    assert sc.score(0) == 2 + 3


def test_duke_scores_a_vp_per_duchy_and_gardens_keeps_its_value(scenario):
    """INTRIGUE.md §3 Duke: 1 VP per Duchy the player has, any zone; Gardens: 1 VP per 10
    cards (round down), unchanged."""
    sc = scenario([nobuy(), nobuy()], kingdom=K("Duke", "Gardens"))
    sc.set_hand(0, ["Duke", "Duchy"]).set_deck(0, ["Duke", "Duchy"]).set_discard(
        0, ["Duchy", "Gardens"] + ["Copper"] * 14)
    # 3 Duchies (9) + 2 Dukes x 3 + Gardens (20 cards: 2).
    assert sc.score(0) == 9 + 6 + 2
    sc.set_hand(1, ["Duke"])
    assert sc.score(1) == 0


def test_a_hooks_score_reads_the_same_vp_rules(scenario):
    """Compiled hooks' score (sim.engine.hooks.score) counts Duke and Gardens from their
    declarations, as the engine's does."""
    from sim.engine.hooks import VIEW_SIZE, score

    sc = scenario([nobuy(), nobuy()], kingdom=K("Duke", "Gardens"))
    sc.set_hand(0, ["Duke", "Duke", "Duchy", "Gardens"] + ["Copper"] * 6)
    sc.set_hand(1, ["Duchy"])
    sc.S[L.V + L.V_DECIDER] = 0
    V = np.ascontiguousarray(sc.S[L.HOOK_VIEW:L.HOOK_VIEW + VIEW_SIZE])
    assert score(V, 0) == sc.score(0) == 3 + 2 + 1
    assert score(V, 1) == sc.score(1) == 3


def test_harem_is_a_2_treasure_worth_2_vp_and_a_victory_pile(scenario):
    """INTRIGUE.md §3 Harem: played as a $2 Treasure, scores 2 VP; a Victory card's pile
    (8 with 2 players, 12 with 3-4, §1), found by its later name Farm (§1)."""
    sc = scenario([nobuy(), nobuy()], kingdom=K("Harem"))
    sc.set_hand(0, ["Harem", "Copper"])
    assert sc.play_turn(0) == 3
    assert sc.score(0) == 2
    assert card_id("Farm") == card_id("Harem") == I.HAREM
    assert supply_sizes(2, (I.HAREM,))[I.HAREM] == 8 and supply_sizes(3, (I.HAREM,))[
        I.HAREM] == 12
    assert sc.supply("Harem") == 8


# ----------------------------------------------------------------------------- defaults
def test_the_rule_bots_defaults(scenario):
    """The declared defaults: Pawn takes +1 Action first with an Action waiting and none
    left, then +1 Card; Steward trashes 2 junk cards early; Courtyard puts back an Action
    it cannot play."""
    me = Scripted(base=nobuy("m", play=["Pawn", "Steward", "Courtyard"]))
    sc = scenario([me, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Pawn", "Steward", "Estate", "Estate", "Copper"]).set_deck(
        0, ["Copper"] * 5)
    sc.play_turn(0)
    assert sc.trash() == {"Estate": 2}
    rb = nobuy("m", play=["Courtyard"])
    sc = scenario([rb, nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Courtyard", "Baron"]).set_deck(0, ["Copper"] * 3)
    sc.play_turn(0)
    assert [r[1] for r in events(sc, codes.EV_TOPDECK, 0)] == ["Baron"]


def test_choose_rules_and_defaults_of_the_option_questions(scenario):
    """The rule language's Choose words name the options (Pawn: an option already chosen is
    skipped); without a rule the defaults: Pawn +1 Card then +$1 with no Action waiting;
    Nobles +2 Actions only with an Action waiting and none left; Mill discards only junk
    or pure Victory cards (and must discard its second); Mining Village is trashed when
    the $2 turn its buy into a Gold or a Province (Big Money Ultimate's list)."""
    b = RuleBot("c", "test", choose=[Choose("Pawn", "buy"), Choose("Pawn", "coin"),
                                     Choose("Steward", "trash"), Choose("Nobles", "actions"),
                                     Choose("Mining Village", "trash")])
    sc = scenario([b, nobuy()], kingdom=MINE)
    assert raw_answer(sc, D_PAWN, 0) == 2 and raw_answer(sc, D_PAWN, 1 << 2) == 3
    assert raw_answer(sc, D_STEWARD) == 2 and raw_answer(sc, D_NOBLES) == 1
    assert raw_answer(sc, D_MINING_VILLAGE) == 1
    sc = scenario([nobuy(), nobuy()], kingdom=MINE)
    sc.set_hand(0, ["Silver", "Gold"])
    sc.S[L.V + L.V_ACTIONS] = 0
    assert raw_answer(sc, D_PAWN, 0) == 0 and raw_answer(sc, D_PAWN, 1) == 3
    assert raw_answer(sc, D_NOBLES) == 0 and raw_answer(sc, D_MILL) == -1
    assert raw_answer(sc, D_MILL, 1) in (card_id("Silver"), card_id("Gold"))
    assert raw_answer(sc, D_MINING_VILLAGE) == 0 and raw_answer(sc, D_STEWARD) == 1
    bm = scenario([get_bot("bmu"), nobuy()], kingdom=MINE)
    bm.set_hand(0, ["Silver", "Silver"])
    assert raw_answer(bm, D_MINING_VILLAGE) == 1            # $4 -> $6: Gold
    bm.set_hand(0, ["Silver"])
    assert raw_answer(bm, D_MINING_VILLAGE) == 0            # $2 -> $4: Silver still
    bm.set_hand(0, ["Gold", "Gold"]).set_discard(0, ["Gold"] * 6)   # (money for Provinces)
    assert raw_answer(bm, D_MINING_VILLAGE) == 1            # $6 -> $8: Province
    sc.set_hand(0, ["Pawn", "Estate", "Curse", "Gold"])
    assert raw_answer(sc, D_PAWN, 0) == 1 and raw_answer(sc, D_NOBLES) == 1
    assert raw_answer(sc, D_MILL) in (card_id("Estate"), card_id("Curse"))
    assert raw_answer(sc, D_STEWARD) == 2


# ----------------------------------------------------------------------------- bots
KINGDOMS = [MINE, ["Nobles", "Duke", "Harem", "Throne Room", "Village", "Gardens",
                   "Bridge Troll", "Pawn", "Mill", "Conspirator"]]
KINGDOM_EVENTS = ["", "Travelling Fair,Alms"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_and_rule_bots_keep_every_invariant(n):
    """The invariants of tests/test_invariants_adventures, checked after every turn (every
    card conserved zone by zone), over random bots and rule bots buying these cards: every
    card of the set here ends up owned, and the games end."""
    from bots import get_bot
    from tests.test_invariants_adventures import card_bot, run_checked

    owned = np.zeros(N_CARDS, np.int64)
    games = 100
    for t, kingdom in enumerate(KINGDOMS):
        ids = tuple(card_id(c) for c in kingdom)
        evs = tuple(card_id(e) for e in KINGDOM_EVENTS[t].split(",") if e)
        rules = [card_bot(a, kingdom[(i + 3) % len(kingdom)]) for i, a in enumerate(kingdom)]
        rng = np.random.default_rng(10 * n + t)
        for bots, seat_bots in (
                ([get_bot("random")], np.zeros((games, n), np.int32)),
                (rules, rng.integers(0, len(rules), size=(games, n)).astype(np.int32))):
            seeds = np.arange(1000 * n + 100 * t, 1000 * n + 100 * t + games, dtype=np.uint64)
            out, fails, _ = run_checked(n, ids, evs, bots, seat_bots, seeds, owned)
            assert not fails[:, 0].any(), fails[fails[:, 0] != 0][:5]
    mine = [card_id(c) for c in MINE + ["Nobles", "Duke", "Harem"]]
    assert all(owned[c] for c in mine), [CARDS[c].name for c in mine if not owned[c]]


MY_QUESTIONS = (D_COURTYARD, D_PAWN, D_STEWARD, D_STEWARD_TRASH, D_BARON, D_IRONWORKS,
                D_MILL, D_MINING_VILLAGE, D_NOBLES)


def test_every_question_resumes_as_replayed_and_masked_as_the_engine_takes():
    """Random agents at every seat: each turn stopped at a question equals the turn
    replayed; at these cards' questions the engine takes exactly the masked answers and
    the random bot's draws reach them.  Every question of these cards is met."""
    from tests.test_decision_table import check_engine_and_mask, check_random_bot
    from tests.test_env_resume import _check_resumed_equals_replayed, _play
    from tests.turn_starts import RecordedGame

    met: dict[int, int] = {}
    for t, kingdom in enumerate(KINGDOMS):
        game = Game(kingdom=",".join(kingdom),
                    events=[e for e in KINGDOM_EVENTS[t].split(",") if e],
                    players=2, turn_cap=30)
        rng = np.random.default_rng(t)
        for seed in range(10):
            state, twin = game.new_initial_state(seed), RecordedGame(game, seed)
            while not state.is_terminal():
                _check_resumed_equals_replayed(state, twin)
                d = state.decision()[0]
                if d in MY_QUESTIONS and met.get(d, 0) < 4:
                    check_engine_and_mask(state)
                    check_random_bot(state, rng)
                met[d] = met.get(d, 0) + 1
                a = _play(state, rng)
                state.apply_action(a)
                twin.apply(a)
    missing = [codes.DECISION_NAMES[d] for d in MY_QUESTIONS if not met.get(d)]
    assert not missing, missing


def test_a_person_meets_these_cards_questions_at_the_human_seat(tmp_path):
    """A person at the human seat (sim.env.human: the questions' words and answers come
    from the records) buys and plays these cards against Big Money: the game ends, and
    its questions (Pawn's two options, Steward's, Baron's, Ironworks') are asked."""
    from tests.test_human_seat import _collector, _drive

    out, got, rc = _drive(["human", "big-money", "--seed", "2", "--kingdom", ",".join(MINE),
                           "--turn-cap", "40"], tmp_path, _collector(2, {}))
    assert rc == 0, out[-2000:]
    assert "Game over" in out
    asked = set(got)
    want = {codes.DECISION_NAMES[d] for d in (D_PAWN, D_STEWARD, D_BARON,
                                               D_IRONWORKS)}
    assert want <= asked, sorted(asked)
