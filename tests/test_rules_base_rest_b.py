"""Bureaucrat, Bandit, Sentry, Artisan and the reaction window, on exact situations
(RULES.md "The rest of the base game" and "Public and hidden information").

Each test empties every zone, sets the hands, draw piles (top first), discard piles and
supply it needs, plays one turn and checks where every card went, the log rows, and what
the Python bots saw (the :class:`sim.engine.callbacks.View` of each decision).  A turn ends
with Cleanup drawing 5, so what a card put on its player's deck is read from the View of a
later decision that turn (``known_deck_top``) and from Cleanup's draws.
"""

from __future__ import annotations

import numpy as np
import pytest

from bots import resolve_bot
from bots.python_bot import PythonBot
from bots.rules import Buy, RuleBot, count
from sim.cards import BUREAUCRAT, CARDS, MOAT, SENTRY, card_id
from sim.engine import layout as L
from sim.engine.batch import BotError, play_batch
from sim.engine.codes import (
    D_BUY,
    DISCARD_REVEALED,
    EV_CLEANUP,
    EV_DISCARD,
    EV_DRAW,
    EV_GAIN,
    EV_LOOK,
    EV_PLAY,
    EV_REVEAL,
    EV_REVEAL_CARD,
    EV_SHUFFLE,
    EV_TOPDECK,
    EV_TRASH,
)
from sim.engine.config import GameConfig
from sim.engine.program import F_REVEAL_MOAT
from sim.engine.rng import game_seeds
from sim.engine.zones import GAIN_TO_DECK, GAIN_TO_DISCARD, GAIN_TO_HAND
from tests.conftest import REST_KINGDOM, Scripted, check_consistent, events, log_rows, nobuy

K = REST_KINGDOM
# Every attack of the base game that Moat answers, with Moat.
ATTACKS = ["Militia", "Witch", "Bureaucrat", "Bandit", "Moat", "Sentry", "Artisan", "Library",
           "Village", "Smithy"]
REVEALED_FROM_HAND = 1
REVEALED_FROM_DECK = 0


def cleanup_draws(sc, p: int) -> list[str]:
    """Cards ``p`` drew for its next hand at the end of its last turn, in order."""
    rows = log_rows(sc)
    start = max(i for i, r in enumerate(rows) if r[0] == EV_CLEANUP and r[2] == p)
    return [CARDS[r[3]].name for r in rows[start + 1:] if r[0] == EV_DRAW and r[2] == p]


def only(views: list):
    assert len(views) == 1, f"asked {len(views)} times"
    return views[0]


def bought_view(bot: Scripted):
    """The View of the first buy decision (after the Action phase and Treasures)."""
    views = bot.asked("buy")
    assert views, "buy was never asked"
    return views[0]


# ============================================================================ Bureaucrat
def test_bureaucrat_gains_a_silver_onto_the_deck_known_to_its_owner(scenario):
    me = Scripted()
    sc = scenario([me, nobuy()], kingdom=K)
    silvers = sc.supply("Silver")
    sc.set_hand(0, ["Bureaucrat", "Copper"])
    sc.set_deck(0, ["Gold", "Gold", "Gold", "Gold", "Estate", "Duchy"])
    assert sc.play_turn(0) == 1
    v = bought_view(me)
    assert v.known_deck_top == ["Silver"] and v.draw_size == 7
    assert v.hand == {} and v.discard_size == 0          # not gained to the discard pile
    assert events(sc, EV_GAIN, 0) == [(0, "Silver", 1, GAIN_TO_DECK)]
    assert sc.supply("Silver") == silvers - 1
    assert cleanup_draws(sc, 0) == ["Silver", "Gold", "Gold", "Gold", "Gold"]
    assert sc.deck(0) == ["Estate", "Duchy"] and sc.known_deck_top(0) == []
    check_consistent(sc)


def test_bureaucrat_silver_goes_onto_an_empty_deck(scenario):
    me = Scripted()
    sc = scenario([me, nobuy()], kingdom=K)
    sc.set_hand(0, ["Bureaucrat"]).set_discard(0, ["Estate"] * 5)
    sc.play_turn(0)
    v = bought_view(me)
    assert v.known_deck_top == ["Silver"] and v.draw_size == 1
    assert cleanup_draws(sc, 0)[0] == "Silver"
    assert [e[1] for e in events(sc, EV_SHUFFLE, 0)] == [None]     # after the Silver is drawn


def test_bureaucrat_gains_nothing_when_the_silvers_are_gone(scenario):
    me = Scripted()
    them = Scripted("them")
    sc = scenario([me, them], kingdom=K)
    sc.set_supply("Silver", 0)
    sc.set_hand(0, ["Bureaucrat"]).set_deck(0, ["Copper"] * 6)
    sc.set_hand(1, ["Estate", "Copper"])
    sc.play_turn(0)
    v = bought_view(me)
    assert v.known_deck_top == [] and v.draw_size == 6
    assert events(sc, EV_GAIN) == [] and "Silver" not in sc.owned(0)
    # The attack still happens.
    assert sc.deck(1) == ["Estate"] and sc.hand(1) == {"Copper": 1}


def test_bureaucrat_attacked_player_puts_its_victory_card_onto_its_deck(scenario):
    them = Scripted("them")
    sc = scenario([nobuy(), them], kingdom=K)
    sc.set_hand(0, ["Bureaucrat"]).set_deck(0, ["Copper"] * 6)
    sc.set_hand(1, ["Copper", "Copper", "Estate", "Silver"])
    sc.set_deck(1, ["Gold", "Copper"])
    sc.play_turn(0)
    assert sc.hand(1) == {"Copper": 2, "Silver": 1}
    assert sc.deck(1) == ["Estate", "Gold", "Copper"]
    assert sc.known_deck_top(1) == ["Estate"]       # known to its owner; the rest is not
    assert events(sc, EV_REVEAL_CARD, 1) == [(1, "Estate", 1, REVEALED_FROM_HAND)]
    assert events(sc, EV_TOPDECK, 1) == [(1, "Estate", 1, BUREAUCRAT)]
    v = only(them.asked("bureaucrat_topdeck"))
    assert v.decision == "bureaucrat_topdeck" and v.player == 1
    assert v.hand == {"Copper": 2, "Estate": 1, "Silver": 1}
    assert v.known_deck_top == [] and v.set_aside == {} and v.discard is None
    # What the attacked player knows later: the Estate on top, nothing below it.
    sc.decide(1, D_BUY)
    later = them.asked("buy")[-1]
    assert later.known_deck_top == ["Estate"] and later.draw_size == 3
    check_consistent(sc)


