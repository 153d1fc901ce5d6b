"""Adventures setup (ADVENTURES.md §1, §6): pile sizes, the Traveller upgrade piles, the
Events of a game, the table's Adventures flag, and what a game compiles."""

from __future__ import annotations

import numpy as np
import pytest

from sim import cards as C
from sim.engine import layout as L
from sim.engine.batch import cards_in_game
from sim.engine.state import make_table

ADV_KINGDOM = ("Page", "Peasant", "Port", "Distant Lands", "Amulet", "Raze", "Giant",
               "Hireling", "Relic", "Miser")
BASE = ("Cellar", "Moat", "Village", "Merchant", "Workshop", "Smithy", "Militia", "Remodel",
        "Market", "Mine")


def table(n, kingdom, events=()):
    return make_table(n, tuple(C.card_id(k) for k in kingdom),
                      tuple(C.card_id(e) for e in events))


def test_ids_names_and_types():
    assert C.PATHFINDING == 90 and C.FIRST_INTRIGUE == 91   # Intrigue's ids follow
    assert [C.CARDS[c].name for c in (33, 62, 63, 70, 71, 90)] == [
        "Coin of the Realm", "Hireling", "Treasure Hunter", "Teacher", "Alms", "Pathfinding"]
    assert len(C.KINGDOM_CARDS) == 82 and len(C.BASE_KINGDOM) == 26
    assert all(c not in C.KINGDOM_CARDS for c in C.UPGRADES + C.EVENTS)
    assert C.card_id("lost arts") == C.LOST_ARTS and C.card_id("Seaway") == C.SEAWAY
    assert all(C.CARDS[e].types == C.EVENT for e in C.EVENTS)
    # Champion and Teacher end their lines and are not Travellers (ADVENTURES.md §1).
    assert not C.CARDS[C.CHAMPION].is_type(C.TRAVELLER)
    assert not C.CARDS[C.TEACHER].is_type(C.TRAVELLER)
    assert C.CARDS[C.RELIC].types == C.TREASURE | C.ATTACK
    assert C.CARDS[C.DISTANT_LANDS].types == C.ACTION | C.RESERVE | C.VICTORY
    assert C.N_CARDS <= L.N_SLOTS


@pytest.mark.parametrize("n, distant, port", [(2, 8, 12), (3, 12, 12), (4, 12, 12)])
def test_pile_sizes(n, distant, port):
    T = table(n, ADV_KINGDOM)
    supply = T[L.SUPPLY0:L.SUPPLY0 + C.N_CARDS]
    assert supply[C.PORT] == port                 # all 12 Ports, any player count
    assert supply[C.DISTANT_LANDS] == distant     # a Victory card: 8 or 12
    assert supply[C.PAGE] == supply[C.PEASANT] == supply[C.RAZE] == 10
    ns = T[L.NON_SUPPLY0:L.NON_SUPPLY0 + C.N_CARDS]
    assert [int(ns[c]) for c in C.UPGRADES] == [5] * 8
    assert not supply[list(C.UPGRADES)].any()     # upgrades are not in the Supply
    assert T[L.T_ADV] == 1


def test_upgrade_piles_only_for_the_lines_in_the_kingdom():
    k = list(ADV_KINGDOM)
    k[k.index("Peasant")] = "Ranger"
    ns = table(2, k)[L.NON_SUPPLY0:L.NON_SUPPLY0 + C.N_CARDS]
    assert [int(ns[c]) for c in C.TRAVELLER_LINES[C.PAGE]] == [5] * 4
    assert not ns[list(C.TRAVELLER_LINES[C.PEASANT])].any()


def test_upgrades_chain():
    T = table(2, ADV_KINGDOM)
    nxt = {c: int(T[L.EXCHANGE_FOR + c]) - 1 for c in range(C.N_CARDS) if T[L.EXCHANGE_FOR + c]}
    assert nxt == {C.PAGE: C.TREASURE_HUNTER, C.TREASURE_HUNTER: C.WARRIOR, C.WARRIOR: C.HERO,
                   C.HERO: C.CHAMPION, C.PEASANT: C.SOLDIER, C.SOLDIER: C.FUGITIVE,
                   C.FUGITIVE: C.DISCIPLE, C.DISCIPLE: C.TEACHER}


def test_events_in_the_table_and_the_game():
    T = table(2, BASE, ("Seaway", "Lost Arts"))
    assert T[L.T_ADV] == 1            # an Event alone makes it an Adventures game
    assert list(T[L.EVENT_IDS:L.EVENT_IDS + T[L.N_EVENTS]]) == [C.SEAWAY, C.LOST_ARTS]
    ids = cards_in_game(T)
    assert C.SEAWAY in ids and C.LOST_ARTS in ids and C.PATHFINDING not in ids
    with pytest.raises(ValueError, match="not Events: Smithy"):
        table(2, BASE, ("Smithy",))


def test_base_games_stay_base_games():
    T = table(2, BASE)
    assert T[L.T_ADV] == 0 and T[L.N_EVENTS] == 0
    assert not T[L.NON_SUPPLY0:L.NON_SUPPLY0 + L.N_SLOTS].any()
    assert all(C.CARDS[c].set == C.SET_BASE for c in cards_in_game(T))


def test_game_compiles_only_its_own_card_texts():
    from sim.engine.cardcalls import CARD_TEXT, _no_text, card_calls

    T = table(2, ADV_KINGDOM)
    calls = card_calls(cards_in_game(T))
    used = {c.special for c in C.CARDS if c.id in cards_in_game(T)} & set(CARD_TEXT)
    for sp_code, fn in enumerate(calls):
        assert (fn is not _no_text) == (sp_code in used)
    # The upgrades of Page's line are in the game (exchanges reach them).
    assert C.WARRIOR in cards_in_game(T)
    assert np.all([C.CARDS[c].special > 0 for c in cards_in_game(T) if c >= 33])
