"""The rule language for Adventures (issue 11): Events in buy lists, the Adventures terms,
and the rule forms for Adventures decisions (Call, Exchange/Keep, Transmogrify, Choose,
Gain by, token piles, Teacher's tokens, gear/save/trade/start lists).

Each test builds the exact situation and checks the bot's answer or the turn's outcome,
against what the default would have done where the two differ.
"""

from __future__ import annotations

import numpy as np
import pytest

from bots.errors import BotFileError, ConditionError, RuleError
from bots.rules import (
    Buy,
    Call,
    Choose,
    Exchange,
    Gain,
    Keep,
    Remodel,
    RuleBot,
    Transmogrify,
    action_token,
    bought,
    bought_this_turn,
    count,
    durations,
    gained,
    hand_coins,
    in_hand,
    parse_condition,
    programs_equal,
    turn,
)
from bots.toml_bot import loads_bot
from sim.cards import card_id
from sim.engine import codes
from sim.engine import layout as L
from sim.engine.adventures import cards as adv_cards
from sim.engine.adventures import events as adv_events
from sim.engine.decide import term_value
from sim.engine.scenario import Scenario
from tests.conftest import adv_scenario, check_consistent, events, nobuy, raw_answer

KINGDOM = ["Amulet", "Ratcatcher", "Coin of the Realm", "Royal Carriage", "Guide", "Gear",
           "Duplicate", "Page", "Village", "Smithy"]


def make(bots, kingdom=KINGDOM, game_events=(), n_players=2) -> Scenario:
    return adv_scenario(bots, kingdom, game_events, n_players)


def raw(sc, d, arg=0, p=0) -> int:
    return raw_answer(sc, d, arg, p)


def value(sc: Scenario, text: str, p: int = 0) -> float:
    """The engine's value of the term ``text`` for player ``p`` now."""
    cond = parse_condition(f"{text} >= 0")
    return float(term_value(sc.S, sc.T, p, cond.lhs_term, cond.lhs_arg, 0))


def bot(**kw) -> RuleBot:
    kw.setdefault("play", [])
    return RuleBot("t", "test bot", **kw)


# ----------------------------------------------------------------------------- Events
def test_buy_rule_buys_an_event_in_list_order():
    sc = make([bot(buy=[Buy("Lost Arts"), Buy("Silver")]), nobuy("b")],
              game_events=["Lost Arts"])
    sc.set_hand(0, ["Gold", "Gold"]).set_deck(0, ["Copper"] * 10)
    sc.play_turn(0)
    assert events(sc, codes.EV_EVENT, 0) == [(0, "Lost Arts", 1, 0)]
    assert sc.token_pile(0, "+1 Action") is not None
    assert "Silver" not in sc.owned(0)
    check_consistent(sc)


def test_buy_rule_skips_an_event_not_in_the_game():
    sc = make([bot(buy=[Buy("Lost Arts"), Buy("Silver")]), nobuy("b")])
    sc.set_hand(0, ["Gold", "Gold"]).set_deck(0, ["Copper"] * 10)
    sc.play_turn(0)
    assert events(sc, codes.EV_EVENT, 0) == []
    assert sc.owned(0)["Silver"] == 1


def test_buy_rule_buys_a_once_per_turn_event_once():
    """Save gives +1 Buy; the second Save of the turn is refused, so the $ left buys
    Silver."""
    sc = make([bot(buy=[Buy("Save"), Buy("Silver")]), nobuy("b")], game_events=["Save"])
    sc.set_hand(0, ["Copper"] * 4 + ["Estate"]).set_deck(0, ["Copper"] * 10)
    sc.play_turn(0)
    assert [e[1] for e in events(sc, codes.EV_EVENT, 0)] == ["Save"]
    assert sc.owned(0)["Silver"] == 1


def test_mission_turn_buys_only_events_from_the_list():
    """On a Mission turn the Gold rule is skipped, not the end of buying."""
    sc = make([bot(buy=[Buy("Gold"), Buy("Lost Arts")]), nobuy("b")],
              game_events=["Lost Arts", "Mission"])
    sc.set_hand(0, ["Gold", "Gold", "Gold"]).set_deck(0, ["Copper"] * 10)
    sc.S[L.V + L.V_MISSION] = 1
    sc.play_turn(0)
    assert [e[1] for e in events(sc, codes.EV_EVENT, 0)] == ["Lost Arts"]
    assert sc.owned(0)["Gold"] == 3                    # the three in hand, none bought