@pytest.mark.parametrize("choice", ["Estate", "Duchy", "Province", "Gardens"])
def test_bureaucrat_attacked_player_chooses_which_victory_card(scenario, choice):
    them = Scripted("them", bureaucrat_topdeck=[choice])
    sc = scenario([nobuy(), them], kingdom=[c for c in K if c != "Moat"] + ["Gardens"])
    sc.set_hand(0, ["Bureaucrat"]).set_deck(0, ["Copper"] * 6)
    hand = ["Estate", "Duchy", "Province", "Gardens", "Copper"]
    sc.set_hand(1, hand)
    sc.play_turn(0)
    rest = {c: 1 for c in hand if c != choice}
    assert sc.hand(1) == rest and sc.deck(1) == [choice] and sc.known_deck_top(1) == [choice]
    assert events(sc, EV_REVEAL_CARD, 1) == [(1, choice, 1, REVEALED_FROM_HAND)]


def test_bureaucrat_default_rule_bot_puts_back_the_victory_card_it_would_discard_first(
        scenario):
    sc = scenario([nobuy(), nobuy("them", discard=["Estate"])], kingdom=K)
    sc.set_hand(0, ["Bureaucrat"]).set_deck(0, ["Copper"] * 6)
    sc.set_hand(1, ["Duchy", "Estate", "Province", "Copper"])
    sc.play_turn(0)
    assert sc.deck(1) == ["Estate"]
    sc = scenario([nobuy(), nobuy("them", discard=["Duchy", "Copper"])], kingdom=K)
    sc.set_hand(0, ["Bureaucrat"]).set_deck(0, ["Copper"] * 6)
    sc.set_hand(1, ["Duchy", "Estate", "Province", "Copper"])
    sc.play_turn(0)
    assert sc.deck(1) == ["Duchy"]


def test_bureaucrat_hand_without_victory_cards_is_revealed_and_kept(scenario):
    them = Scripted("them")
    sc = scenario([nobuy(), them], kingdom=K)
    sc.set_hand(0, ["Bureaucrat"]).set_deck(0, ["Copper"] * 6)
    hand = {"Copper": 2, "Silver": 1, "Curse": 1, "Library": 1}
    sc.set_hand(1, hand).set_deck(1, ["Gold"])
    sc.play_turn(0)
    assert sc.hand(1) == hand and sc.deck(1) == ["Gold"] and sc.known_deck_top(1) == []
    assert them.asked("bureaucrat_topdeck") == []
    shown = sorted(hand, key=card_id)
    assert events(sc, EV_REVEAL_CARD, 1) == [(1, c, hand[c], REVEALED_FROM_HAND) for c in shown]
    assert events(sc, EV_TOPDECK, 1) == []


def test_bureaucrat_against_an_empty_hand_does_nothing(scenario):
    them = Scripted("them")
    sc = scenario([nobuy(), them], kingdom=K)
    sc.set_hand(0, ["Bureaucrat"]).set_deck(0, ["Copper"] * 6)
    sc.set_deck(1, ["Estate"])
    sc.play_turn(0)
    assert events(sc, EV_REVEAL_CARD) == [] and them.calls == []
    assert sc.deck(1) == ["Estate"]


def test_bureaucrat_attacks_in_turn_order_from_the_left_with_four_players(scenario):
    bots = [nobuy("b0"), nobuy("b1"), nobuy("b2"), Scripted("b3", reveal_moat=[True])]
    sc = scenario(bots, kingdom=K)
    sc.set_hand(2, ["Bureaucrat"]).set_deck(2, ["Copper"] * 6)
    sc.set_hand(0, ["Estate", "Copper"])
    sc.set_hand(1, ["Duchy"])
    sc.set_hand(3, ["Moat", "Province"])
    sc.play_turn(2)
    assert [(p, c) for p, c, _, _ in events(sc, EV_REVEAL_CARD)] == [(0, "Estate"), (1, "Duchy")]
    assert [(p, c) for p, c, _, _ in events(sc, EV_TOPDECK)] == [(0, "Estate"), (1, "Duchy")]
    assert events(sc, EV_REVEAL) == [(3, "Moat", 1, 0)]
    assert sc.hand(3) == {"Moat": 1, "Province": 1} and sc.deck(3) == []
    assert sc.deck(0) == ["Estate"] and sc.deck(1) == ["Duchy"]
    # The log's order: player 3 reacts first, then 0 and 1.
    order = [r[2] for r in log_rows(sc) if r[0] in (EV_REVEAL, EV_TOPDECK)]
    assert order == [3, 0, 1]


def test_bureaucrat_with_three_players_attacks_both_others(scenario):
    sc = scenario([nobuy("b0"), nobuy("b1"), nobuy("b2")], kingdom=K)
    sc.set_hand(1, ["Bureaucrat"]).set_deck(1, ["Copper"] * 6)
    sc.set_hand(0, ["Estate", "Copper"]).set_hand(2, ["Copper"])
    sc.play_turn(1)
    assert [p for p, *_ in events(sc, EV_REVEAL_CARD)] == [2, 0]
    assert sc.deck(0) == ["Estate"] and sc.hand(2) == {"Copper": 1}


# ============================================================================ Bandit
def bandit_scenario(scenario, them, deck, discard=(), me=None, n_others=1, kingdom=K):
    me = me or nobuy()
    others = [them] + [nobuy(f"o{i}") for i in range(1, n_others)]
    sc = scenario([me, *others], kingdom=kingdom)
    sc.set_hand(0, ["Bandit"]).set_deck(0, ["Copper"] * 5)
    sc.set_deck(1, deck).set_discard(1, list(discard))
    return sc


def test_bandit_gains_a_gold_and_trashes_a_revealed_silver(scenario):
    sc = bandit_scenario(scenario, nobuy("them"), ["Silver", "Copper", "Province"])
    golds = sc.supply("Gold")
    sc.play_turn(0)
    assert events(sc, EV_GAIN, 0) == [(0, "Gold", 1, GAIN_TO_DISCARD)]
    assert sc.supply("Gold") == golds - 1 and sc.discard(0)["Gold"] == 1
    assert events(sc, EV_REVEAL_CARD, 1) == [(1, "Silver", 1, REVEALED_FROM_DECK),
                                             (1, "Copper", 1, REVEALED_FROM_DECK)]
    assert events(sc, EV_TRASH, 1) == [(1, "Silver", 1, 0)]
    assert events(sc, EV_DISCARD, 1) == [(1, "Copper", 1, DISCARD_REVEALED)]
    assert sc.trash() == {"Silver": 1} and sc.discard(1) == {"Copper": 1}
    assert sc.deck(1) == ["Province"] and sc.set_aside(1) == {}
    assert sc.discard_top(1) == "Copper"
    check_consistent(sc)


