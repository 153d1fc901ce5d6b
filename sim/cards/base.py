"""The base game, 2nd edition: the basic supply and all 26 kingdom cards, as data.

One row per card: cost, types, the counters of its text (+Cards, +Actions,
+Buys, +$, VP) and a ``special`` code when its text is more than counters.
What a special code does is the card's function of the same name in
:mod:`sim.engine.base_set` (its text, its decisions and its log lines).  The
questions the cards' texts ask follow the rows (:mod:`sim.cards.decisions`);
sim.engine.codes numbers them.
"""

from __future__ import annotations

from sim.cards.decisions import (
    ANS_CARD,
    ANS_ORDER,
    ANS_YES_NO,
    ASK_OTHER,
    ASK_TURN,
    DEF_CELLAR_LIST,
    DEF_CHEAPEST,
    DEF_DISCARD,
    DEF_DISCARD_FIRST,
    DEF_GAIN,
    DEF_GAIN_PAIRED,
    DEF_MINE_TRASH,
    DEF_PLAY,
    DEF_PLAY_IF_LISTED,
    DEF_REVEAL,
    DEF_SENTRY_LIST,
    DEF_SKIP_ACTION,
    DEF_TOPDECK_FROM_HAND,
    DEF_TOPDECK_LOOKED,
    DEF_TOPDECK_RANKED,
    DEF_TRASH_FOR_GAIN,
    DEF_TRASH_JUNK,
    DEF_YES,
    DOM_ASIDE,
    DOM_DISCARD,
    DOM_GAIN,
    DOM_HAND,
    LIM_ARG,
    NONE_ALWAYS,
    NONE_IF_EMPTY,
    Decision,
)
from sim.cards.types import (
    ACTION,
    ATTACK,
    CURSE_TYPE,
    REACT_UNAFFECTED,
    REACTION,
    REACTS_TO_ATTACK,
    SET_BASE,
    TREASURE,
    VICTORY,
    Card,
    CardSet,
    Reacts,
    of_set,
)

# Codes for card text the engine resolves with the card's own function (sim.engine.base_set).
SP_NONE = 0
SP_CELLAR = 1
SP_MERCHANT = 2
SP_WORKSHOP = 3
SP_MILITIA = 4
SP_REMODEL = 5
SP_MINE = 6
SP_MOAT = 7  # +2 Cards from the table; the reaction is handled by attacks
SP_WITCH = 8
SP_COUNCIL_ROOM = 9
SP_GARDENS = 10  # scoring only
SP_MONEYLENDER = 11
SP_CHAPEL = 12
SP_HARBINGER = 13
SP_VASSAL = 14
SP_BUREAUCRAT = 15
SP_POACHER = 16
SP_THRONE_ROOM = 17
SP_BANDIT = 18
SP_LIBRARY = 19
SP_SENTRY = 20
SP_ARTISAN = 21


