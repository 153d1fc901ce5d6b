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

from sim.cards.base import DUCHY
from sim.cards.decisions import (
    ANS_CARD,
    ANS_MODE,
    ANS_YES_NO,
    ASK_TURN,
    DEF_BOTTOM_IF_JUNK,
    DEF_COURTIER,
    DEF_DISCARD_FIRST,
    DEF_GAIN_EXACT,
    DEF_LURKER_MODE,
    DEF_LURKER_PICK,
    DEF_MOST_TYPES,
    DEF_MUST_TRASH,
    DEF_NAME_LIKELY,
    DEF_NO,
    DOM_ANY_CARD,
    DOM_EXACT,
    DOM_HAND,
    DOM_MODES_LEFT,
    DOM_SUPPLY_ACTION,
    DOM_TRASH_ACTION,
    LIM_ARG,
    NONE_IF_EMPTY,
    RULES_ADVENTURES,
    Decision,
)
from sim.cards.sets import next_id
from sim.cards.types import (
    ACTION,
    ATTACK,
    EVENT,
    REACTION,
    SET_INTRIGUE,
    TREASURE,
    VICTORY,
    Card,
    CardSet,
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
    ("Wishing Well", 3, _A, dict(cards=1, actions=1), True,
     "+1 Card, +1 Action. Name a card, then reveal the top card of your deck. If you named "
     "it, put it into your hand."),
    ("Baron", 4, _A, dict(buys=1), True,
     "+1 Buy. You may discard an Estate for +$4. If you don't, gain an Estate."),
    ("Bridge", 4, _A, dict(buys=1, coins=1), True,
     "+1 Buy, +$1. This turn, cards (everywhere) cost $1 less."),
    ("Conspirator", 4, _A, dict(coins=2), True,
     "+$2. If you've played 3 or more Actions this turn (counting this), +1 Card and "
     "+1 Action."),
    ("Diplomat", 4, _A | REACTION, dict(cards=2), True,
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
    ("Patrol", 5, _A, dict(cards=3), True,
     "+3 Cards. Reveal the top 4 cards of your deck. Put the Victory cards and Curses into "
     "your hand. Put the rest back in any order."),
    ("Replace", 5, _A | _K, {}, True,
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

# -- Courtyard

# -- Lurker
LURKER_MODE = Decision(
    "choose with Lurker", "lurker_mode", rules=RULES_ADVENTURES,
    asked=ASK_TURN, answer=ANS_MODE, default=DEF_LURKER_MODE, card=LURKER,
    options=("trash an Action card from the Supply", "gain an Action card from the trash"),
    choices=("trash", "gain"), text="Which of Lurker's options? (Either may do nothing.)")
LURKER_TRASH = Decision(
    "trash from the Supply with Lurker", "lurker_trash", rules=RULES_ADVENTURES,
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_SUPPLY_ACTION, none=NONE_IF_EMPTY,
    default=DEF_LURKER_PICK, card=LURKER,
    text="Which Action card do you trash from the Supply (its pile's top card)?")
LURKER_GAIN = Decision(
    "gain from the trash with Lurker", "lurker_gain", rules=RULES_ADVENTURES,
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_TRASH_ACTION, none=NONE_IF_EMPTY,
    default=DEF_LURKER_PICK, card=LURKER,
    text="Which Action card do you gain from the trash?")

# -- Pawn

# -- Masquerade

# -- Shanty Town

# -- Steward

# -- Swindler

# -- Wishing Well
WISHING_WELL_NAME = Decision(
    "name a card with Wishing Well", "wishing_well_name", rules=RULES_ADVENTURES,
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_ANY_CARD, not_types=EVENT,
    default=DEF_NAME_LIKELY, card=WISHING_WELL,
    text="Which card do you name (any card; if your deck's top card is it, it goes to "
    "your hand)?")

# -- Baron

# -- Bridge

# -- Conspirator

# -- Diplomat

# -- Ironworks

# -- Mill

# -- Mining Village

# -- Secret Passage
SECRET_PASSAGE_CARD = Decision(
    "put a card into the deck with Secret Passage", "secret_passage_card",
    rules=RULES_ADVENTURES, asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND,
    none=NONE_IF_EMPTY, default=DEF_DISCARD_FIRST, card=SECRET_PASSAGE,
    text="Which card from your hand do you put into your deck?")
SECRET_PASSAGE_BOTTOM = Decision(
    "put it at the bottom with Secret Passage", "secret_passage_bottom",
    rules=RULES_ADVENTURES, asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_BOTTOM_IF_JUNK,
    card=SECRET_PASSAGE,
    text="Do you put the card (arg) at the bottom of your deck? (No: you say how deep.)")
SECRET_PASSAGE_DEEPER = Decision(
    "put it one card deeper with Secret Passage", "secret_passage_deeper",
    rules=RULES_ADVENTURES, asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_NO,
    card=SECRET_PASSAGE,
    text="Do you put the card one deeper than arg cards from the top? (No: arg cards go "
    "above it.)")

# -- Courtier
COURTIER_REVEAL = Decision(
    "reveal with Courtier", "courtier_reveal", rules=RULES_ADVENTURES,
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_MOST_TYPES, card=COURTIER,
    text="Which card from your hand do you reveal (one choice per type it has)?")
COURTIER_MODE = Decision(
    "choose with Courtier", "courtier_mode", rules=RULES_ADVENTURES,
    asked=ASK_TURN, answer=ANS_MODE, domain=DOM_MODES_LEFT, default=DEF_COURTIER,
    card=COURTIER, options=("+1 Action", "+1 Buy", "+$3", "gain a Gold"),
    choices=("action", "buy", "coins", "gold"),
    text="Which of Courtier's options, not yet chosen (arg: those chosen, a bit each)? "
    "They resolve once all are chosen.")

# -- Minion

# -- Patrol
# (Its put-back is the turn's "order cards onto the deck", D_TOPDECK_ORDER, arg PATROL.)

# -- Replace

# -- Torturer

# -- Trading Post
TRADING_POST_TRASH = Decision(
    "trash with Trading Post", "trading_post_trash", rules=RULES_ADVENTURES,
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_MUST_TRASH, card=TRADING_POST,
    text="Which card from your hand do you trash (arg: how many so far, of 2)?")

# -- Upgrade
UPGRADE_TRASH = Decision(
    "trash with Upgrade", "upgrade_trash", rules=RULES_ADVENTURES,
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_MUST_TRASH, card=UPGRADE, text="Which card from your hand do you trash?")
UPGRADE_GAIN = Decision(
    "gain with Upgrade", "upgrade_gain", rules=RULES_ADVENTURES,
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_EXACT, limit=LIM_ARG, none=NONE_IF_EMPTY,
    default=DEF_GAIN_EXACT, card=UPGRADE, text="Which card costing exactly arg do you gain?")

# -- Nobles


# The set as it joins the table (sim.cards.sets): its questions are the records above, in
# this module's order.
CARD_SET = CardSet(
    SET_INTRIGUE, "intrigue", INTRIGUE_CARDS,
    engine=("sim.engine.intrigue.cards", "sim.engine.intrigue.gains",
            "sim.engine.intrigue.others"),
    decisions=tuple(v for v in dict(globals()).values() if isinstance(v, Decision)))