def test_bandit_gains_nothing_from_an_empty_gold_pile_and_still_attacks(scenario):
    sc = bandit_scenario(scenario, nobuy("them"), ["Gold", "Estate"])
    sc.set_supply("Gold", 0)
    sc.play_turn(0)
    assert events(sc, EV_GAIN) == [] and "Gold" not in sc.owned(0)
    assert sc.trash() == {"Gold": 1} and sc.discard(1) == {"Estate": 1}


@pytest.mark.parametrize("choice", ["Gold", "Silver"])
def test_bandit_attacked_player_chooses_between_two_treasures(scenario, choice):
    them = Scripted("them", bandit_trash=[choice])
    sc = bandit_scenario(scenario, them, ["Gold", "Silver", "Estate"])
    sc.play_turn(0)
    other = "Silver" if choice == "Gold" else "Gold"
    assert sc.trash() == {choice: 1} and sc.discard(1) == {other: 1}
    assert sc.deck(1) == ["Estate"]
    v = only(them.asked("bandit_trash"))
    assert v.decision == "bandit_trash" and v.player == 1
    assert v.set_aside == {"Gold": 1, "Silver": 1}      # the two revealed cards
    assert v.draw_size == 1 and v.known_deck_top == [] and v.discard is None
    assert v.arg in (card_id("Gold"), card_id("Silver"))


def test_bandit_default_rule_bot_loses_the_cheaper_treasure(scenario):
    sc = bandit_scenario(scenario, nobuy("them"), ["Gold", "Silver"])
    sc.play_turn(0)
    assert sc.trash() == {"Silver": 1} and sc.discard(1) == {"Gold": 1}


def test_bandit_two_silvers_one_trashed_one_discarded_without_a_question(scenario):
    them = Scripted("them")
    sc = bandit_scenario(scenario, them, ["Silver", "Silver", "Gold"])
    sc.play_turn(0)
    assert them.asked("bandit_trash") == []
    assert sc.trash() == {"Silver": 1} and sc.discard(1) == {"Silver": 1}
    assert sc.deck(1) == ["Gold"] and sc.owned(1) == {"Silver": 1, "Gold": 1}


@pytest.mark.parametrize("deck,trashed,discarded", [
    (["Copper", "Copper"], {}, {"Copper": 2}),
    (["Copper", "Estate"], {}, {"Copper": 1, "Estate": 1}),
    (["Copper", "Gold"], {"Gold": 1}, {"Copper": 1}),
    (["Gold", "Copper"], {"Gold": 1}, {"Copper": 1}),
    (["Estate", "Silver"], {"Silver": 1}, {"Estate": 1}),
    (["Bandit", "Province"], {}, {"Bandit": 1, "Province": 1}),
    (["Curse", "Duchy"], {}, {"Curse": 1, "Duchy": 1}),
])
def test_bandit_trashes_only_a_treasure_other_than_copper(scenario, deck, trashed, discarded):
    them = Scripted("them")
    sc = bandit_scenario(scenario, them, [*deck, "Gold"])
    sc.play_turn(0)
    assert sc.trash() == trashed and sc.discard(1) == discarded
    assert sc.deck(1) == ["Gold"] and them.asked("bandit_trash") == []
    assert len(events(sc, EV_DISCARD, 1)) == sum(discarded.values())


def test_bandit_shuffles_for_the_second_card(scenario):
    """One card in the deck: it is revealed, then the discard pile (only) is shuffled."""
    sc = bandit_scenario(scenario, nobuy("them"), ["Estate"], discard=["Gold"])
    sc.play_turn(0)
    rows = [(r[0], r[2]) for r in log_rows(sc) if r[2] == 1]
    assert rows[:3] == [(EV_REVEAL_CARD, 1), (EV_SHUFFLE, 1), (EV_REVEAL_CARD, 1)]
    assert [c for _, c, _, _ in events(sc, EV_REVEAL_CARD, 1)] == ["Estate", "Gold"]
    assert sc.trash() == {"Gold": 1} and sc.discard(1) == {"Estate": 1} and sc.deck(1) == []


def test_bandit_shuffles_an_empty_deck_first(scenario):
    sc = bandit_scenario(scenario, nobuy("them"), [], discard=["Silver", "Estate", "Copper"])
    sc.play_turn(0)
    assert events(sc, EV_SHUFFLE, 1) == [(1, None, 3, 0)]
    revealed = [c for _, c, _, _ in events(sc, EV_REVEAL_CARD, 1)]
    assert len(revealed) == 2 and sc.deck(1) == [c for c in ("Silver", "Estate", "Copper")
                                                 if c not in revealed]
    assert sc.trash() == ({"Silver": 1} if "Silver" in revealed else {})
    check_consistent(sc)


@pytest.mark.parametrize("card,trashed", [("Silver", {"Silver": 1}), ("Copper", {}),
                                          ("Estate", {})])
def test_bandit_with_one_card_left_reveals_only_it(scenario, card, trashed):
    sc = bandit_scenario(scenario, nobuy("them"), [card])
    sc.play_turn(0)
    assert [c for _, c, _, _ in events(sc, EV_REVEAL_CARD, 1)] == [card]
    assert sc.trash() == trashed
    assert sc.discard(1) == ({} if trashed else {card: 1}) and sc.deck(1) == []


def test_bandit_with_no_cards_reveals_nothing(scenario):
    sc = bandit_scenario(scenario, nobuy("them"), [])
    sc.play_turn(0)
    assert events(sc, EV_REVEAL_CARD) == [] and events(sc, EV_SHUFFLE, 1) == []
    assert sc.trash() == {} and events(sc, EV_GAIN, 0) == [(0, "Gold", 1, GAIN_TO_DISCARD)]


def test_bandit_attacks_in_turn_order_with_three_players(scenario):
    sc = bandit_scenario(scenario, nobuy("them"), ["Silver", "Copper"], n_others=2)
    sc.set_deck(2, ["Gold", "Estate"])
    sc.play_turn(0)
    assert [p for p, *_ in events(sc, EV_TRASH)] == [1, 2]
    assert sc.trash() == {"Silver": 1, "Gold": 1}


def test_bandit_does_not_reveal_the_attackers_own_deck(scenario):
    """The attacker's own deck is not revealed: only the others'."""
    sc = bandit_scenario(scenario, nobuy("them"), ["Copper", "Copper"])
    sc.play_turn(0)
    assert [p for p, *_ in events(sc, EV_REVEAL_CARD)] == [1, 1]


# ============================================================================ Sentry
def sentry_scenario(scenario, me, deck, discard=(), hand=("Sentry",)):
    sc = scenario([me, nobuy()], kingdom=K)
    sc.set_hand(0, list(hand)).set_deck(0, deck).set_discard(0, list(discard))
    return sc


