"""The start-of-turn window and the effects of lasting plays come from the cards'
declarations (issue 47, item 2): ``Card.lasts`` and ``Card.at_start`` (sim.cards.types),
derived into the default order (sim.cards.START_ORDER), each card's part (START_HOW) and
each game's list (layout T[START_IDS]); the state keeps one generic row of lasting
effects (layout EFFECTS), not a named slot per card."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import sim.cards as C
from sim.cards.types import LASTS_GAME, LASTS_NEXT_TURN, StartOfTurn
from sim.engine import layout as L
from sim.engine.state import make_table
from sim.env import Game, layouts
from sim.env.position_check import check_position
from sim.env.state import _base_of
from tests.conftest import Scripted, nobuy
from tests.test_adv_core import K_START, consistent, game, view
from tests.turn_starts import RecordedGame

NAMES = {c.name: c for c in C.CARDS}


def names(ids) -> list[str]:
    return [C.CARDS[c].name for c in ids]


def test_the_declared_order_is_the_windows_order_of_0_11():
    # The window's default order, as the rule bots and the turn took it before the
    # declarations (then a hand-written list): one order, effects and calls together.
    assert names(C.START_ORDER) == [
        "Guide", "Gear", "Hireling", "Haunted Woods", "Dungeon", "Caravan Guard", "Swamp Hag",
        "Bridge Troll", "Amulet", "Ratcatcher", "Transmogrify", "Teacher"]


def test_every_duration_declares_how_long_its_plays_last():
    durations = [c for c in C.CARDS if c.is_type(C.DURATION)]
    assert durations and all(c.lasts in (LASTS_NEXT_TURN, LASTS_GAME) for c in durations)
    assert {c.name for c in durations if c.lasts == LASTS_GAME} == {"Hireling", "Champion"}
    assert all(not c.lasts for c in C.CARDS if not c.is_type(C.DURATION))
    # A Reserve called at the start of the turn is declared so; the others are not.
    calls = {c.name for c in C.CARDS if c.at_start and c.at_start.call}
    assert calls == {"Guide", "Ratcatcher", "Transmogrify", "Teacher"}


def _with(card: str, **changes) -> tuple:
    return tuple(dataclasses.replace(c, **changes) if c.name == card else c for c in C.CARDS)


@pytest.mark.parametrize(("cards", "words"), [
    (_with("Amulet", at_start=StartOfTurn(rank=1)), "ranks must be unique"),
    (_with("Smithy", lasts=LASTS_NEXT_TURN), "exactly when the card is a Duration"),
    (_with("Amulet", lasts=""), "exactly when the card is a Duration"),
    (_with("Amulet", lasts="forever"), "lasts 'forever'"),
    (_with("Smithy", at_start=StartOfTurn(rank=40, call=True)), "only a Reserve"),
    (_with("Guide", at_start=StartOfTurn(rank=0, coins=1)), "needs plays that last"),
    (_with("Champion", at_start=StartOfTurn(rank=40, each_play=False, draw=1)),
     "at most one card with a start-of-turn effect for the game"),
    (_with("Amulet", at_start=StartOfTurn(rank=8)), "does nothing"),
])
def test_declarations_the_engine_cannot_run_are_refused_naming_the_card(cards, words):
    with pytest.raises(ValueError, match=words):
        C.start_of_turn_order(cards)


def test_an_effect_of_counters_is_written_in_its_counters_words():
    assert NAMES["Haunted Woods"].at_start.words() == "+3 Cards"
    assert NAMES["Hireling"].at_start.words() == "+1 Card"
    assert NAMES["Swamp Hag"].at_start.words() == "+$3"
    assert NAMES["Bridge Troll"].at_start.words() == "+1 Buy"
    assert NAMES["Amulet"].at_start.words() == "choose +$1, trash a card or gain a Silver"
    assert StartOfTurn(1, draw=1, coins=2, buys=2, text=True,
                       text_words="trash a card").words() == "+1 Card, +$2, +2 Buys, trash a card"


def test_a_game_lists_only_its_own_start_of_turn_cards_in_the_declared_order():
    kingdom = tuple(C.card_id(n) for n in (
        "Amulet", "Guide", "Hireling", "Gear", "Village", "Smithy", "Market", "Moat",
        "Cellar", "Chapel"))
    T = make_table(2, kingdom)
    listed = names(T[L.START_IDS:L.START_IDS + T[L.N_START]])
    assert listed == ["Guide", "Gear", "Hireling", "Amulet"]
    assert names(T[L.START_CALL_IDS:L.START_CALL_IDS + T[L.N_START_CALLS]]) == ["Guide"]
    assert names(T[L.LASTING_IDS:L.LASTING_IDS + T[L.N_LASTING]]) == [
        "Amulet", "Gear", "Hireling"]
    assert T[L.START_DRAW + C.HIRELING] == 1 and T[L.START_COINS + C.CARAVAN_GUARD] == 1
    for c in C.CARDS:
        assert T[L.START_HOW + c.id] == C.START_HOW[c.id]
        assert T[L.LASTS + c.id] == C.LASTS[c.id]
    # A base game: no card has a part in the window, so it is never opened.
    base = make_table(2, C.FIRST_GAME)
    assert base[L.N_START] == 0


def test_lasting_plays_are_counted_in_the_generic_row():
    """A Duration's play waits in its owner's EFFECTS row under the card and resolves at
    the start of the next turn (the row back to 0); Hireling's stays for the game."""
    me = Scripted("me", play_action=["Village", "Amulet", "Hireling"], amulet_mode=[0, 0],
                  play_treasure=[None, None, None])
    sc = game([me, nobuy()], K_START)
    sc.set_hand(0, ["Village", "Amulet", "Hireling"])
    sc.set_deck(0, ["Estate"] * 15)
    effects = sc.S[L.EFFECTS:L.EFFECTS + L.N_SLOTS]     # P0's row (a view)
    sc.play_turn(0)
    assert effects[C.AMULET] == 1 and effects[C.HIRELING] == 1
    assert sc.S[L.EFFECTS_DUE] == 2     # Hireling's and Amulet's wait
    assert sc.next_turn(0) == {"Amulet": 1}
    sc.play_turn(0)
    assert effects[C.AMULET] == 0 and effects[C.HIRELING] == 1
    assert sc.S[L.EFFECTS_DUE] == 1
    assert view(me, "buy", 1).coins == 1 and sc.next_turn(0) == {}
    consistent(sc)


