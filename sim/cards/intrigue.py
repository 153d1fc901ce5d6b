"""Intrigue (second edition, 2016): its 26 kingdom cards, as data.

One row per card, as in :mod:`sim.cards.adventures`: the counters the turn applies, and a
``special`` code for the text beyond them, done by the function named after the card in
the set's modules of the engine (:mod:`sim.engine.intrigue`).  The rules are
``../shared/INTRIGUE.md`` (and each card's Official FAQ where it is silent).  The set has
no mats, tokens or Events; its cards mix with the other sets' in one kingdom.  Harem is
also printed as Farm (``also``): both names are read everywhere a card name is.

The questions the texts ask follow the rows, card by card; the table of decisions numbers
them in this module's order, after the earlier sets' (:class:`CardSet`).
"""

from __future__ import annotations

from pathlib import Path

import tomllib

from sim.cards.base import DUCHY
from sim.cards.decisions import (
    ANS_CARD,
    ANS_MODE,
    ANS_YES_NO,
    ASK_ANY,
    ASK_OTHER,
    ASK_TURN,
    DEF_BOTTOM_IF_JUNK,
    DEF_COURTIER,
    DEF_DISCARD,
    DEF_DISCARD_FIRST,
    DEF_GAIN,
    DEF_GAIN_EXACT,
    DEF_GAIN_PAIRED,
    DEF_LURKER_MODE,
    DEF_LURKER_PICK,
    DEF_MILL_DISCARD,
    DEF_MINION,
    DEF_MOST_TYPES,
    DEF_MUST_TRASH,
    DEF_NAME_LIKELY,
    DEF_NO,
    DEF_NOBLES,
    DEF_PASS_LEAST,
    DEF_PAWN,
    DEF_STEWARD,
    DEF_TOPDECK_FROM_HAND,
    DEF_TORTURER,
    DEF_TRASH_FOR_BUY,
    DEF_TRASH_FOR_GAIN,
    DEF_TRASH_JUNK,
    DEF_WORST_AT_COST,
    DEF_YES,
    DEF_YES_IF_JUNK,
    DOM_ANY_CARD,
    DOM_EXACT,
    DOM_GAIN,
    DOM_HAND,
    DOM_SUPPLY_ACTION,
    DOM_TRASH_ACTION,
    DOM_UNCHOSEN,
    INTRIGUE_DEFAULTS,
    LIM_ARG,
    NONE_ALWAYS,
    NONE_IF_EMPTY,
    NONE_UNLESS_ARG1,
    RULES_ADVENTURES,
    RULES_INTRIGUE,
    Decision,
)
from sim.cards.sets import next_id
from sim.cards.types import (
    ACTION,
    ATTACK,
    EVENT,
    REACT_REVEAL,
    REACTION,
    REACTS_TO_ATTACK,
    SET_INTRIGUE,
    TREASURE,
    VICTORY,
    Card,
    CardSet,
    Reacts,
)

_A, _T, _V, _K = ACTION, TREASURE, VICTORY, ATTACK

# Ids follow the sets before (base 0..32, Adventures 33..90) and never change.
FIRST_INTRIGUE = next_id()
_SP_OFFSET = 11         # as Adventures': a card's special code is its id - 11