def test_sentry_draws_a_card_gives_an_action_and_looks_at_the_next_two(scenario):
    me = Scripted()
    deck = ["Silver", "Gold", "Silver", "Copper", "Copper", "Copper", "Copper", "Copper"]
    sc = sentry_scenario(scenario, me, deck)
    assert sc.play_turn(0) == 2
    v = bought_view(me)
    assert v.actions == 1 and v.in_play == {"Sentry": 1, "Silver": 1}
    assert v.draw_size == 7 and v.known_deck_top == ["Gold", "Silver"]
    assert events(sc, EV_LOOK, 0) == [(0, "Gold", 1, SENTRY), (0, "Silver", 1, SENTRY)]
    # Nothing trashed or discarded: both go back, the Gold (kept last) on top.
    assert cleanup_draws(sc, 0) == ["Gold", "Silver", "Copper", "Copper", "Copper"]
    assert sc.trash() == {} and sc.discard(0) == {"Sentry": 1, "Silver": 1}


def test_sentry_gives_the_action_to_play_another_card(scenario):
    me = Scripted(sentry_trash=[None, None], sentry_discard=[None, None],
                  sentry_top=["Gold", "Silver"])
    sc = sentry_scenario(scenario, me, ["Sentry", "Gold", "Silver", "Copper", "Copper"] + [
        "Estate"] * 5)
    sc.play_turn(0)
    assert [c for _, c, _, _ in events(sc, EV_PLAY, 0)][:2] == ["Sentry", "Sentry"]


@pytest.mark.parametrize("top", ["Gold", "Estate"])
def test_sentry_puts_the_rest_back_in_the_chosen_order(scenario, top):
    me = Scripted(sentry_trash=[None], sentry_discard=[None], sentry_top=[top])
    deck = ["Copper", "Gold", "Estate", "Province", "Duchy", "Duchy", "Duchy"]
    sc = sentry_scenario(scenario, me, deck)
    sc.play_turn(0)
    under = "Estate" if top == "Gold" else "Gold"
    v = only(me.asked("sentry_top"))
    assert v.decision == "sentry_top" and v.set_aside == {"Gold": 1, "Estate": 1}
    assert v.known_deck_top == [] and v.draw_size == 4 and v.discard is None
    assert bought_view(me).known_deck_top == [top, under]
    assert events(sc, EV_TOPDECK, 0) == [(0, under, 1, SENTRY), (0, top, 1, SENTRY)]
    assert cleanup_draws(sc, 0) == [top, under, "Province", "Duchy", "Duchy"]


def test_sentry_trashes_and_discards_any_number(scenario):
    me = Scripted(sentry_trash=["Estate", None], sentry_discard=["Duchy"])
    sc = sentry_scenario(scenario, me, ["Copper", "Estate", "Duchy", "Silver"] + ["Copper"] * 5)
    sc.play_turn(0)
    trash_views = me.asked("sentry_trash")
    assert [v.set_aside for v in trash_views] == [{"Estate": 1, "Duchy": 1}, {"Duchy": 1}]
    assert [v.set_aside for v in me.asked("sentry_discard")] == [{"Duchy": 1}]
    assert all(v.decision == "sentry_trash" for v in trash_views)
    assert me.asked("sentry_top") == []
    assert sc.trash() == {"Estate": 1}
    assert events(sc, EV_DISCARD, 0) == [(0, "Duchy", 1, DISCARD_REVEALED)]
    assert bought_view(me).known_deck_top == []
    assert bought_view(me).discard_size == 1 and bought_view(me).draw_size == 6
    assert cleanup_draws(sc, 0)[0] == "Silver"


def test_sentry_may_trash_both(scenario):
    me = Scripted(sentry_trash=["Curse", "Estate"])
    sc = sentry_scenario(scenario, me, ["Copper", "Curse", "Estate", "Silver"] + ["Copper"] * 5)
    sc.play_turn(0)
    assert sc.trash() == {"Curse": 1, "Estate": 1}
    assert len(me.asked("sentry_trash")) == 2       # nothing left to ask about after that
    assert me.asked("sentry_discard") == [] and me.asked("sentry_top") == []
    assert "Curse" not in sc.owned(0)
    check_consistent(sc)


def test_sentry_may_discard_both(scenario):
    me = Scripted(sentry_trash=[None], sentry_discard=["Gold", "Gold"])
    sc = sentry_scenario(scenario, me, ["Copper", "Gold", "Gold"] + ["Copper"] * 5)
    sc.play_turn(0)
    assert sc.trash() == {}
    assert events(sc, EV_DISCARD, 0)[:2] == [(0, "Gold", 1, DISCARD_REVEALED)] * 2
    assert bought_view(me).discard_size == 2 and bought_view(me).known_deck_top == []


def test_sentry_two_copies_going_back_need_no_order(scenario):
    me = Scripted(sentry_trash=[None], sentry_discard=[None])
    sc = sentry_scenario(scenario, me, ["Copper", "Silver", "Silver"] + ["Estate"] * 5)
    sc.play_turn(0)
    assert me.asked("sentry_top") == []
    assert bought_view(me).known_deck_top == ["Silver", "Silver"]


def test_sentry_keeps_one_and_trashes_the_other(scenario):
    me = Scripted(sentry_trash=["Copper", None], sentry_discard=[None])
    sc = sentry_scenario(scenario, me, ["Silver", "Copper", "Gold"] + ["Estate"] * 5)
    sc.play_turn(0)
    assert me.asked("sentry_top") == [] and sc.trash() == {"Copper": 1}
    assert bought_view(me).known_deck_top == ["Gold"]
    assert cleanup_draws(sc, 0)[0] == "Gold"


def test_sentry_known_cards_are_only_those_put_back(scenario):
    """The order below the two looked-at cards stays hidden from their owner."""
    me = Scripted(sentry_trash=[None], sentry_discard=[None], sentry_top=["Gold"])
    sc = sentry_scenario(scenario, me, ["Copper", "Gold", "Silver", "Estate", "Duchy"])
    sc.play_turn(0)
    v = bought_view(me)
    assert v.known_deck_top == ["Gold", "Silver"] and v.draw_size == 4


def test_sentry_shuffles_when_the_deck_runs_out(scenario):
    """One card left after +1 Card: it is looked at, then the discard pile is shuffled."""
    me = Scripted(sentry_trash=[None], sentry_discard=[None])
    sc = sentry_scenario(scenario, me, ["Copper", "Gold"], discard=["Estate", "Estate"])
    sc.play_turn(0)
    assert [c for _, c, _, _ in events(sc, EV_LOOK, 0)] == ["Gold", "Estate"]
    assert events(sc, EV_SHUFFLE, 0)[0] == (0, None, 2, 0)
    v = bought_view(me)
    assert sorted(v.known_deck_top) == ["Estate", "Gold"] and v.draw_size == 3