_A, _T, _V = ACTION, TREASURE, VICTORY
BASE_CARDS: tuple[Card, ...] = of_set(SET_BASE, (
    # Basic supply.
    Card(0, "Copper", 0, _T, coins=1, text="$1"),
    Card(1, "Silver", 3, _T, coins=2, text="$2"),
    Card(2, "Gold", 6, _T, coins=3, text="$3"),
    Card(3, "Estate", 2, _V, vp=1, text="1 VP"),
    Card(4, "Duchy", 5, _V, vp=3, text="3 VP"),
    Card(5, "Province", 8, _V, vp=6, text="6 VP"),
    Card(6, "Curse", 0, CURSE_TYPE, vp=-1, text="-1 VP"),
    # First Game kingdom (2nd edition).
    Card(7, "Cellar", 2, _A, actions=1, special=SP_CELLAR,
         text="+1 Action. Discard any number of cards, then draw that many."),
    Card(8, "Moat", 2, _A | REACTION, cards=2, special=SP_MOAT,
         text="+2 Cards. Reaction: reveal from hand when another player plays an Attack "
              "to be unaffected by it.",
         reacts=Reacts(REACTS_TO_ATTACK, 3, REACT_UNAFFECTED, asks="reveal_moat")),
    Card(9, "Village", 3, _A, cards=1, actions=2, text="+1 Card, +2 Actions."),
    Card(10, "Merchant", 3, _A, cards=1, actions=1, special=SP_MERCHANT,
         text="+1 Card, +1 Action. The first time you play a Silver this turn, +$1."),
    Card(11, "Workshop", 3, _A, special=SP_WORKSHOP, text="Gain a card costing up to $4."),
    Card(12, "Smithy", 4, _A, cards=3, text="+3 Cards."),
    Card(13, "Militia", 4, _A | ATTACK, coins=2, special=SP_MILITIA,
         text="+$2. Each other player discards down to 3 cards in hand."),
    Card(14, "Remodel", 4, _A, special=SP_REMODEL,
         text="Trash a card from your hand. Gain a card costing up to $2 more than it."),
    Card(15, "Market", 5, _A, cards=1, actions=1, buys=1, coins=1,
         text="+1 Card, +1 Action, +1 Buy, +$1."),
    Card(16, "Mine", 5, _A, special=SP_MINE,
         text="You may trash a Treasure from your hand. Gain a Treasure to your hand "
              "costing up to $3 more than it."),
    # More base-game (2nd edition) kingdom cards.
    Card(17, "Festival", 5, _A, actions=2, buys=1, coins=2, text="+2 Actions, +1 Buy, +$2."),
    Card(18, "Laboratory", 5, _A, cards=2, actions=1, text="+2 Cards, +1 Action."),
    Card(19, "Witch", 5, _A | ATTACK, cards=2, special=SP_WITCH,
         text="+2 Cards. Each other player gains a Curse."),
    Card(20, "Council Room", 5, _A, cards=4, buys=1, special=SP_COUNCIL_ROOM,
         text="+4 Cards, +1 Buy. Each other player draws a card."),
    Card(21, "Gardens", 4, _V, special=SP_GARDENS, vp_per_cards=10,
         text="Worth 1 VP per 10 cards you have (round down)."),
    Card(22, "Moneylender", 4, _A, special=SP_MONEYLENDER,
         text="You may trash a Copper from your hand for +$3."),
    Card(23, "Chapel", 2, _A, special=SP_CHAPEL, text="Trash up to 4 cards from your hand."),
    # The rest of the base game (2nd edition).
    Card(24, "Harbinger", 3, _A, cards=1, actions=1, special=SP_HARBINGER,
         text="+1 Card, +1 Action. Look through your discard pile. You may put a card from it "
              "onto your deck."),
    Card(25, "Vassal", 3, _A, coins=2, special=SP_VASSAL,
         text="+$2. Discard the top card of your deck. If it's an Action card, you may play it."),
    Card(26, "Bureaucrat", 4, _A | ATTACK, face_up=("deck",), special=SP_BUREAUCRAT,
         text="Gain a Silver onto your deck. Each other player reveals a Victory card from their "
              "hand and puts it onto their deck (or reveals a hand with no Victory cards)."),
    Card(27, "Poacher", 4, _A, cards=1, actions=1, coins=1, special=SP_POACHER,
         text="+1 Card, +1 Action, +$1. Discard a card per empty Supply pile."),
    Card(28, "Throne Room", 4, _A, special=SP_THRONE_ROOM,
         text="You may play an Action card from your hand twice."),
    Card(29, "Bandit", 5, _A | ATTACK, special=SP_BANDIT,
         text="Gain a Gold. Each other player reveals the top 2 cards of their deck, trashes a "
              "revealed Treasure other than Copper, and discards the rest."),
    Card(30, "Library", 5, _A, face_up=("aside",), special=SP_LIBRARY,
         text="Draw until you have 7 cards in hand, skipping any Action cards you choose to; "
              "set those aside, discarding them afterwards."),
    Card(31, "Sentry", 5, _A, cards=1, actions=1, special=SP_SENTRY,
         text="+1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or discard "
              "any number of them. Put the rest back on top in any order."),
    Card(32, "Artisan", 6, _A, special=SP_ARTISAN,
         text="Gain a card to your hand costing up to $5. Put a card from your hand onto your "
              "deck."),
))

