"""Card texts are called through a table of function pointers (sim/engine/cardcalls.py)."""

from __future__ import annotations

from sim.cards import CARDS, FIRST_GAME, card_id
from sim.engine.base_set import CARD_TEXT
from sim.engine.cardcalls import N_BASE_SPECIALS, N_SPECIALS, _no_text, card_calls


def test_the_table_holds_the_games_cards_and_stubs_for_the_rest():
    table = card_calls(FIRST_GAME)
    assert len(table) == N_BASE_SPECIALS            # a base game: the base set's codes only
    assert len(card_calls(FIRST_GAME, adventures=True)) == N_SPECIALS
    wanted = {CARDS[c].special for c in FIRST_GAME} & set(CARD_TEXT)
    assert wanted == {CARDS[card_id(n)].special for n in
                      ("Cellar", "Merchant", "Workshop", "Militia", "Remodel", "Mine")}
    for sp, fn in enumerate(table):
        assert fn is (CARD_TEXT[sp] if sp in wanted else _no_text)