def test_sentry_with_one_card_left_looks_at_it_only(scenario):
    me = Scripted(sentry_trash=[None], sentry_discard=[None])
    sc = sentry_scenario(scenario, me, ["Copper", "Gold"])
    sc.play_turn(0)
    assert events(sc, EV_LOOK, 0) == [(0, "Gold", 1, SENTRY)]
    assert [v.set_aside for v in me.asked("sentry_trash")] == [{"Gold": 1}]
    assert me.asked("sentry_top") == []
    assert bought_view(me).known_deck_top == ["Gold"]


def test_sentry_with_nothing_left_looks_at_nothing(scenario):
    me = Scripted()
    sc = sentry_scenario(scenario, me, ["Copper"])
    sc.play_turn(0)
    assert events(sc, EV_LOOK, 0) == []
    assert [m for m in me.methods() if m.startswith("sentry")] == []


@pytest.mark.parametrize("looked,trashed,discarded,back", [
    (["Estate", "Copper"], {"Estate": 1, "Copper": 1}, {}, []),
    (["Curse", "Gold"], {"Curse": 1}, {}, ["Gold"]),
    (["Duchy", "Silver"], {}, {"Duchy": 1}, ["Silver"]),
    (["Province", "Duchy"], {}, {"Province": 1, "Duchy": 1}, []),
    (["Silver", "Gold"], {}, {}, ["Gold", "Silver"]),      # the card discarded last on top
    (["Library", "Silver"], {}, {}, ["Library", "Silver"]),
])
def test_sentry_default_rule_bot(scenario, looked, trashed, discarded, back):
    """Trashes its trash list (Curse, Estate, Copper), discards Victory cards, keeps the
    rest with the card it would discard last on top."""
    me = Scripted()
    sc = sentry_scenario(scenario, me, ["Copper", *looked] + ["Silver"] * 5)
    sc.play_turn(0)
    assert sc.trash() == trashed
    assert sorted(c for _, c, _, x in events(sc, EV_DISCARD, 0)
                  if x == DISCARD_REVEALED) == sorted(discarded)
    assert bought_view(me).known_deck_top == back


def test_sentry_rule_bot_with_its_own_trash_list(scenario):
    me = Scripted(base=nobuy("me", trash=["Curse"]))
    sc = sentry_scenario(scenario, me, ["Copper", "Estate", "Copper", "Duchy"])
    sc.play_turn(0)
    assert sc.trash() == {}
    assert bought_view(me).known_deck_top == ["Copper"]
    assert events(sc, EV_DISCARD, 0) == [(0, "Estate", 1, DISCARD_REVEALED)]


# ============================================================================ Artisan
def artisan_scenario(scenario, me, hand=("Artisan", "Copper"), deck=("Estate",) * 6):
    sc = scenario([me, nobuy()], kingdom=K)
    sc.set_hand(0, list(hand)).set_deck(0, list(deck))
    return sc


def test_artisan_gains_to_hand_then_puts_a_card_onto_the_deck(scenario):
    me = Scripted(artisan_gain=["Silver"], artisan_topdeck=["Copper"])
    sc = artisan_scenario(scenario, me)
    assert sc.play_turn(0) == 2                      # the gained Silver is played
    g = only(me.asked("artisan_gain"))
    assert g.decision == "artisan_gain" and g.arg == 5 and g.hand == {"Copper": 1}
    t = only(me.asked("artisan_topdeck"))
    assert t.decision == "artisan_topdeck" and t.hand == {"Copper": 1, "Silver": 1}
    assert t.known_deck_top == [] and t.set_aside == {} and t.discard is None
    v = bought_view(me)
    assert v.known_deck_top == ["Copper"] and v.in_play == {"Artisan": 1, "Silver": 1}
    assert events(sc, EV_GAIN, 0) == [(0, "Silver", 1, GAIN_TO_HAND)]
    assert events(sc, EV_TOPDECK, 0) == [(0, "Copper", 1, card_id("Artisan"))]
    assert cleanup_draws(sc, 0)[0] == "Copper"
    check_consistent(sc)


def test_artisan_may_put_back_the_card_it_gained(scenario):
    me = Scripted(artisan_gain=["Duchy"], artisan_topdeck=["Duchy"])
    sc = artisan_scenario(scenario, me)
    assert sc.play_turn(0) == 1
    assert bought_view(me).known_deck_top == ["Duchy"]
    assert sc.owned(0)["Duchy"] == 1 and cleanup_draws(sc, 0)[0] == "Duchy"


@pytest.mark.parametrize("card", ["Duchy", "Library", "Sentry", "Bandit", "Silver", "Curse"])
def test_artisan_gains_anything_up_to_5(scenario, card):
    me = Scripted(artisan_gain=[card], artisan_topdeck=["Copper"])
    sc = artisan_scenario(scenario, me)
    left = sc.supply(card)
    sc.play_turn(0)
    assert sc.supply(card) == left - 1 and events(sc, EV_GAIN, 0)[0] == (0, card, 1,
                                                                           GAIN_TO_HAND)


@pytest.mark.parametrize("card", ["Gold", "Artisan", "Province"])
def test_artisan_cannot_gain_a_card_costing_more_than_5(scenario, card):
    sc = artisan_scenario(scenario, Scripted(artisan_gain=[card]))
    with pytest.raises(RuntimeError, match=f"deciding to gain with Artisan: {card} is not a "
                                           r"legal answer \(arg 5\); legal answers: .*Silver"):
        sc.play_turn(0)


def test_artisan_topdeck_is_mandatory(scenario):
    sc = artisan_scenario(scenario, Scripted(artisan_gain=["Silver"], artisan_topdeck=[None]))
    with pytest.raises(RuntimeError, match="deciding to put a card back with Artisan: None is "
                                           "not a legal answer"):
        sc.play_turn(0)


def test_artisan_topdeck_must_come_from_hand(scenario):
    sc = artisan_scenario(scenario, Scripted(artisan_gain=["Silver"],
                                             artisan_topdeck=["Gold"]))
    with pytest.raises(RuntimeError, match="deciding to put a card back with Artisan"):
        sc.play_turn(0)


def test_artisan_with_nothing_to_gain_still_puts_a_card_back(scenario):
    me = Scripted(artisan_topdeck=["Estate"])
    sc = artisan_scenario(scenario, me, hand=["Artisan", "Estate", "Copper"])
    for c in ("Copper", "Silver", "Estate", "Duchy", "Curse", *K):
        if c != "Artisan":
            sc.set_supply(c, 0)
    sc.play_turn(0)
    assert me.asked("artisan_gain") == [] and events(sc, EV_GAIN) == []
    assert bought_view(me).known_deck_top == ["Estate"]