_ROWS = (
    # (name, cost, types, counters and declarations, has a function, text)
    ("Courtyard", 2, _A, dict(cards=3), True,
     "+3 Cards. Put a card from your hand onto your deck."),
    ("Lurker", 2, _A, dict(actions=1), True,
     "+1 Action. Choose one: Trash an Action card from the Supply; or gain an Action card "
     "from the trash."),
    ("Pawn", 2, _A, {}, True,
     "Choose two: +1 Card; +1 Action; +1 Buy; +$1. The choices must be different."),
    ("Masquerade", 3, _A, dict(cards=2), True,
     "+2 Cards. Each player with any cards in hand passes one to the next such player to "
     "their left, at once. Then you may trash a card from your hand."),
    ("Shanty Town", 3, _A, dict(actions=2), True,
     "+2 Actions. Reveal your hand. If you have no Action cards in hand, +2 Cards."),
    ("Steward", 3, _A, {}, True,
     "Choose one: +2 Cards; or +$2; or trash 2 cards from your hand."),
    ("Swindler", 3, _A | _K, dict(coins=2), True,
     "+$2. Each other player trashes the top card of their deck and gains a card with the "
     "same cost that you choose."),
    ("Wishing Well", 3, _A, dict(cards=1, actions=1, face_up=("deck", "hand")), True,
     "+1 Card, +1 Action. Name a card, then reveal the top card of your deck. If you named "
     "it, put it into your hand."),
    ("Baron", 4, _A, dict(buys=1), True,
     "+1 Buy. You may discard an Estate for +$4. If you don't, gain an Estate."),
    ("Bridge", 4, _A, dict(buys=1, coins=1), True,
     "+1 Buy, +$1. This turn, cards (everywhere) cost $1 less."),
    ("Conspirator", 4, _A, dict(coins=2), True,
     "+$2. If you've played 3 or more Actions this turn (counting this), +1 Card and "
     "+1 Action."),
    ("Diplomat", 4, _A | REACTION,
     dict(cards=2, reacts=Reacts(REACTS_TO_ATTACK, 2, REACT_REVEAL, asks="diplomat_reveal")),
     True,
     "+2 Cards. If you have 5 or fewer cards in hand (after drawing), +2 Actions. When "
     "another player plays an Attack card, you may first reveal this from a hand of 5 or "
     "more cards, to draw 2 cards then discard 3."),
    ("Ironworks", 4, _A, {}, True,
     "Gain a card costing up to $4. If the gained card is an Action card, +1 Action; "
     "Treasure card, +$1; Victory card, +1 Card."),
    ("Mill", 4, _A | _V, dict(cards=1, actions=1, vp=1), True,
     "+1 Card, +1 Action. You may discard 2 cards, for +$2. 1 VP."),
    ("Mining Village", 4, _A, dict(cards=1, actions=2), True,
     "+1 Card, +2 Actions. You may trash this for +$2."),
    ("Secret Passage", 4, _A, dict(cards=2, actions=1), True,
     "+2 Cards, +1 Action. Take a card from your hand and put it anywhere in your deck."),
    ("Courtier", 5, _A, {}, True,
     "Reveal a card from your hand. For each type it has (Action, Attack, etc.), choose "
     "one: +1 Action; or +1 Buy; or +$3; or gain a Gold. The choices must be different."),
    ("Duke", 5, _V, dict(vp_per_card=DUCHY), False,
     "Worth 1 VP per Duchy you have."),
    ("Minion", 5, _A | _K, dict(actions=1), True,
     "+1 Action. Choose one: +$2; or discard your hand, +4 Cards, and each other player "
     "with at least 5 cards in hand discards their hand and draws 4 cards."),
    ("Patrol", 5, _A, dict(cards=3, face_up=("deck", "hand")), True,
     "+3 Cards. Reveal the top 4 cards of your deck. Put the Victory cards and Curses into "
     "your hand. Put the rest back in any order."),
    ("Replace", 5, _A | _K, dict(face_up=("deck",)), True,
     "Trash a card from your hand. Gain a card costing up to $2 more than it. If the "
     "gained card is an Action or Treasure, put it onto your deck; if it's a Victory card, "
     "each other player gains a Curse."),
    ("Torturer", 5, _A | _K, dict(cards=3), True,
     "+3 Cards. Each other player either discards 2 cards or gains a Curse to their hand, "
     "their choice. (They may pick an option they can't do.)"),
    ("Trading Post", 5, _A, {}, True,
     "Trash 2 cards from your hand. If you did, gain a Silver to your hand."),
    ("Upgrade", 5, _A, dict(cards=1, actions=1), True,
     "+1 Card, +1 Action. Trash a card from your hand. Gain a card costing exactly $1 more "
     "than it."),
    ("Harem", 6, _T | _V, dict(coins=2, vp=2, also=("Farm",)), False,
     "$2. 2 VP."),
    ("Nobles", 6, _A | _V, dict(vp=2), True,
     "Choose one: +3 Cards; or +2 Actions. 2 VP."),
)