COPPER, SILVER, GOLD, ESTATE, DUCHY, PROVINCE, CURSE = range(7)
(CELLAR, MOAT, VILLAGE, MERCHANT, WORKSHOP, SMITHY, MILITIA, REMODEL, MARKET,
 MINE, FESTIVAL, LABORATORY, WITCH, COUNCIL_ROOM, GARDENS, MONEYLENDER, CHAPEL) = range(7, 24)
(HARBINGER, VASSAL, BUREAUCRAT, POACHER, THRONE_ROOM, BANDIT, LIBRARY, SENTRY,
 ARTISAN) = range(24, 33)
FIRST_GAME = (CELLAR, MOAT, VILLAGE, MERCHANT, WORKSHOP, SMITHY, MILITIA, REMODEL, MARKET, MINE)

# ----------------------------------------------------------------------------- decisions
# The questions the texts above ask, with their rule bots' default answers
# (sim.cards.decisions; sim.engine.codes numbers them in its own order).

REVEAL_MOAT = Decision(
    "reveal Moat", "reveal_moat",
    asked=ASK_OTHER, answer=ANS_YES_NO, default=DEF_REVEAL, card=MOAT,
    text="Do you reveal Moat (or a card with its abilities) to be unaffected by the attack?")
CELLAR_DISCARD = Decision(
    "discard to Cellar", "cellar_discard",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_ALWAYS, default=DEF_CELLAR_LIST,
    card=CELLAR,
    text="Which card from your hand do you discard to Cellar? None stops discarding.")
REMODEL_TRASH = Decision(
    "trash with Remodel", "remodel_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_TRASH_FOR_GAIN, card=REMODEL, default_list="remodel", default_arg=2,
    text="Which card from your hand do you trash with Remodel?")
REMODEL_GAIN = Decision(
    "gain with Remodel", "remodel_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, limit=LIM_ARG,
    none=NONE_IF_EMPTY, default=DEF_GAIN_PAIRED, card=REMODEL,
    text="Which card costing up to arg do you gain with Remodel?")
MINE_TRASH = Decision(
    "trash with Mine", "mine_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, types=TREASURE,
    none=NONE_ALWAYS, default=DEF_MINE_TRASH, card=MINE,
    text="Which Treasure from your hand do you trash with Mine, if any?")
MINE_GAIN = Decision(
    "gain with Mine", "mine_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, types=TREASURE, limit=LIM_ARG,
    none=NONE_IF_EMPTY, default=DEF_GAIN_PAIRED, card=MINE,
    text="Which Treasure costing up to arg do you gain to your hand?")
WORKSHOP_GAIN = Decision(
    "gain with Workshop", "workshop_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, limit=LIM_ARG,
    none=NONE_IF_EMPTY, default=DEF_GAIN, card=WORKSHOP,
    text="Which card costing up to arg do you gain with Workshop?")
CHAPEL_TRASH = Decision(
    "trash with Chapel", "chapel_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_ALWAYS, default=DEF_TRASH_JUNK,
    card=CHAPEL,
    text="Which card from your hand do you trash with Chapel (up to 4)? None stops.")
MONEYLENDER_TRASH = Decision(
    "trash a Copper with Moneylender", "moneylender_trash",
    asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_YES, card=MONEYLENDER,
    text="Do you trash a Copper from your hand for +$3?")
HARBINGER_TOPDECK = Decision(
    "put a card back with Harbinger", "harbinger_topdeck",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_DISCARD,
    none=NONE_ALWAYS, default=DEF_TOPDECK_RANKED, card=HARBINGER,
    text="Which card from your discard pile do you put onto your deck, if any?")
VASSAL_PLAY = Decision(
    "play with Vassal", "vassal_play",
    asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_PLAY_IF_LISTED, card=VASSAL,
    text="Do you play the Action Vassal discarded (arg: the card)?")
