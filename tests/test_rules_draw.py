"""Drawing and shuffling (RULES.md, "Drawing and shuffling").

Only the discard pile is shuffled, and only when a draw finds the draw pile empty; the
hand and the cards in play never join the new draw pile; with both piles empty a draw
takes what there is; the draw pile running out does not shuffle by itself.
"""

from __future__ import annotations

from collections import Counter

import pytest

from sim.cards import CARDS, card_id
from sim.engine import layout as L
from sim.engine.codes import EV_CLEANUP, EV_COINS, EV_DRAW, EV_SHUFFLE
from tests.conftest import Scripted, check_consistent, events, log_rows, nobuy


def test_draw_takes_from_the_top(scenario):
    sc = scenario([nobuy(), nobuy()])
    sc.set_deck(0, ["Gold", "Silver", "Copper", "Estate"])
    assert sc.draw(0, 2) == 2
    assert sc.hand(0) == {"Gold": 1, "Silver": 1}
    assert sc.deck(0) == ["Copper", "Estate"]
    assert events(sc, EV_DRAW) == [(0, "Gold", 1, 0), (0, "Silver", 1, 0)]
    assert events(sc, EV_SHUFFLE) == []


def test_running_out_does_not_shuffle(scenario):
    sc = scenario([nobuy(), nobuy()])
    sc.set_deck(0, ["Gold", "Gold"]).set_discard(0, ["Silver", "Silver", "Silver"])
    assert sc.draw(0, 2) == 2
    assert sc.deck(0) == [] and sc.discard(0) == {"Silver": 3}
    assert events(sc, EV_SHUFFLE) == []
    # Only the next draw shuffles.
    assert sc.draw(0, 1) == 1
    assert events(sc, EV_SHUFFLE) == [(0, None, 3, 0)]
    assert sc.hand(0) == {"Gold": 2, "Silver": 1}
    assert sc.deck(0) == ["Silver", "Silver"] and sc.discard(0) == {}


def test_shuffle_only_the_discard_pile_not_hand_or_play(scenario):
    sc = scenario([nobuy(), nobuy()])
    sc.set_hand(0, ["Province", "Province"]).set_in_play(0, ["Smithy", "Copper"])
    sc.set_deck(0, ["Gold"]).set_discard(0, ["Silver", "Silver", "Silver"])
    assert sc.draw(0, 3) == 3
    assert sc.hand(0) == {"Province": 2, "Gold": 1, "Silver": 2}
    assert sc.in_play(0) == {"Smithy": 1, "Copper": 1}
    assert sc.deck(0) == ["Silver"] and sc.discard(0) == {}
    assert events(sc, EV_SHUFFLE) == [(0, None, 3, 0)]
    check_consistent(sc)


def test_mixed_discard_is_shuffled_as_a_whole(scenario):
    sc = scenario([nobuy(), nobuy()])
    discard = {"Silver": 2, "Gold": 1, "Estate": 3, "Curse": 1}
    sc.set_hand(0, ["Province"]).set_discard(0, discard)
    assert sc.draw(0, 4) == 4
    drawn = Counter(sc.hand(0))
    drawn["Province"] -= 1
    assert drawn + Counter(sc.deck(0)) == Counter(discard)
    assert len(sc.deck(0)) == 3 and sc.hand(0)["Province"] == 1


@pytest.mark.parametrize("deck,discard,want,got", [([], [], 3, 0), (["Gold"], [], 3, 1),
                                                  ([], ["Silver"], 5, 1),
                                                  (["Gold"], ["Silver"], 5, 2)])
def test_draw_what_you_can_when_both_piles_are_empty(scenario, deck, discard, want, got):
    sc = scenario([nobuy(), nobuy()])
    sc.set_hand(0, ["Estate"]).set_deck(0, deck).set_discard(0, discard)
    assert sc.draw(0, want) == got
    assert sc.hand(0) == dict(Counter(["Estate", *deck, *discard]))
    assert sc.deck(0) == [] and sc.discard(0) == {}
    assert len(events(sc, EV_SHUFFLE)) == (1 if discard else 0)