INTRIGUE_CARDS: tuple[Card, ...] = tuple(
    Card(FIRST_INTRIGUE + i, name, cost, types,
         special=FIRST_INTRIGUE + i - _SP_OFFSET if has_text else 0, text=text,
         set=SET_INTRIGUE, **counters)
    for i, (name, cost, types, counters, has_text, text) in enumerate(_ROWS))

(COURTYARD, LURKER, PAWN, MASQUERADE, SHANTY_TOWN, STEWARD, SWINDLER, WISHING_WELL, BARON,
 BRIDGE, CONSPIRATOR, DIPLOMAT, IRONWORKS, MILL, MINING_VILLAGE, SECRET_PASSAGE, COURTIER,
 DUKE, MINION, PATROL, REPLACE, TORTURER, TRADING_POST, UPGRADE, HAREM,
 NOBLES) = range(FIRST_INTRIGUE, FIRST_INTRIGUE + len(_ROWS))
assert INTRIGUE_CARDS[-1].name == "Nobles" and INTRIGUE_CARDS[-1].id == NOBLES


def sp(card: int) -> int:
    """Special code of an Intrigue card's function."""
    return card - _SP_OFFSET


# ----------------------------------------------------------------------------- decisions
# The questions the texts above ask, card by card, with their rule bots' default answers
# (sim.cards.decisions).  Every game with an Intrigue card runs the Adventures turn, so a
# question may be answered by either rule bot (``rules=``).



def _asks(name: str, method: str, **fields) -> Decision:
    """An Intrigue card's question: answered by the Intrigue rule bot where its pattern is
    one of Intrigue's (sim.cards.decisions INTRIGUE_DEFAULTS), else by the Adventures one
    (every game with an Intrigue card runs the Adventures turn, whose decider answers the
    patterns the sets share: a trash, a discard, a gain)."""
    rules = RULES_INTRIGUE if fields["default"] in INTRIGUE_DEFAULTS else RULES_ADVENTURES
    return Decision(name, method, rules=rules, **fields)


# -- Courtyard
COURTYARD_TOPDECK = _asks(
    "put a card onto the deck with Courtyard", "courtyard_topdeck",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_TOPDECK_FROM_HAND, card=COURTYARD,
    text="Which card from your hand do you put onto your deck?")

# -- Lurker
LURKER_MODE = _asks(
    "choose with Lurker", "lurker_mode",
    asked=ASK_TURN, answer=ANS_MODE, default=DEF_LURKER_MODE, card=LURKER,
    options=("trash an Action card from the Supply", "gain an Action card from the trash"),
    choices=("trash", "gain"), text="Which of Lurker's options (either may do nothing)?")
LURKER_TRASH = _asks(
    "trash from the Supply with Lurker", "lurker_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_SUPPLY_ACTION, none=NONE_IF_EMPTY,
    default=DEF_LURKER_PICK, card=LURKER,
    text="Which Action card do you trash from the Supply (its pile's top card)?")
LURKER_GAIN = _asks(
    "gain from the trash with Lurker", "lurker_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_TRASH_ACTION, none=NONE_IF_EMPTY,
    default=DEF_LURKER_PICK, card=LURKER,
    text="Which Action card do you gain from the trash?")

# -- Pawn
PAWN_MODE = _asks(
    "choose with Pawn", "pawn_mode",
    asked=ASK_TURN, answer=ANS_MODE, domain=DOM_UNCHOSEN, default=DEF_PAWN, card=PAWN,
    options=("+1 Card", "+1 Action", "+1 Buy", "+$1"),
    choices=("card", "action", "buy", "coin"),
    text="Which of Pawn's options (two different, both chosen before either happens; arg: "
    "bit k set when option k is chosen already)?")

# -- Masquerade
MASQUERADE_PASS = _asks(
    "pass a card with Masquerade", "masquerade_pass",
    asked=ASK_ANY, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_PASS_LEAST, card=MASQUERADE,
    text="Which card from your hand do you pass to the next player to your left who has "
    "cards?")