def test_artisan_with_nothing_to_gain_and_an_empty_hand_does_nothing(scenario):
    me = Scripted()
    sc = artisan_scenario(scenario, me, hand=["Artisan"])
    for c in ("Copper", "Silver", "Estate", "Duchy", "Curse", *K):
        if c != "Artisan":
            sc.set_supply(c, 0)
    sc.play_turn(0)
    assert [m for m in me.methods() if m.startswith("artisan")] == []


def test_artisan_default_rule_bot(scenario):
    """Gains the costliest Treasure it can (no gain or buy list), puts back the cheapest
    Treasure in hand."""
    me = Scripted()
    sc = artisan_scenario(scenario, me, hand=["Artisan", "Copper", "Estate"])
    sc.play_turn(0)
    assert events(sc, EV_GAIN, 0) == [(0, "Silver", 1, GAIN_TO_HAND)]
    assert bought_view(me).known_deck_top == ["Copper"]


def test_artisan_default_rule_bot_puts_back_an_action_it_cannot_play(scenario):
    me = Scripted(base=nobuy("me", gain=["Duchy"], play=["Artisan"]))
    sc = artisan_scenario(scenario, me, hand=["Artisan", "Library", "Gold"])
    sc.play_turn(0)
    assert events(sc, EV_GAIN, 0) == [(0, "Duchy", 1, GAIN_TO_HAND)]
    assert bought_view(me).known_deck_top == ["Library"]


# ============================================================================ known cards stack
def test_cards_put_onto_the_deck_stay_known_under_later_ones(scenario):
    """Sentry puts two back, then Artisan puts one on them: the player knows all three."""
    me = Scripted(sentry_trash=[None], sentry_discard=[None], sentry_top=["Gold"],
                  artisan_gain=["Silver"], artisan_topdeck=["Copper"])
    sc = scenario([me, nobuy()], kingdom=K)
    sc.set_hand(0, ["Sentry", "Artisan", "Copper"])
    sc.set_deck(0, ["Estate", "Gold", "Silver", "Duchy", "Duchy", "Duchy"])
    sc.play_turn(0)
    assert [c for _, c, _, _ in events(sc, EV_PLAY, 0)][:2] == ["Sentry", "Artisan"]
    assert only(me.asked("artisan_topdeck")).known_deck_top == ["Gold", "Silver"]
    assert bought_view(me).known_deck_top == ["Copper", "Gold", "Silver"]
    assert cleanup_draws(sc, 0) == ["Copper", "Gold", "Silver", "Duchy", "Duchy"]


def test_throne_room_bureaucrat_two_silvers_and_two_victory_cards_known(scenario):
    me = Scripted()
    them = Scripted("them", bureaucrat_topdeck=["Estate", "Duchy"])
    sc = scenario([me, them], kingdom=K)
    sc.set_hand(0, ["Throne Room", "Bureaucrat"]).set_deck(0, ["Copper"] * 6)
    sc.set_hand(1, ["Estate", "Duchy", "Copper"]).set_deck(1, ["Gold"])
    sc.play_turn(0)
    assert bought_view(me).known_deck_top == ["Silver", "Silver"]
    assert sc.deck(1) == ["Duchy", "Estate", "Gold"]
    assert sc.known_deck_top(1) == ["Duchy", "Estate"]
    assert [v.hand for v in them.asked("bureaucrat_topdeck")] == [
        {"Estate": 1, "Duchy": 1, "Copper": 1}, {"Duchy": 1, "Copper": 1}]
    # The second attack finds only Copper: revealed, nothing put back.
    sc.set_hand(0, ["Throne Room", "Bureaucrat"])
    sc.set_hand(1, ["Copper", "Province"])
    sc.play_turn(0)
    assert [(c, x) for _, c, _, x in events(sc, EV_REVEAL_CARD, 1)][-2:] == [
        ("Province", REVEALED_FROM_HAND), ("Copper", REVEALED_FROM_HAND)]


def test_a_known_card_revealed_by_bandit_is_no_longer_known(scenario):
    """Bureaucrat puts an Estate on the victim's deck (known to it); Bandit then reveals it
    and the card below, and the victim knows nothing of what is left."""
    sc = scenario([nobuy("me"), nobuy("them")], kingdom=K)
    sc.set_hand(0, ["Bureaucrat"]).set_deck(0, ["Copper"] * 12)
    sc.set_hand(1, ["Estate", "Copper"]).set_deck(1, ["Gold", "Silver", "Copper"])
    sc.play_turn(0)
    assert sc.known_deck_top(1) == ["Estate"]
    sc.set_hand(0, ["Bandit"])
    sc.play_turn(0)
    assert [c for _, c, _, _ in events(sc, EV_REVEAL_CARD, 1)][-2:] == ["Estate", "Gold"]
    assert sc.trash() == {"Gold": 1} and sc.deck(1) == ["Silver", "Copper"]
    assert sc.known_deck_top(1) == []


def test_throne_room_attack_opens_the_reaction_window_each_time(scenario):
    them = Scripted("them", reveal_moat=[True, False])
    sc = scenario([nobuy("me"), them], kingdom=K)
    sc.set_hand(0, ["Throne Room", "Bandit"]).set_deck(0, ["Copper"] * 6)
    sc.set_hand(1, ["Moat"]).set_deck(1, ["Gold", "Silver", "Copper"])
    sc.play_turn(0)
    assert len(them.asked("reveal_moat")) == 2
    assert events(sc, EV_REVEAL) == [(1, "Moat", 1, 0)]
    assert sc.owned(0)["Gold"] == 2                  # both plays gain a Gold
    # Blocked the first time; the second reveals Gold and Silver, loses the Silver.
    assert sc.trash() == {"Silver": 1} and sc.discard(1) == {"Gold": 1}
    assert sc.deck(1) == ["Copper"]


# ============================================================================ reaction window
def attack_turn(scenario, attack, reveal):
    them = Scripted("them", reveal_moat=[reveal])
    sc = scenario([nobuy("me"), them], kingdom=ATTACKS)
    sc.set_hand(0, [attack]).set_deck(0, ["Copper"] * 8)
    sc.set_hand(1, ["Moat", "Estate", "Estate", "Copper", "Silver"])
    sc.set_deck(1, ["Gold", "Silver", "Copper"])
    sc.play_turn(0)
    return sc, them


ATTACKED_HAND = {"Moat": 1, "Estate": 2, "Copper": 1, "Silver": 1}