def test_events_bought_this_turn_and_this_game():
    """Two Markets give 3 Buys and $16: Training once (bought_this_turn), then two
    Silvers (without the condition: Training, Training, Silver)."""
    b = bot(play=["Market"],
            buy=[Buy("Training", bought_this_turn("Training") < 1), Buy("Silver")])
    sc = make([b, nobuy("b")], kingdom=KINGDOM[:9] + ["Market"], game_events=["Training"])
    sc.set_hand(0, ["Market", "Market"] + ["Gold"] * 3).set_deck(0, ["Copper"] * 10)
    sc.play_turn(0)
    assert [e[1] for e in events(sc, codes.EV_EVENT, 0)] == ["Training"]
    assert [e[1] for e in events(sc, codes.EV_GAIN, 0)] == ["Silver", "Silver"]
    assert value(sc, "bought(Training)") == 1 and value(sc, "bought(Event)") == 1
    assert value(sc, "bought(Training)", p=1) == 0
    sc.S[L.V + L.V_CUR] = 1            # another player's turn
    assert value(sc, "bought_this_turn(Event)") == 0


def test_events_are_refused_where_they_cannot_go():
    for make_rule in (lambda: Gain("Lost Arts"), lambda: Remodel("Estate", "Seaway"),
                      lambda: Transmogrify("Estate", "Alms")):
        with pytest.raises(RuleError, match="is an Event"):
            make_rule()
    with pytest.raises(ConditionError, match="Village is not an Event"):
        bought("Village")
    with pytest.raises(ConditionError, match="not the type Action"):
        parse_condition("bought(Action) > 0")


# ----------------------------------------------------------------------------- terms
def test_mat_play_hand_and_token_terms():
    sc = make([nobuy("a"), nobuy("b")])
    sc.set_mat(0, ["Royal Carriage", "Royal Carriage", "Coin of the Realm"])
    sc.set_in_play(0, ["Village", "Silver"])
    sc.set_hand(0, ["Copper", "Silver", "Gold", "Estate", "Village"])
    sc.set_token(0, "+1 Action", "Village")
    assert value(sc, "on_mat(Royal Carriage)") == 2
    assert value(sc, "on_mat(Reserve)") == 3 and value(sc, "on_mat(Page)") == 0
    assert value(sc, "in_play(Action)") == 1 and value(sc, "in_play(Silver)") == 1
    assert value(sc, "in_hand(Treasure)") == 3 and value(sc, "in_hand(Action)") == 1
    assert value(sc, "hand_coins") == 6
    assert value(sc, "action_token") == 1 and value(sc, "action_token(Village)") == 1
    assert value(sc, "action_token(Smithy)") == 0 and value(sc, "card_token") == 0
    assert value(sc, "on_mat(Royal Carriage)", p=1) == 0


def test_actions_and_personal_token_terms():
    sc = make([nobuy("a"), nobuy("b")])
    sc.S[L.V + L.V_ACTIONS] = 2
    assert value(sc, "actions") == 2
    assert value(sc, "actions", p=1) == 0          # not its turn
    assert value(sc, "minus_card_token") == 0 and value(sc, "minus_coin_token") == 0
    sc.set_minus_card(0).set_minus_coin(0).set_journey(0, face_up=False)
    assert value(sc, "minus_card_token") == 1 and value(sc, "minus_coin_token") == 1
    assert value(sc, "journey_up") == 0 and value(sc, "journey_up", p=1) == 1


def test_durations_count_copies_from_earlier_turns_only():
    """A Haunted Woods held from last turn counts; the Village played this turn does not
    (in_play(Action) would be 2): $6 buys Gold only when durations(Action) == 1."""
    b = bot(play=["Village"], buy=[Buy("Gold", durations("Action") == 1), Buy("Estate")])
    sc = make([b, nobuy("b")], kingdom=[c for c in KINGDOM if c not in ("Page", "Smithy")]
              + ["Haunted Woods", "Hireling"])
    sc.hold_in_play(0, "Haunted Woods").set_next_turn(0, "Haunted Woods")
    sc.set_hand(0, ["Village", "Silver", "Silver"]).set_deck(0, ["Copper"] * 10)
    sc.play_turn(0)
    assert sc.owned(0).get("Gold") == 1 and "Estate" not in sc.owned(0)
    # On another player's turn every held copy counts (here a Hireling, for the game).
    sc.hold_in_play(0, "Hireling", game=True)
    sc.S[L.V + L.V_CUR] = 1
    assert value(sc, "durations(Hireling)") == 1