MASQUERADE_TRASH = _asks(
    "trash with Masquerade", "masquerade_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_ALWAYS,
    default=DEF_TRASH_JUNK, card=MASQUERADE,
    text="Which card from your hand do you trash, if any?")

# -- Shanty Town

# -- Steward
STEWARD_MODE = _asks(
    "choose with Steward", "steward_mode",
    asked=ASK_TURN, answer=ANS_MODE, default=DEF_STEWARD, card=STEWARD,
    options=("+2 Cards", "+$2", "trash 2 cards"), choices=("cards", "coins", "trash"),
    text="Which of Steward's options?")
STEWARD_TRASH = _asks(
    "trash with Steward", "steward_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_MUST_TRASH, card=STEWARD,
    text="Which card from your hand do you trash (arg: how many still, of 2)?")

# -- Swindler
SWINDLER_GAIN = _asks(
    "give a card with Swindler", "swindler_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_EXACT, limit=LIM_ARG, none=NONE_IF_EMPTY,
    default=DEF_WORST_AT_COST, card=SWINDLER,
    text="Which card costing exactly arg does the player whose card you trashed gain?")

# -- Wishing Well
WISHING_WELL_NAME = _asks(
    "name a card with Wishing Well", "wishing_well_name",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_ANY_CARD, not_types=EVENT,
    default=DEF_NAME_LIKELY, card=WISHING_WELL,
    text="Which card do you name (any card; if your deck's top card is it, it goes to "
    "your hand)?")

# -- Baron
BARON_DISCARD = _asks(
    "discard an Estate with Baron", "baron_discard",
    asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_YES, card=BARON,
    text="Do you discard an Estate for +$4 (else you gain an Estate)?")

# -- Bridge

# -- Conspirator

# -- Diplomat
DIPLOMAT_REVEAL = _asks(
    "reveal Diplomat", "diplomat_reveal",
    asked=ASK_OTHER, answer=ANS_YES_NO, default=DEF_YES_IF_JUNK, card=DIPLOMAT,
    text="Do you reveal Diplomat from your hand against the Attack (arg), to draw 2 cards "
    "then discard 3?")
DIPLOMAT_DISCARD = _asks(
    "discard to Diplomat", "diplomat_discard",
    asked=ASK_OTHER, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_DISCARD, card=DIPLOMAT,
    text="Which card from your hand do you discard (arg: how many still)?")

# -- Ironworks
IRONWORKS_GAIN = _asks(
    "gain with Ironworks", "ironworks_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, limit=LIM_ARG, none=NONE_IF_EMPTY,
    default=DEF_GAIN, card=IRONWORKS,
    text="Which card costing up to arg do you gain (an Action: +1 Action, a Treasure: +$1, "
    "a Victory card: +1 Card)?")

# -- Mill
MILL_DISCARD = _asks(
    "discard to Mill", "mill_discard",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_UNLESS_ARG1,
    default=DEF_MILL_DISCARD, card=MILL,
    text="Which card from your hand do you discard (2 for +$2)? None discards nothing "
    "(arg 1: the second card, which must go).")

# -- Mining Village
MINING_VILLAGE_TRASH = _asks(
    "trash Mining Village", "mining_village_trash",
    asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_TRASH_FOR_BUY, card=MINING_VILLAGE,
    default_arg=2, choices=("trash", "keep"),
    text="Do you trash this Mining Village for +$2?")

# -- Secret Passage
SECRET_PASSAGE_CARD = _asks(
    "put a card into the deck with Secret Passage", "secret_passage_card",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND,
    none=NONE_IF_EMPTY, default=DEF_DISCARD_FIRST, card=SECRET_PASSAGE,
    text="Which card from your hand do you put into your deck?")
SECRET_PASSAGE_BOTTOM = _asks(
    "put it at the bottom with Secret Passage", "secret_passage_bottom",
    asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_BOTTOM_IF_JUNK,
    card=SECRET_PASSAGE,
    text="Do you put the card (arg) at the bottom of your deck (no: you say how deep)?")
SECRET_PASSAGE_DEEPER = _asks(
    "put it one card deeper with Secret Passage", "secret_passage_deeper",
    asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_NO,
    card=SECRET_PASSAGE,
    text="Do you put the card one deeper than arg cards from the top (no: arg cards go "
    "above it)?")