@pytest.mark.parametrize("attack", ["Militia", "Witch", "Bureaucrat", "Bandit"])
def test_moat_revealed_blocks_every_attack(scenario, attack):
    sc, them = attack_turn(scenario, attack, True)
    assert len(them.asked("reveal_moat")) == 1
    assert events(sc, EV_REVEAL) == [(1, "Moat", 1, 0)]
    assert sc.hand(1) == ATTACKED_HAND and sc.deck(1) == ["Gold", "Silver", "Copper"]
    assert sc.discard(1) == {} and sc.trash() == {} and "Curse" not in sc.owned(1)
    assert [m for m in them.methods() if m != "reveal_moat"] == []
    check_consistent(sc)


@pytest.mark.parametrize("attack,hand,deck,trash", [
    ("Militia", {"Moat": 1, "Copper": 1, "Silver": 1}, ["Gold", "Silver", "Copper"], {}),
    ("Witch", ATTACKED_HAND, ["Gold", "Silver", "Copper"], {}),
    ("Bureaucrat", {"Moat": 1, "Estate": 1, "Copper": 1, "Silver": 1},
     ["Estate", "Gold", "Silver", "Copper"], {}),
    ("Bandit", ATTACKED_HAND, ["Copper"], {"Silver": 1}),
])
def test_moat_not_revealed_the_attack_happens(scenario, attack, hand, deck, trash):
    sc, them = attack_turn(scenario, attack, False)
    assert events(sc, EV_REVEAL) == []
    assert sc.hand(1) == hand and sc.deck(1) == deck and sc.trash() == trash
    assert ("Curse" in sc.owned(1)) == (attack == "Witch")


@pytest.mark.parametrize("attack", ["Militia", "Witch", "Bureaucrat", "Bandit"])
def test_the_default_rule_bot_reveals_moat(scenario, attack):
    sc = scenario([nobuy("me"), nobuy("them")], kingdom=ATTACKS)
    sc.set_hand(0, [attack]).set_deck(0, ["Copper"] * 8)
    sc.set_hand(1, ["Moat", "Estate", "Estate", "Copper", "Silver"])
    sc.set_deck(1, ["Gold", "Silver"])
    sc.play_turn(0)
    assert events(sc, EV_REVEAL) == [(1, "Moat", 1, 0)]
    assert sc.hand(1) == ATTACKED_HAND and sc.deck(1) == ["Gold", "Silver"]


@pytest.mark.parametrize("attack", ["Militia", "Witch", "Bureaucrat", "Bandit"])
def test_moat_in_the_attackers_own_hand_does_nothing(scenario, attack):
    me = Scripted("me", base=nobuy("me", play=[attack]), reveal_moat=[True])
    sc = scenario([me, nobuy("them", reveal_moat=False)], kingdom=ATTACKS)
    sc.set_hand(0, [attack, "Moat"]).set_deck(0, ["Copper"] * 8)
    sc.set_hand(1, ["Estate", "Estate", "Copper", "Copper", "Silver"])
    sc.set_deck(1, ["Gold", "Silver"])
    sc.play_turn(0)
    assert me.asked("reveal_moat") == [] and events(sc, EV_REVEAL) == []
    # The other player is attacked.
    attacked = {"Militia": lambda: sc.discard(1) == {"Estate": 2},
                "Witch": lambda: sc.owned(1).get("Curse") == 1,
                "Bureaucrat": lambda: sc.deck(1) == ["Estate", "Gold", "Silver"],
                "Bandit": lambda: sc.trash() == {"Silver": 1}}
    assert attacked[attack]()


def test_only_the_moat_holder_is_unaffected(scenario):
    them = Scripted("them", reveal_moat=[True])
    sc = scenario([nobuy("me"), them, nobuy("third")], kingdom=ATTACKS)
    sc.set_hand(0, ["Bandit"]).set_deck(0, ["Copper"] * 8)
    sc.set_hand(1, ["Moat"]).set_deck(1, ["Gold", "Gold"])
    sc.set_deck(2, ["Gold", "Gold"])
    sc.play_turn(0)
    assert sc.deck(1) == ["Gold", "Gold"] and sc.trash() == {"Gold": 1}
    assert sc.discard(2) == {"Gold": 1}


@pytest.mark.parametrize("attack", ["Militia", "Witch", "Bureaucrat", "Bandit"])
def test_an_answer_other_than_yes_or_no_to_reveal_moat_is_an_error(scenario, attack):
    """As for every yes/no decision: a program or compiled hook answering, say, Moat's card
    id is refused, not read as "no"."""
    sc = scenario([nobuy("me"), nobuy("them")], kingdom=ATTACKS)
    sc.P[1, L.PF_FLAGS + F_REVEAL_MOAT] = card_id("Moat")
    sc.set_hand(0, [attack]).set_deck(0, ["Copper"] * 8)
    sc.set_hand(1, ["Moat", "Estate", "Estate", "Copper", "Silver"])
    with pytest.raises(RuntimeError, match=rf"seat 1 \('them'\) deciding to reveal Moat: "
                                           rf"{MOAT} is not a legal answer \(arg -?\d+\); "
                                           "legal answers: True, False$"):
        sc.play_turn(0)


# ============================================================================ random bot
def _random_runs(scenario, setup, seeds=range(24)):
    played = 0
    for seed in seeds:
        sc = scenario(["random", "random"], kingdom=ATTACKS if setup.attacks else K, seed=seed)
        setup(sc)
        total = sc.total_cards()
        sc.play_turn(0)           # raises on an illegal answer
        assert sc.total_cards() == total
        check_consistent(sc)
        played += any(c == setup.card for _, c, _, _ in events(sc, EV_PLAY, 0))
    return played


def _setup(card, attacks=False):
    def wrap(f):
        f.card = card
        f.attacks = attacks
        return f
    return wrap


@_setup("Sentry")
def _sentry_random(sc):
    sc.set_hand(0, ["Sentry"]).set_deck(0, ["Copper", "Gold", "Estate"]).set_discard(
        0, ["Curse", "Silver", "Silver"])


@_setup("Artisan")
def _artisan_random(sc):
    sc.set_hand(0, ["Artisan", "Copper", "Estate"]).set_deck(0, ["Silver"] * 6)


@_setup("Bureaucrat", attacks=True)
def _bureaucrat_random(sc):
    sc.set_hand(0, ["Bureaucrat"]).set_deck(0, ["Copper"] * 6)
    sc.set_hand(1, ["Moat", "Estate", "Duchy", "Province", "Copper"])


@_setup("Bandit", attacks=True)
def _bandit_random(sc):
    sc.set_hand(0, ["Bandit"]).set_deck(0, ["Copper"] * 6)
    sc.set_hand(1, ["Moat"]).set_deck(1, ["Gold", "Silver", "Estate"])