BUREAUCRAT_TOPDECK = Decision(
    "put a Victory card back (Bureaucrat)", "bureaucrat_topdeck",
    asked=ASK_OTHER, answer=ANS_CARD, domain=DOM_HAND,
    types=VICTORY, none=NONE_IF_EMPTY, default=DEF_DISCARD_FIRST, card=BUREAUCRAT,
    text="Which Victory card from your hand do you put onto your deck?")
POACHER_DISCARD = Decision(
    "discard to Poacher", "poacher_discard",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY, default=DEF_DISCARD,
    card=POACHER,
    text="Which card from your hand do you discard to Poacher (arg: how many still)?")
THRONE_ROOM_PLAY = Decision(
    "play twice with Throne Room", "throne_room",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, types=ACTION,
    none=NONE_ALWAYS, default=DEF_PLAY, card=THRONE_ROOM,
    text="Which Action from your hand do you play twice, if any?")
BANDIT_TRASH = Decision(
    "trash to Bandit", "bandit_trash",
    asked=ASK_OTHER, answer=ANS_CARD, domain=DOM_ASIDE, types=TREASURE,
    exclude=COPPER, none=NONE_IF_EMPTY, default=DEF_CHEAPEST, card=BANDIT,
    text="Which revealed Treasure other than Copper do you trash?")
LIBRARY_SET_ASIDE = Decision(
    "set aside with Library", "library_set_aside",
    asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_SKIP_ACTION, card=LIBRARY,
    text="Do you set aside the Action you just drew (arg: the card) instead of keeping it?")
SENTRY_TRASH = Decision(
    "trash with Sentry", "sentry_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_ASIDE, none=NONE_ALWAYS, default=DEF_TRASH_JUNK,
    card=SENTRY,
    text="Which looked-at card do you trash? None stops trashing.")
SENTRY_DISCARD = Decision(
    "discard with Sentry", "sentry_discard",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_ASIDE, none=NONE_ALWAYS, default=DEF_SENTRY_LIST,
    card=SENTRY,
    text="Which looked-at card do you discard? None stops discarding.")
SENTRY_TOP = Decision(
    "order the cards Sentry puts back", "sentry_top",
    asked=ASK_TURN, answer=ANS_ORDER, domain=DOM_ASIDE,
    none=NONE_IF_EMPTY, default=DEF_TOPDECK_LOOKED, card=SENTRY,
    text="Of the two cards going back, which goes on top (drawn first)?")
ARTISAN_GAIN = Decision(
    "gain with Artisan", "artisan_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, limit=LIM_ARG,
    none=NONE_IF_EMPTY, default=DEF_GAIN, card=ARTISAN,
    text="Which card costing up to arg do you gain to your hand?")
ARTISAN_TOPDECK = Decision(
    "put a card back with Artisan", "artisan_topdeck",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_TOPDECK_FROM_HAND, card=ARTISAN,
    text="Which card from your hand do you put onto your deck?")


# The set as it joins the table (sim.cards.sets), with its questions in the order the
# table numbers them (sim.engine.codes; an order that never changes: a new question goes
# at the end).
CARD_SET = CardSet(SET_BASE, "base", BASE_CARDS, engine=("sim.engine.base_set",),
                   decisions=(REVEAL_MOAT, CELLAR_DISCARD, REMODEL_TRASH,
                              REMODEL_GAIN, MINE_TRASH, MINE_GAIN,
                              WORKSHOP_GAIN, CHAPEL_TRASH, MONEYLENDER_TRASH,
                              HARBINGER_TOPDECK, VASSAL_PLAY, BUREAUCRAT_TOPDECK,
                              POACHER_DISCARD, THRONE_ROOM_PLAY, BANDIT_TRASH,
                              LIBRARY_SET_ASIDE, SENTRY_TRASH, SENTRY_DISCARD,
                              SENTRY_TOP, ARTISAN_GAIN, ARTISAN_TOPDECK),
                   adventures_turn=False)