def test_gained_counts_this_turns_gains():
    """Market's Buy: Silver while none was gained, then Copper once a Treasure was."""
    b = bot(play=["Market"],
            buy=[Buy("Silver", gained("Silver") == 0), Buy("Copper", gained("Treasure") >= 1)])
    sc = make([b, nobuy("b")], kingdom=KINGDOM[:9] + ["Market"])
    sc.set_hand(0, ["Market", "Silver", "Copper"]).set_deck(0, ["Copper"] * 10)
    sc.play_turn(0)
    assert [e[1] for e in events(sc, codes.EV_GAIN, 0)] == ["Silver", "Copper"]
    sc.S[L.V + L.V_CUR] = 1
    assert value(sc, "gained(Silver)") == 0              # only on its own turn


@pytest.mark.parametrize("text", [
    "on_mat(Royal Carriage) >= 1", "in_play(Action) < 2", "durations(Duration) > 0",
    "gained(Treasure) == 0", "bought(Lost Arts) < 1", "bought(Event) < 3",
    "bought_this_turn(Event) == 0", "actions == 0", "hand_coins <= 3",
    "action_token == 0", "action_token(Village) == 1", "trashing_token(Smithy) == 0",
    "cost_token == 1", "coin_token == 1", "buy_token == 0", "card_token(Laboratory) == 0",
    "minus_card_token == 1", "minus_coin_token == 0", "journey_up == 1",
    "in_hand(Action) >= 1"])
def test_new_terms_read_back_to_the_same_text(text):
    assert str(parse_condition(text)) == text


def test_python_and_text_terms_compile_alike():
    assert parse_condition("bought(Lost Arts) < 1") == (bought("Lost Arts") < 1)
    assert parse_condition("action_token(Village) == 1") == (action_token("Village") == 1)
    assert parse_condition("hand_coins <= 3") == (hand_coins() <= 3)
    assert parse_condition("in_hand(Curse) > 0") == (in_hand("Curse") > 0)
    # "Curse" in in_hand is the card (one id, no loop over types), as before.
    assert (in_hand("Curse") > 0).lhs_arg == card_id("Curse")


# ----------------------------------------------------------------------------- calls
def test_royal_carriage_is_called_on_the_listed_action_only():
    """The default replays Laboratory (the costliest non-terminal); the rule says Village."""
    b = bot(play=["Village", "Laboratory"], calls=[Call("Royal Carriage", on="Village")])
    sc = make([b, nobuy("b")], kingdom=KINGDOM[:8] + ["Village", "Laboratory"])
    sc.set_hand(0, ["Village", "Laboratory"]).set_mat(0, ["Royal Carriage"])
    sc.set_deck(0, ["Copper"] * 10)
    sc.play_turn(0)
    assert events(sc, codes.EV_CALL, 0) == [(0, "Royal Carriage", 1, card_id("Village"))]


def test_call_rules_that_do_not_hold_mean_no_call():
    b = bot(play=["Laboratory"], calls=[Call("Royal Carriage", on="Smithy")])
    sc = make([b, nobuy("b")], kingdom=KINGDOM[:8] + ["Village", "Laboratory"])
    sc.set_hand(0, ["Laboratory"]).set_mat(0, ["Royal Carriage"]).set_deck(0, ["Copper"] * 9)
    sc.play_turn(0)
    assert events(sc, codes.EV_CALL, 0) == []


def test_coin_of_the_realm_called_by_rule_with_actions_left():
    """The default waits until the Actions run out; the rule calls it after Village."""
    b = bot(play=["Village", "Smithy"], calls=[Call("Coin of the Realm", on="Village")])
    sc = make([b, nobuy("b")])
    sc.set_hand(0, ["Village", "Smithy"]).set_mat(0, ["Coin of the Realm"])
    sc.set_deck(0, ["Copper"] * 10)
    sc.play_turn(0)
    assert events(sc, codes.EV_CALL, 0) == [(0, "Coin of the Realm", 1, card_id("Village"))]