@pytest.mark.parametrize("setup", [_sentry_random, _artisan_random, _bureaucrat_random,
                                   _bandit_random], ids=lambda s: s.card)
def test_the_random_bot_answers_legally(scenario, setup):
    assert _random_runs(scenario, setup) >= 4      # it played the card in several seeds


def test_the_random_bot_picks_either_treasure_for_bandit(scenario):
    trashed = set()
    for seed in range(24):
        sc = scenario([nobuy("me"), "random"], kingdom=K, seed=seed)
        sc.set_hand(0, ["Bandit"]).set_deck(0, ["Copper"] * 6)
        sc.set_deck(1, ["Gold", "Silver", "Estate"])
        sc.play_turn(0)
        (card,) = sc.trash()
        trashed.add(card)
        assert sum(sc.discard(1).values()) == 1 and card not in sc.discard(1)
    assert trashed == {"Gold", "Silver"}


# ============================================================================ Python bots' errors
class _Answers(PythonBot):
    """A Python bot that plays the rest of the base set and answers one decision badly."""

    fallback = RuleBot("rest-bm", "buys the four cards under test",
                       buy=["Province", Buy("Artisan", count("Artisan") < 1),
                            Buy("Bandit", count("Bandit") < 2), "Gold",
                            Buy("Sentry", count("Sentry") < 2),
                            Buy("Bureaucrat", count("Bureaucrat") < 2), "Silver"])


def _batch(bot, other, games=30):
    seeds = np.arange(1, games + 1, dtype=np.uint64)
    seats = np.tile(np.array([[0, 1], [1, 0]], np.int32), (games // 2, 1))
    return play_batch(GameConfig(kingdom=tuple(K)), [bot, resolve_bot(other)], seats, seeds,
                      np.zeros(games, np.int8))


def _bad(method, answer):
    def m(self, view):
        return answer
    return type(f"Bad{method}", (_Answers,), {"name": f"bad-{method.replace('_', '-')}",
                                             method: m})()


@pytest.mark.parametrize("method,answer,decision,card", [
    ("bureaucrat_topdeck", "Curse", "put a Victory card back (Bureaucrat)", "Curse"),
    ("bandit_trash", "Copper", "trash to Bandit", "Copper"),
    ("sentry_trash", "Province", "trash with Sentry", "Province"),
    ("sentry_discard", "Province", "discard with Sentry", "Province"),
    ("sentry_top", None, "order the cards Sentry puts back", "nothing"),
    ("artisan_gain", "Gold", "gain with Artisan", "Gold"),
    ("artisan_topdeck", None, "put a card back with Artisan", "nothing"),
])
def test_an_illegal_python_answer_names_bot_decision_and_card(method, answer, decision, card):
    bot = _bad(method, answer)
    with pytest.raises(BotError) as info:
        _batch(bot, _Answers.fallback)
    err = info.value
    assert (err.bot, err.decision, err.card) == (bot.name, decision, card)
    assert bot.name in str(err) and decision in str(err) and card in str(err)


def test_a_python_answer_of_the_wrong_kind_names_bot_and_method():
    bot = _bad("sentry_top", True)
    with pytest.raises(BotError, match=r"bad-sentry-top: sentry_top answered True"):
        _batch(bot, _Answers.fallback)


def test_python_bots_and_rule_bots_play_the_same_games_on_defaults():
    """A Python bot that always answers DEFAULT plays exactly like its rule program."""
    a = _batch(_Answers(), _Answers.fallback, games=20)
    b = _batch(_Answers.fallback, _Answers.fallback, games=20)
    np.testing.assert_array_equal(a.score, b.score)
    np.testing.assert_array_equal(a.game, b.game)


# ============================================================================ views over many turns
LOOKING = {"bandit_trash", "sentry_trash", "sentry_discard", "sentry_top", "library_set_aside"}


class Watcher(Scripted):
    """Records, with every View, the true draw pile and discard pile at that moment."""

    def __init__(self, name, base):
        super().__init__(name, base=base)
        self.sc = None
        self.truth: list[tuple[str, object, list[str], dict[str, int]]] = []

    def _answer(self, method, view):
        p = view.player
        self.truth.append((method, view, self.sc.deck(p), self.sc.discard(p)))
        return super()._answer(method, view)


REST_BUYER = RuleBot("rest-buyer", "buys one of each card of the rest of the base set",
                     buy=["Province", Buy("Artisan", count("Artisan") < 1), "Gold",
                          *[Buy(c, count(c) < 1) for c in ("Sentry", "Bandit", "Library",
                                                            "Bureaucrat", "Throne Room",
                                                            "Poacher", "Harbinger", "Vassal",
                                                            "Moat")],
                          "Silver"])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_views_show_the_true_known_deck_top_and_nothing_hidden(scenario, seed):
    """Over many turns of the rest of the base set: a View's known_deck_top is the real top
    of its draw pile, its discard pile is shown only to Harbinger, and set_aside holds cards
    only while Bandit, Sentry or Library asks about them."""
    bots = [Watcher("w0", REST_BUYER), Watcher("w1", REST_BUYER), "random"]
    sc = scenario(bots, kingdom=K, empty=False, seed=seed)
    for b in bots[:2]:
        b.sc = sc
    total = sc.total_cards()
    for turn in range(60):
        sc.play_turn(turn % 3)
        assert sc.total_cards() == total
        check_consistent(sc)
    seen = [t for b in bots[:2] for t in b.truth]
    known = [t for t in seen if t[1].known_deck_top]
    assert len(known) >= 10, "too few decisions with a known deck top to mean anything"
    for method, v, deck, discard in seen:
        assert v.decision == method
        assert v.draw_size == len(deck)
        assert deck[:len(v.known_deck_top)] == v.known_deck_top
        assert v.discard == (discard if method == "harbinger_topdeck" else None)
        if method not in LOOKING:
            assert v.set_aside == {}, method
    methods = {t[0] for t in seen}
    assert {"sentry_trash", "artisan_gain", "artisan_topdeck"} <= methods


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_and_rule_bots_answer_legally_over_many_games(n):
    """Whole games of the rest of the base set, random bots and rule bots mixed in random
    seats: the engine refuses any illegal answer, so finishing them all is the check."""
    games = 5000
    seats = np.random.default_rng(n).integers(0, 2, size=(games, n)).astype(np.int32)
    res = play_batch(GameConfig(n_players=n, kingdom=tuple(K)), [resolve_bot("random"),
                     REST_BUYER], seats, game_seeds(70 + n, 0, games))
    assert len(res.score) == games