def test_shuffle_order_is_random_but_seeded(scenario):
    """Different seeds give different orders of the same discard; one seed gives one."""
    orders = set()
    for seed in range(12):
        sc = scenario([nobuy(), nobuy()], seed=seed)
        sc.set_discard(0, {"Copper": 3, "Silver": 3, "Gold": 3})
        sc.draw(0, 1)
        orders.add(tuple(sc.deck(0)))
        again = scenario([nobuy(), nobuy()], seed=seed)
        again.set_discard(0, {"Copper": 3, "Silver": 3, "Gold": 3})
        again.draw(0, 1)
        assert sc.deck(0) == again.deck(0) and sc.hand(0) == again.hand(0)
    assert len(orders) > 6


def test_smithy_mid_turn_shuffle_leaves_hand_and_play_out(scenario):
    """Smithy with one card left: draw it, shuffle the discard only (3 cards: not the
    Estates in hand, not the Smithy in play), draw 2.  Cleanup then discards everything
    and needs a second shuffle, of all 8 discarded cards."""
    me = Scripted(base=nobuy("s", play=["Smithy"]))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Smithy", "Estate", "Estate", "Estate", "Estate"])
    sc.set_deck(0, ["Copper"]).set_discard(0, ["Silver", "Silver", "Silver"])
    assert sc.play_turn(0) == 1 + 2 + 2
    buy = me.asked("buy")[0]
    assert buy.hand == {"Estate": 4} and buy.draw_size == 1 and buy.discard_size == 0
    assert [k for _, _, k, _ in events(sc, EV_SHUFFLE)] == [3, 8]
    assert sc.hand(0)["Silver"] >= 1         # the last Silver of the old draw pile
    assert sum(sc.hand(0).values()) == 5 and len(sc.deck(0)) == 4
    check_consistent(sc)


def test_cleanup_draws_the_rest_of_the_deck_before_shuffling(scenario):
    sc = scenario([nobuy(), nobuy()])
    sc.set_hand(0, ["Estate"] * 5)
    sc.set_deck(0, ["Gold", "Gold"]).set_discard(0, ["Curse"] * 3)
    sc.play_turn(0)
    # Gold, Gold, then the shuffled discard pile: 3 Curses + 5 Estates.
    assert sc.hand(0)["Gold"] == 2
    assert sum(sc.hand(0).values()) == 5
    assert Counter(sc.hand(0)) + Counter(sc.deck(0)) == Counter(
        {"Gold": 2, "Curse": 3, "Estate": 5})
    rows = log_rows(sc)
    coins = next(i for i, r in enumerate(rows) if r[0] == EV_COINS)
    shuffles = [i for i, r in enumerate(rows) if r[0] == EV_SHUFFLE]
    draws = [i for i, r in enumerate(rows) if r[0] == EV_DRAW]
    assert len(shuffles) == 1 and shuffles[0] > coins
    assert rows[shuffles[0]][4] == 8
    # Two draws before the shuffle, three after, then the cleanup row (5 drawn).
    assert sum(d < shuffles[0] for d in draws) == 2 and len(draws) == 5
    assert [r for r in rows if r[0] == EV_CLEANUP][0][4] == 5


def test_cleanup_with_an_empty_deck_shuffles_the_cleaned_up_cards(scenario):
    sc = scenario([nobuy(), nobuy()])
    sc.set_hand(0, ["Smithy", "Copper"]).set_discard(0, ["Gold"])
    sc.play_turn(0)     # Smithy (played: nothing to draw but Gold), Cleanup: 3 cards back
    assert sc.hand(0) == {"Smithy": 1, "Copper": 1, "Gold": 1}
    assert sc.deck(0) == [] and sc.discard(0) == {}


def test_drawing_never_takes_other_players_cards(scenario):
    sc = scenario([nobuy(), nobuy()])
    sc.set_deck(1, ["Gold"] * 5).set_discard(1, ["Silver"])
    assert sc.draw(0, 5) == 0
    assert sc.hand(0) == {} and sc.deck(1) == ["Gold"] * 5