def test_duplicate_called_on_listed_gains_only():
    sc = make([bot(calls=[Call("Duplicate", on=["Gold"])]), nobuy("b")])
    sc.set_mat(0, ["Duplicate"])
    assert raw(sc, adv_cards.D_DUPLICATE, card_id("Gold")) == 1
    assert raw(sc, adv_cards.D_DUPLICATE, card_id("Silver")) == 0
    default = make([nobuy("a"), nobuy("b")])
    assert raw(default, adv_cards.D_DUPLICATE, card_id("Silver")) == 1


def test_guide_and_ratcatcher_called_by_their_conditions():
    b = bot(calls=[Call("Guide", hand_coins() <= 2), Call("Ratcatcher", in_hand("Curse") >= 1)])
    sc = make([b, nobuy("b")])
    sc.set_mat(0, ["Guide", "Ratcatcher"]).set_hand(0, ["Copper"] * 3 + ["Estate"])
    assert sc.decide(0, codes.D_START) is None           # $3, no Curse: neither
    default = make([nobuy("a"), nobuy("b")])
    default.set_mat(0, ["Guide", "Ratcatcher"]).set_hand(0, ["Copper"] * 3 + ["Estate"])
    assert default.decide(0, codes.D_START) == "Guide"
    sc.set_hand(0, ["Copper"] * 2 + ["Curse"])
    assert sc.decide(0, codes.D_START) == "Guide"
    sc.set_mat(0, ["Ratcatcher"])
    assert sc.decide(0, codes.D_START) == "Ratcatcher"


def test_call_rules_are_checked_when_defined():
    with pytest.raises(RuleError, match="not a Reserve card a bot calls"):
        Call("Village")
    with pytest.raises(RuleError, match="'on' is only for"):
        Call("Guide", on="Gold")
    with pytest.raises(RuleError, match="Gold is not an Action"):
        Call("Royal Carriage", on="Gold")
    assert len(Call("Royal Carriage", on=["Village", "Smithy"])) == 2
    # Which Reserves a Call rule names, and what ``on`` names, are their declarations'
    # (Card.called): Duplicate is called on a gain, so ``on`` names any card.
    assert len(Call("Duplicate", on=["Gold", "Estate"])) == 2
    with pytest.raises(RuleError, match=r"Duplicate \(the card just gained\)"):
        Call("Ratcatcher", on="Gold")
    with pytest.raises(RuleError, match="not a Reserve card a bot calls"):
        Call("Distant Lands")             # a Reserve never called


def test_a_call_timing_belongs_to_a_reserve():
    from sim.cards import ACTION, CALLED_ON_GAIN, RESERVE, Card

    with pytest.raises(ValueError, match="a Reserve's timing"):
        Card(999, "Odd", 3, ACTION, called=CALLED_ON_GAIN)
    with pytest.raises(ValueError, match="a Reserve's timing"):
        Card(999, "Odd", 3, ACTION | RESERVE, called="whenever")
    assert Card(999, "Odd", 3, ACTION | RESERVE, called=CALLED_ON_GAIN, call_copy_up_to=6,
                call_asks="odd_call").callable


# ----------------------------------------------------------------------------- Travellers
def test_exchange_and_keep_first_holding_rule_decides():
    b = bot(exchange=[Keep("Page", count("Page") < 3), Exchange("Page"), Keep("Warrior")])
    sc = make([b, nobuy("b")])
    page, warrior, hunter = (card_id(n) for n in ("Page", "Warrior", "Treasure Hunter"))
    sc.set_hand(0, ["Page"])
    assert raw(sc, codes.D_EXCHANGE, page) == 0     # one Page: keep it
    sc.set_hand(0, ["Page"] * 3)
    assert raw(sc, codes.D_EXCHANGE, page) == 1
    assert raw(sc, codes.D_EXCHANGE, warrior) == 0  # never
    assert raw(sc, codes.D_EXCHANGE, hunter) == 1   # no rule: the default
    for bad in ("Champion", "Village"):
        with pytest.raises(RuleError, match="not a Traveller that is exchanged"):
            Exchange(bad)


