"""Reserve calls and lasting effects come from the cards' declarations (issue 47, item 1:
"a card is one declaration"): a Reserve called after an Action declares what its call
does (``Card.call_actions``: Coin of the Realm's +2 Actions; ``Card.call_replays``: Royal
Carriage's replay), one called on a gain the copy it gains and its question
(``Card.call_copy_up_to``, ``Card.call_asks``: Duplicate), and a card whose plays last what
they do meanwhile (``Card.lasting_actions_per_action``, ``Card.lasting_unaffected``:
Champion).  sim.cards derives the lists (AFTER_ACTION_CALLS, ON_GAIN_CALLS, ...) and
make_table puts a game's Reserves in its table.  The after-Action window, its legality
and the rule bot's calls compile the declared calls in (mechanics.AFTER_IDS: reading them
from the table cost ~1% more instructions where they are called), its gate skips a game
whose table lists none; the lasting effects are compiled in too
(mechanics.ACTIONS_WHILE_LASTING_IDS, UNAFFECTED_WHILE_LASTING_IDS); the on-gain step
reads the table.  None names a card.  Every existing game plays the same
(experiments/adventures_identity.py); here: the declarations, their refusals, and games
whose table says otherwise."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import sim.cards as C
from sim.cards.types import (
    ACTION,
    CALLED_AFTER_ACTION,
    CALLED_ON_GAIN,
    DURATION,
    LASTS_GAME,
    RESERVE,
    Card,
)
from sim.engine import codes
from sim.engine import layout as L
from sim.engine.adventures import cards as adv_cards
from sim.engine.state import make_table
from tests.conftest import Scripted, nobuy
from tests.conftest import make_scenario as game

ROOT = Path(__file__).resolve().parents[1]
K_RESERVE = ["Dungeon", "Royal Carriage", "Ratcatcher", "Coin of the Realm", "Gear", "Market",
             "Throne Room", "Smithy", "Village", "Guide"]
K_GAIN = ["Witch", "Duplicate", "Bridge Troll", "Peasant", "Village", "Smithy", "Throne Room",
          "Workshop", "Port", "Militia"]
K_CHAMPION = ["Page", "Peasant", "Throne Room", "Village", "Militia", "Moat", "Smithy", "Market",
              "Caravan Guard", "Swamp Hag"]


def names(ids) -> list[str]:
    return [C.CARDS[int(c)].name for c in ids]


def listed(T, count: int, at: int) -> list[str]:
    return names(T[at:at + T[count]])


# ----------------------------------------------------------------------------- declared
def test_the_calls_and_lasting_effects_are_declared_with_the_cards():
    cotr, rc, dup, champion = (C.CARDS[C.card_id(n)] for n in (
        "Coin of the Realm", "Royal Carriage", "Duplicate", "Champion"))
    assert (cotr.call_actions, cotr.call_replays) == (2, False)
    assert (rc.call_actions, rc.call_replays) == (0, True)
    assert (dup.call_copy_up_to, dup.call_asks) == (6, "duplicate_call")
    assert (champion.lasting_actions_per_action, champion.lasting_unaffected) == (1, True)
    # The window weighs calls that leave it open before those that replay (and close it).
    assert names(C.AFTER_ACTION_CALLS) == ["Coin of the Realm", "Royal Carriage"]
    assert names(C.ON_GAIN_CALLS) == ["Duplicate"]
    assert names(C.LASTING_ACTIONS_CARDS) == names(C.LASTING_UNAFFECTED_CARDS) == ["Champion"]
    assert codes.CALL_QUESTION[dup.id] == adv_cards.D_DUPLICATE
    assert (codes.CALL_QUESTION >= 0).sum() == 1


def test_a_game_lists_its_calls_and_lasting_effects_in_its_table():
    T = make_table(2, tuple(C.card_id(n) for n in K_RESERVE))
    assert listed(T, L.N_AFTER_CALLS, L.AFTER_CALL_IDS) == ["Coin of the Realm", "Royal Carriage"]
    assert listed(T, L.N_GAIN_CALLS, L.GAIN_CALL_IDS) == []
    T = make_table(2, tuple(C.card_id(n) for n in K_GAIN))
    assert listed(T, L.N_AFTER_CALLS, L.AFTER_CALL_IDS) == []
    assert listed(T, L.N_GAIN_CALLS, L.GAIN_CALL_IDS) == ["Duplicate"]
    assert T[L.CALL_COPY_UP_TO + C.card_id("Duplicate")] == 6
    assert T[L.CALL_COPY_UP_TO + C.card_id("Village")] == -1
    T = make_table(2, C.FIRST_GAME)
    assert T[L.N_AFTER_CALLS] == T[L.N_GAIN_CALLS] == 0


def test_no_engine_module_names_these_cards_to_find_them():
    """The window, its gate and legality, the rule bot's calls, the on-gain step and the
    lasting effects name none of the four cards (their own texts, in
    sim.engine.adventures.cards, still do)."""
    watched = re.compile(r"\b(ROYAL_CARRIAGE|COIN_OF_THE_REALM|DUPLICATE|CHAMPION|"
                         r"D_DUPLICATE)\b")
    for path in ("sim/engine/adventures/turn.py", "sim/engine/adventures/mechanics.py",
                 "sim/engine/adventures/decide.py", "sim/engine/legality.py"):
        code = (ROOT / path).read_text(encoding="utf-8")
        assert not watched.findall(code), path


# ----------------------------------------------------------------------------- refused
_AFTER = dict(types=ACTION | RESERVE, called=CALLED_AFTER_ACTION)
_GAIN = dict(types=ACTION | RESERVE, called=CALLED_ON_GAIN)


@pytest.mark.parametrize(("fields", "words"), [
    (_AFTER, "declare call_actions and/or call_replays"),
    ({**_AFTER, "call_actions": 1, "call_copy_up_to": 4}, "no on-gain call_"),
    ({**_AFTER, "call_actions": -1}, "call_actions=-1"),
    (_GAIN, "declare call_copy_up_to >= 0 and call_asks"),
    ({**_GAIN, "call_copy_up_to": 6}, "declare call_copy_up_to >= 0 and call_asks"),
    ({**_GAIN, "call_copy_up_to": 6, "call_asks": "duplicate_call", "call_replays": True},
     "no after-Action call_"),
    (dict(types=ACTION | RESERVE, call_actions=2), "without called="),
    (dict(types=ACTION, call_asks="duplicate_call"), "without called="),
    (dict(types=ACTION, lasting_unaffected=True), "a play that lasts"),
    (dict(types=ACTION | DURATION, lasts=LASTS_GAME, lasting_actions_per_action=-1),
     "0 or more"),
])
def test_a_test_only_card_with_a_bad_declaration_is_refused_in_one_line(fields, words):
    with pytest.raises(ValueError, match=words) as refused:
        Card(900, "Odd", 3, **fields)
    assert "\n" not in str(refused.value) and "Odd" in str(refused.value)


def test_good_declarations_are_taken():
    Card(900, "Odd", 3, **_AFTER, call_actions=1, call_replays=True)
    Card(900, "Odd", 3, **_GAIN, call_copy_up_to=0, call_asks="odd_call")
    Card(900, "Odd", 3, ACTION | DURATION, lasts=LASTS_GAME, lasting_unaffected=True)


@pytest.mark.parametrize(("asks", "words"), [
    ("no_such_question", "not a yes/no question"),
    ("caravan_guard_react", "about Duplicate"),     # another card's question
])
def test_a_call_asking_a_question_that_is_not_its_own_is_refused(asks, words):
    cards = tuple(dataclasses.replace(c, call_asks=asks) if c.name == "Duplicate" else c
                  for c in C.CARDS)
    with pytest.raises(ValueError, match=words):
        codes.call_questions(cards, codes.DECISIONS)


# ----------------------------------------------------------------------------- the table
# Where the engine reads the game's table, a table saying otherwise plays otherwise: what
# a card declaring that would get.
def _ratcatcher_turn(answers, edit=None):
    me = Scripted("me", play_action=["Ratcatcher", None], after_action=answers)
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Ratcatcher", "Village", "Estate"])
    sc.set_deck(0, ["Silver"] + ["Copper"] * 5)
    sc.set_mat(0, ["Coin of the Realm"])
    if edit:
        edit(sc.T)
    sc.play_turn(0)
    return me, sc


def test_the_window_compiles_in_what_the_calls_declare():
    from sim.engine import legality
    from sim.engine.adventures import mechanics

    assert names(mechanics.AFTER_IDS) == names(C.AFTER_ACTION_CALLS)
    assert names(legality.CALLED_AFTER.nonzero()[0]) == ["Coin of the Realm", "Royal Carriage"]
    me, sc = _ratcatcher_turn(["Coin of the Realm", None])
    assert me.asked("play_action")[1].actions == 3       # Ratcatcher's +1, the call's +2


def test_a_game_whose_table_lists_no_after_action_call_skips_the_window():
    me, sc = _ratcatcher_turn([None], lambda T: T.__setitem__(L.N_AFTER_CALLS, 0))
    assert me.asked("after_action") == []
    assert sc.mat(0) == {"Coin of the Realm": 1, "Ratcatcher": 1}


def test_the_on_gain_call_copies_up_to_the_cost_the_table_declares():
    dup = C.card_id("Duplicate")

    def buy_gold(limit):
        me = Scripted("me", buy=["Gold", None], duplicate_call=[True])
        sc = game([me, nobuy()], K_GAIN)
        sc.set_hand(0, ["Gold", "Gold"])
        sc.set_deck(0, ["Estate"] * 5)
        sc.set_mat(0, ["Duplicate"])
        sc.T[L.CALL_COPY_UP_TO + dup] = limit
        sc.play_turn(0)
        return me, sc

    me, sc = buy_gold(6)
    assert len(me.asked("duplicate_call")) == 1 and sc.owned(0)["Gold"] == 4
    me, sc = buy_gold(5)
    assert me.asked("duplicate_call") == [] and sc.owned(0)["Gold"] == 3


def test_the_lasting_effects_are_compiled_in_from_the_declarations():
    from sim.engine.adventures import mechanics

    assert names(mechanics.ACTIONS_WHILE_LASTING_IDS) == ["Champion"]
    assert names(mechanics.UNAFFECTED_WHILE_LASTING_IDS) == ["Champion"]

    me = Scripted("me", play_action=["Village", None])
    sc = game([me, nobuy()], K_CHAMPION)
    sc.hold_in_play(0, "Champion", game=True).set_lasting(0, "Champion", 2)
    sc.set_hand(0, ["Village", "Village"])
    sc.set_deck(0, ["Copper"] * 8)
    sc.play_turn(0)
    assert me.asked("play_action")[1].actions == 4      # Village's +2, +1 per Champion play