# The shuffle fills the new draw pile in card-id order before shuffling it, so that order
# is part of every seeded game; the fill walks only the ids of the game's cards
# (layout.GAME_IDS), in the same order.
ADV_TEN = ["Amulet", "Dungeon", "Haunted Woods", "Port", "Page", "Ratcatcher",
           "Royal Carriage", "Lost City", "Market", "Smithy"]


def _game_ids(sc) -> list[str]:
    n = int(sc.S[L.GAME_IDS_N])
    return [CARDS[c].name for c in sc.S[L.GAME_IDS:L.GAME_IDS + n]]


def test_game_ids_list_the_base_games_cards_in_id_order(scenario):
    sc = scenario([nobuy(), nobuy()])
    basic = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"]
    assert _game_ids(sc) == sorted(basic + [CARDS[c].name for c in sc.config.kingdom],
                                   key=card_id)


def test_game_ids_of_an_adventures_game_add_the_traveller_upgrades(scenario):
    sc = scenario([nobuy(), nobuy()], kingdom=ADV_TEN)
    basic = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"]
    page_line = ["Treasure Hunter", "Warrior", "Hero", "Champion"]
    want = sorted(basic + ADV_TEN + page_line, key=card_id)
    assert _game_ids(sc) == want
    assert [card_id(c) for c in want] == sorted(card_id(c) for c in want)


ADV_DISCARD = {"Copper": 2, "Silver": 1, "Estate": 2, "Smithy": 1, "Amulet": 1, "Port": 2,
               "Royal Carriage": 1, "Champion": 1, "Market": 1}


@pytest.mark.parametrize("seed", range(4))
def test_shuffle_order_does_not_depend_on_skipping_ids_not_in_the_game(scenario, seed):
    """The walk over the game's ids fills the pile as a walk over every id does (a state
    without the list takes that one): same seed, same shuffled pile."""
    decks = []
    for every_id in (False, True):
        sc = scenario([nobuy(), nobuy()], kingdom=ADV_TEN, seed=seed)
        if every_id:
            sc.S[L.GAME_IDS_N] = 0
        sc.set_discard(0, ADV_DISCARD)
        assert sc.draw(0, 1) == 1
        decks.append(sc.hand(0) | {"deck": sc.deck(0)})
        assert sc.discard(0) == {}
        check_consistent(sc)
    assert decks[0] == decks[1]


def test_a_card_of_no_pile_of_the_game_is_shuffled_in_at_its_id(scenario):
    """A card of another kingdom put in a discard pile (a Scenario with ``outside_cards``)
    is shuffled in, and the pile is the one a game having that card gets from the same
    seed."""
    decks = []
    for kingdom in ([k for k in ADV_TEN if k != "Smithy"] + ["Cellar"], ADV_TEN):
        sc = scenario([nobuy(), nobuy()], kingdom=kingdom, seed=3)
        assert ("Smithy" in _game_ids(sc)) == ("Smithy" in kingdom)
        sc.outside_cards = True          # Smithy, in the first game: no pile of it
        sc.set_discard(0, ADV_DISCARD)
        assert sc.draw(0, 1) == 1
        assert sc.discard(0) == {}
        decks.append((sc.hand(0), sc.deck(0)))
    assert decks[0] == decks[1]
    assert Counter(decks[0][0]) + Counter(decks[0][1]) == Counter(ADV_DISCARD)


def test_a_discard_pile_near_the_deck_limit_shuffles_without_touching_the_next_deck(
        scenario):
    """The fill writes copies in blocks past the pile's top; a pile too close to the
    draw-pile limit is filled one copy at a time, so the next player's pile is intact."""
    sc = scenario([nobuy(), nobuy()])
    sc.set_deck(1, ["Gold", "Province", "Gold"])
    pile = {"Copper": L.MAX_DECK - 2, "Silver": 1}     # Silver's block would end past it
    sc.set_discard(0, pile)
    assert sc.draw(0, 1) == 1
    assert Counter(sc.hand(0)) + Counter(sc.deck(0)) == Counter(pile)
    assert sc.discard(0) == {}
    assert sc.deck(1) == ["Gold", "Province", "Gold"]
    check_consistent(sc)