def test_transmogrify_rule_calls_and_upgrades_its_card():
    """No junk in hand, so the default would not call; the rule turns Silver into Smithy."""
    b = bot(transmogrify=[Transmogrify("Silver", "Smithy")])
    sc = make([b, nobuy("b")], kingdom=KINGDOM[:8] + ["Smithy", "Transmogrify"])
    sc.set_mat(0, ["Transmogrify"]).set_hand(0, ["Silver", "Gold"])
    sc.set_deck(0, ["Gold"] * 10)
    assert make([nobuy("a"), nobuy("b")], kingdom=KINGDOM[:8] + ["Smithy", "Transmogrify"]) \
        .set_mat(0, ["Transmogrify"]).set_hand(0, ["Silver", "Gold"]) \
        .decide(0, codes.D_START) is None
    sc.play_turn(0)
    assert sc.trash() == {"Silver": 1} and sc.owned(0).get("Smithy") == 1
    with pytest.raises(RuleError, match="more than \\$1 above"):
        Transmogrify("Silver", "Gold")


# ----------------------------------------------------------------------------- modes
def test_choose_rules_for_amulet_miser_quest_and_messenger():
    b = bot(choose=[Choose("Amulet", "silver", turn() <= 5), Choose("Miser", "coins"),
                    Choose("Quest", "six"), Choose("Messenger", "discard deck")])
    sc = make([b, nobuy("b")])
    sc.set_hand(0, ["Estate", "Copper", "Copper", "Copper", "Copper", "Copper"])
    assert raw(sc, adv_cards.D_AMULET) == 2          # the default trashes the Estate (1)
    sc.set_turns(0, 7)
    assert raw(sc, adv_cards.D_AMULET) == 1          # turn 8: the rule no longer holds
    assert raw(sc, adv_cards.D_MISER) == 1           # default: a Copper to the mat (0)
    assert raw(sc, adv_events.D_QUEST) == 2           # six cards in hand
    sc.set_hand(0, ["Estate"] * 5)
    assert raw(sc, adv_events.D_QUEST) == -1        # cannot complete six: the default
    assert raw(sc, adv_cards.D_MESSENGER_DECK) == 1  # default keeps the deck (0)
    with pytest.raises(RuleError, match="unknown option 'gold'"):
        Choose("Amulet", "gold")
    with pytest.raises(RuleError, match="has no options"):
        Choose("Village", "coin")


# ----------------------------------------------------------------------------- gains
def test_gain_by_applies_to_its_source_only():
    b = bot(buy=[Buy("Village")], gain=[Gain("Silver", by="Messenger"), Gain("Smithy")])
    sc = make([b, nobuy("b")])
    assert sc.decide(0, adv_cards.D_MESSENGER_GAIN, 4) == "Silver"
    assert sc.decide(0, adv_events.D_ALMS, 4) == "Smithy"
    only_by = bot(buy=[Buy("Village")], gain=[Gain("Silver", by="Ball")])
    sc = make([only_by, nobuy("b")])
    assert sc.decide(0, adv_events.D_BALL, 4) == "Silver"
    assert sc.decide(0, adv_events.D_ALMS, 4) == "Village"   # no rule for Alms: the buy list
    with pytest.raises(RuleError, match="makes no \"gain a card costing up to\" choice"):
        Gain("Silver", by="Smithy")


# ----------------------------------------------------------------------------- lists
def test_token_piles_follow_the_bots_list():
    b = bot(tokens={"+1 Action": ["Smithy", "Village"]}, teacher_tokens=["+1 Buy", "+1 Card"])
    sc = make([b, nobuy("b")])
    assert sc.decide(0, codes.D_TOKEN_PILE, 1) == "Smithy"
    sc.set_token(0, "+1 Card", "Smithy")
    sc.S[L.V + L.V_THIS] = card_id("Teacher")           # Teacher: not a pile with own token
    assert sc.decide(0, codes.D_TOKEN_PILE, 1) == "Village"
    sc.S[L.V + L.V_THIS] = -1
    assert raw(sc, adv_cards.D_TEACHER_TOKEN) == 2     # +1 Buy, not yet placed
    sc.set_token(0, "+1 Buy", "Village")
    assert raw(sc, adv_cards.D_TEACHER_TOKEN) == 2     # all listed placed: the first
    sc.set_token(0, "+1 Card", None)
    assert raw(sc, adv_cards.D_TEACHER_TOKEN) == 0
    with pytest.raises(RuleError, match="unknown token"):
        bot(tokens={"+2 Cards": ["Smithy"]})
    with pytest.raises(RuleError, match="Gold is not an Action Supply pile"):
        bot(tokens={"+1 Card": ["Gold"]})
    with pytest.raises(RuleError, match="Teacher moves only"):
        bot(teacher_tokens=["-$2"])


