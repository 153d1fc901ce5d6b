"""Card texts are called through a table of function pointers (sim/engine/cardcalls.py)."""

from __future__ import annotations

import numpy as np
from numba import njit, typeof

from sim.cards import CARDS, FIRST_GAME, card_id
from sim.engine import cardcalls
from sim.engine.adventures.decide import decide_adv
from sim.engine.base_set import CARD_TEXT
from sim.engine.cardcalls import (
    ADDRESSES,
    N_SPECIALS,
    _no_text,
    addresses_from_flat,
    call_addresses,
    calls_from_addresses,
    calls_from_flat,
    card_calls,
    engine_calls,
    flat_addresses,
    table_address,
)
from sim.engine.codes import RULES_ADVENTURES, RULES_BASE, RULES_INTRIGUE, USE_DEFAULT
from sim.engine.decide import decide
from sim.engine.decision_pair import _no_decide, rule_bots_asked
from sim.engine.hooks import HOOK_SIGNATURE, VIEW_SIZE, hooks_tuple
from sim.engine.intrigue_defaults import decide_intrigue
from sim.engine.layout import DECIDE_ADV, DECIDE_BASE, DECIDE_INTRIGUE, H_CARDS, H_DECIDE


def test_the_table_holds_the_games_cards_and_stubs_for_the_rest():
    table = card_calls(FIRST_GAME)
    assert len(table) == N_SPECIALS          # every card has a row: none reads past the table
    wanted = {CARDS[c].special for c in FIRST_GAME} & set(CARD_TEXT)
    assert wanted == {CARDS[card_id(n)].special for n in
                      ("Cellar", "Merchant", "Workshop", "Militia", "Remodel", "Mine")}
    for sp, fn in enumerate(table):
        assert fn is (CARD_TEXT[sp] if sp in wanted else _no_text)


def test_a_game_holds_the_deciders_of_the_rule_bots_its_cards_ask():
    """One decider per rule bot (sim.engine.decision_pair): a game whose cards ask no
    question of Intrigue's rule bot holds a stub in its place, so an Adventures game
    never compiles the Intrigue defaults; one Intrigue card brings it in."""
    adventures = [card_id(n) for n in ("Page", "Peasant", "Lost City", "Royal Carriage",
                                       "Coin of the Realm", "Distant Lands", "Relic",
                                       "Bridge Troll", "Smithy", "Laboratory", "Lost Arts",
                                       "Seaway")]
    assert RULES_INTRIGUE not in rule_bots_asked(adventures)
    assert rule_bots_asked([*adventures, card_id("Torturer")]) == {
        RULES_BASE, RULES_ADVENTURES, RULES_INTRIGUE}
    base_game = engine_calls(hooks_tuple([]), FIRST_GAME)[H_DECIDE]
    assert base_game[DECIDE_BASE] is decide and base_game[DECIDE_ADV] is _no_decide \
        and base_game[DECIDE_INTRIGUE] is _no_decide
    adventures_game = engine_calls(hooks_tuple([]), adventures, True)[H_DECIDE]
    assert adventures_game[DECIDE_ADV] is decide_adv
    assert adventures_game[DECIDE_BASE] is _no_decide     # DEC_DECIDER never names it there
    assert adventures_game[DECIDE_INTRIGUE] is _no_decide
    intrigue_game = engine_calls(hooks_tuple([]), [*FIRST_GAME, card_id("Torturer")],
                                 True)[H_DECIDE]
    assert intrigue_game[DECIDE_ADV] is decide_adv
    assert intrigue_game[DECIDE_INTRIGUE] is decide_intrigue


# -- run_batch takes H as addresses (typed and unboxed in C, not per function in Python) --
@njit(HOOK_SIGNATURE, cache=True)
def _answer_41(V, decision, arg):
    return 41 + V[0] + decision * arg


@njit(cache=True)
def _ask_hooks(addrs, V):
    """Each hook of the H rebuilt from ``addrs``, asked (decision 2, arg 3)."""
    H = calls_from_addresses(addrs)
    return H[1][0](V, 2, 3), H[1][1](V, 2, 3)


@njit(cache=True)
def _ask_hooks_flat(flat, V):
    """:func:`_ask_hooks` with H rebuilt from its flat addresses."""
    H = calls_from_flat(flat)
    return H[1][0](V, 2, 3), H[1][1](V, 2, 3)


def test_h_rebuilt_from_addresses_calls_the_same_functions():
    """The addresses run_batch takes, turned back into H inside compiled code, call the
    very functions of H: a hook answers through them as it does when called directly."""
    V = np.zeros(VIEW_SIZE, np.int32)
    V[0] = 100
    for adventures in (False, True):
        H = engine_calls(hooks_tuple([_answer_41]), FIRST_GAME, adventures)
        addrs = call_addresses(H)
        assert typeof(addrs) == ADDRESSES
        assert _ask_hooks(addrs, V) == (_answer_41(V, 2, 3), USE_DEFAULT)
        flat = flat_addresses(addrs, adventures)
        assert addresses_from_flat(flat) == addrs
        assert _ask_hooks_flat(flat, V) == (_answer_41(V, 2, 3), USE_DEFAULT)
        assert _answer_41(V, 2, 3) == 147


@njit(cache=True)
def _table_entry(addrs, sp):
    """The three addresses of the card table's function ``sp``, read through the pointer
    the engine calls card texts through."""
    fn = calls_from_addresses(addrs)[H_CARDS][sp]
    return fn


def test_the_card_table_is_one_address_of_the_games_functions():
    """The engine holds the card table as one address (not 80 function values passed by
    value), as every member of H: the row of each special code there is that code's
    function, the same row for the same table however often it is asked."""
    table = card_calls(FIRST_GAME)
    H = engine_calls(hooks_tuple([]), FIRST_GAME, True)
    addrs = call_addresses(H)
    assert addrs[H_CARDS] == table_address(H_CARDS, table) == table_address(H_CARDS, table)
    rows = np.ctypeslib.as_array(
        (np.ctypeslib.ctypes.c_int64 * (3 * len(table))).from_address(addrs[H_CARDS]))
    cellar = CARDS[card_id("Cellar")].special
    assert rows[3 * cellar + 1] == id(CARD_TEXT[cellar])          # its PyObject address
    assert rows[3 * 0 + 1] == id(table[0])
    assert _table_entry(addrs, cellar) is CARD_TEXT[cellar]


def test_addresses_are_looked_up_once(monkeypatch):
    """numba's address look-ups (a signature check and compile-result search per function)
    run once per function: a later batch of the same game makes none."""
    H = engine_calls(hooks_tuple([]), FIRST_GAME, True)
    first = call_addresses(H)

    def no_lookup(fn, sig):
        raise AssertionError(f"{fn} looked up again")

    monkeypatch.setattr(cardcalls, "_get_wrapper_address", no_lookup)
    monkeypatch.setattr(cardcalls, "_get_jit_address", no_lookup)
    assert call_addresses(H) == first