# -- Courtier
COURTIER_REVEAL = _asks(
    "reveal with Courtier", "courtier_reveal",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_MOST_TYPES, card=COURTIER,
    text="Which card from your hand do you reveal (one choice per type it has)?")
COURTIER_MODE = _asks(
    "choose with Courtier", "courtier_mode",
    asked=ASK_TURN, answer=ANS_MODE, domain=DOM_UNCHOSEN, default=DEF_COURTIER,
    card=COURTIER, options=("+1 Action", "+1 Buy", "+$3", "gain a Gold"),
    choices=("action", "buy", "coins", "gold"),
    text="Which of Courtier's options, not yet chosen (arg: those chosen, a bit each)? "
    "They resolve once all are chosen.")

# -- Minion
MINION_MODE = _asks(
    "choose with Minion", "minion_mode",
    asked=ASK_TURN, answer=ANS_MODE, default=DEF_MINION, card=MINION,
    options=("+$2", "discard your hand, +4 Cards and attack"), choices=("coins", "attack"),
    text="Which of Minion's options?")

# -- Patrol
# (Its put-back is the turn's "order cards onto the deck", D_TOPDECK_ORDER, arg PATROL.)

# -- Replace
REPLACE_TRASH = _asks(
    "trash with Replace", "replace_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_TRASH_FOR_GAIN, card=REPLACE, default_list="remodel", default_arg=2,
    text="Which card from your hand do you trash?")
REPLACE_GAIN = _asks(
    "gain with Replace", "replace_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, limit=LIM_ARG, none=NONE_IF_EMPTY,
    default=DEF_GAIN_PAIRED, card=REPLACE,
    text="Which card costing up to arg do you gain (an Action or Treasure goes onto your "
    "deck; a Victory card gives each other player a Curse)?")

# -- Torturer
TORTURER_MODE = _asks(
    "choose against Torturer", "torturer_mode",
    asked=ASK_OTHER, answer=ANS_MODE, default=DEF_TORTURER, card=TORTURER,
    options=("discard 2 cards", "gain a Curse to your hand"), choices=("discard", "curse"),
    text="Do you discard 2 cards or gain a Curse to your hand?")

# -- Trading Post
TRADING_POST_TRASH = _asks(
    "trash with Trading Post", "trading_post_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_MUST_TRASH, card=TRADING_POST,
    text="Which card from your hand do you trash (arg: how many so far, of 2)?")

# -- Upgrade
UPGRADE_TRASH = _asks(
    "trash with Upgrade", "upgrade_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_MUST_TRASH, card=UPGRADE, text="Which card from your hand do you trash?")
UPGRADE_GAIN = _asks(
    "gain with Upgrade", "upgrade_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_EXACT, limit=LIM_ARG, none=NONE_IF_EMPTY,
    default=DEF_GAIN_EXACT, card=UPGRADE, text="Which card costing exactly arg do you gain?")

# -- Nobles
NOBLES_MODE = _asks(
    "choose with Nobles", "nobles_mode",
    asked=ASK_TURN, answer=ANS_MODE, default=DEF_NOBLES, card=NOBLES,
    options=("+3 Cards", "+2 Actions"), choices=("cards", "actions"),
    text="Which of Nobles' options?")


# The recommended kingdoms of the rulebooks (data: they name other sets' cards too).
RECOMMENDED = tuple(
    (k["name"], tuple(k["cards"]), tuple(k["events"]))
    for k in tomllib.loads((Path(__file__).with_name("intrigue_kingdoms.toml"))
                           .read_text(encoding="utf-8"))["kingdom"])

# The set as it joins the table (sim.cards.sets): its questions are the records above, in
# this module's order.
CARD_SET = CardSet(
    SET_INTRIGUE, "intrigue", INTRIGUE_CARDS,
    engine=("sim.engine.intrigue.cards", "sim.engine.intrigue.gains",
            "sim.engine.intrigue.others"),
    decisions=tuple(v for v in dict(globals()).values() if isinstance(v, Decision)),
    kingdoms=RECOMMENDED)