def test_gear_save_and_trade_lists():
    b = bot(gear=["Gold"], save=["Copper"], trade=["Silver"])
    sc = make([b, nobuy("b")])
    sc.set_hand(0, ["Gold", "Village", "Copper", "Silver", "Estate"])
    sc.S[L.V + L.V_ACTIONS] = 1
    assert sc.decide(0, adv_cards.D_GEAR) == "Gold"         # default: nothing with an Action left
    assert sc.decide(0, adv_events.D_SAVE) == "Copper"
    assert sc.decide(0, adv_events.D_TRADE) == "Silver"       # default: the Estate
    assert make([bot(gear=[]), nobuy("b")]).set_hand(0, ["Gold"]).decide(0, adv_cards.D_GEAR) \
        is None


def test_start_list_orders_the_start_of_turn():
    """Gear's cards are due and Ratcatcher has junk to trash: the default takes Gear
    first, the start list Ratcatcher."""
    sc = make([bot(start=["Ratcatcher", "Gear"]), nobuy("b")])
    sc.set_hand(0, ["Estate", "Silver"]).set_gear(0, ["Gold"]).set_mat(0, ["Ratcatcher"])
    assert sc.decide(0, codes.D_START) == "Ratcatcher"
    default = make([nobuy("a"), nobuy("b")])
    default.set_hand(0, ["Estate", "Silver"]).set_gear(0, ["Gold"]).set_mat(0, ["Ratcatcher"])
    assert default.decide(0, codes.D_START) == "Gear"
    with pytest.raises(RuleError, match="does nothing at the start of a turn"):
        bot(start=["Village"])


# ----------------------------------------------------------------------------- TOML
FULL_TOML = """\
name = "adv"
description = "every Adventures key"
teacher_tokens = ["+1 Card", "+1 Action"]
gear = ["Gold"]
save = ["Gold"]
trade = ["Estate", "Copper"]
start = ["Guide", "Gear"]
play = []

[[buy]]
card = "Lost Arts"
if = ["bought(Lost Arts) < 1"]

[[buy]]
card = "Silver"

[[gain]]
card = "Gold"
by = "Ball"

[[call]]
card = "Royal Carriage"
on = ["Village", "Laboratory"]
if = ["actions == 0"]

[[call]]
card = "Guide"
if = ["hand_coins <= 3"]

[[exchange]]
card = "Page"
keep = true
if = ["count(Page) < 2"]

[[exchange]]
card = "Page"

[[transmogrify]]
from = "Estate"
to = "Silver"

[[choose]]
card = "Amulet"
option = "silver"

[tokens]
"+1 Action" = ["Village"]
"Trashing" = ["Laboratory"]
"""


def test_toml_bot_with_every_adventures_key_matches_python():
    from_toml = loads_bot(FULL_TOML)
    py = RuleBot(
        "adv", "every Adventures key", play=[],
        buy=[Buy("Lost Arts", bought("Lost Arts") < 1), Buy("Silver")],
        gain=[Gain("Gold", by="Ball")],
        calls=[Call("Royal Carriage", "actions == 0", on=["Village", "Laboratory"]),
               Call("Guide", hand_coins() <= 3)],
        exchange=[Keep("Page", count("Page") < 2), Exchange("Page")],
        transmogrify=[Transmogrify("Estate", "Silver")],
        choose=[Choose("Amulet", "silver")],
        tokens={"+1 Action": ["Village"], "Trashing": ["Laboratory"]},
        teacher_tokens=["+1 Card", "+1 Action"], gear=["Gold"], save=["Gold"],
        trade=["Estate", "Copper"], start=["Guide", "Gear"])
    assert programs_equal(from_toml.program(), py.program())
    text = from_toml.describe()
    for line in ("Call Royal Carriage on Village if actions == 0", "Keep Page if count(Page) < 2",
                 "Choose Amulet: silver", "Gain Gold by Ball", "Transmogrify Estate -> Silver",
                 "+1 Action token on: Village", "teacher_tokens: +1 Card, +1 Action"):
        assert line in text