def test_a_position_with_an_effect_for_a_card_that_leaves_none_is_refused():
    game = Game(kingdom="Amulet,Guide,Hireling,Gear,Village,Smithy,Market,Moat,Cellar,Chapel",
                bots="bmu", turn_cap=40)
    rec = RecordedGame(game, 0)
    S = np.array(_base_of(rec.S0))
    check_position(S, rec.R0, game.T, 2, stopped=False)
    S[L.EFFECTS + C.SMITHY] = 1
    with pytest.raises(ValueError, match="P0's Smithy effects is 1; a card whose plays "
                                         "leave no lasting effect has 0"):
        check_position(S, rec.R0, game.T, 2, stopped=False)
    S[L.EFFECTS + C.SMITHY] = 0
    S[L.EFFECTS + C.AMULET] = 3         # no Amulet in play
    with pytest.raises(ValueError, match="P0's Amulet effects is 3; at most 0"):
        check_position(S, rec.R0, game.T, 2, stopped=False)


def _layout_012(S: np.ndarray, name: str = "0.12") -> np.ndarray:
    """``S`` as domsim 0.12 (or ``name``) laid it out (sim/env/layout_0.12.json): each
    region where it began then, as long as it was (today's longer regions end in zeros
    here)."""
    regions = layouts._layout(name)["regions"]
    names = list(regions)
    old = np.zeros(regions["LOG"], np.int32)
    for name, end_name in zip(names, names[1:], strict=False):
        first, end = regions[name], regions[end_name]
        here = layouts.region_today(name)
        assert not S[here + end - first:layouts.region_today(end_name)].any(), name
        old[first:end] = S[here:here + end - first]
    old[regions["V"] + L.V_SIZE] = len(old)
    return old


def _old_layout(S12: np.ndarray) -> np.ndarray:
    """A position of the 0.12 layout as domsim 0.8-0.11 laid it out: no effects row and
    no count of the effects waiting (EFFECTS_DUE); eight per-player slots of next-turn
    effects (Amulet, Bridge Troll, Caravan Guard, Dungeon, Haunted Woods, Swamp Hag,
    Hireling, Champion) before Inheritance's flag; Gear's from its zone."""
    at = layouts._layout("0.12")["regions"]
    n_ps = layouts._layout("0.12")["player_scalars"]
    cards = ["Amulet", "Bridge Troll", "Caravan Guard", "Dungeon", "Haunted Woods",
             "Swamp Hag", "Hireling", "Champion"]
    row = S12[at["EFFECTS"]:at["NON_SUPPLY"]].reshape(L.MAX_PLAYERS, L.N_SLOTS)
    slots = np.array([row[:, C.card_id(n)] for n in cards], np.int32)
    ps = S12[at["PS"]:at["V"]].reshape(n_ps, L.MAX_PLAYERS)
    k = L.K_INHERITANCE_BOUGHT
    old_ps = np.concatenate([ps[:k], slots, ps[k:n_ps - 1]])    # (EFFECTS_DUE was last)
    old = np.concatenate([S12[:at["PS"]], old_ps.ravel(), S12[at["V"]:at["EFFECTS"]],
                          S12[at["NON_SUPPLY"]:]]).astype(np.int32)
    old[at["PS"] + len(old_ps) * L.MAX_PLAYERS + L.V_SIZE] = len(old)
    return old


def test_positions_of_the_0_11_0_12_and_0_13_layouts_are_carried_into_todays():
    sc = game([nobuy(), nobuy()], K_START)
    sc.set_duration_from_last_turn(0, "Amulet", 2)
    sc.set_duration_from_last_turn(1, "Gear", 1, gear=["Gold"])
    sc.hold_in_play(1, "Hireling", game=True).set_lasting(1, "Hireling")
    S = np.array(sc.S[:L.STATE_SIZE])
    S[L.V + L.V_SIZE] = L.STATE_SIZE
    S12 = _layout_012(S)
    old = _old_layout(S12)
    assert S[L.EFFECTS_DUE] == 2 and S[L.EFFECTS_DUE + 1] == 2     # Amulet x2; Gear, Hireling
    S13 = _layout_012(S, "0.13")    # 0.14 adds Masquerade's secret passes after them
    assert len(old) == 10426 and len(S12) == 10910 and len(S13) == 10960
    assert layouts.older_sizes() == {10426, 10910, 10960}
    assert (layouts.carry(S12) == S).all()
    assert (layouts.carry(S13) == S).all()
    assert (layouts.carry(old) == S).all()
    with pytest.raises(ValueError, match="of no layout this domsim reads"):
        layouts.carry(old[:-1])