def _replace(old: str, new: str) -> str:
    assert old in FULL_TOML
    return FULL_TOML.replace(old, new, 1)


@pytest.mark.parametrize("text, line, word, fragment", [
    (_replace('card = "Royal Carriage"', 'card = "Royal Carriages"'), 22, "Royal Carriages",
     "unknown card"),
    (_replace('card = "Guide"', 'card = "Village"'), 27, "Village", "not a Reserve card"),
    (_replace('on = ["Village", "Laboratory"]', 'on = 3'), 23, "on", "'on' must be"),
    (_replace("keep = true", 'keep = "yes"'), 32, "keep", "'keep' must be true or false"),
    (_replace('option = "silver"', 'option = "gold"'), 44, "gold", "unknown option"),
    (_replace('by = "Ball"', 'by = "Smithy"'), 19, "Smithy", "makes no"),
    (_replace('"Trashing" = ["Laboratory"]', '"Trash" = ["Laboratory"]'), 48, "Trash",
     "unknown token"),
    (_replace('"+1 Action" = ["Village"]', '"+1 Action" = "Village"'), 47, "+1 Action",
     "must be a list"),
    (_replace('teacher_tokens = ["+1 Card", "+1 Action"]', 'teacher_tokens = ["-$2"]'), 3,
     "-$2", "Teacher moves only"),
    (_replace('start = ["Guide", "Gear"]', 'start = ["Guide", "Village"]'), 7, "Village",
     "does nothing at the start"),
    (_replace('gear = ["Gold"]', 'gear = ["Goldd"]'), 4, "Goldd", "unknown card"),
    (_replace('card = "Lost Arts"', 'card = "Lost Art"'), 11, "Lost Art", "unknown card"),
    (_replace("[[choose]]", "[[choose]]\ncolour = 1"), 43, "colour", "unknown key"),
    (_replace('from = "Estate"\nto = "Silver"', 'from = "Silver"\nto = "Gold"'), 40, "Gold",
     "more than $1 above"),
    (_replace('[[exchange]]\ncard = "Page"\n\n', '[[exchange]]\ncard = "Village"\n\n'), 36,
     "Village", "not a Traveller"),
    (_replace('save = ["Gold"]', 'save = ["Gould"]'), 5, "Gould", "unknown card"),
    (_replace('trade = ["Estate", "Copper"]', 'trade = ["Estate", "Estate"]'), 6, "Estate",
     "twice"),
])
def test_toml_errors_name_file_line_and_word(text, line, word, fragment):
    with pytest.raises(BotFileError) as e:
        loads_bot(text, "adv.toml")
    assert e.value.word == word
    assert e.value.line == line, str(e.value)
    assert str(e.value).startswith(f"adv.toml:{line}: ")
    assert fragment in str(e.value)


def test_rule_forms_play_whole_games_on_an_adventures_kingdom():
    """A bot using every form plays 300 games against itself without an engine error."""
    from sim.engine.batch import play_batch
    from sim.engine.config import GameConfig
    from sim.engine.rng import game_seeds

    b = loads_bot(FULL_TOML.replace("play = []\n", "").replace(
        '[[buy]]\ncard = "Silver"', '[[buy]]\ncard = "Province"\n\n[[buy]]\ncard = "Gold"\n\n'
        '[[buy]]\ncard = "Page"\nif = ["count(Page) < 2"]\n\n[[buy]]\ncard = "Silver"'))
    cfg = GameConfig(n_players=2, kingdom=tuple(card_id(c) for c in KINGDOM[:8] +
                                                ["Village", "Laboratory"]),
                     events=(card_id("Lost Arts"), card_id("Ball")))
    n = 300
    r = play_batch(cfg, [b], np.zeros((n, 2), np.int32), game_seeds(7, 0, n))
    assert (r.turns > 5).all()
